(* No repeats (Enigma 1404; DESIGN.md game 3): the rules, as coinproofs' kernel
   (coinproofs/verify/norepeat.py) states them; what a reader must trust. A row of n coins
   starts all heads; the players (first Amber, then Ben) take turns to turn over one coin, and
   the pattern made must not have occurred before in the game. Normal play: the player who
   cannot move loses. Misère play: that player wins. *)
From mathcomp Require Import all_ssreflect.

Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.

(* A pattern of coins is a number: its bit i is 1 when coin i shows tails (the kernel's
   convention); all heads is 0. Turning coin i over flips bit i: the kernel's
   pattern ^ (1 << coin). *)
Definition turn (x i : nat) : nat := Nat.lxor x (2 ^ i).

(* A position: the patterns seen so far in the game (the current one among them), and the
   current pattern. The game starts with all heads seen and showing. *)
Definition position := (seq nat * nat)%type.
Definition start : position := ([:: 0], 0).

(* The moves of the player to move, with n coins: turn one of them over, to a pattern not seen
   yet; it becomes the current pattern, and is seen. *)
Definition moves n (p : position) : seq position :=
  [seq (y :: p.1, y) | y <- [seq turn p.2 i | i <- iota 0 n] & y \notin p.1].

Inductive rule := normal | misere.

(* Who wins with best play, from the rules alone. A position is won (for the player to move)
   if she cannot move under misère play, or some move leads to a position lost for the other
   player; it is lost if she cannot move under normal play, or can and every move leads to a
   position won for the other player. Every game ends (each move makes a pattern seen), so
   every position is one or the other (NoRepeatsPlay.v: won_or_lost, not_won_lost). *)
Inductive won (r : rule) (n : nat) : position -> Prop :=
  | won_stuck p : r = misere -> moves n p = [::] -> won r n p
  | won_move p q : q \in moves n p -> lost r n q -> won r n p
with lost (r : rule) (n : nat) : position -> Prop :=
  | lost_all p : (moves n p = [::] -> r = normal) ->
                 (forall q, q \in moves n p -> won r n q) -> lost r n p.

(* The claims: the first player (Amber) wins, or the second (Ben), with n coins under rule r. *)
Definition first_wins n r := won r n start.
Definition second_wins n r := lost r n start.
