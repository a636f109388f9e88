(* Enough hands win (Lewis and Willard 1980; Laaser and Ramshaw 1981): the way to
   glasses_hands_suffice, and the cases proved so far.

   The theorem to reach:
     forall N K, 0 < N -> K <= N -> (forall p, prime p -> p %| N -> N - N %/ p <= K) ->
       exists T, wins_within N K T.
   Only the binding prime counts: N - N / p grows with p, so the hypothesis says K >= N - N/P,
   P the largest prime factor of N.

   Outline (the recursive strategy), with what is proved:
   1. [proved here] N - 1 hands win in two turns ([near_all_wins]): grab positions 0..K-1 and
      turn up every glass felt down; unless the bell rang, at most one glass is down, and after
      the devil's turn it is either under a hand (turn it up) or the one glass not held (all
      held are up: turn them all down). N prime (or 1) needs no more: P = N, so K >= N - 1
      ([glasses_hands_suffice_prime]).
   2. [proved, GlassesDouble.v] The factor 2: a strategy for d glasses with k hands gives one
      for 2d glasses with K >= 2k, K >= d hands ([double_wins]), Lamping's composition with
      what the hands feel: the strategy on both halves at once wins on doubled states x ++ x
      and never changes the pair difference (first half (+) second half, a state of d glasses
      that the devil turns); the strategy played on the pair difference brings it to the same
      way. Halving the hands keeps the hypothesis for d = N/2, so by induction
      glasses_hands_suffice holds for N = 2^a p, p prime or 1 ([glasses_hands_suffice_2p]).
   3. [proved for q >= 5, GlassesColumns.v] An odd prime q (N = q d): the columns step
      ([columns_wins]) peels q as step 2 peels 2, through sigma, the exclusive or of the q
      blocks of d glasses, which the devil turns; its check run reads each column's base by
      the majority of q - 1 >= 4 held glasses. With step 2 and step 1, by strong induction,
      glasses_hands_suffice holds for every N not divisible by 9
      ([glasses_hands_suffice_not9]). q = 3 with 9 | N (N = 9, 18, 27, 36, 45, ...) this
      way stays open: two held glasses do not tell a column's base (docs/glasses.md, "The
      columns step, and why it stopped at 9").
   4. [proved, GlassesEndsDown.v] Every N, by another construction: strategies that end down
      ([glasses_hands_suffice]). *)
From mathcomp Require Import all_ssreflect.
From CoinProofs Require Import Rules Coins RulesGlasses GlassesPlay GlassesShift GlassesDouble.
From CoinProofs Require Import GlassesColumns.

Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.

(* --- N - 1 hands: two turns --------------------------------------------------------------- *)

(* The positions among the first K that were felt down, the felt pattern p read at 0..K-1. *)
Definition felt_down K (p : seq bool) := [seq i <- iota 0 K | nth false p i].

(* The second turn: a glass felt down is the only one down, so turn it up; none felt down
   means the one glass not held is down, so turn every held glass down. *)
Definition second_turn K (p : seq bool) := if has id p then felt_down K p else iota 0 K.

(* Both turns grab positions 0..K-1. *)
Definition near_all K :=
  Feel (iota 0 K) (felt_down K) (fun _ => Feel (iota 0 K) (second_turn K) (fun _ => Stop)).

Lemma nth_feel_iota K s i : i < K -> nth false (feel (iota 0 K) s) i = nth false s i.
Proof. by move=> lt_i; rewrite (nth_map 0) ?size_iota // nth_iota. Qed.

Lemma mem_felt_down K p i : (i \in felt_down K p) = (i < K) && nth false p i.
Proof. by rewrite mem_filter mem_iota andbC. Qed.

(* At most one glass is down: the one at j, if any. *)
Definition one_down (s : glasses) j := forall i, i != j -> nth false s i = false.

Lemma one_down_turn r s j : one_down s j -> one_down (turn r s) ((j + r) %% size s).
Proof.
move=> down i ne_i; have [lt_i | ge_i] := ltnP i (size (turn r s)); last by rewrite nth_default.
rewrite size_turn in lt_i ne_i; have [p lt_p Ei] := shift_onto r lt_i.
rewrite Ei nth_turn // down //; apply: contraNneq ne_i => Ep.
by rewrite Ei Ep.
Qed.

Section NearAll.

Variables (N K : nat).
Hypotheses (N_gt0 : 0 < N) (le_KN : K <= N) (le_NK : N.-1 <= K).

(* After the first turn every held glass is up, so only the glass at N - 1 may be down. *)
Lemma first_turn_one_down s : size s = N ->
  one_down (turn_over (felt_down K (feel (iota 0 K) s)) s) N.-1.
