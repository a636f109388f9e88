"""Proving claims: run each prover, write its certificate atomically, re-check it with the
kernel."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from coinproofs import __version__
from coinproofs.atomic import write_text_atomically
from coinproofs.proofs.registry import ClaimSpec, ProofContext, all_claims
from coinproofs.verify.certificate import SCHEMA, Rejected, check_file


@dataclass(frozen=True)
class Outcome:
    """How proving one claim went."""

    claim_id: str
    proved: bool
    methods: tuple[str, ...]
    seconds: float
    reason: str = ""


def certificate(claim: ClaimSpec, evidence: list[dict[str, Any]],
                solvers: set[str], seconds: float) -> dict[str, Any]:
    """The certificate document for `claim` with its `evidence`."""
    document: dict[str, Any] = {"schema": SCHEMA, "claim": claim.as_json(), "evidence": evidence}
    if claim.lemmas:
        document["lemmas"] = list(claim.lemmas)
    document["provenance"] = {"coinproofs": __version__,
                              "solver": ", ".join(sorted(solvers)) or "none",
                              "seconds": round(seconds, 3)}
    return document


def prove_one(claim: ClaimSpec, out_dir: Path,
              progress: Callable[[str], None] = lambda message: None) -> Outcome:
    """Prove `claim` into `out_dir` and check the certificate with the kernel."""
    start = time.perf_counter()
    context = ProofContext(out_dir=out_dir, claim_id=claim.id, progress=progress)
    try:
        evidence = claim.prove(context)
    except Exception as error:  # a failing prover fails its claim, not the whole run
        return Outcome(claim.id, False, (), time.perf_counter() - start,
                       f"prover failed: {type(error).__name__}: {error}")
    seconds = time.perf_counter() - start
    document = certificate(claim, evidence, context.solvers, seconds)
    path = out_dir / f"{claim.id}.json"
    write_text_atomically(path, json.dumps(document, indent=1) + "\n")
    try:
        verdict = check_file(path)
    except Rejected as rejection:
        return Outcome(claim.id, False, (), time.perf_counter() - start, str(rejection))
    return Outcome(claim.id, True, tuple(verdict.methods), time.perf_counter() - start)


def _prove_by_id(claim_id: str, out_dir: Path) -> Outcome:
    """Worker-process entry: claims hold functions, so workers look theirs up by id."""
    claim = next(spec for spec in all_claims() if spec.id == claim_id)
    return prove_one(claim, out_dir)


def prove_all(claims: list[ClaimSpec], out_dir: Path, jobs: int,
              on_start: Callable[[str], None], on_done: Callable[[Outcome], None]) -> list[Outcome]:
    """Prove every claim, `jobs` at a time; report each start and finish; keep the order given."""
    out_dir.mkdir(parents=True, exist_ok=True)
    outcomes: dict[str, Outcome] = {}
    if jobs <= 1:
        for claim in claims:
            on_start(claim.id)
            outcome = prove_one(claim, out_dir, on_start)
            outcomes[claim.id] = outcome
            on_done(outcome)
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            futures = {pool.submit(_prove_by_id, claim.id, out_dir): claim.id for claim in claims}
            on_start(f"{len(claims)} claims, {jobs} at a time")
            for future in as_completed(futures):
                outcome = future.result()
                outcomes[outcome.claim_id] = outcome
                on_done(outcome)
    return [outcomes[claim.id] for claim in claims]
