(* Multiplying the number of states: if strategies win for n dials mod q' and for n dials mod c,
   one wins for n dials mod q' * c, of length (L' + 1) (L + 1) - 1: so q^n - 1 moves for q = q'
   c when the two have q'^n - 1 and c^n - 1 (Bar-Yehuda, Etzion and Moran 1993, the step from
   p^(b-1) to p^b).

   This is DialsCompose.v with pi reducing every dial mod q' (which turns with the table and
   adds, as q' divides q) and K the states whose dials are all multiples of q': such a state is
   q' times a state mod c, and q' times a strategy B that wins mod c wins on it. *)
From mathcomp Require Import ssreflect ssrfun ssrbool eqtype ssrnat seq choice path div.
From CoinProofs Require Import Dials DialsPlay DialsCompose.

Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.

Implicit Types (a b s m x y : dials) (ms : seq dials) (c n q r : nat).

(* Every dial times c; every dial mod c. *)
Definition dscale c s : dials := map (muln c) s.
Definition dmod c s : dials := map (modn^~ c) s.

Lemma dturn_map (f : nat -> nat) r s : dturn r (map f s) = map f (dturn r s).
Proof. by elim: r => //= r ->; rewrite map_rotr. Qed.

(* A map of dials that adds mod q1 on one side and mod q2 on the other maps the step. *)
Lemma add_map (f : nat -> nat) q1 q2 s m :
  (forall u v, f ((u + v) %% q1) = (f u + f v) %% q2) ->
  add q2 (map f s) (map f m) = map f (add q1 s m).
Proof. by rewrite /add => f_add; elim: s m => [|u s IH] [|v m] //=; rewrite f_add IH. Qed.

Lemma map_zeros (f : nat -> nat) n : f 0 = 0 -> map f (zeros n) = zeros n.
Proof. by move=> f0; rewrite map_nseq f0. Qed.

Section Scale.

Variables (q' c n : nat).
Variable q'_gt0 : 0 < q'.
Variable c_gt0 : 0 < c.
Let q := q' * c.

(* q' times a strategy that wins mod c wins mod q on q' times the states. *)
Lemma dscale_winning y B : dwinning c y B ->
  dwinning q (dscale q' y) (map (dscale q') B).
Proof.
elim: B y => [|b B IH] y [zeros_y | win_next] //=;
  try by left; rewrite /dscale size_map {1}zeros_y map_zeros ?muln0.
right=> r; rewrite /dscale dturn_map (@add_map _ c); first exact/IH/win_next.
by move=> u v; rewrite /q muln_modr mulnDr.
Qed.

Definition multiples x := dstate q n x && all (dvdn q') x.

Lemma multiples_scaled x : multiples x -> x = dscale q' (map (divn^~ q') x) /\
  dstate c n (map (divn^~ q') x).
Proof.
case/andP=> /dstateP[sz_x small] /allP dvd; split.
  by rewrite /dscale -map_comp map_id_in // => d /dvd /divnK; rewrite mulnC.
apply/dstateP; rewrite size_map; split=> // _ /mapP[d d_in ->].
by rewrite ltn_divLR // mulnC small.
Qed.

Lemma dmod_step r x m : size m = size x ->
  dmod q' (add q (dturn r x) m) = add q' (dturn r (dmod q' x)) (dmod q' m).
Proof.
move=> sz_m; rewrite /dmod dturn_map (@add_map _ q) // => u v.
by rewrite modn_dvdm ?dvdn_mulr // modnDm.
Qed.

Lemma dmod_small a : dstate q' n a -> dmod q' a = a.
Proof. by case/dstateP=> _ small; rewrite /dmod map_id_in // => d /small /modn_small. Qed.

Lemma dstate_widen a : dstate q' n a -> dstate q n a.
Proof.
case/dstateP=> sz small; apply/dstateP; split=> // d /small lt_d.
by rewrite (leq_trans lt_d) // leq_pmulr.
Qed.

(* With A winning mod q' and B mod c: B', A_1, B', ..., A_L, B' with B' = q' B wins mod q. *)
Definition scale_compose A B := compose (map (dscale q') B) id A.

Lemma scale_compose_wins A B : dial_wins q' n A -> dial_wins c n B ->
  dial_wins q n (scale_compose A B).
Proof.
move=> winsA /dial_winsE[sizedB winsB]; have q_gt0 : 0 < q by rewrite muln_gt0 q'_gt0.
have D_K : all multiples (map (dscale q') B).
  apply/allP=> _ /mapP[b /(allP sizedB)/dstateP[sz_b small] ->].
  apply/andP; split; last by apply/allP=> _ /mapP[d _ ->]; apply: dvdn_mulr.
  by apply/dstateP; rewrite size_map; split=> // _ /mapP[d /small d_lt ->]; rewrite ltn_pmul2l.
apply/dial_winsE; split.
  rewrite all_cat; apply/andP; split; first by apply: sub_all D_K => x /andP[].
  apply/allP=> m /flattenP[_ /mapP[a a_in ->]]; rewrite inE => /predU1P[-> | ].
    by apply: dstate_widen; case: winsA => /allP/(_ a a_in).
  by move/(allP D_K)/andP=> [].
move=> s start; apply: (compose_wins (W := dstate q n) (K := multiples) (pi := dmod q')
  (n' := n)) winsA start.
- by move=> x m r; apply: dstate_step.
- by move=> x /andP[].
- exact: D_K.
- by move=> x m r /dstateP[sz_x _] /dstateP[sz_m _]; rewrite dmod_step ?sz_x.
- move=> x /andP[/dstateP[sz_x _] /allP dvd]; rewrite -sz_x.
  have -> : dmod q' x = map (fun=> 0) x by apply/eq_in_map=> d /dvd /eqP.
  by rewrite /zeros; elim: (x) => //= d y ->.
- move=> x /dstateP[sz_x small] zero; apply/andP; split; first exact/dstateP.
  apply/allP=> d d_in; have : d %% q' \in dmod q' x by apply: (map_f (modn^~ q')).
  by rewrite zero mem_nseq => /andP[_ /eqP mod0]; rewrite /dvdn mod0.
- move=> x /dstateP[sz_x _]; apply/dstateP; rewrite size_map; split=> // _ /mapP[d _ ->].
  exact: ltn_pmod.
- by move=> x /multiples_scaled[{2}-> /winsB /dscale_winning].
- exact: dstate_widen.
- exact: dmod_small.
Qed.

End Scale.

(* Strategies A for n dials mod q' and B mod c give scale_compose q' A B mod q' c, of length
   (L' + 1) (L + 1) - 1. *)
Theorem dial_wins_mul q' c n A B : 0 < q' -> 0 < c -> dial_wins q' n A -> dial_wins c n B ->
  (size (scale_compose q' A B)).+1 = (size A).+1 * (size B).+1 /\
  dial_wins (q' * c) n (scale_compose q' A B).
Proof.
move=> q'_gt0 c_gt0 winsA winsB; split; first by rewrite size_compose size_map.
exact: scale_compose_wins.
Qed.
