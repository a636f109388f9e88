"""Writing a certificate's Coq proof: the file ``<module>.v`` that states the claim in the rules'
terms and proves it from the certificate's evidence.

The statement comes from the claim alone (:func:`statement`), the proof from the game's module
(``coinproofs/coq/<game>.py``); :func:`source` puts them together in the one layout every proof
has, which ``coinproofs verify --coq`` compiles (coinproofs/coq/check.py).
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Mapping
from importlib.metadata import version
from pathlib import Path
from types import ModuleType
from typing import Any

from coinproofs.atomic import write_text_atomically
from coinproofs.coq import PROOF_MATHCOMP_IMPORT, Script, Statement, Unsupported, module_name

# The games whose claims may have Coq proofs, each with its module coinproofs/coq/<game>.py.
GAMES = ("devil", "penny", "norepeat", "glasses")


def game_module(game: str) -> ModuleType:
    """The module that writes the Coq statements and proofs of a game's claims."""
    if game not in GAMES:
        raise Unsupported(f"there is no game named {game!r}")
    try:
        return importlib.import_module(f"coinproofs.coq.{game}")
    except ModuleNotFoundError as error:
        if error.name != f"coinproofs.coq.{game}":
            raise
        raise Unsupported(f"the {game} game has no Coq proofs yet") from None


def statement(claim: Mapping[str, Any]) -> Statement:
    """The claim (a certificate's ``claim`` object) as a Coq proposition in the rules' terms."""
    result: Statement = game_module(claim["game"]).statement(claim)
    return result


def comment(text: str) -> str:
    """`text` made safe inside a Coq comment, which `*)` would close early and `(*` nest.

    >>> comment("a (*b*) c")
    'a ( *b* ) c'
    """
    return text.replace("(*", "( *").replace("*)", "* )")


def source(certificate: Mapping[str, Any], folder: Path) -> str:
    """The Coq file that proves the certificate's claim (its artifacts are read from `folder`);
    Unsupported when the claim has no Coq proof."""
    claim = certificate["claim"]
    stated = statement(claim)
    script: Script = game_module(claim["game"]).script(certificate, folder)
    requires = list(dict.fromkeys((*stated.imports, *script.requires)))
    parts = [
        f"(* {comment(claim['id'])}: {comment(claim['statement'])}\n"
        f"   Written by coinproofs {version('coinproofs')} from {comment(claim['id'])}.json: "
        "the claim in the terms of\n"
        "   formal/rules/, proved from the certificate's evidence.\n"
        f"   Check it with `coinproofs verify --coq`, or `coqc -Q FORMAL CoinProofs "
        f"{module_name(claim['id'])}.v`. *)",
        PROOF_MATHCOMP_IMPORT,
        f"From CoinProofs Require Import {' '.join(requires)}.",
    ]
    if script.definitions.strip():
        parts.append(script.definitions.strip())
    parts.append(f"Theorem claim : {stated.text}.\nProof.\n{script.proof.strip()}\nQed.")
    return "\n\n".join(parts) + "\n"


def proof_path(certificate_path: Path, claim_id: str) -> Path:
    """Where the Coq proof of the certificate in `certificate_path` is written: beside it."""
    return certificate_path.parent / f"{module_name(claim_id)}.v"


def write_proof(certificate_path: Path) -> Path:
    """Write the Coq proof of the certificate in `certificate_path` beside it, atomically, and
    return its path. Unsupported (and an older proof of the claim removed) when the claim has
    no Coq proof. The certificate is one that the kernel accepted."""
    certificate = json.loads(certificate_path.read_text())
    target = proof_path(certificate_path, certificate["claim"]["id"])
    try:
        text = source(certificate, certificate_path.parent)
    except Unsupported:
        target.unlink(missing_ok=True)  # no stale proof of an earlier run beside it
        raise
    write_text_atomically(target, text)
    return target
