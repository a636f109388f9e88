(* What the kernel's evidence about the coin flip speaks of (coinproofs/verify/table.py,
   coinproofs/verify/devil.py): sets of states of Rules.v's coins, as the kernel's simulation,
   its reachability layers and its devil invariants compute them. The theorems behind that
   evidence (theorems.BEHIND) are stated with these definitions; Beliefs.v, Reachability.v and
   Invariant.v prove them. Part of what a reader must trust. *)
From mathcomp Require Import ssreflect ssrfun ssrbool eqtype ssrnat seq.
From CoinProofs Require Import Rules.

Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.

(* V holds states of n coins, never all heads, and every turn of each (the kernel's sets of
   unfinished states are unions of rotation orbits). *)
Definition orbits n (V : coins -> Prop) :=
  [/\ forall x, V x -> size x = n, forall x, V x -> x <> heads n &
      forall r x, V x -> V (turn r x)].

(* The unfinished states after the move m from V: the states y of n coins but all heads that
   are in V XOR m' for a turn m' of m (y XOR m' in V). *)
Definition after n (V : coins -> Prop) (m y : coins) :=
  [/\ size y = n, y <> heads n & exists r, V (flip y (turn r m))].

(* Before the first move every state of n coins but all heads is unfinished. *)
Definition start n (y : coins) := size y = n /\ y <> heads n.

(* The unfinished states after the moves ms, one move after another. *)
Definition unfinished n (ms : seq coins) := foldl (after n) (start n) ms.

(* The kernel's update of a belief B (a set of states) by the move m: all heads stays; every
   other state x of B goes to every turn of (x turned, then flipped by m). *)
Definition update n (B : coins -> Prop) (m y : coins) :=
  y = heads n /\ B (heads n) \/
  exists x r r', [/\ B x, x <> heads n & y = turn r' (flip (turn r x) m)].

(* A devil invariant: a nonempty set I of states of n coins, none all heads, such that from
   every state of I, whatever the move, some turn of the devil keeps the game in I. *)
Definition invariant n (I : coins -> Prop) :=
  [/\ exists x, I x,
      forall x, I x -> size x = n /\ x <> heads n &
      forall x m, I x -> size m = n -> exists r, I (flip (turn r x) m)].
