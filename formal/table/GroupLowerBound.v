(* The lower bound for every group (Bar-Yehuda, Etzion and Moran's Theorem 1, for any devil):
   a winning strategy for N dials mod q has at least q^N - 1 moves (goal zero), q^(N-1) - 1
   moves (goal equal).

   The devil may play the empty word before every move (it is a word of any generators). Then
   the game from s visits s + P_t, P_t the sum of the first t moves, t = 0..L. It is won only
   if some s + P_t is a goal state G, that is s = G - P_t: so the q^N starts are among the
   (L + 1) |goals| differences, and there are 1 goal state (zero) or q (equal). *)
From mathcomp Require Import ssreflect ssrfun ssrbool eqtype ssrnat seq.
From CoinProofs Require Import Claims Dials DialsPlay TablePlay TableOrbits GroupStates GroupPlay.

Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.

Implicit Types (T : table) (s m x p : dials) (ms : seq dials) (q n : nat).

(* The goal states: all zeros, or each of the q states with every dial the same. *)
Definition goal_states T : seq dials :=
  if goal_of T is zero then [:: zeros (positions T)]
  else [seq nseq (positions T) c | c <- iota 0 (states T)].

Lemma size_goal_states T : size (goal_states T) = if goal_of T is zero then 1 else states T.
Proof. by rewrite /goal_states; case: (goal_of T); rewrite /= ?size_map ?size_iota. Qed.

Lemma reached_goal_states T x : 0 < states T -> dstate (states T) (positions T) x ->
  reached (goal_of T) x -> x \in goal_states T.
Proof.
move=> q_gt0 ok; have sz_x := size_dstate ok; rewrite /reached /goal_states.
case: (goal_of T) => /all_pred1P eq_x; first by rewrite inE {1}eq_x sz_x eqxx.
apply/mapP; exists (head 0 x); last by rewrite {1}eq_x sz_x.
rewrite mem_iota /=; case: x ok eq_x {sz_x} => [|d x] //= ok _.
exact: (dstate_nth 0 ok).
Qed.

(* Against the devil who plays the empty word, the game from s visits s + P_t. *)
Lemma table_play_unmoved T s p ms : size s = positions T -> size p = positions T ->
  all (dstate (states T) (positions T)) ms ->
  table_play T (add (states T) s p) (nseq (size ms) [::]) ms =
  [seq add (states T) s x | x <- p :: scanl (add (states T)) p ms].
Proof.
elim: ms p => [|m ms IH] p sz_s sz_p //= /andP[/size_dstate sz_m sized].
congr (_ :: _); rewrite -addA ?sz_s ?sz_p ?sz_m // IH //.
by rewrite size_add_min sz_p sz_m minnn.
Qed.

Theorem table_wins_size_lb T ms : table_wins T ms -> bound T <= size ms.
Proof.
case=> sized wins_ms; rewrite /bound; set q := states T; set n := positions T.
have [q0 | q_gt0] := posnP q.
  by rewrite q0; case: (goal_of T); case: n => [|[|k]]; rewrite ?expn0 ?exp0n.
set sums := zeros n :: scanl (add q) (zeros n) ms.
set starts := [seq sub q G x | G <- goal_states T, x <- sums].
have cover : {subset all_dials q n <= starts}.
  move=> s; rewrite mem_all_dials => ok; have sz_s := size_dstate ok.
  have := wins_ms s (nseq (size ms) [::]) ok (size_nseq _ _).
  rewrite all_nseq orbT -[s in table_play _ s](add_zeros_dstate ok).
  rewrite table_play_unmoved ?size_nseq //.
  case/(_ isT)/hasP=> _ /mapP[x x_in ->] goal_sx; apply/allpairsP.
  have /eqP sz_x := allP (size_prefix_sums (size_nseq n 0) sized) x x_in.
  exists (add q s x, x); split=> //=; last exact: (add_eq_sub q_gt0 ok).
  by apply: reached_goal_states => //; apply: dstate_add_size.
have := uniq_leq_size (uniq_all_dials q n) cover.
rewrite size_all_dials size_allpairs size_goal_states /= size_scanl.
case: (goal_of T) => /=; first by rewrite mul1n leq_subLR add1n.
case: n {sums starts cover} => [|n]; first by rewrite expn0.
by rewrite /= expnS leq_pmul2l // leq_subLR add1n.
Qed.
