(* The checker of invariant evidence (the kernel's invariant_evidence): a nonempty set I of
   orbits, none of them won, such that from every orbit of I, whatever K positions the player
   grabs, the devil has a feel of some state of that orbit after which every choice of glasses
   to turn over leaves some state of the orbit, so turned over, in I. Lemma [kept]: then from
   an orbit of I no strategy wins within any number of turns from all of its states (the devil
   answers each grab with that feel and turns the tray back into I). Theorem invariant_sound:
   no strategy wins. *)
From mathcomp Require Import ssreflect ssrfun ssrbool eqtype ssrnat seq choice path div.
From Coq Require Import NArith.
From CoinProofs Require Import Rules Coins RulesGlasses GlassesPlay GlassesOrbits GlassesShift.

Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.

(* From the orbit xs (the turns of a state), the devil has an answer to the grab g (given with
   the masks ms of the glasses it may turn over) that keeps the glasses in I: for each mask,
   [kept] lists the feels of the states of xs that flipping with it leaves in I, and some feel
   is in every list. *)
Definition keeps tb I (xs : seq glasses) (gm : seq nat * seq glasses) :=
  let: (g, ms) := gm in
  let kept := [seq [seq feel g s | s <- xs & in_belief tb I (flip s m)] | m <- ms] in
  has (fun f => all (fun fs => f \in fs) kept) [seq feel g s | s <- xs].

(* One state of each orbit of I (the least), checked against one grab of each rotation class
   (GlassesShift.v). *)
Definition invariant_ok N K I :=
  let tb := orbit_table N in
  let xs := [seq x <- representatives N | in_belief tb I x] in
  [&& covers N K (grab_classes N K), xs != [::],
      all (fun s => in_belief tb I s ==> ~~ same_way s) (all_glasses N) &
      all (fun x => all (keeps tb I (rotations x)) (class_masks N K)) xs].

Section Sound.

Variables (N K : nat) (I : BinNums.N).
Let tb := orbit_table N.
Let xs := [seq x <- representatives N | in_belief tb I x].
Hypotheses (cover : covers N K (grab_classes N K))
           (unequal : all (fun s => in_belief tb I s ==> ~~ same_way s) (all_glasses N))
           (ok : all (fun x => all (keeps tb I (rotations x)) (class_masks N K)) xs).

Lemma mem_xs x : x \in xs -> size x = N /\ in_belief tb I x.
Proof.
rewrite mem_filter => /andP[in_x]; rewrite mem_filter mem_all_glasses => /andP[_ /eqP sz_x].
by split.
Qed.

Lemma in_unequal s : size s = N -> in_belief tb I s -> ~~ same_way s.
Proof. by move=> sz_s in_s; have := allP unequal s; rewrite mem_all_glasses sz_s eqxx in_s; apply. Qed.

(* The orbit of a state of I has its least member in xs. *)
Lemma xs_rotation s : size s = N -> in_belief tb I s -> exists2 x, x \in xs & x \in rotations s.
Proof.
move=> sz_s in_s; move: (in_s); rewrite /in_belief; case Es: (trie_get _ s) => [j|//] _.
have [x x_rep x_rot] := orbit_representative sz_s Es; exists x => //.
rewrite mem_filter x_rep andbT; case/rotationsP: x_rot => r _ ->.
by rewrite in_belief_turn.
Qed.

Lemma kept T x t : x \in xs -> ~ (forall r, r < N -> wins_from N K T t (turn r x)).
Proof.
elim: T x t => [|T IH] x t x_in win; have [sz_x in_x] := mem_xs x_in.
all: have not_same := in_unequal sz_x in_x.
all: have lt0N : 0 < N by rewrite -sz_x; case: (x) not_same.
all: have not_same_r r : ~~ same_way (turn r x) by rewrite same_way_turn.
  by have := win 0 lt0N => /= -[same | ]; [rewrite same in not_same | case: t {win}].
case: t win => [|h what next] win.
  by case: (win 0 lt0N) => /= [same | //]; rewrite same in not_same.
(* The strategy grabs h = g + r; the devil answers as for the grab g, turned by r. *)
have := win 0 lt0N => /= -[same | [sz_h uniq_h in_h _ _]]; first by rewrite same in not_same.
have [g [r g_in same_pos]] := covered cover sz_h uniq_h in_h.
have in_g : all (fun i => i < N) g by move: g_in; rewrite mem_filter => /andP[_ /grabs_in].
have h_g : {subset h <= shift N r g} by move=> i i_in; rewrite same_pos ?(allP in_h).
have := allP (allP ok x x_in) _ (map_f (fun g => (g, [seq mask_of t N | t <- choices g])) g_in).
rewrite /keeps => /hasP[f /mapP[s1 /rotationsP[a lt_a ->] ->] /allP all_kept] {f}.
have sz_t c : size (turn c x) = N by rewrite size_turn.
have win_at c : wins_from N K T.+1 (Feel h what next) (turn r (turn c x)).
  by rewrite -turnD [turn _ x]turn_mod sz_x; apply: win; rewrite ltn_pmod.
have := win_at a => /= -[same1 | [_ _ _ in_what1 _]].
  by have := not_same_r a; rewrite -(same_way_turn r) same1.
set p1 := feel h (turn r (turn a x)); set t := choice_of g (unshift N r (what p1)).
have sub1 : {subset unshift N r (what p1) <= g}.
  by apply: (unshift_sub in_g h_g) => i /(allP in_what1).
have := all_kept _ (map_f _ (map_f (mask_of^~ N) (choice_of_choices g (unshift N r (what p1))))).
case/mapP=> s2; rewrite mem_filter => /andP[in_s3 /rotationsP[b lt_b Es2]] same_feel; subst s2.
have flipped : flip (turn b x) (mask_of t N) = turn_over t (turn b x).
  by rewrite turn_over_flip size_turn sz_x.
rewrite flipped in in_s3.
have := win_at b => /= -[same2 | [_ _ _ _ after]].
  by have := not_same_r b; rewrite -(same_way_turn r) same2.
rewrite -(feel_shift in_g h_g (sz_t a) (sz_t b) same_feel) -/p1 in after.
rewrite (turn_over_shift r _ (sz_t b)) -(turn_over_choice _ sub1) -/t in after.
set s3 := turn_over t (turn b x) in in_s3 after.
have sz_s3 : size s3 = N by rewrite size_turn_over size_turn.
have [x' x'_in] := xs_rotation sz_s3 in_s3.
rewrite -(rotations_turn r) => /rotationsP[c lt_c Ex']; subst x'.
apply: (IH _ (next p1) x'_in) => r' lt_r'.
rewrite -turnD [turn _ (turn r s3)]turn_mod size_turn sz_s3.
by apply: after; rewrite ltn_pmod.
Qed.

End Sound.

Theorem invariant_sound (N K : nat) I : invariant_ok N K I -> no_strategy N K.
Proof.
rewrite /invariant_ok => /and4P[cover nonempty unequal ok] T [t win].
case Exs: [seq _ <- _ | _] nonempty => [//|x xs'] _.
apply: (kept cover unequal ok (T := T) (x := x) (t := t)); first by rewrite Exs inE eqxx.
move=> r _; apply: win; rewrite size_turn.
have : x \in [seq x <- representatives N | in_belief (orbit_table N) I x] by rewrite Exs inE eqxx.
by rewrite mem_filter mem_filter mem_all_glasses => /and3P[_ _ /eqP].
Qed.
