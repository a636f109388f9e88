(* The set semantics that the kernel simulates (coinproofs/verify/table.py, "Exact simulation
   of a strategy"), and a checker that computes it.

   The kernel keeps V, the set of states the game may be in, closed under turns. The unfinished
   states after the move m are the union over the turns m' of m of V XOR m', less all heads
   ([after]); a strategy wins iff this set, started from every state but all heads, is empty
   after the last move (Theorem wins_unfinished). [after_closure] says why: [after] is exactly
   the set of states that the move can lead to, closed under turns. [winsb] computes the same
   sets as trees of 2^N leaves, and Theorem winsP says it decides [wins]. *)
From mathcomp Require Import ssreflect ssrfun ssrbool eqtype ssrnat seq choice path div.
From CoinProofs Require Import Rules Coins Play.
From CoinProofs Require Export RulesBeliefs.

Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.

Implicit Types (m x y : coins) (ms : seq coins) (n r : nat) (V : coins -> Prop).

(* orbits, after, start and unfinished are RulesBeliefs.v's. *)

Lemma orbits_start n : orbits n (start n).
Proof.
split=> [x [] | x [] | r x [sz_x not_heads]] //.
by split; [rewrite size_turn | apply: turn_neq_heads].
Qed.

(* The states the move m can lead to from V, turned by the devil, are [after]. *)
Lemma after_closure n V m y : orbits n V -> size m = n ->
  after n V m y <-> y <> heads n /\
                    exists x r r', V x /\ y = turn r' (flip (turn r x) m).
Proof.
case=> sz_V _ closed sz_m.
split=> [[sz_y not_heads [r Vx]] | [not_heads [x [r [r' [Vx eq_y]]]]]].
  split=> //; have [r0 back] := turn_back n r.
  exists (flip y (turn r m)), r0, r; split=> //.
  have sz_x := sz_V _ Vx; have [_ forth] := back _ sz_x.
  rewrite turn_flip ?size_turn ?sz_x ?sz_m // forth flipK //.
  by rewrite size_turn sz_m -sz_y.
have sz_x := sz_V _ Vx; subst y.
split=> //; first by rewrite size_turn size_step ?size_turn ?sz_x.
exists r'; rewrite turn_flip ?size_turn ?sz_x ?sz_m // flipK ?size_turn ?sz_x ?sz_m //.
by rewrite -turnD; apply: closed.
Qed.

Lemma orbits_after n V m : orbits n V -> size m = n -> orbits n (after n V m).
Proof.
move=> orbV sz_m; split=> [y [] | y [] | r0 y [sz_y not_heads [r Vy]]] //.
split; [by rewrite size_turn | exact: turn_neq_heads | ].
case: orbV => sz_V _ closed.
exists (r0 + r); rewrite turnD -turn_flip ?size_turn ?sz_y ?sz_m //.
exact: closed.
Qed.

Lemma orbits_unfinished n ms : moves n ms -> orbits n (unfinished n ms).
Proof.
rewrite /unfinished; elim: ms (start n) (orbits_start n) => [|m ms IH] V orbV //=.
by case/andP=> /eqP sz_m sized; apply: IH sized; apply: orbits_after.
Qed.

(* Wins from every state of V iff nothing is left at the end. *)
Lemma winning_after n V ms : orbits n V -> moves n ms ->
  (forall x, V x -> winning x ms) <-> (forall y, ~ foldl (after n) V ms y).
Proof.
elim: ms V => [|m ms IH] V orbV sized /=.
  case: orbV => sz_V not_heads _; split=> [win y Vy | none x Vx]; last by case: (none x).
  by case: (win y Vy) => // heads_y; apply: (not_heads y Vy); rewrite heads_y sz_V.
case/andP: sized => /eqP sz_m sized; rewrite -IH //; last exact: orbits_after.
case: (orbV) => sz_V not_heads closed; split=> [win y | win x Vx].
  case/(after_closure y orbV sz_m)=> y_not_heads [x [r [r' [Vx ->]]]].
  apply: winning_turn; case: (win x Vx) => [heads_x | ]; last exact.
  by case: (not_heads x Vx); rewrite heads_x sz_V.
right=> r; set y := flip _ m; have sz_x := sz_V x Vx.
have sz_y : size y = n by rewrite /y size_step sz_x // sz_m.
have [heads_y | y_not_heads] := eqVneq y (heads n).
  by apply: winning_heads; rewrite sz_y.
apply: win; split=> //; first exact/eqP.
by exists 0; rewrite flipK ?size_turn ?sz_m ?sz_x //; apply: closed.
Qed.

Theorem wins_unfinished n ms : all (fun m => size m == n) ms ->
  (wins n ms <-> forall y, ~ unfinished n ms y).
Proof.
move=> sized; rewrite -winning_after //; last exact: orbits_start; split.
  by case/winsE=> _ win x [sz_x _]; apply: win.
move=> win; apply/winsE; split=> // x sz_x.
have [heads_x | not_heads] := eqVneq x (heads n).
  by apply: winning_heads; rewrite sz_x.
by apply: win; split=> //; apply/eqP.
Qed.

(* --- The checker ------------------------------------------------------------------------- *)

(* A set of states of n coins as a complete binary tree of depth n: at depth i, the left
   subtree holds the states whose coin i shows heads, the right those with tails. *)
Inductive tree := Leaf of bool | Node of tree & tree.

Fixpoint tmem (t : tree) y : bool :=
  match t, y with
  | Leaf b, [::] => b
  | Node l r, c :: y' => tmem (if c then r else l) y'
  | _, _ => false
  end.

(* The set of the states of n coins that satisfy f. *)
Fixpoint build n (f : coins -> bool) : tree :=
  if n is n'.+1 then Node (build n' (fun y => f (false :: y))) (build n' (fun y => f (true :: y)))
  else Leaf (f [::]).

Fixpoint tempty (t : tree) : bool :=
  match t with Leaf b => ~~ b | Node l r => tempty l && tempty r end.

(* [after] on trees: the devil's n turns of m are all the turns there are (turn_mod). *)
Definition tafter n t m :=
  let turns := [seq turn r m | r <- iota 0 n] in
  build n (fun y => (y != heads n) && has (fun m' => tmem t (flip y m')) turns).

Definition winsb n ms :=
  moves n ms && tempty (foldl (tafter n) (build n (fun y => y != heads n)) ms).

Lemma tmem_build n f y : tmem (build n f) y = (size y == n) && f y.
Proof.
by elim: n f y => [|n IH] f [|[] y] //=; rewrite IH.
Qed.

(* A member of a tree that is not empty. *)
Fixpoint member (t : tree) : coins :=
  match t with
  | Leaf _ => [::]
  | Node l r => if tempty l then true :: member r else false :: member l
  end.

Lemma temptyP t : reflect (forall y, ~~ tmem t y) (tempty t).
Proof.
apply: (iffP idP) => [|none].
  by elim: t => [b | l IHl r IHr] /= => [b_false [|c y] | /andP[/IHl el /IHr er] [|[] y]].
elim: t none => [b | l IHl r IHr] none /=; first exact: none [::].
apply/andP; split; [apply: IHl => y | apply: IHr => y].
  exact: none (false :: y).
exact: none (true :: y).
Qed.

Lemma tmem_tafter n t m y : size m = n ->
  tmem (tafter n t m) y <-> after n (tmem t) m y.
Proof.
move=> sz_m; rewrite tmem_build; split.
  case/and3P=> /eqP sz_y /eqP not_heads /hasP[_ /mapP[r _ ->] in_t].
  by split=> //; exists r.
case=> sz_y not_heads [r in_t]; rewrite sz_y eqxx /=; apply/andP; split; first exact/eqP.
have n_gt0 : 0 < n by case: n sz_m sz_y not_heads => // _ /size0nil -> /(_ erefl).
apply/hasP; exists (turn (r %% n) m); last by rewrite -sz_m -turn_mod.
by apply: map_f; rewrite mem_iota add0n ltn_pmod.
Qed.

Lemma tmem_foldl n t V ms : moves n ms -> (forall y, tmem t y <-> V y) ->
  forall y, tmem (foldl (tafter n) t ms) y <-> foldl (after n) V ms y.
Proof.
elim: ms t V => [|m ms IH] t V //= /andP[/eqP sz_m sized] same.
apply: IH => // y; rewrite tmem_tafter //.
by split=> -[sz_y not_heads [r in_t]]; split=> //; exists r; apply/same.
Qed.

Theorem winsP n ms : reflect (wins n ms) (winsb n ms).
Proof.
rewrite /winsb; have [sized | not_sized] := boolP (moves n ms); last first.
  by apply: ReflectF => -[sized]; case/negP: not_sized.
have same y : tmem (build n (fun y => y != heads n)) y <-> start n y.
  rewrite tmem_build /start; split=> [/andP[/eqP sz_y /eqP not_heads] // | [sz_y not_heads]].
  by rewrite sz_y eqxx; apply/eqP.
have mem := tmem_foldl sized same; rewrite /=.
apply: (iffP (temptyP _)) => [none | win y].
  by apply/(wins_unfinished sized) => y /mem in_t; case/negP: (none y).
by apply/negP => /mem; move: y; apply/(wins_unfinished sized).
Qed.
