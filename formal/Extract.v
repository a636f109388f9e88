(* The strategy checker winsb (Beliefs.v), proved to decide wins (Theorem winsP), extracted to
   OCaml: `make checker` builds formal/checker/checker from the extracted code and
   formal/checker/main.ml, which reads a strategy in the kernel's notation. Only Coq's
   standard mapping of bool, lists and pairs to OCaml's (ExtrOcamlBasic) is added; numbers
   stay Coq's unary nat. *)
From CoinProofs Require Import Beliefs.
Require Extraction ExtrOcamlBasic.

Extraction Language OCaml.
Set Warnings "-extraction-opaque-accessed,-extraction-reserved-identifier".
Extraction "checker/checker.ml" winsb.
