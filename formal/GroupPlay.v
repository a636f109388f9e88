(* Playing a table of the family (RulesTable.v) as a game tree: [twinning T s ms] says that
   from s the moves ms reach the goal whatever words the devil plays, one word at a time.
   Lemma table_winsE shows that this is [table_wins]; the proofs of sufficiency reason with
   it. *)
From mathcomp Require Import all_ssreflect.
From CoinProofs Require Import RulesTable GroupStates.

Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.

Implicit Types (T : table) (s m x y : dials) (ms : seq dials) (w : seq (seq nat)).

(* A word of the devil: generators of his group, applied first to last. *)
Definition word T w := all (mem (generators T)) w.

(* One step: the devil's word w, then the move m. *)
Definition step T s w m := add (states T) (rearrange w s) m.

(* The goal now, or else a next move after which, for every word, the rest still wins. *)
Fixpoint twinning T s ms : Prop :=
  reached (goal_of T) s \/
  if ms is m :: ms' then forall w, word T w -> twinning T (step T s w m) ms' else False.

Lemma twinning_reached T s ms : reached (goal_of T) s -> twinning T s ms.
Proof. by case: ms; left. Qed.

(* One start: the goal occurs in every game from s iff s is winning. *)
Lemma twinning_play T s ms :
  (forall ws, size ws = size ms -> all (word T) ws -> has (reached (goal_of T)) (play T s ws ms))
  <-> twinning T s ms.
Proof.
split.
  elim: ms s => [|m ms IH] s wins_s.
    by left; have := wins_s [::] erefl isT; rewrite /= orbF.
  have [goal_s | not_goal] := boolP (reached (goal_of T) s); first by left.
  right=> w word_w; apply: IH => ws sz_ws words.
  have := wins_s (w :: ws); rewrite /= sz_ws word_w (negbTE not_goal); exact.
elim: ms s => [|m ms IH] s winning [|w ws] //= sz_ws.
  by case: winning => [-> | //].
case/andP=> word_w words; case: winning => [-> // | win_next].
by rewrite (IH _ (win_next w word_w)) ?orbT //; case: sz_ws.
Qed.

(* [table_wins] is [twinning] from every start. *)
Lemma table_winsE T ms : table_wins T ms <->
  all (dstate (states T) (positions T)) ms /\
  forall s, dstate (states T) (positions T) s -> twinning T s ms.
Proof.
split=> [[sized wins_ms] | [sized winning]]; split=> // s ok.
  by apply: (twinning_play T s ms).1 => ws; apply: wins_ms.
by move=> ws; apply: (twinning_play T s ms).2; apply: winning.
Qed.

(* A game that is won is won whatever is played after it. *)
Lemma twinning_catl T s ms1 ms2 : twinning T s ms1 -> twinning T s (ms1 ++ ms2).
Proof.
elim: ms1 s => [|m ms1 IH] s [goal_s | win_next] //; try exact: twinning_reached.
by right=> w word_w; apply/IH/win_next.
Qed.

(* The states the moves ms can lead s to, whatever the devil plays on the way. *)
Fixpoint treach T s ms y : Prop :=
  if ms is m :: ms' then exists2 w, word T w & treach T (step T s w m) ms' y else y = s.

(* To win with ms1 ++ ms2 it is enough that ms2 wins from wherever ms1 leads. *)
Lemma twinning_cat T s ms1 ms2 :
  (forall y, treach T s ms1 y -> twinning T y ms2) -> twinning T s (ms1 ++ ms2).
Proof.
elim: ms1 s => [|m ms1 IH] s win_after /=; first exact: win_after.
by right=> w word_w; apply: IH => y reach_y; apply: win_after; exists w.
Qed.
