(* Playing on a table of RulesTable.v: the devil's words, the game tree of a strategy from one
   state ([table_wins_from], equivalent to [table_wins]: Lemma table_winsE), and the algebra of the
   devil's permutations: they keep the states and the goal, and commute with adding. A
   generator is a true permutation of the positions ([perm_of]) in every table the checkers
   accept; the named groups are (TableOrbits.v checks it). *)
From mathcomp Require Import ssreflect ssrfun ssrbool eqtype ssrnat seq choice path div.
From CoinProofs Require Import Dials.
From CoinProofs Require Export RulesGroup.

Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.

Implicit Types (T : table) (s x y m : dials) (ms : seq dials) (p : seq nat)
  (w : seq (seq nat)) (n q : nat).

(* A word of the devil: generators of T's group, applied first to last. *)
Definition word T w := all (mem (generators T)) w.

(* The state after the devil's word w and the move m. *)
Definition next T s w m := add (states T) (rearrange w s) m.

(* The goal shows now, or else there is a next move after which, whatever the devil's word,
   the rest of the moves still win. *)
Fixpoint table_wins_from T s ms : Prop :=
  reached (goal_of T) s \/
  if ms is m :: ms' then forall w, word T w -> table_wins_from T (next T s w m) ms' else False.

Lemma wins_from_play T s ms : table_wins_from T s ms <->
  forall ws, size ws = size ms -> all (word T) ws ->
    has (reached (goal_of T)) (table_play T s ws ms).
Proof.
elim: ms s => [|m ms IH] s /=.
  split=> [[goal | []] ws _ _ | win]; first by case: ws => [|w ws] /=; rewrite goal.
  by left; move: (win [::] erefl isT) => /=; rewrite orbF.
split=> [[goal | win] [|w ws] //= [sz_ws] /andP[w_ok ws_ok] | win].
- by rewrite goal.
- by apply/orP; right; apply: (proj1 (IH (next T s w m))); [apply: win | |].
have [goal | not_goal] := boolP (reached (goal_of T) s); [by left | right=> w w_ok].
apply/IH => ws sz_ws ws_ok; have /= := win (w :: ws); rewrite sz_ws w_ok ws_ok.
by rewrite (negPf not_goal) => /(_ erefl isT).
Qed.

Lemma table_winsE T ms : table_wins T ms <->
  all (dstate (states T) (positions T)) ms /\
  forall s, dstate (states T) (positions T) s -> table_wins_from T s ms.
Proof.
split=> -[ms_ok win]; split=> // s; first by move=> s_ok; apply/wins_from_play => ws; apply: win.
by move=> ws s_ok; move: ws; apply/wins_from_play/win.
Qed.

Lemma wins_from_goal T s ms : reached (goal_of T) s -> table_wins_from T s ms.
Proof. by case: ms; left. Qed.

(* --- Permutations ------------------------------------------------------------------------ *)

Lemma size_permute p s : size (permute p s) = size s.
Proof. by rewrite size_map size_iota. Qed.

Lemma size_rearrange w s : size (rearrange w s) = size s.
Proof. by elim: w s => //= p w IH s; rewrite IH size_permute. Qed.

Lemma rearrange_cat w1 w2 s : rearrange (w1 ++ w2) s = rearrange w2 (rearrange w1 s).
Proof. exact: foldl_cat. Qed.

Lemma word_cat T w1 w2 : word T (w1 ++ w2) = word T w1 && word T w2.
Proof. exact: all_cat. Qed.

Lemma nth_permute p s j : j < size s -> nth 0 (permute p s) j = nth 0 s (index j p).
Proof. by move=> lt_j; rewrite (nth_map 0) ?nth_iota ?size_iota. Qed.

Lemma index_perm_of n p j : perm_of n p -> j < n -> index j p < n.
Proof.
move=> perm_p lt_j; have sz_p : size p = n by rewrite (perm_size perm_p) size_iota.
by rewrite -[X in _ < X]sz_p index_mem (perm_mem perm_p) mem_iota.
Qed.

(* Permuting commutes with any map of the dials. *)
Lemma permute_map p (f : nat -> nat) s : perm_of (size s) p ->
  permute p (map f s) = map f (permute p s).
Proof.
move=> perm_p; apply: (@eq_from_nth _ 0); rewrite ?size_map ?size_iota // => j lt_j.
have lt_i := index_perm_of perm_p lt_j.
rewrite nth_permute ?size_map // (nth_map 0) // (nth_map 0) ?size_permute //.
by rewrite nth_permute.
Qed.

Lemma perm_of_word T w n : perms T -> word T w -> positions T = n -> all (perm_of n) w.
Proof.
by move=> /allP perm_gens w_ok <-; apply/allP => p /(allP w_ok) /perm_gens.
Qed.

Lemma rearrange_map w (f : nat -> nat) s : all (perm_of (size s)) w ->
  rearrange w (map f s) = map f (rearrange w s).
Proof.
elim: w s => //= p w IH s /andP[perm_p perm_w].
by rewrite permute_map // IH // size_permute.
Qed.

(* A word moves the dials as it moves the positions 0..n-1. *)
Lemma rearrange_positions w s : all (perm_of (size s)) w ->
  rearrange w s = map (nth 0 s) (rearrange w (iota 0 (size s))).
Proof.
by move=> perm_w; rewrite -rearrange_map ?size_iota // -/(mkseq _ _) mkseq_nth.
Qed.

Lemma nth_add_permute q p s m j : size m = size s -> perm_of (size s) p -> j < size s ->
  nth 0 (permute p (add q s m)) j = nth 0 (add q (permute p s) (permute p m)) j.
Proof.
move=> sz_m perm_p lt_j; have lt_i := index_perm_of perm_p lt_j.
rewrite nth_permute ?size_add // nth_add // nth_add ?size_permute ?sz_m //.
by rewrite !nth_permute ?sz_m.
Qed.

(* Permuting commutes with adding. *)
Lemma rearrange_add q w s m : size m = size s -> all (perm_of (size s)) w ->
  rearrange w (add q s m) = add q (rearrange w s) (rearrange w m).
Proof.
elim: w s m => //= p w IH s m sz_m /andP[perm_p perm_w].
have -> : permute p (add q s m) = add q (permute p s) (permute p m).
  apply: (@eq_from_nth _ 0) => [|j]; first by rewrite !size_permute !size_add ?size_permute.
  by rewrite size_permute size_add // => lt_j; apply: nth_add_permute.
by apply: IH; rewrite ?size_permute.
Qed.

(* A permutation of the positions is a permutation of the dials. *)
Lemma perm_permute p s : perm_of (size s) p -> perm_eq (permute p s) s.
Proof.
move=> perm_p; set n := size s; have sz_p : size p = n by rewrite (perm_size perm_p) size_iota.
have in_p i : i < n -> i \in p by move=> lt_i; rewrite (perm_mem perm_p) mem_iota.
have -> : permute p s = map (nth 0 s) [seq index j p | j <- iota 0 n] by rewrite -map_comp.
rewrite -{2}[s](mkseq_nth 0) /mkseq; apply: perm_map; apply: uniq_perm; rewrite ?iota_uniq //.
  rewrite map_inj_in_uniq ?iota_uniq // => i j; rewrite !mem_iota /= => lt_i lt_j eq_ij.
  by rewrite -(nth_index 0 (in_p i lt_i)) eq_ij nth_index ?in_p.
move=> i; rewrite mem_iota /=; apply/mapP/idP => [[j] | lt_i].
  by rewrite mem_iota /= => lt_j ->; apply: index_perm_of.
have uniq_p : uniq p by rewrite (perm_uniq perm_p) iota_uniq.
exists (nth 0 p i); last by rewrite index_uniq ?sz_p.
by rewrite -(perm_mem perm_p) mem_nth ?sz_p.
Qed.

Lemma perm_rearrange w s : all (perm_of (size s)) w -> perm_eq (rearrange w s) s.
Proof.
elim: w s => //= p w IH s /andP[perm_p perm_w].
by apply: perm_trans (IH _ _) (perm_permute perm_p); rewrite size_permute.
Qed.

Lemma dstate_rearrange q n w s : all (perm_of n) w -> dstate q n s -> dstate q n (rearrange w s).
Proof.
move=> perm_w /andP[/eqP sz_s small]; rewrite -sz_s in perm_w.
by rewrite /dstate size_rearrange sz_s eqxx (perm_all _ (perm_rearrange perm_w)).
Qed.

(* All dials equal: each equals every one. *)
Lemma all_equalE s : all (pred1 (head 0 s)) s = all (fun d => all (pred1 d) s) s.
Proof.
case: s => //= a s; apply/idP/idP => [/andP[_ same] | /andP[/andP[_ same] _] //].
rewrite eqxx same /=; apply/allP => d /(allP same) /eqP ->.
by rewrite eqxx same.
Qed.

(* So no permutation changes whether the goal shows. *)
Lemma reached_rearrange g w s : all (perm_of (size s)) w ->
  reached g (rearrange w s) = reached g s.
Proof.
move=> /perm_rearrange perm_ws; case: g; first exact: perm_all.
rewrite /= !all_equalE (perm_all _ perm_ws); apply: eq_all => d.
exact: perm_all.
Qed.

Lemma dstate_add q n s m : 0 < q -> dstate q n s -> dstate q n m -> dstate q n (add q s m).
Proof.
move=> q_gt0 /andP[/eqP sz_s _] /andP[/eqP sz_m _].
rewrite /dstate size_add ?sz_s ?sz_m // eqxx /=.
by apply/allP => _ /mapP[c _ ->]; rewrite ltn_pmod.
Qed.

Lemma dstate_next T s w m : 0 < states T -> perms T -> word T w ->
  dstate (states T) (positions T) s -> dstate (states T) (positions T) m ->
  dstate (states T) (positions T) (next T s w m).
Proof.
move=> q_gt0 gens_ok w_ok s_ok m_ok; apply: dstate_add => //.
exact: (dstate_rearrange (perm_of_word gens_ok w_ok erefl) s_ok).
Qed.

(* Winning from s wins from every state the devil makes of s. *)
Lemma wins_from_rearrange T s w ms : perms T -> word T w -> size s = positions T ->
  table_wins_from T s ms -> table_wins_from T (rearrange w s) ms.
Proof.
move=> gens_ok w_ok sz_s; have perm_w := perm_of_word gens_ok w_ok (esym sz_s).
case: ms => [|m ms] [goal | win] //; try by apply: wins_from_goal; rewrite reached_rearrange.
right=> w' w'_ok; rewrite /next -rearrange_cat; apply: win.
by rewrite word_cat w_ok.
Qed.
