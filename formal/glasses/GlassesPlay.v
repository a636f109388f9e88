(* Facts about the rules of the glasses (RulesGlasses.v) that every checker uses: turning the
   tray keeps glasses standing the same way; the rotations of a state; the states of N glasses
   and the grabs of K of them, listed; a strategy that wins within T turns wins within more;
   and tables indexed by glasses, for the checkers' lookups. *)
From mathcomp Require Import ssreflect ssrfun ssrbool eqtype ssrnat seq choice path div.
From CoinProofs Require Import Rules Coins RulesGlasses.

Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.

(* --- Turning the tray ------------------------------------------------------------------ *)

Lemma same_way_turn r s : same_way (turn r s) = same_way s.
Proof.
elim: r => //= r IH; rewrite -IH /same_way.
by rewrite !(eq_all_r (mem_rotr 1 (turn r s))).
Qed.

(* The N states the devil can turn the glasses s to. *)
Definition rotations (s : glasses) := [seq turn r s | r <- iota 0 (size s)].

Lemma rotationsP s x : reflect (exists2 r, r < size s & x = turn r s) (x \in rotations s).
Proof.
apply: (iffP mapP) => [[r] | [r lt_r ->]]; last by exists r; rewrite // mem_iota.
by rewrite mem_iota => /andP[_ lt_r] ->; exists r.
Qed.

Lemma turn_rotations r s : 0 < size s -> turn r s \in rotations s.
Proof.
by move=> s_gt0; apply/rotationsP; exists (r %% size s); [exact: ltn_pmod | exact: turn_mod].
Qed.

Lemma rotations_self s : 0 < size s -> s \in rotations s.
Proof. by move=> s_gt0; apply/rotationsP; exists 0. Qed.

Lemma rotations_sub r s : {subset rotations (turn r s) <= rotations s}.
Proof.
move=> x /rotationsP[a lt_a ->]; rewrite -turnD turn_rotations //.
by rewrite size_turn in lt_a; apply: leq_ltn_trans lt_a.
Qed.

(* Turning the glasses does not change where the devil can turn them. *)
Lemma rotations_turn r s : rotations (turn r s) =i rotations s.
Proof.
move=> x; apply/idP/idP; first exact: rotations_sub.
have [/size0nil -> | s_gt0] := posnP (size s); first by rewrite turn_nil.
have back : turn (size s - r %% size s) (turn r s) = s.
  by rewrite [turn r s]turn_mod turnK // ltnW // ltn_pmod.
by rewrite -{1}back; apply: rotations_sub.
Qed.

(* Two states that the devil can turn to a common state can be turned to each other. *)
Lemma rotations_common s x y :
  size x = size s -> y \in rotations s -> y \in rotations x -> x \in rotations s.
Proof.
move=> sz_x /rotationsP[a _ ->] /rotationsP[b lt_b turned].
have x_in : x \in rotations x by apply: rotations_self; case: (size x) lt_b.
by rewrite -(rotations_turn a) turned rotations_turn.
Qed.

(* --- Turning glasses over, feeling them ----------------------------------------------- *)

Lemma size_turn_over t s : size (turn_over t s) = size s.
Proof. by rewrite size_map size_iota. Qed.

Lemma nth_turn_over t s i : i < size s -> nth false (turn_over t s) i = nth false s i (+) (i \in t).
Proof. by move=> lt_i; rewrite (nth_map 0) ?size_iota // nth_iota. Qed.

Lemma eq_turn_over t1 t2 s : t1 =i t2 -> turn_over t1 s = turn_over t2 s.
Proof. by move=> same; apply: eq_map => i; rewrite same. Qed.

(* Turning over the glasses t is flipping with the mask of t (Rules.v's flip), which the
   checkers compute once for each t. *)
Definition mask_of (t : seq nat) n : glasses := [seq i \in t | i <- iota 0 n].

Lemma turn_over_flip t s : turn_over t s = flip s (mask_of t (size s)).
Proof.
apply: (@eq_from_nth _ false); rewrite ?size_turn_over ?size_flipl ?size_map ?size_iota //.
move=> i lt_i; rewrite nth_flip ?size_map ?size_iota // !(nth_map 0) ?size_iota //.
by rewrite !nth_iota.
Qed.

(* Hands on the positions g feel the same on two states: so do hands on fewer of them. *)
Lemma feel_sub h g s x : {subset h <= g} -> feel g s = feel g x -> feel h s = feel h x.
Proof.
move=> sub /eq_in_map same; apply/eq_in_map => p /sub; exact: same.
Qed.

(* --- Winning within more turns --------------------------------------------------------- *)

Lemma wins_from_same N K T t s : same_way s -> wins_from N K T t s.
Proof. by case: T => [|T] same; left. Qed.

Lemma wins_from_mono N K T T' t s : T <= T' -> wins_from N K T t s -> wins_from N K T' t s.
Proof.
elim: T T' t s => [|T IH] [|T'] t s //= le_T; try by case=> [? | []]; left.
case=> [same | play]; first by left.
right; case: t play => //= h what next [sz uniq_h in_h in_what after].
by split=> // r lt_r; apply: IH (after r lt_r).
Qed.

(* With two glasses or more, some start is not won. *)
Lemma no_win0 N K t : 1 < N -> ~ tree_wins N K 0 t.
Proof.
move=> lt_1N /(_ (true :: nseq N.-1 false)) /=; rewrite size_nseq prednK ?(ltnW lt_1N) //.
move=> /(_ erefl) [|[]].
by rewrite /same_way /= all_nseq orbF; case: N lt_1N => [|[]].
Qed.

(* --- The states of N glasses, the grabs of K hands ------------------------------------- *)

(* All N glasses, in the kernel's order (as numbers, position 0 the least significant bit). *)
Fixpoint all_glasses n : seq glasses :=
  if n is n'.+1 then flatten [seq [:: false :: s; true :: s] | s <- all_glasses n']
  else [:: [::]].

Lemma mem_all_glasses n s : (s \in all_glasses n) = (size s == n).
Proof.
elim: n s => [|n IH] s; first by case: s.
apply/flatten_mapP/idP => [[x] | sz_s].
  by rewrite IH !inE => sz_x /orP[] /eqP -> /=.
case: s sz_s => [// | c y sz_y]; exists y; first by rewrite IH.
by rewrite !inE; case: c sz_y => _; rewrite eqxx ?orbT.
Qed.

(* The sets of K positions among 0..N-1, each once, in increasing order. *)
Definition grabs N K : seq (seq nat) :=
  [seq mask m (iota 0 N) | m <- all_glasses N & count id m == K].

Lemma grabs_in N K g : g \in grabs N K -> all (fun i => i < N) g.
Proof.
case/mapP=> m _ ->; apply/allP=> i /mem_mask.
by rewrite mem_iota.
Qed.

(* The positions named by h, in increasing order. *)
Definition grab_of N (h : seq nat) := [seq i <- iota 0 N | i \in h].

Lemma grab_ofE N h : all (fun i => i < N) h -> grab_of N h =i h.
Proof.
move=> /allP in_h i; rewrite mem_filter mem_iota /=.
by case: (boolP (i \in h)) => //= /in_h ->.
Qed.

Lemma grab_of_grabs N K h :
  size h = K -> uniq h -> all (fun i => i < N) h -> grab_of N h \in grabs N K.
Proof.
move=> sz_h uniq_h in_h; rewrite /grab_of filter_mask; apply: map_f.
rewrite mem_filter mem_all_glasses size_map size_iota eqxx andbT count_map -size_filter -sz_h.
apply/eqP/perm_size/uniq_perm; rewrite ?filter_uniq ?iota_uniq // => i.
by rewrite mem_filter mem_iota /=; case: (boolP (i \in h)) => //= /(allP in_h).
Qed.

(* The glasses the hands on g may turn over: each subset of g. *)
Definition choices (g : seq nat) := [seq mask m g | m <- all_glasses (size g)].

Definition choice_of (g t : seq nat) := [seq i <- g | i \in t].

Lemma choice_of_choices g t : choice_of g t \in choices g.
Proof.
by rewrite /choice_of filter_mask; apply: map_f; rewrite mem_all_glasses size_map.
Qed.

Lemma turn_over_choice g t s :
  {subset t <= g} -> turn_over (choice_of g t) s = turn_over t s.
Proof.
move=> sub; apply: eq_turn_over => i; rewrite mem_filter.
by case: (boolP (i \in t)) => [/sub -> | _].
Qed.

(* --- Tables indexed by glasses (or by what hands feel) --------------------------------- *)

Inductive trie A := Tip of A | Branch of trie A & trie A.

Fixpoint trie_get A (tb : trie A) (s : seq bool) : A :=
  match tb, s with
  | Tip a, _ => a
  | Branch l r, b :: s' => trie_get (if b then r else l) s'
  | Branch l _, [::] => trie_get l [::]
  end.

Fixpoint trie_of A n (f : seq bool -> A) : trie A :=
  if n is n'.+1 then Branch (trie_of n' (fun s => f (false :: s)))
                          (trie_of n' (fun s => f (true :: s)))
  else Tip (f [::]).

Lemma trie_get_of A n (f : seq bool -> A) s : size s = n -> trie_get (trie_of n f) s = f s.
Proof.
elim: n f s => [|n IH] f [|b s] //= [sz_s].
by case: b; rewrite IH.
Qed.

(* Whatever it is asked, a table answers with one of its entries. *)
Lemma trie_get_image A n (f : seq bool -> A) s : exists s', trie_get (trie_of n f) s = f s'.
Proof.
elim: n f s => [|n IH] f s; first by exists [::].
case: s => [|[] s] /=.
- by have [s' ->] := IH (fun s => f (false :: s)) [::]; exists (false :: s').
- by have [s' ->] := IH (fun s => f (true :: s)) s; exists (true :: s').
by have [s' ->] := IH (fun s => f (false :: s)) s; exists (false :: s').
Qed.
