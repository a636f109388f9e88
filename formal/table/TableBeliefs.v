(* Beliefs over orbits (the kernel's coinproofs/verify/table.py, "Beliefs over orbits"): a
   belief is a set of orbit numbers, bit j of a binary number; the start holds every orbit;
   a move takes orbit j to the orbits of x + m for the states x of orbit j, and orbit 0 (the
   goal: the game is over) to itself. A belief stands for the states of its orbits, and wins
   with the rest of a strategy iff each of those states does (bwins_cons): the devil
   permutes before each move, so only the orbits of the states matter. So a strategy wins iff
   it takes the start to a belief with no orbit but the goal's (Theorem table_winsP), and its
   moves act on beliefs as the least members of their orbits do (update_least). *)
From mathcomp Require Import ssreflect ssrfun ssrbool eqtype ssrnat seq.
From Coq Require Import NArith PeanoNat.
From CoinProofs Require Import Dials TablePlay TableOrbits.

Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.

Implicit Types (T : table) (s x y m : dials) (ms : seq dials) (w : seq (seq nat)) (b : N).

(* --- Sets of orbits as binary numbers ----------------------------------------------------- *)

Definition bmem b j := N.testbit b (N.of_nat j).

(* Every orbit of K, and no orbit but the goal's. *)
Definition start_belief K := N.ones (N.of_nat K).
Definition finished K b := all (fun j => ~~ bmem b j) (iota 1 K.-1).

(* The union of rows[j] for the orbits j of b. *)
Fixpoint union (rows : seq N) b : N :=
  if rows is r :: rows' then N.lor (if N.odd b then r else 0%num) (union rows' (N.div2 b))
  else 0%num.

Lemma bmem0 b : bmem b 0 = N.odd b. Proof. exact: N.bit0_odd. Qed.

Lemma bmem_div2 b j : bmem (N.div2 b) j = bmem b j.+1.
Proof. by rewrite /bmem Nnat.Nat2N.inj_succ N.testbit_succ_r_div2 //; apply: N.le_0_l. Qed.

Lemma bmem_union rows b k :
  bmem (union rows b) k =
  has (fun j => bmem b j && bmem (nth 0%num rows j) k) (iota 0 (size rows)).
Proof.
elim: rows b => [|r rows IH] b //=.
have -> : bmem (N.lor (if N.odd b then r else 0%num) (union rows (N.div2 b))) k =
          bmem (if N.odd b then r else 0%num) k || bmem (union rows (N.div2 b)) k.
  exact: N.lor_spec.
rewrite IH bmem0; congr (_ || _); first by case: (N.odd b); rewrite /bmem ?N.bits_0.
rewrite -[1]/(1 + 0) iotaDl has_map; apply: eq_has => j /=.
by rewrite bmem_div2.
Qed.

Lemma ltN i j : (N.of_nat i < N.of_nat j)%num <-> i < j.
Proof. by rewrite /N.lt -Nnat.Nat2N.inj_compare Nat.compare_lt_iff; split=> /ltP. Qed.

Lemma bmem_start K j : bmem (start_belief K) j = (j < K).
Proof. by apply/idP/idP => [/N.ones_spec_iff /ltN | /ltN /N.ones_spec_iff]. Qed.

Lemma bmem_setbits (A : Type) (f : A -> nat) (xs : seq A) a k :
  bmem (foldl (fun acc z => N.setbit acc (N.of_nat (f z))) a xs) k =
  bmem a k || has (fun z => f z == k) xs.
Proof.
elim: xs a => [|z xs IH] a /=; first by rewrite orbF.
rewrite IH /bmem N.setbit_eqb orbA; congr (_ || _); rewrite orbC; congr (_ || _).
by apply/idP/eqP => [/N.eqb_spec /Nnat.Nat2N.inj | ->]; last by apply/N.eqb_spec.
Qed.

Lemma bmem1 k : bmem 1%num k = (k == 0).
Proof. by case: k. Qed.

(* Two binary numbers with the same bits. *)
Lemma bmem_inj b b' : (forall j, bmem b j = bmem b' j) -> b = b'.
Proof. by move=> same; apply: N.bits_inj => i; rewrite -(Nnat.N2Nat.id i); apply: same. Qed.

(* --- The orbits of a table, computed once ------------------------------------------------- *)

(* The orbit number of every state, how many there are, the states of each, and one move for
   each orbit of moves. *)
Record orbit_data := OrbitData {
  orbit_of : statemap nat; norbits : nat; orbit_members : seq (seq dials); rep_moves : seq dials }.

Definition orbit_data_of T :=
  let tab := least_table T in
  let reps := orbit_reps T tab in
  let statemap := tbuild (states T) (positions T) (orbit_number T tab reps) in
  let K := (size reps).+1 in
  OrbitData statemap K [seq [seq x <- all_states T | tget 0 statemap x == j] | j <- iota 0 K]
            [seq s <- all_states T | lookup tab s == s].

