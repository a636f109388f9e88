(* Gardner's glasses with hands (docs/design.md; the kernel's coinproofs/verify/glasses.py):
   the rules, what a reader must trust. N glasses stand on a round tray at positions 0..N-1,
   each up or down. One turn: the blindfolded player grabs K different positions (in its own
   frame), feels how the glasses there stand, and turns over some of the grabbed glasses,
   chosen from what it felt; then the devil turns the tray by any rotation. The player wins the
   moment all glasses stand the same way, the start included. The devil picks the start and
   every rotation, knowing the strategy. (A rotation before the first turn would change
   nothing: the start is any state anyway.) *)
From mathcomp Require Import ssreflect ssrfun ssrbool eqtype ssrnat seq.
From CoinProofs Require Import Rules.

Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.

(* The glasses at positions 0..N-1 in order, true = down (the kernel's bit 1). The devil turns
   the tray with Rules.v's [turn]: [turn r s] moves the glass at position i to (i + r) mod N. *)
Notation glasses := (seq bool) (only parsing).

(* All up or all down: the game is won. *)
Definition same_way (s : glasses) : bool := all id s || all negb s.

(* What the hands at positions h feel: the glasses there, in the order named. *)
Definition feel (h : seq nat) (s : glasses) : seq bool := [seq nth false s p | p <- h].

(* The glasses after turning over those at the positions listed in t. *)
Definition turn_over (t : seq nat) (s : glasses) : glasses :=
  [seq nth false s i (+) (i \in t) | i <- iota 0 (size s)].

(* A strategy is a tree (the kernel's JSON: feel / if / turn / then). [Stop] plays no more
   turns. [Feel h what next] grabs the positions h; having felt the pattern p there, it turns
   over the positions [what p], and after the devil's rotation it goes on with [next p]. *)
Inductive strategy :=
  | Stop
  | Feel of seq nat & (seq bool -> seq nat) & (seq bool -> strategy).

(* With N glasses and K hands, the strategy t, from the glasses s, makes all glasses stand the
   same way within T turns whatever the devil does: they already do; or a turn is left, t grabs
   K different positions among 0..N-1, turns over only glasses it holds, and from the glasses
   after that turn, turned by any r < N, what follows does it within T - 1 turns. *)
Fixpoint wins_from N K T (t : strategy) (s : glasses) : Prop :=
  same_way s \/
  match T, t with
  | T'.+1, Feel h what next =>
      let p := feel h s in
      [/\ size h = K, uniq h, all (fun i => i < N) h, all (fun i => i \in h) (what p) &
          forall r, r < N -> wins_from N K T' (next p) (turn r (turn_over (what p) s))]
  | _, _ => False
  end.

(* The strategy t wins within T turns: from every start of N glasses. *)
Definition tree_wins N K T t := forall s, size s = N -> wins_from N K T t s.

(* Some strategy wins within T turns (the claim glasses.n<N>.k<K>.wins). *)
Definition wins_within N K T := exists t, tree_wins N K T t.

(* T turns win and fewer do not (glasses.n<N>.k<K>.shortest). *)
Definition shortest_turns N K T :=
  wins_within N K T /\ forall T', T' < T -> ~ wins_within N K T'.

(* No strategy wins, within any number of turns (glasses.n<N>.k<K>.impossible). *)
Definition no_strategy N K := forall T, ~ wins_within N K T.
