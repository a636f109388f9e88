(* Grabs up to rotation. A belief holds every turn of its states, so a grab of the positions
   h = g + r (mod N) splits it as the grab g does, turned by r: hands on h feel on turn r s
   what hands on g feel on s ([feel_shift]), and turning glasses over at h after the devil's
   turn r is turning them over at g before it ([turn_over_shift]). The checkers therefore try
   one grab of each rotation class ([grab_classes]), after checking that every grab is a turn
   of one of them ([covers]). *)
From mathcomp Require Import ssreflect ssrfun ssrbool eqtype ssrnat seq choice path div.
From CoinProofs Require Import Rules Coins RulesGlasses GlassesPlay GlassesOrbits.

Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.

(* The positions g turned by r. *)
Definition shift N r (g : seq nat) := [seq (p + r) %% N | p <- g].

(* The positions that turning by r brings into t. *)
Definition unshift N r (t : seq nat) := [seq p <- iota 0 N | (p + r) %% N \in t].

(* Every grab of K hands is a turn of one of the grabs cls. *)
Definition covers N K (cls : seq (seq nat)) :=
  all (fun h => has (fun g => has (fun r => mask_of (shift N r g) N == mask_of h N) (iota 0 N))
                    cls) (grabs N K).

(* The grabs that no turn makes smaller (as numbers, like states): one or more of each class. *)
Definition grab_classes N K :=
  [seq g <- grabs N K | all (fun r => ~~ less_glasses (mask_of (shift N r g) N) (mask_of g N))
                            (iota 0 N)].

(* Each grab class, with the mask of each choice of glasses to turn over. *)
Definition class_masks N K :=
  [seq (g, [seq mask_of t N | t <- choices g]) | g <- grab_classes N K].

Lemma mem_mask_of t N i : i < N -> nth false (mask_of t N) i = (i \in t).
Proof. by move=> lt_i; rewrite (nth_map 0) ?size_iota // nth_iota. Qed.

(* A covered grab h is a turn of a grab of cls. *)
Lemma covered N K cls h :
  covers N K cls -> size h = K -> uniq h -> all (fun i => i < N) h ->
  exists g, exists2 r, g \in cls & forall i, i < N -> (i \in shift N r g) = (i \in h).
Proof.
move=> /allP cover sz_h uniq_h in_h.
have /hasP[g g_in /hasP[r _ /eqP same]] := cover _ (grab_of_grabs sz_h uniq_h in_h).
exists g, r => // i lt_i; move: (congr1 (nth false ^~ i) same).
by rewrite !mem_mask_of // grab_ofE.
Qed.

Lemma grab_of_shift N r (g : seq nat) p : p \in g -> (p + r) %% N \in shift N r g.
Proof. exact: map_f. Qed.

(* Every position is a turn by r of a position. *)
Lemma shift_onto N r i : i < N -> exists2 p, p < N & i = (p + r) %% N.
Proof.
move=> lt_i; have N_gt0 : 0 < N by apply: leq_ltn_trans lt_i.
exists ((i + (N - r %% N)) %% N); first by rewrite ltn_pmod.
rewrite modnDml -addnA -modnDmr -(modnDmr (N - _)) modnDmr [X in (_ + X) %% _]subnK.
  by rewrite modnDr modn_small.
by rewrite ltnW // ltn_pmod.
Qed.

Lemma shift_inj N r p p' : p < N -> p' < N -> (p + r) %% N = (p' + r) %% N -> p = p'.
Proof.
move=> lt_p lt_p' /eqP; rewrite eqn_modDr => /eqP.
by rewrite !modn_small.
Qed.

Section Shift.

Variables (N r : nat) (g h : seq nat).
Hypotheses (in_g : all (fun i => i < N) g) (h_g : {subset h <= shift N r g}).

(* Hands on h feel the same on turn r s1 and turn r s2 when hands on g do on s1 and s2. *)
Lemma feel_shift s1 s2 : size s1 = N -> size s2 = N ->
  feel g s1 = feel g s2 -> feel h (turn r s1) = feel h (turn r s2).
Proof.
move=> sz1 sz2 /eq_in_map same; apply/eq_in_map => q /h_g /mapP[p p_in ->].
have lt_p : p < N by apply: (allP in_g).
have lt1 : p < size s1 by rewrite sz1.
have lt2 : p < size s2 by rewrite sz2.
by move: (nth_turn r lt1) (nth_turn r lt2); rewrite sz1 sz2 => -> ->; apply: same.
Qed.

Lemma unshift_sub t : {subset t <= h} -> {subset unshift N r t <= g}.
Proof.
move=> t_h p; rewrite mem_filter mem_iota /= => /andP[/t_h /h_g /mapP[p' p'_in same] lt_p].
by rewrite (shift_inj lt_p (allP in_g p' p'_in) same).
Qed.

End Shift.

(* Turning over t after the devil's turn r is turning over unshift t before it. *)
Lemma turn_over_shift N r t s :
  size s = N -> turn_over t (turn r s) = turn r (turn_over (unshift N r t) s).
Proof.
move=> sz_s; apply: (@eq_from_nth _ false).
  by rewrite size_turn_over !size_turn size_turn_over.
rewrite size_turn_over size_turn sz_s => i /(shift_onto r)[p lt_p ->].
have N_gt0 : 0 < N := leq_ltn_trans (leq0n p) lt_p.
have lt_p_s : p < size s by rewrite sz_s.
rewrite nth_turn_over ?size_turn ?sz_s ?ltn_pmod //.
have E := nth_turn r lt_p_s; rewrite sz_s in E; rewrite E.
have lt_p_t : p < size (turn_over (unshift N r t) s) by rewrite size_turn_over.
have E2 := nth_turn r lt_p_t; rewrite size_turn_over sz_s in E2; rewrite E2.
by rewrite nth_turn_over // mem_filter mem_iota /= lt_p andbT.
Qed.
