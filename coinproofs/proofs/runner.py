"""Proving claims: run each prover, write its certificate atomically, re-check it with the
kernel."""

from __future__ import annotations

import dataclasses
import hashlib
import itertools
import json
import signal
import tempfile
import threading
import time
from collections.abc import Callable, Iterator, Mapping
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from contextlib import contextmanager
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

from coinproofs.atomic import write_bytes_atomically, write_text_atomically
from coinproofs.coq import Unsupported
from coinproofs.proofs.registry import ClaimSpec, ProofContext, find, takes_text
from coinproofs.verify.certificate import SCHEMA, Rejected, check_file
from coinproofs.verify.manifest import NAME, manifest_text
from coinproofs.verify.schema import raised
from coinproofs.version import __version__

Bounds = Mapping[str, int]  # the kernel's work bounds raised (or lowered) for a run, by name


@dataclass(frozen=True)
class Outcome:
    """How proving one claim went (`kept`: an earlier, unfinished run into the same folder had
    proved it, and the kernel accepted its certificate again instead of proving it anew)."""

    claim_id: str
    proved: bool
    methods: tuple[str, ...]
    seconds: float
    reason: str = ""
    coq: str = ""  # the Coq proof written beside the certificate (its file name), if any
    no_coq: str = ""  # why no Coq proof was written, for a proved claim without one
    kept: bool = False


def certificate(claim: ClaimSpec, evidence: list[dict[str, Any]],
                solvers: set[str]) -> dict[str, Any]:
    """The certificate document for `claim` with its `evidence`. Nothing in it depends on the
    run (no time, host or process): the same claim gives the same bytes, however it was
    proved."""
    document: dict[str, Any] = {"schema": SCHEMA, "claim": claim.as_json(), "evidence": evidence}
    if claim.lemmas:
        document["lemmas"] = list(claim.lemmas)
    document["provenance"] = {"coinproofs": __version__,
                              "solver": ", ".join(sorted(solvers)) or "none"}
    return document


@dataclass(frozen=True)
class Found:
    """What a prover found for one claim, before its certificate is written: the evidence, the
    solvers used, the artifacts it kept (when it had no output folder), the seconds it took;
    or why it failed."""

    claim_id: str
    evidence: list[dict[str, Any]]
    solvers: frozenset[str]
    kept: dict[str, bytes]
    seconds: float
    failure: str = ""


def find_evidence(claim: ClaimSpec, out_dir: Path | None,
                  progress: Callable[[str], None] = lambda message: None) -> Found:
    """Run the prover of `claim`, writing its artifacts into `out_dir` (None: keeping them)."""
    start = time.perf_counter()
    context = ProofContext(out_dir=out_dir, claim_id=claim.id, progress=progress)
    try:
        evidence = claim.prove(context)
    except Exception as error:  # a failing prover fails its claim, not the whole run
        return Found(claim.id, [], frozenset(), {}, time.perf_counter() - start,
                     f"prover failed: {type(error).__name__}: {error}")
    return Found(claim.id, evidence, frozenset(context.solvers), context.kept,
                 time.perf_counter() - start)


def record(claim: ClaimSpec, found: Found, out_dir: Path, bounds: Bounds | None = None) -> Outcome:
    """Write what was found for `claim` into `out_dir` and check the certificate with the
    kernel (with `bounds` raised). A claim not proved leaves nothing behind: neither its
    certificate nor an artifact, which the MANIFEST would list and `verify` reject."""
    start = time.perf_counter() - found.seconds  # the outcome's seconds include the finding
    if found.failure:
        discard(claim.id, out_dir)
        return Outcome(claim.id, False, (), found.seconds, found.failure)
    try:
        write_found(claim, found, out_dir)
    except ValueError as error:
        return Outcome(claim.id, False, (), found.seconds, str(error))
    try:
        with raised(bounds or {}):
            verdict = check_file(out_dir / f"{claim.id}.json")
    except Rejected as rejection:
        discard(claim.id, out_dir)
        return Outcome(claim.id, False, (), time.perf_counter() - start, str(rejection))
    return with_coq_proof(Outcome(claim.id, True, tuple(verdict.methods),
                                  time.perf_counter() - start), out_dir)


