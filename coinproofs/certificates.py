"""Proving claims and checking certificates from Python: ``cp.prove(...)``, ``cp.verify(...)``.

>>> import tempfile, coinproofs as cp
>>> folder = tempfile.mkdtemp()
>>> cp.prove("devil.n2.shortest", "penny.first-20", out=folder)
Proofs(2 of 2 claims proved and accepted)
>>> cp.verify(folder).summary
'2 of 2 claims accepted'
>>> cp.verify(f"{folder}/devil.n2.shortest.json")
Verdict(claim='devil.n2.shortest', accepted=True, evidence=('strategy', 'reachability', \
'lrat', 'theorem wins_size_lb'))

`verify` uses the kernel (coinproofs/verify) alone: this module imports nothing from the
engines, encoders or provers unless asked to prove.
"""

from __future__ import annotations

import errno
import json
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar, overload

if TYPE_CHECKING:
    from coinproofs.proofs.runner import Outcome

import shlex

from coinproofs.arguments import whole
from coinproofs.atomic import write_text_atomically
from coinproofs.display import html_table
from coinproofs.progress import Watcher
from coinproofs.text import distinct, natural_key, plural
from coinproofs.verify.schema import raised

__all__ = ["Proofs", "Verdict", "Verdicts", "certificate_files", "claims", "prove", "verify",
           "verify_coq"]


# --- Proving --------------------------------------------------------------------------------------

Item = TypeVar("Item")


class Results(Sequence[Item]):
    """Results that read as a sequence of their items (`items`, a tuple)."""

    items: tuple[Item, ...]

    @overload
    def __getitem__(self, index: int) -> Item: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[Item]: ...

    def __getitem__(self, index: int | slice) -> Item | Sequence[Item]:
        return self.items[index]

    def __len__(self) -> int:
        return len(self.items)


@dataclass(frozen=True)
class Proofs(Results["Outcome"]):
    """How proving went: one outcome per claim (`claim_id`, `proved`, `methods`, `seconds`,
    `reason`), in the order the claims were named."""

    items: tuple[Outcome, ...]
    out: Path = field(repr=False)

    @property
    def proved(self) -> bool:
        """Was every claim proved (and its certificate accepted by the kernel)?"""
        return all(outcome.proved for outcome in self.items)

    @property
    def summary(self) -> str:
        """One line: how many claims were proved and accepted, of how many."""
        done = sum(outcome.proved for outcome in self.items)
        return f"{done:,} of {plural(len(self.items), 'claim')} proved and accepted"

    def __repr__(self) -> str:
        return f"Proofs({self.summary})"

    def _repr_html_(self) -> str:
        return html_table(["claim", "verdict", "evidence", "seconds", "reason"],
                          [[o.claim_id, ("kept" if o.kept else "proved") if o.proved
                            else "NOT proved", ", ".join(distinct(o.methods)),
                            f"{o.seconds:,.2f}", o.reason] for o in self.items], self.summary)


MAX_JOBS = 256  # processes proving at once: far more than cores only competes for memory


