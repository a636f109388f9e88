(* No repeats (Enigma 1404; docs/design.md): the rules, as coinproofs' kernel
   (coinproofs/verify/norepeat.py) states them; what a reader must trust. A row of n coins
   starts all heads; the players (first Amber, then Ben) take turns to turn over one coin, and
   the pattern made must not have occurred before in the game. Normal play: the player who
   cannot move loses. Misère play: that player wins (play, normal and misere: Claims.v). *)
From mathcomp Require Import ssreflect ssrfun ssrbool eqtype ssrnat seq.
From CoinProofs Require Import Claims.

Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.

(* A pattern of coins is a number: its bit i is 1 when coin i shows tails (the kernel's
   convention); all heads is 0. Turning coin i over flips bit i: the kernel's
   turn(pattern, coin), pattern ^ (1 << coin). *)
Definition turn_over (x i : nat) : nat := Nat.lxor x (2 ^ i).

(* A position: the patterns seen so far in the game (the current one among them), and the
   current pattern. The game opens with all heads seen and showing. *)
Definition position := (seq nat * nat)%type.
Definition opening : position := ([:: 0], 0).

(* The legal moves of the player to move, with n coins: turn one of them over, to a pattern
   not seen yet; it becomes the current pattern, and is seen. *)
Definition legal_moves n (p : position) : seq position :=
  [seq (y :: p.1, y) | y <- [seq turn_over p.2 i | i <- iota 0 n] & y \notin p.1].

(* Who wins with best play, from the rules alone. A position is won (for the player to move)
   if she cannot move under misère play, or some move leads to a position lost for the other
   player; it is lost if she cannot move under normal play, or can and every move leads to a
   position won for the other player. Every game ends (each move makes a pattern seen), so
   every position is one or the other (NoRepeatsPlay.v: won_or_lost, not_won_lost). *)
Inductive won (g : play) (n : nat) : position -> Prop :=
  | won_stuck p : g = misere -> legal_moves n p = [::] -> won g n p
  | won_move p q : q \in legal_moves n p -> lost g n q -> won g n p
with lost (g : play) (n : nat) : position -> Prop :=
  | lost_all p : (legal_moves n p = [::] -> g = normal) ->
                 (forall q, q \in legal_moves n p -> won g n q) -> lost g n p.

(* The claims: the first player (Amber) wins, or the second (Ben), with n coins under g. *)
Definition first_wins n g := won g n opening.
Definition second_wins n g := lost g n opening.
