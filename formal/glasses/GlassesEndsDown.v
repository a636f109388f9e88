(* glasses_hands_suffice for every N (Laaser and Ramshaw 1981), by a strategy that ends down
   (the construction of issue 32; docs/glasses.md). Read false as up and true as down.

   A strategy ends down within T turns ([ends_from]) if, against every devil, at some moment
   the glasses are all up, or after its last turn they are all down. Only all up stops the play
   early: all down in the middle does not count. Ending down implies winning ([ends_from_wins]).
   The empty strategy ends down for one glass.

   W(N), N = m d, m a prime dividing N, from W(d), a strategy for d glasses with k hands that
   ends down within T turns; column c < d is the glasses c + j d, j < m (GlassesColumns.v):
   - Z (one turn, (m-1) d hands, [zturn]): grab rows 0..m-2, turn up every glass felt down. Each
     column now has at most one glass down ([shape] s x (heads d), x the columns with one down),
     and a turn of the tray keeps that: it maps columns onto columns.
   - Q (T turns, m k hands, [lift] with [qact]): W(d) on x = sigma; a hand on cell c is the whole
     column c; turning cell c over turns up its down glass if it has one, else turns down its
     row-0 glass, which keeps the shape and toggles x_c. With x all up every glass is up, so
     after Q either the bell rang or every column has exactly one glass down.
   - E (one turn, (m-1) d hands, [eturn]): grab rows 0..m-2; in each column, a held glass down:
     turn it up; none: the down glass is in row m-1, turn every held glass down. Every column is
     now all one way: the state is d-periodic.
   - D (T turns, m k hands, [lift] with whole columns): W(d) on the base of the periodic state,
     which is all up or all down exactly when the glasses are.
   So W(N) ends down within 2 T + 2 turns ([wstep_ends]), with max((m-1) d, m k) hands; strong
   induction on N, peeling any prime of N ([peel_enough]), gives [glasses_hands_suffice].
   Every turn grabs exactly K positions: a grab of fewer is filled up with positions it does
   not hold ([node]). *)
From mathcomp Require Import ssreflect ssrfun ssrbool eqtype ssrnat seq choice path div.
From mathcomp Require Import fintype tuple finfun bigop prime.
From CoinProofs Require Import Rules Coins RulesGlasses GlassesPlay GlassesShift GlassesColumns.

Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.

(* --- Ending down ------------------------------------------------------------------------- *)

(* As wins_from, but the play stops early only at all up, and must end all down. *)
Fixpoint ends_from N K T (t : strategy) (s : glasses) : Prop :=
  all negb s \/
  match T, t with
  | _, Stop => all id s
  | T'.+1, Feel h what next =>
      let p := feel h s in
      [/\ size h = K, uniq h, all (fun i => i < N) h, all (fun i => i \in h) (what p) &
          forall r, r < N -> ends_from N K T' (next p) (turn r (turn_over (what p) s))]
  | 0, Feel _ _ _ => False
  end.

Definition tree_ends N K T t := forall s, size s = N -> ends_from N K T t s.

Lemma ends_from_wins N K T t s : ends_from N K T t s -> wins_from N K T t s.
Proof.
have same_up s' : all negb s' -> same_way s' by move=> up; rewrite /same_way up orbT.
have same_down s' : all id s' -> same_way s' by move=> down; rewrite /same_way down.
elim: T t s => [|T IH] [|h what next] s /= [/same_up | moves]; try by left.
all: try by left; apply: same_down.
all: try by case: moves.
case: moves => sz_h uniq_h in_h in_what after; right; split=> // r lt_r; exact/IH/after.
Qed.

Lemma tree_ends_wins N K T t : tree_ends N K T t -> tree_wins N K T t.
Proof. by move=> ends s sz_s; apply/ends_from_wins/ends. Qed.

Lemma ends_from_mono N K T T' t s : T <= T' -> ends_from N K T t s -> ends_from N K T' t s.
Proof.
elim: T T' t s => [|T IH] [|T'] [|h what next] s //= le_T [up | moves]; try by [left | right].
all: try by case: moves.
case: moves => sz_h uniq_h in_h in_what after; right; split=> // r lt_r.
exact: IH (after r lt_r).
Qed.

Lemma ends_from_up N K T t s : all negb s -> ends_from N K T t s.
Proof. by case: T => [|T] up; left. Qed.

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

