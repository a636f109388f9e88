(* The devil's orbits on a table, computed as the kernel computes them
   (coinproofs/verify/table.py, "Beliefs over orbits"): every state of the table, in the
   kernel's order; values indexed by states (a statemap); the least member of each state's orbit,
   by minimising over the generators until nothing changes; the orbits numbered by their least
   members, every goal state merged into orbit 0.

   [orbits_ok T] checks what the proofs need: the generators are permutations of the
   positions, each has an inverse word (a power of it), and the least members are settled.
   Then two states that are not the goal have one orbit number exactly when the devil can turn
   one into the other (orbit_rearranges), and every orbit number below [orbit_count T] is some
   state's (orbit_state). The evidence of the certificates is written with these numbers. *)
From mathcomp Require Import ssreflect ssrfun ssrbool eqtype ssrnat seq.
From Coq Require Import NArith.
From CoinProofs Require Import Dials TablePlay.

Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.

Implicit Types (T : table) (s x y m : dials) (w : seq (seq nat)) (p : seq nat) (n q : nat).

(* --- Every state, and the kernel's numbers ------------------------------------------------ *)

(* The states of n dials mod q, in the kernel's order: by the number of base q whose digit i
   is the dial at position i. *)
Fixpoint all_dials q n : seq dials :=
  if n is n'.+1 then [seq d :: s | s <- all_dials q n', d <- iota 0 q] else [:: [::]].

Definition all_states T := all_dials (states T) (positions T).

Lemma mem_all_dials q n s : (s \in all_dials q n) = dstate q n s.
Proof.
elim: n s => [|n IH] s; first by case: s.
apply/allpairsP/idP => [[[s' d] /= [s'_in d_in ->]] | ].
  by move: s'_in d_in; rewrite IH mem_iota /dstate /= eqSS => /andP[-> ->] ->.
case: s => // d s; rewrite /dstate /= eqSS => /andP[sz /andP[lt_d small]].
by exists (s, d); rewrite IH /dstate sz small mem_iota.
Qed.

Lemma uniq_all_dials q n : uniq (all_dials q n).
Proof.
elim: n => //= n IH; rewrite allpairs_uniq ?iota_uniq //.
by move=> [s d] [s' d'] _ _ /= [-> ->].
Qed.

Lemma mem_all_states T s : (s \in all_states T) = dstate (states T) (positions T) s.
Proof. exact: mem_all_dials. Qed.

(* The kernel's number of a state, and its state of a number (which reads the evidence of a
   certificate: whatever it decodes, the checkers check). *)
Definition value q (s : dials) : N := foldr (fun d v => N.of_nat d + N.of_nat q * v)%num 0%num s.

Fixpoint state_of q n (x : N) : dials :=
  if n is n'.+1 then N.to_nat (x mod N.of_nat q) :: state_of q n' (x / N.of_nat q) else [::].

(* --- Values indexed by states -------------------------------------------------------------- *)

(* A value for each state of n dials mod q: a node has one subtree for each value of the dial
   at the next position. *)
Inductive statemap (A : Type) := SLeaf of A | SNode of seq (statemap A).
Arguments SLeaf {A}.
Arguments SNode {A}.

Fixpoint tget A (d : A) (t : statemap A) (s : dials) {struct s} : A :=
  match s with
  | [::] => if t is SLeaf a then a else d
  | i :: s' => if t is SNode ts then tget d (nth (SLeaf d) ts i) s' else d
  end.

Fixpoint tbuild A q n (f : dials -> A) : statemap A :=
  if n is n'.+1 then SNode [seq tbuild q n' (fun s => f (i :: s)) | i <- iota 0 q]
  else SLeaf (f [::]).

Lemma tget_build A (d : A) q n f s : dstate q n s -> tget d (tbuild q n f) s = f s.
Proof.
elim: n f s => [|n IH] f [|i s] //=; rewrite /dstate /= eqSS => /andP[sz /andP[lt_i small]].
by rewrite (nth_map 0) ?size_iota // nth_iota // IH // /dstate sz.
Qed.

(* --- The least member of each orbit ------------------------------------------------------- *)

Definition lookup (tab : statemap dials) s := tget [::] tab s.

Definition lesser q s t := if (value q t <? value q s)%num then t else s.

