(* Composing strategies for dials, as Lamping composes strategies for coins (Lamping.v), in an
   abstract form that serves every step of sufficiency (Bar-Yehuda, Etzion and Moran 1993).

   The setting: W, a set of states of n dials mod q closed under the game's steps; K, a part
   of W on which the strategy D wins, with D's moves in K; pi, a map of W onto states of n'
   dials mod q' that turns with the table, adds moves, and is all zeros exactly on K; lift a,
   a move of W that pi maps to a. Then from the strategy S that wins for n' dials mod q',
   D (lift s_1) D (lift s_2) ... (lift s_L) D wins from every state of W.

   Why: during D, pi of the state is only turned (D's moves are in K, where pi is zero). If
   pi x is all zeros, x is in K and the first D wins. Otherwise each lifted move plays S on pi
   of the state against a devil who turns it as he likes; S wins, so pi becomes all zeros
   after some move and the D that follows wins. *)
From mathcomp Require Import ssreflect ssrfun ssrbool eqtype ssrnat seq.
From CoinProofs Require Import Dials DialsPlay.

Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.

Implicit Types (a d s m x y : dials) (ms ss : seq dials) (n q r : nat).

(* D (lift s_1) D ... (lift s_L) D. *)
Definition compose (D : seq dials) (lift : dials -> dials) ss :=
  D ++ flatten [seq lift a :: D | a <- ss].

Lemma size_compose D lift ss : (size (compose D lift ss)).+1 = (size ss).+1 * (size D).+1.
Proof.
rewrite /compose size_cat mulSn -addSn; congr (_ + _).
by elim: ss => //= a ss IH; rewrite size_cat /= IH mulSn.
Qed.

Section Compose.

Variables (q q' n' : nat) (W K : pred dials) (pi lift : dials -> dials) (D : seq dials).

Variable W_step : forall x m r, W x -> W m -> W (add q (dturn r x) m).
Variable K_W : forall x, K x -> W x.
Variable D_K : all K D.
Variable pi_step : forall x m r, W x -> W m ->
  pi (add q (dturn r x) m) = add q' (dturn r (pi x)) (pi m).
Variable pi_K : forall x, K x -> pi x = zeros n'.
Variable pi_zeros : forall x, W x -> pi x = zeros n' -> K x.
Variable pi_dstate : forall x, W x -> dstate q' n' (pi x).
Variable D_wins : forall x, K x -> dwinning q x D.
Variable lift_W : forall a, dstate q' n' a -> W (lift a).
Variable pi_lift : forall a, dstate q' n' a -> pi (lift a) = a.

(* D, from a state of W, stays in W and only turns pi. *)
Lemma reach_in_K ds x y : all K ds -> W x -> dreach q x ds y ->
  W y /\ exists r, pi y = dturn r (pi x).
Proof.
elim: ds x => [|d ds IH] x /=; first by move=> _ Wx ->; split=> //; exists 0.
case/andP=> Kd Kds Wx [r reach_y]; have Wd := K_W Kd.
case: (IH _ Kds (W_step r Wx Wd) reach_y) => Wy [r' pi_y]; split=> //; exists (r' + r).
have start : dstate q' n' (dturn r (pi x)) by rewrite dstate_dturn; apply: pi_dstate.
rewrite pi_y pi_step // (pi_K Kd) dturnD.
by rewrite -{1}(size_dstate start) add_zeros // (size_dstate start).
Qed.

Lemma compose_winning ss x : all (dstate q' n') ss -> W x -> dwinning q' (pi x) ss ->
  dwinning q x (compose D lift ss).
Proof.
rewrite /compose; elim: ss x => [|a ss IH] x sized_ss Wx win_pi;
  (have [/(pi_zeros Wx) Kx | not_zeros] := eqVneq (pi x) (zeros n');
    first by apply/dwinning_catl/D_wins);
  case: win_pi => [zeros_pi | win_next] //;
  try by case/eqP: not_zeros; rewrite zeros_pi (size_dstate (pi_dstate Wx)).
case/andP: sized_ss => a_ok sized_ss; apply: dwinning_cat => y.
case/(reach_in_K D_K Wx) => Wy [r0 pi_y]; rewrite /=; right=> r.
apply: IH => //; first exact/W_step/lift_W.
by rewrite pi_step ?pi_lift ?pi_y -?dturnD //; [apply: win_next | apply: lift_W].
Qed.

(* From a strategy S that wins for n' dials mod q': D (lift s_1) D ... D wins on W. *)
Theorem compose_wins S x : dial_wins q' n' S -> W x -> dwinning q x (compose D lift S).
Proof.
case/dial_winsE=> sized wins_S Wx; apply: compose_winning => //.
exact/wins_S/pi_dstate.
Qed.

End Compose.
