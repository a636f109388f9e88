(* The rotating-table family (docs/design.md; the kernel's coinproofs/verify/table.py):
   the rules, what a reader must trust. N positions 0..N-1 each hold a dial showing 0..q-1
   (q = 2: a coin, 1 = tails). Before each move the devil rearranges the table by any
   permutation of his group, given by generators; then the move turns each dial by its entry,
   mod q. The player wins as soon as the goal shows: every dial at 0, or all dials equal. The
   coin flip of Rules.v is the member with q = 2, the rotations and the goal zero. *)
From mathcomp Require Import ssreflect ssrfun ssrbool eqtype ssrnat seq choice path div.

Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.

(* A state (or a move) of N dials: the dials at positions 0..N-1 in order. *)
Notation dials := (seq nat).

Definition zeros n : dials := nseq n 0.

(* Dials 0..q-1, N of them. *)
Definition dstate q n (s : dials) := (size s == n) && all (fun d => d < q) s.

(* The move m turns the dials of s, each by its entry, mod q. *)
Definition add q (s m : dials) : dials := [seq (c.1 + c.2) %% q | c <- zip s m].

(* A permutation of the positions, as the list of images: the dial at position i moves to
   position nth 0 p i. So the dial now at position j is the one that was at index j p. *)
Definition permute (p : seq nat) (s : dials) : dials :=
  [seq nth 0 s (index j p) | j <- iota 0 (size s)].

Inductive goal := zero | equal.

Definition reached (g : goal) (s : dials) : bool :=
  if g is zero then all (pred1 0) s else all (pred1 (head 0 s)) s.

(* A table: N positions, q states a dial, the generators of the devil's group, the goal. *)
Record table := Table { positions : nat; states : nat; generators : seq (seq nat);
                        goal_of : goal }.

(* The devil applies the generators of w, first to last: as the group is finite, these
   products are exactly its elements. *)
Definition rearrange (w : seq (seq nat)) (s : dials) : dials := foldl (fun s p => permute p s) s w.

(* The states of one game: the start s, then for each move m the state reached by the devil's
   next word w and m. Once the goal shows the game is over; `table_wins` only asks whether the
   goal occurs. *)
Fixpoint table_play T (s : dials) (ws : seq (seq (seq nat))) (ms : seq dials) : seq dials :=
  s :: if (ws, ms) is (w :: ws', m :: ms')
       then table_play T (add (states T) (rearrange w s) m) ws' ms' else [::].

(* The strategy ms wins on T: every move is a move of N dials mod q, and from every start,
   whatever the devil's words of generators (one before each move), the goal occurs. *)
Definition table_wins T (ms : seq dials) : Prop :=
  all (dstate (states T) (positions T)) ms /\
  forall s ws, dstate (states T) (positions T) s -> size ws = size ms ->
    all (all (mem (generators T))) ws -> has (reached (goal_of T)) (table_play T s ws ms).

(* The length the theorems give: q^N - 1 (goal zero), q^(N-1) - 1 (goal equal). *)
Definition bound T :=
  (if goal_of T is zero then states T ^ positions T else states T ^ (positions T).-1) - 1.

(* The named groups of the kernel (coinproofs/verify/table.py, named_generators). *)
Definition rotation n := [seq i.+1 %% n | i <- iota 0 n].               (* i -> i + 1 *)
Definition reflection n := [seq (n - i) %% n | i <- iota 0 n].          (* i -> -i *)
Definition swap01 n := 1 :: 0 :: iota 2 (n - 2).                        (* 0 <-> 1 *)
Definition cycle01 n k := [seq if i == 0 then 1 else if i == 1 then k else
                                 if i == k then 0 else i | i <- iota 0 n]. (* (0 1 k) *)
Definition cyclic n := [:: rotation n].
Definition dihedral n := [:: rotation n; reflection n].
Definition symmetric n := if n < 2 then cyclic n else [:: rotation n; swap01 n].
Definition trivial : seq (seq nat) := [::].
Definition klein := [:: [:: 1; 0; 3; 2]; [:: 2; 3; 0; 1]].              (* i xor 1, i xor 2 *)
Definition alternating n := [seq cycle01 n k | k <- iota 2 (n - 2)].
