(* The checker of survival evidence (the kernel's survival_evidence): beliefs, each with its
   layer d, such that from every state of a layer-d belief, whatever K positions the player
   grabs, the devil has a feel after which every choice of glasses to turn over leaves some
   glasses unequal (d = 1), or leads to a belief listed in layer d - 1 or later. Lemma
   [survives]: then from a belief of layer d no strategy wins within d turns from all of its
   states (induction on d: the devil answers the grab with that feel, and then turns the tray
   to the state the next layer needs). Theorem survival_sound: a belief in layer D or later
   means no strategy wins within D turns. *)
From mathcomp Require Import ssreflect ssrfun ssrbool eqtype ssrnat seq.
From Coq Require Import NArith FMapPositive.
From CoinProofs Require Import Rules Coins RulesGlasses GlassesPlay GlassesOrbits GlassesShift.

Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.

(* Each belief (a nonempty set of orbits, so a positive number) and its layer. *)
Notation survival_layers := (PositiveMap.t nat) (only parsing).

Section Check.

Variables (tb : trie (option (N * N))) (M : survival_layers).

(* The belief after flipping the glasses with the mask m: the orbits of the states not won. *)
Definition after_turn (m : glasses) (P : seq glasses) :=
  belief_of tb [seq s' <- [seq flip s m | s <- P] | ~~ same_way s'].

(* A belief the devil may lead to from layer d. *)
Definition good d (A : N) :=
  if A is Npos q then (d <= 1) || (if PositiveMap.find q M is Some d' then d.-1 <= d' else false)
  else false.

(* From the states S of a layer-d belief, the devil has an answer to the grab g (given with
   the masks ms of the glasses it may turn over). *)
Definition holds d (S : seq glasses) (gm : seq nat * seq glasses) :=
  let: (g, ms) := gm in
  let felt := [seq (feel g s, s) | s <- S] in
  has (fun f => let P := [seq x.2 | x <- felt & x.1 == f] in all (fun m => good d (after_turn m P)) ms)
      (undup (unzip1 felt)).

Definition entry_ok states gms (e : positive * nat) :=
  let S := [seq s <- states | in_belief tb (Npos e.1) s] in
  [&& S != [::], all (fun s => ~~ same_way s) S & all (holds e.2 S) gms].

End Check.

Definition survival_ok N K D (M : survival_layers) :=
  let tb := orbit_table N in
  let es := PositiveMap.elements M in
  [&& covers N K (grab_classes N K), List.forallb (entry_ok tb M (all_glasses N) (class_masks N K)) es
    & List.existsb (fun e => D <= e.2) es].

Section Sound.

Variables (N K : nat) (M : survival_layers).
Let tb := orbit_table N.
Hypotheses (cover : covers N K (grab_classes N K))
  (ok : List.forallb (entry_ok tb M (all_glasses N) (class_masks N K)) (PositiveMap.elements M)).

Lemma survives m p d : List.In (p, d) (PositiveMap.elements M) -> m <= d -> forall t,
  ~ (forall s, size s = N -> in_belief tb (Npos p) s -> wins_from N K m t s).
Proof.
elim: m p d => [|m IH] p d in_M le_m t win.
all: have := proj1 (List.forallb_forall _ _) ok _ in_M.
all: rewrite /entry_ok /=; set S := [seq s <- _ | _].
all: move=> /and3P[nonempty /allP unequal /allP holds_all].
all: have memS s : s \in S -> size s = N /\ in_belief tb (Npos p) s.
all: try by rewrite mem_filter mem_all_glasses => /andP[? /eqP].
all: have [s0 s0_in] : exists s0, s0 \in S.
all: try by case: (S) nonempty => // s0 ? _; exists s0; rewrite inE eqxx.
all: have [sz0 in0] := memS _ s0_in; have not_same0 := unequal s0 s0_in.
all: have := win s0 sz0 in0 => /= -[same0 | ]; first by rewrite same0 in not_same0.
  by case: t {win}.
(* The strategy grabs h = g + r; the devil answers as for the grab g, turned by r. *)
case: t win => // h what next win [sz_h uniq_h in_h _ _].
have [g [r g_in same_pos]] := covered cover sz_h uniq_h in_h.
have in_g : all (fun i => i < N) g by move: g_in; rewrite mem_filter => /andP[_ /grabs_in].
have h_g : {subset h <= shift N r g} by move=> i i_in; rewrite same_pos ?(allP in_h).
have := holds_all _ (map_f (fun g => (g, [seq mask_of t N | t <- choices g])) g_in).
rewrite /holds => /hasP[f]; rewrite mem_undup /unzip1 -map_comp => /mapP[s1 s1_in ->] /allP all_t.
have turnS s : s \in S -> turn r s \in S.
  case/memS=> sz in_s; rewrite mem_filter mem_all_glasses size_turn sz eqxx andbT.
  by rewrite /tb in_belief_turn.
have [sz1 _] := memS _ s1_in; have [sz1' in1'] := memS _ (turnS _ s1_in).
have := win _ sz1' in1' => /= -[same1 | [_ _ _ in_what1 _]].
  by have := unequal _ (turnS _ s1_in); rewrite same1.
set p1 := feel h (turn r s1); set t := choice_of g (unshift N r (what p1)).
have sub1 : {subset unshift N r (what p1) <= g}.
  by apply: (unshift_sub in_g h_g) => i /(allP in_what1).
(* Playing on from the states of S that feel like s1. *)
have play s2 : s2 \in S -> feel g s2 = feel g s1 -> forall r', r' < N ->
    wins_from N K m (next p1) (turn r' (turn r (turn_over t s2))).
  move=> s2_in same_feel r' lt_r'; have [sz2 _] := memS _ s2_in.
  have [sz2' in2'] := memS _ (turnS _ s2_in).
  have := win _ sz2' in2' => /= -[same2 | [_ _ _ _ after]].
    by have := unequal _ (turnS _ s2_in); rewrite same2.
  move: (after r' lt_r'); rewrite /p1 (feel_shift in_g h_g sz2 sz1 same_feel).
  by rewrite (turn_over_shift r _ sz2) /t (turn_over_choice _ sub1).
have := all_t _ (map_f (mask_of^~ N) (choice_of_choices g (unshift N r (what p1)))).
rewrite /good /after_turn -/t; set L := [seq s' <- _ | _].
have memL y : y \in L -> exists2 s2, s2 \in S & feel g s2 = feel g s1 /\ y = turn_over t s2 /\ ~~ same_way y.
  rewrite mem_filter => /andP[not_same /mapP[s2 /mapP[x]]]; rewrite mem_filter.
  case/andP=> /eqP same_feel /mapP[s3 s3_in Ex] Es2 Ey; subst x s2; exists s3 => //.
  have [sz3 _] := memS _ s3_in; subst y; split; first exact: same_feel.
  by rewrite /= turn_over_flip sz3.
have lt0N : 0 < N by rewrite -sz0; case: (s0) not_same0.
have sizeL y : y \in L -> size y = N.
  by case/memL=> s2 /memS[sz2 _] [_ [-> _]]; rewrite size_turn_over.
case: (leqP d 1) => [le_d1 | lt_1d].
  (* The last layer: some glasses stay unequal after the turn. *)
  have m0 : m = 0 by apply/eqP; rewrite -leqn0 -ltnS (leq_trans le_m le_d1).
  case EL: L => [|y L'] //; have /memL[s2 s2_in [same_feel [Ey not_same]]] : y \in L.
    by rewrite EL inE eqxx.
  have := play s2 s2_in same_feel 0 lt0N; rewrite m0 /= same_way_turn -Ey.
  by case=> [same | ]; [rewrite same in not_same | case: (next _)].
(* A deeper layer: the belief after the turn is listed in layer d - 1 or later. *)
case EA: (belief_of tb L) => [//|q] /=.
case Ef: (PositiveMap.find q M) => [d'|//] le_d'.
apply: (IH q d' (PositiveMap.elements_correct _ _ Ef) _ (next p1)).
  by apply: leq_trans le_d'; rewrite -ltnS prednK // (ltn_trans _ lt_1d).
move=> x sz_x; rewrite -EA => in_x; have [y y_in same_orbit] := in_belief_of in_x.
move: in_x; rewrite /in_belief; case Ex: (trie_get tb x) => [j|//] _.
have [s2 s2_in [same_feel [Ey _]]] := memL y y_in.
have := orbit_rotations (sizeL y y_in) sz_x (etrans same_orbit Ex) Ex.
rewrite -(rotations_turn r) => /rotationsP[r' lt_r' ->].
by rewrite Ey; apply: play => //; move: lt_r'; rewrite size_turn (sizeL y y_in).
Qed.

End Sound.

Theorem survival_sound (N K D : nat) M : survival_ok N K D M -> forall T t, T <= D -> ~ tree_wins N K T t.
Proof.
rewrite /survival_ok => /and3P[cover ok /List.existsb_exists [[p d] [in_M le_D]]] T t le_T win.
by apply: (survives cover ok in_M (leq_trans le_T le_D) (t := t)) => s sz_s _; apply: win.
Qed.

Corollary survival_none (N K D : nat) M : survival_ok N K D M -> forall T, T <= D -> ~ wins_within N K T.
Proof. by move=> ok T le_T [t win]; apply: survival_sound ok T t le_T win. Qed.
