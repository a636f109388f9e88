(* More on playing a table of the family (TablePlay.v's game tree [table_wins_from]): a game
   that is won stays won whatever follows, and a strategy wins if its tail wins from wherever
   its head leads. The proofs of sufficiency (GroupChain.v) reason with these. *)
From mathcomp Require Import ssreflect ssrfun ssrbool eqtype ssrnat seq.
From CoinProofs Require Import Dials TablePlay GroupStates.

Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.

Implicit Types (T : table) (s m x y : dials) (ms : seq dials) (w : seq (seq nat)).

(* A game that is won is won whatever is played after it. *)
Lemma wins_from_catl T s ms1 ms2 : table_wins_from T s ms1 -> table_wins_from T s (ms1 ++ ms2).
Proof.
elim: ms1 s => [|m ms1 IH] s [goal_s | win_next] //; try exact: wins_from_goal.
by right=> w word_w; apply/IH/win_next.
Qed.

(* The states the moves ms can lead s to, whatever the devil plays on the way. *)
Fixpoint treach T s ms y : Prop :=
  if ms is m :: ms' then exists2 w, word T w & treach T (next T s w m) ms' y else y = s.

(* To win with ms1 ++ ms2 it is enough that ms2 wins from wherever ms1 leads. *)
Lemma wins_from_cat T s ms1 ms2 :
  (forall y, treach T s ms1 y -> table_wins_from T y ms2) -> table_wins_from T s (ms1 ++ ms2).
Proof.
elim: ms1 s => [|m ms1 IH] s win_after /=; first exact: win_after.
by right=> w word_w; apply: IH => y reach_y; apply: win_after; exists w.
Qed.