def with_coq_proof(outcome: Outcome, out_dir: Path) -> Outcome:
    """Write the Coq proof of a claim whose certificate the kernel accepted, beside it
    (coinproofs/coq): the outcome says its file name, or why there is none. Coq itself is not
    needed here; `coinproofs verify --coq` compiles the proofs."""
    # deferred: 17 ms of CPU to load (docs/design.md, "Imports")
    from coinproofs.coq.build import write_proof

    try:
        written = write_proof(out_dir / f"{outcome.claim_id}.json")
    except Unsupported as why:
        return dataclasses.replace(outcome, no_coq=str(why))
    except Exception as error:  # a faulty writer costs the Coq proof, not the claim
        return dataclasses.replace(outcome, no_coq="the Coq proof could not be written: "
                                                   f"{type(error).__name__}: {error}")
    return dataclasses.replace(outcome, coq=written.name)


def discard(claim_id: str, out_dir: Path) -> None:
    """Remove the certificate of `claim_id`, its artifacts and its Coq proof from `out_dir`."""
    # deferred: 17 ms of CPU to load (docs/design.md, "Imports")
    from coinproofs.coq.build import proof_path

    for path in out_dir.glob(f"{glob_escape(claim_id)}.*"):
        if path.name == f"{claim_id}.json" or is_artifact_name(path.name, claim_id):
            path.unlink(missing_ok=True)
    proof_path(out_dir / f"{claim_id}.json", claim_id).unlink(missing_ok=True)


def glob_escape(name: str) -> str:
    """`name` with glob characters matched as themselves.

    >>> glob_escape("penny.first-[2]")
    'penny.first-[[]2]'
    """
    return "".join(f"[{c}]" if c in "*?[" else c for c in name)


def kept(claim: ClaimSpec, out_dir: Path, bounds: Bounds | None = None) -> Outcome | None:
    """The outcome of the certificate of `claim` already in `out_dir`, when it states this
    claim and the kernel accepts it (with its artifacts); otherwise None: it is proved anew."""
    path = out_dir / f"{claim.id}.json"
    if not path.is_file() or path.is_symlink():
        return None
    start = time.perf_counter()
    try:
        with raised(bounds or {}):
            verdict = check_file(path)
    except Rejected:
        return None
    if claim_json(verdict.claim) != claim.as_json():
        return None
    return with_coq_proof(Outcome(claim.id, True, tuple(verdict.methods),
                                  time.perf_counter() - start, kept=True), out_dir)


def claim_json(claim: Any) -> dict[str, Any]:
    """The claim the kernel read, as the registry writes it."""
    return {"id": claim.id, "game": claim.game, "params": claim.params, "kind": claim.kind,
            "value": claim.value, "statement": claim.statement}


def write_found(claim: ClaimSpec, found: Found, out_dir: Path) -> bytes:
    """Write the artifacts `found` kept, then the certificate, each atomically; return the
    certificate's bytes. A ValueError, before anything is written, for an artifact not named
    `<claim id>.<suffix>` (the names may come from a cluster's worker)."""
    for name in found.kept:
        if not is_artifact_name(name, claim.id):
            raise ValueError(f"the prover kept an artifact named {name!r}, "
                             f"not {claim.id}.SUFFIX")
    for name, data in found.kept.items():
        write_bytes_atomically(out_dir / name, data)
    text = json.dumps(certificate(claim, found.evidence, set(found.solvers)), indent=1) + "\n"
    write_text_atomically(out_dir / f"{claim.id}.json", text)
    return text.encode()


def is_artifact_name(name: str, claim_id: str) -> bool:
    """Is `name` a file name of an artifact of `claim_id`, `<claim id>.<suffix>`, in the folder
    itself?

    >>> is_artifact_name("devil.n4.shortest.L14.cnf", "devil.n4.shortest")
    True
    >>> is_artifact_name("devil.n4.shortest.json", "devil.n4.shortest")
    False
    >>> is_artifact_name("devil.n4.shortest./../x", "devil.n4.shortest")
    False
    """
    return (name.startswith(f"{claim_id}.") and name != f"{claim_id}.json"
            and Path(name).name == name)


def prove_one(claim: ClaimSpec, out_dir: Path,
              progress: Callable[[str], None] = lambda message: None,
              bounds: Bounds | None = None) -> Outcome:
    """Prove `claim` into `out_dir` and check the certificate with the kernel."""
    found = find_evidence(claim, out_dir, progress)
    progress(f"{claim.id}: the kernel checks the certificate")
    return record(claim, found, out_dir, bounds)


def _prove_by_id(claim_id: str, out_dir: Path, bounds: Bounds | None = None) -> Outcome:
    """Worker-process entry: claims hold functions, so workers build theirs from the id."""
    return prove_one(find(claim_id), out_dir, bounds=bounds)


@dataclass(frozen=True)
class Checked:
    """A claim proved and checked by a cluster's worker in a folder of its own: what it found
    (the artifacts kept in memory, to be written on the client), the kernel's outcome there,
    and the SHA-256 of the certificate the kernel read ("" when none was written)."""

    found: Found
    outcome: Outcome
    certificate_sha256: str


