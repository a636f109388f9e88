"""LRAT evidence: refute a formula with CaDiCaL and write the CNF and proof beside the certificate.

The kernel's side is :func:`coinproofs.verify.lrat.check_lrat_evidence`, which regenerates the
formula from the claim with its own encoder and checks the proof against it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from coinproofs.encodings import cadical
from coinproofs.proofs.registry import Evidence, ProofContext
from coinproofs.verify.dimacs import dimacs_text

# The fields lrat_evidence writes itself; callers' extra fields must not hide them.
LRAT_FIELDS = ("method", "encoding", "cnf", "cnf_sha256", "proof", "proof_sha256")


def lrat_evidence(context: ProofContext, clauses: Sequence[Sequence[int]], nvars: int,
                  comments: Sequence[str], encoding: str, extra: Mapping[str, Any],
                  *, suffix: str = "") -> Evidence:
    """Evidence that `clauses` (over `nvars` variables) are unsatisfiable: an LRAT proof.

    Writes `<claim id>.cnf` (the canonical DIMACS text with `comments`, which the kernel
    regenerates and hashes) and `<claim id>.lrat`, or `<claim id>.<suffix>.cnf/.lrat` when one
    claim needs several proofs. `encoding` names the kernel encoder and `extra` its parameters
    (e.g. the strategy length), both copied into the evidence. Raises ValueError if the formula
    is satisfiable: then the claim is false or the encoding is wrong.
    """
    clash = sorted(set(extra) & set(LRAT_FIELDS))
    if clash:
        raise ValueError(f"extra evidence fields {clash} would overwrite the LRAT evidence's own")
    text = dimacs_text(clauses, nvars, comments)
    context.progress(f"CaDiCaL: {encoding} ({nvars} variables, {len(clauses)} clauses)")
    context.solvers.add("cadical195")
    result = cadical.solve(clauses)
    if result.satisfiable:
        raise ValueError(f"the {encoding} formula {' '.join(comments)!r} is satisfiable, so it "
                         "refutes nothing: the claim is false or the encoding is wrong")
    assert result.lrat is not None  # solve() returns a proof for every UNSAT answer
    context.progress(f"CaDiCaL: UNSAT in {result.seconds:.2f} s, "
                     f"LRAT proof of {len(result.lrat):,} bytes")
    stem = f"{suffix}." if suffix else ""
    cnf = context.artifact(f"{stem}cnf", text.encode("utf-8"))
    proof = context.artifact(f"{stem}lrat", result.lrat)
    return {"method": "lrat", "encoding": encoding, **extra,
            "cnf": cnf["file"], "cnf_sha256": cnf["sha256"],
            "proof": proof["file"], "proof_sha256": proof["sha256"]}
