(* Sufficiency for dials (Bar-Yehuda, Etzion and Moran 1993), begun: when N and q are powers
   of one prime, some strategy of q^N - 1 moves wins. Proved so far: the base case N = 1, one
   dial, where turning it by one q - 1 times wins whatever it shows. *)
From mathcomp Require Import all_ssreflect.
From CoinProofs Require Import Dials.

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
