(* The checker of invariant evidence (the kernel's invariant_evidence): a nonempty set I of
   orbits, none of them won, such that from every orbit of I, whatever K positions the player
   grabs, the devil has a feel of some state of that orbit after which every choice of glasses
   to turn over leaves some state of the orbit, so turned over, in I. Lemma [kept]: then from
   an orbit of I no strategy wins within any number of turns from all of its states (the devil
   answers each grab with that feel and turns the tray back into I). Theorem invariant_sound:
   no strategy wins. *)
From mathcomp Require Import all_ssreflect.
From Coq Require Import NArith.
From CoinProofs Require Import Rules Coins RulesGlasses GlassesPlay GlassesOrbits.

Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.

(* From the orbit of x, the devil has an answer to the grab g that keeps the glasses in I:
   for each choice t of glasses to turn, [kept] lists the feels of the states of the orbit
   that turning t over leaves in I, and some feel is in every list. *)
Definition keeps tb I (x : glasses) (g : seq nat) :=
  let xs := rotations x in
  let kept := [seq [seq feel g s | s <- xs & in_belief tb I (turn_over t s)] | t <- choices g] in
  has (fun f => all (fun fs => f \in fs) kept) [seq feel g s | s <- xs].

(* One state of each orbit of I (the least), checked against every grab. *)
Definition invariant_ok N K I :=
  let tb := orbit_table N in
  let xs := [seq x <- representatives N | in_belief tb I x] in
  [&& xs != [::], all (fun s => in_belief tb I s ==> ~~ same_way s) (all_states N) &
      all (fun x => all (keeps tb I x) (grabs N K)) xs].

Section Sound.

Variables (N K : nat) (I : BinNums.N).
Let tb := orbit_table N.
Let xs := [seq x <- representatives N | in_belief tb I x].
Hypotheses (unequal : all (fun s => in_belief tb I s ==> ~~ same_way s) (all_states N))
           (ok : all (fun x => all (keeps tb I x) (grabs N K)) xs).

Lemma mem_xs x : x \in xs -> size x = N /\ in_belief tb I x.
Proof.
rewrite mem_filter => /andP[in_x]; rewrite mem_filter mem_all_states => /andP[_ /eqP sz_x].
by split.
Qed.

Lemma in_unequal s : size s = N -> in_belief tb I s -> ~~ same_way s.
Proof. by move=> sz_s in_s; have := allP unequal s; rewrite mem_all_states sz_s eqxx in_s; apply. Qed.

(* The orbit of a state of I has its least member in xs. *)
Lemma xs_rotation s : size s = N -> in_belief tb I s -> exists2 x, x \in xs & x \in rotations s.
Proof.
move=> sz_s in_s; move: (in_s); rewrite /in_belief; case Es: (lookup _ s) => [j|//] _.
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
(* The devil answers the grab h as for the grab g of the same positions. *)
have := win 0 lt0N => /= -[same | [sz_h uniq_h in_h _ _]]; first by rewrite same in not_same.
have h_g : {subset h <= grab_of N h} by move=> i; rewrite grab_ofE.
have := allP (allP ok x x_in) _ (grab_of_grabs sz_h uniq_h in_h); rewrite /keeps.
set g := grab_of N h => /hasP[f /mapP[s1 /rotationsP[a lt_a ->] ->] /allP all_kept] {f}.
rewrite sz_x in lt_a.
have := win a lt_a => /= -[same1 | [_ _ _ in_what1 _]]; first by have := not_same_r a; rewrite same1.
set t := choice_of g (what (feel h (turn a x))).
have := all_kept _ (map_f _ (choice_of_choices g (what (feel h (turn a x))))).
case/mapP=> s2; rewrite mem_filter => /andP[in_s3 /rotationsP[b lt_b Es2]] same_feel; subst s2.
rewrite sz_x in lt_b.
have := win b lt_b => /= -[same2 | [_ _ _ _ after]]; first by have := not_same_r b; rewrite same2.
have sub : {subset what (feel h (turn a x)) <= g} by move=> i /(allP in_what1) /h_g.
rewrite -(feel_sub h_g same_feel) -(turn_over_choice _ sub) in after.
set s3 := turn_over t (turn b x) in in_s3 after.
have sz_s3 : size s3 = N by rewrite size_turn_over size_turn.
have [x' x'_in /rotationsP[c lt_c Ex']] := xs_rotation sz_s3 in_s3; subst x'.
apply: (IH _ (next (feel h (turn a x))) x'_in) => r lt_r.
by rewrite -turnD [turn _ s3]turn_mod sz_s3; apply: after; rewrite ltn_pmod.
Qed.

End Sound.

Theorem invariant_sound N K I : invariant_ok N K I -> no_strategy N K.
Proof.
rewrite /invariant_ok => /and3P[nonempty unequal ok] T [t win].
case Exs: [seq _ <- _ | _] nonempty => [//|x xs'] _.
apply: (kept unequal ok (T := T) (x := x) (t := t)); first by rewrite Exs inE eqxx.
move=> r _; apply: win; rewrite size_turn.
have : x \in [seq x <- representatives N | in_belief (orbit_table N) I x] by rewrite Exs inE eqxx.
by rewrite mem_filter mem_filter mem_all_states => /and3P[_ _ /eqP].
Qed.
