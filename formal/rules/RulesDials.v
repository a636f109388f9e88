(* Dials on a rotating table, the member of RulesTable.v's family that the dial theorems speak
   of (docs/design.md): N dials 0..q-1, a move adds a vector mod q (RulesTable.v's add), the
   devil turns the table before each move, the goal is every dial at 0. With q = 2 these are
   the coins of Rules.v. TableInstances.v proves that dial_wins is table_wins on the table of
   the rotations with the goal zero (dial_wins_table). Part of what a reader must trust. *)
From mathcomp Require Import ssreflect ssrfun ssrbool eqtype ssrnat seq.
From CoinProofs Require Import RulesTable.

Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.

(* The devil turns the table by r: the dial at position i goes to (i + r) mod N. *)
Definition dturn r (s : dials) : dials := iter r (rotr 1) s.

(* The states of one game: the start s, then for each move m the state after the devil's next
   turn r and m. The game is over once all dials show 0; dial_wins only asks whether that
   occurs. *)
Fixpoint dgame q (s : dials) (rs : seq nat) (ms : seq dials) : seq dials :=
  s :: if (rs, ms) is (r :: rs', m :: ms') then dgame q (add q (dturn r s) m) rs' ms' else [::].

(* The strategy ms wins for N dials mod q: every move is one of N dials mod q, and from every
   start, whatever the devil's turns (one before each move), all zeros occurs. *)
Definition dial_wins q N (ms : seq dials) : Prop :=
  all (dstate q N) ms /\
  forall s rs, dstate q N s -> size rs = size ms -> zeros N \in dgame q s rs ms.
