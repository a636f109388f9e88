"""The second road: every claim as a Coq theorem.

For each certificate ``<id>.json``, ``coinproofs prove`` writes beside it a Coq file
``<module>.v`` (:func:`module_name`: the id with every character other than a letter or digit
turned into ``_``, since Coq's module names are identifiers). The file states the claim in the
terms of the game's rules files (``formal/rules/``, the text a reader
must trust) and proves it, by instantiating a general theorem or by running a boolean checker,
proved sound against the rules, on the certificate's evidence (``vm_compute``). It compiles with
``coqc -Q formal CoinProofs`` alone; ``coinproofs verify --coq`` compiles the files, checks with
Coq that each theorem ``claim`` has exactly the type :func:`statement` writes for its id, and
runs ``coqchk`` for the assumptions (there must be none).

Each game has a module here, ``coinproofs/coq/<game>.py``, with two functions:

``statement(claim) -> Statement``
    the claim (the ``claim`` object of a certificate: id, game, params, kind, value) as a Coq
    proposition, written from the params and the value alone, in the rules' terms;
``script(certificate, folder) -> Script``
    the evidence of the certificate (its artifacts are read from ``folder``) as Coq
    definitions, and the tactics that prove the statement; raises :class:`Unsupported` with a
    sentence when the claim has no Coq proof (docs/formal.md keeps the list).

The game modules may use the kernel's readers (``coinproofs.verify``) to read artifacts
within their bounds; what they write is checked by Coq, not trusted.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

# The MathComp files formal/ is written in, imported by name as MathComp's own files do, not
# through all_ssreflect: every coqc loads what a file imports, and all_ssreflect's `order` and
# `fingraph`, which no proof needs, cost each coqc 0.15 s of CPU (bench/bench_coq_start.py).
MATHCOMP = ("ssreflect", "ssrfun", "ssrbool", "eqtype", "ssrnat", "seq", "choice", "path", "div",
            "fintype", "tuple", "finfun", "bigop", "prime", "finset", "binomial")
MATHCOMP_IMPORT = f"From mathcomp Require Import {' '.join(MATHCOMP)}."
# A proof file `prove` writes imports MathComp's first six files only, whose notations its
# script and statement use: its game's files load the rest they need, and the others, which
# only `verify --coq`'s statements of every game need, cost each proof's coqc 0.05-0.1 s more
# (the statements are elaborated afresh there, under MATHCOMP_IMPORT, as the judge).
PROOF_MATHCOMP_IMPORT = f"From mathcomp Require Import {' '.join(MATHCOMP[:6])}."


class Unsupported(ValueError):
    """A claim that has no Coq proof (yet): the message says why, in one sentence."""


@dataclass(frozen=True)
class Statement:
    """A claim as a Coq proposition: the rules files it needs besides Claims.v (the text a
    reader must trust), and the proposition itself, e.g. ``shortest (wins 4) 15``."""

    requires: tuple[str, ...]
    text: str

    @property
    def imports(self) -> tuple[str, ...]:
        """The formal/ modules a statement is read with: Claims.v, then the rules, each once.

        >>> Statement(("Rules",), "impossible (wins 3)").imports
        ('Claims', 'Rules')
        """
        return tuple(dict.fromkeys(("Claims", *self.requires)))


@dataclass(frozen=True)
class Script:
    """The proof of a statement: the further formal/ modules it needs (checkers, theorems), the
    Coq sentences that come before the theorem (the evidence, as definitions), and the tactics
    between ``Proof.`` and ``Qed.``."""

    requires: tuple[str, ...]
    definitions: str
    proof: str


def nat(value: Any) -> str:
    """A whole number as Coq text, and nothing else: a string, a bool or a float raises
    Unsupported, so that a statement holds only digits that code has checked.

    >>> nat(15)
    '15'
    >>> nat("6) 5 or True")
    Traceback (most recent call last):
    ...
    coinproofs.coq.Unsupported: '6) 5 or True' is not a whole number
    """
    if type(value) is not int or value < 0:
        raise Unsupported(f"{value!r} is not a whole number")
    return str(value)


def one_of(value: Any, names: dict[Any, str]) -> str:
    """The Coq name of `value` among `names`, and nothing else.

    >>> one_of(True, {True: "misere", False: "normal"})
    'misere'
    """
    for key, name in names.items():
        if type(value) is type(key) and value == key:
            return name
    raise Unsupported(f"{value!r} is none of {', '.join(map(repr, names))}")


def module_name(claim_id: str) -> str:
    """The Coq module (and file) name of a claim's proof.

    >>> module_name("penny.riddler-20-30")
    'penny_riddler_20_30'
    """
    return re.sub(r"[^A-Za-z0-9]", "_", claim_id)
