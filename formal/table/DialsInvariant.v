(* Devil invariants for dials (Invariant.v's, for the q-state dials of Dials.v): a nonempty
   set I of states of n dials mod q, none all zeros, such that from every state of I, whatever
   the move, some turn of the devil keeps the game in I. Then no strategy wins. *)
From mathcomp Require Import ssreflect ssrfun ssrbool eqtype ssrnat seq.
From CoinProofs Require Import Dials.

Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.

Implicit Types (x m : dials) (ms : seq dials) (n q : nat).

Definition dial_invariant q n (I : pred dials) :=
  [/\ exists x, I x,
      forall x, I x -> dstate q n x /\ x != zeros n &
      forall x m, I x -> dstate q n m -> exists t, I (add q (dturn t x) m)].

(* From a state of I the devil has turns that keep every game of ms away from all zeros. *)
Lemma dial_invariant_escape q n I ms x : dial_invariant q n I -> all (dstate q n) ms -> I x ->
  exists2 rs, size rs = size ms & zeros n \notin dgame q x rs ms.
Proof.
case=> _ inI stay; elim: ms x => [|m ms IH] x /=.
  by move=> _ Ix; exists [::]; rewrite // inE eq_sym; case: (inI x Ix).
case/andP=> m_ok ms_ok Ix; have [t It] := stay x m Ix m_ok.
have [rs sz_rs notin] := IH _ ms_ok It; exists (t :: rs); rewrite /= ?sz_rs //.
by rewrite inE negb_or notin andbT eq_sym; case: (inI x Ix).
Qed.

Theorem dial_invariant_not_wins q n I ms : dial_invariant q n I -> ~ dial_wins q n ms.
Proof.
move=> inv [ms_ok wins_ms]; case: (inv) => [[x Ix] inI _].
have [rs sz_rs notin] := dial_invariant_escape inv ms_ok Ix.
by move: notin; rewrite wins_ms //; case: (inI x Ix).
Qed.
