(* Two ways to change a position of No repeats without changing who wins, as bisimulations
   (NoRepeatsPlay.v): the symmetries of the n-cube, and Lemma R (docs/norepeat.md).

   A symmetry is a one-to-one map sigma of the patterns of n coins, with inverse tau, that
   takes neighbours (patterns one turn apart) to neighbours, and so does tau: it takes the
   moves of a position one for one to the moves of its image (sym_bisimilar). The checker
   (NoRepeatsDag.v) is given the cube's symmetries x -> pi(x) XOR t as tables, and checks the
   tables of the reorderings pi by computation (automorphismb); the XOR masks are symmetries
   by a proof (lxor_automorphic).

   Lemma R in the form the checker uses (cut_bisimilar): marking seen some unseen patterns X
   keeps the winner if no pattern of X is a neighbour of the current pattern or of a pattern
   left unseen; then no play can reach X. *)
From Coq Require Import PeanoNat.
From mathcomp Require Import ssreflect ssrfun ssrbool eqtype ssrnat seq.
From CoinProofs Require Import RulesNoRepeats NoRepeatsPlay.

Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.

Implicit Types (n i j x y : nat) (S T : seq nat) (p q : position) (sigma tau : nat -> nat).

(* Symmetries. *)

Definition maps_neighbours n sigma :=
  forall x i, x < 2 ^ n -> i < n ->
    exists2 j, j < n & sigma (turn_over x i) = turn_over (sigma x) j.

Definition automorphic n sigma tau :=
  [/\ forall x, x < 2 ^ n -> [/\ sigma x < 2 ^ n, tau x < 2 ^ n, tau (sigma x) = x &
                                 sigma (tau x) = x],
      maps_neighbours n sigma & maps_neighbours n tau].

Lemma automorphic_comp n sigma tau sigma' tau' :
  automorphic n sigma tau -> automorphic n sigma' tau' ->
  automorphic n (fun x => sigma' (sigma x)) (fun x => tau (tau' x)).
Proof.
move=> [inv nbr nbr_tau] [inv' nbr' nbr_tau']; split=> [x lt_x | x i lt_x lt_i | x i lt_x lt_i].
- have [lt_s _ ts _] := inv x lt_x; have [_ lt_t' _ st'] := inv' x lt_x.
  have [lt_s's _ ts's _] := inv' _ lt_s; have [_ lt_tt' _ stt'] := inv _ lt_t'.
  by rewrite /= ts's ts stt' st'.
- have [j lt_j ->] := nbr x i lt_x lt_i; have [lt_s _ _ _] := inv x lt_x.
  by have [k lt_k ->] := nbr' _ j lt_s lt_j; exists k.
- have [j lt_j ->] := nbr_tau' x i lt_x lt_i; have [_ lt_t' _ _] := inv' x lt_x.
  by have [k lt_k ->] := nbr_tau _ j lt_t' lt_j; exists k.
Qed.

(* XOR with a mask t below 2 ^ n (turning the coins of t) is a symmetry, its own inverse. *)
Lemma lxor_automorphic n t : t < 2 ^ n ->
  automorphic n (Nat.lxor^~ t) (Nat.lxor^~ t).
Proof.
have back x : Nat.lxor (Nat.lxor x t) t = x.
  by rewrite Nat.lxor_assoc Nat.lxor_nilpotent Nat.lxor_0_r.
have nbr : maps_neighbours n (Nat.lxor^~ t).
  move=> x i _ lt_i; exists i => //.
  by rewrite /turn_over !Nat.lxor_assoc (Nat.lxor_comm (2 ^ i)).
by move=> lt_t; split=> // x lt_x; rewrite !back lxor_lt.
Qed.

(* A position and its image under a symmetry. *)
Definition mapped n sigma p q := in_cube n p /\ q.2 = sigma p.2 /\ q.1 =i map sigma p.1.

Lemma sym_bisimilar n sigma tau : automorphic n sigma tau -> bisimilar n (mapped n sigma).
Proof.
move=> [inv nbr nbr_tau] [S v] [S' v'] [valid_p [/= -> same]].
have /andP[/= lt_v /allP lt_S] := valid_p.
have inj x y : x < 2 ^ n -> y < 2 ^ n -> sigma x = sigma y -> x = y.
  move=> lt_x lt_y eq_s; have [_ _ tsx _] := inv x lt_x; have [_ _ tsy _] := inv y lt_y.
  by rewrite -tsx eq_s tsy.
