(* A prime factor m >= 5 of glasses_hands_suffice (GlassesSuffice.v's outline, step 3; the
   proof holds for every m > 3; docs/glasses.md, "The columns step, and why it stopped at 9"):
   a strategy S for d glasses with k hands, winning within T turns, gives one for
   N = m d glasses with K hands, K >= (m - 1) d and K >= m k ([columns_wins]).

   Column c < d is the glasses c, c + d, ..., c + (m-1) d (rows 0 to m - 1); sigma, the parity
   of each column (the exclusive or of the m blocks of d glasses), is a state of d glasses that
   turns with the tray ([sigma_turn]).
   - R (one turn, [to_base]): hold rows 0..m-2 of every column; turn over each held glass that
     differs from the parity g_c of the column's held glasses. Each column is then its base g_c
     on rows 0..m-2 and g_c (+) sigma_c on row m-1: [shape] s sigma g, the glasses differ from
     the d-periodic state of base g in one glass of each column where sigma is down.
   - D (T turns, [blocks]): S on all m blocks at once (m k hands, a glass felt at row 0 of S's
     grab, whole columns turned over): from a d-periodic state (sigma all up) it wins
     ([blocks_wins]); from any state it keeps the shape, turned ([blocks_run]).
   - U (one turn, [from_base]): hold rows 0..m-2 again; the majority of the m - 1 >= 3 held
     glasses of a column is its base; when m is odd, turn over a held glass of each column
     whose base is down. Now sigma is the old sigma, turned ([sigma_from_base]).
   - F (one turn, [flip_block]): turn over block 0, which turns sigma all over.
   The check run C = R D U F R D U F ([check], 2 T + 6 turns) wins if sigma stands all one way
   ([check_wins]) and otherwise gives sigma back turned ([check_run]). The strategy
   ([columns]): C, Q, C, Q, ..., C, GlassesCompose.v's [composed] with Q, S played on sigma (a
   hand on glass i of sigma is the m hands of column i; turning it over is turning over glass
   i of block 0). m = 3 would need another U: two held glasses do not tell the base. *)
From mathcomp Require Import all_ssreflect.
From CoinProofs Require Import Rules Coins RulesGlasses GlassesPlay GlassesShift GlassesDouble.
From CoinProofs Require Import GlassesCompose.

Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.

(* What the hands on the grab g felt at position x of the tray (x in g). *)
Definition look (g : seq nat) (p : seq bool) x := nth false p (index x g).

Lemma look_feel g s x : x \in g -> look g (feel g s) x = nth false s x.
Proof. by move=> x_g; rewrite /look (nth_map 0) ?index_mem // nth_index. Qed.

Lemma feel_look g h s : {subset h <= g} -> [seq look g (feel g s) x | x <- h] = feel h s.
Proof. by move=> sub; apply/eq_in_map => x /sub; exact: look_feel. Qed.

Lemma nth_turn_at (x : glasses) r i n :
  size x = n -> i < n -> nth false (turn r x) ((i + r) %% n) = nth false x i.
Proof. by move=> <- lt_i; rewrite nth_turn. Qed.

(* --- Columns ------------------------------------------------------------------------------ *)

Section Columns.

Variables (m d : nat).
Hypotheses (m_gt0 : 0 < m) (d_gt0 : 0 < d).

Let N := m * d.

(* The positions of column c, rows 0..m-1; the rows 0..m-2 of it, which R and U hold. *)
Definition colpos c := [seq c + j * d | j <- iota 0 m].
Definition heldpos c := [seq c + j * d | j <- iota 0 m.-1].

Definition col (s : glasses) c := [seq nth false s x | x <- colpos c].

(* The parity of each column: the exclusive or of the m blocks. *)
Definition sigma (s : glasses) := [seq odd (count id (col s c)) | c <- iota 0 d].

Lemma size_sigma s : size (sigma s) = d.
Proof. by rewrite size_map size_iota. Qed.

Lemma nth_sigma s c : c < d -> nth false (sigma s) c = odd (count id (col s c)).
Proof. by move=> lt_c; rewrite (nth_map 0) ?size_iota // nth_iota. Qed.

Lemma le_dN : d <= N.
Proof. exact: leq_pmull. Qed.