def prove(*claim_ids: str, out: str | Path = "certificates", jobs: int = 1,
          scheduler: str | None = None, every: bool = False,
          bounds: Mapping[str, int] | None = None, progress: bool | None = None,
          on_start: Callable[[str], None] | None = None,
          on_done: Callable[[Outcome], None] | None = None,
          on_note: Callable[[str], None] | None = None) -> Proofs:
    """Prove the claims named by ids (any within a pattern's limits: `claims()` lists them) or
    globs (over the listed default claims, and with `every` over those proved on request too,
    which may take hours), the default set when none is named; write one certificate per claim
    into `out` and check each with the kernel. A claim not proved leaves no file.

    The claims are proved `jobs` at a time in local processes, or, given the address of a
    Dask scheduler (`scheduler`, such as "tcp://10.0.0.5:8786"), as tasks of that cluster,
    whose workers send the evidence back: the certificates are the same bytes either way.
    `bounds` raises (or lowers) the kernel's work bounds by name for this run, as
    ``{"devil.belief-work": 10**8}`` (`coinproofs verify --bounds` lists them).

    Proving into a folder that an earlier run left unfinished (stopped by Ctrl-C, say) keeps
    each certificate there that states its claim and that the kernel accepts (the outcome's
    `kept`), and proves the rest.

    Progress: `progress` None draws a bar in a notebook and nothing elsewhere; True draws
    the bar, or off a notebook writes a line per claim on stderr; False shows nothing.
    `on_start(claim_id)` hears of each claim as it starts, `on_done(outcome)` as it ends, and
    `on_note(message)` of anything else (what a prover is doing, that the run is stopping).

    A ValueError says which id cannot be proved and why, before any work; ClusterUnavailable
    (a ValueError) that the cluster cannot be used."""
    # deferred: 129 ms of CPU to load (docs/design.md, "Imports")
    from coinproofs.proofs.registry import select
    from coinproofs.proofs.runner import ClusterUnavailable, prove_all

    if whole(jobs, "jobs", 1) > MAX_JOBS:
        raise ValueError(f"jobs is the number of claims proved at once, at most {MAX_JOBS}, "
                         f"not {jobs}")
    if scheduler is not None and jobs != 1:
        raise ValueError("give either jobs or a Dask scheduler, not both: the cluster's "
                         "workers decide how many claims are proved at once")
    if not all(isinstance(claim_id, str) for claim_id in claim_ids):
        raise TypeError(f"claim ids are strings such as 'devil.n5.impossible', given one by "
                        f"one (cp.prove(*ids)), not {claim_ids!r}")
    if not isinstance(out, (str, Path)) or str(out) == "":
        raise TypeError(f"out is the name of a folder, not {out!r}")
    folder = Path(out)
    created = not folder.exists()
    usable_folder(folder)
    resume = is_unfinished(folder)
    marker = folder / UNFINISHED
    # Written before the claims are chosen (the default set takes seconds to list), so that a
    # run stopped at any point leaves the folder, marked unfinished, with the command that
    # finishes it.
    write_text_atomically(marker, json.dumps({"prove": list(claim_ids)}) + "\n")
    try:
        specs = select(claim_ids, every)
    except ValueError:  # nothing to prove: the folder is as it was
        if not resume:
            marker.unlink(missing_ok=True)
            if created and not any(folder.iterdir()):
                folder.rmdir()
        raise
    watcher = Watcher(len(specs), "proving", progress, on_start, on_done, on_note)
    try:
        with watcher:
            outcomes = prove_all(specs, folder, jobs, watcher.start, watcher.done, scheduler,
                                 on_note=watcher.note, on_work=watcher.work,
                                 bounds=dict(bounds or {}), keep=resume)
    except ClusterUnavailable:  # nothing was proved: the folder is as it was
        if not resume:
            marker.unlink(missing_ok=True)
        raise
    marker.unlink()
    return Proofs(tuple(outcomes), folder)


# An unfinished prove: hidden (so no MANIFEST lists it), removed once the MANIFEST is written.
UNFINISHED = ".coinproofs-unfinished"


def is_unfinished(folder: Path) -> bool:
    """Did an earlier `prove` into `folder` stop before writing its MANIFEST (Ctrl-C, a crash)?
    Then its certificates are kept where the kernel accepts them, and the rest proved."""
    # deferred: 86 ms of CPU to load (docs/design.md, "Imports")
    from coinproofs.verify.manifest import NAME

    return (folder / UNFINISHED).exists() or (
        not (folder / NAME).exists() and any(folder.glob("*.json")))


def finishing_command(folder: Path) -> str | None:
    """The command that finishes the unfinished `prove` into `folder` (None: no prove stopped
    there), from what that run was asked to prove."""
    # deferred: 84 ms of CPU to load (docs/design.md, "Imports")
    from coinproofs.verify.certificate import DOCUMENT_BYTES, Rejected, parse_json

    marker = folder / UNFINISHED
    if not marker.is_file() or marker.is_symlink():
        return None
    request: list[str] = []
    try:
        DOCUMENT_BYTES.check(marker.stat().st_size, str(marker))
        recorded = parse_json(marker.read_text(encoding="utf-8"), str(marker)).get("prove")
        if isinstance(recorded, list) and all(isinstance(word, str) for word in recorded):
            request = recorded
    except (OSError, UnicodeDecodeError, Rejected, AttributeError):
        pass  # a marker we cannot read still says the run stopped: finish the default claims
    return shlex.join(["coinproofs", "prove", *request, "--out", str(folder)])


