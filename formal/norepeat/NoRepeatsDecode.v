(* Reading a strategy DAG (format NRDAG1, docs/certificates.md) as the checker of
   NoRepeatsDag.v takes it, and a strategy walk (NRWALK1, expanded) as NoRepeatsWalk.v's does. A certificate's .v file lists the file's nodes as numbers (binary
   N, as the file has them): for each node its seen set, its current pattern and its records
   (the winner's reply, the automorphism, the child). Nothing here is trusted: whatever the
   decoder makes of the numbers, dag_ok checks it. A number out of the format decodes to one
   the checker rejects (a node's pattern 2^n, a child past the last node, a malformed answer). *)
From Coq Require Import BinNat.
From mathcomp Require Import ssreflect ssrfun ssrbool eqtype ssrnat seq.
From CoinProofs Require Import NoRepeatsDag NoRepeatsWalk.

Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.

(* The numbers of a certificate's nodes are read in N_scope: whoever imports this file gets
   N's numerals there (BinNat's, which Require alone does not bring). *)
Number Notation N N.of_num_uint N.to_num_uint : N_scope.

Definition raw_record := (N * N * N)%type.
Definition raw_node := (N * N * seq raw_record)%type.

Local Open Scope N_scope.

Definition no_reply := 255.        (* the winner is stuck *)
Definition no_child := 4294967295. (* the loser is stuck *)

(* x, or bound when x is not below it (so that no huge unary number is ever built). *)
Definition capped (bound : nat) (x : N) : nat :=
  if x <? N.of_nat bound then N.to_nat x else bound.

Definition bits n (s : N) : seq bool :=
  mkseq (fun x => N.testbit s (N.of_nat x)) (2 ^ n)%nat.

Definition answer_of n nodes (record : raw_record) : answer :=
  let: (z, a, j) := record in
  let coins := 2 ^ N.of_nat n in
  if z =? no_reply then
    if (a =? 0) && (j =? no_child) then winner_stuck else malformed
  else if j =? no_child then
    if a =? 0 then loser_stuck (capped n z) else malformed
  else goto (capped n z) (capped n`! (a / coins)) (N.to_nat (a mod coins)) (capped nodes j).

Definition node_of n nodes (raw : raw_node) : node :=
  let: (s, v, records) := raw in
  DagNode (bits n s) (if s <? 2 ^ 2 ^ N.of_nat n then capped (2 ^ n)%nat v else (2 ^ n)%nat)
       [seq answer_of n nodes record | record <- records].

Definition decode n (raw : seq raw_node) : seq node := [seq node_of n (size raw) x | x <- raw].

(* A strategy walk, expanded by coinproofs/coq/norepeat.py (which walks the NRWALK1 file as
   the kernel does, with its default replies and normal forms) into nodes in NRDAG1's numbers,
   with one more kind of record: (z, 1, no_child), the winner turns coin z and leaves a leaf. *)
Definition step_of n nodes (record : raw_record) : step :=
  let: (z, a, j) := record in
  if (j =? no_child) && (a =? 1) && (z <? no_reply) then leaf (capped n z)
  else played (answer_of n nodes record).

Definition walk_node_of n nodes (raw : raw_node) : walk_node :=
  let: (s, v, records) := raw in
  let c := node_of n nodes (s, v, [::]) in
  WalkNode (seen c) (current c) [seq step_of n nodes record | record <- records].

Definition decode_walk n (raw : seq raw_node) : seq walk_node :=
  [seq walk_node_of n (size raw) x | x <- raw].
