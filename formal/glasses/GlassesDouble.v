(* The factor 2 of glasses_hands_suffice (step 4 of GlassesSuffice.v's outline): a strategy
   for d glasses with k hands gives one for 2d glasses with K hands, K >= 2k and K >= d.

   The 2d glasses are two halves a ++ b of d each. Their pair difference a (+) b is a state of
   d glasses that the devil's turn turns ([pair_diff_turn]); it is all up exactly when the
   halves agree, and then the glasses are a doubled state x ++ x, on which the strategy for d
   glasses played with both halves at once wins ([both_halves_wins], the game of d glasses
   with twice the hands). Lamping's composition (DialsCompose.v) with what the hands feel:
   - D, the d-strategy played on both halves, turns over the same glasses in both, so it
     never changes the pair difference, only turns it ([both_halves_run]);
   - F turns over the first half, which turns the pair difference all over;
   - D F D F wins when the pair difference stands the same way (all up: the first D wins; all
     down: F makes it all up, the second D wins), and otherwise gives it back turned;
   - Q, the d-strategy played on the pair difference (a hand on glass i of it is two hands,
     on i and i + d; turning it over is turning over glass i), brings it to the same way.
   The strategy: D F D F, a turn of Q, D F D F, a turn of Q, ..., D F D F.
   Every turn grabs exactly K positions: a grab of fewer is filled up with positions it does
   not hold ([node]). *)
From mathcomp Require Import all_ssreflect.
From CoinProofs Require Import Rules Coins RulesGlasses GlassesPlay.

Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.

(* --- A turn of fewer hands, filled up to K ------------------------------------------------ *)

(* The positions among 0..N-1 that h does not hold. *)
Definition spare N (h : seq nat) := [seq i <- iota 0 N | i \notin h].

(* The turn that grabs h and K - size h spare positions, and answers as h's turn does. *)
Definition node N K h (what : seq bool -> seq nat) (next : seq bool -> strategy) :=
  Feel (h ++ take (K - size h) (spare N h)) (fun p => what (take (size h) p))
       (fun p => next (take (size h) p)).

Lemma feel_cat h g s : feel (h ++ g) s = feel h s ++ feel g s.
Proof. exact: map_cat. Qed.

Lemma size_spare N h : uniq h -> all (fun i => i < N) h -> size (spare N h) = N - size h.
Proof.
move=> uniq_h in_h.
have /perm_size held := uniq_perm (filter_uniq (mem h) (iota_uniq 0 N)) uniq_h (grab_ofE in_h).
by rewrite -[N in RHS](size_iota 0) -(count_predC (mem h) (iota 0 N)) -held size_filter addKn
  /spare size_filter.
Qed.

Lemma node_wins N K T h what next s :
  size h <= K <= N -> uniq h -> all (fun i => i < N) h -> (forall p, all (mem h) (what p)) ->
  (forall r, r < N -> wins_from N K T (next (feel h s)) (turn r (turn_over (what (feel h s)) s))) ->
  wins_from N K T.+1 (node N K h what next) s.
Proof.
case/andP=> le_hK le_KN uniq_h in_h in_what after; right.
have take_h : take (size h) (feel (h ++ take (K - size h) (spare N h)) s) = feel h s.
  by rewrite feel_cat take_size_cat ?size_map.
rewrite /= take_h; split=> //.
- rewrite size_cat size_takel ?subnKC // size_spare // leq_sub2r //.
- rewrite cat_uniq uniq_h (take_uniq _ (filter_uniq _ (iota_uniq 0 N))) andbT.
  by apply/hasPn=> i /mem_take; rewrite mem_filter => /andP[].
- rewrite all_cat in_h; apply/allP=> i /mem_take.
  by rewrite mem_filter mem_iota => /andP[_ /andP[]].
- by apply/allP=> i /(allP (in_what _)) i_h; rewrite mem_cat [i \in h]i_h.
Qed.

(* --- One strategy, then another ---------------------------------------------------------- *)

(* t, each of its ends continued by c. *)
Fixpoint then_ (t c : strategy) :=
  if t is Feel h what next then Feel h what (fun p => then_ (next p) c) else c.

Lemma then_wins N K T Tc t c s : wins_from N K T t s -> wins_from N K (T + Tc) (then_ t c) s.
Proof.
elim: T t s => [|T IH] t s; case: t => [|h what next] /=.
1-3: by case=> [same | []]; first [apply: wins_from_same | left].
case=> [same | [sz_h uniq_h in_h in_what after]]; first by left.
by right; split=> // r lt_r; apply: IH; apply: after.
Qed.

(* --- Two halves --------------------------------------------------------------------------- *)

Section Halves.

Variable d : nat.

(* Positions h in the second half; in both. *)
Definition upper (h : seq nat) := [seq i + d | i <- h].
Definition both (h : seq nat) := h ++ upper h.

(* Two states of as many glasses, glass by glass exclusive or. *)
Definition xor_glasses (a b : glasses) : glasses := [seq x.1 (+) x.2 | x <- zip a b].

(* The pair difference of 2d glasses: the first half (+) the second. *)
Definition pair_diff (s : glasses) := xor_glasses (take d s) (drop d s).

Lemma size_xor a b : size a = size b -> size (xor_glasses a b) = size a.
Proof. by move=> sz; rewrite size_map size_zip sz minnn. Qed.

Lemma nth_xor a b i :
  size a = size b -> nth false (xor_glasses a b) i = nth false a i (+) nth false b i.
Proof.
move=> sz; have [lt_i | ge_i] := ltnP i (size a); last by rewrite !nth_default -?sz ?size_xor.
by rewrite (nth_map (false, false)) ?size_zip -?sz ?minnn // nth_zip.
Qed.

Lemma feel_xor h a b :
  size a = size b -> feel h (xor_glasses a b) = xor_glasses (feel h a) (feel h b).
Proof. by move=> sz; elim: h => //= i h ->; rewrite nth_xor. Qed.

Lemma xor_rcons a b x y : size a = size b ->
  xor_glasses (rcons a x) (rcons b y) = rcons (xor_glasses a b) (x (+) y).
Proof. by move=> sz; rewrite /xor_glasses zip_rcons // map_rcons. Qed.

Lemma turn_map (f : bool -> bool) r s : turn r (map f s) = map f (turn r s).
Proof. by elim: r => //= r ->; rewrite map_rotr. Qed.

Lemma turn_double r x : turn r (x ++ x) = turn r x ++ turn r x.
Proof.
elim: r => //= r ->; case/lastP: (turn r x) => // y a.
by rewrite -rcons_cat !rotr1_rcons cat_rcons.
Qed.

Lemma pair_diff_cat a b : size a = d -> pair_diff (a ++ b) = xor_glasses a b.
Proof. by move=> sz_a; rewrite /pair_diff take_size_cat ?drop_size_cat. Qed.

Lemma pair_diff_rotr s : size s = d + d -> pair_diff (rotr 1 s) = rotr 1 (pair_diff s).
Proof.
move=> sz_s.
have sz_a : size (take d s) = d by rewrite size_takel // sz_s leq_addr.
have sz_b : size (drop d s) = d by rewrite size_drop sz_s addKn.
rewrite -(cat_take_drop d s) pair_diff_cat //.
move: (take d s) (drop d s) sz_a sz_b => a b; clear s sz_s.
case/lastP: a => [/= <- | a x sz_a]; first by case: b.
case/lastP: b => [| b y sz_b]; first by rewrite -sz_a size_rcons.
have sz : size a = size b by apply/eqP; rewrite -eqSS -(size_rcons a x) -(size_rcons b y) sz_a sz_b.
have sz_ya : size (y :: a) = d by rewrite /= -sz_a size_rcons.
rewrite xor_rcons // -rcons_cat !rotr1_rcons cat_rcons -cat_cons pair_diff_cat //=.
by rewrite addbC.
Qed.

(* The devil's turn turns the pair difference. *)
Lemma pair_diff_turn r s : size s = d + d -> pair_diff (turn r s) = turn r (pair_diff s).
Proof.
by elim: r => // r IH sz_s; rewrite /= pair_diff_rotr ?size_turn // IH.
Qed.

Lemma same_way_double x : same_way (x ++ x) = same_way x.
Proof. by rewrite /same_way !all_cat !andbb. Qed.

Lemma all_turn (P : pred bool) r y : all P (turn r y) = all P y.
Proof. by elim: r => //= r <-; apply: eq_all_r; apply: mem_rotr. Qed.

Lemma feel_both h a b :
  all (fun i => i < d) h -> size a = d -> feel (both h) (a ++ b) = feel h a ++ feel h b.
Proof.
move=> in_h sz_a; rewrite feel_cat; congr (_ ++ _).
  by apply/eq_in_map => i /(allP in_h) lt_i; rewrite nth_cat sz_a lt_i.
rewrite /feel /upper -map_comp; apply/eq_in_map => i _ /=.
by rewrite nth_cat sz_a ltnNge leq_addl addnK.
Qed.

Lemma not_upper w i : i < d -> (i \in upper w) = false.
Proof. by move=> lt_i; apply/negbTE/mapP => -[j _ Ei]; move: lt_i; rewrite Ei ltnNge leq_addl. Qed.

Lemma turn_over_lower w a b :
  all (fun i => i < d) w -> size a = d -> turn_over w (a ++ b) = turn_over w a ++ b.
Proof.
move=> in_w sz_a; apply: (@eq_from_nth _ false); first by rewrite size_cat !size_turn_over size_cat.
rewrite size_turn_over => i lt_i; rewrite nth_turn_over // !nth_cat size_turn_over sz_a.
case: ifP => [lt_id | ge_id]; first by rewrite nth_turn_over ?sz_a.
by rewrite (_ : i \in w = false) ?addbF //; apply/negbTE/negP => /(allP in_w); rewrite ge_id.
Qed.

Lemma turn_over_both w a b : all (fun i => i < d) w -> size a = d -> size b = d ->
  turn_over (both w) (a ++ b) = turn_over w a ++ turn_over w b.
Proof.
move=> in_w sz_a sz_b.
apply: (@eq_from_nth _ false); first by rewrite size_cat !size_turn_over size_cat.
rewrite size_turn_over => i lt_i; rewrite nth_turn_over // !nth_cat size_turn_over sz_a mem_cat.
case: ifP => [lt_id | /negbT]; first by rewrite nth_turn_over ?sz_a // not_upper // orbF.
rewrite -leqNgt => ge_id; rewrite size_cat sz_a sz_b in lt_i.
have lt_b : i - d < size b by rewrite sz_b ltn_subLR.
rewrite nth_turn_over // (_ : i \in w = false) /=; last first.
  by apply/negbTE/negP => /(allP in_w); rewrite ltnNge ge_id.
have -> // : (i \in upper w) = (i - d \in w).
by rewrite -{1}(subnK ge_id) (mem_map (@addIn d)).
Qed.

Lemma xor_turn_over w a b :
  size a = size b -> xor_glasses (turn_over w a) (turn_over w b) = xor_glasses a b.
Proof.
move=> sz; apply: (@eq_from_nth _ false); first by rewrite !size_xor ?size_turn_over.
rewrite size_xor ?size_turn_over // => i lt_i.
rewrite !nth_xor ?size_turn_over // !nth_turn_over -?sz //.
by rewrite addbACA addbb addbF.
Qed.

Lemma xor_turn_over_l w a b :
  size a = size b -> xor_glasses (turn_over w a) b = turn_over w (xor_glasses a b).
Proof.
move=> sz; apply: (@eq_from_nth _ false); first by rewrite size_turn_over !size_xor ?size_turn_over.
rewrite size_xor ?size_turn_over // => i lt_i.
by rewrite nth_xor ?size_turn_over // !nth_turn_over ?size_xor // nth_xor // addbAC.
Qed.

Lemma turn_over_all y : size y = d -> turn_over (iota 0 d) y = map negb y.
Proof.
move=> sz; apply: (@eq_from_nth _ false); rewrite ?size_turn_over ?size_map // => i lt_i.
by rewrite nth_turn_over // (nth_map false) // mem_iota /= -sz lt_i addbT.
Qed.

Lemma halves (s : glasses) : size s = d + d -> [/\ s = take d s ++ drop d s, size (take d s) = d &
  size (drop d s) = d].
Proof.
by move=> sz_s; rewrite cat_take_drop size_takel ?size_drop ?sz_s ?addKn ?leq_addr.
Qed.

(* Glasses whose halves agree are a doubled state. *)
Lemma pair_diff_up s : size s = d + d -> all negb (pair_diff s) -> s = take d s ++ take d s.
Proof.
case/halves=> Es sz_a sz_b; rewrite /pair_diff => /(all_nthP false) agree.
rewrite {1}Es; congr (_ ++ _); apply: (@eq_from_nth _ false); rewrite ?sz_a ?sz_b // => i lt_i.
have := agree i; rewrite size_xor ?sz_a ?sz_b // nth_xor ?sz_a ?sz_b // => /(_ lt_i).
by case: (nth false (take d s) i); case: (nth false (drop d s) i).
Qed.

End Halves.

(* --- The strategy for 2d glasses ----------------------------------------------------------- *)

Section Double.

(* S wins for d glasses with k hands within T turns; 2d glasses, K hands. *)
Variables (d k K T : nat) (S : strategy).
Hypotheses (d_gt0 : 0 < d) (le_kK : k + k <= K) (le_dK : d <= K) (le_KN : K <= d + d).
Hypothesis S_wins : tree_wins d k T S.

Let N := d + d.

(* A turn of the d-strategy that its rules allow. *)
Definition valid_grab (h : seq nat) := [&& size h == k, uniq h & all (fun i => i < d) h].

(* Its answer, cut to the glasses it holds (which a winning strategy answers anyway). *)
Definition held_of (h what : seq nat) := [seq i <- what | i \in h].

(* D: the d-strategy on both halves at once, for T turns. *)
Fixpoint both_halves T' t :=
  match T', t with
  | T''.+1, Feel h what next =>
      if valid_grab h then node N K (both d h) (fun p => both d (held_of h (what (take k p))))
                             (fun p => both_halves T'' (next (take k p)))
      else Stop
  | _, _ => Stop
  end.

Lemma both_ok h : valid_grab h ->
  [/\ size (both d h) <= K <= N, uniq (both d h) & all (fun i => i < N) (both d h)].
Proof.
case/and3P=> /eqP sz_h uniq_h /allP in_h; split.
- by rewrite size_cat size_map sz_h le_kK le_KN.
- rewrite cat_uniq uniq_h (map_inj_uniq (@addIn d)) uniq_h andbT /=.
  by apply/hasPn=> _ /mapP[i _ ->]; apply/negP => /in_h; rewrite ltnNge leq_addl.
- rewrite all_cat; apply/andP; split; apply/allP.
    by move=> i /in_h lt_i; apply: leq_trans (leq_addr _ _).
  by move=> _ /mapP[i /in_h lt_i ->]; rewrite /N ltn_add2r.
Qed.

Lemma held_both h what : all (mem (both d h)) (both d (held_of h what)).
Proof.
apply/allP=> i /=; rewrite /both !mem_cat => /orP[| /mapP[j]].
  by rewrite mem_filter => /andP[->].
by rewrite mem_filter => /andP[j_h _] ->; rewrite (mem_map (@addIn d)) j_h orbT.
Qed.

Lemma held_in h what : all (fun i => i < d) h -> all (fun i => i < d) (held_of h what).
Proof. by move=> /allP in_h; apply/allP=> i; rewrite mem_filter => /andP[/in_h]. Qed.

Lemma held_ofE h what : all (mem h) what -> held_of h what =i what.
Proof.
move=> /allP sub i; rewrite mem_filter; apply/andP/idP => [[] // | i_in].
by split=> //; apply: sub.
Qed.

Lemma feel_both_take h s : valid_grab h -> size s = N ->
  take k (feel (both d h) s) = feel h (take d s) /\
  xor_glasses (take k (feel (both d h) s)) (drop k (feel (both d h) s)) = feel h (pair_diff d s).
Proof.
case/and3P=> /eqP sz_h _ in_h sz_s; have [Es sz_a sz_b] := halves sz_s.
move: (take d s) (drop d s) sz_a sz_b Es => a b sz_a sz_b ->.
rewrite feel_both // pair_diff_cat // !take_size_cat ?drop_size_cat ?size_map //.
by rewrite feel_xor ?sz_a.
Qed.

Lemma both_halves_node T' h what next : valid_grab h ->
  both_halves T'.+1 (Feel h what next) =
  node N K (both d h) (fun p => both d (held_of h (what (take k p))))
       (fun p => both_halves T' (next (take k p))).
Proof. by move=> /= ->. Qed.

(* On a doubled state, D plays the d-strategy. *)
Lemma both_halves_wins T' t x :
  size x = d -> wins_from d k T' t x -> wins_from N K T' (both_halves T' t) (x ++ x).
Proof.
elim: T' t x => [|T' IH] t x sz_x win.
  by apply: wins_from_same; case: win => /= [same | []]; rewrite same_way_double.
have [same | not_same] := boolP (same_way x).
  by apply: wins_from_same; rewrite same_way_double.
case: t win => [|h what next] [same | moves]; try by rewrite same in not_same.
  by case: moves.
case: moves => sz_h uniq_h in_h in_what after.
have valid_h : valid_grab h by rewrite /valid_grab sz_h eqxx uniq_h in_h.
have [ok_h uniq_b in_b] := both_ok valid_h.
rewrite both_halves_node //; apply: node_wins => // [p | r lt_r]; first exact: held_both.
have sz_xx : size (x ++ x) = N by rewrite size_cat sz_x.
have [-> _] := feel_both_take valid_h sz_xx; rewrite take_size_cat //.
rewrite turn_over_both ?held_in ?size_turn_over // (eq_turn_over _ (held_ofE in_what)).
rewrite turn_double (turn_mod r (turn_over _ _)) size_turn_over sz_x.
by apply: IH; [rewrite size_turn size_turn_over | apply: after; rewrite ltn_pmod].
Qed.

Lemma then_node N' K' h what next c :
  then_ (node N' K' h what next) c = node N' K' h what (fun p => then_ (next p) c).
Proof. by []. Qed.

(* On any state, D only turns the pair difference. *)
Lemma both_halves_run T' t c Tc s : size s = N ->
  (forall s', size s' = N -> (exists r, pair_diff d s' = turn r (pair_diff d s)) ->
     wins_from N K Tc c s') ->
  wins_from N K (T' + Tc) (then_ (both_halves T' t) c) s.
Proof.
have stop s' Tc' : Tc <= Tc' -> size s' = N ->
    (forall s'', size s'' = N -> (exists r, pair_diff d s'' = turn r (pair_diff d s')) ->
       wins_from N K Tc c s'') -> wins_from N K Tc' c s'.
  by move=> le sz cont; apply: wins_from_mono le (cont _ sz _); exists 0.
elim: T' t s => [|T' IH] t s sz_s cont; first exact: stop.
case: t => [|h what next]; rewrite [then_ _ c]/=; first by apply: stop; rewrite ?leq_addl.
case: ifP => [valid_h | _]; last by apply: stop; rewrite ?leq_addl.
have [ok_h uniq_b in_b] := both_ok valid_h.
rewrite then_node addSn; apply: node_wins => // [p | r lt_r]; first exact: held_both.
apply: IH; first by rewrite size_turn size_turn_over.
move=> s' sz' [r' Er']; apply: cont => //; exists (r' + r).
have [Es sz_a sz_b] := halves sz_s.
rewrite Er' pair_diff_turn ?size_turn_over // turnD; congr (turn r' (turn r _)).
have in_h : all (fun i => i < d) h by case/and3P: valid_h.
rewrite Es turn_over_both ?held_in //.
by rewrite !pair_diff_cat ?size_turn_over // xor_turn_over ?sz_a.
Qed.

(* F: turn over the first half, which turns the pair difference all over. *)
Definition flip_half c := node N K (iota 0 d) (fun _ => iota 0 d) (fun _ => c).

Lemma flip_half_run c Tc s : size s = N ->
  (forall s', size s' = N -> (exists r, pair_diff d s' = turn r (map negb (pair_diff d s))) ->
     wins_from N K Tc c s') ->
  wins_from N K Tc.+1 (flip_half c) s.
Proof.
move=> sz_s cont; have in_d : all (fun i => i < d) (iota 0 d).
  by apply/allP=> i; rewrite mem_iota.
apply: node_wins.
- by rewrite size_iota le_dK le_KN.
- exact: iota_uniq.
- by apply/allP=> i; rewrite mem_iota => /andP[_ lt_i]; apply: leq_trans lt_i (leq_addr _ _).
- by move=> _; apply/allP=> i /=; exact: id.
move=> r lt_r; apply: cont; first by rewrite size_turn size_turn_over.
exists r; rewrite pair_diff_turn ?size_turn_over //; congr (turn r _).
have [Es sz_a sz_b] := halves sz_s.
rewrite Es (@turn_over_lower d) // !pair_diff_cat ?size_turn_over //.
by rewrite xor_turn_over_l ?sz_a // turn_over_all // size_xor ?sz_a.
Qed.

(* D F D F: wins when the pair difference stands the same way, else gives it back turned. *)
Definition check_halves c :=
  then_ (both_halves T S) (flip_half (then_ (both_halves T S) (flip_half c))).

Lemma check_halves_run c Tc s : size s = N ->
  (forall s', size s' = N -> (exists r, pair_diff d s' = turn r (pair_diff d s)) ->
     wins_from N K Tc c s') ->
  wins_from N K (T + (T + Tc.+1).+1) (check_halves c) s.
Proof.
move=> sz_s cont; apply: both_halves_run => // s1 sz1 [r1 E1].
apply: flip_half_run => // s2 sz2 [r2 E2].
apply: both_halves_run => // s3 sz3 [r3 E3].
apply: flip_half_run => // s4 sz4 [r4 E4].
apply: cont => //; exists (r4 + (r3 + (r2 + r1))).
by rewrite E4 E3 E2 E1 !turn_map (mapK negbK) -!turnD !addnA.
Qed.

Lemma up_wins Tc c s : size s = N -> all negb (pair_diff d s) ->
  wins_from N K (T + Tc) (then_ (both_halves T S) c) s.
Proof.
move=> sz_s up; apply: then_wins; rewrite (pair_diff_up sz_s up).
have sz_a : size (take d s) = d by case: (halves sz_s).
by apply: both_halves_wins => //; apply: S_wins.
Qed.

Lemma check_halves_wins c Tc s : size s = N -> same_way (pair_diff d s) ->
  wins_from N K (T + (T + Tc.+1).+1) (check_halves c) s.
Proof.
move=> sz_s /orP[down | up]; last exact: up_wins.
apply: both_halves_run => // s1 sz1 [r1 E1]; apply: flip_half_run => // s2 sz2 [r2 E2].
apply: up_wins => //; rewrite E2 E1 all_turn all_map all_turn.
by apply/allP=> b /(allP down) /= ->.
Qed.

(* The whole strategy: check_halves, a turn of Q, check_halves, ... *)
Fixpoint doubled T' t :=
  check_halves (match T', t with
         | T''.+1, Feel h what next =>
             if valid_grab h then
               node N K (both d h)
                    (fun p => held_of h (what (xor_glasses (take k p) (drop k p))))
                    (fun p => doubled T'' (next (xor_glasses (take k p) (drop k p))))
             else Stop
         | _, _ => Stop
         end).

Lemma doubled_node T' h what next : valid_grab h ->
  doubled T'.+1 (Feel h what next) =
  check_halves (node N K (both d h) (fun p => held_of h (what (xor_glasses (take k p) (drop k p))))
              (fun p => doubled T' (next (xor_glasses (take k p) (drop k p))))).
Proof. by move=> /= ->. Qed.

Lemma held_lower h what : all (mem (both d h)) (held_of h what).
Proof. by apply/allP=> i /=; rewrite mem_filter mem_cat => /andP[->]. Qed.

(* Each round: a check_halves (2 T + 2 turns) and a turn of Q. *)
Let round := (T + T).+3.

Lemma doubled_wins T' t y s : (forall r, wins_from d k T' t (turn r y)) -> size y = d ->
  size s = N -> pair_diff d s = y -> wins_from N K (T'.+1 * round) (doubled T' t) s.
Proof.
have check_budget Tc : T + (T + Tc.+1).+1 = (T + T).+2 + Tc.
  by rewrite !addnS !addSn addnA.
elim: T' t y s => [|T' IH] t y s win sz_y sz_s Es.
  apply: wins_from_mono (@check_halves_wins _ 0 _ sz_s _).
    by rewrite check_budget mul1n addn0 /round leqnSn.
  by case: (win 0) => /= [| []]; rewrite Es.
have [same | not_same] := boolP (same_way y).
  apply: wins_from_mono (@check_halves_wins _ 0 _ sz_s _); last by rewrite Es.
  by rewrite check_budget addn0 mulSn; apply: leq_trans (leq_addr _ _); exact: leqnSn.
have not_same_r r : ~~ same_way (turn r y) by rewrite same_way_turn.
case: t win => [|h what next] win.
  by case: (win 0) => [same0 | []]; move: (not_same_r 0); rewrite same0.
have [sz_h uniq_h in_h] : [/\ size h = k, uniq h & all (fun i => i < d) h].
  by case: (win 0) => [same0 | [? ? ? _ _]]; first by move: (not_same_r 0); rewrite same0.
have valid_h : valid_grab h by rewrite /valid_grab sz_h eqxx uniq_h in_h.
have [ok_h uniq_b in_b] := both_ok valid_h.
rewrite doubled_node //; apply: wins_from_mono (@check_halves_run _ (T'.+1 * round).+1 _ sz_s _).
  by rewrite check_budget mulSn /round addSn addnS.
move=> s' sz' [r Er]; rewrite Es in Er.
case: (win r) => [same_r | [_ _ _ in_what after]]; first by move: (not_same_r r); rewrite same_r.
apply: node_wins => // [p | r2 lt_r2]; first exact: held_lower.
have [_ ->] := feel_both_take valid_h sz'; rewrite Er.
set p := feel h (turn r y); set w := what p.
have sz_ry : size (turn r y) = d by rewrite size_turn.
apply: (IH _ (turn r2 (turn_over w (turn r y)))).
- move=> r3; rewrite -turnD (turn_mod _ (turn_over _ _)) size_turn_over sz_ry.
  by apply: after; rewrite ltn_pmod.
- by rewrite size_turn size_turn_over.
- by rewrite size_turn size_turn_over.
have [Es' sz_a sz_b] := halves sz'.
rewrite pair_diff_turn ?size_turn_over //; congr (turn r2 _).
rewrite Es' (@turn_over_lower d) ?held_in // !pair_diff_cat ?size_turn_over //.
rewrite xor_turn_over_l ?sz_a // -(@pair_diff_cat d) // -Es' Er.
exact: eq_turn_over (held_ofE in_what).
Qed.

(* The strategy for 2d glasses wins within (T + 1) (2 T + 3) turns. *)
Theorem double_wins : tree_wins N K (T.+1 * round) (doubled T S).
Proof.
move=> s sz_s; have [_ sz_a sz_b] := halves sz_s.
have sz_y : size (pair_diff d s) = d by rewrite size_xor ?sz_a ?sz_b.
by apply: (doubled_wins (y := pair_diff d s)) => // r; apply: S_wins; rewrite size_turn.
Qed.

End Double.