(* The node ends down if every answer does. *)
Lemma node_ends N K T h what next s :
  size h <= K <= N -> uniq h -> all (fun i => i < N) h -> (forall p, all (mem h) (what p)) ->
  (forall r, r < N -> ends_from N K T (next (feel h s)) (turn r (turn_over (what (feel h s)) s))) ->
  ends_from N K T.+1 (node N K h what next) s.
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

Lemma then_node N K h what next c :
  then_ (node N K h what next) c = node N K h what (fun p => then_ (next p) c).
Proof. by []. Qed.

(* One glass is always all up or all down: the empty strategy ends down. *)
Lemma stop_ends K : tree_ends 1 K 0 Stop.
Proof. by case=> [|[] [|]] //= _; [right | left]. Qed.

(* --- A d-strategy lifted to N glasses ----------------------------------------------------- *)

(* The d-strategy plays on a view x of the N glasses s ([rel] s x) that the devil's turn turns;
   its grab h is the grab [grab] h, what it feels is read from what that grab feels, and its
   turn w is the turn [act] h p w, which turns the view over at w. *)
Section Lift.

Variables (N K d k : nat) (rel : glasses -> glasses -> Prop) (grab : seq nat -> seq nat)
  (read : seq nat -> seq bool -> seq bool) (act : seq nat -> seq bool -> seq nat -> seq nat).
Hypotheses (d_gt0 : 0 < d) (rel_size : forall s x, rel s x -> size x = d)
  (rel_turn : forall r s x, rel s x -> rel (turn r s) (turn r x))
  (grab_ok : forall h, valid_grab d k h ->
     [/\ size (grab h) <= K <= N, uniq (grab h) & all (fun i => i < N) (grab h)])
  (act_in : forall h p w, all (mem (grab h)) (act h p (held_of h w)))
  (read_feel : forall h s x, valid_grab d k h -> rel s x -> read h (feel (grab h) s) = feel h x)
  (rel_act : forall h w s x, valid_grab d k h -> rel s x ->
     rel (turn_over (act h (feel (grab h) s) (held_of h w)) s) (turn_over (held_of h w) x))
  (rel_up : forall s x, rel s x -> all negb x -> all negb s).

