(* From m dials to p m dials mod a prime p (Bar-Yehuda, Etzion and Moran 1993, the step in N):
   a strategy that wins for m dials mod p gives one for p m dials mod p of (p^m)^p - 1 moves.

   Cut a state x of p m dials into p blocks of m, x_0, ..., x_(p-1), and fold it onto m dials
   with binomial weights: F_u x = sum_j C(j, u) x_j mod p (wfold). Turning the table by one
   turns F_u x by one, up to F_(u-1) x added at dial 0 (Pascal's rule, with C(p, u) = C(0, u)
   mod p); so on W_u, the states with F_v x = 0 for every v < u, F_u turns with the table.
   The chain W_0 (every state) >= W_1 >= ... >= W_p = {0} is climbed down by DialsCompose.v:
   K = W_(u+1) is where F_u is zero, and a move a of m dials lifts to Y^u (a ++ 0), where
   Y x = (x with its blocks shifted by one) - x lowers the fold's index (F_(v+1) (Y x) = F_v x,
   F_0 (Y x) = 0). Each step multiplies the strategy's length plus one by p^m. *)
From mathcomp Require Import all_ssreflect.
From CoinProofs Require Import Dials DialsPlay DialsCompose DialsScale.

Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.

Implicit Types (a x y : dials) (ms : seq dials) (i j k r u v : nat).

(* The dial at position k after turning by r (r at most the number of dials). *)
Lemma nth_rotr r x k : r <= size x -> k < size x ->
  nth 0 (rotr r x) k = nth 0 x (if k < r then size x - r + k else k - r).
