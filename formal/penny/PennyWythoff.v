(* Wythoff's theorem, Fraenkel's and misère play's, for every position, in the words of the
   rules: the losing positions are the pairs (floor(k alpha), floor(k alpha) + a k) and their
   mirror images (phi for a = 1), with no bound. PennyMex.v's fraenkel gives them as the mex
   pairs (A k, B k), PennyBeatty.v's A_floor_alpha that A k = floor(k alpha), and
   PennyMisere.v's misere_losing misère play's in terms of normal play's. *)
From mathcomp Require Import ssreflect ssrfun ssrbool eqtype ssrnat seq.
From CoinProofs Require Import Claims RulesPenny PennyPlay PennyMex PennyMisere PennyClaims
  PennyBeatty.

Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.

Implicit Types (a k : nat) (p : position).

Theorem fraenkel_theorem : forall a p, 0 < a -> (losing a normal p <-> exists k, alpha_pair a k p).
Proof.
move=> a p pos_a; rewrite fraenkel //.
have same k i : i <= k -> A a i = floor_alpha a i by move=> _; apply: A_floor_alpha.
split=> -[k pair_k]; exists k; rewrite (alpha_pairE _ pos_a (same k)) in pair_k *.
  by case: pair_k => ->; rewrite eqxx ?orbT.
by case/orP: pair_k => /eqP->; [left | right].
Qed.

Theorem wythoff_theorem : forall p, losing wythoff normal p <-> exists k, wythoff_pair k p.
Proof.
move=> p; rewrite fraenkel_theorem //.
by split=> -[k pair_k]; exists k; rewrite wythoff_pairE in pair_k *.
Qed.

(* floor(k phi) >= 3 for k >= 2: the pairs beyond the first two avoid the small positions. *)
Lemma floor_phi_large k : 1 < k -> 3 <= floor_phi k.
Proof. by move=> lt_k; rewrite -floor_phiE -A_floor_alpha // A_large. Qed.

Theorem misere_wythoff_theorem : forall p, losing wythoff misere p <->
  (p \in [:: (0, 1); (1, 0); (2, 2)] \/ exists2 k, 1 < k & wythoff_pair k p).
Proof.
move=> p; rewrite misere_losing wythoff_theorem.
suff large : (exists k, wythoff_pair k p) /\ p \notin [:: (0, 0); (1, 2); (2, 1)] <->
  exists2 k, 1 < k & wythoff_pair k p.
  by split=> -[small | rest]; [left | right; apply/large | left | right; apply/large].
split=> [[[k pair_k] not_small] | [k lt_k pair_k]].
  exists k => //; case: k pair_k => [|[|k]] //; rewrite /wythoff_pair;
    [rewrite floor_phi_small.1 | rewrite floor_phi_small.2];
    by case/orP=> /eqP eq_p; rewrite eq_p in not_small.
split; first by exists k.
have := floor_phi_large lt_k; move: pair_k; rewrite /wythoff_pair.
by case/orP=> /eqP-> large; rewrite !inE; apply/negP => /or3P[] /eqP[]; ssr_lia.
Qed.
