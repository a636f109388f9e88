(* From m dials to p m dials mod a prime p (Bar-Yehuda, Etzion and Moran 1993, the step in N):
   a strategy that wins for m dials mod p gives one for p m dials mod p, of (p^m)^p - 1 moves
   when it has p^m - 1.

   With the folds F_u of DialsFold.v, let W_u be the states whose folds 0, ..., u - 1 are zero
   (below): W_0 is every state and W_p = {0} (the folds determine the blocks, the last first).
   On W_u, F_u turns with the table, and it is zero exactly on W_(u+1). So DialsCompose.v
   climbs the chain W_p <= ... <= W_0, p times: K = W_(u+1), pi = F_u, and a move a of m dials
   lifts to Y^u (a ++ 0), which is in W_u and folds to a. Each step multiplies the strategy's
   length plus one by p^m. *)
From mathcomp Require Import ssreflect ssrfun ssrbool eqtype ssrnat seq choice path div.
From mathcomp Require Import fintype tuple finfun bigop prime finset binomial.
From CoinProofs Require Import Dials DialsPlay DialsCompose DialsFold.

Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.

Implicit Types (a x y : dials) (i j k r u v : nat).

Section Chain.

Variables (p m : nat).
Variable p_prime : prime p.
Variable m_gt0 : 0 < m.
Let p_gt0 : 0 < p := prime_gt0 p_prime.

Local Notation wsumC := (wsumC p m).
Local Notation wfold := (wfold p m).
Local Notation lower := (lower p m).
Local Notation size_wfold := (@size_wfold p m).
Local Notation nth_wfold := (@nth_wfold p m).
Local Notation block_lt := (@block_lt p m).
Local Notation wfold_add := (@wfold_add p m).
Local Notation wfold_rotr1 := (@wfold_rotr1 p m p_prime m_gt0).
Local Notation size_lower := (@size_lower p m).
Local Notation wfold_lower := (@wfold_lower p m p_prime).
Local Notation dstate_wfold := (@dstate_wfold p m p_prime).
Local Notation dstate_lower := (@dstate_lower p m p_prime).

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

(* --- The lifts: a move a of m dials, as a move of W_u whose fold u is a ------------------ *)

Definition lift u a := iter u lower (a ++ zeros (p.-1 * m)).

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

(* The strategy for W_(p-k): S composed k times, from the empty strategy on W_p = {0}. *)
Fixpoint climb k := if k is k'.+1 then compose (climb k') (lift (p - k'.+1)) S else [::].

Lemma chain k : k <= p -> [/\ (size (climb k)).+1 = (size S).+1 ^ k,
  all (below (p - k)) (climb k) & forall x, below (p - k) x -> dwinning p x (climb k)].
Proof.
elim: k => [_ | k IH lt_kp].
  by split=> // x; rewrite subn0 => /below_p_zeros ->; left; rewrite size_nseq.
have [sz_D D_in D_wins] := IH (ltnW lt_kp); rewrite /=.
set u := p - k.+1; have lt_up : u < p by rewrite /u ltn_subrL p_gt0.
have eq_u : p - k = u.+1 by rewrite /u subnSK.
rewrite eq_u in D_in D_wins; have S_ok := S_wins.1.
split; first by rewrite size_compose sz_D expnS.
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

(* From a strategy S for m dials mod a prime p, climb p m S p wins for p m dials mod p, with
   (L + 1)^p - 1 moves. *)
Theorem dial_wins_blocks p m S : prime p -> 0 < m -> dial_wins p m S ->
  (size (climb p m S p)).+1 = (size S).+1 ^ p /\ dial_wins p (p * m) (climb p m S p).
Proof.
move=> p_prime m_gt0 S_wins; have [sz_D D_in D_wins] := chain p_prime m_gt0 S_wins (leqnn p).
split=> //; rewrite subnn in D_in D_wins; apply/dial_winsE; split.
  by apply: sub_all D_in => x /andP[].
by move=> x ok; apply: D_wins; rewrite /below ok.
Qed.
