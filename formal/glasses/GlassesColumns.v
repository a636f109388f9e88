(* A prime factor m >= 5 of glasses_hands_suffice (GlassesSuffice.v's outline, step 3, for
   m > 3; docs/glasses.md, "Open: glasses_hands_suffice beyond N = 2^a p"): a strategy S for
   d glasses with k hands, winning within T turns, gives one for N = m d glasses with K hands,
   K >= (m - 1) d and K >= m k.

   Column c < d is the glasses c, c + d, ..., c + (m-1) d (rows 0 to m - 1); sigma, the parity
   of each column (the exclusive or of the m blocks of d glasses), is a state of d glasses that
   turns with the tray ([sigma_turn]).
   - R (one turn): hold rows 0..m-2 of every column; turn over each held glass that differs
     from the parity g_c of the column's held glasses. Each column is then its base g_c on rows
     0..m-2 and g_c (+) sigma_c on row m-1 ([shape] s sigma g: a glass differs from the base in
     exactly the columns where sigma is down).
   - D (T turns): S on all m blocks at once (m k hands, a glass felt at row 0 of S's grab,
     whole columns turned over, [blocks]): from a d-periodic state (sigma all up) it wins
     ([blocks_wins]); from any state it keeps the shape, turned ([blocks_run]).
   - U (one turn): hold rows 0..m-2 again; the majority of the m - 1 >= 4 held glasses of a
     column is its base; turn over a held glass of each column whose base is down when m is
     odd. Now sigma is the old sigma, turned.
   - F (one turn): turn over block 0, which turns sigma all over.
   The check run C = R D U F R D U F wins if sigma stands all one way and otherwise gives sigma
   back turned. The strategy: C, Q, C, Q, ..., C (T + 1 check runs, and between them the turns
   of Q, S played on sigma: a hand on glass i of sigma is the m hands of column i, turning it
   over is turning over glass i). [composed] is that strategy for any check run with these two
   properties (D F D F of GlassesDouble.v is one, for m = 2). *)
From mathcomp Require Import all_ssreflect.
From CoinProofs Require Import Rules Coins RulesGlasses GlassesPlay GlassesShift GlassesDouble.

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

Section Blocks.

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

End Blocks.

End Columns.
