(* The penny claims that list positions or totals, penny.first-C and penny.riddler-LO-HI, as
   instances of Wythoff's theorem (PennyWythoff.v) at every bound. Their statements
   (coinproofs/coq/penny.py writes them from the claim's id) name the pairs by floor_phi instead
   of listing their numbers, so that nothing in them grows with the bound: a list of 38,197
   pairs takes Coq minutes and gigabytes to elaborate. A riddler claim's pairs k0 <= k < k1 are
   a hint from the id that riddler_range checks in binary numbers: four square roots. *)
From mathcomp Require Import ssreflect ssrfun ssrbool eqtype ssrnat.
From Coq Require Import NArith Lia.
From CoinProofs Require Import Claims RulesPenny PennyPlay PennyGold PennyClaims PennyBeatty
  PennyWythoff.

Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.

Implicit Types (k x y n lo hi K : nat).

Lemma ltn_floor_phi : {mono floor_phi : m n / m < n}.
Proof. by move=> m n; rewrite -!floor_phiE ltn_floor_alpha. Qed.

(* Either way round, pair k's first pile is at least floor_phi k, and its piles hold
   floor_phi k + (floor_phi k + k) pennies. *)
Lemma pair_piles k x y : wythoff_pair k (x, y) ->
  floor_phi k <= x /\ x + y = floor_phi k + (floor_phi k + k).
Proof. by case/orP=> /eqP[-> ->]; rewrite ?leq_addr // addnC. Qed.

(* --- first: the losing positions up to the smaller pile of pair K ------------------------------- *)

(* The statement of penny.first-C, K = C - 1. *)
Theorem first_instance K : forall x y, x <= y -> x <= floor_phi K ->
  (losing wythoff normal (x, y) <-> exists2 k, k <= K & wythoff_pair k (x, y)).
Proof.
move=> x y _ le_x; rewrite wythoff_theorem.
split=> [[k pair_k] | [k _ pair_k]]; last by exists k.
exists k => //; rewrite leqNgt -ltn_floor_phi -leqNgt.
by apply: leq_trans le_x; case: (pair_piles pair_k).
Qed.

(* --- riddler: the totals LO..HI ---------------------------------------------------------------- *)

(* The pennies of pair k, either way round. *)
Definition total_phi k := floor_phi k + (floor_phi k + k).

(* The pairs k0 <= k < k1 are those whose totals lie in lo..hi (the totals grow with k). *)
Definition riddler_range (lo hi k0 k1 : N) : bool :=
  [&& (k0 <=? k1)%N, (k0 =? 0)%N || (total_of (k0 - 1) <? lo)%N, (hi <? total_of k1)%N &
      (k0 =? k1)%N || (lo <=? total_of k0)%N && (total_of (k1 - 1) <=? hi)%N].

Lemma total_nat k : N.to_nat (total_of (N.of_nat k)) = total_phi k.
Proof.
rewrite /total_of -[1%N]/(N.of_nat 1) N2Nat.inj_add gold_b_nat gold_nat Nat2N.id.
by rewrite /total_phi floor_phiE mul1n.
Qed.

Lemma leq_total m n : m <= n -> total_phi m <= total_phi n.
Proof.
rewrite /total_phi leq_eqVlt => /orP[/eqP-> // | lt_mn].
by have := lt_mn; rewrite -ltn_floor_phi; ssr_lia.
Qed.

Lemma riddler_range_sound lo hi k0 k1 :
  riddler_range (N.of_nat lo) (N.of_nat hi) (N.of_nat k0) (N.of_nat k1) ->
  forall k, (lo <= total_phi k <= hi) = (k0 <= k < k1).
Proof.
have pred k : (N.of_nat k - 1)%N = N.of_nat k.-1 by lia.
rewrite /riddler_range !pred => /and4P[/N.leb_spec0 le01 below /N.ltb_spec0 above within] k.
have t00 := total_nat k0.-1; have t0 := total_nat k0.
have t11 := total_nat k1.-1; have t1 := total_nat k1.
case: (ltnP k k0) => [lt_k0 | le_k0] /=.
  have le_k : total_phi k <= total_phi k0.-1 by apply: leq_total; rewrite -ltnS (ltn_predK lt_k0).
  apply/negbTE; rewrite negb_and -!ltnNge; apply/orP; left.
  by case/orP: below => [/N.eqb_spec | /N.ltb_spec0] ?; ssr_lia.
case: (ltnP k k1) => [lt_k1 | le_k1].
  have le_k0k : total_phi k0 <= total_phi k by apply: leq_total.
  have le_kk1 : total_phi k <= total_phi k1.-1.
    by apply: leq_total; rewrite -ltnS (ltn_predK lt_k1).
  apply/andP; case/orP: within => [/N.eqb_spec ? | /andP[/N.leb_spec0 ? /N.leb_spec0 ?]];
    by split; ssr_lia.
have le_k : total_phi k1 <= total_phi k by apply: leq_total.
apply/negbTE; rewrite negb_and -!ltnNge; apply/orP; right.
by ssr_lia.
Qed.

(* The statement of penny.riddler-LO-HI: the losing splits of lo..hi pennies are the pairs
   k0 <= k < k1 and their mirror images, the totals that have one are theirs, and every split
   of the other totals wins for the player to move. *)
Theorem riddler_instance lo hi k0 k1 :
  riddler_range (N.of_nat lo) (N.of_nat hi) (N.of_nat k0) (N.of_nat k1) ->
  (forall x y, lo <= x + y <= hi ->
     (losing wythoff normal (x, y) <-> exists2 k, k0 <= k < k1 & wythoff_pair k (x, y))) /\
  (forall n, lo <= n <= hi ->
     ((exists2 x, x <= n & losing wythoff normal (x, n - x)) <->
      exists2 k, k0 <= k < k1 & n = floor_phi k + (floor_phi k + k))) /\
  (forall n, lo <= n <= hi ->
     ((forall x, x <= n -> ~ losing wythoff normal (x, n - x)) <->
      forall k, k0 <= k < k1 -> n <> floor_phi k + (floor_phi k + k))).
Proof.
move=> /riddler_range_sound range.
have splits x y : lo <= x + y <= hi ->
    (losing wythoff normal (x, y) <-> exists2 k, k0 <= k < k1 & wythoff_pair k (x, y)).
  move=> in_range; rewrite wythoff_theorem.
  split=> [[k pair_k] | [k _ pair_k]]; last by exists k.
  by exists k; rewrite // -range /total_phi -(pair_piles pair_k).2.
have totals n : lo <= n <= hi ->
    ((exists2 x, x <= n & losing wythoff normal (x, n - x)) <->
     exists2 k, k0 <= k < k1 & n = floor_phi k + (floor_phi k + k)).
  move=> in_n; split=> [[x le_x] | [k in_k eq_n]].
    have sum : lo <= x + (n - x) <= hi by rewrite subnKC.
    case/(splits _ _ sum) => k in_k pair_k; exists k => //.
    by rewrite -(pair_piles pair_k).2 subnKC.
  exists (floor_phi k); first by rewrite eq_n leq_addr.
  by apply/wythoff_theorem; exists k; rewrite eq_n addKn /wythoff_pair eqxx.
split=> //; split=> // n in_n; split=> [none k in_k eq_n | none x le_x lost].
  by have [x le_x] := (totals n in_n).2 (ex_intro2 _ _ k in_k eq_n); apply: none.
by have [k in_k] := (totals n in_n).1 (ex_intro2 _ _ x le_x lost); apply: none.
Qed.
