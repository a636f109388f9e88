(* Reachability layers of beliefs (the kernel's devil.check_layers): layer 0 is the start, every
   move takes a belief of layer d < last into layers 0..d + 1, and no layer holds a finished
   belief. Then by induction every belief that d <= last moves reach lies in layers 0..d
   (Lemma layers_reached), so no strategy of at most [last] moves wins (layers_ok_size_lb). If
   besides every move keeps the last layer inside the layers, no strategy wins at all
   (layers_closed_impossible). A move acts as the least member of its orbit (update_least), so
   the checker tries one move per orbit of moves, as the kernel does. *)
From mathcomp Require Import ssreflect ssrfun ssrbool eqtype ssrnat seq.
From Coq Require Import NArith FMapPositive.
From CoinProofs Require Import Claims Dials TablePlay TableOrbits TableBeliefs.

Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.

Implicit Types (T : table) (ms : seq dials) (b : N) (layers : seq (seq N)).

(* --- The depth of each belief ------------------------------------------------------------- *)

Definition key b : positive := N.succ_pos b.

Lemma key_inj : injective key.
Proof.
move=> b b' same; apply: N.succ_inj; rewrite -!N.succ_pos_spec.
by rewrite /key in same; rewrite same.
Qed.

(* Each belief of the layers with its layer's number. *)
Definition numbered layers := zip (iota 0 (size layers)) layers.

Definition depths layers : PositiveMap.t nat :=
  foldl (fun M dl => foldl (fun M b => PositiveMap.add (key b) dl.1 M) M dl.2)
        (PositiveMap.empty nat) (numbered layers).

Definition depth (M : PositiveMap.t nat) b := PositiveMap.find (key b) M.

Lemma depth_add M k b b' : depth (PositiveMap.add (key b') k M) b =
  if b == b' then Some k else depth M b.
Proof.
rewrite /depth; case: eqP => [-> | ne]; first exact: PositiveMap.gss.
by apply: PositiveMap.gso => /key_inj.
Qed.

