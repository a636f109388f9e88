(* Playing the penny game: every position is winning or losing and not both (each move takes a
   penny, so play ends), a position is losing iff no move reaches a losing one (losingE), and
   nothing else satisfies these constraints, on any square of positions (unique_losing): the
   theorem behind penny.unique, for every M (solves_unique). *)
From mathcomp Require Import ssreflect ssrfun ssrbool eqtype ssrnat seq.
From Coq Require Import Lia.
From CoinProofs Require Import Claims RulesPenny.

Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.

Implicit Types (a k n x y M : nat) (p q : position) (g : play).

(* Linear arithmetic on MathComp's boolean comparisons: each one turned into Coq's, then lia. *)
Ltac ssr_lia :=
  repeat match goal with
  | H : is_true false |- _ => by []
  | H : is_true (_ && _) |- _ => case/andP: H => ? ?
  | H : is_true (_ || _) |- _ => case/orP: H => ?
  | H : is_true (~~ (_ && _)) |- _ => rewrite negb_and in H
  | H : is_true (~~ (_ || _)) |- _ => rewrite negb_or in H
  | H : is_true (~~ (_ <= _)) |- _ => rewrite -ltnNge in H
  | H : (_, _) = (_, _) |- _ => case: H => ? ?
  | H : _ \/ _ |- _ => case: H => ?
  | H : _ /\ _ |- _ => case: H => ? ?
  | |- ~ _ => move=> ?
  | |- _ -> _ => move=> ?
  | |- is_true (_ && _) => apply/andP; split
  | |- is_true (_ <= _) => apply/leP
  | |- is_true (@eq_op nat_eqType _ _) => apply/eqP
  end;
  repeat match goal with
  | H : is_true (_ <= _) |- _ => move/leP: H
  | H : is_true (@eq_op nat_eqType _ _) |- _ => move/eqP: H
  | H : is_true (~~ (@eq_op nat_eqType _ _)) |- _ => move/eqP: H
  | H : context [addn _ _] |- _ => move: H
  | H : context [subn _ _] |- _ => move: H
  | H : context [muln _ _] |- _ => move: H
  end;
  rewrite -?plusE -?minusE -?multE; lia.

(* --- Moves ------------------------------------------------------------------------------ *)

Lemma move_sum a p q : move a p q -> q.1 + q.2 < p.1 + p.2.
Proof. by case: p q => x y [x' y']; rewrite /move /=; ssr_lia. Qed.

Lemma move_le a p q : move a p q -> q.1 <= p.1 /\ q.2 <= p.2.
Proof. by case: p q => x y [x' y']; rewrite /move /= => H; split; ssr_lia. Qed.

(* The rules do not tell the piles apart. *)
Lemma move_mirror a x y x' y' : move a (y, x) (y', x') = move a (x, y) (x', y').
Proof.
rewrite /move /= orbCA; congr (_ || (_ || _)); try exact: andbC.
by rewrite andbCA; congr (_ && (_ && _)); apply: andbC.
Qed.

(* The positions a move from p may reach lie in this list. *)
Definition below p := [seq (i, j) | i <- iota 0 p.1.+1, j <- iota 0 p.2.+1].

Lemma move_below a p q : move a p q -> q \in below p.
Proof.
case: q => i j /move_le [le_i le_j]; apply/allpairsP; exists (i, j).
by rewrite !mem_iota !add0n !ltnS le_i le_j.
Qed.

(* Each element of a list satisfies P or Q: some satisfies P, or all satisfy Q. *)
Lemma list_choice (T : eqType) (P Q : T -> Prop) (s : seq T) :
  (forall t, t \in s -> P t \/ Q t) -> (exists2 t, t \in s & P t) \/ (forall t, t \in s -> Q t).
Proof.
elim: s => [|t s IH] PQ; first by right.
have [|[u u_s Pu]|Qs] := IH; first by move=> u u_s; apply: PQ; rewrite inE u_s orbT.
  by left; exists u; rewrite // inE u_s orbT.
