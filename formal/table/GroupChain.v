(* Sufficiency for every group, given a chain (Bar-Yehuda, Etzion and Moran's composition, as
   Lamping's for coins): W_0 a set of states where the strategy D wins, closed under adding and
   under the devil's generators (a subgroup, [subgroup]); v a state fixed by the devil modulo
   W_0 (every generator g has g v - v in W_0, [fixed_mod]) and c > 0 with c v in W_0. Then
   D v D v ... v D (c - 1 moves v, [link]) wins from every state z + k v of W_1 = W_0 + <v>
   ([extend]). Why: while D is played, the devil's words and D's moves change z (within W_0:
   g (z + k v) + m = (g z + k (g v - v) + m) + k v) but not k; each move v adds one to k; once k
   is a multiple of c the state is in W_0, and the D that follows wins.

   [chain_ok] checks a chain of such links from the goal states; [chain_table_wins] is the
   theorem: a chain that ends with every state gives a winning strategy ([chain_strategy]),
   of exactly q^N - 1 moves (goal zero) or q^(N-1) - 1 (goal equal) when each c is the order
   of v modulo the states before it. *)
From mathcomp Require Import ssreflect ssrfun ssrbool eqtype ssrnat seq choice path div.
From mathcomp Require Import fintype tuple finfun bigop.
From CoinProofs Require Import Dials DialsPlay TablePlay TableOrbits GroupStates GroupPlay
  GroupLowerBound GroupPerm.

Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.

Implicit Types (y z u v m : dials) (D ms : seq dials) (W : seq dials) (w : seq (seq nat))
  (vs : seq (dials * nat)).

(* --- Regrouping sums of states ---------------------------------------------------------- *)

Section Regroup.

Variables (q n : nat) (a b c d : dials).
Variables (sa : size a = n) (sb : size b = n) (sc : size c = n) (sd : size d = n).

Local Ltac sizes := rewrite ?size_add_min ?sa ?sb ?sc ?sd ?minnn.

(* a + (b + c) = (a + c) + b *)
Lemma regroup_swap : add q a (add q b c) = add q (add q a c) b.
Proof. by rewrite [add q b c]addC; sizes => //; rewrite addA; sizes. Qed.

(* (a + b) + (c + d) = (a + c) + (b + d) *)
Lemma regroup_pairs : add q (add q a b) (add q c d) = add q (add q a c) (add q b d).
Proof.
rewrite -[LHS]addA; sizes => //; rewrite [add q b (add q c d)]addA; sizes => //.
rewrite [add q b c]addC; sizes => //; rewrite -[add q (add q c b) d]addA; sizes => //.
by rewrite [LHS]addA; sizes.
Qed.

(* (a + (b + c)) + d = ((a + c) + d) + b *)
Lemma regroup_move : add q (add q a (add q b c)) d = add q (add q (add q a c) d) b.
Proof.
rewrite [add q a (add q b c)]regroup_swap -[LHS]addA; sizes => //.
by rewrite [add q b d]addC; sizes => //; rewrite [LHS]addA; sizes.
Qed.

(* (a + (b + c)) + d = (a + c) + (b + d) *)
Lemma regroup_step : add q (add q a (add q b c)) d = add q (add q a c) (add q b d).
Proof.
rewrite regroup_move -[LHS]addA; sizes => //.
by rewrite [add q d b]addC; sizes.
Qed.

End Regroup.

Section Chain.

Variable T : table.
Local Notation q := (states T).
Local Notation N := (positions T).
Variable q_gt0 : 0 < q.

(* W holds all zeros, adds, holds states only, and the devil's generators keep it. *)
Definition subgroup W :=
  [/\ zeros N \in W, {in W &, forall y z, add q y z \in W}, {in W, forall y, dstate q N y} &
      forall g y, g \in generators T -> y \in W -> permute g y \in W].

(* v is fixed by the devil's generators modulo W. *)
Definition fixed_mod W v := all (fun g => sub q (permute g v) v \in W) (generators T).

(* The states z + k v, z in W, k < c. *)
Definition extend W v c := [seq add q z (scale q k v) | k <- iota 0 c, z <- W].

(* D v D v ... v D, with c - 1 moves v. *)
Definition link D v c := D ++ flatten (nseq c.-1 (v :: D)).

Section Subgroup.

Variable W : seq dials.
Variable W_sub : subgroup W.

Lemma W_zeros : zeros N \in W. Proof. by case: W_sub. Qed.
Lemma W_add y z : y \in W -> z \in W -> add q y z \in W.
Proof. by case: W_sub => _ adds _ _; apply: adds. Qed.
Lemma W_dstate y : y \in W -> dstate q N y.
Proof. by case: W_sub => _ _ sized _; apply: sized. Qed.
Lemma W_size y : y \in W -> size y = N. Proof. by move/W_dstate/size_dstate. Qed.

Lemma W_scale k y : y \in W -> scale q k y \in W.
Proof.
move=> Wy; elim: k => [|k IH]; first by rewrite scale0 W_size ?W_zeros.
by rewrite scaleS W_add.
Qed.

Lemma W_sub_mem y z : y \in W -> z \in W -> sub q y z \in W.
Proof. by move=> Wy Wz; rewrite W_add ?W_scale. Qed.

Lemma W_word w y : word T w -> y \in W -> rearrange w y \in W.
Proof.
case: W_sub => _ _ _ W_perm; elim: w y => //= g w IH y /andP[g_in word_w] Wy.
exact/IH/W_perm.
Qed.

Variable v : dials.
Variables (ok_v : dstate q N v) (fixed : fixed_mod W v).
Let sz_v : size v = N := size_dstate ok_v.

(* The devil's words keep v modulo W: w v = v + u for some u in W. *)
Lemma fixed_word w : word T w -> exists2 u, u \in W & rearrange w v = add q v u.
Proof.
elim: w => [|g w IH] /=; first by exists (zeros N); rewrite ?W_zeros ?add_zeros_dstate.
case/andP=> g_in word_w; have [u' Wu' wv] := IH word_w.
set u := sub q (permute g v) v; have Wu : u \in W by apply: (allP fixed).
have sz_u : size u = N by rewrite size_add_min size_permute size_scale sz_v minnn.
have pv : permute g v = add q v u.
  by rewrite addC ?sz_u // (add_sub q_gt0 (dstate_permute g q_gt0 ok_v)).
exists (add q u' (rearrange w u)); first by rewrite W_add ?W_word.
by rewrite pv rearrangeD ?sz_u // wv -addA ?(W_size Wu') ?size_rearrange ?sz_u ?sz_v.
Qed.

Variable c : nat.
Variables (c_gt0 : 0 < c) (W_cv : scale q c v \in W).

Lemma W_scale_dvd k : c %| k -> scale q k v \in W.
Proof. by move/dvdnP=> [t ->]; rewrite -scale_scale W_scale. Qed.

Lemma mem_extend y :
  reflect (exists2 z, z \in W & exists k, y = add q z (scale q k v)) (y \in extend W v c).
Proof.
apply: (iffP allpairsP) => [[[k z] /= [_ Wz ->]] | [z Wz [k ->]]].
  by exists z => //; exists k.
have sz_z := W_size Wz.
exists (k %% c, add q z (scale q (k %/ c * c) v)); split=> /=.
- by rewrite mem_iota ltn_pmod.
- by rewrite W_add ?W_scale_dvd ?dvdn_mull.
by rewrite -addA ?size_scale ?sz_z ?sz_v // -scaleD -divn_eq.
Qed.

Lemma extend_subgroup : subgroup (extend W v c).
Proof.
have sz_scale k : size (scale q k v) = N by rewrite size_scale.
split.
- apply/mem_extend; exists (zeros N); first exact: W_zeros.
  by exists 0; rewrite scale0 sz_v add_zeros_dstate ?dstate_zeros.
- move=> _ _ /mem_extend[z Wz [k ->]] /mem_extend[z' Wz' [k' ->]]; apply/mem_extend.
  exists (add q z z'); first exact: W_add.
  by exists (k + k'); rewrite scaleD (@regroup_pairs _ N) ?(W_size Wz) ?(W_size Wz') ?sz_scale.
- move=> _ /mem_extend[z Wz [k ->]]; apply: dstate_add_size => //; exact: W_size.
move=> g _ g_in /mem_extend[z Wz [k ->]]; apply/mem_extend.
have word_g : word T [:: g] by rewrite /word /= g_in.
have [u Wu gv] := fixed_word word_g.
have [sz_u sz_z] := (W_size Wu, W_size Wz).
exists (add q (permute g z) (scale q k u)).
  by rewrite W_add ?W_scale //; case: W_sub => _ _ _; apply.
exists k; rewrite permute_add ?sz_scale ?sz_z // permute_scale.
by rewrite -[permute g v]/(rearrange [:: g] v) gv scale_add ?sz_u // (@regroup_swap _ N)
  ?size_permute ?sz_z ?size_scale ?sz_u ?sz_v.
Qed.

(* --- One link: D wins on W, so D v D ... v D wins on W + <v> --------------------------- *)

Variable D : seq dials.
Variables (D_in : all (mem W) D) (D_wins : {in W, forall y, table_wins_from T y D}).

(* While the moves of ms (in W) are played, the devil changes z but not k. *)
Lemma reach_keeps ms z k y : all (mem W) ms -> z \in W ->
  treach T (add q z (scale q k v)) ms y -> exists2 z', z' \in W & y = add q z' (scale q k v).
Proof.
elim: ms z => [|m ms IH] z /=; first by move=> _ Wz ->; exists z.
case/andP=> Wm Wms Wz [w word_w reach_y]; have [u Wu wv] := fixed_word word_w.
have [[sz_z sz_m] sz_u] := (W_size Wz, W_size Wm, W_size Wu).
apply: (IH (add q (add q (rearrange w z) (scale q k u)) m)) => //.
  by rewrite !W_add ?W_scale ?W_word.
move: reach_y; rewrite /next rearrangeD ?size_scale ?sz_z ?sz_v //.
rewrite rearrange_scale wv scale_add ?sz_u ?sz_v //.
by rewrite (@regroup_move _ N) ?size_rearrange ?size_scale ?sz_z ?sz_v ?sz_u ?sz_m.
Qed.

Lemma link_step j z k : z \in W -> (exists2 j', j' <= j & c %| k + j') ->
  table_wins_from T (add q z (scale q k v)) (D ++ flatten (nseq j (v :: D))).
Proof.
elim: j z k => [|j IH] z k Wz [j' le_j' dvd_c].
  apply/wins_from_catl/D_wins; rewrite W_add ?W_scale_dvd //.
  by move: le_j' dvd_c; rewrite leqn0 => /eqP ->; rewrite addn0.
have [dvd_k | not_dvd] := boolP (c %| k).
  by apply/wins_from_catl/D_wins; rewrite W_add ?W_scale_dvd.
case: j' le_j' dvd_c => [|j'] le_j' dvd_c.
  by rewrite addn0 in dvd_c; rewrite dvd_c in not_dvd.
rewrite /= -cat_cons; apply: wins_from_cat => y /(reach_keeps D_in Wz)[z' Wz' ->].
right=> w word_w; have [u Wu wv] := fixed_word word_w.
have [sz_z' sz_u] := (W_size Wz', W_size Wu).
rewrite /next rearrangeD ?size_scale ?sz_z' ?sz_v // rearrange_scale wv scale_add ?sz_u //.
rewrite (@regroup_step _ N) ?size_rearrange ?size_scale ?sz_z' ?sz_v ?sz_u // -scaleS.
apply: IH; first by rewrite W_add ?W_scale ?W_word.
by exists j'; rewrite // addSnnS.
Qed.

(* D v D ... v D wins from every state of W + <v>, and its moves are in W + <v>. *)
Lemma link_wins : {in extend W v c, forall y, table_wins_from T y (link D v c)} /\
  all (mem (extend W v c)) (link D v c).
Proof.
split=> [_ /mem_extend[z Wz [k ->]] | ]; last first.
  have W_ext y : y \in W -> y \in extend W v c.
    move=> Wy; apply/mem_extend; exists y => //; exists 0.
    by rewrite scale0 sz_v add_zeros_dstate ?W_dstate.
  have v_ext : v \in extend W v c.
    apply/mem_extend; exists (zeros N); rewrite ?W_zeros //; exists 1.
    by rewrite (scale1 ok_v) zeros_add.
  rewrite all_cat (sub_all W_ext D_in) /=; apply/allP=> y /flattenP[_ /nseqP[-> _]].
  by rewrite inE => /predU1P[-> // | /(allP D_in)/W_ext].
apply: link_step => //; exists ((c - k %% c) %% c).
  by rewrite -ltnS prednK // ltn_pmod.
by rewrite /dvdn modnDmr -modnDml subnKC ?modnn // ltnW ?ltn_pmod.
Qed.

End Subgroup.

(* --- A chain of links --------------------------------------------------------------------- *)

(* The links (v, c), each checked against the states before it: c > 0, v a state, c v in W, no
   smaller multiple of v in W (so W + <v> has c |W| states), and v fixed modulo W. *)
Fixpoint chain_ok W vs :=
  if vs is (v, c) :: vs' then
    [&& 0 < c, dstate q N v, scale q c v \in W,
        all (fun k => scale q k v \notin W) (iota 1 c.-1) && fixed_mod W v &
        chain_ok (extend W v c) vs']
  else true.

Fixpoint span W vs := if vs is (v, c) :: vs' then span (extend W v c) vs' else W.

Fixpoint chain_strategy D vs :=
  if vs is (v, c) :: vs' then chain_strategy (link D v c) vs' else D.

Lemma chain_wins W vs D : subgroup W -> chain_ok W vs -> all (mem W) D ->
  {in W, forall y, table_wins_from T y D} ->
  [/\ subgroup (span W vs), all (mem (span W vs)) (chain_strategy D vs) &
      {in span W vs, forall y, table_wins_from T y (chain_strategy D vs)}].
Proof.
elim: vs W D => [|[v c] vs IH] W D W_sub //=.
case/and5P=> c_gt0 ok_v W_cv /andP[_ fixed] chain D_in D_wins.
have [wins_link in_link] := link_wins W_sub ok_v fixed c_gt0 W_cv D_in D_wins.
exact: IH (extend_subgroup W_sub ok_v fixed c_gt0 W_cv) chain in_link wins_link.
Qed.

Lemma size_chain_strategy W vs D : chain_ok W vs ->
  (size (chain_strategy D vs)).+1 = (size D).+1 * \prod_(vc <- vs) vc.2.
Proof.
elim: vs W D => [|[v c] vs IH] W D /=; first by rewrite big_nil muln1.
case/and5P=> c_gt0 _ _ _ chain; rewrite (IH _ _ chain) big_cons /= mulnA; congr (_ * _).
rewrite /link size_cat size_flatten /shape map_nseq sumn_nseq /= -addSn mulnC -mulSn.
by rewrite prednK // mulnC.
Qed.

(* With the smallest c each time, W + <v> has c |W| states. *)
Lemma uniq_extend W v c : subgroup W -> uniq W -> dstate q N v -> 0 < c ->
  scale q c v \in W -> all (fun k => scale q k v \notin W) (iota 1 c.-1) ->
  uniq (extend W v c) /\ size (extend W v c) = c * size W.
Proof.
move=> W_sub uniq_W ok_v c_gt0 W_cv /allP least; split; last first.
  by rewrite size_allpairs size_iota.
have sz_v := size_dstate ok_v.
have same k l z z' : k <= l -> l < c -> z \in W -> z' \in W ->
    add q z (scale q k v) = add q z' (scale q l v) -> k = l /\ z = z'.
  move=> le_kl lt_lc Wz Wz'; have [sz_z sz_z'] := (W_size W_sub Wz, W_size W_sub Wz').
  have sz_s j : size (scale q j v) = N by rewrite size_scale.
  rewrite -(subnKC le_kl) scaleD (@regroup_swap _ N) // => eq_sum.
  have ok_z : dstate q N z by apply: W_dstate Wz.
  have ok_z'' : dstate q N (add q z' (scale q (l - k) v)) by apply: dstate_add_size.
  have z_eq : z = add q z' (scale q (l - k) v).
    rewrite (add_eq_sub q_gt0 ok_z (sz_s k) eq_sum).
    by rewrite -(add_eq_sub q_gt0 ok_z'' (sz_s k) erefl).
  have W_lk : scale q (l - k) v \in W.
    have ok_lk : dstate q N (scale q (l - k) v) by apply: dstate_scale.
    rewrite (add_eq_sub q_gt0 ok_lk sz_z' (_ : _ = z)); first exact: W_sub_mem.
    by rewrite addC ?sz_s ?sz_z' // z_eq.
  have [lk0 | lk_gt0] := posnP (l - k).
    split; first by rewrite lk0 addn0.
    by rewrite z_eq lk0 scale0 sz_v (add_zeros_dstate (W_dstate W_sub Wz')).
  move: (least (l - k)); rewrite W_lk mem_iota lk_gt0 add1n prednK //.
  by rewrite (leq_ltn_trans (leq_subr k l) lt_lc) => /(_ isT).
apply: allpairs_uniq => [||[k z] [l z'] /allpairsP[[k1 z1] [k1_in z1_in [-> ->]]]
  /allpairsP[[l1 z2] [l1_in z2_in [-> ->]]] /= eq_sum]; rewrite ?iota_uniq //.
move: k1_in l1_in z1_in z2_in; rewrite !mem_iota /= !add0n => lt_k lt_l z1_in z2_in.
have [le_kl | /ltnW le_lk] := leqP k1 l1.
  by have [-> ->] := same _ _ _ _ le_kl lt_l z1_in z2_in eq_sum.
by have [-> ->] := same _ _ _ _ le_lk lt_k z2_in z1_in (esym eq_sum).
Qed.

Lemma uniq_span W vs : subgroup W -> uniq W -> chain_ok W vs ->
  uniq (span W vs) /\ size (span W vs) = size W * \prod_(vc <- vs) vc.2.
Proof.
elim: vs W => [|[v c] vs IH] W W_sub uniq_W /=; first by rewrite big_nil muln1.
case/and5P=> c_gt0 ok_v W_cv /andP[least fixed] chain.
have [uniq_ext sz_ext] := uniq_extend W_sub uniq_W ok_v c_gt0 W_cv least.
have [-> ->] := IH _ (extend_subgroup W_sub ok_v fixed c_gt0 W_cv) uniq_ext chain.
by rewrite sz_ext big_cons mulnCA mulnA.
Qed.

(* --- From the goal states --------------------------------------------------------------- *)

Variable ok : perms T.
Variable N_gt0 : 0 < N.

Lemma add_nseq n a b : add q (nseq n a) (nseq n b) = nseq n ((a + b) %% q).
Proof. by rewrite /add; elim: n => //= n ->. Qed.

Lemma goal_subgroup : subgroup (goal_states T).
Proof.
rewrite /goal_states; case: (goal_of T); split.
- exact: mem_head.
- by move=> _ _ /[!inE] /eqP -> /eqP ->; rewrite add_zeros_dstate ?dstate_zeros.
- by move=> _ /[!inE] /eqP ->; apply: dstate_zeros.
- by move=> g _ _ /[!inE] /eqP ->; rewrite permute_zeros.
- by apply/mapP; exists 0; rewrite ?mem_iota.
- move=> _ _ /mapP[a _ ->] /mapP[b _ ->]; rewrite add_nseq; apply: map_f.
  by rewrite mem_iota ltn_pmod.
- move=> _ /mapP[a a_in ->]; apply/dstateP; rewrite size_nseq; split=> // d.
  by rewrite mem_nseq => /andP[_ /eqP ->]; move: a_in; rewrite mem_iota.
move=> g _ g_in /mapP[a a_in ->].
have -> : permute g (nseq N a) = nseq N a.
  by apply: (@rearrange_nseq [:: g]); rewrite /= (allP ok).
exact: map_f.
Qed.

Lemma uniq_goal_states : uniq (goal_states T).
Proof.
rewrite /goal_states; case: (goal_of T) => //; rewrite map_inj_uniq ?iota_uniq //.
by move=> a b /(congr1 (nth 0 ^~ 0)); rewrite !nth_nseq N_gt0.
Qed.

Lemma goal_states_won : {in goal_states T, forall y, table_wins_from T y [::]}.
Proof.
move=> y y_in; left; move: y_in; rewrite /goal_states /reached.
case: (goal_of T) => [/[!inE] /eqP -> | /mapP[a _ ->]]; rewrite all_nseq ?eqxx ?orbT //.
by case: (positions T) N_gt0 => //= n _; rewrite eqxx orbT.
Qed.

End Chain.

(* A chain of links from the goal states that reaches every state gives a winning strategy, of
   q^N - 1 moves (goal zero) or q^(N-1) - 1 moves (goal equal). *)
Theorem chain_table_wins T vs : perms T -> 0 < states T -> 0 < positions T ->
  chain_ok T (goal_states T) vs ->
  {subset all_dials (states T) (positions T) <= span T (goal_states T) vs} ->
  table_wins T (chain_strategy [::] vs) /\ size (chain_strategy [::] vs) = bound T.
Proof.
move=> ok q_gt0 N_gt0 chain every.
have W0 := goal_subgroup q_gt0 ok.
have [W_span in_span wins_span] :=
  chain_wins q_gt0 W0 chain (isT : all (mem (goal_states T)) [::]) (goal_states_won N_gt0).
split.
  apply/table_winsE; split.
    by apply/allP=> m /(allP in_span) m_in; apply: W_dstate m_in.
  by move=> s; rewrite -mem_all_dials => /every; apply: wins_span.
have [uniq_span' sz_span] := uniq_span q_gt0 W0 (uniq_goal_states N_gt0) chain.
have sz_all : size (span T (goal_states T) vs) = states T ^ positions T.
  rewrite -(size_all_dials (states T) (positions T)); apply/eqP; rewrite eqn_leq.
  rewrite (uniq_leq_size (uniq_all_dials _ _) every) andbT.
  by apply: uniq_leq_size uniq_span' _ => y /(W_dstate W_span); rewrite mem_all_dials.
have := size_chain_strategy [::] chain; rewrite mul1n => sz_S.
rewrite /bound; move: sz_span; rewrite sz_all size_goal_states.
case: (goal_of T) => [| ]; first by rewrite mul1n -sz_S => ->; rewrite subn1.
case: (positions T) N_gt0 => // n _; rewrite expnS -sz_S /= => /eqP.
by rewrite eqn_pmul2l // => /eqP ->; rewrite subn1.
Qed.
