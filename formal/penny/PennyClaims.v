(* The penny claims as theorems: for each kind a boolean checker that vm_compute runs on the
   claim's numbers, and its soundness theorem, whose conclusion is the claim's statement
   (coinproofs/coq/penny.py writes it): p-positions and a-wythoff (square_sound,
   wythoff_square), misère (misere_square), first (first_sound), riddler (riddler_sound).
   penny.unique needs no checker: PennyPlay.v's unique_claim holds for every M. Each checker
   compares the mex sequence of PennyMex.v, through PennyGold.v's walk, with the formula; no
   evidence from the certificate is needed. *)
From mathcomp Require Import ssreflect ssrfun ssrbool eqtype ssrnat seq choice path.
From Coq Require Import NArith Lia.
From CoinProofs Require Import Claims RulesPenny PennyPlay PennyMex PennyMisere PennyGold.

Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.

Implicit Types (a k x y M V : nat) (p : position) (L : seq position).

(* B k = floor(k alpha) + a k, in N. *)
Definition gold_b (a k : N) : N := (gold a k + a * k)%N.

Lemma gold_b_nat a k : N.to_nat (gold_b (N.of_nat a) (N.of_nat k)) = floor_alpha a k + a * k.
Proof. by rewrite N2Nat.inj_add gold_nat N2Nat.inj_mul !Nat2N.id. Qed.

Lemma alpha_pairE a k p : 0 < a -> (forall i, i <= k -> A a i = floor_alpha a i) ->
  alpha_pair a k p = (p == (A a k, B a k)) || (p == (B a k, A a k)).
Proof. by move=> _ same; rewrite /alpha_pair /B same. Qed.

Lemma B_lt_mono a m n : B a m < B a n -> m < n.
Proof. by apply: contraTT; rewrite -!leqNgt; apply: leq_B. Qed.

(* --- p-positions and a-wythoff: the losing positions in a square ------------------------------ *)

Definition square_check a M V : bool :=
  [&& 0 < V, mex_is_gold a V,
      (gold_b (N.of_nat a) (N.of_nat V.-1) <=? N.of_nat M)%N &
      (N.of_nat M <? gold_b (N.of_nat a) (N.of_nat V))%N].

Theorem square_sound a M V : square_check a M V ->
  forall x y, x <= M /\ y <= M /\ losing a normal (x, y) <-> exists2 k, k < V & alpha_pair a k (x, y).
Proof.
case/and4P=> pos_V /mex_is_gold_sound[pos_a same] /N.leb_spec0 le_M /N.ltb_spec0 lt_M x y.
have BV1 : B a V.-1 <= M.
  rewrite /B same ?leq_pred // -gold_b_nat; apply/leP; lia.
have BV : M < B a V by rewrite /B same // -gold_b_nat; apply/ltP; lia.
have le_AB k : A a k <= B a k by rewrite leq_addr.
rewrite fraenkel //; split=> [[le_x [le_y [k pair_k]]] | [k lt_k]].
  have lt_k : k < V.
    apply: (@B_lt_mono a); apply: leq_ltn_trans BV.
    by case: pair_k => -[eq_x eq_y]; [rewrite -eq_y | rewrite -eq_x].
  exists k => //; rewrite alpha_pairE => [| // | i le_i]; last by rewrite same // (leq_trans le_i (ltnW lt_k)).
  by apply/orP; case: pair_k => -[-> ->]; [left | right].