Proof.
move=> le_r lt_k; rewrite /rotr /rot nth_cat size_drop subKn //.
case: ifP => [// | ge_k]; first by rewrite nth_drop.
by rewrite nth_take // ltn_sub2r // (leq_ltn_trans _ lt_k) // leqNgt ge_k.
Qed.

(* One state: every state is all zeros. *)
Lemma dstate1_zeros n x : dstate 1 n x -> x = zeros n.
Proof.
case/dstateP=> sz_x small; apply: (@eq_from_nth _ 0); rewrite ?size_nseq // => i lt_i.
by rewrite nth_nseq -sz_x lt_i; apply/eqP; rewrite -leqn0 -ltnS small ?mem_nth.
Qed.

Lemma dturn_zeros r n : dturn r (zeros n) = zeros n.
Proof. by apply: dstate1_zeros; rewrite dstate_dturn /dstate size_nseq eqxx all_nseq orbT. Qed.

Lemma add_zeros_zeros q n : 0 < q -> add q (zeros n) (zeros n) = zeros n.
Proof.
move=> q_gt0; have /add_zeros : dstate q (size (zeros n)) (zeros n).
  by rewrite /dstate eqxx all_nseq q_gt0 orbT.
by rewrite size_nseq; apply.
Qed.

Section Chain.

Variables (p m : nat).
Variable p_prime : prime p.
Variable m_gt0 : 0 < m.
Let p_gt0 : 0 < p := prime_gt0 p_prime.

(* Dial u of the fold with weights C(j, u). *)
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
Proof. by move=> lt_j lt_i; rewrite (leq_trans (_ : _ < j.+1 * m)) ?leq_mul2r ?lt_j ?orbT // mulSnr ltn_add2l. Qed.

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
rewrite (sum_shift (fun j => nth 0 x (j * m + m.-1))) // sum_binS; case: u lt_u low => [_ _ | u lt_u low].
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
rewrite [p * _]mulnC modnMDl; case: u {e1 e2} lt_u => [|u] lt_u; first by rewrite mod0n nth_nseq lt_i.
by rewrite nth_wfold.
Qed.

(* W_u: the states of p m dials whose folds 0, ..., u - 1 are zero. *)
Definition below u x := dstate p (p * m) x && all (fun v => wfold v x == zeros m) (iota 0 u).

Lemma belowP u x :
  reflect (dstate p (p * m) x /\ forall v, v < u -> wfold v x = zeros m) (below u x).
Proof.
apply: (iffP andP) => [[ok /allP low] | [ok low]]; split=> //.
  by move=> v lt_v; apply/eqP/low; rewrite mem_iota.
by apply/allP=> v; rewrite mem_iota => /low /eqP.
Qed.

Lemma below_leq u v x : v <= u -> below u x -> below v x.
Proof.
move=> le_vu /belowP[ok low]; apply/belowP; split=> // w lt_w.
exact/low/(leq_trans lt_w).
Qed.

Lemma below_rotr1 u x : u <= p -> below u x -> below u (rotr 1 x).
Proof.
move=> le_up /belowP[ok low]; apply/belowP; split=> [|v lt_v].
  by rewrite -(dstate_dturn _ _ 1) in ok.
rewrite wfold_rotr1 ?(size_dstate ok) ?(leq_trans lt_v) //; last first.
  by case: v lt_v => // v lt_v; apply/low/ltnW.
by rewrite low //; apply: (dturn_zeros 1 m).
Qed.

Lemma below_dturn u r x : u <= p -> below u x -> below u (dturn r x).
Proof. by move=> le_up Wx; elim: r => //= r; apply: below_rotr1. Qed.

(* On W_u, the fold u turns with the table. *)
Lemma wfold_dturn u r x : u < p -> below u x -> wfold u (dturn r x) = dturn r (wfold u x).
Proof.
move=> lt_up Wx; elim: r => // r IH.
have /belowP[ok low] := below_dturn r (ltnW lt_up) Wx.
rewrite /= wfold_rotr1 ?(size_dstate ok) ?IH //.
by case: u {IH} lt_up Wx low => // u _ _ low; apply: low.
Qed.

Lemma wfold_step u r x y : u < p -> below u x -> below u y ->
  wfold u (add p (dturn r x) y) = add p (dturn r (wfold u x)) (wfold u y).
Proof.
move=> lt_up Wx Wy; have /belowP[/size_dstate sz_x _] := Wx.
have /belowP[/size_dstate sz_y _] := Wy.
by rewrite wfold_add ?size_dturn // wfold_dturn.
Qed.

Lemma below_step u r x y : u <= p -> below u x -> below u y -> below u (add p (dturn r x) y).
Proof.
move=> le_up Wx Wy; have /belowP[okx lowx] := Wx; have /belowP[oky lowy] := Wy.
apply/belowP; split=> [|v lt_v]; first exact: dstate_step.
rewrite wfold_step ?(leq_trans lt_v) ?(below_leq (ltnW lt_v)) //.
by rewrite lowx ?lowy // dturn_zeros add_zeros_zeros.
Qed.

Lemma dstate_wfold u x : dstate p m (wfold u x).
Proof.
by apply/dstateP; rewrite size_wfold; split=> // _ /mapP[i _ ->]; rewrite ltn_pmod.
Qed.

(* --- The lifts: a move a of m dials, as a move of W_u whose fold u is a ------------------ *)

Definition lift u a := iter u lower (a ++ zeros (p.-1 * m)).

Lemma dstate_lower x : dstate p (p * m) x -> dstate p (p * m) (lower x).
Proof.
case/dstateP=> sz_x _; apply/dstateP; rewrite size_lower; split=> // _ /mapP[c _ ->].
exact: ltn_pmod.
Qed.

Lemma size_iter_lower u x : size (iter u lower x) = size x.
Proof. by elim: u => //= u <-; rewrite size_lower. Qed.

Lemma wfold_iter_lower u v x : size x = p * m -> v < p ->
  wfold v (iter u lower x) = if u <= v then wfold (v - u) x else zeros m.
Proof.
move=> sz_x; elim: u v => [|u IH] v lt_v; first by rewrite subn0.
rewrite /= wfold_lower ?size_iter_lower //; case: v lt_v => // v lt_v.
by rewrite IH ?ltnS ?subSS // ltnW.
Qed.

Lemma wfold_pad a : dstate p m a -> wfold 0 (a ++ zeros (p.-1 * m)) = a.
Proof.
case/dstateP=> sz_a small; apply: (@eq_from_nth _ 0); rewrite size_wfold // => i lt_i.
have z : \sum_(1 <= j < p) 'C(j, 0) * nth 0 (a ++ zeros (p.-1 * m)) (j * m + i) = 0.
  rewrite big_nat_cond big1 // => j /andP[/andP[ge_j _] _].
  rewrite nth_cat sz_a ltnNge (leq_trans (_ : m <= j * m)) ?leq_addr ?leq_pmull //.
  by rewrite nth_nseq if_same muln0.
rewrite nth_wfold // /wsumC big_ltn // z bin0 mul1n mul0n add0n nth_cat sz_a lt_i addn0.
by rewrite modn_small // small ?mem_nth ?sz_a.
Qed.

Lemma below_lift u a : u <= p -> dstate p m a ->
  below u (lift u a) /\ (u < p -> wfold u (lift u a) = a).
Proof.
move=> le_up ok_a; have /dstateP[sz_a small] := ok_a.
have sz_pad : size (a ++ zeros (p.-1 * m)) = p * m.
  by rewrite size_cat size_nseq sz_a -mulSn prednK.
have ok_pad : dstate p (p * m) (a ++ zeros (p.-1 * m)).
  apply/dstateP; split=> // d; rewrite mem_cat => /orP[/small // | ].
  by rewrite mem_nseq => /andP[_ /eqP ->].
split=> [|lt_up]; last by rewrite wfold_iter_lower // leqnn subnn wfold_pad.
apply/belowP; split=> [|v lt_v]; first by elim: (u) => //= w; apply: dstate_lower.
by rewrite wfold_iter_lower ?(leq_trans lt_v) // leqNgt lt_v.
Qed.

(* W_p = {0}: the folds 0, ..., p - 1 determine the blocks, the last first. *)
Lemma below_p_zeros x : below p x -> x = zeros (p * m).
Proof.
case/belowP=> ok low; have sz_x := size_dstate ok; have /dstateP[_ small] := ok.
suff blocks k : k <= p -> forall j i, p - k <= j < p -> i < m -> nth 0 x (j * m + i) = 0.
  apply: (@eq_from_nth _ 0); rewrite ?size_nseq // => k lt_k; rewrite nth_nseq -sz_x lt_k.
  rewrite {1}(divn_eq k m) (blocks p) ?subnn ?ltn_pmod //=.
  by rewrite ltn_divLR // -sz_x.
elim: k => [|k IH] le_k j i /andP[ge_j lt_j] lt_i; first by rewrite subn0 leqNgt lt_j in ge_j.
have lt_kp : k < p := le_k.
have [gt_j | le_j] := ltnP (p - k.+1) j.
  by apply: IH (ltnW le_k) _ _ _ lt_i; rewrite lt_j andbT -subnSK.
have eq_j : j = p - k.+1 by apply/eqP; rewrite eqn_leq le_j ge_j.
have := congr1 (nth 0 ^~ i) (low j lt_j); rewrite nth_wfold // nth_nseq lt_i.
have z1 : \sum_(0 <= j' < j) 'C(j', j) * nth 0 x (j' * m + i) = 0.
  by rewrite big_nat_cond big1 // => j' /andP[/andP[_ lt_j'] _]; rewrite bin_small.
have z2 : \sum_(j.+1 <= j' < p) 'C(j', j) * nth 0 x (j' * m + i) = 0.
  rewrite big_nat_cond big1 // => j' /andP[/andP[gt_j' lt_j'] _].
  by rewrite IH ?muln0 ?(ltnW le_k) // lt_j' andbT -subnSK // -eq_j.
rewrite /wsumC (big_cat_nat _ _ _ (leq0n j) (ltnW lt_j)) z1 /= big_ltn // z2 binn mul1n addn0.
by rewrite modn_small // small ?mem_nth ?sz_x ?block_lt.
Qed.

(* --- Down the chain W_p = {0} <= ... <= W_0 = every state -------------------------------- *)

Variable S : seq dials.
Variable S_wins : dial_wins p m S.

Lemma below_succ u x : below u x -> wfold u x = zeros m -> below u.+1 x.
Proof.
case/belowP=> ok low zero; apply/belowP; split=> // v; rewrite ltnS leq_eqVlt.
by case/predU1P=> [-> | /low].
Qed.

Lemma chain k : k <= p -> exists D, [/\ (size D).+1 = (size S).+1 ^ k,
  all (below (p - k)) D & forall x, below (p - k) x -> dwinning p x D].
Proof.
elim: k => [_ | k IH lt_kp].
  by exists [::]; split=> // x; rewrite subn0 => /below_p_zeros ->; left; rewrite size_nseq.
have [D [sz_D D_in D_wins]] := IH (ltnW lt_kp).
set u := p - k.+1; have lt_up : u < p by rewrite /u ltn_subrL p_gt0.
have eq_u : p - k = u.+1 by rewrite /u subnSK.
rewrite eq_u in D_in D_wins; have S_ok := S_wins.1.
exists (compose D (lift u) S); split; first by rewrite size_compose sz_D expnS.
  rewrite all_cat (sub_all (fun x => below_leq (leqnSn u)) D_in) /=.
  apply/allP=> y /flattenP[_ /mapP[a a_in ->]]; rewrite inE => /predU1P[-> | ].
    exact: (below_lift (ltnW lt_up) (allP S_ok a a_in)).1.
  by move/(allP D_in); apply: below_leq.
move=> x Wx; apply: (compose_wins (W := below u) (K := below u.+1) (pi := wfold u)
  (n' := m)) S_wins Wx.
- by move=> y z r; apply: below_step; apply: ltnW.
- by move=> y; apply: below_leq.
- exact: D_in.
- by move=> y z r; apply: wfold_step.
- by move=> y /belowP[_]; apply.
- exact: below_succ.
- by move=> y _; apply: dstate_wfold.
- exact: D_wins.
- by move=> a /(below_lift (ltnW lt_up))[].
- by move=> a /(below_lift (ltnW lt_up))[_]; apply.
Qed.

End Chain.

(* From a strategy for m dials mod a prime p, one for p m dials mod p, of length
   (L + 1)^p - 1. *)
Theorem dial_wins_blocks p m S : prime p -> 0 < m -> dial_wins p m S ->
  exists2 ms, (size ms).+1 = (size S).+1 ^ p & dial_wins p (p * m) ms.
Proof.
move=> p_prime m_gt0 S_wins; have [D [sz_D D_in D_wins]] := chain p_prime m_gt0 S_wins (leqnn p).
exists D => //; rewrite subnn in D_in D_wins; apply/dial_winsE; split.
  by apply: sub_all D_in => x /andP[].
by move=> x ok; apply: D_wins; rewrite /below ok.
Qed.
