(* Theorem 4: for N >= 1 coins a winning strategy exists iff N is a power of two; and then
   the shortest one has 2^N - 1 moves. *)
From mathcomp Require Import ssreflect ssrfun ssrbool eqtype ssrnat seq choice path div.
From mathcomp Require Import fintype tuple finfun bigop prime.
From CoinProofs Require Import Rules LowerBound Lamping Impossible.

Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.

Theorem wins_exists_iff_pow2 N : 0 < N -> (exists ms, wins N ms) <-> (exists k, N = 2 ^ k).
Proof.
move=> N_gt0; split=> [[ms wins_ms] | [k ->]]; last by exists (lamping k); apply: lamping_wins.
have [q odd_q N_eq] := pfactor_coprime (isT : prime 2) N_gt0; rewrite coprime2n in odd_q.
have q_gt0 : 0 < q by move: N_gt0; rewrite N_eq muln_gt0 => /andP[].
exists (logn 2 N); case: (ltngtP q 1) => [| q_gt1 | q1]; first by rewrite ltnNge q_gt0.
  by case: (odd_factor_not_wins N_gt0 q_gt1 odd_q _ wins_ms); rewrite N_eq dvdn_mulr.
by rewrite {1}N_eq q1 mul1n.
Qed.

(* The claim devil.nN.shortest for N = 2^k: some winning strategy has 2^N - 1 moves, and
   none has fewer. *)
Theorem shortest_pow2 k :
  (exists2 ms, wins (2 ^ k) ms & size ms = 2 ^ (2 ^ k) - 1) /\
  (forall ms, wins (2 ^ k) ms -> 2 ^ (2 ^ k) - 1 <= size ms).
Proof.
split=> [|ms]; last exact: wins_size_lb.
by exists (lamping k); [apply: lamping_wins | apply: size_lamping].
Qed.
