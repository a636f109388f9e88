(* One set of rules: the devil's coin flip of Rules.v and the dials of Dials.v are members of
   the rotating-table family of RulesTable.v, with the rotations and the goal zero (and q = 2
   for the coins, a coin showing tails being a dial at 1). A word of the one generator,
   rotation N, is a turn of the table by its length. *)
From mathcomp Require Import ssreflect ssrfun ssrbool eqtype ssrnat seq choice path div.
From CoinProofs Require Import Rules Coins Dials DialsPlay DialsFold TablePlay.

Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.

Implicit Types (s x m : dials) (ms : seq dials) (w : seq (seq nat)) (n q r : nat).

Definition rotating n q := Table n q (cyclic n) zero.

(* --- A word of rotations is a turn -------------------------------------------------------- *)

Lemma rotationE n : 0 < n -> rotation n = rcons (iota 1 n.-1) 0.
Proof.
case: n => // n _; rewrite /rotation.
have -> : iota 0 n.+1 = iota 0 n ++ [:: n] by rewrite -addn1 iotaD.
rewrite map_cat /= modnn -cats1.
congr (_ ++ _); rewrite -[in RHS](addn0 1) iotaDl; apply/eq_in_map => i.
by rewrite mem_iota /= add0n => lt_i; rewrite /= add1n modn_small // addn1 ltnS.
Qed.

Lemma index_iota1 i k : i < k -> index i.+1 (iota 1 k) = i.
Proof.
move=> lt_i; rewrite -[1]addn0 iotaDl index_map; last exact: addnI.
by rewrite -{1}[i]add0n -(nth_iota 0 0 lt_i) index_uniq ?size_iota ?iota_uniq.
Qed.

Lemma index_rotation n j : j < n -> index j (rotation n) = if j is j'.+1 then j' else n.-1.
Proof.
move=> lt_j; rewrite rotationE ?(leq_ltn_trans (leq0n j)) // -cats1 index_cat mem_iota.
case: j lt_j => [|j] lt_j /=; first by rewrite size_iota addn0.
have lt_j' : j < n.-1 by case: n lt_j.
by rewrite add1n ltnS lt_j' index_iota1.
Qed.

Lemma permute_rotation s : permute (rotation (size s)) s = rotr 1 s.
Proof.
apply: (@eq_from_nth _ 0) => [|j]; rewrite size_permute ?size_rotr // => lt_j.
rewrite nth_permute // index_rotation // nth_rotr ?(leq_ltn_trans _ lt_j) //.
by case: j lt_j => [|j] _; rewrite ?subn1 ?addn0 //= subn1.
Qed.

Lemma rearrange_turn s r : rearrange (nseq r (rotation (size s))) s = dturn r s.
Proof.
rewrite /dturn; elim: r s => //= r IH s; rewrite permute_rotation -{1}(size_rotr 1 s) IH.
by rewrite -iterSr.
Qed.

(* The only words of the cyclic group are turns. *)
Lemma cyclic_word n w : all (mem (cyclic n)) w -> w = nseq (size w) (rotation n).
Proof. by move=> w_ok; apply/all_pred1P; apply: (sub_all _ w_ok) => p; rewrite /= inE. Qed.

(* --- Rotating dials ------------------------------------------------------------------------ *)

Lemma reached_zeros n s : size s = n -> reached zero s = (s == zeros n).
Proof. by move=> <-; apply/all_pred1P/eqP. Qed.

Lemma size_dgame q s rs ms x : all (dstate q (size s)) ms -> x \in dgame q s rs ms ->
  size x = size s.
