(* The algebra of flips and turns: flipping is XOR coin by coin, turning is a rotation, and
   turning a flipped state is flipping the turned state by the turned move. *)
From mathcomp Require Import ssreflect ssrfun ssrbool eqtype ssrnat seq choice path div.
From CoinProofs Require Import Rules.

Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.

Implicit Types (s m x y : coins) (n r : nat).

(* --- All heads --------------------------------------------------------------------------- *)

Lemma size_heads n : size (heads n) = n. Proof. exact: size_nseq. Qed.

Lemma heads_cat n1 n2 : heads (n1 + n2) = heads n1 ++ heads n2.
Proof. exact: nseqD. Qed.

Lemma nth_heads n i : nth false (heads n) i = false.
Proof. by rewrite nth_nseq if_same. Qed.

(* --- Flips ------------------------------------------------------------------------------- *)

Lemma flip_cons a b s m : flip (a :: s) (b :: m) = (a (+) b) :: flip s m.
Proof. by []. Qed.

Lemma flip0s m : flip [::] m = [::]. Proof. by case: m. Qed.

Lemma flips0 s : flip s [::] = [::]. Proof. by case: s. Qed.

Lemma size_flip s m : size (flip s m) = minn (size s) (size m).
Proof. by rewrite size_map size_zip. Qed.

Lemma size_flipl s m : size s = size m -> size (flip s m) = size s.
Proof. by move=> eq_sz; rewrite size_flip eq_sz minnn. Qed.

Lemma nth_flip s m i :
  size s = size m -> nth false (flip s m) i = nth false s i (+) nth false m i.
Proof.
move=> eq_sz; have [lt_i_s | ge_i_s] := ltnP i (size s).
  by rewrite (nth_map (false, false)) ?nth_zip // size_zip -eq_sz minnn.
by rewrite !nth_default ?size_flipl // -eq_sz.
Qed.

(* Two states of one size are equal when every coin is. *)
Lemma eq_coins s1 s2 :
  size s1 = size s2 -> (forall i, i < size s1 -> nth false s1 i = nth false s2 i) -> s1 = s2.
Proof. exact: eq_from_nth. Qed.

Lemma flipC s m : flip s m = flip m s.
Proof. by elim: s m => [|a s IH] [|b m] //; rewrite !flip_cons addbC IH. Qed.

Lemma flipA s m x : flip s (flip m x) = flip (flip s m) x.
Proof. by elim: s m x => [|a s IH] [|b m] [|c x] //; rewrite !flip_cons addbA IH. Qed.

Lemma flipACA s m x y : flip (flip s m) (flip x y) = flip (flip s x) (flip m y).
Proof.
elim: s m x y => [|a s IH] [|b m] [|c x] [|d y]; rewrite ?flip_cons ?flips0 ?flip0s //.
by rewrite addbACA IH.
Qed.

Lemma flip_heads s n : size s <= n -> flip s (heads n) = s.
Proof. by elim: s n => [|a s IH] [|n] //= lt_s_n; rewrite flip_cons addbF IH. Qed.

Lemma heads_flip s n : size s <= n -> flip (heads n) s = s.
Proof. by move=> le_s_n; rewrite flipC flip_heads. Qed.

Lemma flip_self s : flip s s = heads (size s).
Proof. by elim: s => //= a s IH; rewrite flip_cons IH addbb. Qed.

Lemma flipK m s : size s <= size m -> flip (flip s m) m = s.
Proof. by move=> le_s_m; rewrite -flipA flip_self flip_heads. Qed.

Lemma flip_eq_heads s m : size s = size m -> flip s m = heads (size s) -> s = m.
Proof.
move=> eq_sz flip_sm; have <- : flip (flip s m) m = s by rewrite flipK ?eq_sz.
by rewrite flip_sm heads_flip ?eq_sz.
Qed.

Lemma flip_cat s1 s2 m1 m2 :
  size s1 = size m1 -> flip (s1 ++ s2) (m1 ++ m2) = flip s1 m1 ++ flip s2 m2.
Proof. by move=> eq_sz; rewrite /flip zip_cat // map_cat. Qed.

Lemma flip_rcons s m a b :
  size s = size m -> flip (rcons s a) (rcons m b) = rcons (flip s m) (a (+) b).
Proof. by move=> eq_sz; rewrite /flip zip_rcons // map_rcons. Qed.

(* --- Turns ------------------------------------------------------------------------------- *)

Lemma size_turn r s : size (turn r s) = size s.
Proof. by elim: r => //= r IH; rewrite size_rotr. Qed.

Lemma turn0 s : turn 0 s = s. Proof. by []. Qed.

Lemma turnD r1 r2 s : turn (r1 + r2) s = turn r1 (turn r2 s).
Proof. exact: iterD. Qed.

Lemma turnSr r s : turn r.+1 s = turn r (rotr 1 s).
Proof. exact: iterSr. Qed.

