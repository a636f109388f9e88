(* Devil invariants (Lemma 1 of docs/lemmas.md): a nonempty set I of states of n coins, none
   all heads, such that from every state of I, whatever the move, some turn of the devil keeps
   the game in I. The kernel checks exactly these three properties ([check: "exhaustive"] in
   coinproofs/verify/devil_invariant.py); then no strategy wins. *)
From mathcomp Require Import ssreflect ssrfun ssrbool eqtype ssrnat seq.
From CoinProofs Require Import Rules Coins Play.
From CoinProofs Require Export RulesBeliefs.

Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.

Implicit Types (x m : coins) (ms : seq coins) (n r : nat).

(* invariant is RulesBeliefs.v's. *)

Lemma invariant_not_winning n I ms x : invariant n I -> moves n ms -> I x -> ~ winning x ms.
Proof.
case=> _ inI stay; elim: ms x => [|m ms IH] x sized Ix [heads_x | win_next] //;
  try by case: (inI x Ix) => sz_x; rewrite -sz_x.
case/andP: sized => /eqP sz_m sized; case: (stay x m Ix sz_m) => r Inext.
exact: IH sized Inext (win_next r).
Qed.

Theorem invariant_not_wins n I ms : invariant n I -> ~ wins n ms.
Proof.
move=> inv /winsE[sized wins_ms]; case: (inv) => [[x Ix] inI _].
have [sz_x _] := inI x Ix.
exact: invariant_not_winning inv sized Ix (wins_ms x sz_x).
Qed.
