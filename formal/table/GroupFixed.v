(* The step of the chain exists whenever the criterion holds: if no prime divides the order of
   the devil's group and a different one q, then every subgroup W of the states (GroupChain.v)
   other than all of them has, outside it, a state v fixed by the devil modulo W.

   If the group is trivial every state is fixed. Otherwise the group is a p-group and q = p^b
   (p the only prime of both). The group acts on the cosets x + W (as sets of states, the
   action on sets induced by its action on states); there are q^N / |W| of them, a power of p
   greater than 1, so the number of cosets it fixes is a multiple of p (MathComp's
   pgroup_fix_mod). W itself is one: so another one is, and any v in it will do. *)
From mathcomp Require Import ssreflect ssrfun ssrbool eqtype ssrnat seq choice path div.
From mathcomp Require Import fintype tuple finfun bigop prime finset.
From mathcomp Require Import fingroup perm pgroup sylow action.
From CoinProofs Require Import Dials DialsPlay TablePlay TableOrbits GroupStates GroupPlay
  GroupPerm GroupChain.

Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.

Import GroupScope.

Section Fixed.

Variable T : table.
Local Notation q := (states T).
Local Notation N := (positions T).
Variables (ok : perms T) (q_gt0 : 0 < q).
Variable W : seq dials.
Variable W_sub : subgroup T W.

