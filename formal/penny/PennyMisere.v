(* Misère play of Wythoff's game, for every position: (0, 1), (1, 0) and (2, 2) take the place
   of (0, 0), (1, 2) and (2, 1), and every other losing position is normal play's
   (misere_losing). Within the square of piles <= 3 Coq computes it; beyond, every losing
   position is a pair (A k, B k) with k >= 2, which no move joins to the small ones, and a move
   from elsewhere to a small pair of normal play can be turned into a move to a small one of
   misère play. *)
From mathcomp Require Import ssreflect ssrfun ssrbool eqtype ssrnat seq.
From Coq Require Import Lia.
From CoinProofs Require Import Claims RulesPenny PennyPlay PennyMex.

Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.

Implicit Types (k x y : nat) (p q : position).

(* Whether p is a pair of Wythoff's game, decided: A k >= k, so k <= x + y. *)
Definition pairb p :=
  has (fun k => (p == (A 1 k, B 1 k)) || (p == (B 1 k, A 1 k))) (iota 0 (p.1 + p.2).+1).

Lemma pairbP p : reflect (is_pair 1 p) (pairb p).
Proof.
apply: (iffP hasP) => [[k _ /orP[/eqP-> | /eqP->]] | [k [-> | ->]]]; exists k.
- by left.
- by right.
- by rewrite mem_iota ltnS (leq_trans (leq_n_A 1 k)) ?leq_addr.
- by rewrite eqxx.
- by rewrite mem_iota ltnS (leq_trans (leq_n_A 1 k)) ?leq_addl.
by rewrite eqxx orbT.
Qed.

Definition normal_small := [:: (0, 0); (1, 2); (2, 1)].
Definition misere_small := [:: (0, 1); (1, 0); (2, 2)].

(* The losing positions of misère play, as misere_losing will show. *)
Definition misere_pair p := (p \in misere_small) || pairb p && (p \notin normal_small).

Lemma misere_pair_square :
  all (fun p => misere_pair p ==
                (p != (0, 0)) && all (fun q => move 1 p q ==> ~~ misere_pair q) (below p))
      (below (3, 3)).
Proof. by vm_compute. Qed.

Lemma below_square p : (p \in below (3, 3)) = (p.1 <= 3) && (p.2 <= 3).
Proof.
case: p => x y; apply/allpairsP/andP => [[[i j]]|[le_x le_y]]; rewrite ?mem_iota.
  by case=> /andP[_ le_i] /andP[_ le_j] [-> ->].
by exists (x, y); rewrite !mem_iota.
Qed.

(* Beyond the square, a pair of misère play is a pair (A k, B k) of normal play, k >= 2. *)
Lemma large_pair p : p \notin below (3, 3) -> misere_pair p ->
  exists2 k, 2 <= k & p = (A 1 k, A 1 k + k) \/ p = (A 1 k + k, A 1 k).
Proof.
rewrite /misere_pair below_square => out /orP[small | /andP[/pairbP[k pair_k] not_small]].
  by move: small out; rewrite !inE => /or3P[] /eqP->.
exists k; last by rewrite /B mul1n in pair_k.
by move: not_small; case: k pair_k => [|[|k]] // [] ->; vm_compute.
Qed.

Lemma A_large k : 2 <= k -> 3 <= A 1 k.
Proof.
have A12 : A 1 2 = 3 by vm_compute.
by rewrite leq_eqVlt => /orP[/eqP<- | /(A_mono 1)]; rewrite A12 // => /ltnW.
Qed.

(* A move from beyond the square to a small pair of normal play can be replaced by one to a
   small pair of misère play, of the same kind (along a row, a column or a diagonal). *)
Lemma misere_escape p q : p \notin below (3, 3) -> q \in normal_small -> move 1 p q ->
  exists2 q', q' \in misere_small & move 1 p q'.
Proof.
case: p => x y; rewrite below_square !inE => out /or3P[] /eqP-> mv; move: mv out;
  rewrite /move /= => /or3P[] ? ?;
  [ exists (0, 1) | exists (1, 0) | exists (2, 2)
  | exists (1, 0) | exists (2, 2) | exists (0, 1)
  | exists (2, 2) | exists (0, 1) | exists (1, 0) ] => //=; apply/or3P;
  [ apply: Or31 | apply: Or32 | apply: Or33 | apply: Or31 | apply: Or32 | apply: Or33
  | apply: Or31 | apply: Or32 | apply: Or33 ]; ssr_lia.
Qed.

Lemma misere_pairE p :
  misere_pair p <-> ~ (misere = misere /\ p = (0, 0)) /\ forall q, move 1 p q -> ~ misere_pair q.
Proof.
have [in_square | out] := boolP (p \in below (3, 3)).
  have /eqP-> := allP misere_pair_square p in_square.
  split=> [/andP[/eqP not_end none] | [not_end none]].
    by split=> [[]|q mv] //; move/implyP: (allP none q (move_below mv)) => /(_ mv)/negP.
  apply/andP; split; first by apply/eqP => p0; apply: not_end.
  by apply/allP => q _; apply/implyP => /none/negP.
split=> [is_m | [not_end none]].
  have [k le_k pair_k] := large_pair out is_m.
  have A3 := A_large le_k.
  split=> [[_ p0]|q mv]; first by move: pair_k; rewrite p0; ssr_lia.
  rewrite /misere_pair => /orP[small | /andP[/pairbP pair_q _]].
    by move: small mv; rewrite !inE => /or3P[] /eqP->; case: pair_k => ->;
      rewrite /move /=; ssr_lia.
  by apply: no_move_pairs pair_q mv => //; exists k; rewrite /B mul1n.
apply/negPn/negP => not_m.
have [/pairbP pair_p | [q mv /pairbP pair_q]] := move_to_pair p (ltn0Sn 0).
  move: not_m; rewrite /misere_pair pair_p /=.
  by rewrite negb_or negbK => /andP[_]; rewrite !inE => /or3P[] /eqP p_small;
    move: out; rewrite p_small.
have [small_q | large_q] := boolP (q \in normal_small).
  by have [q' small_q' mv'] := misere_escape out small_q mv; apply: (none q' mv'); rewrite /misere_pair small_q'.
by apply: (none q mv); rewrite /misere_pair pair_q large_q orbT.
Qed.

(* Misère play, for every position. *)
Theorem misere_losing p :
  losing wythoff misere p <->
  p \in [:: (0, 1); (1, 0); (2, 2)] \/ losing wythoff normal p /\ p \notin [:: (0, 0); (1, 2); (2, 1)].
Proof.
rewrite fraenkel // -(unique_losing_all misere_pairE p) /misere_pair.
split=> [/orP[small | /andP[/pairbP pair_p large]] | [small | [/pairbP pair_p large]]].
- by left.
- by right.
- by rewrite small.
by rewrite pair_p large orbT.
Qed.
