(* The penny game (Wythoff's game) and Fraenkel's a-Wythoff games, in normal and misère play,
   as coinproofs' kernel (coinproofs/verify/penny.py) states them: what a reader must trust.
   The losing positions are defined by play; Wythoff's and Fraenkel's formulas are only named
   here, for the claims to state that they agree (PennyMex.v and PennyGold.v prove it). *)
From mathcomp Require Import ssreflect ssrfun ssrbool eqtype ssrnat seq choice path div.
From mathcomp Require Import fintype tuple finfun bigop.
From CoinProofs Require Import Claims.

Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.

(* Two piles of pennies, (x, y). *)
Notation position := (nat * nat)%type.

(* A move from p to q takes k >= 1 pennies from one pile, or k >= 1 from one pile and l >= 1
   from the other with |k - l| < a: for a = 1, k from both (Wythoff's game). *)
Definition move a (p q : position) : bool :=
  let k := p.1 - q.1 in let l := p.2 - q.2 in
  [|| (q.1 == p.1) && (q.2 < p.2), (q.1 < p.1) && (q.2 == p.2)
    | [&& q.1 < p.1, q.2 < p.2, k - l < a & l - k < a]].

Definition wythoff := 1.

(* In normal play (Claims.v's play) whoever takes the last penny wins; in misère play whoever
   takes it loses. The player to move at p wins (against best play) if some move reaches a
   position where the opponent loses, or if p is (0, 0) in misère play (the opponent took the
   last penny); loses if every move reaches a position where the opponent wins, unless p is
   (0, 0) in misère play. In normal play (0, 0) has no move, so it is losing. Each move takes a
   penny, so every position is one or the other (PennyPlay.v, winning_or_losing). *)
Inductive winning a (g : play) : position -> Prop :=
  | Win p q of move a p q & losing a g q : winning a g p
  | Won of g = misere : winning a g (0, 0)
with losing a (g : play) : position -> Prop :=
  | Lose p of (forall q, move a p q -> winning a g q) & ~ (g = misere /\ p = (0, 0)) :
      losing a g p.

(* The integer square root of n: the largest r with r * r <= n. *)
Definition isqrt n := \max_(r < n.+1 | r * r <= n) r.

(* floor(k phi), phi = (1 + sqrt 5) / 2: floor((k + t) / 2) = floor((k + floor t) / 2) for
   every real t, and floor(k sqrt 5) = isqrt (5 k^2). Wythoff's k-th pair is
   (floor(k phi), floor(k phi^2)) = (floor(k phi), floor(k phi) + k), or its mirror image. *)
Definition floor_phi k := (k + isqrt (5 * k ^ 2)) %/ 2.
Definition wythoff_pair k (p : position) :=
  (p == (floor_phi k, floor_phi k + k)) || (p == (floor_phi k + k, floor_phi k)).

(* Fraenkel's: floor(k alpha), alpha = (2 - a + sqrt(a^2 + 4)) / 2, the same way (the
   subtraction is exact: isqrt (k^2 (a^2 + 4)) >= a k); the pairs add a k, not k. *)
Definition floor_alpha a k := (2 * k + isqrt (k ^ 2 * (a ^ 2 + 4)) - a * k) %/ 2.
Definition alpha_pair a k (p : position) :=
  (p == (floor_alpha a k, floor_alpha a k + a * k)) ||
  (p == (floor_alpha a k + a * k, floor_alpha a k)).

(* The constraints of penny.unique: on the positions with both piles <= M, s holds exactly
   where no move of Wythoff's game reaches a position where s holds. *)
Definition solves M (s : position -> Prop) :=
  forall x y, x <= M -> y <= M -> (s (x, y) <-> forall q, move wythoff (x, y) q -> ~ s q).