def usable_folder(folder: Path) -> None:
    """Make `folder` (and its parents), or raise a ValueError naming it and saying why not."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise ValueError(f"cannot write certificates into {folder}: it is a file, "
                         "not a folder") from None
    except OSError as error:
        raise ValueError(f"cannot write certificates into {folder}: "
                         f"{error.strerror.lower() if error.strerror else error}") from None
    probe = folder / ".coinproofs-write-test"
    try:
        probe.touch()
        probe.unlink()
    except OSError as error:
        reason = error.strerror.lower() if error.strerror else str(error)
        raise ValueError(f"cannot write certificates into {folder}: {reason}") from None
    strangers = sorted(path.name for path in folder.glob("*.json")
                       if not path.name.startswith(".") and not _named_after_a_claim(path.stem))
    if strangers:
        more = f" (and {len(strangers) - 1} more)" if len(strangers) > 1 else ""
        raise ValueError(f"cannot write certificates into {folder}: it holds {strangers[0]}"
                         f"{more}, named after no claim, which the MANIFEST would list as a "
                         "certificate and `coinproofs verify` would reject; move it away or "
                         "choose another folder")


def _named_after_a_claim(name: str) -> bool:
    """Does some claim pattern match `name` (the certificate of an earlier run)?"""
    # deferred: 97 ms of CPU to load (docs/design.md, "Imports")
    from coinproofs.proofs.registry import UnknownClaim, pattern_of

    try:
        pattern_of(name)
    except UnknownClaim:
        return False
    return True


def claims(*claim_ids: str, every: bool = False) -> dict[str, list[dict[str, Any]]]:
    """The claim patterns (each with its limits: `prove` takes any id within them) and the
    claims a bare `prove` proves (with `every`, also those listed but proved on request, each
    with how long it `takes`), or those the ids (any within a pattern's limits) and globs (over
    the listed claims) name. A ValueError says which id cannot be proved and why.

    >>> [pattern["pattern"] for pattern in claims()["patterns"]][:2]
    ['devil.n<N>.shortest', 'devil.n<N>.impossible']
    >>> claims("devil.n4.g0-1c2-3.g0-2c1-3.shortest")["claims"][0]["value"]
    15
    """
    # deferred: 97 ms of CPU to load (docs/design.md, "Imports")
    from coinproofs.proofs.registry import all_claims, pattern_of, patterns, select, shown

    chosen = (select(claim_ids) if claim_ids
              else [spec for spec in all_claims() if spec.default or every])
    return {"patterns": [pattern.as_json() for pattern in patterns()],
            "claims": [spec.as_json() | {"default": spec.default,
                                         "pattern": shown(pattern_of(spec.id).template)}
                       | ({} if spec.default or not spec.takes else {"takes": spec.takes})
                       for spec in chosen]}


# --- Checking -------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Verdict:
    """The kernel's verdict on one certificate: `accepted`, or a `reason` why not."""

    path: Path = field(repr=False)
    claim: str  # the claim's id, or the file's path when the certificate is rejected
    accepted: bool
    reason: str = field(default="", repr=False)
    evidence: tuple[str, ...] = ()  # the evidence methods the kernel checked
    seconds: float = field(default=0.0, repr=False)

    def __repr__(self) -> str:
        if self.accepted:
            return (f"Verdict(claim={self.claim!r}, accepted=True, "
                    f"evidence={distinct(self.evidence)!r})")
        return f"Verdict(claim={self.claim!r}, accepted=False, reason={self.reason!r})"

    def row(self) -> list[str]:
        """The verdict as a row of the table `coinproofs verify` prints."""
        return [self.claim, "accepted" if self.accepted else "REJECTED",
                ", ".join(self.evidence), f"{self.seconds:,.2f}", self.reason]

    def _repr_html_(self) -> str:
        return html_table(["claim", "verdict", "evidence", "seconds", "reason"], [self.row()])


