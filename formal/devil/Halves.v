(* A state of 2m coins in two halves a ++ b, folded onto m coins as a XOR b. Folding commutes
   with turning (turning the 2m coins by r turns the fold by r) and with flipping, and a state
   whose fold is all heads is a doubled state a ++ a. Lamping's strategy and the devil's
   invariants for N = 2^k m both rest on these facts. *)
From mathcomp Require Import ssreflect ssrfun ssrbool eqtype ssrnat seq.
From CoinProofs Require Import Rules Coins.

Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.

Implicit Types (a b c d o x y : coins) (m r : nat).

Definition folded m x := flip (take m x) (drop m x).

Variant halves_spec m : coins -> Type :=
  Halves a b of size a = m & size b = m : halves_spec m (a ++ b).

Lemma halvesP m x : size x = m.*2 -> halves_spec m x.
Proof.
move=> sz_x; rewrite -(cat_take_drop m x); constructor.
  by rewrite size_takel // sz_x -addnn leq_addr.
by rewrite size_drop sz_x -addnn addnK.
Qed.

Lemma folded_cat m a b : size a = m -> folded m (a ++ b) = flip a b.
Proof. by move=> sz_a; rewrite /folded take_size_cat // drop_size_cat. Qed.

Lemma size_folded m x : size x = m.*2 -> size (folded m x) = m.
Proof. by case/halvesP=> a b sz_a sz_b; rewrite folded_cat // size_flipl // sz_b. Qed.

Lemma folded_rotr1 m x : size x = m.*2 -> folded m (rotr 1 x) = rotr 1 (folded m x).
Proof.
case/halvesP=> a b; case/lastP: a => [|a u] sz_a sz_b.
  by rewrite -sz_a in sz_b; rewrite (size0nil sz_b).
move: sz_b.
case/lastP: b => [|b v] sz_b; first by rewrite -sz_b size_rcons in sz_a.
have sz_ab : size a = size b.
  by apply: succn_inj; rewrite -(size_rcons a u) -(size_rcons b v) sz_a sz_b.
rewrite [in RHS]folded_cat // flip_rcons // rotr1_rcons.
rewrite -rcons_cat rotr1_rcons cat_rcons -cat_cons folded_cat; last by rewrite -sz_a size_rcons.
by rewrite flip_cons addbC.
Qed.

Lemma folded_turn m r x : size x = m.*2 -> folded m (turn r x) = turn r (folded m x).
Proof. by move=> sz_x; elim: r => //= r <-; rewrite folded_rotr1 // size_turn. Qed.

Lemma folded_flip m x y : size x = m.*2 -> size y = m.*2 ->
  folded m (flip x y) = flip (folded m x) (folded m y).
Proof.
case/halvesP=> a b sz_a sz_b; case/halvesP=> c d sz_c sz_d.
rewrite flip_cat ?sz_a ?sz_c // !folded_cat ?size_flipl ?sz_a ?sz_c //.
by rewrite -!flipA; congr flip; rewrite !flipA (flipC c b).
Qed.

Lemma folded_double m a : size a = m -> folded m (a ++ a) = heads m.
Proof. by move=> sz_a; rewrite folded_cat // flip_self sz_a. Qed.

Lemma folded_heads m : folded m (heads m.*2) = heads m.
Proof. by rewrite -addnn heads_cat folded_double ?size_heads. Qed.

(* The move that flips o on the first half only flips o on the fold. *)
Lemma folded_first m o : size o = m -> folded m (o ++ heads m) = o.
Proof. by move=> sz_o; rewrite folded_cat // flip_heads // sz_o. Qed.

(* A state whose fold is all heads is doubled. *)
Lemma folded_eq_heads m x : size x = m.*2 -> folded m x = heads m ->
  exists2 a, x = a ++ a & size a = m.
Proof.
case/halvesP=> a b sz_a sz_b; rewrite folded_cat // -sz_a => /flip_eq_heads <- //.
  by exists a.
by rewrite sz_a sz_b.
Qed.

(* Turning a doubled state turns both copies alike. *)
Lemma turn_double r a : turn r (a ++ a) = turn r a ++ turn r a.
Proof.
elim: r => //= r ->; case/lastP: (turn r a) => [|b u] //.
by rewrite -rcons_cat !rotr1_rcons cat_rcons.
Qed.
