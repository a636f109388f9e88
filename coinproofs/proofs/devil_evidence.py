"""The evidence every prover of the devil's family writes alike: a Coq theorem cited, a strategy
(inline when short, else an artifact file), lists of numbers a line."""

from __future__ import annotations

import json

from coinproofs.games.devil import positions
from coinproofs.proofs.registry import Evidence, ProofContext
from coinproofs.verify.theorems import FORMAL_SHA256

INLINE_MOVES = 300  # longer strategies go to an artifact file


def theorem_evidence(name: str) -> Evidence:
    """A Coq theorem of formal/, cited with the digest of the sources it was checked at."""
    return {"method": "theorem", "name": name, "formal_sha256": FORMAL_SHA256}


def json_lines(items: list[list[int]]) -> bytes:
    """One JSON list per line: the artifact format of long strategies and belief layers."""
    return "".join(json.dumps(item) + "\n" for item in items).encode()


def strategy_evidence(context: ProofContext, moves: list[int], found_by: str,
                      suffix: str = "moves.jsonl") -> Evidence:
    """A strategy in Norvig's notation, inline when short, else in the artifact file
    `<claim id>.<suffix>` (two strategies of one claim need two suffixes)."""
    notation = [positions(move) for move in moves]
    if len(moves) <= INLINE_MOVES:
        return {"method": "strategy", "moves": notation, "found_by": found_by}
    artifact = context.artifact(suffix, json_lines(notation))
    return {"method": "strategy", **artifact, "length": len(moves), "found_by": found_by}