@dataclass(frozen=True)
class Verdicts(Results[Verdict]):
    """The verdicts on a folder of certificates, in natural order of their names."""

    items: tuple[Verdict, ...]
    problem: str = ""  # why the folder itself cannot be checked (say, it holds no certificate)

    @property
    def accepted(self) -> bool:
        """Is the folder as its MANIFEST says, and every certificate in it accepted?"""
        return not self.problem and all(verdict.accepted for verdict in self.items)

    @property
    def reason(self) -> str:
        """Why not every certificate is accepted ("" if they are)."""
        if self.problem:
            return self.problem
        rejected = [verdict for verdict in self.items if not verdict.accepted]
        if not rejected:
            return ""
        more = f" (and {plural(len(rejected) - 1, 'other')})" if len(rejected) > 1 else ""
        return f"{rejected[0].path.name}: {rejected[0].reason}{more}"

    @property
    def summary(self) -> str:
        """One line: how many certificates were accepted, of how many."""
        done = sum(verdict.accepted for verdict in self.items)
        return f"{done:,} of {plural(len(self.items), 'claim')} accepted"

    def __repr__(self) -> str:
        return f"Verdicts({self.summary})" + (f": {self.reason}" if self.reason else "")

    def _repr_html_(self) -> str:
        caption = self.summary + (f"; {self.problem}" if self.problem else "")
        return html_table(["claim", "verdict", "evidence", "seconds", "reason"],
                          [verdict.row() for verdict in self.items], caption)


def check_certificate(path: Path, named: bool = False) -> Verdict:
    """The kernel's verdict on the certificate in `path` (`named`: a certificate of a folder
    with a manifest, whose name must be its claim's id); never raises for a bad file."""
    # deferred: 86 ms of CPU to load (docs/design.md, "Imports")
    from coinproofs.verify.certificate import Rejected, check_file
    from coinproofs.verify.manifest import check_named

    start = time.perf_counter()
    try:
        checked = (check_named if named else check_file)(path)
    except Rejected as rejection:
        return Verdict(path, str(path), False, str(rejection),
                       seconds=time.perf_counter() - start)
    return Verdict(path, checked.claim.id, True, "", distinct(checked.methods),
                   time.perf_counter() - start)


def certificate_files(folder: Path) -> list[Path]:
    """The certificates (``*.json``) in a folder, in natural order (n2 before n10)."""
    return sorted(folder.glob("*.json"), key=lambda path: natural_key(path.name))


def verify(path: str | Path, *, bounds: Mapping[str, int] | None = None,
           progress: bool | None = None, on_start: Callable[[str], None] | None = None,
           on_done: Callable[[Verdict], None] | None = None) -> Verdict | Verdicts:
    """Check a certificate file, or every certificate in a folder, with the kernel alone
    (`bounds` raises or lowers its work bounds by name for this call, as in `prove`).
    Never raises on a bad certificate: the verdict says why it is not accepted (a path that
    does not exist raises FileNotFoundError, as Python's own file functions do). A folder that
    a `prove` left unfinished is not accepted, and its reason names the command that
    finishes it. `progress`, `on_start(file name)` and `on_done(verdict)` as in `prove`."""
    if not isinstance(path, (str, Path)) or str(path) == "":
        raise TypeError(f"path is the name of a certificate file or of a folder of them, "
                        f"not {path!r}")
    path = Path(path)
    if not path.exists() and not path.is_symlink():  # a missing path is the caller's error
        raise FileNotFoundError(errno.ENOENT, "no certificate file or folder of them", str(path))
    if not path.is_dir():
        with raised(bounds or {}):
            return check_certificate(path)
    files, problem = _folder(path)
    watcher = Watcher(len(files), "checking", progress, on_start, on_done)
    verdicts = []
    with watcher, raised(bounds or {}):
        for file in files:
            watcher.start(file.name)
            verdicts.append(check_certificate(file, named=not problem))
            watcher.done(verdicts[-1])
    return Verdicts(tuple(verdicts), problem)


