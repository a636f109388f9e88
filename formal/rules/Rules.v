(* The devil's coin flip: the rules, as coinproofs' kernel (coinproofs/verify/table.py) states
   them. These few definitions are what a reader must trust; every other file proves things
   about them. *)
From mathcomp Require Import ssreflect ssrfun ssrbool eqtype ssrnat seq.

Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.

(* A state of N coins: the coins at positions 0..N-1 in order, true = tails (the kernel's
   bit 1). A move is a list of the same size: true = flip the coin at that position. *)
Notation coins := (seq bool).

(* All heads, the goal: the kernel's state 0. *)
Definition heads n : coins := nseq n false.

(* Flip the coins named by the move m: coin by coin, s XOR m. *)
Definition flip (s m : coins) : coins := [seq c.1 (+) c.2 | c <- zip s m].

(* The devil turns the table by r: r times, every coin moves one position on (rotr 1: the coin
   at position i goes to i + 1, the last one to 0), so the coin at position i ends at
   (i + r) mod N, as in the kernel (Lemma nth_turn in Coins.v). *)
Definition turn r (s : coins) : coins := iter r (rotr 1) s.

(* The states of one game, in order: the start s, then, for each move m of ms, the state
   flip (turn r s) m, where r is the devil's next turn in rs. The game is over once all coins
   show heads; the states listed after that do not matter, because [wins] only asks whether
   all heads occurs. *)
Fixpoint game (s : coins) (rs : seq nat) (ms : seq coins) : seq coins :=
  s :: if (rs, ms) is (r :: rs', m :: ms') then game (flip (turn r s) m) rs' ms' else [::].

(* The strategy ms (a list of moves) wins for N coins: every move names positions among N
   coins, and from every start of N coins, whatever the devil's turns (one before each move),
   all heads occurs in the game, after 0, 1, ..., or size ms moves. *)
Definition wins N (ms : seq coins) : Prop :=
  all (fun m => size m == N) ms /\
  forall s rs, size s = N -> size rs = size ms -> heads N \in game s rs ms.
