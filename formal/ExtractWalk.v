(* The strategy walk checker over words, wordsb (NoRepeatsWords.v, proved sound: Theorems
   words_second_wins, words_first_wins), extracted to OCaml: `make checker` builds
   formal/checker/walkcheck from the extracted code, walkmain.ml and walkread.c (the reader, not
   trusted). Beyond ExtrOcamlBasic (bool, lists, pairs as OCaml's), Coq's nat is OCaml's int
   (ExtrOcamlNatInt) and these functions on it are OCaml's operators; each computes what Coq's
   does on numbers below 2^62, and every number the checker builds for at most 6 coins is below
   2^32 (a node's number is below 2^27). *)
From mathcomp Require Import ssreflect ssrfun ssrbool eqtype ssrnat.
From CoinProofs Require Import NoRepeatsWords.
From Coq Require PeanoNat.
Require Extraction ExtrOcamlBasic ExtrOcamlNatInt.

Extraction Language OCaml.
(* Coq.Init.Nat's functions, and their names in PeanoNat (other constants to extraction). *)
Extract Inlined Constant Init.Nat.testbit => "(fun a b -> (a lsr b) land 1 = 1)".
Extract Inlined Constant Init.Nat.lor => "(lor)".
Extract Inlined Constant Init.Nat.lxor => "(lxor)".
Extract Inlined Constant Init.Nat.shiftl => "(lsl)".
Extract Inlined Constant PeanoNat.Nat.testbit => "(fun a b -> (a lsr b) land 1 = 1)".
Extract Inlined Constant PeanoNat.Nat.lor => "(lor)".
Extract Inlined Constant PeanoNat.Nat.lxor => "(lxor)".
Extract Inlined Constant PeanoNat.Nat.shiftl => "(lsl)".
Extract Inlined Constant fst => "fst".
Extract Inlined Constant snd => "snd".
(* On int, not OCaml's polymorphic comparison (the extracted types do not always say int). *)
Extract Inlined Constant eqn => "(fun (m : int) (n : int) -> m = n)".
Extract Inlined Constant leq => "(fun (m : int) (n : int) -> m <= n)".
Extract Inlined Constant Init.Nat.sub => "(fun (m : int) (n : int) -> if m > n then m - n else 0)".
Extract Constant expn => "fun b e -> if b = 2 && e < 62 then 1 lsl e else failwith ""expn: only powers of 2 below 2^62""".
Set Warnings "-extraction-opaque-accessed,-extraction-reserved-identifier".
Extraction "checker/walkchecker.ml" wordsb.
