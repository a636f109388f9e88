(* A claim `shortest (table_wins T) L` about any group, for the Coq road (coinproofs/coq):
   a strategy of L = bound T moves that TableClaims.v's checker accepts (wins_from_check, by
   vm_compute) is shortest, since no strategy has fewer moves (table_wins_size_lb). *)
From mathcomp Require Import ssreflect ssrfun ssrbool eqtype ssrnat.
From CoinProofs Require Import Claims Dials TablePlay GroupLowerBound TableClaims.

Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.

Definition strategy_check T L moves := (bound T == L) && wins_from_check T L moves.

Theorem strategy_shortest T L moves : strategy_check T L moves -> shortest (table_wins T) L.
Proof.
case/andP=> /eqP <- /wins_from_check_sound won; split=> // ms; exact: table_wins_size_lb.
Qed.