(* The image of each orbit under the move m: orbit 0 stays the goal. *)
Definition orbit_images T D m : seq N :=
  1%num :: [seq foldl (fun acc x => N.setbit acc (N.of_nat (tget 0 (orbit_of D)
                                                              (add (states T) x m)))) 0%num xs
           | xs <- behead (orbit_members D)].

Definition update_belief T D m b := union (orbit_images T D m) b.

Definition belief_after T D b ms := foldl (fun b m => update_belief T D m b) b ms.

(* The checker of a winning strategy. *)
Definition table_winsb T ms :=
  let D := orbit_data_of T in
  [&& orbits_ok T, all (dstate (states T) (positions T)) ms &
      finished (norbits D) (belief_after T D (start_belief (norbits D)) ms)].

Section Beliefs.

Variable T : table.
Variable ok : orbits_ok T.

Local Notation q := (states T).
Local Notation n := (positions T).
Local Notation dstate := (dstate (states T) (positions T)).
Local Notation goal := (reached (goal_of T)).
Local Notation D := (orbit_data_of T).
Local Notation K := (orbit_count T).


Lemma size_orbit_images m : size (orbit_images T D m) = K.
Proof. by rewrite /= !size_map size_iota. Qed.

Lemma bmem_orbit_images m j k : j < K ->
  bmem (nth 0%num (orbit_images T D m) j) k =
  if j is 0 then k == 0
  else has (fun x => (orbit T x == j) && (orbit T (add q x m) == k)) (all_states T).
Proof.
case: j => [|j] lt_j; first exact: bmem1.
rewrite /orbit_images /= (nth_map [::]) ?size_map ?size_iota // bmem_setbits /bmem N.bits_0 /=.
rewrite (nth_map 0) ?size_iota // nth_iota //; apply/hasP/hasP => [[x] | [x]].
  by rewrite mem_filter => /andP[same x_in] image; exists x => //; rewrite same.
by move=> x_in /andP[same image]; exists x; rewrite // mem_filter same.
Qed.

(* The states of a belief: those whose orbit it holds. *)
Lemma bmem_update m b y : dstate m -> dstate y ->
  bmem (update_belief T D m b) (orbit T y) =
  (bmem b 0 && goal y) ||
  has (fun x => ~~ goal x && bmem b (orbit T x) && (orbit T (add q x m) == orbit T y))
      (all_states T).
Proof.
move=> m_ok y_ok; rewrite /update_belief bmem_union size_orbit_images.
rewrite (_ : iota 0 K = 0 :: iota 1 K.-1) //.
rewrite -cat1s has_cat has_seq1 bmem_orbit_images // orbit_eq0 //.
congr (_ || _); apply/hasP/hasP => [[j] | [x]].
  rewrite mem_iota => /andP[j_gt0 lt_j] /andP[b_j]; rewrite bmem_orbit_images //.
  case: j j_gt0 lt_j b_j => // j _ lt_j b_j.
  case/hasP => x x_in /andP[/eqP orbit_x /eqP image]; exists x => //.
  have x_ok : dstate x by rewrite -mem_all_states.
  by rewrite -orbit_eq0 // orbit_x /= b_j image eqxx.
rewrite mem_all_states => x_ok /andP[/andP[not_goal b_x] /eqP image].
have lt_x := orbit_lt ok x_ok; rewrite -orbit_eq0 // in not_goal.
exists (orbit T x); first by rewrite mem_iota lt0n not_goal.
rewrite b_x bmem_orbit_images //=; case Ex: (orbit T x) not_goal => [// | j] _.
by apply/hasP; exists x; rewrite ?mem_all_states // Ex image !eqxx.
Qed.

(* A belief wins with the moves ms when each state of its orbits does. *)
Definition bwins b ms := forall x, dstate x -> bmem b (orbit T x) -> table_wins_from T x ms.

Lemma bwins_nil b : bwins b [::] <-> finished K b.
Proof.
split=> [win | /allP none x x_ok b_x]; last first.
  left; rewrite -orbit_eq0 //; apply: contraTT b_x => not0; apply: none.
  by rewrite mem_iota lt0n not0 add1n prednK ?orbit_lt // (leq_ltn_trans _ (orbit_lt ok x_ok)).
apply/allP => j; rewrite mem_iota => /andP[j_gt0 lt_j]; apply/negP => b_j.
have lt_jK : j < K by move: lt_j; rewrite add1n prednK // (leq_ltn_trans (leq0n j)).
have [x x_ok orbit_x] := orbit_state ok lt_jK.
case: (win x x_ok); rewrite ?orbit_x // => goal_x.
by move: j_gt0; rewrite -orbit_x lt0n orbit_eq0 // goal_x.
Qed.