Proof.
move=> sz_s i ne_i; have [lt_i | ge_i] := ltnP i (size s); last first.
  by rewrite nth_default ?size_turn_over.
rewrite nth_turn_over // mem_felt_down.
have lt_iK : i < K.
  by apply: leq_trans le_NK; rewrite ltn_neqAle ne_i -ltnS prednK // -sz_s.
by rewrite lt_iK nth_feel_iota //=; case: (nth false s i).
Qed.

Lemma second_turn_same u j : size u = N -> one_down u j -> ~~ same_way u ->
  same_way (turn_over (second_turn K (feel (iota 0 K) u)) u).
Proof.
move=> sz_u down not_same; rewrite /second_turn.
have last_held k : K <= k < N -> k = N.-1.
  by case/andP=> ge_k lt_k; apply/eqP; rewrite eqn_leq -ltnS prednK // lt_k (leq_trans le_NK ge_k).
case: (boolP (has id _)) => [/hasP[b /(nthP false)[i lt_i Eb] b_down] | /hasPn none].
  (* A glass felt down at i is the one at j: after turning it up, all are up. *)
  have lt_iK : i < K by rewrite size_map size_iota in lt_i.
  have down_i : nth false u i by rewrite -(@nth_feel_iota K) // Eb.
  have Eij : i = j by apply/eqP; apply: contraTT down_i => /down ->.
  apply/orP; right; apply/(all_nthP false) => k; rewrite size_turn_over => lt_k.
  rewrite nth_turn_over // mem_felt_down.
  have [lt_kK | ge_kK] := ltnP k K; first by rewrite nth_feel_iota //; case: (nth false u k).
  have ne_k : k != j by rewrite -Eij neq_ltn (leq_trans lt_iK ge_kK) orbT.
  by rewrite (down k ne_k).
(* Every held glass is up; the glasses are not all up, so the one not held is down. *)
have up_held : forall k, k < K -> nth false u k = false.
  move=> k lt_k; have felt : nth false u k \in feel (iota 0 K) u.
    by apply/(nthP false); exists k; rewrite ?size_map ?size_iota ?nth_feel_iota.
  by apply/negbTE; apply: none felt.
apply/orP; left; apply/(all_nthP false) => k; rewrite size_turn_over => lt_k.
rewrite nth_turn_over // mem_iota /=.
have [lt_kK | ge_kK] := ltnP k K; first by rewrite up_held.
rewrite addbF; apply: contraNT not_same => up_k.
apply/orP; right; apply/(all_nthP false) => k' lt_k'.
have [lt_k'K | ge_k'K] := ltnP k' K; first by rewrite up_held.
(* Positions K..N-1 are one position at most. *)
have Ek : k' = k.
  have -> : k' = N.-1 by apply: last_held; rewrite ge_k'K -sz_u.
  by apply/esym/last_held; rewrite ge_kK -sz_u.
by rewrite Ek (negbTE up_k).
Qed.

Lemma near_all_wins : tree_wins N K 2 (near_all K).
Proof.
move=> s sz_s; have [same | _] := boolP (same_way s); first by left.
have held : [/\ size (iota 0 K) = K, uniq (iota 0 K) & all (fun i => i < N) (iota 0 K)].
  split; [exact: size_iota | exact: iota_uniq |].
  by apply/allP=> i; rewrite mem_iota => /andP[_ lt_i]; apply: leq_trans le_KN.
have [sz_h uniq_h in_h] := held.
right; split=> //; first by apply/allP=> i; rewrite mem_felt_down mem_iota => /andP[->].
move=> r lt_r; set u := turn r _.
have sz_u : size u = N by rewrite size_turn size_turn_over.
have down : one_down u ((N.-1 + r) %% N).
  by have := one_down_turn (r := r) (first_turn_one_down sz_s); rewrite size_turn_over sz_s.
have [same | not_same] := boolP (same_way u); first by left.
right; split=> //.
  apply/allP=> i; rewrite /second_turn; case: ifP => _ //.
  by rewrite mem_felt_down mem_iota => /andP[->].
by move=> r' _; left; rewrite same_way_turn; apply: second_turn_same down not_same.
Qed.

End NearAll.

(* N - 1 hands or more win within two turns. *)
Theorem hands_near_all_win N K : 0 < N -> N.-1 <= K <= N -> wins_within N K 2.
Proof. by move=> N_gt0 /andP[le_NK le_KN]; exists (near_all K); apply: near_all_wins. Qed.

