(* What a count claim says about a table of RulesTable.v (coinproofs/verify/table.py,
   shortest_counts; docs/family.md, "Counts of shortest strategies"). A move turns each of the
   N dials by 0..q-1: a tuple of N numbers below q. Of the strategies of L moves exactly S
   win; and U sequences of orbits of moves hold a winning strategy, the orbit of a move being
   the moves the devil's words turn it into (two strategies are the same up to the group when
   the devil's group turns each move of one into the same move of the other). S and U are
   binary numbers: they may have hundreds of digits. Part of what a reader must trust. *)
From mathcomp Require Import ssreflect ssrfun ssrbool eqtype ssrnat seq choice path div.
From mathcomp Require Import fintype tuple finfun bigop prime finset.
From Coq Require Export BinNat.
From CoinProofs Require Import RulesTable.

Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.

Notation table_move T := ((positions T).-tuple 'I_(states T)).

Definition dials_of T (m : table_move T) : dials := [seq val d | d <- m].

(* A word of the devil turns the move m into m'. *)
Definition same_orbit T (m m' : table_move T) :=
  exists2 w, all (mem (generators T)) w & rearrange w (dials_of m) = dials_of m'.

Definition counts T L (S U : N) :=
  exists (wins : pred (L.-tuple (table_move T))) (orbit : table_move T -> {set table_move T}),
  [/\ forall t, wins t <-> table_wins T [seq dials_of m | m <- t],
      forall m m', m' \in orbit m <-> same_orbit m m',
      #|wins| = S & #|[set map_tuple orbit t | t in wins]| = U].

Arguments counts T L S%num U%num.
