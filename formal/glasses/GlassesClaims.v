(* The three kinds of glasses claims, each from one boolean check of its evidence, as the
   generated proofs use them (coinproofs/coq/glasses.py):
     glasses.n<N>.k<K>.shortest   shortest_turns N K T   strategy + survival layers for T - 1
     glasses.n<N>.k<K>.wins       wins_within N K T      strategy
     glasses.n<N>.k<K>.impossible no_strategy N K        invariant
   Fewer than one turn never wins with two glasses or more (no_win0), so a shortest claim of
   one turn needs no layers, as in the kernel. *)
From mathcomp Require Import ssreflect ssrfun ssrbool eqtype ssrnat.
From Coq Require Import NArith FMapPositive.
From CoinProofs Require Import RulesGlasses GlassesPlay GlassesStrategy GlassesSurvival
  GlassesInvariant.

Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.

(* No strategy wins within fewer than T turns. *)
Definition lower_ok N K T (M : survival_layers) :=
  match T with 0 => true | 1 => 1 < N | T'.+1 => survival_ok N K T' M end.

Definition no_layers : survival_layers := PositiveMap.empty nat.

Definition shortest_check N K T dag M := strategy_ok N K T dag && lower_ok N K T M.

Lemma shortest_checked (N K T : nat) dag M : shortest_check N K T dag M -> shortest_turns N K T.
Proof.
case/andP=> win lower; split; first exact: strategy_wins win.
move=> T' lt_T'; case: T lt_T' lower {win} => [//|[|T]] lt_T' lower.
  by rewrite ltnS leqn0 in lt_T'; rewrite (eqP lt_T') => -[t]; apply: no_win0.
by apply: survival_none lower _ _; rewrite -ltnS.
Qed.

Lemma wins_checked (N K T : nat) dag : strategy_ok N K T dag -> wins_within N K T.
Proof. exact: strategy_wins. Qed.

Lemma impossible_checked (N K : nat) I : invariant_ok N K I -> no_strategy N K.
Proof. exact: invariant_sound. Qed.
