(* The roads from a certificate of coinproofs to its claim about the rotating-table family
   (coinproofs/coq/devil.py writes each claim's .v with one of these): a theorem for every N
   where one settles the claim (the coin flip; rotating dials with the goal zero), else a
   checker run on the certificate's evidence (a strategy, reachability layers, an invariant),
   each proved sound. The moves and the states of the evidence are the kernel's numbers. *)
From mathcomp Require Import ssreflect ssrfun ssrbool eqtype ssrnat seq choice path div.
From mathcomp Require Import fintype tuple finfun bigop prime.
From Coq Require Import NArith.
From Coq Require Export BinNat.  (* the evidence's numbers, written in the claims' .v files *)
From CoinProofs Require Import Rules Claims Dials LowerBound Lamping Impossible Decide.
From CoinProofs Require Import DialsImpossible DialsShortest.
From CoinProofs Require Import TablePlay TableInstances TableOrbits TableBeliefs TableLayers.
From CoinProofs Require Import TableInvariant.

Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.

Implicit Types (T : table) (L N q : nat) (moves : seq N) (layers : seq (seq N)).

(* --- The coin flip ------------------------------------------------------------------------ *)

(* N = 2^k coins: Lamping's strategy, and none shorter. *)
Theorem coin_shortest k : shortest (wins (2 ^ k)) (2 ^ (2 ^ k) - 1).
Proof. exact: shortest_pow2. Qed.

(* N with an odd factor m > 1: no strategy. *)
Theorem coin_impossible N m : [&& 0 < N, 1 < m, odd m & m %| N] -> impossible (wins N).
Proof. by case/and4P=> N_gt0 m_gt1 odd_m m_dvd ms; apply: odd_factor_not_wins m_dvd. Qed.

(* The kernel's number of a move of coins: bit i flips coin i. *)
Definition coins_value (m : coins) : N :=
  foldr (fun c v => if c then N.succ_double v else N.double v) 0%num m.

(* A strategy compressed as coinproofs/coq/devil.py writes a long one (Coq reads a long list of
   numbers slowly): a token (0, m) is the move m; a token (b, c), b > 0, the c moves that
   start b moves back, a copy longer than b repeating its first b moves (LZ77). The moves so
   far are kept most recent first, so a copy is a piece of their front. *)
Fixpoint copy b fuel c (sofar : seq N) :=
  if fuel is f.+1 then
    if c <= b then take c (drop (b - c) sofar) ++ sofar
    else copy b f (c - b) (take b sofar ++ sofar)
  else sofar.

Definition expand (tokens : seq (N * N)) : seq N :=
  let c t := N.to_nat t.2 in
  rev (foldl (fun sofar t => if t.1 is 0%num then t.2 :: sofar
                             else copy (N.to_nat t.1) (c t) (c t) sofar) [::] tokens).

(* Lamping's strategy for 2^k coins wins, and has 2^(2^k) - 1 moves: the certificate's
   strategy, compressed, is his, move for move. *)
Definition lamping_check k tokens := expand tokens == [seq coins_value m | m <- lamping k].

Theorem lamping_claim k tokens : lamping_check k tokens ->
  wins (2 ^ k) (lamping k) /\ size (lamping k) = 2 ^ (2 ^ k) - 1.
Proof. by move=> _; split; [apply: lamping_wins | apply: size_lamping]. Qed.

(* --- Rotating dials, the goal zero --------------------------------------------------------- *)

(* N = p^a dials mod q = p^b, p prime: q^N - 1 moves, and none fewer. *)
Theorem rotating_shortest p a b : prime p ->
  shortest (table_wins (rotating (p ^ a) (p ^ b))) ((p ^ b) ^ (p ^ a) - 1).
Proof.
move=> p_prime; have [sz win lb] := dial_strategy_shortest a b p_prime.
split=> [|ms /dial_wins_table /lb //]; exists (dial_strategy p a b) => //.
exact/dial_wins_table.
Qed.

(* Distinct primes p dividing N and r dividing q: no strategy. *)
Theorem rotating_impossible N q p r :
  [&& 0 < N, 0 < q, prime p, prime r, p != r, p %| N & r %| q] ->
  impossible (table_wins (rotating N q)).
Proof.
case/and5P=> N_gt0 q_gt0 p_prime r_prime /and3P[ne_pr p_dvd r_dvd] ms /dial_wins_table.
exact: dial_not_wins N_gt0 q_gt0 p_prime r_prime ne_pr p_dvd r_dvd.
Qed.

(* A strategy of q^N - 1 moves that wins, the fewest there can be. *)
Definition wins_from_check T L moves :=
  let ms := map (state_of (states T) (positions T)) moves in (size ms == L) && table_winsb T ms.

Lemma wins_from_check_sound T L moves : wins_from_check T L moves ->
  exists2 ms, table_wins T ms & size ms = L.
Proof.
case/andP=> /eqP sz /table_winsb_sound win.
by exists (map (state_of (states T) (positions T)) moves).
Qed.

Theorem rotating_strategy_shortest N q moves : wins_from_check (rotating N q) (q ^ N - 1) moves ->
  shortest (table_wins (rotating N q)) (q ^ N - 1).
Proof.
move/wins_from_check_sound => won; split=> // ms /dial_wins_table.
exact: dial_wins_size_lb.
Qed.

(* --- Any table: checkers ------------------------------------------------------------------- *)

(* A strategy of L moves that wins, and L layers: none shorter wins. *)
Definition table_shortest_check T L moves layers :=
  wins_from_check T L moves && (size layers == L) && layers_ok T layers.

Theorem table_shortest_check_sound T L moves layers : table_shortest_check T L moves layers ->
  shortest (table_wins T) L.
Proof.
case/andP=> /andP[won /eqP sz] lb; split; first exact: wins_from_check_sound won.
by rewrite -sz; apply: layers_ok_size_lb lb.
Qed.

(* Closed layers, or an invariant: no strategy wins. *)
Definition closed_check T layers := layers_ok T layers && layers_closed T layers.

Theorem closed_check_sound T layers : closed_check T layers -> impossible (table_wins T).
Proof. by case/andP=> ok; apply: layers_closed_impossible. Qed.

Theorem invariant_check_sound T inv : table_invariant_ok T inv -> impossible (table_wins T).
Proof. exact: invariant_impossible. Qed.
