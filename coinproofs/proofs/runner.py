"""Proving claims: run each prover, write its certificate atomically, re-check it with the
kernel."""

from __future__ import annotations

import itertools
import json
import signal
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from coinproofs import __version__
from coinproofs.atomic import write_text_atomically
from coinproofs.proofs.registry import ClaimSpec, ProofContext, find
from coinproofs.verify.certificate import SCHEMA, Rejected, check_file
from coinproofs.verify.manifest import NAME, manifest_text


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
    """Worker-process entry: claims hold functions, so workers build theirs from the id."""
    return prove_one(find(claim_id), out_dir)


@contextmanager
def interrupts_counted() -> Iterator[list[int]]:
    """While the block runs, each Ctrl-C is appended to the list instead of raising wherever
    the main thread happens to be (inside the process pool's own locks, say), so the caller
    can stop the pool cleanly."""
    presses: list[int] = []
    if threading.current_thread() is not threading.main_thread():
        yield presses
        return
    previous = signal.signal(signal.SIGINT, lambda signum, frame: presses.append(signum))
    try:
        yield presses
    finally:
        signal.signal(signal.SIGINT, previous)


def _stop_now(pool: ProcessPoolExecutor, out_dir: Path) -> None:
    """Stop the workers in the middle of their claims and remove their temporary files."""
    # The pool has no public way to stop a running task; its worker processes are known.
    for process in list(pool._processes.values()):
        process.terminate()
    pool.shutdown(wait=True, cancel_futures=True)
    for temporary in out_dir.glob(".*.tmp"):
        temporary.unlink(missing_ok=True)
    raise KeyboardInterrupt


def _leave_interrupts_to_parent() -> None:
    """Workers ignore Ctrl-C: the parent stops the pool, so no worker dies mid-file."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


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
        pool = ProcessPoolExecutor(max_workers=jobs, initializer=_leave_interrupts_to_parent)
        waiting = iter(claims)
        with pool, interrupts_counted() as presses:
            # At most `jobs` claims are handed to the pool at a time, so that after Ctrl-C
            # nothing new starts: the pool would run whatever it had already queued.
            pending = {pool.submit(_prove_by_id, claim.id, out_dir)
                       for claim in itertools.islice(waiting, jobs)}
            on_start(f"{len(claims)} claims, {jobs} at a time")
            announced = False
            while pending:
                done, pending = wait(pending, timeout=0.2, return_when=FIRST_COMPLETED)
                for future in done:
                    outcome = future.result()
                    outcomes[outcome.claim_id] = outcome
                    on_done(outcome)
                    if not presses:
                        pending |= {pool.submit(_prove_by_id, claim.id, out_dir)
                                    for claim in itertools.islice(waiting, 1)}
                if len(presses) >= 2:
                    _stop_now(pool, out_dir)
                if presses and not announced:
                    on_start(f"stopping after the {len(pending)} claims under way "
                             "(Ctrl-C again to stop now)")
                    announced = True
            if presses:
                raise KeyboardInterrupt
    # Last, once every certificate is written: the folder as it now is, old certificates
    # included (proving a subset into a folder keeps the others listed).
    write_text_atomically(out_dir / NAME, manifest_text(out_dir))
    return [outcomes[claim.id] for claim in claims]