(* Turning by the size of the last part brings it to the front. *)
Lemma turn_size_cat s1 s2 : turn (size s2) (s1 ++ s2) = s2 ++ s1.
Proof.
elim/last_ind: s2 s1 => [|s2 a IH] s1; first by rewrite cats0.
by rewrite size_rcons turnSr -rcons_cat rotr1_rcons -cat_cons IH cat_rcons.
Qed.

(* Up to a whole turn, turning by r is MathComp's rotr r. *)
Lemma turnE r s : r <= size s -> turn r s = rotr r s.
Proof.
move=> le_r_s; have sz_drop : size (drop (size s - r) s) = r by rewrite size_drop subKn.
rewrite -[s in turn _ s](cat_take_drop (size s - r)) -[X in turn X _]sz_drop.
by rewrite turn_size_cat.
Qed.

Lemma turn_size s : turn (size s) s = s.
Proof. by rewrite -[s in turn _ s]cat0s turn_size_cat cats0. Qed.

Lemma turn_mul q s : turn (q * size s) s = s.
Proof. by elim: q => // q IH; rewrite mulSn turnD IH turn_size. Qed.

(* Turning by r is turning by r mod N: the devil has exactly N turns. *)
Lemma turn_mod r s : turn r s = turn (r %% size s) s.
Proof. by rewrite {1}(divn_eq r (size s)) addnC turnD turn_mul. Qed.

(* Every turn can be undone by a turn. *)
Lemma turnK r s : r <= size s -> turn (size s - r) (turn r s) = s.
Proof. by move=> le_r_s; rewrite -turnD subnK // turn_size. Qed.

Lemma turn_nil r : turn r [::] = [::].
Proof. exact: iter_fix. Qed.

(* One turn undoes turning by r on every state of n coins. *)
Lemma turn_back n r :
  {r' | forall s, size s = n -> turn r' (turn r s) = s /\ turn r (turn r' s) = s}.
Proof.
exists (n - r %% n) => s sz_s.
have back : turn (n - r %% n) (turn r s) = s.
  have [n0 | n_gt0] := posnP n.
    by move: sz_s; rewrite n0 => /size0nil ->; rewrite !turn_nil.
  rewrite [turn r s]turn_mod sz_s -turnD subnK; last by rewrite ltnW // ltn_pmod.
  by rewrite -{1}sz_s turn_size.
by split=> //; rewrite -turnD addnC turnD.
Qed.

Lemma turn_inj r s1 s2 : turn r s1 = turn r s2 -> s1 = s2.
Proof. by elim: r s1 s2 => // r IH s1 s2; rewrite !turnSr => /IH /rotr_inj. Qed.

Lemma nth_rotr1 s i : i < size s -> nth false (rotr 1 s) (i.+1 %% size s) = nth false s i.
Proof.
case/lastP: s => [|s a] //; rewrite size_rcons rotr1_rcons ltnS nth_rcons.
rewrite leq_eqVlt => /predU1P[-> | lt_i_s]; first by rewrite modnn ltnn eqxx.
by rewrite modn_small ?ltnS // lt_i_s.
Qed.

(* The convention of the kernel: the coin at position i goes to position (i + r) mod N. *)
Lemma nth_turn r s i :
  i < size s -> nth false (turn r s) ((i + r) %% size s) = nth false s i.
Proof.
move=> lt_i_s; elim: r => [|r IH]; first by rewrite addn0 modn_small.
rewrite addnS -[(i + r).+1]addn1 -modnDml addn1 /= -(size_turn r) nth_rotr1 size_turn ?IH //.
by rewrite ltn_pmod // (leq_ltn_trans _ lt_i_s).
Qed.

Lemma turn_heads r n : turn r (heads n) = heads n.
Proof.
have heads_rcons k : rcons (heads k) false = heads k.+1 by elim: k => //= k ->.
by apply: iter_fix; case: n => // n; rewrite -{1}heads_rcons rotr1_rcons.
Qed.

Lemma turn_eq_heads r s : turn r s = heads (size s) -> s = heads (size s).
Proof. by move=> turned; apply: (@turn_inj r); rewrite turned turn_heads. Qed.

Lemma turn_neq_heads r s n : size s = n -> s <> heads n -> turn r s <> heads n.
Proof.
move=> sz_s not_heads turned; apply: not_heads; rewrite -sz_s.
by apply: (@turn_eq_heads r); rewrite turned sz_s.
Qed.

(* Turning commutes with flipping: turn r (s XOR m) = turn r s XOR turn r m. *)
Lemma rotr1_flip s m : size s = size m -> rotr 1 (flip s m) = flip (rotr 1 s) (rotr 1 m).
Proof.
case/lastP: s => [|s a]; case/lastP: m => [|m b] //; rewrite ?size_rcons //= => -[eq_sz].
by rewrite flip_rcons // !rotr1_rcons.
Qed.

Lemma turn_flip r s m : size s = size m -> turn r (flip s m) = flip (turn r s) (turn r m).
Proof.
move=> eq_sz; elim: r => //= r IH.
by rewrite IH rotr1_flip // !size_turn.
Qed.