have [Pt|Qt] := PQ t (mem_head t s); first by left; exists t; rewrite ?mem_head.
by right=> u; rewrite inE => /orP[/eqP-> // | /Qs].
Qed.

(* Whether p is the end of a misère game is decided. *)
Lemma misere_end g p : (g = misere /\ p = (0, 0)) \/ ~ (g = misere /\ p = (0, 0)).
Proof.
case: g; first by right; case.
by have [->|ne] := eqVneq p (0, 0); [left | right; case=> _ /eqP; rewrite (negbTE ne)].
Qed.

(* Induction on the number of pennies. *)
Lemma pennies_ind (P : position -> Prop) :
  (forall p, (forall q, q.1 + q.2 < p.1 + p.2 -> P q) -> P p) -> forall p, P p.
Proof.
move=> step p; move: {2}(p.1 + p.2).+1 (ltnSn (p.1 + p.2)) => n.
elim: n p => [|n IH] p lt_p //; apply: step => q lt_q; apply: IH; exact: leq_trans lt_q _.
Qed.

(* --- Winning and losing ----------------------------------------------------------------- *)

Lemma winning_inv a g p :
  winning a g p -> (exists2 q, move a p q & losing a g q) \/ (g = misere /\ p = (0, 0)).
Proof. by case=> [{}p q mv lost_q | is_m]; [left; exists q | right]. Qed.

Lemma losing_inv a g p :
  losing a g p -> (forall q, move a p q -> winning a g q) /\ ~ (g = misere /\ p = (0, 0)).
Proof. by case. Qed.

Lemma not_winning_losing a g p : winning a g p -> losing a g p -> False.
Proof.
elim/pennies_ind: p => p IH /winning_inv[[q mv lost_q] | is_end] /losing_inv[wins_all not_end].
  exact: IH _ (move_sum mv) (wins_all q mv) lost_q.
exact: not_end.
Qed.

Lemma winning_or_losing a g p : winning a g p \/ losing a g p.
Proof.
elim/pennies_ind: p => p IH.
have [q _|[q _ [mv lost_q]] | all_win] := @list_choice _
    (fun q => move a p q /\ losing a g q) (fun q => move a p q -> winning a g q) (below p).
- have [mv|] := boolP (move a p q); last by right.
  by have [|] := IH q (move_sum mv); [right | left].
- by left; apply: Win mv lost_q.
have [[-> ->] | not_end] := misere_end g p; first by left; apply: Won.
by right; apply: Lose not_end => q mv; apply: all_win (move_below mv) mv.
Qed.

(* A position is losing iff it is not a misère (0, 0) and no move reaches a losing position. *)
Lemma losingE a g p :
  losing a g p <-> ~ (g = misere /\ p = (0, 0)) /\ forall q, move a p q -> ~ losing a g q.
Proof.
split=> [/losing_inv[wins_all not_end] | [not_end lost_none]].
  by split=> // q mv; apply: not_winning_losing (wins_all q mv).
apply: Lose not_end => q mv; have [//|lost_q] := winning_or_losing a g q.
by case: (lost_none q mv).
Qed.

(* The losing positions are the only predicate that satisfies these constraints on a square
   of positions (moves stay in it). *)
Lemma unique_losing a g M (s : position -> Prop) :
  (forall p, p.1 <= M -> p.2 <= M ->
     (s p <-> ~ (g = misere /\ p = (0, 0)) /\ forall q, move a p q -> ~ s q)) ->
  forall p, p.1 <= M -> p.2 <= M -> (s p <-> losing a g p).
Proof.
move=> sE; elim/pennies_ind=> p IH le_x le_y; rewrite sE // losingE.
have same q : move a p q -> (s q <-> losing a g q).
  move=> mv; have [le_x' le_y'] := move_le mv.
  by apply: IH (move_sum mv) _ _; [apply: leq_trans le_x | apply: leq_trans le_y].
split=> [] [not_end none]; split=> // q mv; move/(same q mv); exact: none.
Qed.

(* The same on every position. *)
Lemma unique_losing_all a g (s : position -> Prop) :
  (forall p, s p <-> ~ (g = misere /\ p = (0, 0)) /\ forall q, move a p q -> ~ s q) ->
  forall p, s p <-> losing a g p.
Proof.
move=> sE p; have le_x := leq_maxl p.1 p.2; have le_y := leq_maxr p.1 p.2.
by apply: (unique_losing _ le_x le_y) => q _ _; apply: sE.
Qed.

(* Whether a position is losing does not depend on the order of the piles. *)
Lemma losing_mirror a g x y : losing a g (y, x) <-> losing a g (x, y).
Proof.
have mirror_s p : losing a g (p.2, p.1) <->
    ~ (g = misere /\ p = (0, 0)) /\ forall q, move a p q -> ~ losing a g (q.2, q.1).
  case: p => x' y' /=; rewrite losingE.
  split=> -[not_end none]; (split=> [[eq_g [? ?]] | [x'' y''] mv];
    [by subst; exact: not_end | by apply: (none (y'', x'')); rewrite move_mirror]).
exact: (unique_losing_all mirror_s (x, y)).
Qed.

(* --- penny.unique, for every M --------------------------------------------------------- *)

Lemma solves_losing M : solves M (losing wythoff normal).
Proof. by move=> x y _ _; rewrite losingE; split=> [[]|] // none; split=> // [][]. Qed.

Theorem solves_unique M (s : position -> Prop) :
  solves M s -> forall x y, x <= M -> y <= M -> (s (x, y) <-> losing wythoff normal (x, y)).
Proof.
move=> s_solves x y le_x le_y; apply: (@unique_losing _ _ M) => // -[x' y'] le_x' le_y'.
by rewrite s_solves //; split=> [none | [_ none]] //; split=> // [][].
Qed.

(* The statement of penny.unique.mM: the constraints have exactly one solution, the losing
   positions. *)
Theorem unique_claim M :
  solves M (losing wythoff normal) /\
  forall s, solves M s -> forall x y, x <= M -> y <= M -> (s (x, y) <-> losing wythoff normal (x, y)).
Proof. split; [exact: solves_losing | exact: solves_unique]. Qed.
