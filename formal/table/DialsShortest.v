(* Sufficiency for dials (Bar-Yehuda, Etzion and Moran 1993): when N = p^a and q = p^b for a
   prime p, some strategy of q^N - 1 moves wins, so with dial_wins_size_lb the shortest has
   exactly q^N - 1 moves. From one dial (turning it by one q - 1 times wins whatever it shows),
   up to p^a dials mod p by DialsChain.v, then up to p^b states by DialsScale.v. *)
From mathcomp Require Import ssreflect ssrfun ssrbool eqtype ssrnat seq choice path div.
From mathcomp Require Import fintype tuple finfun bigop prime.
From CoinProofs Require Import Dials DialsPlay DialsScale DialsChain.

Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.

Implicit Types (d k q : nat) (rs : seq nat).

Lemma dturn_one r d : dturn r [:: d] = [:: d].
Proof. by elim: r => //= r ->. Qed.

(* From a dial showing d, k moves of one reach 0 if (q - d) mod q <= k. *)
Lemma one_dial_reaches q d k rs : d < q -> size rs = k -> (q - d) %% q <= k ->
  zeros 1 \in dgame q [:: d] rs (nseq k [:: 1]).
Proof.
elim: k d rs => [|k IH] d [|r rs] //= lt_dq; rewrite inE; have [-> | d_gt0] := posnP d.
- by rewrite eqxx.
- have lt_q : q - d < q by rewrite ltn_subrL d_gt0 (leq_ltn_trans (leq0n d) lt_dq).
  by move=> _; rewrite modn_small // leqn0 subn_eq0 leqNgt lt_dq.
- by move=> *; rewrite eqxx.
move=> [sz_rs] steps; apply/orP; right; have q_gt0 := leq_ltn_trans (leq0n d) lt_dq.
rewrite dturn_one /add /= addn1; apply: IH => //; first by rewrite ltn_pmod.
have [eq_q | lt_q] := eqVneq d.+1 q; first by rewrite eq_q modnn subn0 modnn.
have lt_dq1 : d.+1 < q by rewrite ltn_neqAle lt_q lt_dq.
have lt_qd : q - d < q by rewrite ltn_subrL d_gt0 q_gt0.
rewrite (modn_small lt_dq1) modn_small; last by rewrite ltn_subrL q_gt0.
by move: steps; rewrite modn_small // subnS => steps; rewrite -ltnS prednK // subn_gt0.
Qed.

(* One dial with q states: q - 1 moves of one win, and no strategy wins with fewer. *)
Theorem one_dial_shortest q : 0 < q ->
  dial_wins q 1 (nseq q.-1 [:: 1]) /\ forall ms, dial_wins q 1 ms -> q.-1 <= size ms.
Proof.
move=> q_gt0; split=> [|ms /dial_wins_size_lb]; last by rewrite expn1 subn1.
split; first by rewrite all_nseq /dstate /= andbT; case: q q_gt0 => [|[|q]].
move=> [|d [|e s]] rs; rewrite /dstate //= andbT => lt_dq sz_rs.
apply: one_dial_reaches => //; first by rewrite sz_rs size_nseq.
by rewrite -ltnS prednK // ltn_pmod.
Qed.

(* One state: every state is all zeros, so no move is needed. *)
Lemma one_state_wins n : dial_wins 1 n [::].
Proof. by split=> // s [|r rs] /dstate1_zeros -> //= _; rewrite inE eqxx. Qed.

(* The strategies: p - 1 turns of one dial, climbed a times to p^a dials mod p (DialsChain.v),
   then multiplied b times to p^b states (DialsScale.v). *)
Fixpoint prime_strategy p a : seq dials :=
  if a is a'.+1 then climb p (p ^ a') (prime_strategy p a') p else nseq p.-1 [:: 1].

Fixpoint dial_strategy p a b : seq dials :=
  if b is b'.+1 then scale_compose (p ^ b') (dial_strategy p a b') (prime_strategy p a)
  else [::].

Lemma prime_strategy_wins p a : prime p ->
  size (prime_strategy p a) = p ^ (p ^ a) - 1 /\ dial_wins p (p ^ a) (prime_strategy p a).
Proof.
move=> p_prime; have p_gt0 := prime_gt0 p_prime.
elim: a => [|a [sz_S S_wins]].
  by have [wins _] := one_dial_shortest p_gt0; rewrite size_nseq expn1 subn1.
have [|sz_ms wins_ms] := dial_wins_blocks p_prime _ S_wins; first by rewrite expn_gt0 p_gt0.
split; last by rewrite expnS.
apply: succn_inj; rewrite sz_ms sz_S !subn1 !prednK ?expn_gt0 ?p_gt0 //.
by rewrite -expnM -expnSr.
Qed.

Lemma dial_strategy_wins p a b : prime p ->
  size (dial_strategy p a b) = (p ^ b) ^ (p ^ a) - 1 /\
  dial_wins (p ^ b) (p ^ a) (dial_strategy p a b).
Proof.
move=> p_prime; have p_gt0 := prime_gt0 p_prime.
have [sz_B B_wins] := prime_strategy_wins a p_prime.
elim: b => [|b [sz_A winsA]]; first by rewrite exp1n; split=> //; apply: one_state_wins.
have pos : 0 < p ^ b by rewrite expn_gt0 p_gt0.
have [sz_ms wins_ms] := dial_wins_mul pos p_gt0 winsA B_wins.
split; last by rewrite expnSr.
apply: succn_inj; rewrite sz_ms sz_A sz_B expnSr expnMn.
by rewrite !subn1 !prednK ?muln_gt0 ?expn_gt0 ?p_gt0.
Qed.

(* Sufficiency (Bar-Yehuda, Etzion and Moran 1993): for N = p^a dials with q = p^b states, p
   prime, dial_strategy p a b wins with q^N - 1 moves, and no strategy is shorter. *)
Theorem dial_strategy_shortest p a b : prime p ->
  [/\ size (dial_strategy p a b) = (p ^ b) ^ (p ^ a) - 1,
      dial_wins (p ^ b) (p ^ a) (dial_strategy p a b) &
      forall ms, dial_wins (p ^ b) (p ^ a) ms -> (p ^ b) ^ (p ^ a) - 1 <= size ms].
Proof.
move=> p_prime; have [sz wins] := dial_strategy_wins a b p_prime.
by split=> // ms /dial_wins_size_lb.
Qed.

(* The same, naming no construction, so that its statement reads with the rules alone
   (RulesDials.v): some strategy of q^N - 1 moves wins, and none is shorter. *)
Theorem dial_shortest p a b : prime p ->
  (exists2 ms, dial_wins (p ^ b) (p ^ a) ms & size ms = (p ^ b) ^ (p ^ a) - 1) /\
  (forall ms, dial_wins (p ^ b) (p ^ a) ms -> (p ^ b) ^ (p ^ a) - 1 <= size ms).
Proof.
by case/(dial_strategy_shortest a b)=> sz wins lb; split=> //; exists (dial_strategy p a b).
Qed.