def prove_on_worker(claim_id: str, bounds: Bounds | None = None) -> Checked:
    """A Dask task: prove a claim and check its certificate with the kernel on a worker, whose
    disk is not the client's, in a temporary folder; send back everything the client needs to
    write the same files."""
    claim = find(claim_id)
    found = find_evidence(claim, None)
    with tempfile.TemporaryDirectory(prefix="coinproofs-") as folder:
        outcome = record(claim, found, Path(folder), bounds)
        path = Path(folder) / f"{claim.id}.json"
        digest = hashlib.sha256(path.read_bytes()).hexdigest() if path.exists() else ""
    return Checked(found, outcome, digest)


def record_checked(claim: ClaimSpec, checked: Checked, out_dir: Path) -> Outcome:
    """Write here what a worker found and checked. Its kernel's verdict stands for the files
    written here when the certificate written here is, byte for byte, the one it checked (the
    certificate holds the SHA-256 of every artifact it uses)."""
    if not checked.certificate_sha256:  # the prover failed or kept a misnamed artifact
        return checked.outcome
    try:
        text = write_found(claim, checked.found, out_dir)
    except ValueError as error:
        return Outcome(claim.id, False, (), checked.outcome.seconds, str(error))
    if hashlib.sha256(text).hexdigest() != checked.certificate_sha256:
        discard(claim.id, out_dir)
        return Outcome(claim.id, False, (), checked.outcome.seconds,
                       "the certificate written here is not the one the worker's kernel "
                       "checked (do the workers run this version of coinproofs?)")
    return with_coq_proof(checked.outcome, out_dir) if checked.outcome.proved else checked.outcome


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


@dataclass(frozen=True)
class Listeners:
    """Who hears how proving goes: `start` the id of each claim as it starts (or is checked
    for keeping), `done` each outcome, `note` how the run goes (that it is stopping, say),
    `work` what the prover of a claim is doing (claim id, message; only from this process)."""

    start: Callable[[str], None] = lambda claim_id: None
    done: Callable[[Outcome], None] = lambda outcome: None
    note: Callable[[str], None] = lambda message: None
    work: Callable[[str, str], None] = lambda claim_id, message: None


def prove_all(claims: list[ClaimSpec], out_dir: Path, jobs: int,
              on_start: Callable[[str], None], on_done: Callable[[Outcome], None],
              scheduler: str | None = None, *,
              on_note: Callable[[str], None] = lambda message: None,
              on_work: Callable[[str, str], None] = lambda claim_id, message: None,
              bounds: Bounds | None = None, keep: bool = False) -> list[Outcome]:
    """Prove every claim, `jobs` at a time (or on the Dask cluster whose scheduler is at the
    address `scheduler`), the kernel's `bounds` raised; report each start (`on_start`, a claim
    id) and finish (`on_done`, its outcome), and what else happens (`on_note`); keep the order
    given; `on_work` hears what a prover in this process is doing. With `keep` (the folder
    holds an unfinished run), a certificate already there that the kernel accepts for its
    claim is kept rather than proved again."""
    listeners = Listeners(on_start, on_done, on_note, on_work)
    out_dir.mkdir(parents=True, exist_ok=True)
    outcomes: dict[str, Outcome] = {}
    if keep:
        for claim in claims:
            if (out_dir / f"{claim.id}.json").exists():
                listeners.start(claim.id)
                outcome = kept(claim, out_dir, bounds)
                if outcome is not None:
                    outcomes[claim.id] = outcome
                    listeners.done(outcome)
    waiting = [claim for claim in claims if claim.id not in outcomes]
    jobs = min(jobs, len(waiting))  # a process pool starts all its processes: no idle ones
    # Said before the work starts (on a cluster, once it answers), so that nobody waits for
    # minutes unawares.
    ahead = f"proving {takes_text([(claim.id, claim.takes) for claim in waiting])}"
    if waiting and scheduler is None:
        listeners.note(ahead)
    if scheduler is not None and waiting:
        prove_on_cluster(waiting, out_dir, scheduler, listeners, outcomes, bounds, ahead)
    elif jobs <= 1:
        for claim in waiting:
            listeners.start(claim.id)
            try:
                outcome = prove_one(claim, out_dir, partial(listeners.work, claim.id), bounds)
            except KeyboardInterrupt:  # the claim under way leaves no artifact behind
                discard(claim.id, out_dir)
                raise
            outcomes[claim.id] = outcome
            listeners.done(outcome)
    else:
        prove_in_processes(waiting, out_dir, jobs, listeners, outcomes, bounds)
    # Last, once every certificate is written: the folder as it now is, old certificates
    # included (proving a subset into a folder keeps the others listed). A folder with no
    # certificate at all gets no MANIFEST: it holds nothing to verify.
    if any(out_dir.glob("*.json")):
        write_text_atomically(out_dir / NAME, manifest_text(out_dir))
    return [outcomes[claim.id] for claim in claims]