rewrite alpha_pairE => [| // | i le_i]; last by rewrite same // (leq_trans le_i (ltnW lt_k)).
have le_BM : B a k <= M by apply: leq_trans BV1; apply: leq_B; rewrite -ltnS prednK.
case/orP=> /eqP [-> ->]; (split; [|split]); rewrite ?(leq_trans (le_AB k)) //; exists k; by [left | right].
Qed.

Lemma floor_phiE k : floor_alpha 1 k = floor_phi k.
Proof.
by rewrite /floor_alpha /floor_phi mul1n exp1n add1n [_ * 5]mulnC mul2n -addnn -addnA addKn.
Qed.

Lemma wythoff_pairE k p : wythoff_pair k p = alpha_pair 1 k p.
Proof. by rewrite /wythoff_pair /alpha_pair floor_phiE mul1n. Qed.

(* The statement of penny.p-positions.mM. *)
Theorem wythoff_square M V : square_check 1 M V ->
  forall x y, x <= M /\ y <= M /\ losing wythoff normal (x, y) <-> exists2 k, k < V & wythoff_pair k (x, y).
Proof.
move=> ok x y; rewrite (square_sound ok).
by split=> -[k lt_k pair_k]; exists k; rewrite // wythoff_pairE in pair_k *.
Qed.

(* --- Misère play -------------------------------------------------------------------------------- *)

Lemma floor_phi_small : floor_phi 0 = 0 /\ floor_phi 1 = 1.
Proof. by rewrite /floor_phi (@isqrt_spec _ 0) // (@isqrt_spec _ 2). Qed.

Definition misere_check M V : bool := (1 < M) && square_check 1 M V.

(* The statement of penny.misere.mM. *)
Theorem misere_square M V : misere_check M V ->
  forall x y, x <= M /\ y <= M /\ losing wythoff misere (x, y) <->
    (x, y) \in [:: (0, 1); (1, 0); (2, 2)] \/ exists2 k, 2 <= k < V & wythoff_pair k (x, y).
Proof.
case/andP=> le2M ok x y; have square := wythoff_square ok x y.
have [pos_V run _ _] := and4P ok; have [_ same] := mex_is_gold_sound run.
have large k : 2 <= k -> k < V -> wythoff_pair k (x, y) -> (x, y) \notin normal_small.
  move=> le_k lt_k; rewrite wythoff_pairE alpha_pairE // => [|i le_i]; last first.
    by rewrite same // (leq_trans le_i (ltnW lt_k)).
  have := A_large le_k; rewrite /B !inE mul1n.
  move=> A3 /orP[] /eqP[-> ->]; apply/negP => /or3P[] /eqP[]; ssr_lia.
rewrite misere_losing; split=> [[le_x [le_y [small | [lost not_small]]]] | [small | [k lt_k pair_k]]].
- by left.
- right; have [k lt_k pair_k] := square.1 (conj le_x (conj le_y lost)); exists k => //.
  rewrite lt_k andbT; case: k pair_k {lt_k} => [|[|k]] // pair_k; move: not_small pair_k.
    by rewrite /wythoff_pair floor_phi_small.1 => /negP not_small /orP[] /eqP eq_p; rewrite eq_p in not_small.
  by rewrite /wythoff_pair floor_phi_small.2 => /negP not_small /orP[] /eqP eq_p; rewrite eq_p in not_small.
- move: small; rewrite !inE => /or3P[] /eqP [-> ->]; (split; [|split]) => //;
    by [left | apply: ltnW].
case/andP: lt_k => le_k lt_k.
have [le_x [le_y lost]] := square.2 (ex_intro2 _ _ k lt_k pair_k).
by do 2 (split=> //); right; split=> //; apply: large pair_k.
Qed.

(* --- first: the first C losing positions ----------------------------------------------------- *)

(* L lists (A k, B k) for k = k0, k0 + 1, ... *)
Fixpoint listed (a k : N) L : bool :=
  if L is p :: L' then
    [&& (N.of_nat p.1 =? gold a k)%N, (N.of_nat p.2 =? gold_b a k)%N & listed a (k + 1) L']
  else true.

Lemma listed_sound a k0 L : listed (N.of_nat a) (N.of_nat k0) L ->
  (forall k, k < k0 + size L -> A a k = floor_alpha a k) ->
  forall i, i < size L -> nth (0, 0) L i = (A a (k0 + i), B a (k0 + i)).
Proof.
elim: L k0 => [|[x y] L IH] k0 //= /and3P[/N.eqb_spec eq_x /N.eqb_spec eq_y rest] same [_|i].
  rewrite addn0 /B same ?addn0 ?addnS ?ltnS ?leq_addr //.
  have := gold_b_nat a k0; have := gold_nat a (N.of_nat k0); rewrite Nat2N.id => <- <- /=.
  by congr pair; lia.
have eK : (N.of_nat k0 + 1)%N = N.of_nat k0.+1 by lia.
by rewrite ltnS => lt_i; rewrite eK in rest; rewrite /= (IH _ rest) ?addSnnS.
Qed.

Definition first_check X L : bool :=
  [&& 0 < size L, mex_is_gold 1 (size L), listed 1 0 L & X == (last (0, 0) L).1].

(* The statement of penny.first-C: the losing positions (x, y), x <= y, up to the last smaller
   pile listed, are the listed ones. *)
Theorem first_sound X L : first_check X L ->
  forall x y, x <= y -> x <= X -> (losing wythoff normal (x, y) <-> (x, y) \in L).
Proof.
case/and4P=> pos_C /mex_is_gold_sound[_ same] run /eqP eq_X x y le_xy le_x.
have nthL := @listed_sound 1 0 L run (fun k lt_k => same k (ltnW lt_k)).
have eX : X = A 1 (size L).-1 by rewrite eq_X -nth_last nthL ?ltn_predL.
rewrite fraenkel // /wythoff; split=> [[k pair_k] | /(nthP (0, 0))[i lt_i]].
  have {pair_k} [eq_x eq_y] : x = A 1 k /\ y = B 1 k.
    case: pair_k => -[eq_x eq_y]; first by [].
    by move: le_xy; rewrite /B mul1n in eq_x *; ssr_lia.
  have lt_k : k < size L.
    rewrite -(prednK pos_C) ltnS leqNgt; apply/negP => /(A_mono 1) lt_A.
    by move: le_x; rewrite eX eq_x leqNgt lt_A.
  by apply/(nthP (0, 0)); exists k; rewrite // nthL // eq_x eq_y.
by rewrite nthL // => -[<- <-]; exists i; left.
Qed.

(* --- riddler: the totals LO..HI ---------------------------------------------------------------- *)

(* A k + B k, in N. *)
Definition total_of (k : N) : N := (gold 1 k + gold_b 1 k)%N.

Definition riddler_check lo hi k0 L (losing_totals winning_totals : seq nat) : bool :=
  let k1 := k0 + size L in
  [&& lo <= hi, mex_is_gold 1 k1, listed 1 (N.of_nat k0) L,
      (k0 == 0) || (total_of (N.of_nat k0.-1) <? N.of_nat lo)%N,
      (N.of_nat hi <? total_of (N.of_nat k1))%N,
      all (fun p => lo <= p.1 + p.2 <= hi) L,
      losing_totals == [seq p.1 + p.2 | p <- L] &
      merge leq losing_totals winning_totals == iota lo (hi - lo).+1].

Lemma total_mono m n : m < n -> A 1 m + B 1 m < A 1 n + B 1 n.
Proof. by move=> lt_mn; have := A_mono 1 lt_mn; have := B_mono 1 lt_mn; ssr_lia. Qed.

(* The statement of penny.riddler-LO-HI: the losing splits of LO..HI pennies, the totals that
   have one, and the totals that have none. *)
Theorem riddler_sound lo hi k0 L losing_totals winning_totals :
  riddler_check lo hi k0 L losing_totals winning_totals ->
  (forall x y, lo <= x + y <= hi ->
     (losing wythoff normal (x, y) <-> (x, y) \in L \/ (y, x) \in L)) /\
  (forall n, lo <= n <= hi ->
     ((exists2 x, x <= n & losing wythoff normal (x, n - x)) <-> n \in losing_totals)) /\
  (forall n, n \in winning_totals <->
     lo <= n <= hi /\ forall x, x <= n -> ~ losing wythoff normal (x, n - x)).
Proof.
case/and5P=> le_lohi /mex_is_gold_sound[_ same] run below /and4P[above in_range /eqP eq_LT /eqP eq_M].
have WTE n : (n \in winning_totals) = (n \notin losing_totals) && (n \in iota lo (hi - lo).+1).
  rewrite -eq_M mem_merge mem_cat; have [in_LT | //] := boolP (n \in losing_totals).
  have : uniq (losing_totals ++ winning_totals) by rewrite -(merge_uniq leq) eq_M iota_uniq.
  rewrite cat_uniq => /and3P[_ /hasPn disjoint _]; apply/negbTE/negP => /disjoint.
  by rewrite /= in_LT.
have nthL := @listed_sound 1 k0 L run (fun k lt_k => same k (ltnW lt_k)).
have total k : k <= k0 + size L -> N.to_nat (total_of (N.of_nat k)) = A 1 k + B 1 k.
  move=> le_k; rewrite /total_of -[1%N]/(N.of_nat 1) N2Nat.inj_add gold_b_nat gold_nat.
  by rewrite Nat2N.id /B same //; lia.
have pairs x y : (losing wythoff normal (x, y) <-> is_pair 1 (x, y)) by apply: fraenkel.
have in_L x y : (x, y) \in L -> losing wythoff normal (x, y).
  by case/(nthP (0, 0)) => i lt_i; rewrite nthL // => -[<- <-]; apply/pairs; exists (k0 + i); left.
have splits x y : lo <= x + y <= hi ->
    (losing wythoff normal (x, y) <-> (x, y) \in L \/ (y, x) \in L).
  move=> /andP[lo_xy xy_hi]; split=> [/pairs[k pair_k] | [/in_L // | /in_L]]; last first.
    by move/losing_mirror.
  have sum_k : lo <= A 1 k + B 1 k <= hi.
    have -> : A 1 k + B 1 k = x + y by case: pair_k => -[-> ->]; rewrite // addnC.
    by rewrite lo_xy xy_hi.
  have le_k0 : k0 <= k.
    case: (posnP k0) => [-> // | pos_k0]; rewrite leqNgt; apply/negP => lt_k.
    move: below; rewrite eqn0Ngt pos_k0 /= => /N.ltb_spec0 lt_lo.
    have t_k0 := total k0.-1 (leq_trans (leq_pred k0) (leq_addr _ _)).
    have : A 1 k + B 1 k <= A 1 k0.-1 + B 1 k0.-1.
      rewrite leq_eqVlt; case: (ltngtP k k0.-1) => [/total_mono -> | ? | ->]; rewrite ?eqxx ?orbT //.
      by ssr_lia.
    by move: sum_k; ssr_lia.
  have lt_k1 : k < k0 + size L.
    rewrite ltnNge; apply/negP => le_k1; move/N.ltb_spec0: above => hi_lt.
    have t_k1 := total (k0 + size L) (leqnn _).
    have : A 1 (k0 + size L) + B 1 (k0 + size L) <= A 1 k + B 1 k.
      rewrite leq_eqVlt; case: (ltngtP (k0 + size L) k) => [/total_mono -> | lt | ->];
        rewrite ?eqxx ?orbT //.
      by rewrite ltnNge le_k1 in lt.
    by move: sum_k; clear -hi_lt t_k1; ssr_lia.
  have at_k : nth (0, 0) L (k - k0) = (A 1 k, B 1 k) by rewrite nthL ?subnKC // ltn_subLR.
  have in_k : (A 1 k, B 1 k) \in L by rewrite -at_k mem_nth // ltn_subLR.
  by case: pair_k => -[-> ->]; [left | right].
split=> //; split=> [n /andP[lo_n n_hi] | n].
  rewrite eq_LT; split=> [[x le_x lost] | /mapP[[x y] in_xy ->]].
    have sum : lo <= x + (n - x) <= hi by rewrite subnKC // lo_n.
    have [xy|yx] := (splits _ _ sum).1 lost; apply/mapP; [exists (x, n - x) | exists (n - x, x)];
      by rewrite //= ?subnKC // subnK.
  by exists x; rewrite /= ?leq_addr // addKn; apply: in_L.
have totals m : lo <= m <= hi -> (m \in losing_totals) = has (fun p => p.1 + p.2 == m) L.
  move=> _; rewrite eq_LT; apply/mapP/hasP => [[p in_p ->] | [p in_p /eqP <-]]; by exists p.
rewrite WTE mem_iota; split=> [/andP[not_lost in_r] | [in_r none]].
  have in_r' : lo <= n <= hi.
    by rewrite addnS subnKC // ltnS in in_r.
  split=> // x le_x lost; move: not_lost; rewrite totals //; apply/negP/negPn/hasP.
  have sum : lo <= x + (n - x) <= hi by rewrite subnKC.
  have [xy|yx] := (splits _ _ sum).1 lost; [exists (x, n - x) | exists (n - x, x)];
    by rewrite //= ?subnKC // subnK.
apply/andP; split; last by rewrite addnS subnKC // ltnS.
rewrite totals //; apply/hasP => -[[x y] in_xy /eqP sum]; apply: (none x); rewrite -?sum ?leq_addr //.
by rewrite /= addKn; apply: in_L.
Qed.
