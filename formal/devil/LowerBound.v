(* Theorem 1: every winning strategy for N coins has at least 2^N - 1 moves.

   Against the devil who never turns the table, the state after t moves is the start XOR the
   prefix XOR P_t = m_1 XOR ... XOR m_t (P_0 = all heads). That game reaches all heads only if
   the start is one of P_0, ..., P_L, so these L + 1 states must be all 2^N states. *)
From mathcomp Require Import ssreflect ssrfun ssrbool eqtype ssrnat seq choice path div.
From mathcomp Require Import fintype tuple.
From CoinProofs Require Import Rules Coins Play.

Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.

Implicit Types (s m p : coins) (ms : seq coins) (n : nat).

(* P_0, P_1, ..., P_L for n coins. *)
Definition prefix_flips n ms := heads n :: scanl flip (heads n) ms.

Lemma size_prefix_flips n ms : size (prefix_flips n ms) = (size ms).+1.
Proof. by rewrite /= size_scanl. Qed.

(* Against the devil who never turns, the game from s visits s XOR P_t. *)
Lemma game_unturned n s p ms : size s = n -> size p = n -> moves n ms ->
  game (flip s p) (nseq (size ms) 0) ms = [seq flip s q | q <- p :: scanl flip p ms].
Proof.
elim: ms p => [|m ms IH] p sz_s sz_p //= /andP[/eqP sz_m sized].
by rewrite -flipA IH // size_flipl sz_p // sz_m.
Qed.

Lemma mem_prefix_flips n s ms : size s = n -> moves n ms ->
  heads n \in game s (nseq (size ms) 0) ms -> s \in prefix_flips n ms.
Proof.
move=> sz_s sized; rewrite -[s in game s](flip_heads (n := n)) ?sz_s //.
rewrite (game_unturned sz_s) ?size_heads // => /mapP[p p_in heads_sp].
have sz_p : size p = n.
  move: p_in; rewrite inE => /predU1P[-> | ]; first exact: size_heads.
  elim: ms (heads n) sized (size_heads n) => //= m ms IH q /andP[/eqP sz_m sized] sz_q.
  rewrite inE => /predU1P[-> | ]; first by rewrite size_flipl sz_q.
  by apply: IH; rewrite // size_flipl sz_q.
by rewrite (@flip_eq_heads s p) // ?sz_p // -heads_sp sz_s.
Qed.

Theorem wins_size_lb n ms : wins n ms -> 2 ^ n - 1 <= size ms.
Proof.
case=> sized wins_ms; rewrite leq_subLR add1n -(size_prefix_flips n).
have <- : size [seq val t | t <- enum {: n.-tuple bool}] = 2 ^ n.
  by rewrite size_map -cardE card_tuple card_bool.
apply: uniq_leq_size => [|s /mapP[t _ ->]].
  by rewrite map_inj_uniq ?enum_uniq //; apply: val_inj.
apply: mem_prefix_flips (size_tuple t) sized _.
by apply: wins_ms; rewrite ?size_tuple ?size_nseq.
Qed.