def prove_in_processes(claims: list[ClaimSpec], out_dir: Path, jobs: int, listeners: Listeners,
                       outcomes: dict[str, Outcome], bounds: Bounds | None = None) -> None:
    """Prove the claims in `jobs` local processes, each writing its own certificates."""
    pool = ProcessPoolExecutor(max_workers=jobs, initializer=_leave_interrupts_to_parent)
    waiting = iter(claims)

    def submit(claim: ClaimSpec) -> Any:
        listeners.start(claim.id)
        return pool.submit(_prove_by_id, claim.id, out_dir, bounds)

    with pool, interrupts_counted() as presses:
        # At most `jobs` claims are handed to the pool at a time, so that after Ctrl-C
        # nothing new starts: the pool would run whatever it had already queued.
        listeners.note(f"{len(claims):,} claims, {jobs} at a time")
        pending = {submit(claim) for claim in itertools.islice(waiting, jobs)}
        announced = False
        while pending:
            done, pending = wait(pending, timeout=0.2, return_when=FIRST_COMPLETED)
            for future in done:
                outcome = future.result()
                outcomes[outcome.claim_id] = outcome
                listeners.done(outcome)
                if not presses:
                    pending |= {submit(claim) for claim in itertools.islice(waiting, 1)}
            if len(presses) >= 2:
                _stop_now(pool, out_dir)
            if presses and not announced:
                under_way = "claim" if len(pending) == 1 else f"{len(pending)} claims"
                listeners.note(f"stopping after the {under_way} under way "
                               "(Ctrl-C again to stop now)")
                announced = True
        if presses:
            raise KeyboardInterrupt


class ClusterUnavailable(ValueError):
    """No Dask cluster to prove on: dask.distributed is not installed, or the scheduler's address
    is malformed or cannot be reached; the message says which in one sentence."""


def connect(address: str) -> Any:
    """A dask.distributed Client of the scheduler at `address`, or ClusterUnavailable. Dask's
    own setting distributed.comm.timeouts.connect bounds the wait."""
    try:
        import dask
        from distributed import Client
    except ImportError:
        raise ClusterUnavailable("proving on a Dask cluster needs dask.distributed: "
                                 "pip install 'coinproofs[cluster]'") from None
    try:
        return Client(address)
    except ValueError as error:
        raise ClusterUnavailable(f"{address!r} is not a Dask scheduler's address: "
                                 f"{error}") from None
    except OSError:
        waited = dask.config.get("distributed.comm.timeouts.connect")
        raise ClusterUnavailable(
            f"no Dask scheduler answered at {address} within {waited} (Dask's "
            "distributed.comm.timeouts.connect)") from None


def prove_on_cluster(claims: list[ClaimSpec], out_dir: Path, address: str, listeners: Listeners,
                     outcomes: dict[str, Outcome], bounds: Bounds | None,
                     ahead: str) -> None:
    """Prove each claim as a task of the Dask cluster at `address`: a worker finds the evidence
    and checks the certificate with the kernel, as a local process does with `jobs`, in a
    folder of its own; the files come back and are written here, each certificate only if it is
    the one the worker checked. The workers need this version of coinproofs installed; they
    never write on this disk."""
    with connect(address) as client:
        # deferred: 377 ms of CPU to load (docs/design.md, "Imports")
        from distributed import as_completed  # connect() said it is installed

        futures = {client.submit(prove_on_worker, claim.id, bounds, pure=False): claim
                   for claim in claims}
        listeners.note(f"{ahead} on the Dask cluster at {address}")
        for claim in claims:  # the cluster decides when each runs: all are under way
            listeners.start(claim.id)
        try:
            for future in as_completed(futures):
                claim = futures[future]
                try:
                    checked = future.result()
                except Exception as error:  # the task itself failed (its worker died, say)
                    outcome = Outcome(claim.id, False, (), 0.0, "the cluster did not run it: "
                                      f"{type(error).__name__}: {error}")
                else:
                    outcome = record_checked(claim, checked, out_dir)
                outcomes[claim.id] = outcome
                listeners.done(outcome)
        finally:
            client.cancel(list(futures))  # after Ctrl-C, nothing more runs on the cluster