Lemma bwins_cons b m ms : dstate m -> bwins b (m :: ms) <-> bwins (update_belief T D m b) ms.
Proof.
move=> m_ok; split=> [win y y_ok | win x x_ok b_x].
  rewrite bmem_update // => /orP[/andP[_ goal_y] | ]; first exact: wins_from_goal.
  case/hasP=> x x_in /andP[/andP[not_goal b_x] /eqP same].
  have x_ok : dstate x by rewrite -mem_all_states.
  case: (win x x_ok b_x) => [goal_x | win_next]; first by rewrite goal_x in not_goal.
  have xm_ok : dstate (add q x m) by apply: dstate_add => //; apply: q_gt0.
  have := win_next [::] isT; rewrite /next /=.
  have [goal_xm _ | not_goal_xm] := boolP (goal (add q x m)).
    by apply: wins_from_goal; rewrite -orbit_eq0 // -same orbit_eq0.
  move/eqP: same => /(orbit_rearranges ok xm_ok y_ok not_goal_xm) [w w_ok <-].
  by apply: wins_from_rearrange; rewrite ?gens_perm //; case/andP: xm_ok => /eqP.
have [goal_x | not_goal] := boolP (goal x); [by left | right=> w w_ok].
have x_ok' : dstate (rearrange w x) by apply: (dstate_rearranges ok x_ok); exists w.
apply: win; first by apply: dstate_next; rewrite ?q_gt0 ?gens_perm.
rewrite bmem_update ?dstate_next ?q_gt0 ?gens_perm //; apply/orP; right.
apply/hasP; exists (rearrange w x); first by rewrite mem_all_states.
rewrite orbit_rearrange // b_x (reached_rearranges ok x_ok) ?not_goal //; last by exists w.
by rewrite /next eqxx.
Qed.

Lemma bwins_belief b ms : all dstate ms -> bwins b ms <-> bwins (belief_after T D b ms) [::].
Proof.
elim: ms b => //= m ms IH b /andP[m_ok ms_ok].
by rewrite bwins_cons // IH.
Qed.

Lemma bwins_start ms : bwins (start_belief K) ms <-> forall x, dstate x -> table_wins_from T x ms.
Proof.
split=> win x x_ok; last by move=> _; apply: win.
by apply: win; rewrite // bmem_start orbit_lt.
Qed.

(* The devil's group moves a move as it moves the states: the images of the orbits are
   the same. *)
Lemma orbit_images_rearrange m w : dstate m -> word T w ->
  orbit_images T D (rearrange w m) = orbit_images T D m.
Proof.
move=> m_ok w_ok; apply: (@eq_from_nth _ 0%num) => [|j]; rewrite !size_orbit_images // => lt_j.
apply: bmem_inj => k; rewrite !bmem_orbit_images //; case: j lt_j => // j lt_j.
have perm_w z : dstate z -> all (perm_of (size z)) w.
  by case/andP=> /eqP sz_z _; apply: perm_of_word (gens_perm ok) w_ok _; rewrite sz_z.
apply/hasP/hasP => [[x] | [x]]; rewrite !mem_all_states => x_ok /andP[/eqP orbit_x /eqP image].
  have u_ok := unword_word w_ok.
  have x'_ok : dstate (rearrange (unword T w) x).
    by apply: (dstate_rearranges ok x_ok); exists (unword T w).
  exists (rearrange (unword T w) x); first by rewrite mem_all_states.
  rewrite orbit_rearrange // orbit_x eqxx -image /=.
  rewrite -(orbit_rearrange ok w_ok) ?dstate_add ?q_gt0 // rearrange_add ?perm_w //.
    by rewrite rearrange_unword_r //; case/andP: x_ok => /eqP.
  by case/andP: m_ok => /eqP ->; case/andP: x'_ok => /eqP.
have wx_ok : dstate (rearrange w x) by apply: (dstate_rearranges ok x_ok); exists w.
exists (rearrange w x); first by rewrite mem_all_states.
rewrite orbit_rearrange // orbit_x eqxx -image /= -rearrange_add ?perm_w //.
  by rewrite orbit_rearrange ?dstate_add ?q_gt0.
by case/andP: m_ok => /eqP ->; case/andP: x_ok => /eqP.
Qed.

(* So a move acts on beliefs as the least member of its orbit. *)
Lemma update_least m b : dstate m ->
  update_belief T D (lookup (least_table T) m) b = update_belief T D m b.
Proof.
move=> m_ok; have [w w_ok <-] := rearranges_least ok m_ok.
by rewrite /update_belief orbit_images_rearrange.
Qed.

End Beliefs.

Theorem table_winsP T ms : orbits_ok T -> reflect (table_wins T ms) (table_winsb T ms).
Proof.
move=> ok; rewrite /table_winsb ok /=; apply: (iffP andP) => [[ms_ok fin] | ].
  apply/table_winsE; split=> //; apply/bwins_start => //.
  by apply/(bwins_belief ok _ ms_ok)/bwins_nil.
case/table_winsE => ms_ok win; split=> //.
by apply/(bwins_nil ok)/(bwins_belief ok _ ms_ok)/bwins_start.
Qed.

Theorem table_winsb_sound T ms : table_winsb T ms -> table_wins T ms.
Proof. by move=> check; apply/table_winsP => //; case/and3P: check. Qed.