Lemma foldl_lesser q c cs : foldl (lesser q) c cs \in c :: cs.
Proof.
elim: cs c => [|c' cs IH] c /=; first exact: mem_head.
rewrite /lesser; case: ifP => _; first by rewrite inE IH orbT.
by have := IH c; rewrite !inE => /orP[-> | ->]; rewrite ?orbT.
Qed.

(* Each state's least known member of its orbit, compared with those of its images. *)
Definition least_round T (tab : statemap dials) : statemap dials :=
  tbuild (states T) (positions T) (fun s =>
    foldl (lesser (states T)) (lookup tab s) [seq lookup tab (permute p s) | p <- generators T]).

Definition settled T tab :=
  all (fun s => all (fun p => lookup tab (permute p s) == lookup tab s) (generators T))
      (all_states T).

Fixpoint settle T fuel tab :=
  if fuel is k.+1 then if settled T tab then tab else settle T k (least_round T tab) else tab.

Definition least_table T :=
  settle T (size (all_states T)) (tbuild (states T) (positions T) id).

(* --- Inverse words ------------------------------------------------------------------------ *)

(* The order k of the permutation p of 0..n-1 (p^k is the identity; at most 2^n), found by
   applying it (0 if not found). *)
Fixpoint order_from n p fuel k (x : seq nat) :=
  if x == iota 0 n then k else if fuel is f.+1 then order_from n p f k.+1 (permute p x) else 0.

(* p^-1 = p^(k-1): as a word, k - 1 copies of p. *)
Definition back n p := nseq (order_from n p (2 ^ n) 1 (permute p (iota 0 n))).-1 p.

Definition inverses T :=
  all (fun p => rearrange (p :: back (positions T) p) (iota 0 (positions T)) ==
                iota 0 (positions T)) (generators T).

(* What the proofs need to know of a table, checked. *)
Definition orbits_ok T := [&& 0 < states T, perms T, inverses T & settled T (least_table T)].

(* --- Orbits ---------------------------------------------------------------------------------- *)

(* The devil can turn x into y. *)
Definition rearranges T x y := exists2 w, word T w & rearrange w x = y.

(* The orbit numbers: 0 for the goal states, i + 1 for the orbit whose least member is the
   i-th of [orbit_reps]. *)
Definition orbit_reps T tab :=
  [seq s <- all_states T | ~~ reached (goal_of T) s & lookup tab s == s].

Definition orbit_number T tab reps s :=
  if reached (goal_of T) s then 0 else (index (lookup tab s) reps).+1.

Definition orbit_tree T :=
  let tab := least_table T in
  tbuild (states T) (positions T) (orbit_number T tab (orbit_reps T tab)).

Definition orbit T s := tget 0 (orbit_tree T) s.

Definition orbit_count T := (size (orbit_reps T (least_table T))).+1.

(* One move for each orbit of moves: the least members (the goal states too). *)
Definition move_reps T :=
  let tab := least_table T in [seq s <- all_states T | lookup tab s == s].

Section Orbits.

Variable T : table.
Variable ok : orbits_ok T.

Local Notation q := (states T).
Local Notation n := (positions T).
Local Notation tab := (least_table T).
Local Notation dstate := (dstate (states T) (positions T)).

Lemma q_gt0 : 0 < q. Proof. by case/and4P: ok. Qed.
Lemma gens_perm : perms T. Proof. by case/and4P: ok. Qed.

Lemma rearranges_refl x : rearranges T x x. Proof. by exists [::]. Qed.

Lemma rearranges_trans x y z : rearranges T x y -> rearranges T y z -> rearranges T x z.
Proof.
case=> w1 w1_ok <- [w2 w2_ok <-]; exists (w1 ++ w2); first by rewrite word_cat w1_ok.
by rewrite rearrange_cat.
Qed.

Lemma rearranges_permute p x : p \in generators T -> rearranges T x (permute p x).
Proof. by move=> p_in; exists [:: p]; rewrite /word /= ?p_in. Qed.

Lemma dstate_rearranges x y : dstate x -> rearranges T x y -> dstate y.
Proof.
by move=> x_ok [w w_ok <-]; apply: dstate_rearrange x_ok; apply: perm_of_word gens_perm w_ok _.
Qed.

Lemma reached_rearranges x y : dstate x -> rearranges T x y ->
  reached (goal_of T) y = reached (goal_of T) x.
Proof.
move=> /andP[/eqP sz_x _] [w w_ok <-]; apply: reached_rearrange.
by apply: perm_of_word gens_perm w_ok _; rewrite sz_x.
Qed.

Lemma back_word p : p \in generators T -> word T (back n p).
Proof. by move=> p_in; apply/allP => p'; rewrite mem_nseq => /andP[_ /eqP ->]. Qed.

Lemma rearrange_back p x : p \in generators T -> size x = n ->
  rearrange (back n p) (permute p x) = x.
Proof.
move=> p_in sz_x; have /and4P[_ _ /allP inv _] := ok; have /eqP /= same := inv p p_in.
have w_ok : word T (p :: back n p) by rewrite /word /= p_in; apply: back_word.
have perm_w : all (perm_of (size x)) (p :: back n p).
  by apply: perm_of_word gens_perm w_ok _; rewrite sz_x.
have := rearrange_positions perm_w; rewrite /= => ->.
by rewrite sz_x same -sz_x -/(mkseq _ _) mkseq_nth.
Qed.

(* The word that undoes w. *)
Fixpoint unword w := if w is p :: w' then unword w' ++ back n p else [::].

Lemma unword_word w : word T w -> word T (unword w).
Proof.
by elim: w => //= p w IH /andP[p_in w_ok]; rewrite word_cat IH // back_word.
Qed.

Lemma rearrange_unword w x : word T w -> size x = n -> rearrange (unword w) (rearrange w x) = x.
Proof.
elim: w x => //= p w IH x /andP[p_in w_ok] sz_x.
by rewrite rearrange_cat IH ?size_permute // rearrange_back.
Qed.

(* So the word w undoes unword w too: both equal unword (unword w) after unword w. *)
Lemma rearrange_unword_r w x : word T w -> size x = n -> rearrange w (rearrange (unword w) x) = x.
Proof.
move=> w_ok sz_x; have u_ok := unword_word w_ok.
have back y : size y = n -> rearrange (unword (unword w)) (rearrange (unword w) y) = y.
  exact: rearrange_unword u_ok.
by rewrite -[LHS]back ?size_rearrange // (rearrange_unword w_ok) ?size_rearrange // back.
Qed.

Lemma rearranges_sym x y : dstate x -> rearranges T x y -> rearranges T y x.
Proof.
move=> /andP[/eqP sz_x _] [w w_ok <-]; exists (unword w); first exact: unword_word.
exact: rearrange_unword.
Qed.

(* The least table: each state reaches its entry, and the entries are settled. *)
Lemma rearranges_settle fuel t : (forall x, dstate x -> rearranges T x (lookup t x)) ->
  forall x, dstate x -> rearranges T x (lookup (settle T fuel t) x).
Proof.
elim: fuel t => //= k IH t rearranges_t; case: (settled T t) => //; apply: IH => x x_ok.
rewrite /lookup tget_build // -/(lookup t x).
have := foldl_lesser q (lookup t x) [seq lookup t (permute p x) | p <- generators T].
rewrite inE => /predU1P[-> | /mapP[p p_in ->]]; first exact: rearranges_t.
apply: rearranges_trans (rearranges_permute x p_in) (rearranges_t _ _).
exact: dstate_rearranges x_ok (rearranges_permute x p_in).
Qed.

Lemma rearranges_least x : dstate x -> rearranges T x (lookup tab x).
Proof.
by apply: rearranges_settle => y y_ok; rewrite /lookup tget_build //; apply: rearranges_refl.
Qed.

Lemma least_permute p x : p \in generators T -> dstate x ->
  lookup tab (permute p x) = lookup tab x.
Proof.
move=> p_in x_ok; have x_in : x \in all_states T by rewrite mem_all_states.
have /and4P[_ _ _ /allP settled_tab] := ok.
by apply/eqP; apply: (allP (settled_tab x x_in)).
Qed.

Lemma least_rearrange w x : word T w -> dstate x -> lookup tab (rearrange w x) = lookup tab x.
Proof.
elim: w x => //= p w IH x /andP[p_in w_ok] x_ok.
rewrite IH ?least_permute //; exact: dstate_rearranges x_ok (rearranges_permute x p_in).
Qed.

Lemma least_rearranges x y : dstate x -> rearranges T x y -> lookup tab y = lookup tab x.
Proof. by move=> x_ok [w w_ok <-]; apply: least_rearrange. Qed.

Lemma least_eqP x y : dstate x -> dstate y ->
  reflect (rearranges T x y) (lookup tab x == lookup tab y).
Proof.
move=> x_ok y_ok; apply: (iffP eqP) => [same | /(least_rearranges x_ok) -> //].
apply: rearranges_trans (rearranges_least x_ok) _; rewrite same.
exact: rearranges_sym y_ok (rearranges_least y_ok).
Qed.

(* --- Orbit numbers --- *)

Local Notation reps := (orbit_reps T (least_table T)).

Lemma orbit_numberE x : dstate x -> orbit T x = orbit_number T tab reps x.
Proof. exact: tget_build. Qed.

Lemma dstate_least x : dstate x -> dstate (lookup tab x).
Proof. by move=> x_ok; apply: dstate_rearranges x_ok (rearranges_least x_ok). Qed.

Lemma least_idem x : dstate x -> lookup tab (lookup tab x) = lookup tab x.
Proof. by move=> x_ok; apply: least_rearranges x_ok (rearranges_least x_ok). Qed.

Lemma least_in_reps x : dstate x -> ~~ reached (goal_of T) x -> lookup tab x \in reps.
Proof.
move=> x_ok not_goal; rewrite mem_filter mem_all_states dstate_least // least_idem // eqxx.
by rewrite (reached_rearranges x_ok (rearranges_least x_ok)) not_goal.
Qed.

Lemma orbit_rearrange w x : word T w -> dstate x -> orbit T (rearrange w x) = orbit T x.
Proof.
move=> w_ok x_ok; have rearranges_wx : rearranges T x (rearrange w x) by exists w.
rewrite !orbit_numberE ?(dstate_rearranges x_ok rearranges_wx) // /orbit_number least_rearrange //.
by rewrite (reached_rearranges x_ok rearranges_wx).
Qed.

Lemma orbit_eq0 x : dstate x -> (orbit T x == 0) = reached (goal_of T) x.
Proof. by move=> x_ok; rewrite orbit_numberE // /orbit_number; case: ifP. Qed.

Lemma orbit_lt x : dstate x -> orbit T x < orbit_count T.
Proof.
move=> x_ok; rewrite orbit_numberE // /orbit_number; case: ifPn => // not_goal.
by rewrite ltnS index_mem least_in_reps.
Qed.

(* Two states, not the goal, have one orbit number iff the devil turns one into the other. *)
Lemma orbit_rearranges x y : dstate x -> dstate y -> ~~ reached (goal_of T) x ->
  reflect (rearranges T x y) (orbit T x == orbit T y).
Proof.
move=> x_ok y_ok not_goal; apply: (iffP eqP) => [same | rearranges_xy]; last first.
  by case: rearranges_xy => w w_ok <-; rewrite orbit_rearrange.
have not_goal_y : ~~ reached (goal_of T) y.
  by rewrite -orbit_eq0 // -same orbit_eq0.
move: same; rewrite !orbit_numberE // /orbit_number (negPf not_goal) (negPf not_goal_y) => -[same].
apply/least_eqP => //; apply/eqP.
by rewrite -(nth_index [::] (least_in_reps x_ok not_goal)) same nth_index ?least_in_reps.
Qed.

Lemma uniq_reps : uniq reps.
Proof. exact/filter_uniq/uniq_all_dials. Qed.

Lemma orbit_state j : j < orbit_count T -> exists2 x, dstate x & orbit T x = j.
Proof.
case: j => [_ | i lt_i].
  have zeros_ok : dstate (zeros n) by rewrite /dstate size_nseq eqxx all_nseq q_gt0 orbT.
  exists (zeros n) => //; apply/eqP; rewrite orbit_eq0 //.
  case: (goal_of T); rewrite /= ?all_nseq ?orbT //.
  by case: (n) => //= k; rewrite all_nseq eqxx orbT.
have r_in : nth [::] reps i \in reps by rewrite mem_nth.
move: (r_in); rewrite mem_filter mem_all_states => /andP[/andP[not_goal /eqP least_r] r_ok].
exists (nth [::] reps i) => //; rewrite orbit_numberE // /orbit_number (negPf not_goal) least_r.
by rewrite index_uniq ?uniq_reps.
Qed.

(* Every move reaches its orbit's least member, one of [move_reps]. *)
Lemma least_move m : dstate m -> lookup tab m \in move_reps T.
Proof. by move=> m_ok; rewrite mem_filter least_idem // eqxx mem_all_states dstate_least. Qed.

End Orbits.

Arguments dstate_rearranges [T] ok [x y].
Arguments reached_rearranges [T] ok [x y].
Arguments rearranges_sym [T] ok [x y].