Lemma col_lt c j : c < d -> j < m -> c + j * d < N.
Proof.
move=> lt_c lt_j; apply: leq_trans (_ : d + j * d <= N); first by rewrite ltn_add2r.
by rewrite -mulSn leq_mul2r lt_j orbT.
Qed.

Lemma col_mod c j : c < d -> (c + j * d) %% d = c.
Proof. by move=> lt_c; rewrite addnC modnMDl modn_small. Qed.

Lemma mem_colpos c x : c < d -> (x \in colpos c) = (x < N) && (x %% d == c).
Proof.
move=> lt_c; apply/mapP/andP => [[j] | [lt_x /eqP Ex]].
  by rewrite mem_iota /= => lt_j ->; rewrite col_lt ?col_mod.
exists (x %/ d); first by rewrite mem_iota /= ltn_divLR.
by rewrite {1}(divn_eq x d) addnC Ex.
Qed.

Lemma colpos_uniq c : uniq (colpos c).
Proof.
rewrite map_inj_uniq ?iota_uniq // => j j' /addnI /eqP.
by rewrite eqn_pmul2r // => /eqP.
Qed.

Lemma count_col (P : pred bool) s c : c < d ->
  count P (col s c) = count (fun x => (x %% d == c) && P (nth false s x)) (iota 0 N).
Proof.
move=> lt_c; rewrite count_map.
have -> : count (fun x => (x %% d == c) && P (nth false s x)) (iota 0 N) =
          count (preim (nth false s) P) [seq x <- iota 0 N | x %% d == c].
  by rewrite count_filter; apply: eq_count => x /=; rewrite andbC.
have /permP -> // : perm_eq (colpos c) [seq x <- iota 0 N | x %% d == c].
apply: uniq_perm; rewrite ?colpos_uniq ?filter_uniq ?iota_uniq // => x.
by rewrite mem_colpos // mem_filter mem_iota andbC.
Qed.

(* The positions turned by r (mod N) are all the positions, in another order. *)
Lemma perm_shift r : perm_eq [seq (x + r) %% N | x <- iota 0 N] (iota 0 N).
Proof.
apply: uniq_perm; rewrite ?iota_uniq //.
  rewrite map_inj_in_uniq ?iota_uniq // => x y; rewrite !mem_iota /=; exact: shift_inj.
move=> i; apply/mapP/idP => [[x] | ]; rewrite !mem_iota ?add0n /=.
  by move=> lt_x ->; rewrite ltn_pmod // (leq_ltn_trans _ lt_x).
by case/(shift_onto r) => x lt_x ->; exists x; rewrite // mem_iota.
Qed.

