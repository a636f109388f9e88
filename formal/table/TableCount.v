(* Counting the shortest winning strategies of a table through reachability layers (the
   kernel's family.shortest_counts). Let the layers pass layers_ok, L of them. A winning
   strategy of L moves visits layer d after exactly d moves: a belief of an earlier layer e < d
   is still in the layers after the L - d moves left (Lemma no_paths). So the ways into each
   belief of layer d + 1 are the ways into the beliefs of layer d, times the weight of each
   move from one to the other, added up: [count_ways] computes them, in binary, and equals the
   number of words of L classes of moves that win, each counting its weight (Theorem
   count_waysE). With the number of moves in each orbit of moves as its weight, that is the
   number of winning strategies; with weight 1, the number of sequences of orbits of moves
   (Theorem count_check_sound, for ClaimsTable.v's statement). *)
From mathcomp Require Import ssreflect ssrfun ssrbool eqtype ssrnat seq choice path div.
From mathcomp Require Import fintype tuple finfun bigop prime finset.
From Coq Require Import NArith FMapPositive.
From CoinProofs Require Import Claims ClaimsTable Dials TablePlay TableOrbits TableBeliefs.
From CoinProofs Require Import TableLayers CountPaths.

Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.

Implicit Types (b : N) (layers : seq (seq N)).

(* --- Counting through layers -------------------------------------------------------------- *)

Definition get (W : PositiveMap.t N) b :=
  if PositiveMap.find (key b) W is Some v then v else 0%num.

Section Ways.

(* The moves 0..K-1 take a belief b to [step b i], and weigh [weight i]. *)
Variables (step : N -> nat -> N) (K : nat) (weight : nat -> N) (final : pred N).
Variable M : PositiveMap.t nat.

(* The ways into the beliefs of layer d + 1 from those into layer d, F: each (belief, ways). *)
Definition spread d (W : PositiveMap.t N) (bv : N * N) :=
  foldl (fun W i => let b' := step bv.1 i in
                    if depth M b' == Some d.+1
                    then PositiveMap.add (key b') (get W b' + bv.2 * weight i)%num W else W)
        W (iota 0 K).

Definition next_ways d (F : seq (N * N)) (layer : seq N) :=
  let W := foldl (spread d) (PositiveMap.empty N) F in [seq (b', get W b') | b' <- layer].

(* The ways into the final beliefs, from those into the last layer. *)
Definition final_ways (F : seq (N * N)) :=
  foldl (fun acc bv => foldl (fun acc i => if final (step bv.1 i) then (acc + bv.2 * weight i)%num
                                           else acc) acc (iota 0 K))
        0%num F.

Definition count_ways start_belief layers :=
  final_ways (foldl (fun F dl => next_ways dl.1 F dl.2) [:: (start_belief, 1%num)]
                    (numbered (behead layers))).

Local Notation paths := (paths K step final (fun i => nat_of_bin (weight i))).

Lemma get_add W b b' v : get (PositiveMap.add (key b') v W) b = if b == b' then v else get W b.
Proof.
rewrite /get; case: eqP => [-> | ne]; first by rewrite PositiveMap.gss.
by rewrite PositiveMap.gso // => /key_inj.
Qed.

Lemma get_spread d W bv b : nat_of_bin (get (spread d W bv) b) =
  nat_of_bin (get W b) +
  \sum_(i <- iota 0 K) ((step bv.1 i == b) && (depth M b == Some d.+1)) * (bv.2 * weight i).
Proof.
rewrite /spread; elim: (iota 0 K) W => [|i js IH] W /=.
  by rewrite big_nil addn0.
rewrite IH big_cons addnA; congr (_ + _); case: ifP => [at_d | not_d].
  rewrite get_add; case: eqP => [-> | ne]; last by rewrite (introF eqP (nesym ne)) /= addn0.
  by rewrite eqxx at_d nat_of_add_bin nat_of_mul_bin mul1n.
have [<- | ne] := eqVneq (step bv.1 i) b; first by rewrite not_d andbF addn0.
by rewrite /= addn0.
Qed.

Lemma get_ways d F b : nat_of_bin (get (foldl (spread d) (PositiveMap.empty N) F) b) =
  \sum_(bv <- F) \sum_(i <- iota 0 K)
    ((step bv.1 i == b) && (depth M b == Some d.+1)) * (bv.2 * weight i).
Proof.
have from W : nat_of_bin (get (foldl (spread d) W F) b) = nat_of_bin (get W b) +
  \sum_(bv <- F) \sum_(i <- iota 0 K)
    ((step bv.1 i == b) && (depth M b == Some d.+1)) * (bv.2 * weight i).
  elim: F W => [|bv F IH] W /=; first by rewrite big_nil addn0.
  by rewrite IH get_spread big_cons addnA.
by rewrite from /get PositiveMap.gempty.
Qed.

Lemma pathsS b k : paths b k.+1 = \sum_(i <- iota 0 K) weight i * paths (step b i) k.
Proof.
by rewrite /= -(big_mkord xpredT (fun i => weight i * paths (step b i) k)) /index_iota subn0.
Qed.

(* The ways into the beliefs of F, each times the paths of k moves from it. *)
Definition ways_paths (F : seq (N * N)) k := \sum_(bv <- F) bv.2 * paths bv.1 k.

Lemma final_waysE F : nat_of_bin (final_ways F) = ways_paths F 1.
Proof.
have from acc : nat_of_bin (foldl (fun acc bv => foldl (fun acc i =>
    if final (step bv.1 i) then (acc + bv.2 * weight i)%num else acc) acc (iota 0 K)) acc F) =
    nat_of_bin acc + ways_paths F 1.
  elim: F acc => [|bv F IH] acc /=; first by rewrite /ways_paths big_nil addn0.
  rewrite IH /ways_paths big_cons addnA; congr (_ + _).
  rewrite pathsS big_distrr /=; elim: (iota 0 K) acc => [|i js IHi] acc /=.
    by rewrite big_nil addn0.
  rewrite IHi big_cons addnA; congr (_ + _).
  by case: (final _); rewrite ?nat_of_add_bin ?nat_of_mul_bin ?muln1 ?muln0 ?addn0 ?mulnA.
by rewrite /final_ways from.
Qed.

Lemma sum_layer (l : seq N) x (f : N -> nat) : uniq l ->
  \sum_(b' <- l) (x == b') * f b' = (x \in l) * f x.
Proof.
elim: l => [_ | y l IH /= /andP[y_out uniq_l]]; first by rewrite big_nil.
rewrite big_cons IH // inE; have [-> | ne] := eqVneq x y; last by rewrite add0n.
by rewrite (negPf y_out) /= mul1n addn0.
Qed.

Section Layered.

Variable layers : seq (seq N).
Variable depth_in : forall b d, depth M b = Some d -> d < size layers /\ b \in nth [::] layers d.
Variable listed_not_final : forall d b, d < size layers -> b \in nth [::] layers d -> ~~ final b.
Variable step_next : forall d b i, d < (size layers).-1 -> b \in nth [::] layers d -> i < K ->
  exists2 e, e <= d.+1 & depth M (step b i) = Some e.
Variable uniq_layers : all uniq layers.

Local Notation last := (size layers).-1.

(* A belief of layer e is still in the layers after k moves, if e + k <= last. *)
Lemma no_paths b e k : depth M b = Some e -> e + k <= last -> paths b k = 0.
Proof.
elim: k b e => [|k IH] b e depth_b le_ek; have [lt_e b_in] := depth_in depth_b.
  by rewrite /= (negPf (listed_not_final lt_e b_in)).
rewrite pathsS big1_seq // => i /andP[_]; rewrite mem_iota /= => lt_i.
have lt_last : e < last by rewrite (leq_trans _ le_ek) // addnS ltnS leq_addr.
have [e' le_e' depth'] := step_next lt_last b_in lt_i.
by rewrite (IH _ e' depth') ?muln0 // (leq_trans _ le_ek) // addnS -addSn leq_add2r.
Qed.

(* From the ways into layer d to the ways into layer d + 1: no path is lost. *)
Lemma next_ways_paths d F : d < last -> all (fun bv => bv.1 \in nth [::] layers d) F ->
  ways_paths (next_ways d F (nth [::] layers d.+1)) (size layers - d.+1) =
  ways_paths F (size layers - d).
Proof.
move=> lt_d /allP F_in; set k := size layers - d.+1.
have lt_d1 : d.+1 < size layers by move: lt_d; case: (size layers).
have -> : size layers - d = k.+1 by rewrite /k subnSK // ltnW.
have uniq_next : uniq (nth [::] layers d.+1) by apply: (allP uniq_layers); apply: mem_nth.
rewrite /ways_paths /next_ways big_map /=.
under eq_bigr => b' _ do rewrite get_ways big_distrl /=.
under eq_bigr => b' _ do under eq_bigr => bv _ do rewrite big_distrl /=.
rewrite exchange_big /=; apply: eq_big_seq => bv /F_in bv_in.
rewrite -(big_mkord xpredT (fun i => weight i * paths (step bv.1 i) k)) /index_iota subn0.
rewrite big_distrr /= exchange_big /=; apply: eq_big_seq => i.
rewrite mem_iota /= => lt_i; have [e le_e depth_e] := step_next lt_d bv_in lt_i.
have -> : \sum_(b' <- nth [::] layers d.+1)
            ((step bv.1 i == b') && (depth M b' == Some d.+1)) * (bv.2 * weight i) * paths b' k =
          \sum_(b' <- nth [::] layers d.+1) (step bv.1 i == b') *
            ((depth M (step bv.1 i) == Some d.+1) * (bv.2 * weight i) * paths (step bv.1 i) k).
  by apply: eq_bigr => b' _; case: eqP => [-> | _]; rewrite ?mul0n //= mul1n.
rewrite sum_layer // depth_e; have [<- | ne] := eqVneq e d.+1.
  have [_ in_next] := depth_in depth_e.
  by rewrite in_next eqxx !mul1n mulnA.
rewrite (no_paths depth_e) ?muln0 //.
have dk : d.+1 + k = size layers by rewrite /k subnKC // ltnW.
by rewrite -dk addSn /= leq_add2r -ltnS ltn_neqAle ne le_e.
Qed.

Lemma fold_ways n j F : j + n = last -> all (fun bv => bv.1 \in nth [::] layers j) F ->
  ways_paths (foldl (fun F dl => next_ways dl.1 F dl.2) F
                    [seq (i, nth [::] layers i.+1) | i <- iota j n]) 1 = ways_paths F n.+1.
Proof.
elim: n j F => [|n IH] j F jn F_in //=.
have lt_j : j < last by rewrite -jn addnS ltnS leq_addr.
rewrite IH ?addSnnS //; last first.
  by apply/allP => _ /mapP[b' b'_in ->].
have sz_eq : size layers = (j + n.+1).+1 by move: lt_j; rewrite jn; case: (size layers).
have sz : size layers - j = n.+2 by rewrite sz_eq -addnS addKn.
have sz1 : size layers - j.+1 = n.+1 by rewrite subnS sz.
by rewrite -sz -sz1 next_ways_paths.
Qed.

Lemma numbered_behead :
  numbered (behead layers) = [seq (i, nth [::] layers i.+1) | i <- iota 0 last].
Proof.
rewrite /numbered size_behead; apply: (@eq_from_nth _ (0, [::])) => [|i].
  by rewrite size_zip size_map size_iota size_behead minnn.
rewrite size_zip size_iota size_behead minnn => lt_i.
by rewrite nth_zip ?size_iota ?size_behead // (nth_map 0) ?size_iota // nth_iota // nth_behead.
Qed.

(* The dynamic programming counts every path of [size layers] moves from the start. *)
Theorem count_waysE start_belief : 0 < size layers -> start_belief \in nth [::] layers 0 ->
  nat_of_bin (count_ways start_belief layers) = paths start_belief (size layers).
Proof.
move=> layers_gt0 start_in; rewrite /count_ways final_waysE numbered_behead fold_ways //.
  by rewrite prednK // /ways_paths big_seq1 mul1n.
by rewrite /= start_in.
Qed.

End Layered.

End Ways.

(* --- The count claims of a table ---------------------------------------------------------- *)

(* The number of moves in each orbit of moves. *)
Definition orbit_sizes T D :=
  let tab := least_table T in
  [seq bin_of_nat (count (fun s => lookup tab s == m) (all_states T)) | m <- rep_moves D].

(* Layers of the shortest strategies of a table, L of them, and the numbers of these
   strategies: S sequences of moves, U sequences of orbits of moves. *)
Definition count_check T L (S U : N) layers :=
  let D := orbit_data_of T in
  let M := depths layers in
  let rows := move_images T D in
  let sizes := orbit_sizes T D in
  let step b i := union (nth [::] rows i) b in
  let fin := finished (norbits D) in
  [&& layers_ok T layers, size layers == L, all uniq layers, S != 0%num,
      count_ways step (size rows) (nth 0%num sizes) fin M (start_belief (norbits D)) layers == S &
      count_ways step (size rows) (fun _ => 1%num) fin M (start_belief (norbits D)) layers == U].

Section Count.

Variables (T : table) (L : nat) (S U : N) (layers : seq (seq N)).
Variable check : count_check T L S U layers.

Local Notation q := (states T).
Local Notation n := (positions T).
Local Notation dstate := (dstate (states T) (positions T)).
Local Notation D := (orbit_data_of T).
Local Notation tab := (least_table T).
Local Notation reps := (rep_moves (orbit_data_of T)).
Local Notation K := (size (rep_moves (orbit_data_of T))).
Local Notation rows := (move_images T (orbit_data_of T)).
Local Notation step := (fun b i => union (nth [::] (move_images T (orbit_data_of T)) i) b).
Local Notation fin := (finished (norbits (orbit_data_of T))).

Lemma layers_checked : layers_ok T layers. Proof. by case/and5P: check. Qed.
Lemma count_orbits_ok : orbits_ok T. Proof. exact: layers_orbits_ok layers_checked. Qed.
Local Notation ok := count_orbits_ok.

(* The moves as dials: the states of the table. *)
Lemma dstate_dials (m : table_move T) : dstate (dials_of m).
Proof.
by rewrite /dstate size_map size_tuple eqxx; apply/allP => _ /mapP[d _ ->]; apply: ltn_ord.
Qed.

Lemma dials_of_inj : injective (@dials_of T).
Proof. by move=> m m' /(inj_map val_inj) same; apply: val_inj. Qed.

Lemma dials_of_onto s : dstate s -> exists m : table_move T, dials_of m = s.
Proof.
case/andP=> /eqP sz /allP small.
have s_sub : map val (pmap (insub : nat -> option 'I_q) s) = s.
  rewrite (pmap_filter (insubK _)) -[RHS]filter_predT; apply: eq_in_filter => d d_in.
  by rewrite /= isSome_insub small.
have sz_ok : size (pmap (insub : nat -> option 'I_q) s) == n.
  by rewrite -(size_map val) s_sub sz.
by exists (Tuple sz_ok); rewrite /dials_of s_sub.
Qed.

(* As many moves as states of the table with a property. *)
Lemma card_moves (P : pred dials) :
  #|[pred m : table_move T | P (dials_of m)]| = count P (all_states T).
Proof.
rewrite cardE /enum_mem size_filter -(count_map (@dials_of T)).
have same : perm_eq [seq dials_of m | m <- Finite.enum (tuple_finType n (ordinal_finType q))]
                    (all_states T).
  apply: uniq_perm; rewrite ?uniq_all_dials //.
    by rewrite map_inj_uniq -?enumT ?enum_uniq //; apply: dials_of_inj.
  move=> s; rewrite mem_all_states; apply/mapP/idP => [[m _ ->] | /dials_of_onto [m <-]].
    exact: dstate_dials.
  by exists m; rewrite // -enumT mem_enum.
exact: (permP same).
Qed.

(* The class of a move: the number of its orbit among the orbits of moves. *)
Definition cls s := index (lookup tab s) reps.

Lemma least_in_moves s : dstate s -> lookup tab s \in reps.
Proof. exact: (least_move ok). Qed.

Lemma cls_lt s : dstate s -> cls s < K.
Proof. by move=> s_ok; rewrite index_mem least_in_moves. Qed.

Lemma rep_cls s : dstate s -> nth [::] reps (cls s) = lookup tab s.
Proof. by move=> s_ok; rewrite nth_index ?least_in_moves. Qed.

Lemma uniq_moves : uniq reps.
Proof. exact/filter_uniq/uniq_all_dials. Qed.

Lemma rep_ok i : i < K ->
  dstate (nth [::] reps i) /\ lookup tab (nth [::] reps i) = nth [::] reps i.
Proof.
move=> lt_i; have := mem_nth [::] lt_i; rewrite mem_filter mem_all_states.
by case/andP=> /eqP least ok_s.
Qed.

Lemma cls_rep i : i < K -> cls (nth [::] reps i) = i.
Proof. by move=> lt_i; rewrite /cls (rep_ok lt_i).2 index_uniq ?uniq_moves. Qed.

(* A move acts on beliefs as its class. *)
Lemma update_cls m b : dstate m -> update_belief T D m b = step b (cls m).
Proof.
move=> m_ok; rewrite -(update_least ok _ m_ok) /update_belief /move_images.
by rewrite (nth_map [::]) ?cls_lt // rep_cls.
Qed.

Lemma belief_run b ms : all dstate ms -> belief_after T D b ms = run step b (map cls ms).
Proof.
elim: ms b => //= m ms IH b /andP[m_ok ms_ok].
by rewrite -IH // -update_cls.
Qed.

Lemma layers_L : size layers = L. Proof. by case/and5P: check => _ /eqP. Qed.

Lemma layers_gt0 : 0 < size layers.
Proof. by have /and4P[_ head_ok _ _] := layers_checked; case: (layers) head_ok. Qed.

Lemma start_in : start_belief (norbits D) \in nth [::] layers 0.
Proof. by have /and4P[_ /eqP head_ok _ _] := layers_checked; rewrite nth0 head_ok mem_head. Qed.

(* The dynamic programming counts the words of classes of moves, with any weights. *)
Lemma count_ways_paths (weight : nat -> N) :
  nat_of_bin (count_ways step (size rows) weight fin (depths layers) (start_belief (norbits D))
                         layers) =
  paths K step fin (fun i => nat_of_bin (weight i)) (start_belief (norbits D)) (size layers).
Proof.
have /and5P[_ _ uniq_layers _ _] := check.
rewrite size_map; apply: count_waysE => //.
- by move=> b d; apply: depth_layers.
- by move=> d b lt_d b_in; apply: (listed_finished layers_checked lt_d b_in).
- move=> d b i lt_d b_in lt_i.
  have [i_ok _] := rep_ok lt_i.
  have [e le_e depth_e] := layer_next layers_checked lt_d b_in i_ok.
  by exists e; rewrite // -(cls_rep lt_i) -update_cls.
- exact: layers_gt0.
- exact: start_in.
Qed.

(* --- The strategies that win, counted --- *)

Definition cls_of (m : table_move T) : 'I_K := Ordinal (cls_lt (dstate_dials m)).

Definition count_wins : pred (L.-tuple (table_move T)) :=
  fun t => fin (run step (start_belief (norbits D)) [seq val (cls_of m) | m <- t]).

Lemma count_winsP t : count_wins t <-> table_wins T [seq dials_of m | m <- t].
Proof.
have ms_ok : all dstate [seq dials_of m | m <- t].
  by apply/allP => _ /mapP[m _ ->]; apply: dstate_dials.
rewrite /count_wins (_ : [seq val (cls_of m) | m <- t] = map cls [seq dials_of m | m <- t]);
  last by rewrite -map_comp.
rewrite -belief_run //.
split=> [fin_t | /(table_winsP _ ok) /and3P[] //]; apply/(table_winsP _ ok).
by rewrite /table_winsb ok ms_ok.
Qed.

Lemma weights (i : 'I_K) :
  nat_of_bin (nth 0%num (orbit_sizes T D) i) = #|[pred m : table_move T | cls_of m == i]|.
Proof.
rewrite (nth_map [::]) // bin_of_natK.
rewrite (eq_card (B := [pred m : table_move T | (fun s => cls s == i) (dials_of m)])) //.
rewrite (card_moves (fun s => cls s == i)).
apply: eq_in_count => s; rewrite mem_all_states => s_ok /=.
apply/eqP/eqP => [least_s | <-]; last by rewrite rep_cls.
by rewrite /cls least_s index_uniq ?uniq_moves.
Qed.

Lemma card_wins : #|count_wins| = S.
Proof.
have /and5P[_ _ _ _ /andP[/eqP <- _]] := check.
rewrite count_ways_paths layers_L -(card_paths step fin weights).
by apply: eq_card.
Qed.

(* Orbits of moves. *)
Definition orbit_set (m : table_move T) : {set table_move T} :=
  [set m' | lookup tab (dials_of m') == lookup tab (dials_of m)].

Lemma orbit_setP m m' : m' \in orbit_set m <-> same_orbit m m'.
Proof.
rewrite inE eq_sym; have same := least_eqP ok (dstate_dials m) (dstate_dials m').
by split=> [/same | /same].
Qed.

Definition orbit_of_class (i : 'I_K) : {set table_move T} :=
  [set m' | lookup tab (dials_of m') == nth [::] reps i].

Lemma orbit_setE m : orbit_set m = orbit_of_class (cls_of m).
Proof. by apply/setP => m'; rewrite !inE /= rep_cls ?dstate_dials. Qed.

Lemma move_of_class : exists f : 'I_K -> table_move T, forall i, cls_of (f i) = i.
Proof.
apply: (@fin_all_exists _ (fun _ => table_move T) (fun i m => cls_of m = i)) => i.
have [i_ok _] := rep_ok (ltn_ord i).
have [m m_eq] := dials_of_onto i_ok; exists m; apply: val_inj.
by rewrite /= m_eq cls_rep.
Qed.

Lemma orbit_of_class_inj : injective orbit_of_class.
Proof.
move=> i j same; have [f fK] := move_of_class.
have ci : cls (dials_of (f i)) = i by rewrite -[RHS](congr1 val (fK i)).
have : f i \in orbit_of_class i by rewrite -{2}(fK i) -orbit_setE inE.
rewrite same inE -(rep_cls (dstate_dials (f i))) ci => /eqP eq_reps.
by apply: val_inj; rewrite /= -(cls_rep (ltn_ord i)) eq_reps cls_rep.
Qed.

(* The sequences of orbits of moves that hold a winning strategy are the words of classes
   that win. *)
Definition classes_win : pred (L.-tuple 'I_K) :=
  fun u => fin (run step (start_belief (norbits D)) [seq val i | i <- u]).

Lemma orbit_sequences :
  [set map_tuple orbit_set t | t in count_wins] =
  [set map_tuple orbit_of_class u | u in classes_win].
Proof.
have map_orbits t : map_tuple orbit_set t = map_tuple orbit_of_class (map_tuple cls_of t).
  by apply: val_inj; rewrite /= -map_comp; apply: eq_map => m; rewrite orbit_setE.
apply/setP => x; apply/imsetP/imsetP => [[t t_in ->] | [u u_in ->]].
  exists (map_tuple cls_of t); rewrite ?map_orbits //.
  by move: t_in; rewrite !unfold_in /classes_win /count_wins /= -map_comp.
have [f fK] := move_of_class; exists (map_tuple f u).
  have vals : [seq val (cls_of m) | m <- map f u] = [seq val i | i <- u].
    by rewrite -map_comp; apply: eq_map => i; exact: (congr1 val (fK i)).
  by move: u_in; rewrite !unfold_in /classes_win /count_wins vals.
by rewrite map_orbits; congr map_tuple; apply: val_inj; rewrite /= -map_comp (eq_map fK) map_id.
Qed.

Lemma card_orbit_sequences : #|[set map_tuple orbit_set t | t in count_wins]| = U.
Proof.
have /and5P[_ _ _ _ /andP[_ /eqP <-]] := check.
rewrite orbit_sequences card_imset; last first.
  by move=> u u' /(congr1 val) /= /(inj_map orbit_of_class_inj) /val_inj.
rewrite count_ways_paths layers_L.
rewrite -(card_paths (c := id) step fin (weight := fun _ => nat_of_bin 1%num)) => [|i].
  by apply: eq_card.
by rewrite (eq_card1 (x := i)).
Qed.

End Count.

(* The count claim: L moves are the fewest that win, S strategies of L moves win, U sequences
   of orbits of moves hold one. *)
Theorem count_check_sound T L S U layers : count_check T L S U layers ->
  shortest (table_wins T) L /\ counts T L S U.
Proof.
move=> check; split; last first.
  exists (count_wins check), (@orbit_set T); split.
  - exact: count_winsP.
  - exact: orbit_setP check.
  - exact: card_wins.
  - exact: card_orbit_sequences.
split=> [|ms]; last first.
  by rewrite -(layers_L check); apply: (layers_ok_size_lb (layers_checked check)).
have /and5P[_ _ _ S_gt0 _] := check.
have : 0 < #|count_wins check|.
  rewrite card_wins lt0n; apply: contraNneq S_gt0 => S0.
  by rewrite -[S]nat_of_binK S0.
case/card_gt0P => t t_in; exists [seq dials_of m | m <- t]; first exact/(count_winsP check).
by rewrite size_map size_tuple.
Qed.