(* --- States as a finite type, the devil's group acting on them ------------------------- *)

Local Notation state := (N.-tuple 'I_q).

Definition sv (t : state) : dials := map val t.

Definition tof (s : dials) : state := [tuple insubd (Ordinal q_gt0) (nth 0 s i) | i < N].

Lemma sv_dstate t : dstate q N (sv t).
Proof.
by apply/dstateP; rewrite size_map size_tuple; split=> // _ /mapP[i _ ->]; apply: ltn_ord.
Qed.

Lemma sv_tof s : dstate q N s -> sv (tof s) = s.
Proof.
move=> ok_s; have sz_s := size_dstate ok_s; apply: (@eq_from_nth _ 0).
  by rewrite size_map size_tuple.
rewrite size_map size_tuple => i lt_i; rewrite (nth_map (Ordinal q_gt0)) ?size_tuple //.
rewrite -[i]/(val (Ordinal lt_i)) -tnth_nth tnth_mktuple insubdK //.
exact: dstate_nth ok_s q_gt0.
Qed.

Lemma sv_inj : injective sv.
Proof. by move=> t u /(inj_map val_inj) /val_inj. Qed.

Lemma tof_sv t : tof (sv t) = t.
Proof. by apply: sv_inj; rewrite sv_tof ?sv_dstate. Qed.

Definition tact (t : state) (g : {perm 'I_N}) : state := tof (permute (perm_images g) (sv t)).

Lemma sv_tact t g : sv (tact t g) = permute (perm_images g) (sv t).
Proof. by rewrite sv_tof // dstate_permute ?sv_dstate. Qed.

Lemma tact1 : tact^~ 1 =1 id.
Proof. by move=> t; rewrite /tact permute_perm_images1 ?tof_sv // (size_dstate (sv_dstate t)). Qed.

Lemma tactM t : act_morph tact t.
Proof.
move=> g h; rewrite /tact sv_tof ?dstate_permute ?sv_dstate //.
by rewrite permute_perm_images_mul // (size_dstate (sv_dstate t)).
Qed.

Definition tacts := TotalAction tact1 tactM.

Local Notation G := (devil_group T).

Lemma W_perm g y : g \in G -> y \in W -> permute (perm_images g) y \in W.
Proof.
move=> g_in Wy; have [w word_w act_w] := devil_groupP ok g_in.
by rewrite -act_w ?(W_size W_sub Wy) // (W_word W_sub).
Qed.

(* --- The cosets of W ---------------------------------------------------------------------- *)

(* u is in the coset of t: u = t + w for some w in W. *)
Definition cosetted t u := [exists w : state, (sv w \in W) && (sv u == add q (sv t) (sv w))].

Lemma cosettedP t u :
  reflect (exists2 w, w \in W & sv u = add q (sv t) w) (cosetted t u).
Proof.
apply: (iffP existsP) => [[w /andP[Ww /eqP ->]] | [w Ww eq_u]]; first by exists (sv w).
by exists (tof w); rewrite sv_tof ?(W_dstate W_sub) // Ww eq_u eqxx.
Qed.

Lemma cosetted_equiv : {in [set: state] & &, equivalence_rel cosetted}.
Proof.
have sz t : size (sv t) = N by rewrite (size_dstate (sv_dstate t)).
have refl t : cosetted t t.
  by apply/cosettedP; exists (zeros N); rewrite ?(W_zeros W_sub) ?add_zeros_dstate ?sv_dstate.
have sym t u : cosetted t u -> cosetted u t.
  case/cosettedP=> w Ww eq_u; apply/cosettedP.
  exists (scale q q.-1 w); first exact: W_scale.
  by rewrite eq_u (add_addK q_gt0 (sv_dstate t)) ?(W_size W_sub Ww).
have trans t u v : cosetted t u -> cosetted u v -> cosetted t v.
  case/cosettedP=> w Ww eq_u /cosettedP[w' Ww' eq_v]; apply/cosettedP.
  exists (add q w w'); first exact: W_add.
  by rewrite eq_v eq_u addA ?sz ?(W_size W_sub).
move=> t u v _ _ _; split=> // tu; apply/idP/idP; first exact/trans/sym.
exact: trans tu.
Qed.

Definition cosets := equivalence_partition cosetted [set: state].

Definition coset t := [set u in [set: state] | cosetted t u].

Lemma cosetsP : partition cosets [set: state].
Proof. exact: equivalence_partitionP cosetted_equiv. Qed.

Definition in_W := [set w : state | sv w \in W].

Lemma card_coset t : #|coset t| = #|in_W|.
Proof.
pose plus (w : state) := tof (add q (sv t) (sv w)).
have sv_plus w : sv (plus w) = add q (sv t) (sv w).
  by rewrite sv_tof // dstate_add_size ?(size_dstate (sv_dstate _)).
have plus_inj : injective plus.
  move=> w w' /(congr1 sv); rewrite !sv_plus => eq_sum; apply: sv_inj.
  have sz_t := size_dstate (sv_dstate t).
  by rewrite -(sub_addK q_gt0 (sv_dstate w) sz_t) eq_sum (sub_addK q_gt0 (sv_dstate w') sz_t).
suff -> : coset t = plus @: in_W by apply: card_imset plus_inj.
apply/setP=> u; rewrite !inE /=.
apply/cosettedP/imsetP => [[w Ww eq_u] | [w /[!inE] Ww ->]].
  exists (tof w); rewrite ?inE ?sv_tof ?(W_dstate W_sub) //.
  by apply: sv_inj; rewrite sv_plus sv_tof ?(W_dstate W_sub).
by exists (sv w).
Qed.

Lemma card_cosets : (#|cosets| * #|in_W|)%N = (q ^ N)%N.
Proof.
rewrite -(card_uniform_partition _ cosetsP) ?cardsT ?card_tuple ?card_ord //.
by move=> _ /imsetP[t _ ->]; rewrite card_coset.
Qed.

(* --- The devil's group permutes the cosets -------------------------------------------- *)

Lemma coset_tact t g : g \in G -> (tacts^*)%act (coset t) g = coset (tact t g).
Proof.
move=> g_in; apply/eqP; rewrite eqEcard; apply/andP; split.
  apply/subsetP=> x; rewrite /= setactE => /imsetP[u /[!inE] /cosettedP[w Ww eq_u] ->].
  apply/cosettedP; exists (permute (perm_images g) w); first exact: W_perm.
  by rewrite !sv_tact eq_u permute_add // (W_size W_sub Ww) (size_dstate (sv_dstate t)).
by rewrite /= setactE card_imset ?card_coset //; apply: act_inj.
Qed.

Lemma coset_in t : coset t \in cosets.
Proof. exact: imset_f. Qed.

Lemma cosets_acts : [acts G, on cosets | tacts^*].
Proof.
apply/actsP=> g g_in C; apply/idP/idP => [| /imsetP[t _ ->]]; last first.
  by rewrite coset_tact ?coset_in.
case/imsetP=> t _ eq_C; have gV_in : g^-1 \in G by rewrite groupV.
rewrite -(actK tacts^* g C) eq_C -/(coset t) coset_tact //; exact: coset_in.
Qed.

Lemma coset_eq t u : cosetted t u -> coset t = coset u.
Proof.
move=> tu; apply/setP=> x; rewrite !inE /=.
by have [_ ->] := cosetted_equiv (in_setT t) (in_setT u) (in_setT x).
Qed.

Lemma coset_self t : t \in coset t.
Proof. by rewrite inE in_setT; case: (cosetted_equiv (in_setT t) (in_setT t) (in_setT t)). Qed.

(* --- A fixed coset besides W ------------------------------------------------------------ *)

Let zt := tof (zeros N).

Lemma sv_zt : sv zt = zeros N.
Proof. by rewrite sv_tof ?dstate_zeros. Qed.

Lemma not_in_W t : sv t \notin W -> coset t != coset zt.
Proof.
apply: contra => /eqP eq_C; have := coset_self t; rewrite eq_C inE in_setT /=.
by case/cosettedP=> w Ww; rewrite sv_zt zeros_add ?(W_dstate W_sub Ww) // => ->.
Qed.

Lemma fixed_outside_pgroup p t0 : prime p -> p.-group G -> (q = p ^ logn p q)%N ->
  sv t0 \notin W -> exists2 t, sv t \notin W & coset t \in 'Fix_(cosets | tacts^*)(G).
Proof.
move=> p_prime pG q_pow t0_out.
have cosets_gt1 : 1 < #|cosets|.
  by apply/card_gt1P; exists (coset t0), (coset zt); rewrite !coset_in not_in_W.
have p_dvd : p %| #|cosets|.
  have : #|cosets| %| (p ^ (logn p q * N))%N by rewrite expnM -q_pow -card_cosets dvdn_mulr.
  case/(dvdn_pfactor _ _ p_prime) => [[|k]] _ eq_C; first by rewrite eq_C in cosets_gt1.
  by rewrite eq_C expnS dvdn_mulr.
have zt_fixed : coset zt \in 'Fix_(cosets | tacts^*)(G).
  rewrite inE coset_in; apply/afixP=> g g_in; rewrite coset_tact //; congr coset.
  by apply: sv_inj; rewrite sv_tact sv_zt permute_zeros.
have fix_gt1 : 1 < #|'Fix_(cosets | tacts^*)(G)|.
  have dvd_fix : p %| #|'Fix_(cosets | tacts^*)(G)|.
    by rewrite /dvdn -(pgroup_fix_mod pG cosets_acts).
  rewrite (leq_trans (prime_gt1 p_prime)) // dvdn_leq // (cardD1 (coset zt)) zt_fixed.
  exact: ltn0Sn.
have [C C_in C_ne] : exists2 C, C \in 'Fix_(cosets | tacts^*)(G) & C != coset zt.
  case/card_gt1P: fix_gt1 => C [C' [C_in C'_in ne]].
  by have [eq_C | ne_C] := eqVneq C (coset zt); [exists C'; rewrite -?eq_C 1?eq_sym | exists C].
have := C_in; rewrite inE => /andP[/imsetP[t _ eq_C] _]; rewrite -/(coset t) in eq_C.
exists t; last by rewrite -eq_C.
apply: contra C_ne => Wt; rewrite eq_C; apply/eqP/esym/coset_eq.
by apply/cosettedP; exists (sv t); rewrite // sv_zt zeros_add ?sv_dstate.
Qed.

(* The step of the chain: outside W, a state fixed by the devil modulo W. *)
Lemma has_candidate s0 : criterion T -> dstate q N s0 -> s0 \notin W ->
  has (fun v => (v \notin W) && fixed_mod T W v) (all_dials q N).
Proof.
move=> crit ok_s0 s0_out; have t0_out : sv (tof s0) \notin W by rewrite sv_tof.
have gen_in p : p \in generators T -> to_perm N p \in G.
  by move=> p_in; apply: mem_gen; rewrite inE map_f.
have [G1 | G_gt1] := leqP #|G| 1.
  apply/hasP; exists s0; first by rewrite mem_all_dials.
  rewrite s0_out; apply/allP=> p p_in.
  have g1 : to_perm N p = 1 by apply/set1gP; rewrite -(card_le1_trivg G1) gen_in.
  rewrite -(to_permK (allP ok p p_in)) g1 permute_perm_images1 ?(size_dstate ok_s0) //.
  by rewrite sub_self // (size_dstate ok_s0) (W_zeros W_sub).
have q_gt1 : 1 < q.
  rewrite ltn_neqAle q_gt0 andbT; apply: contraNneq s0_out => q1.
  suff -> : s0 = zeros N by apply: W_zeros W_sub.
  apply: (@eq_from_nth _ 0); rewrite (size_dstate ok_s0) ?size_nseq // => i lt_i.
  by move: (dstate_nth i ok_s0 q_gt0); rewrite -q1 ltnS leqn0 nth_nseq lt_i => /eqP.
set p := pdiv #|G|; have p_prime : prime p := pdiv_prime G_gt1.
have p_r : p = pdiv q by apply: crit; rewrite ?pdiv_prime ?pdiv_dvd.
have pG : p.-group G.
  apply/(pnatP _ (cardG_gt0 G)) => r r_prime r_dvd.
  by rewrite p_r (crit r (pdiv q)) ?pdiv_prime ?pdiv_dvd ?inE.
have q_pow : q = (p ^ logn p q)%N.
  rewrite -p_part part_pnat_id //; apply/(pnatP _ q_gt0) => r r_prime r_dvd.
  by rewrite (crit p r) ?pdiv_dvd ?inE.
have [t t_out t_fixed] := fixed_outside_pgroup p_prime pG q_pow t0_out.
apply/hasP; exists (sv t); first by rewrite mem_all_dials sv_dstate.
rewrite t_out; apply/allP=> p' p'_in; move: t_fixed; rewrite inE => /andP[_].
move/afixP/(_ _ (gen_in p' p'_in)); rewrite coset_tact ?gen_in // => fixed_C.
have := coset_self (tact t (to_perm N p')); rewrite fixed_C inE in_setT /=.
case/cosettedP=> w Ww; rewrite sv_tact to_permK ?(allP ok) // => ->.
by rewrite (sub_addK q_gt0 (W_dstate W_sub Ww)) ?(size_dstate (sv_dstate t)).
Qed.

End Fixed.
