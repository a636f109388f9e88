(* Counting the words that a deterministic step function takes to a final state. Letters are
   0..K-1, each with a weight; a word of L letters counts the product of its letters' weights,
   and [paths b L] sums them over the words that take b to a final state, letter by letter
   from the first. When the letters are the classes of a finite alphabet A, each weighing as
   many members as it has, [paths] counts the tuples of L members of A (card_paths); with
   weight 1 it counts the words themselves. *)
From mathcomp Require Import ssreflect ssrfun ssrbool eqtype ssrnat seq choice path div.
From mathcomp Require Import fintype tuple finfun bigop.

Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.

Section Paths.

Variables (B : Type) (K : nat) (step : B -> nat -> B) (final : B -> bool).
Variable weight : nat -> nat.

Fixpoint paths b L : nat :=
  if L is L'.+1 then \sum_(i < K) weight i * paths (step b i) L' else final b.

Definition run b (u : seq nat) := foldl step b u.

(* A tuple of n.+1 members is a first member and a tuple of n. *)
Lemma card_cons (A : finType) n (P : pred (n.+1.-tuple A)) :
  #|P| = \sum_(a : A) #|[pred t : n.-tuple A | P [tuple of a :: t]]|.
Proof.
rewrite -sum1_card (partition_big (fun t : n.+1.-tuple A => thead t) predT) //=.
apply: eq_bigr => a _; rewrite -sum1_card.
rewrite (reindex_onto (fun t : n.-tuple A => [tuple of a :: t]) (fun t => behead_tuple t)).
  apply: eq_bigl => t; have -> : behead_tuple [tuple of a :: t] = t by apply: val_inj.
  by rewrite theadE !eqxx !andbT.
move=> t /andP[_ /eqP <-]; apply/val_inj => /=.
by case: t => -[|x s] //=; rewrite /thead (tnth_nth x).
Qed.

(* Classes c a of the members a of A, each weighing its number of members. *)
Theorem card_paths (A : finType) (c : A -> 'I_K) :
  (forall i : 'I_K, weight i = #|[pred a | c a == i]|) ->
  forall L b, #|[pred t : L.-tuple A | final (run b [seq val (c a) | a <- t])]| = paths b L.
Proof.
move=> weights; elim=> [|L IH] b /=.
  rewrite (eq_card (B := fun _ => final b)) => [|t]; last by rewrite (tuple0 t).
  case: (final b); last exact: eq_card0.
  by rewrite (eq_card (B := predT)) // card_tuple expn0.
rewrite card_cons (partition_big c predT) //=; apply: eq_bigr => i _.
rewrite weights -sum1_card big_distrl /=; apply: eq_bigr => a /eqP <-.
by rewrite mul1n -IH.
Qed.

End Paths.
