(* Folding p m dials onto m dials mod a prime p with binomial weights, the tool of DialsChain.v.

   Cut a state x of p m dials into p blocks of m, x_0, ..., x_(p-1). The fold u is
   F_u x = sum_j C(j, u) x_j mod p (wfold). It adds moves (wfold_add). Turning the table by one
   turns F_u x by one, up to F_(u-1) x added at dial 0 (wfold_rotr1: dial 0 of block j comes
   from the last dial of block j - 1, Pascal's rule C(j + 1, u) = C(j, u) + C(j, u - 1), and
   C(p, u) = C(0, u) mod p for u < p). And Y x = (x with its blocks shifted by one) + (p - 1) x
   lowers the folds' index: F_(u+1) (Y x) = F_u x and F_0 (Y x) = 0 (wfold_lower). *)
From mathcomp Require Import ssreflect ssrfun ssrbool eqtype ssrnat seq choice path div.
From mathcomp Require Import fintype tuple finfun bigop prime finset binomial.
From CoinProofs Require Import Dials DialsPlay.

Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.

Implicit Types (a x y : dials) (i j k r u v : nat).

(* The dial at position k after turning by r (r at most the number of dials). *)
Lemma nth_rotr r x k : r <= size x -> k < size x ->
  nth 0 (rotr r x) k = nth 0 x (if k < r then size x - r + k else k - r).
Proof.
move=> le_r lt_k; rewrite /rotr /rot nth_cat size_drop subKn //.
case: ifP => [// | ge_k]; first by rewrite nth_drop.
by rewrite nth_take // ltn_sub2r // (leq_ltn_trans _ lt_k) // leqNgt ge_k.
Qed.

Section Fold.

Variables (p m : nat).
Variable p_prime : prime p.
Variable m_gt0 : 0 < m.
Let p_gt0 : 0 < p := prime_gt0 p_prime.

(* Dial i of the fold u before reducing mod p: dial i of each block j, weighted C(j, u). *)
Definition wsumC u x i := \sum_(0 <= j < p) 'C(j, u) * nth 0 x (j * m + i).

Definition wfold u x : dials := [seq wsumC u x i %% p | i <- iota 0 m].

Lemma size_wfold u x : size (wfold u x) = m.
Proof. by rewrite size_map size_iota. Qed.

Lemma nth_wfold u x i : i < m -> nth 0 (wfold u x) i = wsumC u x i %% p.
Proof. by move=> lt_i; rewrite (nth_map 0) ?size_iota // nth_iota. Qed.

(* Shifting the weights' blocks by one: C(0, u) = C(p, u) mod p. *)
Lemma sum_shift u (g : nat -> nat) : u < p ->
  \sum_(0 <= j < p) 'C(j, u) * g (if j is j'.+1 then j' else p.-1) =
  \sum_(0 <= j < p) 'C(j.+1, u) * g j %[mod p].
Proof.
move=> lt_u; rewrite -{1 4}(prednK p_gt0) big_nat_recl // big_nat_recr //= addnC.
apply/eqP; rewrite eqn_modDl prednK //; case: u lt_u => [|u] lt_u; first by rewrite !bin0.
rewrite bin0n mul0n mod0n eq_sym; apply: dvdn_mulr; exact: prime_dvd_bin.
Qed.

Lemma block_lt j i : j < p -> i < m -> j * m + i < p * m.
Proof.
move=> lt_j lt_i; rewrite (leq_trans (_ : _ < j.+1 * m)) ?leq_mul2r ?lt_j ?orbT //.
by rewrite mulSnr ltn_add2l.
Qed.

Lemma predn_block j : j.+1 * m - 1 = j * m + m.-1.
Proof. by rewrite mulSnr -subn1 addnBA // subn1. Qed.

(* Turning by one, block by block: dial i of block j comes from dial i - 1, dial 0 from the
   last dial of the block before. *)
Lemma nth_rotr1 x j i : size x = p * m -> j < p -> i < m ->
  nth 0 (rotr 1 x) (j * m + i) = if i is i'.+1 then nth 0 x (j * m + i')
                                 else nth 0 x ((if j is j'.+1 then j' else p.-1) * m + m.-1).
Proof.
move=> sz_x lt_j lt_i; have lt_k := block_lt lt_j lt_i.
rewrite nth_rotr ?sz_x ?(leq_ltn_trans (leq0n _) lt_k) //.
case: i lt_i lt_k => [|i] lt_i lt_k; first last.
  by rewrite addnS ltnS ltn0 subn1.
case: j lt_j lt_k => [|j] lt_j lt_k; first by rewrite mul0n !addn0 -predn_block prednK.
have ge1 : 1 <= j.+1 * m by rewrite mulSn (leq_trans m_gt0) ?leq_addr.
by rewrite addn0 ltnNge ge1 predn_block.
Qed.

(* Turning by m shifts the blocks by one. *)
Lemma nth_rotrm x j i : size x = p * m -> j < p -> i < m ->
  nth 0 (rotr m x) (j * m + i) = nth 0 x ((if j is j'.+1 then j' else p.-1) * m + i).
Proof.
move=> sz_x lt_j lt_i; have lt_k : j * m + i < size x by rewrite sz_x block_lt.
have le_m : m <= size x by rewrite sz_x leq_pmull.
rewrite (nth_rotr le_m lt_k) sz_x.
case: j {lt_j lt_k} => [|j]; first by rewrite mul0n add0n lt_i -{1}(prednK p_gt0) mulSn addKn.
by rewrite mulSn -addnA ltnNge leq_addr /= addKn.
Qed.
Lemma wfold_add u x y : size x = p * m -> size y = p * m ->
  wfold u (add p x y) = add p (wfold u x) (wfold u y).
Proof.
move=> sz_x sz_y; apply: (@eq_from_nth _ 0); rewrite ?size_add !size_wfold // => i lt_i.
rewrite nth_add ?size_wfold // !nth_wfold // modnDm /wsumC -big_split /=.
rewrite -modn_summ -[RHS]modn_summ; congr (_ %% p); apply: eq_big_nat => j /andP[_ lt_j].
by rewrite nth_add ?sz_x ?sz_y ?block_lt // modnMmr mulnDr.
Qed.

(* The sum with weights C(j + 1, u) is the fold u plus the fold u - 1. *)
Lemma sum_binS u (g : nat -> nat) : \sum_(0 <= j < p) 'C(j.+1, u) * g j =
  \sum_(0 <= j < p) 'C(j, u) * g j + if u is u'.+1 then \sum_(0 <= j < p) 'C(j, u') * g j
                                    else 0.
Proof.
case: u => [|u]; first by rewrite addn0; apply: eq_bigr => j _; rewrite !bin0.
by rewrite -big_split; apply: eq_bigr => j _; rewrite binS mulnDl.
Qed.

(* Turning by one turns the fold u, when the fold u - 1 is zero. *)
Lemma wfold_rotr1 u x : size x = p * m -> u < p ->
  (if u is u'.+1 then wfold u' x = zeros m else True) ->
  wfold u (rotr 1 x) = rotr 1 (wfold u x).
Proof.
move=> sz_x lt_u low; apply: (@eq_from_nth _ 0); rewrite ?size_rotr !size_wfold // => i lt_i.
rewrite nth_wfold // nth_rotr ?size_wfold //.
case: i lt_i => [|i] lt_i; last first.
  rewrite subSS subn0 nth_wfold ?(ltnW lt_i) //; congr (_ %% p).
  by apply: eq_big_nat => j /andP[_ lt_j]; rewrite nth_rotr1.
rewrite addn0 subn1 nth_wfold ?prednK //.
have -> : wsumC u (rotr 1 x) 0 = \sum_(0 <= j < p)
    'C(j, u) * (fun j => nth 0 x (j * m + m.-1)) (if j is j'.+1 then j' else p.-1).
  by apply: eq_big_nat => j /andP[_ lt_j]; rewrite nth_rotr1.
rewrite (sum_shift (fun j => nth 0 x (j * m + m.-1))) // sum_binS.
case: u lt_u low => [_ _ | u lt_u low].
  by rewrite addn0.
rewrite -modnDmr; have := congr1 (nth 0 ^~ m.-1) low.
by rewrite nth_wfold ?prednK ?leqnn // nth_nseq if_same => ->; rewrite addn0.
Qed.

(* Y x: the blocks shifted by one, minus x (plus (p - 1) x, mod p). *)
Definition lower x := add p (rotr m x) (map (muln p.-1) x).

Lemma size_lower x : size (lower x) = size x.
Proof. by rewrite size_add ?size_map ?size_rotr. Qed.

(* Y lowers the folds' index: F_(u+1) (Y x) = F_u x and F_0 (Y x) = 0. *)
Lemma wfold_lower u x : size x = p * m -> u < p ->
  wfold u (lower x) = if u is u'.+1 then wfold u' x else zeros m.
Proof.
move=> sz_x lt_u; apply: (@eq_from_nth _ 0); rewrite size_wfold.
  by case: u {lt_u} => [|u]; rewrite ?size_nseq ?size_wfold.
move=> i lt_i; set g := fun j => nth 0 x (j * m + i).
have e1 : wsumC u (rotr m x) i =
    \sum_(0 <= j < p) 'C(j, u) * g (if j is j'.+1 then j' else p.-1).
  by apply: eq_big_nat => j /andP[_ lt_j]; rewrite nth_rotrm.
have e2 : wsumC u (map (muln p.-1) x) i = p.-1 * \sum_(0 <= j < p) 'C(j, u) * g j.
  rewrite big_distrr; apply: eq_big_nat => j /andP[_ lt_j].
  by rewrite (nth_map 0) ?sz_x ?block_lt // mulnCA.
rewrite /lower wfold_add ?size_rotr ?size_map // nth_add ?size_wfold // !nth_wfold // modnDm.
rewrite -modnDml e1 sum_shift // modnDml sum_binS e2 addnAC -mulSn prednK //.
rewrite [p * _]mulnC modnMDl; case: u {e1 e2} lt_u => [|u] lt_u.
  by rewrite mod0n nth_nseq lt_i.
by rewrite nth_wfold.
Qed.

Lemma dstate_wfold u x : dstate p m (wfold u x).
Proof.
by apply/dstateP; rewrite size_wfold; split=> // _ /mapP[i _ ->]; rewrite ltn_pmod.
Qed.

Lemma dstate_lower x : dstate p (p * m) x -> dstate p (p * m) (lower x).
Proof.
case/dstateP=> sz_x _; apply/dstateP; rewrite size_lower; split=> // _ /mapP[c _ ->].
exact: ltn_pmod.
Qed.

End Fold.
