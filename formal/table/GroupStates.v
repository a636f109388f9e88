(* States of the rotating-table family (RulesTable.v) as a group under [add]: sizes, the
   neutral state, multiples and differences, and the devil's permutations, which act on states
   additively (for any list p, not only permutations). Also how many states TableOrbits.v's
   [all_dials] lists. The lemmas of Dials.v, DialsPlay.v and TablePlay.v are used as they are. *)
From mathcomp Require Import ssreflect ssrfun ssrbool eqtype ssrnat seq choice path div.
From CoinProofs Require Import Dials DialsPlay TablePlay TableOrbits.

Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.

Implicit Types (s m x y u v : dials) (ms : seq dials) (p : seq nat) (w : seq (seq nat))
  (q n k : nat).

(* --- Sizes and dials ------------------------------------------------------------------- *)

Lemma size_add_min q s m : size (add q s m) = minn (size s) (size m).
Proof. by rewrite size_map size_zip. Qed.

Lemma rearrange_cons p w s : rearrange (p :: w) s = rearrange w (permute p s).
Proof. by []. Qed.

Lemma dstate_nth q n s i : dstate q n s -> 0 < q -> nth 0 s i < q.
Proof.
case/dstateP=> _ small q_gt0; have [lt_i | ge_i] := ltnP i (size s).
  exact/small/mem_nth.
by rewrite nth_default.
Qed.

Lemma dstate_nthP q n s : 0 < q ->
  reflect (size s = n /\ forall i, nth 0 s i < q) (dstate q n s).
Proof.
move=> q_gt0; apply: (iffP idP) => [ok | [sz small]].
  by split=> [|i]; [apply: size_dstate ok | apply: dstate_nth ok q_gt0].
by apply/dstateP; split=> // d /(nthP 0)[i _ <-].
Qed.

