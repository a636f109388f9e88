(* Normal play, for every number of coins n >= 1: the first player wins (normal_first_wins).
   The n-cube has a perfect matching: pair each pattern x with its partner turn_over x 0 (coin 0
   turned). The first player always moves to the partner of the current pattern. After each of
   her moves the seen patterns are a union of pairs; so when the second player moves to an
   unseen pattern, its partner is unseen too, and she can move there: she is never stuck, and
   as every game ends, the second player is. (The easy half of the theorem of Fraenkel,
   Scheinerman and Ullman, 1993, that the kernel cites for its matching evidence; no matching
   is read here: this one serves every n.) *)
From mathcomp Require Import ssreflect ssrfun ssrbool eqtype ssrnat seq.
From CoinProofs Require Import Claims RulesNoRepeats NoRepeatsPlay.

Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.

Implicit Types (n x y : nat) (S : seq nat) (p q : position).

Definition partner x := turn_over x 0.

(* The seen patterns are a union of pairs. *)
Definition paired S := {in S, forall x, partner x \in S}.

(* From a position whose seen patterns are paired, the player to move loses normal play: her
   opponent answers every move with the partner of the pattern she made. *)
Lemma paired_lost n p : 0 < n -> in_cube n p -> paired p.1 -> lost normal n p.
Proof.
move=> n_gt0; move: {2}(unseen n p) (leqnn (unseen n p)) => k.
elim: k p => [| k IH] p le_k valid_p paired_p; apply: lost_all => // q q_p;
  have [valid_q lt_q] := legal_moves_in_cube valid_p q_p;
  first by move: le_k lt_q; rewrite leqn0 => /eqP->.
case/legal_movesP: q_p valid_q lt_q => i lt_i [-> /= fresh] valid_q lt_q.
set y := turn_over p.2 i in fresh valid_q lt_q *.
have fresh' : partner y \notin y :: p.1.
  rewrite inE negb_or turn_over_neq /=; apply: contra fresh => /paired_p.
  by rewrite /partner turn_overK.
have q'_q : (partner y :: y :: p.1, partner y) \in legal_moves n (y :: p.1, y).
  by apply/legal_movesP; exists 0.
have [valid_q' lt_q'] := legal_moves_in_cube valid_q q'_q; apply: won_move q'_q _.
apply: IH => //; first by apply: leq_trans (ltnW lt_q') _; rewrite -ltnS (leq_trans lt_q).
move=> x; rewrite !inE => /or3P[/eqP-> | /eqP-> | /paired_p ->]; rewrite ?orbT //.
  by rewrite /partner turn_overK eqxx orbT.
by rewrite eqxx.
Qed.

(* The first player wins: she moves to the partner of all heads. *)
Theorem normal_first_wins n : 0 < n -> first_wins n normal.
Proof.
move=> n_gt0; have move0 : ([:: partner 0; 0], partner 0) \in legal_moves n opening.
  by apply/legal_movesP; exists 0.
have [valid0 _] := legal_moves_in_cube (in_cube_opening n) move0.
apply: won_move move0 _; apply: paired_lost => // x.
by rewrite !inE => /orP[] /eqP->; rewrite /partner ?turn_overK eqxx ?orbT.
Qed.
