(* Beatty's and Rayleigh's theorem for Fraenkel's numbers, in integers: for a >= 1, the
   numbers floor(i alpha) and floor(j beta), i, j >= 1, beta = alpha + a, take every value
   >= 1 exactly once (floor_covered, floor_disjoint), since 1/alpha + 1/beta = 1 and
   alpha = (2 - a + s) / 2 is irrational, s = sqrt(a^2 + 4). Hence the mex sequence A of
   PennyMex.v is floor(k alpha) for every k (A_floor_alpha).
   No real number appears: floor_s a w = floor(w s) = isqrt (w^2 (a^2 + 4)), and Rayleigh's
   argument, which divides i alpha < w by alpha, becomes the identity
     a ((2w + a i - 2i)^2 - i^2 s^2) = w^2 s^2 - (2a i + 2w - a w)^2
   (alpha_cross; beta_cross the same for beta): each comparison of floor(i alpha) with w is one
   of floor(w s) with a number linear in i and w, and the two theorems are linear arithmetic. *)
(* ZArith first: imported after MathComp, its ^ would be Nat.pow, not RulesPenny.v's expn. *)
From Coq Require Import ZArith Lia.
From mathcomp Require Import ssreflect ssrfun ssrbool eqtype ssrnat seq choice path div.
From CoinProofs Require Import RulesPenny PennyPlay PennyMex PennyGold.

Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.

Implicit Types (a i j k m n v w : nat).

(* --- The integer square root (PennyGold.v's isqrt_spec) --------------------------------------- *)

Lemma isqrt_bounds n : isqrt n * isqrt n <= n < (isqrt n).+1 * (isqrt n).+1.
Proof.
suff [r bounds] : exists r, r * r <= n < r.+1 * r.+1 by rewrite (isqrt_spec bounds).
elim: n => [|n [r /andP[le_r lt_r]]]; first by exists 0.
have [lt_n | le_n] := ltnP n.+1 (r.+1 * r.+1).
  by exists r; rewrite lt_n andbT (leq_trans le_r).
by exists r.+1; rewrite le_n /=; apply: leq_ltn_trans lt_r (ltn_mul (ltnSn _) (ltnSn _)).
Qed.

(* floor(w s), s = sqrt(a^2 + 4). *)
Definition floor_s a w := isqrt (w ^ 2 * (a ^ 2 + 4)).

Lemma floor_s_bounds a w :
  floor_s a w * floor_s a w <= w * w * (a * a + 4) < (floor_s a w).+1 * (floor_s a w).+1.
Proof. by rewrite /floor_s -!mulnn; apply: isqrt_bounds. Qed.

(* s is irrational: w^2 (a^2 + 4) is no square, for w, a >= 1; if it were (m / w)^2 would be
   a^2 + 4, strictly between a^2 and (a + 2)^2 and not (a + 1)^2. *)
Lemma no_square a w m : 0 < a -> 0 < w -> m * m != w * w * (a * a + 4).
Proof.
move=> pos_a pos_w; apply/eqP => eq_m.
have /dvdnP[c eq_c] : w %| m.
  by rewrite -(@dvdn_pexp2r _ _ 2) // !expnS !expn0 !muln1 eq_m dvdn_mulr.
have : w * w * (c * c) == w * w * (a * a + 4) by rewrite -eq_m eq_c mulnACA mulnC.
rewrite eqn_pmul2l ?muln_gt0 ?pos_w // => /eqP eq_cc.
have [le_c | lt_c] := leqP c a; first by move: (leq_mul le_c le_c); rewrite eq_cc; ssr_lia.
have [le_c2 | lt_c2] := leqP (a + 2) c.
  by move: (leq_mul le_c2 le_c2); rewrite eq_cc; ssr_lia.
have eq_c1 : c = a.+1 by ssr_lia.
by move: eq_cc; rewrite eq_c1 -!multE -!plusE; nia.
Qed.

Lemma floor_s_strict a w : 0 < a -> 0 < w -> floor_s a w * floor_s a w < w * w * (a * a + 4).
Proof.
move=> pos_a pos_w; have /andP[le _] := floor_s_bounds a w.
by rewrite ltn_neqAle le (no_square _ pos_a pos_w).
Qed.

Lemma floor_s_ge a w : a * w <= floor_s a w.
Proof.
have /andP[_ lt] := floor_s_bounds a w; rewrite leqNgt; apply/negP => lt_r.
by move: (leq_mul lt_r lt_r) lt; rewrite -!multE -!plusE => /leP ? /leP ?; nia.
Qed.

(* --- floor(i alpha) and floor(j beta) against w ---------------------------------------------- *)

Definition floor_beta a j := floor_alpha a j + a * j.

Lemma floor_alphaE a i : floor_alpha a i = (2 * i + floor_s a i - a * i) %/ 2.
Proof. by []. Qed.

Lemma lt_floor_alpha a i w : (floor_alpha a i < w) = (floor_s a i + 2 * i < 2 * w + a * i).
Proof. by rewrite floor_alphaE ltn_divLR //; have ge := floor_s_ge a i; apply/idP/idP; ssr_lia. Qed.

Lemma lt_floor_beta a j w : (floor_beta a j < w) = (floor_s a j + 2 * j + a * j < 2 * w).
Proof.
rewrite /floor_beta floor_alphaE addnC -divnMDl // ltn_divLR //.
by have ge := floor_s_ge a j; apply/idP/idP; ssr_lia.
Qed.

Open Scope Z_scope.

(* i alpha < w iff w / alpha > i: in integers, X = 2w + a i - 2i, Y = 2a i + 2w - a w, and
   a (X^2 - i^2 s^2) = w^2 s^2 - Y^2. *)
Lemma alpha_cross_Z (a i w ri rw : Z) : 1 <= a -> 0 <= i -> 1 <= w -> 0 <= ri -> 0 <= rw ->
  ri * ri <= i * i * (a * a + 4) -> i * i * (a * a + 4) < (ri + 1) * (ri + 1) ->
  rw * rw < w * w * (a * a + 4) -> w * w * (a * a + 4) < (rw + 1) * (rw + 1) ->
  ri + 2 * i < 2 * w + a * i <-> 2 * a * i + 2 * w <= rw + w * a.
Proof.
move=> pos_a pos_i pos_w pos_ri pos_rw le_ri lt_ri lt_rw gt_rw.
pose X := 2 * w + a * i - 2 * i; pose Y := 2 * a * i + 2 * w - w * a.
have id : a * (X * X - i * i * (a * a + 4)) = w * w * (a * a + 4) - Y * Y by rewrite /X /Y; ring.
split=> H.
  have le_X : (ri + 1) * (ri + 1) <= X * X by apply: Z.mul_le_mono_nonneg; rewrite /X; lia.
  have Y_lt : Y * Y < w * w * (a * a + 4) by rewrite -Z.sub_pos -id; apply: Z.mul_pos_pos; lia.
  suff : Y < rw + 1 by rewrite /Y; lia.
  by apply: Z.square_lt_simpl_nonneg; lia.
have Y_lt : Y * Y < w * w * (a * a + 4).
  have [neg | pos] := Z.lt_ge_cases Y 0.
    have lt_Y : - Y < w * a by rewrite /Y; lia.
    have : - Y * - Y < w * a * (w * a) by apply: Z.mul_lt_mono_nonneg; lia.
    by have := Z.square_nonneg w; lia.
  by apply: (Z.le_lt_trans _ (rw * rw)) => //; apply: Z.mul_le_mono_nonneg; rewrite /Y; lia.
have X_gt : i * i * (a * a + 4) < X * X by rewrite -Z.sub_pos -(Z.mul_pos_cancel_l a) ?id; lia.
have pos_X : 0 < X.
  have [// | neg] := Z.lt_ge_cases 0 X.
  have lt_aX : a * i < - X.
    by apply: Z.square_lt_simpl_nonneg; [lia | have := Z.square_nonneg i; lia].
  by have := Z.mul_le_mono_nonneg_r 1 a i pos_i pos_a; rewrite /X in lt_aX; lia.
suff : ri < X by rewrite /X; lia.
by apply: Z.square_lt_simpl_nonneg; lia.
Qed.

(* j beta < w iff w / beta > j: X = 2w - 2j - a j, Y = 2w + a w - 2a j, and
   a (X^2 - j^2 s^2) = Y^2 - w^2 s^2. *)
Lemma beta_cross_Z (a j w rj rw : Z) : 1 <= a -> 0 <= j -> 1 <= w -> 0 <= rj -> 0 <= rw ->
  rj * rj <= j * j * (a * a + 4) -> j * j * (a * a + 4) < (rj + 1) * (rj + 1) ->
  rw * rw <= w * w * (a * a + 4) -> w * w * (a * a + 4) < (rw + 1) * (rw + 1) ->
  a * j <= rj ->
  rj + 2 * j + a * j < 2 * w <-> rw + 2 * a * j < 2 * w + a * w.
Proof.
move=> pos_a pos_j pos_w pos_rj pos_rw le_rj lt_rj le_rw gt_rw ge_rj.
pose X := 2 * w - 2 * j - a * j; pose Y := 2 * w + a * w - 2 * a * j.
have id : a * (X * X - j * j * (a * a + 4)) = Y * Y - w * w * (a * a + 4) by rewrite /X /Y; ring.
split=> H.
  have le_X : (rj + 1) * (rj + 1) <= X * X by apply: Z.mul_le_mono_nonneg; rewrite /X; lia.
  have Y_gt : w * w * (a * a + 4) < Y * Y by rewrite -Z.sub_pos -id; apply: Z.mul_pos_pos; lia.
  have pos_Y : 0 <= Y by have := Z.mul_nonneg_nonneg a w; rewrite /Y; lia.
  suff : rw < Y by rewrite /Y; lia.
  by apply: Z.square_lt_simpl_nonneg; lia.
have le_Y : (rw + 1) * (rw + 1) <= Y * Y by apply: Z.mul_le_mono_nonneg; rewrite /Y; lia.
have X_gt : j * j * (a * a + 4) < X * X by rewrite -Z.sub_pos -(Z.mul_pos_cancel_l a) ?id; lia.
have pos_X : 0 < X.
  have [// | neg] := Z.lt_ge_cases 0 X.
  have lt_jw : w < j.
    have : a * j < - X.
      by apply: Z.square_lt_simpl_nonneg; [lia | have := Z.square_nonneg j; lia].
    by rewrite /X; lia.
  have lt_Yw : Y < w.
    have : a * w <= a * j by apply: Z.mul_le_mono_nonneg_l; lia.
    by have := Z.mul_le_mono_nonneg_r 1 a j pos_j pos_a; rewrite /Y; lia.
  have : Y * Y < w * w by apply: Z.mul_lt_mono_nonneg; rewrite /Y; lia.
  by have := Z.square_nonneg (w * a); lia.
suff : rj < X by rewrite /X; lia.
by apply: Z.square_lt_simpl_nonneg; lia.
Qed.

Close Scope Z_scope.

(* floor(i alpha) < w iff 2a i + 2w <= floor(w s) + a w, for w >= 1. *)
Lemma alpha_cross a i w : 0 < a -> 0 < w ->
  (floor_alpha a i < w) = (2 * a * i + 2 * w <= floor_s a w + w * a).
Proof.
move=> pos_a pos_w; rewrite lt_floor_alpha.
have /andP[/leP le_ri /leP lt_ri] := floor_s_bounds a i.
have /leP lt_rw := floor_s_strict pos_a pos_w.
have /andP[_ /leP gt_rw] := floor_s_bounds a w.
have := @alpha_cross_Z (Z.of_nat a) (Z.of_nat i) (Z.of_nat w) (Z.of_nat (floor_s a i))
  (Z.of_nat (floor_s a w)).
move: pos_a pos_w => /leP pos_a /leP pos_w cross.
apply/idP/idP => /leP H; apply/leP; move: H le_ri lt_ri lt_rw gt_rw pos_a pos_w cross;
  by rewrite -!multE -!plusE; lia.
Qed.

(* floor(j beta) < w iff floor(w s) + 2a j < 2w + a w, for w >= 1. *)
Lemma beta_cross a j w : 0 < a -> 0 < w ->
  (floor_beta a j < w) = (floor_s a w + 2 * a * j < 2 * w + a * w).
Proof.
move=> pos_a pos_w; rewrite lt_floor_beta.
have /andP[/leP le_rj /leP lt_rj] := floor_s_bounds a j.
have /andP[/leP le_rw /leP gt_rw] := floor_s_bounds a w.
have /leP ge_rj := floor_s_ge a j.
have := @beta_cross_Z (Z.of_nat a) (Z.of_nat j) (Z.of_nat w) (Z.of_nat (floor_s a j))
  (Z.of_nat (floor_s a w)).
move: pos_a pos_w => /leP pos_a /leP pos_w cross.
apply/idP/idP => /leP H; apply/leP; move: H le_rj lt_rj le_rw gt_rw ge_rj pos_a pos_w cross;
  by rewrite -!multE -!plusE; lia.
Qed.

(* --- floor(i alpha) increases ----------------------------------------------------------------- *)

Lemma isqrt_ge m n : m * m <= n -> m <= isqrt n.
Proof.
move=> le_m; have /andP[_ lt] := isqrt_bounds n; rewrite -ltnS ltnNge; apply/negP => lt_m.
by move: (leq_mul lt_m lt_m) (leq_ltn_trans le_m lt); rewrite leqNgt => /negP.
Qed.

(* floor((i + 1) s) >= floor(i s) + a, since s > a. *)
Lemma floor_s_step a i : floor_s a i + a <= floor_s a i.+1.
Proof.
rewrite {2}/floor_s -!mulnn; apply: isqrt_ge; have /andP[le _] := floor_s_bounds a i.
have le_ar : a * floor_s a i <= i * (a * a + 4).
  rewrite leqNgt; apply/negP => lt; move: (leq_mul lt lt) (leq_mul (leqnn (a * a)) le).
  by rewrite -!multE -!plusE => /leP ? /leP ?; nia.
by move: le le_ar; rewrite -!multE -!plusE => /leP ? /leP ?; apply/leP; nia.
Qed.

Lemma floor_alpha_half a i :
  2 * floor_alpha a i <= 2 * i + floor_s a i - a * i <= (2 * floor_alpha a i).+1.
Proof.
rewrite floor_alphaE; move: (2 * i + floor_s a i - a * i) => m.
by have := divn_eq m 2; have : m %% 2 < 2 by [rewrite ltn_mod]; ssr_lia.
Qed.

Lemma floor_alpha_step a i : floor_alpha a i < floor_alpha a i.+1.
Proof.
rewrite lt_floor_alpha; have := floor_alpha_half a i.+1; have := floor_s_step a i.
by have := floor_s_ge a i.+1; ssr_lia.
Qed.

Lemma ltn_floor_alpha a : {mono floor_alpha a : m n / m < n}.
Proof.
apply/leqW_mono/leq_mono.
by apply: homo_ltn => [? ? ?|i]; [apply: ltn_trans | apply: floor_alpha_step].
Qed.

Lemma floor_alpha0 a : floor_alpha a 0 = 0.
Proof. by rewrite floor_alphaE /floor_s (@isqrt_spec _ 0) // !mul0n. Qed.

Lemma leq_floor_alpha a i : i <= floor_alpha a i.
Proof.
elim: i => [|i IH]; first by rewrite floor_alpha0.
by apply: leq_ltn_trans IH (floor_alpha_step a i).
Qed.

(* --- Rayleigh's theorem: every v >= 1 is floor(i alpha) or floor(j beta), not both ----------- *)

(* The last i with h i < v, for v above h 0 and at most h n. *)
Lemma bracket (h : nat -> nat) v n : h 0 < v -> v <= h n -> exists i, h i < v <= h i.+1.
Proof.
move=> h0; elim: n => [|n IH] le_v; first by rewrite leqNgt h0 in le_v.
by case: (ltnP (h n) v) => [lt | /IH //]; exists n; rewrite lt le_v.
Qed.

Lemma floor_covered a v : 0 < a ->
  (exists i, floor_alpha a i = v) \/ (exists j, floor_beta a j = v).
Proof.
move=> pos_a; have [-> | pos_v] := posnP v; first by left; exists 0; rewrite floor_alpha0.
have [i /andP[lt_i le_i]] : exists i, floor_alpha a i < v <= floor_alpha a i.+1.
  by apply: (bracket (n := v)); rewrite ?floor_alpha0 ?leq_floor_alpha.
have [j /andP[lt_j le_j]] : exists j, floor_beta a j < v <= floor_beta a j.+1.
  apply: (bracket (n := v)); first by rewrite /floor_beta floor_alpha0 muln0.
  by rewrite /floor_beta (leq_trans (leq_floor_alpha a v)) ?leq_addr.
have [eq_i | ne_i] := eqVneq (floor_alpha a i.+1) v; first by left; exists i.+1.
have [eq_j | ne_j] := eqVneq (floor_beta a j.+1) v; first by right; exists j.+1.
have out_i : ~~ (floor_alpha a i.+1 < v.+1) by rewrite -leqNgt ltn_neqAle eq_sym ne_i le_i.
have out_j : ~~ (floor_beta a j.+1 < v.+1) by rewrite -leqNgt ltn_neqAle eq_sym ne_j le_j.
move: lt_i lt_j out_i out_j; rewrite !alpha_cross // !beta_cross // => c1 c2 c3 c4.
have : a * (i + j) < a * v by ssr_lia.
have : a * v.+1 < a * (i + j).+2 by ssr_lia.
by rewrite !ltn_pmul2l //; ssr_lia.
Qed.

Lemma floor_disjoint a i j : 0 < a -> 0 < i -> floor_alpha a i <> floor_beta a j.
Proof.
move=> pos_a pos_i eq_ij; have [j0 | _] := posnP j.
  move: (leq_floor_alpha a i).
  by rewrite eq_ij /floor_beta j0 floor_alpha0 muln0 leqNgt pos_i.
have pos_v : 0 < floor_alpha a i by rewrite (leq_trans pos_i) ?leq_floor_alpha.
have in_i : floor_alpha a i < (floor_alpha a i).+1 by [].
have in_j : floor_beta a j < (floor_alpha a i).+1 by rewrite eq_ij.
have out_i : ~~ (floor_alpha a i < floor_alpha a i) by rewrite ltnn.
have out_j : ~~ (floor_beta a j < floor_alpha a i) by rewrite eq_ij ltnn.
move: in_i in_j out_i out_j; rewrite !alpha_cross // !beta_cross // => c1 c2 c3 c4.
have : a * (i + j) < a * (floor_alpha a i).+1 by ssr_lia.
have : a * floor_alpha a i < a * (i + j) by ssr_lia.
by rewrite !ltn_pmul2l //; ssr_lia.
Qed.

(* --- The mex sequence is floor(k alpha) ------------------------------------------------------- *)

Theorem A_floor_alpha a k : 0 < a -> A a k = floor_alpha a k.
Proof.
move=> pos_a; elim/ltn_ind: k => k IH; rewrite /A; apply: mex_unique.
  apply/negP => /mem_used[i lt_ik [eq_A | eq_B]].
    by move: (ltn_floor_alpha a i k); rewrite lt_ik eq_A IH // ltnn.
  by apply: (@floor_disjoint a k i pos_a); [apply: leq_ltn_trans lt_ik | rewrite eq_B /B IH].
move=> v lt_v; apply/mem_used; have [[i eq_i] | [j eq_j]] := floor_covered v pos_a.
  have lt_ik : i < k by rewrite -(ltn_floor_alpha a) eq_i.
  by exists i => //; left; rewrite IH.
have lt_jk : j < k.
  rewrite -(ltn_floor_alpha a); apply: leq_ltn_trans lt_v; rewrite -eq_j; exact: leq_addr.
by exists j => //; right; rewrite /B IH.
Qed.