(* The devil's turn r takes column c onto column c + r (mod d), its rows in another order. *)
Lemma count_col_turn P s r c : size s = N -> c < d ->
  count P (col (turn r s) ((c + r) %% d)) = count P (col s c).
Proof.
move=> sz_s lt_c; rewrite count_col ?ltn_pmod // count_col //.
rewrite -(permP (perm_shift r)) count_map; apply: eq_in_count => x; rewrite mem_iota /= => lt_x.
rewrite nth_turn_at // (modn_dvdm (x + r) (dvdn_mull m (dvdnn d))) eqn_modDr.
by rewrite (modn_small lt_c).
Qed.

Lemma sigma_turn r s : size s = N -> sigma (turn r s) = turn r (sigma s).
Proof.
move=> sz_s; apply: (@eq_from_nth _ false); rewrite ?size_turn !size_sigma // => c' lt_c'.
have [c lt_c ->] := shift_onto r lt_c'.
by rewrite nth_turn_at ?size_sigma // !nth_sigma ?ltn_pmod // count_col_turn.
Qed.

Lemma col_turn_over t s c : size s = N -> c < d ->
  col (turn_over t s) c = [seq nth false s x (+) (x \in t) | x <- colpos c].
Proof.
move=> sz_s lt_c; apply/eq_in_map => x; rewrite mem_colpos // => /andP[lt_x _].
by rewrite nth_turn_over ?sz_s.
Qed.

Lemma size_col s c : size (col s c) = m.
Proof. by rewrite !size_map size_iota. Qed.

Lemma iota_last : iota 0 m = rcons (iota 0 m.-1) m.-1.
Proof. by rewrite -cats1 -{1}(prednK m_gt0) -addn1 iotaD add0n. Qed.

Lemma colpos_held c : colpos c = rcons (heldpos c) (c + m.-1 * d).
Proof. by rewrite /colpos iota_last map_rcons. Qed.

Lemma colpos_row0 c : colpos c = c :: [seq c + j * d | j <- iota 1 m.-1].
Proof. by rewrite /colpos -{1}(prednK m_gt0) /= mul0n addn0. Qed.

(* Turning over glasses of block 0 turns over those of sigma. *)
Lemma sigma_turn_over w s : all (fun i => i < d) w -> size s = N ->
  sigma (turn_over w s) = turn_over w (sigma s).
Proof.
move=> /allP in_w sz_s; apply: (@eq_from_nth _ false).
  by rewrite size_turn_over !size_sigma.
rewrite size_sigma => c lt_c.
rewrite nth_turn_over ?size_sigma // !nth_sigma // col_turn_over // /col colpos_row0 /=.
have -> : [seq nth false s x (+) (x \in w) | x <- [seq c + j * d | j <- iota 1 m.-1]] =
          [seq nth false s x | x <- [seq c + j * d | j <- iota 1 m.-1]].
  apply/eq_in_map => x /mapP[j]; rewrite mem_iota => /andP[j_gt0 _] ->.
  have le_d : d <= c + j * d := leq_trans (leq_pmull d j_gt0) (leq_addl _ _).
  have /negbTE -> : c + j * d \notin w by apply/negP => /in_w; rewrite ltnNge le_d.
  by rewrite addbF.
by rewrite !oddD !oddb addbAC.
Qed.

(* The parity of a column, from how many of its glasses differ from g. *)
Lemma odd_count_base (l : seq bool) g :
  odd (count id l) = odd (count (fun b => b != g) l) (+) (g && odd (size l)).
Proof.
case: g => /=; last by rewrite addbF; congr odd; apply: eq_count => -[].
have -> : count (fun b => b != true) l = count (predC id) l by apply: eq_count => -[].
by rewrite -(count_predC id l) oddD addbCA addbb addbF.
Qed.

(* More than two glasses, all but one at most equal to g: more than half of them are down
   exactly when g is. *)
Lemma majority_base (l : seq bool) g : count (fun b => b != g) l <= 1 -> 2 < size l ->
  (size l < (count id l).*2) = g.
Proof.
have Esz := count_predC id l; case: g => few big.
  have Ec : count (fun b => b != true) l = count (predC id) l by apply: eq_count => -[].
  rewrite Ec in few; rewrite -addnn -{1}Esz ltn_add2l; apply/(leq_ltn_trans few).
  rewrite ltnNge; apply/negP => small; move: big; rewrite -Esz ltnNge => /negP; apply.
  exact: (leq_add small few).
have Ec : count (fun b => b != false) l = count id l by apply: eq_count => -[].
rewrite Ec in few; apply/negbTE; rewrite -leqNgt; apply: leq_trans (ltnW big).
by rewrite -[2]/(1.*2) leq_double.
Qed.

(* The glasses s are the d-periodic state of base g but for one glass in each column c where y
   is down. *)
Definition shape (s y g : glasses) := [/\ size s = N, size y = d, size g = d &
  forall c, c < d -> count (fun b => b != nth false g c) (col s c) = nth false y c].

Lemma shape_turn r s y g : shape s y g -> shape (turn r s) (turn r y) (turn r g).
Proof.
case=> sz_s sz_y sz_g odd_y; split; rewrite ?size_turn // => c' lt_c'.
have [c lt_c ->] := shift_onto r lt_c'.
by rewrite !nth_turn_at // count_col_turn // odd_y.
Qed.

(* With y all up, s is the periodic state of base g. *)
Lemma shape_up s g : shape s (heads d) g -> forall x, x < N -> nth false s x = nth false g (x %% d).
Proof.
case=> sz_s _ sz_g up x lt_x; have lt_c : x %% d < d by rewrite ltn_pmod.
move: (up _ lt_c); rewrite nth_heads /= => /eqP.
rewrite -leqn0 leqNgt -has_count => /hasPn none.
have x_col : x \in colpos (x %% d) by rewrite mem_colpos // lt_x eqxx.
by apply/eqP/negPn/none/map_f.
Qed.

Lemma same_up s g : shape s (heads d) g -> same_way g -> same_way s.
Proof.
move=> sh; have [sz_s _ sz_g _] := sh.
have lift (P : pred bool) : all P g -> all P s.
  move=> /(all_nthP false) Pg; apply/(all_nthP false) => x; rewrite sz_s => lt_x.
  by rewrite (shape_up sh) // Pg // sz_g ltn_pmod.
by rewrite /same_way => /orP[/lift -> | /lift ->]; rewrite ?orbT.
Qed.

Lemma feel_up s g h : shape s (heads d) g -> all (fun i => i < d) h -> feel h s = feel h g.
Proof.
move=> sh /allP in_h; apply/eq_in_map => i /in_h lt_i.
by rewrite (shape_up sh) ?modn_small // (leq_trans lt_i le_dN).
Qed.

(* --- Rows: a grab of S on all m blocks ---------------------------------------------------- *)

Definition rows (h : seq nat) := [seq i + j * d | j <- iota 0 m, i <- h].

Lemma mem_rows w x : all (fun i => i < d) w -> x < N -> (x \in rows w) = (x %% d \in w).
Proof.
move=> /allP in_w lt_x; apply/allpairsP/idP => [[[j i] /= [_ i_w ->]] | x_w].
  by rewrite col_mod ?in_w.
exists (x %/ d, x %% d); split=> //=; first by rewrite mem_iota /= ltn_divLR.
by rewrite addnC -divn_eq.
Qed.

Lemma rows_in w : all (fun i => i < d) w -> all (fun x => x < N) (rows w).
Proof.
move=> /allP in_w; apply/allP=> _ /allpairsP[[j i] /= [j_m i_w ->]].
by rewrite col_lt ?in_w //; rewrite mem_iota in j_m.
Qed.

Lemma rows_uniq w : uniq w -> all (fun i => i < d) w -> uniq (rows w).
Proof.
move=> uniq_w /allP in_w; apply: allpairs_uniq; rewrite ?iota_uniq // => -[j i] [j' i'].
move=> /allpairsP[[a b] /= [_ b_w [-> ->]]] /allpairsP[[a' b'] /= [_ b'_w [-> ->]]] /= E.
have Eb : b = b' by move: (congr1 (modn^~ d) E); rewrite !col_mod ?in_w.
by move: E; rewrite Eb => /addnI /eqP; rewrite eqn_pmul2r // => /eqP ->.
Qed.

Lemma row0 h : {subset h <= rows h}.
Proof.
move=> i i_h; apply/allpairsP; exists (0, i); split=> //=; last by rewrite mul0n addn0.
by rewrite mem_iota.
Qed.

Lemma rows_sub h w : {subset w <= h} -> {subset rows w <= rows h}.
Proof.
move=> sub _ /allpairsP[[j i] /= [j_m i_w ->]].
by apply/allpairsP; exists (j, i); split=> //; apply: sub.
Qed.

(* Turning over whole columns keeps the shape, the base turned over there. *)
Lemma shape_rows w s y g : all (fun i => i < d) w -> shape s y g ->
  shape (turn_over (rows w) s) y (turn_over w g).
Proof.
move=> in_w [sz_s sz_y sz_g odd_y]; split; rewrite ?size_turn_over // => c lt_c.
rewrite col_turn_over // nth_turn_over ?sz_g // -odd_y // /col !count_map.
apply: eq_in_count => j; rewrite mem_iota /= => lt_j.
rewrite mem_rows ?col_lt // col_mod //.
by case: (nth false s _); case: (nth false g c); case: (c \in w).
Qed.

(* --- D: S on all m blocks ----------------------------------------------------------------- *)

Section Play.

Variables (k K : nat).
Hypotheses (le_kK : m * k <= K) (le_KN : K <= N).

Definition row_feel h p := [seq look (rows h) p i | i <- h].

Fixpoint blocks T' t :=
  match T', t with
  | T''.+1, Feel h what next =>
      if valid_grab d k h then
        node N K (rows h) (fun p => rows (held_of h (what (row_feel h p))))
             (fun p => blocks T'' (next (row_feel h p)))
      else Stop
  | _, _ => Stop
  end.

Lemma blocks_node T' h what next : valid_grab d k h ->
  blocks T'.+1 (Feel h what next) =
  node N K (rows h) (fun p => rows (held_of h (what (row_feel h p))))
       (fun p => blocks T' (next (row_feel h p))).
Proof. by move=> /= ->. Qed.

Lemma rows_ok h : valid_grab d k h ->
  [/\ size (rows h) <= K <= N, uniq (rows h) & all (fun x => x < N) (rows h)].
Proof.
case/and3P=> /eqP sz_h uniq_h in_h; split; [| exact: rows_uniq | exact: rows_in].
by rewrite size_allpairs size_iota sz_h le_kK le_KN.
Qed.

Lemma rows_held h what : all (mem (rows h)) (rows (held_of h what)).
Proof.
apply/allP=> x /=; apply: rows_sub => i; rewrite mem_filter => /andP[]. done.
Qed.

Lemma row_feel_rows h s : row_feel h (feel (rows h) s) = feel h s.
Proof. exact/feel_look/row0. Qed.

(* From any state, D turns over whole columns only: the shape stays, turned. *)
Lemma blocks_run T' t c Tc s y g : shape s y g ->
  (forall r s' g', shape s' (turn r y) g' -> wins_from N K Tc c s') ->
  wins_from N K (T' + Tc) (then_ (blocks T' t) c) s.
Proof.
elim: T' t s y g => [|T' IH] t s y g sh cont; first exact: (cont 0 _ _ sh).
have stop : wins_from N K (T'.+1 + Tc) c s.
  by apply: wins_from_mono (cont 0 _ _ sh); rewrite leq_addl.
case: t => [|h what next]; rewrite [then_ _ c]/=; first exact: stop.
case: ifP => [valid_h | _]; last exact: stop.
have [ok_h uniq_h in_h] := rows_ok valid_h.
rewrite then_node addSn; apply: node_wins => // [p | r lt_r]; first exact: rows_held.
have in_w : all (fun i => i < d) (held_of h (what (feel h s))).
  by apply: held_in; case/and3P: valid_h.
rewrite row_feel_rows; apply: (IH _ _ _ _ (shape_turn r (shape_rows in_w sh))).
by move=> r' s' g' sh'; apply: (cont (r' + r) _ g'); rewrite turnD.
Qed.

(* On the periodic state of base g, D plays S on g. *)
Lemma blocks_wins T' t s g : shape s (heads d) g -> wins_from d k T' t g ->
  wins_from N K T' (blocks T' t) s.
Proof.
elim: T' t s g => [|T' IH] t s g sh win.
  by apply: wins_from_same; case: win => [same | []]; apply: same_up sh same.
have [same | not_same] := boolP (same_way g); first exact/wins_from_same/(same_up sh).
case: t win => [|h what next] [same | moves]; try by rewrite same in not_same.
  by case: moves.
case: moves => sz_h uniq_h in_h in_what after.
have valid_h : valid_grab d k h by rewrite /valid_grab sz_h eqxx uniq_h in_h.
have [ok_h uniq_r in_r] := rows_ok valid_h.
have [_ _ sz_g _] := sh.
rewrite blocks_node //; apply: node_wins => // [p | r lt_r]; first exact: rows_held.
rewrite row_feel_rows (feel_up sh in_h).
have in_w : all (fun i => i < d) (held_of h (what (feel h g))) by apply: held_in.
have := shape_turn r (shape_rows in_w sh); rewrite turn_heads => sh'; apply: IH sh' _.
rewrite (eq_turn_over _ (held_ofE in_what)) (turn_mod r) size_turn_over sz_g.
by apply: after; rewrite ltn_pmod.
Qed.

(* --- R, U and F ----------------------------------------------------------------------------- *)

Hypotheses (m_gt3 : 3 < m) (le_hK : m.-1 * d <= K).

(* Rows 0..m-2: the first (m - 1) d positions. *)
Definition held := iota 0 (m.-1 * d).

Lemma held_ok : [/\ size held <= K <= N, uniq held & all (fun x => x < N) held].
Proof.
split; rewrite ?size_iota ?le_hK ?le_KN ?iota_uniq //.
apply/allP=> x; rewrite mem_iota => /andP[_ lt_x]; apply: leq_trans lt_x _.
by rewrite leq_mul2r leq_pred orbT.
Qed.

Lemma heldpos_held c x : c < d -> x \in heldpos c -> x \in held.
Proof.
move=> lt_c /mapP[j]; rewrite !mem_iota /= => lt_j ->.
apply: leq_trans (_ : d + j * d <= _); first by rewrite ltn_add2r.
by rewrite -mulSn leq_mul2r lt_j orbT.
Qed.

Lemma last_not_held c : c + m.-1 * d \notin held.
Proof. by rewrite mem_iota /= -leqNgt leq_addl. Qed.

Lemma look_held s c : c < d ->
  [seq look held (feel held s) x | x <- heldpos c] = [seq nth false s x | x <- heldpos c].
Proof. by move=> lt_c; apply/eq_in_map => x /(heldpos_held lt_c); exact: look_feel. Qed.

(* R: the parity of each column's held glasses is its base; turn the held glasses to it. *)
Definition held_parity p c := odd (count id [seq look held p x | x <- heldpos c]).
Definition to_base_turn p := [seq x <- held | look held p x != held_parity p (x %% d)].
Definition to_base c := node N K held to_base_turn (fun _ => c).

Lemma shape_to_base s : size s = N ->
  shape (turn_over (to_base_turn (feel held s)) s) (sigma s)
        [seq held_parity (feel held s) c | c <- iota 0 d].
Proof.
move=> sz_s; split; rewrite ?size_turn_over ?size_sigma ?size_map ?size_iota // => c lt_c.
rewrite (nth_map 0) ?size_iota // nth_iota // add0n nth_sigma // col_turn_over //.
rewrite /col colpos_held /held_parity look_held // -!cats1 !map_cat !count_cat /=.
set g := odd _.
have -> : count (fun b => b != g)
    [seq nth false s x (+) (x \in to_base_turn (feel held s)) | x <- heldpos c] = 0.
  apply/eqP; rewrite -leqn0 leqNgt -has_count; apply/hasPn => _ /mapP[_ /mapP[j j_in ->] ->].
  have x_held : c + j * d \in held by apply: heldpos_held lt_c _; apply: map_f.
  rewrite mem_filter x_held andbT look_feel // col_mod // /held_parity look_held // -/g.
  by case: (nth false s _); case: g.
rewrite mem_filter (negbTE (last_not_held c)) andbF addbF !addn0 oddD oddb -/g.
by case: (nth false s _); case: g.
Qed.

Lemma to_base_run c T' s : size s = N ->
  (forall r s' g, shape s' (turn r (sigma s)) g -> wins_from N K T' c s') ->
  wins_from N K T'.+1 (to_base c) s.
Proof.
move=> sz_s cont; have [ok uniq_h in_h] := held_ok; apply: node_wins => //.
  by move=> p; apply/allP=> x; rewrite mem_filter => /andP[].
by move=> r _; apply: cont (shape_turn r (shape_to_base sz_s)).
Qed.

(* U: the majority of a column's held glasses is its base; when m is odd, turn over a held
   glass of each column whose base is down, which makes the column's parity the old sigma. *)
Definition majority p c := m.-1 < (count id [seq look held p x | x <- heldpos c]).*2.
Definition from_base_turn p := [seq c <- iota 0 d | odd m && majority p c].
Definition from_base c := node N K held from_base_turn (fun _ => c).

Lemma from_base_lt p : all (fun i => i < d) (from_base_turn p).
Proof. by apply/allP=> c; rewrite mem_filter mem_iota => /andP[_ /andP[]]. Qed.

Lemma sigma_from_base s y g : shape s y g ->
  sigma (turn_over (from_base_turn (feel held s)) s) = y.
Proof.
case=> sz_s sz_y sz_g odd_y; rewrite sigma_turn_over ?from_base_lt //.
apply: (@eq_from_nth _ false); rewrite size_turn_over size_sigma // => c lt_c.
rewrite nth_turn_over ?size_sigma // nth_sigma // mem_filter mem_iota lt_c andbT /=.
have Emaj : majority (feel held s) c = nth false g c.
  rewrite /majority look_held //.
  have -> : m.-1 = size [seq nth false s x | x <- heldpos c] by rewrite !size_map size_iota.
  apply: majority_base; last by rewrite !size_map size_iota -ltnS prednK.
  rewrite -(leq_add2r (nth false s (c + m.-1 * d) != nth false g c)).
  have le_y : nth false y c <= 1 by case: (nth _ y c).
  apply: (leq_trans _ (leq_addr _ 1)); apply: (leq_trans _ le_y).
  by rewrite -odd_y // /col colpos_held -!cats1 map_cat count_cat /= addn0.
rewrite Emaj (odd_count_base _ (nth false g c)) odd_y // oddb size_col.
by rewrite leq0n andbT -addbA [odd m && _]andbC addbb addbF.
Qed.

Lemma from_base_run c T' s y g : shape s y g ->
  (forall r s', size s' = N -> sigma s' = turn r y -> wins_from N K T' c s') ->
  wins_from N K T'.+1 (from_base c) s.
Proof.
move=> sh cont; have [ok uniq_h in_h] := held_ok; have [sz_s _ _ _] := sh.
apply: node_wins => // [p | r _].
  apply/allP=> i; rewrite mem_filter mem_iota add0n => /andP[_ /andP[_ lt_i]].
  change (i \in held); rewrite mem_iota /=; apply: leq_trans lt_i _; apply: leq_pmull.
  by rewrite -ltnS prednK // (leq_trans _ m_gt3).
apply: cont; first by rewrite size_turn size_turn_over.
by rewrite sigma_turn ?size_turn_over // (sigma_from_base sh).
Qed.

(* F: turn over block 0, which turns sigma all over. *)
Definition flip_block c := node N K (iota 0 d) (fun _ => iota 0 d) (fun _ => c).

Lemma flip_block_run c T' s : size s = N ->
  (forall r s', size s' = N -> sigma s' = turn r (map negb (sigma s)) -> wins_from N K T' c s') ->
  wins_from N K T'.+1 (flip_block c) s.
Proof.
move=> sz_s cont; have in_d : all (fun i => i < d) (iota 0 d).
  by apply/allP=> i; rewrite mem_iota.
have le_dh : d <= m.-1 * d by apply: leq_pmull; rewrite -ltnS prednK // (leq_trans _ m_gt3).
apply: node_wins.
- by rewrite size_iota (leq_trans le_dh le_hK) le_KN.
- exact: iota_uniq.
- by apply/allP=> i; rewrite mem_iota => /andP[_ lt_i]; apply: leq_trans lt_i le_dN.
- by move=> _; apply/allP=> i /=; exact: id.
move=> r _; apply: cont; first by rewrite size_turn size_turn_over.
by rewrite sigma_turn ?size_turn_over // sigma_turn_over // turn_over_all ?size_sigma.
Qed.

(* --- The check run R D U F R D U F ------------------------------------------------------- *)

Variables (T : nat) (S : strategy).
Hypothesis S_wins : tree_wins d k T S.

Definition check c :=
  to_base (then_ (blocks T S) (from_base (flip_block
    (to_base (then_ (blocks T S) (from_base (flip_block c))))))).

Lemma check_budget T' : T + T + 6 + T' = (T + (T + T'.+2).+3).+1.
Proof. by rewrite !addnS !addSn !addn0 addnA. Qed.

Lemma check_run c T' s : size s = N ->
  (forall s', size s' = N -> (exists r, sigma s' = turn r (sigma s)) -> wins_from N K T' c s') ->
  wins_from N K (T + T + 6 + T') (check c) s.
Proof.
move=> sz_s cont; rewrite check_budget.
apply: to_base_run => // r1 s1 g1 sh1; apply: blocks_run sh1 _ => r2 s2 g2 sh2.
apply: from_base_run sh2 _ => r3 s3 sz3 E3; apply: flip_block_run sz3 _ => r4 s4 sz4 E4.
apply: to_base_run sz4 _ => r5 s5 g5 sh5; apply: blocks_run sh5 _ => r6 s6 g6 sh6.
apply: from_base_run sh6 _ => r7 s7 sz7 E7; apply: flip_block_run sz7 _ => r8 s8 sz8 E8.
apply: cont => //; exists (r8 + (r7 + (r6 + (r5 + (r4 + (r3 + (r2 + r1))))))).
by rewrite E8 E7 E4 E3 !turn_map (mapK negbK) -!turnD !addnA.
Qed.

Lemma heads_all y : size y = d -> all negb y -> y = heads d.
Proof.
move=> sz_y /(all_nthP false) up; apply: (@eq_from_nth _ false); rewrite ?size_nseq // => i lt_i.
by rewrite nth_heads; apply/negbTE/up.
Qed.

(* Sigma all up: R makes the glasses periodic, and D wins. *)
Lemma up_wins c T' s : size s = N -> all negb (sigma s) ->
  wins_from N K (T + T').+1 (to_base (then_ (blocks T S) c)) s.
Proof.
move=> sz_s up; apply: to_base_run => // r s' g sh; have [_ sz_y sz_g _] := sh.
rewrite (heads_all sz_y) ?all_turn // in sh.
by apply: then_wins; apply: blocks_wins sh _; apply: S_wins.
Qed.

Lemma check_wins c T' s : size s = N -> same_way (sigma s) ->
  wins_from N K (T + T + 6 + T') (check c) s.
Proof.
move=> sz_s /orP[down | up]; rewrite check_budget; last exact: up_wins.
apply: to_base_run => // r1 s1 g1 sh1; apply: blocks_run sh1 _ => r2 s2 g2 sh2.
apply: from_base_run sh2 _ => r3 s3 sz3 E3; apply: flip_block_run sz3 _ => r4 s4 sz4 E4.
apply: up_wins => //; rewrite E4 E3 all_turn all_map !all_turn.
by apply/allP=> b /(allP down) /= ->.
Qed.

(* --- Q, and the strategy for N glasses ------------------------------------------------------ *)

(* Q reads sigma on S's grab h: the parity of each column of h, from the hands on all its rows. *)
Definition col_read h p := [seq odd (count id [seq look (rows h) p x | x <- colpos i]) | i <- h].

Lemma col_read_feel h s : valid_grab d k h -> size s = N ->
  col_read h (feel (rows h) s) = feel h (sigma s).
Proof.
case/and3P=> _ _ in_h sz_s; apply/eq_in_map => i i_h; have lt_i := allP in_h i i_h.
rewrite /= nth_sigma //; congr (odd (count id _)); apply/eq_in_map => x.
by rewrite mem_colpos // => /andP[lt_x /eqP Ex]; apply: look_feel; rewrite mem_rows // Ex.
Qed.

(* C, Q, C, Q, ..., C: S's tree with T' turns left. *)
Definition columns := composed N K d k rows col_read id check.

(* The strategy for m d glasses wins within (T + 1) (2 T + 7) turns. *)
Theorem columns_tree_wins : tree_wins N K (T.+1 * (T + T + 6).+1) (columns T S).
Proof.
apply: (@composed_wins N K d k T (T + T + 6) S d_gt0 S_wins sigma).
- by move=> s _; exact: size_sigma.
- exact: sigma_turn.
- exact: rows_ok.
- exact: col_read_feel.
- by move=> h w _ w_h; apply/allP=> i /(allP w_h); exact: row0.
- move=> h w s valid_h w_h; apply: sigma_turn_over.
  by case/and3P: valid_h => _ _ /allP in_h; apply/allP=> i /(allP w_h) /in_h.
- exact: check_run.
exact: check_wins.
Qed.

End Play.

End Columns.

(* A prime factor m >= 5 of N peeled off (m = 4 too): a strategy for d glasses with k hands gives
   one for m d glasses with K hands, K >= (m - 1) d and K >= m k. *)
Theorem columns_wins m d k K T : 3 < m -> 0 < d -> m.-1 * d <= K -> m * k <= K -> K <= m * d ->
  wins_within d k T -> exists T', wins_within (m * d) K T'.
Proof.
move=> m_gt3 d_gt0 le_hK le_kK le_KN [S S_wins]; have m_gt0 : 0 < m by apply: leq_trans m_gt3.
by exists (T.+1 * (T + T + 6).+1), (columns m d k K T S T S); apply: columns_tree_wins.
Qed.
