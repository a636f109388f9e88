"""The claim registry: every claim coinproofs can prove, with the prover that proves it.

Each game's prover module (``proofs/devil.py``, ``proofs/penny.py``, ``proofs/norepeat.py``)
defines ``claims() -> list[ClaimSpec]``. A prover returns the evidence list of a certificate and
may write artifact files through its :class:`ProofContext`; the runner adds the claim, the
provenance, and writes the certificate atomically.
"""

from __future__ import annotations

import fnmatch
import hashlib
import importlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from coinproofs.atomic import write_bytes_atomically
from coinproofs.verify.certificate import GAMES

Evidence = dict[str, Any]


@dataclass
class ProofContext:
    """What a prover may use: the output folder, a place to report progress and solvers."""

    out_dir: Path
    claim_id: str
    progress: Callable[[str], None] = lambda message: None
    solvers: set[str] = field(default_factory=set)

    def artifact(self, suffix: str, data: bytes) -> dict[str, str]:
        """Write `<claim id>.<suffix>` beside the certificate; return its name and SHA-256."""
        name = f"{self.claim_id}.{suffix}"
        write_bytes_atomically(self.out_dir / name, data)
        return {"file": name, "sha256": hashlib.sha256(data).hexdigest()}


@dataclass(frozen=True)
class ClaimSpec:
    """A claim (as the kernel will read it) and the function that finds its evidence."""

    id: str
    game: str
    kind: str
    params: dict[str, Any]
    value: Any
    statement: str
    prove: Callable[[ProofContext], list[Evidence]] = field(compare=False, repr=False)
    default: bool = True  # proved by a bare `coinproofs prove` (and so by `make prove`)
    lemmas: tuple[str, ...] = ()  # stated, not computed: cited in the certificate

    def as_json(self) -> dict[str, Any]:
        return {"id": self.id, "game": self.game, "params": self.params, "kind": self.kind,
                "value": self.value, "statement": self.statement}


def all_claims() -> list[ClaimSpec]:
    """Every registered claim, game by game, in the order each game lists them."""
    specs: list[ClaimSpec] = []
    for game in GAMES:
        module = importlib.import_module(f"coinproofs.proofs.{game}")
        specs.extend(module.claims())
    return specs


def select(patterns: Iterable[str]) -> list[ClaimSpec]:
    """The claims whose ids match any of the glob `patterns` (the default set for none)."""
    claims = all_claims()
    patterns = list(patterns)
    if not patterns:
        return [claim for claim in claims if claim.default]
    chosen = [claim for claim in claims
              if any(fnmatch.fnmatchcase(claim.id, pattern) for pattern in patterns)]
    unmatched = [p for p in patterns if not any(fnmatch.fnmatchcase(c.id, p) for c in claims)]
    if unmatched:
        raise ValueError(f"no claim matches {', '.join(map(repr, unmatched))}; "
                         "`coinproofs claims` lists them")
    return chosen