Proof.
elim: ms s rs => [|m ms IH] s [|r rs] //=; try by rewrite inE => _ /eqP ->.
case/andP=> /andP[/eqP sz_m _] ms_ok; rewrite inE => /predU1P[-> // | in_game].
have sz_next := size_dstep q r sz_m.
by rewrite -sz_next (IH (add q (dturn r s) m) rs) ?sz_next.
Qed.

Lemma table_play_rotating q s rs ms : all (dstate q (size s)) ms ->
  table_play (rotating (size s) q) s [seq nseq r (rotation (size s)) | r <- rs] ms =
  dgame q s rs ms.
Proof.
elim: ms s rs => [|m ms IH] s [|r rs] //= /andP[/andP[/eqP sz_m _] ms_ok].
rewrite rearrange_turn; congr (_ :: _).
have sz_next := size_dstep q r sz_m.
by rewrite -[in RHS]IH sz_next.
Qed.

(* Dials.v's dial_wins is the table of N dials mod q, the rotations, the goal zero. *)
Theorem dial_wins_table q N ms : dial_wins q N ms <-> table_wins (rotating N q) ms.
Proof.
rewrite /table_wins /=; split=> -[ms_ok win]; split=> // s.
  move=> ws s_ok sz_ws ws_ok; have /andP[/eqP sz_s _] := s_ok.
  have -> : ws = [seq nseq r (rotation N) | r <- map size ws].
    by rewrite -map_comp -[LHS]map_id; apply/eq_in_map => w /(allP ws_ok) /cyclic_word.
  rewrite -sz_s table_play_rotating ?sz_s //; apply/hasP; exists (zeros N).
    by apply: win; rewrite ?size_map ?sz_ws.
  by rewrite /= all_nseq orbT.
move=> rs s_ok sz_rs; have /andP[/eqP sz_s _] := s_ok.
have := win s [seq nseq r (rotation N) | r <- rs] s_ok; rewrite size_map sz_rs.
rewrite -sz_s table_play_rotating ?sz_s //; case/(_ erefl _)/hasP.
  apply/allP => _ /mapP[r _ ->]; apply/allP => p.
  by rewrite mem_nseq => /andP[_ /eqP ->]; apply: mem_head.
move=> x in_game; rewrite -sz_s in ms_ok.
by rewrite (reached_zeros (size_dgame ms_ok in_game)) -sz_s => /eqP <-.
Qed.

(* --- Coins ---------------------------------------------------------------------------------- *)

Definition dials_of_coins (s : coins) : dials := map nat_of_bool s.
Definition coins_of_dials (s : dials) : coins := map (eq_op 1) s.

Lemma dials_of_coinsK s : dstate 2 (size s) s -> dials_of_coins (coins_of_dials s) = s.
Proof.
case/andP=> _ /allP small; rewrite /dials_of_coins /coins_of_dials -map_comp -[RHS]map_id.
by apply/eq_in_map => d /small; case: d => [|[|]].
Qed.

Lemma dials_of_coins_inj : injective dials_of_coins.
Proof. by apply: inj_map => -[] []. Qed.

Lemma dstate_coins N (s : coins) : dstate 2 N (dials_of_coins s) = (size s == N).
Proof. by rewrite /dstate size_map; apply: andb_idr => _; apply/allP => _ /mapP[[] _ ->]. Qed.

Lemma dials_of_flip (s m : coins) : size s = size m ->
  dials_of_coins (flip s m) = add 2 (dials_of_coins s) (dials_of_coins m).
Proof.
elim: s m => [|a s IH] [|b m] //= [sz]; rewrite /flip /= in IH *.
by rewrite IH //; case: a; case: b.
Qed.

Lemma dials_of_turn r (s : coins) : dials_of_coins (turn r s) = dturn r (dials_of_coins s).
Proof. by elim: r => //= r IH; rewrite /dials_of_coins map_rotr -IH. Qed.

Lemma game_dials (s : coins) rs (ms : seq coins) : all (fun m : coins => size m == size s) ms ->
  dgame 2 (dials_of_coins s) rs (map dials_of_coins ms) = map dials_of_coins (game s rs ms).
Proof.
elim: ms s rs => [|m ms IH] s [|r rs] //= /andP[/eqP sz_m ms_ok].
rewrite -dials_of_turn -dials_of_flip ?size_turn // IH //.
by rewrite /flip size_map size_zip size_turn sz_m minnn.
Qed.

(* Rules.v's coin flip is the table of N coins (dials mod 2), the rotations, the goal zero. *)
Theorem wins_table N (ms : seq coins) :
  wins N ms <-> table_wins (rotating N 2) (map dials_of_coins ms).
Proof.
rewrite -dial_wins_table; split=> -[ms_ok win]; split.
- by rewrite all_map; apply: (sub_all _ ms_ok) => m; rewrite /= dstate_coins.
- move=> s rs s_ok sz_rs; have /andP[/eqP sz_s _] := s_ok.
  have sz_c : size (coins_of_dials s) = N by rewrite size_map.
  have s_ok' : dstate 2 (size s) s by rewrite sz_s.
  rewrite -(dials_of_coinsK s_ok') game_dials; last by rewrite sz_c.
  have <- : dials_of_coins (heads N) = zeros N by rewrite /dials_of_coins map_nseq.
  by rewrite mem_map ?win // ?sz_rs ?size_map //; apply: dials_of_coins_inj.
- by move: ms_ok; rewrite all_map; apply: sub_all => m; rewrite /= dstate_coins.
move=> s rs sz_s sz_rs; have := win (dials_of_coins s) rs.
rewrite dstate_coins sz_s eqxx size_map game_dials ?sz_s //; last first.
  by move: ms_ok; rewrite all_map; apply: sub_all => m; rewrite /= dstate_coins.
have <- : dials_of_coins (heads N) = zeros N by rewrite /dials_of_coins map_nseq.
by rewrite mem_map; [apply | apply: dials_of_coins_inj].
Qed.