have mapped y : y < 2 ^ n -> (sigma y \in S') = (y \in S).
  move=> lt_y; rewrite same; apply/mapP/idP => [[x x_S eq_s] | y_S]; last by exists y.
  by rewrite (inj y x lt_y (lt_S x x_S) eq_s).
have [lt_sv _ tsv _] := inv v lt_v.
split=> [p' p'_p | q' /legal_movesP[j lt_j [-> /= fresh]]].
  have [valid_p' _] := legal_moves_in_cube valid_p p'_p.
  case/legal_movesP: p'_p valid_p' => i lt_i [-> /= fresh] valid_p'.
  have [j lt_j eq_j] := nbr v i lt_v lt_i.
  exists (turn_over (sigma v) j :: S', turn_over (sigma v) j).
    by apply/legal_movesP; exists j; rewrite //= -eq_j mapped ?turn_over_lt.
  by split=> //; split=> //= x; rewrite !inE eq_j same.
have lt_y := turn_over_lt lt_sv lt_j; have [_ lt_ty _ sty] := inv _ lt_y.
have [i lt_i eq_i] := nbr_tau _ j lt_sv lt_j; rewrite tsv in eq_i.
have fresh_i : turn_over v i \notin S by rewrite -eq_i -mapped // sty.
have p'_p : (turn_over v i :: S, turn_over v i) \in legal_moves n (S, v).
  by apply/legal_movesP; exists i.
exists (turn_over v i :: S, turn_over v i) => //.
have [valid_p' _] := legal_moves_in_cube valid_p p'_p.
by split=> //; rewrite /= -eq_i sty; split=> // x; rewrite !inE same.
Qed.

(* Symmetries given as tables: sigma x = nth 0 f x, tau x = nth 0 g x. The neighbours of each
   pattern are read from a table too (neighbours), computed once. *)
Definition neighbours n := [seq [seq turn_over x i | i <- iota 0 n] | x <- iota 0 (2 ^ n)].

Lemma neighboursE n x i : x < 2 ^ n -> i < n -> nth 0 (nth [::] (neighbours n) x) i = turn_over x i.
Proof.
by move=> lt_x lt_i; rewrite (nth_map 0) ?size_iota // nth_iota // (nth_map 0) ?size_iota ?nth_iota.
Qed.

Lemma mem_neighbours n x y : x < 2 ^ n ->
  reflect (exists2 j, j < n & y = turn_over x j) (y \in nth [::] (neighbours n) x).
Proof.
move=> lt_x; rewrite (nth_map 0) ?size_iota // nth_iota //.
apply: (iffP mapP) => [[j] | [j lt_j ->]]; last by exists j; rewrite ?mem_iota.
by rewrite mem_iota => /andP[_ lt_j] ->; exists j.
Qed.

(* The table f, with inverse g, is a symmetry of the n-cube: checked for every pattern. *)
Definition table_neighbours n nb (f : seq nat) :=
  all (fun x => all (fun i => nth 0 f (nth 0 (nth [::] nb x) i) \in nth [::] nb (nth 0 f x))
                    (iota 0 n)) (iota 0 (2 ^ n)).

Definition automorphismb n nb (fg : seq nat * seq nat) :=
  let: (f, g) := fg in
  [&& all (fun x => [&& nth 0 f x < 2 ^ n, nth 0 g x < 2 ^ n, nth 0 g (nth 0 f x) == x &
                        nth 0 f (nth 0 g x) == x]) (iota 0 (2 ^ n)),
      table_neighbours n nb f & table_neighbours n nb g].

Lemma table_neighboursP n f : (forall x, x < 2 ^ n -> nth 0 f x < 2 ^ n) ->
  table_neighbours n (neighbours n) f -> maps_neighbours n (nth 0 f).
Proof.
move=> lt_f /allP nbr x i lt_x lt_i.
have x_in : x \in iota 0 (2 ^ n) by rewrite mem_iota.
have i_in : i \in iota 0 n by rewrite mem_iota.
have /allP/(_ i i_in) := nbr x x_in; rewrite neighboursE //.
by move/(mem_neighbours _ (lt_f x lt_x)).
Qed.

Lemma automorphismbP n f g : automorphismb n (neighbours n) (f, g) ->
  automorphic n (nth 0 f) (nth 0 g).
Proof.
case/and3P=> /allP inv nbr_f nbr_g.
have {}inv x : x < 2 ^ n -> _ := fun lt_x => inv x (etrans (mem_iota 0 (2 ^ n) x) lt_x).
split=> [x /inv/and4P[-> -> /eqP-> /eqP->] // | |].
  by apply: table_neighboursP nbr_f => x /inv/and4P[].
by apply: table_neighboursP nbr_g => x /inv/and4P[].
Qed.

(* Lemma R: the position q is p with the patterns of q.1 not in p.1 marked seen, none of them
   a neighbour of the current pattern or of a pattern q leaves unseen. *)
Definition cut n p q :=
  [/\ q.2 = p.2, {subset p.1 <= q.1} &
      forall x i, x \in q.1 -> x \notin p.1 -> i < n ->
        turn_over x i != q.2 /\ turn_over x i \in q.1].

Lemma cut_bisimilar n : bisimilar n (cut n).
Proof.
have step S T v y i : cut n (S, v) (T, v) -> y = turn_over v i -> i < n -> y \notin S ->
    y \notin T /\ cut n (y :: S, y) (y :: T, y).
  move=> [_ /= sub far] y_eq lt_i fresh.
  have fresh_T : y \notin T.
    apply/negP=> y_T; have [] := far y i y_T fresh lt_i.
    by rewrite y_eq turn_overK eqxx.
  split=> //; split=> //= [x | x j]; first by rewrite !inE => /orP[-> | /sub ->]; rewrite ?orbT.
  rewrite !inE negb_or => /orP[/eqP-> | x_T]; first by rewrite eqxx.
  case/andP=> neq_x x_S lt_j; have [_ near] := far x j x_T x_S lt_j.
  by rewrite near orbT; split=> //; apply: contraNneq fresh_T => <-.
move=> [S v] [T w] [/= eq_w sub far]; subst w.
have cutST : cut n (S, v) (T, v) by [].
split=> [p' /legal_movesP[i lt_i [-> /= fresh]] | q' /legal_movesP[i lt_i [-> /= fresh]]].
  have [fresh_T cut'] := step S T v _ i cutST erefl lt_i fresh.
  by exists (turn_over v i :: T, turn_over v i) => //; apply/legal_movesP; exists i.
have fresh_S : turn_over v i \notin S by apply: contra fresh => /sub.
have [_ cut'] := step S T v _ i cutST erefl lt_i fresh_S.
by exists (turn_over v i :: S, turn_over v i) => //; apply/legal_movesP; exists i.
Qed.
