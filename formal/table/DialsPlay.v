(* Playing dials as a game tree (Play.v's [winning], for the dials of Dials.v): [dwinning q s ms]
   says that from s the moves ms reach all zeros whatever the devil does, one turn at a time.
   Lemma dial_winsE shows that this is [dial_wins]; the proofs of sufficiency reason with it.
   First, facts about states: sizes, turns, and the one state of dials with one value. *)
From mathcomp Require Import ssreflect ssrfun ssrbool eqtype ssrnat seq choice path div.
From CoinProofs Require Import Dials.

Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.

Implicit Types (s m x y : dials) (ms : seq dials) (n q r : nat).

(* --- States: sizes, turns, one state ----------------------------------------------------- *)

Lemma size_dturn r s : size (dturn r s) = size s.
Proof. by elim: r => //= r <-; rewrite size_rotr. Qed.

Lemma dturnD r1 r2 s : dturn (r1 + r2) s = dturn r1 (dturn r2 s).
Proof. exact: iterD. Qed.

Lemma size_dstep q r s m : size m = size s -> size (add q (dturn r s) m) = size s.
Proof. by move=> eq_sz; rewrite size_add size_dturn. Qed.

Lemma size_dstate q n s : dstate q n s -> size s = n.
Proof. by case/andP=> /eqP. Qed.

Lemma dstate_dturn q n r s : dstate q n (dturn r s) = dstate q n s.
Proof.
rewrite /dstate size_dturn; congr (_ && _); apply: eq_all_r.
by elim: r => //= r IH x; rewrite mem_rotr IH.
Qed.

Lemma dstateP q n s : reflect (size s = n /\ forall d, d \in s -> d < q) (dstate q n s).
Proof. by apply: (iffP andP) => [[/eqP sz /allP] | [/eqP sz /allP]]. Qed.

Lemma dstate_step q n r x m : 0 < q -> dstate q n x -> dstate q n m ->
  dstate q n (add q (dturn r x) m).
Proof.
move=> q_gt0 /dstateP[sz_x _] /dstateP[sz_m _]; apply/dstateP; split.
  by rewrite size_add size_dturn ?sz_x.
by move=> _ /mapP[u _ ->]; rewrite ltn_pmod.
Qed.

(* One state: every state is all zeros. *)
Lemma dstate1_zeros n x : dstate 1 n x -> x = zeros n.
Proof.
case/dstateP=> sz_x small; apply: (@eq_from_nth _ 0); rewrite ?size_nseq // => i lt_i.
by rewrite nth_nseq -sz_x lt_i; apply/eqP; rewrite -leqn0 -ltnS small ?mem_nth.
Qed.

Lemma dturn_zeros r n : dturn r (zeros n) = zeros n.
Proof. by apply: dstate1_zeros; rewrite dstate_dturn /dstate size_nseq eqxx all_nseq orbT. Qed.

Lemma add_zeros_zeros q n : 0 < q -> add q (zeros n) (zeros n) = zeros n.
Proof.
move=> q_gt0; have /add_zeros : dstate q (size (zeros n)) (zeros n).
  by rewrite /dstate eqxx all_nseq q_gt0 orbT.
by rewrite size_nseq; apply.
Qed.

(* --- The game tree ----------------------------------------------------------------------- *)

(* All zeros now, or else a next move after which, for every turn, the rest still wins. *)
Fixpoint dwinning q s ms : Prop :=
  s = zeros (size s) \/ if ms is m :: ms' then forall r, dwinning q (add q (dturn r s) m) ms'
                       else False.

Lemma dwinning_zeros q s ms : s = zeros (size s) -> dwinning q s ms.
Proof. by case: ms; left. Qed.

(* One start: all zeros occurs in every game from s iff s is winning. *)
Lemma dwinning_game q n s ms : size s = n -> all (dstate q n) ms ->
  (forall rs, size rs = size ms -> zeros n \in dgame q s rs ms) -> dwinning q s ms.
Proof.
elim: ms s => [|m ms IH] s sz_s sized wins_s.
  by left; have := wins_s [::] erefl; rewrite inE sz_s => /eqP.
have [-> | not_zeros] := eqVneq s (zeros n); first by left; rewrite size_nseq.
case/andP: sized => /andP[/eqP sz_m _] sized; right=> r.
apply: IH => [|// | rs sz_rs]; first by rewrite size_dstep ?sz_m ?sz_s.
have := wins_s (r :: rs); rewrite /= sz_rs inE eq_sym (negbTE not_zeros).
exact.
Qed.

Lemma game_dwinning q n s rs ms : size s = n -> all (dstate q n) ms -> size rs = size ms ->
  dwinning q s ms -> zeros n \in dgame q s rs ms.
Proof.
elim: ms s rs => [|m ms IH] s rs sz_s sized sz_rs [zeros_s | win_next] //;
  try by case: rs {sz_rs} => [|r rs]; rewrite /= inE -sz_s -zeros_s eqxx.
case: rs sz_rs => [|r rs] //= [sz_rs]; case/andP: sized => /andP[/eqP sz_m _] sized.
have sz_next : size (add q (dturn r s) m) = n by rewrite size_dstep ?sz_m ?sz_s.
by rewrite inE (IH _ _ sz_next sized sz_rs (win_next r)) orbT.
Qed.

(* [dial_wins] is [dwinning] from every start. *)
Lemma dial_winsE q n ms :
  dial_wins q n ms <-> all (dstate q n) ms /\ forall s, dstate q n s -> dwinning q s ms.
Proof.
split=> [[sized wins_ms] | [sized winning_ms]]; split=> // s.
  move=> start; apply: (@dwinning_game q n) => // [|rs]; first exact: size_dstate start.
  by apply: wins_ms.
move=> rs start sz_rs; apply: (@game_dwinning q n) => //; last exact: winning_ms.
exact: size_dstate start.
Qed.

(* A game that is won is won whatever is played after it. *)
Lemma dwinning_catl q s ms1 ms2 : dwinning q s ms1 -> dwinning q s (ms1 ++ ms2).
Proof.
elim: ms1 s => [|m ms1 IH] s [zeros_s | win_next] //; try exact: dwinning_zeros.
by rewrite /=; right=> r; apply: IH; exact: win_next.
Qed.

(* The states the moves ms can lead s to, whatever happens on the way. *)
Fixpoint dreach q s ms y : Prop :=
  if ms is m :: ms' then exists r, dreach q (add q (dturn r s) m) ms' y else y = s.

(* To win with ms1 ++ ms2 it is enough that ms2 wins from wherever ms1 leads. *)
Lemma dwinning_cat q s ms1 ms2 :
  (forall y, dreach q s ms1 y -> dwinning q y ms2) -> dwinning q s (ms1 ++ ms2).
Proof.
elim: ms1 s => [|m ms1 IH] s win_after /=; first exact: win_after.
by right=> r; apply: IH => y reach_y; apply: win_after => /=; exists r.
Qed.
