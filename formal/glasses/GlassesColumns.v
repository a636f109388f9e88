(* The columns of N = m d glasses, the vocabulary of GlassesEndsDown.v's strategy W(N) built from
   a strategy for d glasses (m > 0, d > 0).

   Column c < d is the glasses c, c + d, ..., c + (m-1) d (rows 0 to m - 1; [colpos]); the
   devil's turn takes column c onto column c + r (mod d) ([count_col_turn]). sigma, the parity
   of each column (the exclusive or of the m blocks of d glasses), is a state of d glasses.
   [shape] s y g: the glasses s are the d-periodic state of base g but for one glass in each
   column where y is down; a turn of the tray keeps the shape, turned ([shape_turn]), and so
   does turning over whole columns ([shape_rows]), with the base turned over there. A grab h
   of the d-strategy is played on all m blocks at once by [rows] h (what it feels is read at
   row 0, [row_feel_rows]) or on sigma ([col_read_feel]), if the rules allow it ([valid_grab]),
   its answer cut to what it holds ([held_of]); [held], rows 0..m-2, is the grab of W(N)'s
   one-turn steps. *)
From mathcomp Require Import ssreflect ssrfun ssrbool eqtype ssrnat seq choice path div.
From CoinProofs Require Import Rules Coins RulesGlasses GlassesPlay GlassesShift.

Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.

(* --- A turn of the d-strategy ------------------------------------------------------------- *)

(* A grab of d glasses with k hands that the rules allow. *)
Definition valid_grab d k (h : seq nat) := [&& size h == k, uniq h & all (fun i => i < d) h].

(* The answer to it, cut to the glasses it holds (which a winning strategy answers anyway). *)
Definition held_of (h what : seq nat) := [seq i <- what | i \in h].

Lemma held_in d h what : all (fun i => i < d) h -> all (fun i => i < d) (held_of h what).
Proof. by move=> /allP in_h; apply/allP=> i; rewrite mem_filter => /andP[/in_h]. Qed.

Lemma held_ofE h what : all (mem h) what -> held_of h what =i what.
Proof.
move=> /allP sub i; rewrite mem_filter; apply/andP/idP => [[] // | i_in].
by split=> //; apply: sub.
Qed.

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

(* The positions of column c, rows 0..m-1; its rows 0..m-2, which [held] holds. *)
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

Lemma col_turn_over t s c : size s = N -> c < d ->
  col (turn_over t s) c = [seq nth false s x (+) (x \in t) | x <- colpos c].
Proof.
move=> sz_s lt_c; apply/eq_in_map => x; rewrite mem_colpos // => /andP[lt_x _].
by rewrite nth_turn_over ?sz_s.
Qed.

Lemma iota_last : iota 0 m = rcons (iota 0 m.-1) m.-1.
Proof. by rewrite -cats1 -{1}(prednK m_gt0) -addn1 iotaD add0n. Qed.

Lemma colpos_held c : colpos c = rcons (heldpos c) (c + m.-1 * d).
Proof. by rewrite /colpos iota_last map_rcons. Qed.

Lemma colpos_row0 c : colpos c = c :: [seq c + j * d | j <- iota 1 m.-1].
Proof. by rewrite /colpos -{1}(prednK m_gt0) /= mul0n addn0. Qed.

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

Lemma heads_all y : size y = d -> all negb y -> y = heads d.
Proof.
move=> sz_y /(all_nthP false) up; apply: (@eq_from_nth _ false); rewrite ?size_nseq // => i lt_i.
by rewrite nth_heads; apply/negbTE/up.
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

Lemma feel_up s g h : shape s (heads d) g -> all (fun i => i < d) h -> feel h s = feel h g.
Proof.
move=> sh /allP in_h; apply/eq_in_map => i /in_h lt_i.
by rewrite (shape_up sh) ?modn_small // (leq_trans lt_i le_dN).
Qed.

(* --- Rows: a grab of the d-strategy on all m blocks ----------------------------------------- *)

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

(* --- The grabs of rows ------------------------------------------------------------------- *)

Section Grabs.

Variables (k K : nat).
Hypotheses (le_kK : m * k <= K) (le_KN : K <= N).

Definition row_feel h p := [seq look (rows h) p i | i <- h].

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

(* sigma read on the d-strategy's grab h: the parity of each column of h, from the hands on all
   its rows. *)
Definition col_read h p := [seq odd (count id [seq look (rows h) p x | x <- colpos i]) | i <- h].

Lemma col_read_feel h s : valid_grab d k h -> size s = N ->
  col_read h (feel (rows h) s) = feel h (sigma s).
Proof.
case/and3P=> _ _ in_h sz_s; apply/eq_in_map => i i_h; have lt_i := allP in_h i i_h.
rewrite /= nth_sigma //; congr (odd (count id _)); apply/eq_in_map => x.
by rewrite mem_colpos // => /andP[lt_x /eqP Ex]; apply: look_feel; rewrite mem_rows // Ex.
Qed.

(* --- Rows 0..m-2 ---------------------------------------------------------------------------- *)

Hypothesis le_hK : m.-1 * d <= K.

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

End Grabs.

End Columns.