(* TablePlay.v's dstate_add from the sizes alone. *)
Lemma dstate_add_size q n s m : 0 < q -> size s = n -> size m = n -> dstate q n (add q s m).
Proof.
move=> q_gt0 sz_s sz_m; apply/dstateP; rewrite size_add_min sz_s sz_m minnn; split=> //.
by move=> _ /mapP[c _ ->]; rewrite ltn_pmod.
Qed.

Lemma dstate_permute q n p s : 0 < q -> dstate q n s -> dstate q n (permute p s).
Proof.
move=> q_gt0 ok; apply/(dstate_nthP _ _ q_gt0); rewrite size_permute (size_dstate ok).
split=> // j; have [lt_j | ge_j] := ltnP j (size s); last by rewrite nth_default ?size_permute.
by rewrite nth_permute // (dstate_nth _ ok).
Qed.

Lemma dstate_zeros q n : 0 < q -> dstate q n (zeros n).
Proof. by move=> q_gt0; rewrite /dstate size_nseq eqxx all_nseq q_gt0 orbT. Qed.

(* --- The group of states --------------------------------------------------------------- *)

Lemma addC q s m : size m = size s -> add q s m = add q m s.
Proof.
move=> eq_sz; apply: (@eq_from_nth _ 0) => [|i]; first by rewrite !size_add_min minnC.
by rewrite size_add // => lt_i; rewrite !nth_add ?eq_sz // addnC.
Qed.

(* Dials.v's add_zeros, the number of dials named. *)
Lemma add_zeros_dstate q n s : dstate q n s -> add q s (zeros n) = s.
Proof. by move=> ok; have sz := size_dstate ok; rewrite -sz add_zeros ?sz. Qed.

Lemma zeros_add q n s : dstate q n s -> add q (zeros n) s = s.
Proof. by move=> ok; rewrite addC ?add_zeros_dstate ?size_nseq ?(size_dstate ok). Qed.

(* Every dial times k, mod q. *)
Definition scale q k s : dials := [seq k * d %% q | d <- s].

(* The difference s - m: s plus (q - 1) times m. *)
Definition sub q s m : dials := add q s (scale q q.-1 m).

Lemma size_scale q k s : size (scale q k s) = size s.
Proof. exact: size_map. Qed.

Lemma nth_scale q k s i : nth 0 (scale q k s) i = k * nth 0 s i %% q.
Proof.
have [lt_i | ge_i] := ltnP i (size s); first by rewrite (nth_map 0).
by rewrite !nth_default ?size_scale // muln0 mod0n.
Qed.

Lemma dstate_scale q n k s : 0 < q -> size s = n -> dstate q n (scale q k s).
Proof.
move=> q_gt0 sz; apply/dstateP; rewrite size_scale; split=> // _ /mapP[d _ ->].
by rewrite ltn_pmod.
Qed.

Lemma scale0 q s : scale q 0 s = zeros (size s).
Proof. by rewrite /scale /zeros; elim: s => //= d s ->; rewrite mul0n mod0n. Qed.

Lemma scale1 q n s : dstate q n s -> scale q 1 s = s.
Proof.
case: (posnP q) => [q0 | q_gt0] ok.
  move: ok; rewrite q0 => /dstateP[_]; case: s => [// | d s small].
  by move/(_ d (mem_head _ _)): small; rewrite ltn0.
apply: (@eq_from_nth _ 0); rewrite ?size_scale // => i lt_i.
by rewrite nth_scale mul1n modn_small ?(dstate_nth _ ok).
Qed.

Lemma scaleS q k s : scale q k.+1 s = add q (scale q k s) s.
Proof.
apply: (@eq_from_nth _ 0); rewrite ?size_add_min ?size_scale ?minnn // => i lt_i.
by rewrite nth_add ?size_scale // nth_scale nth_scale modnDml mulSn addnC.
Qed.

Lemma scaleD q k l s : scale q (k + l) s = add q (scale q k s) (scale q l s).
Proof.
apply: (@eq_from_nth _ 0); rewrite ?size_add_min ?size_scale ?minnn // => i lt_i.
by rewrite nth_add ?size_scale // !nth_scale modnDm mulnDl.
Qed.

Lemma scale_scale q k c s : scale q k (scale q c s) = scale q (k * c) s.
Proof. by rewrite /scale -map_comp; apply/eq_map => d /=; rewrite modnMmr mulnA. Qed.

Lemma scale_mod q k s : scale q (k %% q) s = scale q k s.
Proof. by apply/eq_map => d; rewrite modnMml. Qed.

Lemma scaleq q s : scale q q s = zeros (size s).
Proof. by rewrite /scale /zeros; elim: s => //= d s ->; rewrite mulnC modnMl. Qed.

Lemma scale_zeros q k n : scale q k (zeros n) = zeros n.
Proof. by rewrite /scale /zeros map_nseq muln0 mod0n. Qed.

Lemma scale_add q k s m : size m = size s ->
  scale q k (add q s m) = add q (scale q k s) (scale q k m).
Proof.
move=> eq_sz; apply: (@eq_from_nth _ 0) => [|i].
  by rewrite !(size_scale, size_add_min) eq_sz.
rewrite size_scale size_add_min eq_sz minnn => lt_i.
by rewrite nth_add ?size_scale // !nth_scale nth_add // modnMmr mulnDr modnDm.
Qed.

Lemma sub_self q s : 0 < q -> sub q s s = zeros (size s).
Proof.
move=> q_gt0; rewrite /sub addC ?size_scale // -scaleS prednK //.
by rewrite /scale /zeros; elim: s => //= d s ->; rewrite mulnC modnMl.
Qed.

(* Adding q - 1 times m, then m, adds nothing. *)
Lemma add_scale_pred q s m : 0 < q -> size s = size m ->
  add q (add q s (scale q q.-1 m)) m = add q s (zeros (size m)).
Proof.
move=> q_gt0 sz; rewrite -addA ?size_scale // -scaleS prednK //.
by congr add; rewrite /scale /zeros; elim: (m) => //= d x ->; rewrite mulnC modnMl.
Qed.

Lemma add_sub q n s m : 0 < q -> dstate q n s -> size m = n -> add q (sub q s m) m = s.
Proof.
move=> q_gt0 ok sz_m; rewrite /sub add_scale_pred ?sz_m ?(size_dstate ok) //.
exact: add_zeros_dstate ok.
Qed.

(* Adding m, then q - 1 times m, adds nothing. *)
Lemma add_addK q n s m : 0 < q -> dstate q n s -> size m = n ->
  add q (add q s m) (scale q q.-1 m) = s.
Proof.
move=> q_gt0 ok sz_m; have sz_s := size_dstate ok.
rewrite -addA ?size_scale ?sz_s ?sz_m // [add q m _]addC ?size_scale // -scaleS prednK //.
by rewrite scaleq sz_m add_zeros_dstate.
Qed.

Lemma sub_addK q n s m : 0 < q -> dstate q n m -> size s = n -> sub q (add q s m) s = m.
Proof.
move=> q_gt0 ok sz_s; rewrite /sub [add q s m]addC ?(size_dstate ok) //.
exact: (add_addK q_gt0 ok).
Qed.

(* The only state s with s + m = x. *)
Lemma add_eq_sub q n s m x : 0 < q -> dstate q n s -> size m = n -> add q s m = x ->
  s = sub q x m.
Proof.
move=> q_gt0 ok sz_m <-; have sz_s := size_dstate ok.
rewrite /sub -addA ?size_scale ?sz_s ?sz_m // [add q m _]addC ?size_scale //.
rewrite -scaleS prednK // [scale q q m](_ : _ = zeros n) ?add_zeros_dstate //.
by rewrite -sz_m /scale /zeros; elim: (m) => //= d y ->; rewrite mulnC modnMl.
Qed.

(* --- The devil's permutations are additive --------------------------------------------- *)

Lemma permute_add q p s m : size m = size s ->
  permute p (add q s m) = add q (permute p s) (permute p m).
Proof.
move=> eq_sz; apply: (@eq_from_nth _ 0) => [|j].
  by rewrite !(size_add_min, size_permute).
rewrite size_permute size_add_min eq_sz minnn => lt_j.
rewrite nth_add ?size_permute ?eq_sz // nth_permute ?size_add // !nth_permute ?eq_sz //.
have [lt_i | ge_i] := ltnP (index j p) (size s); first by rewrite nth_add.
by rewrite !nth_default ?size_add ?eq_sz // mod0n.
Qed.

Lemma permute_scale q k p s : permute p (scale q k s) = scale q k (permute p s).
Proof.
apply: (@eq_from_nth _ 0) => [|j]; first by rewrite !(size_permute, size_scale).
rewrite size_permute size_scale => lt_j.
by rewrite nth_permute ?size_scale // !nth_scale nth_permute.
Qed.

Lemma permute_zeros p n : permute p (zeros n) = zeros n.
Proof.
apply: (@eq_from_nth _ 0); rewrite size_permute // => j lt_j.
by rewrite nth_permute // !nth_nseq if_same -(size_nseq n 0) lt_j.
Qed.

(* TablePlay.v's rearrange_add for any lists, not only permutations. *)
Lemma rearrangeD q w s m : size m = size s ->
  rearrange w (add q s m) = add q (rearrange w s) (rearrange w m).
Proof.
elim: w s m => //= p w IH s m eq_sz; rewrite permute_add // IH //.
by rewrite !size_permute.
Qed.

Lemma rearrange_scale q k w s : rearrange w (scale q k s) = scale q k (rearrange w s).
Proof. by elim: w s => //= p w IH s; rewrite permute_scale IH. Qed.

Lemma rearrange_zeros w n : rearrange w (zeros n) = zeros n.
Proof. by elim: w => //= p w IH; rewrite permute_zeros. Qed.

Lemma rearrange_nseq w n c : all (perm_of n) w -> rearrange w (nseq n c) = nseq n c.
Proof.
elim: w => //= p w IH /andP[perm_p perms]; rewrite -[RHS]IH //; congr rearrange.
apply: (@eq_from_nth _ 0) => [|j]; rewrite size_permute // size_nseq => lt_j.
by rewrite nth_permute ?size_nseq // !nth_nseq lt_j index_perm_of.
Qed.

(* --- Every state ----------------------------------------------------------------------- *)

Lemma size_all_dials q n : size (all_dials q n) = q ^ n.
Proof. by elim: n => //= n IH; rewrite size_allpairs IH size_iota expnS mulnC. Qed.

