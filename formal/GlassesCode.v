(* The evidence of a glasses certificate as the generated proofs write it: a string of digits
   (coinproofs/coq/glasses.py writes it), read here into the checkers' structures. Nothing
   here needs trust: the checkers decide whatever these functions make of the string. A long
   list of numbers is slow for Coq to read (about 10 microseconds a bit as numerals), a string
   fast (a character is one byte constant), so numbers are written in base 32, one character
   a digit, least significant first: the character of code 48 + d + 32 c carries the digit d,
   and c = 1 when more digits follow. Characters below code 48 (line breaks) are skipped. *)
From mathcomp Require Import all_ssreflect.
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
Fixpoint table_of A k (l : seq A) (default : A) : table A :=
  if k is k'.+1 then Fork (table_of k' (take (2 ^ k') l) default)
                          (table_of k' (drop (2 ^ k') l) default)
  else Leaf (head default l).

(* An answer: the glasses turned over (bit j: the j-th grabbed), and 1 + the next turn (0: none). *)
Definition answer_of K (hands : seq nat) (a : N) : seq nat * option nat :=
  let turned := N.to_nat (a mod 2 ^ N.of_nat K) in
  let next := N.to_nat (a / 2 ^ N.of_nat K) in
  ([seq nth 0 hands j | j <- iota 0 K & odd (turned %/ 2 ^ j)],
   if next is j.+1 then Some j else None).

(* Strategy evidence: the number of turns, then for each turn its K positions, its belief,
   its turns left and its 2^K answers. *)
Fixpoint nodes_of K count (l : seq N) : seq node :=
  if count is c.+1 then
    let hands := map N.to_nat (take K l) in
    let l := drop K l in
    let answers := [seq answer_of K hands a | a <- take (2 ^ K) (drop 2 l)] in
    Node hands (table_of K answers ([::], None)) (head 0%N l) (N.to_nat (head 0%N (behead l)))
      :: nodes_of K c (drop (2 ^ K) (drop 2 l))
  else [::].

Definition strategy_code K (c : code) :=
  let l := numbers c in nodes_of K (N.to_nat (head 0%N l)) (behead l).

(* Survival evidence: pairs of a belief and its layer. *)
Fixpoint layers_of (l : seq N) (M : layers) : layers :=
  if l is B :: d :: l' then
    layers_of l' (if B is Npos p then PositiveMap.add p (N.to_nat d) M else M)
  else M.

Definition survival_code (c : code) := layers_of (numbers c) (PositiveMap.empty nat).