(* glasses_hands_suffice for N prime or N = 1: the hypothesis, for p = N, gives N - 1 hands. *)
Theorem glasses_hands_suffice_prime : forall N K, prime N \/ N = 1 -> K <= N ->
  (forall p, prime p -> p %| N -> N - N %/ p <= K) -> exists T, wins_within N K T.
Proof.
move=> N K N_prime le_KN enough; exists 2; apply: hands_near_all_win.
  by case: N_prime => [/prime_gt0 | ->].
rewrite le_KN andbT; case: N_prime => [prime_N | -> //].
by have := enough N prime_N (dvdnn N); rewrite divnn prime_gt0 // subn1.
Qed.

(* --- N = 2^a p ---------------------------------------------------------------------------- *)

(* The hands enough for 2d glasses, halved, are enough for d; and 2d glasses need d hands. *)
Lemma halve_enough d K : 0 < d -> K <= d + d ->
  (forall q, prime q -> q %| d + d -> d + d - (d + d) %/ q <= K) ->
  [/\ K./2 <= d, forall q, prime q -> q %| d -> d - d %/ q <= K./2 & d <= K].
Proof.
move=> d_gt0 le_KN enough; rewrite addnn in le_KN enough; split.
- by rewrite -(doubleK d) half_leq.
- move=> q prime_q q_d; have q_N : q %| d.*2 by rewrite -mul2n dvdn_mull.
  have := enough q prime_q q_N.
  by rewrite -!muln2 -(divn_mulAC _ q_d) -mulnBl muln2 => /half_leq; rewrite doubleK.
- have two_N : 2 %| d.*2 by rewrite -muln2 dvdn_mull.
  by have := enough 2 (erefl _) two_N; rewrite -muln2 mulnK // muln2 -addnn addnK.
Qed.

(* glasses_hands_suffice for N = 2^a p, p prime or 1: by induction on a, each step doubling
   (GlassesDouble.v) the strategy for N/2 glasses with half the hands. *)
Theorem glasses_hands_suffice_2p : forall a p N K, prime p \/ p = 1 -> N = 2 ^ a * p ->
  K <= N -> (forall q, prime q -> q %| N -> N - N %/ q <= K) -> exists T, wins_within N K T.
Proof.
move=> a p; elim: a => [|a IH] N K p_ok ->.
  by rewrite mul1n; apply: glasses_hands_suffice_prime.
set d := 2 ^ a * p; have -> : 2 ^ a.+1 * p = d + d by rewrite expnS -mulnA mul2n addnn.
have d_gt0 : 0 < d by rewrite muln_gt0 expn_gt0 /=; case: p_ok => [/prime_gt0 | ->].
move=> le_KN enough; have [le_kd enough_d le_dK] := halve_enough d_gt0 le_KN enough.
have [T [S S_wins]] := IH d K./2 p_ok erefl le_kd enough_d.
exists (T.+1 * (T + T).+3), (doubled d K./2 K T S T S); apply: double_wins => //.
by rewrite addnn -{2}(odd_double_half K) leq_addl.
Qed.

(* --- N not divisible by 9 ------------------------------------------------------------------ *)

(* The hands enough for N = q d glasses, q prime, divided by q, are enough for d; they are at
   least N - d, and at least q times their quotient by q. *)
Lemma peel_enough q d N K : prime q -> N = q * d -> K <= N ->
  (forall p, prime p -> p %| N -> N - N %/ p <= K) ->
  [/\ K %/ q <= d, N - d <= K, forall p, prime p -> p %| d -> d - d %/ p <= K %/ q &
      q * (K %/ q) <= K].
Proof.
move=> prime_q -> le_KN enough; have q_gt0 := prime_gt0 prime_q; split.
- by rewrite -[X in _ <= X](mulKn d q_gt0); apply: leq_div2r.
- by have := enough q prime_q (dvdn_mulr d (dvdnn q)); rewrite mulKn.
- move=> p prime_p p_d; rewrite leq_divRL // mulnC mulnBr muln_divA //.
  by apply: enough; rewrite ?dvdn_mull.
- by rewrite mulnC leq_trunc_div.
Qed.

(* A number that is not prime, not even and not a multiple of 9 has a prime factor above 4. *)
Lemma big_prime_factor N : 1 < N -> ~~ prime N -> ~~ (2 %| N) -> ~~ (9 %| N) ->
  exists2 q, prime q & (4 < q) && (q %| N).
Proof.
move=> N_gt1 not_prime odd_N not9.
have small q : prime q -> q <= 4 -> q = 2 \/ q = 3.
  by case: q => [|[|[|[|[|q]]]]] //= _ _; [left | right].
have [q_big | q_small] := ltnP 4 (pdiv N).
  by exists (pdiv N); rewrite ?pdiv_prime ?q_big ?pdiv_dvd.
case: (small _ (pdiv_prime N_gt1) q_small) => Eq.
  by move: odd_N; rewrite -Eq pdiv_dvd.
have EN : N = 3 * (N %/ 3) by rewrite mulnC divnK // -Eq pdiv_dvd.
have d_gt1 : 1 < N %/ 3.
  rewrite ltnNge; apply: contra not_prime => le_d1; move: EN N_gt1.
  by case: (N %/ 3) le_d1 => [|[|]] // _ ->.
have r_N : pdiv (N %/ 3) %| N by rewrite {2}EN dvdn_mull ?pdiv_dvd.
have [r_big | r_small] := ltnP 4 (pdiv (N %/ 3)).
  by exists (pdiv (N %/ 3)); rewrite ?pdiv_prime ?r_big.
case: (small _ (pdiv_prime d_gt1) r_small) => Er.
  by move: odd_N; rewrite Er in r_N; rewrite r_N.
by move: not9; rewrite {1}EN (_ : 9 = 3 * 3) // dvdn_pmul2l // -{1}Er pdiv_dvd.
Qed.

(* glasses_hands_suffice for N not a multiple of 9: by strong induction on N, peeling 2 with
   double_wins (GlassesDouble.v) or a prime factor above 4 with columns_wins
   (GlassesColumns.v); what is left is prime or 1. *)
Theorem glasses_hands_suffice_not9 : forall N K, ~~ (9 %| N) -> 0 < N -> K <= N ->
  (forall p, prime p -> p %| N -> N - N %/ p <= K) -> exists T, wins_within N K T.
Proof.
elim/ltn_ind=> N IH K not9 N_gt0 le_KN enough.
have [N_le1 | N_gt1] := leqP N 1.
  by apply: glasses_hands_suffice_prime => //; right; apply/eqP; rewrite eqn_leq N_le1.
have [prime_N | not_prime] := boolP (prime N).
  by apply: glasses_hands_suffice_prime => //; left.
(* N = q d: a strategy for d glasses with K / q hands, by induction. *)
have peel q : prime q -> q %| N -> exists d, [/\ N = q * d, 0 < d, N - d <= K,
    q * (K %/ q) <= K & exists T, wins_within d (K %/ q) T].
  move=> prime_q q_N; have EN : N = q * (N %/ q) by rewrite mulnC divnK.
  have [le_kd le_dK enough_d le_qk] := peel_enough prime_q EN le_KN enough.
  have d_gt0 : 0 < N %/ q by rewrite divn_gt0 ?prime_gt0 // dvdn_leq.
  exists (N %/ q); split=> //; apply: IH => //; first exact: ltn_Pdiv (prime_gt1 prime_q) N_gt0.
  by apply: contra not9 => nine_d; apply: dvdn_trans nine_d _; rewrite {2}EN dvdn_mull.
have [two_N | odd_N] := boolP (2 %| N).
  have [d [EN d_gt0 le_dK le_kK [T [S S_wins]]]] := peel 2 (erefl _) two_N.
  move: le_KN le_dK; rewrite EN mul2n -addnn addnK => le_KN le_dK.
  exists (T.+1 * (T + T).+3), (doubled d (K %/ 2) K T S T S); apply: double_wins => //.
  by rewrite addnn -mul2n.
have [q prime_q /andP[q_gt4 q_N]] := big_prime_factor N_gt1 not_prime odd_N not9.
have [d [EN d_gt0 le_dK le_kK [T win]]] := peel q prime_q q_N.
rewrite EN; apply: (columns_wins (ltnW q_gt4) d_gt0 _ le_kK _ win); last by rewrite -EN.
by rewrite -subn1 mulnBl mul1n -EN.
Qed.

(* The side conditions as one boolean, for the Coq road's proofs of wins claims
   (coq/glasses.py): Coq's kernel decides them for the claim's N and K, the primes dividing N
   being [primes N]. *)
Definition suffice_check N K :=
  [&& ~~ (9 %| N), 0 < N, K <= N & all (fun p => N - N %/ p <= K) (primes N)].

Corollary suffice_checked N K : suffice_check N K -> exists T, wins_within N K T.
Proof.
case/and4P=> not9 N_gt0 le_KN /allP enough.
apply: glasses_hands_suffice_not9 => // p prime_p p_N.
by apply: enough; rewrite mem_primes prime_p N_gt0.
Qed.
