(* The evidence of a glasses certificate as the generated proofs write it: a string of digits
   (coinproofs/coq/glasses.py writes it), read here into the checkers' structures. Nothing
   here needs trust: the checkers decide whatever these functions make of the string. A long
   list of numbers is slow for Coq to read (about 10 microseconds a bit as numerals), a string
   fast (a character is one byte constant), so numbers are written in base 32, one character
   a digit, least significant first: the character of code 48 + d + 32 c carries the digit d,
   and c = 1 when more digits follow. Characters less_glasses code 48 (line breaks) are skipped. *)
From mathcomp Require Import ssreflect ssrfun ssrbool eqtype ssrnat seq choice path div.
From Coq Require Import NArith FMapPositive.
From CoinProofs Require Import RulesGlasses GlassesPlay GlassesStrategy GlassesSurvival.

Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.

Inductive code := Code of list Byte.byte.

Definition code_of (l : list Byte.byte) := Code l.
Definition bytes_of (c : code) := let: Code l := c in l.

Declare Scope code_scope.
Delimit Scope code_scope with code.
String Notation code code_of bytes_of : code_scope.

(* Codes written one after the other: a long string overflows Coq's stack as it is read. *)
Definition codes (l : seq code) := Code (flatten [seq bytes_of c | c <- l]).

(* The numbers of a code. *)
Fixpoint numbers_from (l : list Byte.byte) (acc scale : N) : seq N :=
  if l is b :: l' then
    let v := Byte.to_nat b in
    if v < 48 then numbers_from l' acc scale else
    let d := (v - 48) %% 32 in
    let acc' := (acc + N.of_nat d * scale)%N in
    if v - 48 < 32 then acc' :: numbers_from l' 0 1 else numbers_from l' acc' (scale * 32)
  else [::].

Definition numbers (c : code) := numbers_from (bytes_of c) 0 1.

(* A table of 2^k entries listed in order, the first glass felt the most significant (U = 0,
   D = 1). *)
Fixpoint table_of A k (l : seq A) (default : A) : trie A :=
  if k is k'.+1 then Branch (table_of k' (take (2 ^ k') l) default)
                          (table_of k' (drop (2 ^ k') l) default)
  else Tip (head default l).

(* An answer: the positions turned over (bit i: position i), and 1 + the next turn (0: none). *)
Definition answer_of n (a : N) : seq nat * option nat :=
  let turned := N.to_nat (a mod 2 ^ N.of_nat n) in
  ([seq i <- iota 0 n | odd (turned %/ 2 ^ i)],
   if N.to_nat (a / 2 ^ N.of_nat n) is j.+1 then Some j else None).

(* Strategy evidence: the number of turns, then for each turn the number h of its positions,
   the positions, its belief, its turns left and its 2^h answers. *)
Fixpoint steps_of n count (l : seq N) : seq step :=
  if count is c.+1 then
    let h := N.to_nat (head 0%N l) in
    let hands := map N.to_nat (take h (behead l)) in
    let l := drop h (behead l) in
    let answers := [seq answer_of n a | a <- take (2 ^ h) (drop 2 l)] in
    Step hands (table_of h answers ([::], None)) (head 0%N l) (N.to_nat (head 0%N (behead l)))
      :: steps_of n c (drop (2 ^ h) (drop 2 l))
  else [::].

Definition strategy_code n (c : code) :=
  let l := numbers c in steps_of n (N.to_nat (head 0%N l)) (behead l).

(* Survival evidence: pairs of a belief and its layer. *)
Fixpoint layers_of (l : seq N) (M : survival_layers) : survival_layers :=
  if l is B :: d :: l' then
    layers_of l' (if B is Npos p then PositiveMap.add p (N.to_nat d) M else M)
  else M.

Definition survival_code (c : code) := layers_of (numbers c) (PositiveMap.empty nat).

(* Invariant evidence: one number, the set of orbits. *)
Definition invariant_code (c : code) := head 0%N (numbers c).
