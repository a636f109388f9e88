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

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar, overload

if TYPE_CHECKING:
    from coinproofs.proofs.runner import Outcome

from coinproofs.text import distinct, natural_key, plural

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
        done = sum(outcome.proved for outcome in self.items)
        return f"{done:,} of {plural(len(self.items), 'claim')} proved and accepted"

    def __repr__(self) -> str:
        return f"Proofs({self.summary})"


MAX_JOBS = 256  # processes proving at once: far more than cores only competes for memory


def prove(*claim_ids: str, out: str | Path = "certificates", jobs: int = 1,
          scheduler: str | None = None, on_start: Callable[[str], None] | None = None,
          on_done: Callable[[Outcome], None] | None = None) -> Proofs:
    """Prove the claims named by ids (any within a pattern's limits: `claims()` lists them) or
    globs (over the listed claims), the default set when none is named; write one certificate
    per claim into `out` and check each with the kernel. The claims are proved `jobs` at a time
    in local processes, or, given the address of a Dask scheduler (`scheduler`, such as
    "tcp://10.0.0.5:8786"), as tasks of that cluster, whose workers send the evidence back:
    the certificates are the same bytes either way. `on_start` and `on_done` hear of progress.
    A ValueError says which id cannot be proved and why, before any work; ClusterUnavailable
    (a ValueError) that the cluster cannot be used."""
    from coinproofs.arguments import whole
    from coinproofs.proofs.registry import select
    from coinproofs.proofs.runner import prove_all

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
    specs = select(claim_ids)
    folder = Path(out)
    usable_folder(folder)
    outcomes = prove_all(specs, folder, jobs, on_start or (lambda message: None),
                         on_done or (lambda outcome: None), scheduler=scheduler)
    return Proofs(tuple(outcomes), folder)


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
    from coinproofs.proofs.registry import UnknownClaim, pattern_of

    try:
        pattern_of(name)
    except UnknownClaim:
        return False
    return True


def claims(every: bool = False) -> dict[str, list[dict[str, Any]]]:
    """The claim patterns (each with its limits: `prove` takes any id within them) and the
    claims a bare `prove` proves (with `every`, also those listed but proved on request).

    >>> [pattern["pattern"] for pattern in claims()["patterns"]][:2]
    ['devil.n<N>.shortest', 'devil.n<N>.impossible']
    """
    from coinproofs.proofs.registry import all_claims, pattern_of, patterns, shown

    return {"patterns": [pattern.as_json() for pattern in patterns()],
            "claims": [spec.as_json() | {"default": spec.default,
                                         "pattern": shown(pattern_of(spec.id).template)}
                       for spec in all_claims() if spec.default or every]}


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


@dataclass(frozen=True)
class Verdicts(Results[Verdict]):
    """The verdicts on a folder of certificates, in natural order of their names."""

    items: tuple[Verdict, ...]
    problem: str = ""  # why the folder itself cannot be checked (say, it holds no certificate)

    @property
    def accepted(self) -> bool:
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
        done = sum(verdict.accepted for verdict in self.items)
        return f"{done:,} of {plural(len(self.items), 'claim')} accepted"

    def __repr__(self) -> str:
        return f"Verdicts({self.summary})" + (f": {self.reason}" if self.reason else "")


def check_certificate(path: Path, named: bool = False) -> Verdict:
    """The kernel's verdict on the certificate in `path` (`named`: a certificate of a folder
    with a manifest, whose name must be its claim's id); never raises for a bad file."""
    from coinproofs.verify.certificate import Rejected, check_file
    from coinproofs.verify.manifest import check_named

    start = time.perf_counter()
    try:
        checked = (check_named if named else check_file)(path)
    except Rejected as rejection:
        return Verdict(path, str(path), False, str(rejection),
                       seconds=time.perf_counter() - start)
    return Verdict(path, checked.claim.id, True, "", tuple(checked.methods),
                   time.perf_counter() - start)


def certificate_files(folder: Path) -> list[Path]:
    """The certificates (*.json) in a folder, in natural order (n2 before n10)."""
    return sorted(folder.glob("*.json"), key=lambda path: natural_key(path.name))


def verify(path: str | Path) -> Verdict | Verdicts:
    """Check a certificate file, or every certificate in a folder, with the kernel alone.
    Never raises on a bad certificate: the verdict says why it is not accepted."""
    from coinproofs.verify.certificate import Rejected
    from coinproofs.verify.manifest import NAME, check_manifest

    if not isinstance(path, (str, Path)) or str(path) == "":
        raise TypeError(f"path is the name of a certificate file or of a folder of them, "
                        f"not {path!r}")
    path = Path(path)
    if not path.is_dir():
        return check_certificate(path)
    try:
        files = sorted(check_manifest(path), key=lambda file: natural_key(file.name))
        return Verdicts(tuple(check_certificate(file, named=True) for file in files))
    except Rejected as rejection:
        # The folder is not what its manifest says: its certificates are checked all the same.
        files = certificate_files(path)
        problem = (str(rejection) if files or (path / NAME).exists()
                   else f"no certificates (*.json) found in {path}")
        return Verdicts(tuple(map(check_certificate, files)), problem)



def verify_coq(*paths: str | Path, jobs: int = 1) -> Verdicts:
    """Check the Coq proofs of certificates with Coq alone (the second road): for each
    certificate (files, or every certificate of folders), compile its proof `<module>.v`
    against formal/, have Coq accept its theorem as a proof of the claim's statement, then run
    coqchk over everything, which must find no assumption. A certificate without a proof is
    not accepted. CoqMissing (a ValueError) when coqc, coqchk or the built formal/ is missing.
    """
    from coinproofs.arguments import whole
    from coinproofs.coq.check import check_folder

    jobs = whole(jobs, "jobs", 1)
    groups: dict[Path, list[Path]] = {}
    for path in map(Path, paths or ("certificates",)):
        if path.is_dir():
            groups.setdefault(path, []).extend(certificate_files(path))
        else:
            groups.setdefault(path.parent, []).append(path)
    verdicts: list[Verdict] = []
    problems: list[str] = []
    for folder, files in groups.items():
        checked, assumptions = check_folder(folder, files, jobs=jobs)
        verdicts += [Verdict(folder / f"{verdict.module}.v", verdict.claim, verdict.accepted,
                             verdict.reason, ("coq", "coqchk") if verdict.accepted else (),
                             verdict.seconds) for verdict in checked]
        if assumptions is not None and not assumptions.none:
            problems.append(f"coqchk on {folder}: {assumptions}")
    return Verdicts(tuple(verdicts), "; ".join(problems))