(* A belief with a depth was listed in that layer. *)
Lemma depth_listed M (dls : seq (nat * seq N)) b d :
  depth (foldl (fun M dl => foldl (fun M b => PositiveMap.add (key b) dl.1 M) M dl.2) M dls) b
    = Some d -> depth M b = Some d \/ (d, b) \in [seq (dl.1, b') | dl <- dls, b' <- dl.2].
Proof.
elim: dls M => [|[d' bs] dls IH] M /=; first by left.
move/IH => [| in_rest]; last by right; rewrite mem_cat in_rest orbT.
elim: bs M => [|b' bs IHbs] M /=; first by left.
move/IHbs => [| in_bs]; last by right; rewrite /= inE in_bs orbT.
by rewrite depth_add; case: eqP => [-> [<-] | _]; [right; rewrite mem_head | left].
Qed.

Lemma depth_layers layers b d : depth (depths layers) b = Some d ->
  d < size layers /\ b \in nth [::] layers d.
Proof.
case/depth_listed => [| /allpairsPdep[[d' bs] [b' /= [in_num in_bs [-> ->]]]]].
  by rewrite /depth PositiveMap.gempty.
move: in_num; rewrite /numbered => /nthP => /(_ (0, [::])) [i].
rewrite size_zip size_iota minnn => lt_i; rewrite nth_zip ?size_iota // nth_iota //.
by case=> <- bs_eq; rewrite add0n bs_eq.
Qed.

(* --- The checker --------------------------------------------------------------------------- *)

(* The moves of each orbit of moves, as images of the orbits (one row each). *)
Definition move_images T D := [seq orbit_images T D m | m <- rep_moves D].

Definition next_ok M rows (dl : nat * seq N) last :=
  (last <= dl.1) ||
  all (fun b => all (fun r => if depth M (union r b) is Some e then e <= dl.1.+1 else false)
                    rows) dl.2.

Definition layers_ok T layers :=
  let D := orbit_data_of T in
  let M := depths layers in
  let rows := move_images T D in
  [&& orbits_ok T, head [::] layers == [:: start_belief (norbits D)],
      all (fun dl => all (fun b => (depth M b == Some dl.1) && ~~ finished (norbits D) b) dl.2)
          (numbered layers) &
      all (fun dl => next_ok M rows dl (size layers).-1) (numbered layers)].

(* Every move keeps the last layer inside the layers. *)
Definition layers_closed T layers :=
  let D := orbit_data_of T in
  let M := depths layers in
  all (fun b => all (fun r => depth M (union r b) != None) (move_images T D))
      (last [::] layers).

Section Layers.

Variables (T : table) (layers : seq (seq N)).
Variable check : layers_ok T layers.

Local Notation dstate := (dstate (states T) (positions T)).
Local Notation D := (orbit_data_of T).
Local Notation M := (depths layers).
Local Notation last := (size layers).-1.

Lemma layers_orbits_ok : orbits_ok T. Proof. by case/and4P: check. Qed.
Local Notation ok := layers_orbits_ok.

Lemma listed_depth d b : d < size layers -> b \in nth [::] layers d -> depth M b = Some d.
Proof.
move=> lt_d b_in; case/and4P: check => _ _ /allP listed _.
have dl_in : (d, nth [::] layers d) \in numbered layers.
  apply/(nthP (0, [::])); exists d; first by rewrite size_zip size_iota minnn.
  by rewrite nth_zip ?size_iota // nth_iota.
by have /andP[/eqP] := allP (listed _ dl_in) b b_in.
Qed.

Lemma layer_dl d : d < size layers -> (d, nth [::] layers d) \in numbered layers.
Proof.
move=> lt_d; apply/(nthP (0, [::])); exists d; first by rewrite size_zip size_iota minnn.
by rewrite nth_zip ?size_iota // nth_iota.
Qed.

Lemma listed_finished d b : d < size layers -> b \in nth [::] layers d ->
  ~~ finished (norbits D) b.
Proof.
move=> lt_d b_in; case/and4P: check => _ _ /allP listed _.
by have /andP[_] := allP (listed _ (layer_dl lt_d)) b b_in.
Qed.

(* Any move from a layer before the last leads to a belief at most one layer further. *)
Lemma layer_next d b m : d < last -> b \in nth [::] layers d -> dstate m ->
  exists2 e, e <= d.+1 & depth M (update_belief T D m b) = Some e.
Proof.
move=> lt_d b_in m_ok; rewrite -(update_least ok) //.
have lt_d' : d < size layers by apply: leq_trans lt_d (leq_pred _).
case/and4P: check => _ _ _ /allP next; have := next _ (layer_dl lt_d').
rewrite /next_ok leqNgt lt_d /= => /allP /(_ b b_in) /allP.
have r_in : orbit_images T D (lookup (least_table T) m) \in move_images T D.
  by apply: map_f; exact: (least_move ok m_ok).
move=> /(_ _ r_in); rewrite /update_belief; case: depth => // e le_e.
by exists e.
Qed.

Lemma start_depth : depth M (start_belief (norbits D)) = Some 0.
Proof.
have /and4P[_ /eqP head_eq _ _] := check.
apply: listed_depth; last by rewrite nth0 head_eq mem_head.
by move: head_eq; case: (layers).
Qed.

(* The beliefs that d <= last moves reach lie in layers 0..d. *)
Lemma layers_reached ms : all dstate ms -> size ms <= last ->
  exists2 e, e <= size ms & depth M (belief_after T D (start_belief (norbits D)) ms) = Some e.
Proof.
elim/last_ind: ms => [_ _ | ms m IH]; first by exists 0; rewrite ?start_depth.
rewrite all_rcons size_rcons => /andP[m_ok ms_ok] lt_ms.
have [e le_e depth_e] := IH ms_ok (ltnW lt_ms).
have [lt_e b_in] := depth_layers depth_e.
rewrite /belief_after foldl_rcons -/(belief_after _ _ _ _).
have [e' le_e' depth_e'] := layer_next (leq_ltn_trans le_e lt_ms) b_in m_ok.
by exists e' => //; apply: leq_trans le_e' _.
Qed.

(* So no strategy of fewer moves than there are layers wins. *)
Theorem layers_ok_size_lb ms : table_wins T ms -> size layers <= size ms.
Proof.
move=> /(table_winsP _ ok) /and3P[_ ms_ok fin]; rewrite leqNgt; apply/negP => lt_ms.
have le_ms : size ms <= last by rewrite -ltnS prednK // (leq_ltn_trans (leq0n _) lt_ms).
have [e _ depth_e] := layers_reached ms_ok le_ms.
have [lt_e b_in] := depth_layers depth_e.
by have := listed_finished lt_e b_in; rewrite fin.
Qed.

Variable closed : layers_closed T layers.

Lemma layers_reach_all ms : all dstate ms ->
  exists e, depth M (belief_after T D (start_belief (norbits D)) ms) = Some e.
Proof.
elim/last_ind: ms => [_ | ms m IH]; first by exists 0; rewrite start_depth.
rewrite all_rcons => /andP[m_ok ms_ok]; have [e depth_e] := IH ms_ok.
have [lt_e b_in] := depth_layers depth_e.
rewrite /belief_after foldl_rcons -/(belief_after _ _ _ _).
have [lt_last | ge_last] := ltnP e last.
  by have [e' _ depth_e'] := layer_next lt_last b_in m_ok; exists e'.
have e_last : e = last.
  by apply/eqP; rewrite eqn_leq ge_last -ltnS prednK // (leq_ltn_trans _ lt_e).
move: closed; rewrite /layers_closed -nth_last -e_last => /allP /(_ _ b_in) /allP.
have r_in : orbit_images T D (lookup (least_table T) m) \in move_images T D.
  by apply: map_f; exact: (least_move ok m_ok).
move=> /(_ _ r_in); rewrite -(update_least ok _ m_ok) /update_belief.
by case: depth => // e' _; exists e'.
Qed.

(* And if the layers are closed, no strategy wins. *)
Theorem layers_closed_impossible : impossible (table_wins T).
Proof.
move=> ms /(table_winsP _ ok) /and3P[_ ms_ok fin].
have [e depth_e] := layers_reach_all ms_ok.
have [lt_e b_in] := depth_layers depth_e.
by have := listed_finished lt_e b_in; rewrite fin.
Qed.

End Layers.