Fixpoint lift T t :=
  match T, t with
  | T'.+1, Feel h what next =>
      if valid_grab d k h then
        node N K (grab h) (fun p => act h p (held_of h (what (read h p))))
             (fun p => lift T' (next (read h p)))
      else Stop
  | _, _ => Stop
  end.

(* The lift ends down as the d-strategy does: all up at some moment, or its view all down at
   the end, where c goes on. *)
Lemma lift_run T t c Tc s x : rel s x -> ends_from d k T t x ->
  (forall s' x', rel s' x' -> all id x' -> ends_from N K Tc c s') ->
  ends_from N K (T + Tc) (then_ (lift T t) c) s.
Proof.
elim: T t s x => [|T IH] t s x rel_sx ends cont.
  case: ends => [up | ]; first by apply/ends_from_up/(rel_up rel_sx).
  by case: t => [|h what next] //= down; apply: cont rel_sx down.
case: ends => [up | ]; first by apply/ends_from_up/(rel_up rel_sx).
case: t => [|h what next] ends; rewrite [then_ _ c]/=.
  by apply: ends_from_mono (cont _ _ rel_sx ends); rewrite leq_addl.
case: ends => sz_h uniq_h in_h in_what after.
have valid_h : valid_grab d k h by rewrite /valid_grab sz_h eqxx uniq_h in_h.
have [ok_h uniq_g in_g] := grab_ok valid_h.
rewrite valid_h then_node addSn; apply: node_ends => // r lt_r.
rewrite (read_feel valid_h rel_sx); apply: IH (rel_turn r (rel_act _ valid_h rel_sx)) _ cont.
rewrite (eq_turn_over _ (held_ofE in_what)) (turn_mod r) size_turn_over (rel_size rel_sx).
by apply: after; rewrite ltn_pmod.
Qed.

End Lift.

(* --- The two views: whole columns of a periodic state, and the sparse parity --------------- *)

Section Views.

Variables (m d k K : nat).
Hypotheses (m_gt0 : 0 < m) (d_gt0 : 0 < d) (le_kK : m * k <= K) (le_KN : K <= m * d).

Let N := m * d.

Lemma shape_turn_heads r s y : shape m d s y (heads d) -> shape m d (turn r s) (turn r y) (heads d).
Proof. by move=> sh; have := shape_turn d_gt0 r sh; rewrite turn_heads. Qed.

Lemma valid_in h : valid_grab d k h -> all (fun i => i < d) h.
Proof. by case/and3P. Qed.

(* D: a periodic state of base g; the d-strategy on all m blocks at once. *)
Definition periodic s g := shape m d s (heads d) g.

Lemma periodic_all (P : pred bool) s g : periodic s g -> all P g -> all P s.
Proof.
move=> sh /(all_nthP false) Pg; have [sz_s _ sz_g _] := sh.
apply/(all_nthP false) => x; rewrite sz_s => lt_x.
by rewrite (shape_up d_gt0 sh) // Pg // sz_g ltn_pmod.
Qed.

Definition lift_d := lift N K d k (rows m d) (row_feel m d) (fun h _ w => rows m d w).

Lemma lift_d_run T t c Tc s g : periodic s g -> ends_from d k T t g ->
  (forall s' g', periodic s' g' -> all id g' -> ends_from N K Tc c s') ->
  ends_from N K (T + Tc) (then_ (lift_d T t) c) s.
Proof.
apply: lift_run => //.
- by move=> s' g' [].
- by move=> r s' g' sh; have := shape_turn d_gt0 r sh; rewrite turn_heads.
- exact: rows_ok.
- by move=> h _ w; apply: rows_held.
- by move=> h s' g' /valid_in in_h sh; rewrite row_feel_rows // (feel_up m_gt0 d_gt0 sh).
- by move=> h w s' g' /valid_in in_h sh; apply: shape_rows (held_in _ in_h) sh.
- by move=> s' g'; apply: periodic_all.
Qed.

(* Q: at most one glass down in each column, x the columns with one ([sparse]). *)
Definition sparse s x := shape m d s x (heads d).

Lemma count_down (l : seq bool) : count (fun b => b != false) l = count id l.
Proof. by apply: eq_count => -[]. Qed.

Lemma sparse_col s x c : sparse s x -> c < d -> count id (col m d s c) = nth false x c.
Proof. by case=> _ _ _ cnt lt_c; rewrite -count_down -(cnt c lt_c) nth_heads. Qed.

Lemma sigma_sparse s x : sparse s x -> sigma m d s = x.
Proof.
move=> sh; have [_ sz_x _ _] := sh.
apply: (@eq_from_nth _ false); rewrite size_sigma ?sz_x // => c lt_c.
by rewrite nth_sigma // (sparse_col sh lt_c) oddb.
Qed.

Lemma sparse_up s x : sparse s x -> all negb x -> all negb s.
Proof.
move=> sh up; have [_ sz_x _ _] := sh; rewrite /sparse (heads_all sz_x up) in sh.
by apply: (periodic_all sh); rewrite all_nseq orbT.
Qed.

(* Turning cell c over: its column's down glass if felt, else its row-0 glass. *)
Definition qact h p w :=
  [seq y <- rows m d w | if has (look (rows m d h) p) (colpos m d (y %% d))
                         then look (rows m d h) p y else y < d].

Lemma count_col_row0 c (b : bool) : c < d ->
  count id [seq b && (y < d) | y <- colpos m d c] = b.
Proof.
move=> lt_c; rewrite (colpos_row0 _ m_gt0) /= lt_c andbT count_map.
rewrite (eq_in_count (a2 := pred0)) ?count_pred0 ?addn0 // => y /mapP[j].
by rewrite mem_iota => /andP[j_gt0 _] -> /=; rewrite ltnNge (leq_trans (leq_pmull d j_gt0)) ?andbF
  ?leq_addl.
Qed.

(* A count of one at most is down exactly when something is counted. *)
Lemma count_has (l : seq nat) (f : pred nat) (b : bool) : count f l = b -> has f l -> b.
Proof. by rewrite has_count => ->; case: b. Qed.

Lemma count_hasN (l : seq nat) (f : pred nat) (b : bool) : count f l = b -> ~~ has f l -> ~~ b.
Proof. by rewrite has_count => ->; case: b. Qed.

Lemma sparse_act h w s x : valid_grab d k h -> sparse s x ->
  sparse (turn_over (qact h (feel (rows m d h) s) (held_of h w)) s) (turn_over (held_of h w) x).
Proof.
move=> /valid_in in_h sh; have [sz_s sz_x _ _] := sh; set v := held_of h w.
have in_v : all (fun i => i < d) v := held_in _ in_h.
split; rewrite ?size_turn_over ?size_nseq // => c lt_c; rewrite nth_heads count_down.
have in_rows y : y \in colpos m d c -> c \in v -> y \in rows m d h.
  rewrite mem_colpos // => /andP[lt_y /eqP Ey] c_v; rewrite mem_rows // Ey.
  by move: c_v; rewrite mem_filter => /andP[].
rewrite col_turn_over // nth_turn_over ?sz_x //.
have -> : [seq nth false s y (+) (y \in qact h (feel (rows m d h) s) v) | y <- colpos m d c] =
    [seq nth false s y (+) ((c \in v) && (if has (nth false s) (colpos m d c) then nth false s y
                                          else y < d)) | y <- colpos m d c].
  apply/eq_in_map => y y_c; have := y_c; rewrite mem_colpos // => /andP[lt_y /eqP Ey].
  rewrite mem_filter mem_rows // Ey andbC; case: (boolP (c \in v)) => //= c_v.
  rewrite look_feel ?in_rows //; congr (_ (+) (if _ then _ else _)).
  by apply: eq_in_has => z z_c; rewrite /= look_feel ?in_rows.
have := sparse_col sh lt_c; rewrite /col count_map.
case: (boolP (c \in v)) => c_v /=.
  case: (boolP (has _ _)) => [some | /hasPn none] Ex.
    rewrite (count_has Ex some).
    by rewrite count_map (eq_in_count (a2 := pred0)) ?count_pred0 // => y _ /=; rewrite addbb.
  have /negbTE -> : ~~ nth false x c by apply: count_hasN Ex _; apply/hasPn => y /none.
  rewrite -[X in _ = X](count_col_row0 true lt_c) [X in X = _]count_map [X in _ = X]count_map.
  by apply: eq_in_count => y y_c; rewrite /= (negbTE (none y y_c)).
by move=> Ex; rewrite addbF -Ex count_map; apply: eq_count => y /=; rewrite addbF.
Qed.

Definition lift_q := lift N K d k (rows m d) (col_read m d) qact.

Lemma lift_q_run T t c Tc s x : sparse s x -> ends_from d k T t x ->
  (forall s' x', sparse s' x' -> all id x' -> ends_from N K Tc c s') ->
  ends_from N K (T + Tc) (then_ (lift_q T t) c) s.
Proof.
apply: lift_run => //.
- by move=> s' x' [].
- by move=> r s' x'; apply: shape_turn_heads.
- exact: rows_ok.
- move=> h p w; apply/allP=> y; rewrite mem_filter => /andP[_ y_in].
  exact: (allP (rows_held m d h w)).
- move=> h s' x' valid_h sh; have [sz_s _ _ _] := sh.
  by rewrite (col_read_feel d_gt0 valid_h sz_s) (sigma_sparse sh).
- exact: sparse_act.
- exact: sparse_up.
Qed.

(* --- Z and E: one turn each, rows 0..m-2 held ---------------------------------------------- *)

Hypothesis le_hK : m.-1 * d <= K.

Lemma held_turn_ok (P : pred nat) : all (mem (held m d)) [seq y <- held m d | P y].
Proof. by apply/allP=> y; rewrite mem_filter => /andP[]. Qed.

(* Z: turn up every held glass felt down; only row m-1 may be down, one glass a column. *)
Definition zturn p := [seq y <- held m d | look (held m d) p y].

Lemma zturn_sparse s : size s = N ->
  sparse (turn_over (zturn (feel (held m d) s)) s) [seq nth false s (c + m.-1 * d) | c <- iota 0 d].
Proof.
move=> sz_s; split; rewrite ?size_turn_over ?size_map ?size_iota ?size_nseq // => c lt_c.
rewrite nth_heads count_down (nth_map 0) ?size_iota // nth_iota // add0n.
rewrite col_turn_over // (colpos_held _ m_gt0) -cats1 map_cat count_cat /=.
have -> : count id [seq nth false s y (+) (y \in zturn (feel (held m d) s)) | y <- heldpos m d c]
    = 0.
  rewrite count_map (eq_in_count (a2 := pred0)) ?count_pred0 // => y y_c /=.
  have y_held := heldpos_held lt_c y_c.
  by rewrite mem_filter y_held andbT look_feel // addbb.
by rewrite mem_filter (negbTE (last_not_held m d c)) andbF addbF add0n addn0.
Qed.

(* E: in each column, turn up a held glass felt down; none felt: turn every held glass down. *)
Definition eturn p :=
  [seq y <- held m d | if has (look (held m d) p) (heldpos m d (y %% d)) then look (held m d) p y
                       else true].

Lemma eturn_periodic s x : sparse s x -> all id x ->
  periodic (turn_over (eturn (feel (held m d) s)) s)
           [seq ~~ has (nth false s) (heldpos m d c) | c <- iota 0 d].
Proof.
move=> sh down; have [sz_s sz_x _ _] := sh.
split; rewrite ?size_turn_over ?size_map ?size_iota ?size_nseq // => c lt_c.
rewrite nth_heads (nth_map 0) ?size_iota // nth_iota // add0n.
have down_c : nth false x c by apply: (allP down); rewrite mem_nth ?sz_x.
have one : count id (col m d s c) = 1 by rewrite (sparse_col sh lt_c) down_c.
rewrite /col (colpos_held _ m_gt0) -cats1 map_cat count_cat /= addn0 in one.
rewrite col_turn_over // (colpos_held _ m_gt0) -cats1 map_cat count_cat /=.
rewrite mem_filter (negbTE (last_not_held m d c)) andbF addbF.
have -> : [seq nth false s y (+) (y \in eturn (feel (held m d) s)) | y <- heldpos m d c] =
    [seq nth false s y (+) (if has (nth false s) (heldpos m d c) then nth false s y else true)
    | y <- heldpos m d c].
  apply/eq_in_map => y y_c; have y_held := heldpos_held lt_c y_c.
  rewrite mem_filter y_held andbT look_feel //.
  have -> : y %% d = c by case/mapP: y_c => j _ ->; rewrite col_mod.
  congr (_ (+) (if _ then _ else _)); apply: eq_in_has => z z_c.
  by rewrite /= look_feel // (heldpos_held lt_c z_c).
case: (boolP (has _ _)) => [some | /hasPn none] /=.
  have pos : 0 < count id [seq nth false s y | y <- heldpos m d c].
    by rewrite -has_count has_map; exact: some.
  have last_up : nth false s (c + m.-1 * d) = false.
    by move: one pos; case: (nth false s _) => //=; rewrite addn1 => -[->].
  rewrite last_up count_map (eq_in_count (a2 := pred0)) ?count_pred0 // => y _ /=.
  by rewrite addbb.
have zero : count id [seq nth false s y | y <- heldpos m d c] = 0.
  by rewrite count_map (eq_in_count (a2 := pred0)) ?count_pred0 // => y y_c /=; exact/negbTE/none.
have last_down : nth false s (c + m.-1 * d) by move: one; rewrite zero; case: (nth false s _).
rewrite last_down count_map (eq_in_count (a2 := pred0)) ?count_pred0 // => y y_c /=.
by rewrite (negbTE (none y y_c)).
Qed.

(* --- W(N) = Z Q E D ----------------------------------------------------------------------- *)

Variables (T : nat) (S : strategy).
Hypothesis S_ends : tree_ends d k T S.

Definition wstep :=
  node N K (held m d) zturn (fun _ => then_ (lift_q T S)
    (node N K (held m d) eturn (fun _ => then_ (lift_d T S) Stop))).

Theorem wstep_ends : tree_ends N K (T + T).+2 wstep.
Proof.
move=> s sz_s; have [ok uniq_h in_h] := held_ok le_KN le_hK.
have -> : (T + T).+2 = (T + (T + 0).+1).+1 by rewrite addn0 addnS.
apply: node_ends => // [p | r _]; first exact: held_turn_ok.
apply: (lift_q_run (shape_turn_heads r (zturn_sparse sz_s))).
  by apply: S_ends; rewrite size_turn size_map size_iota.
move=> s1 x1 sh1 down1; apply: node_ends => // [p | r1 _]; first exact: held_turn_ok.
have := shape_turn d_gt0 r1 (eturn_periodic sh1 down1); rewrite turn_heads => sh2.
apply: (lift_d_run sh2); first by apply: S_ends; rewrite size_turn size_map size_iota.
by move=> s3 g3 sh3 down3; right; apply: periodic_all sh3 down3.
Qed.

End Views.

(* --- Every N ---------------------------------------------------------------------------- *)

(* The hands enough for N = q d glasses, q prime, divided by q, are enough for d; they are at
   least N - d, and at least q times their quotient by q. *)
Lemma peel_enough q d N K : prime q -> N = q * d -> K <= N ->
  (forall p, prime p -> p %| N -> N - N %/ p <= K) ->
  [/\ K %/ q <= d, N - d <= K, forall p, prime p -> p %| d -> d - d %/ p <= K %/ q &
      q * (K %/ q) <= K].
Proof.
move=> prime_q -> le_KN enough; have q_gt0 := prime_gt0 prime_q; split.
- by rewrite -[X in _ <= X](mulKn d q_gt0); apply: leq_div2r.
- by have := enough q prime_q (dvdn_mulr d (dvdnn q)); rewrite mulKn.
- move=> p prime_p p_d; rewrite leq_divRL // mulnC mulnBr muln_divA //.
  by apply: enough; rewrite ?dvdn_mull.
- by rewrite mulnC leq_trunc_div.
Qed.

(* By strong induction on N, peeling its least prime q: W(N / q) with K / q hands ends down
   ([peel_enough]), so W(N) does. *)
Theorem glasses_hands_suffice_ends : forall N K, 0 < N -> K <= N ->
  (forall p, prime p -> p %| N -> N - N %/ p <= K) -> exists T t, tree_ends N K T t.
Proof.
elim/ltn_ind=> N IH K N_gt0 le_KN enough.
have [N_le1 | N_gt1] := leqP N 1.
  have -> : N = 1 by apply/eqP; rewrite eqn_leq N_le1.
  by exists 0, Stop; apply: stop_ends.
have prime_q : prime (pdiv N) := pdiv_prime N_gt1.
have EN : N = pdiv N * (N %/ pdiv N) by rewrite mulnC divnK // pdiv_dvd.
have [le_kd le_dK enough_d le_qk] := peel_enough prime_q EN le_KN enough.
have d_gt0 : 0 < N %/ pdiv N by rewrite divn_gt0 ?prime_gt0 // dvdn_leq // pdiv_dvd.
have lt_dN : N %/ pdiv N < N by apply: ltn_Pdiv (prime_gt1 prime_q) N_gt0.
have [T [S S_ends]] := IH _ lt_dN _ d_gt0 le_kd enough_d.
have le_hK : (pdiv N).-1 * (N %/ pdiv N) <= K by rewrite -subn1 mulnBl mul1n -EN.
move: (pdiv N) (N %/ pdiv N) EN prime_q d_gt0 S_ends le_hK le_qk le_KN.
move=> q d -> prime_q d_gt0 S_ends le_hK le_qk le_KN; exists (T + T).+2, (wstep q d (K %/ q) K T S).
exact: (wstep_ends (prime_gt0 prime_q) d_gt0 le_qk le_KN le_hK S_ends).
Qed.

(* Enough hands win (Laaser and Ramshaw 1981): the statement of issue 32. *)
Theorem glasses_hands_suffice : forall N K, 0 < N -> K <= N ->
  (forall p, prime p -> p %| N -> N - N %/ p <= K) -> exists T, wins_within N K T.
Proof.
move=> N K N_gt0 le_KN enough.
have [T [t ends]] := glasses_hands_suffice_ends N_gt0 le_KN enough.
by exists T, t; apply: tree_ends_wins.
Qed.

(* The side conditions as one boolean, for the Coq road's proofs of wins claims
   (coq/glasses.py): Coq's kernel decides them for the claim's N and K, the primes dividing N
   being [primes N]. *)
Definition hands_check N K := [&& 0 < N, K <= N & all (fun p => N - N %/ p <= K) (primes N)].

Corollary hands_checked N K : hands_check N K -> exists T, wins_within N K T.
Proof.
case/and3P=> N_gt0 le_KN /allP enough; apply: glasses_hands_suffice => // p prime_p p_N.
by apply: enough; rewrite mem_primes prime_p N_gt0.
Qed.
