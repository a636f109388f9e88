(* What a claim says, in words any game's rules can fill in: a strategy is a list of moves and
   the rules say which lists win (`wins`). The claim kinds of coinproofs (docs/design.md,
   "Claim ids") are stated with these two definitions, so that the statement of a claim
   such as devil.n4.shortest reads `shortest (wins 4) 15`. Part of what a reader must trust. *)
From mathcomp Require Import ssreflect ssrfun ssrbool eqtype ssrnat seq.

Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.

(* Some winning strategy has L moves, and none has fewer. *)
Definition shortest (A : Type) (wins : seq A -> Prop) (L : nat) : Prop :=
  (exists2 ms, wins ms & size ms = L) /\ forall ms, wins ms -> L <= size ms.

(* No strategy of any length wins. *)
Definition impossible (A : Type) (wins : seq A -> Prop) : Prop := forall ms, ~ wins ms.

(* How a game of moves ends (the penny game, No repeats): under normal play the player who
   cannot move loses, under misère play she wins. *)
Inductive play := normal | misere.