def _folder(path: Path) -> tuple[list[Path], str]:
    """The certificates of a folder, and why the folder itself is not as it should be ("" if
    it is: its MANIFEST lists exactly its files). When it is not, its certificates are
    checked all the same."""
    # deferred: 86 ms of CPU to load (docs/design.md, "Imports")
    from coinproofs.verify.certificate import Rejected
    from coinproofs.verify.manifest import NAME, check_manifest

    command = finishing_command(path)
    if command is not None:
        return certificate_files(path), (
            f"{path} holds an unfinished `coinproofs prove` (stopped before it wrote the "
            f"{NAME}): `{command}` finishes it, keeping the certificates already accepted")
    try:
        return sorted(check_manifest(path), key=lambda file: natural_key(file.name)), ""
    except Rejected as rejection:
        files = certificate_files(path)
        return files, (str(rejection) if files or (path / NAME).exists()
                       else f"no certificates (*.json) found in {path}")


def verify_coq(*paths: str | Path, jobs: int = 1,
               bounds: Mapping[str, int] | None = None, progress: bool | None = None,
               on_start: Callable[[str], None] | None = None,
               on_done: Callable[[Any], None] | None = None,
               admit_libraries: bool = False) -> Verdicts:
    """Check the Coq proofs of certificates with Coq alone (the second road): for each
    certificate (files, or every certificate of folders), compile its proof `<module>.v`
    against formal/, have Coq accept its theorem as a proof of the statement its claim id
    states, then run coqchk over everything, which must find no assumption. A certificate
    without a proof, or whose claim is not the one its id states, is not accepted; a folder
    is read by the rules `verify` reads it by (its MANIFEST present and matching, each
    certificate named after its claim). `bounds` raises or lowers the coq.* bounds (and the
    kernel's) by name for this call. CoqMissing (a ValueError) when coqc, coqchk or the
    built formal/ is missing. `progress`, `on_start(claim)` and `on_done` as in `prove`: a
    claim is done when coqc has compiled its proof or it was refused before (the statements'
    check and coqchk come after, and the verdicts returned are the final ones).
    `admit_libraries`: coqchk checks the proofs and formal/, and admits MathComp and Coq's
    library beneath them (for a run after `make formal-gate`, whose coqchk checks those).

    What coqc compiles is kept in the user's cache (coinproofs/coq/cache.py), so that a run
    after an interrupted or earlier one compiles only the proofs whose files changed; the
    statements' check and coqchk run over every proof every time."""
    # deferred: 174 ms of CPU to load (docs/design.md, "Imports")
    from coinproofs.coq.check import CoqVerdict, check_folder

    jobs = whole(jobs, "jobs", 1)
    groups: dict[tuple[Path, bool], list[Path]] = {}  # (folder, named): its certificates
    problems: list[str] = []
    for path in map(Path, paths or ("certificates",)):
        if path.is_dir():
            files, problem = _folder(path)
            problems += [problem] if problem else []
            groups.setdefault((path, not problem), []).extend(files)
        else:
            groups.setdefault((path.parent, False), []).append(path)
    verdicts: list[Verdict] = []
    watcher = Watcher(sum(map(len, groups.values())), "compiling", progress, on_start, on_done)
    with watcher, raised(bounds or {}):
        for (folder, named), files in groups.items():
            checked, assumptions = check_folder(
                folder, files, jobs=jobs, named=named, on_start=watcher.start,
                on_note=watcher.note, cache=True, admit_libraries=admit_libraries,
                on_compiled=lambda proof: watcher.done(CoqVerdict(
                    proof.claim, proof.module, not proof.reason, proof.reason, proof.seconds,
                    proof.kept)))
            verdicts += [Verdict(folder / f"{verdict.module}.v", verdict.claim,
                                 verdict.accepted, verdict.reason,
                                 verdict.methods if verdict.accepted else (),
                                 verdict.seconds) for verdict in checked]
            if assumptions is not None and not assumptions.none:
                problems.append(f"coqchk on {folder}: {assumptions}")
    return Verdicts(tuple(verdicts), "; ".join(problems))
