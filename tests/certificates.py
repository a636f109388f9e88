"""Certificate documents written by hand around evidence a test builds or tampers with, in the
shape `prove` writes (format v1). They carry no provenance: the kernel checks only its form
and never reads it into a verdict (tests/examples.py's "document" example tampers with it)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from coinproofs.proofs.registry import ClaimSpec
from coinproofs.verify import table as kernel
from coinproofs.verify.certificate import SCHEMA

Document = dict[str, Any]
Evidence = dict[str, Any]


def certificate(claim: ClaimSpec | dict[str, Any], evidence: list[Evidence]) -> Document:
    """A certificate of `claim` (a registry claim, or a claim object as it is, forged or not)
    holding `evidence`."""
    return {"schema": SCHEMA, "claim": claim.as_json() if isinstance(claim, ClaimSpec) else claim,
            "evidence": evidence}


def devil_certificate(kind: str, n: Any, value: Any, evidence: list[Evidence], q: int = 2,
                      group: str = "cyclic", goal: str = "zero") -> Document:
    """A certificate holding `evidence` of a claim about a member of the devil's family (by
    default the coin flip) whose id, params and statement agree with its kind, n, q, group,
    goal and value: written by the kernel's own functions, so that only the value or the
    evidence can be wrong. `n` is left unchecked, for the tests that give the kernel a
    malformed one."""
    return certificate({"id": kernel.claim_id(kind, n, q, group, goal), "game": "devil",
                        "params": kernel.params_of(n, q, group, goal), "kind": kind,
                        "value": value,
                        "statement": kernel.statement(kind, n, q, group, goal, value)}, evidence)


def read(folder: Path, claim_id: str) -> Document:
    """The certificate of `claim_id` in `folder`, as `prove` wrote it."""
    loaded: Document = json.loads((folder / f"{claim_id}.json").read_text())
    return loaded
