"""Checking the Coq proofs of a folder of certificates with Coq alone: ``coinproofs verify --coq``.

For every certificate ``<id>.json`` of the folder, its proof ``<module>.v`` is compiled by
``coqc`` against the formal library (``formal/``, built by ``make formal``). Then one more file,
written here and not by the prover, states each claim afresh from the certificate's ``claim``
(:func:`coinproofs.coq.build.statement`) and asks Coq's kernel to accept the compiled theorem
as a proof of exactly that statement::

    Definition statement_1 := <the claim, in the rules' terms>.
    ...
    Require Certificates.<module_1>.
    ...
    Definition claim_1 : statement_1 := Certificates.<module_1>.claim.

Every statement is elaborated before any proof is loaded, so nothing a proof file declares
(notations, canonical structures, hints) can change what a statement means. Last, ``coqchk``
re-checks that file and everything it depends on (the proofs, formal/, MathComp, Coq's
library) with its own kernel and prints the assumptions: there must be no axiom, no
type-in-type, no unguarded fixpoint and no assumed positivity, anywhere.

A proof file is compiled in a separate build folder (the certificate folder is left as it is),
each ``coqc`` with a time limit and a memory limit, ``jobs`` at a time.
"""

from __future__ import annotations

import os
import re
import resource
import shutil
import subprocess
import tempfile
import time
from collections.abc import Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from coinproofs.coq import Unsupported, module_name
from coinproofs.coq.build import comment, statement

ROOT = "Certificates"  # the logical name of the build folder: Certificates.<module>
DRIVER = "CoinProofsStatements"  # the file that checks every theorem against its statement
SECONDS = 1200  # at most, for one coqc or the coqchk run
MEMORY = 8 << 30  # bytes of address space for one coqc (Coq's VM is generous with it)
WARNINGS = "-notation-overridden"  # MathComp redeclares +, <=, ...: harmless, and noisy


class CoqMissing(ValueError):
    """Coq is not installed, or the formal library is not built: the message says what to do."""


@dataclass(frozen=True)
class CoqVerdict:
    """Coq's verdict on the proof of one claim: `accepted`, or a `reason` why not."""

    claim: str
    module: str
    accepted: bool
    reason: str = ""
    seconds: float = field(default=0.0, repr=False)


@dataclass(frozen=True)
class Assumptions:
    """What coqchk's context summary says the checked modules rest on (empty: nothing)."""

    axioms: tuple[str, ...] = ()
    type_in_type: tuple[str, ...] = ()
    unsafe_fixpoints: tuple[str, ...] = ()
    assumed_positivity: tuple[str, ...] = ()
    impredicative_set: bool = False

    def within(self, prefixes: tuple[str, ...]) -> Assumptions:
        """Only the assumptions named inside modules with one of these logical prefixes (a
        check that admits the libraries beneath sees their sealed module fields as axioms)."""
        def ours(names: tuple[str, ...]) -> tuple[str, ...]:
            return tuple(name for name in names if name.startswith(prefixes))

        return Assumptions(ours(self.axioms), ours(self.type_in_type),
                           ours(self.unsafe_fixpoints), ours(self.assumed_positivity),
                           self.impredicative_set)

    @property
    def none(self) -> bool:
        return not (self.axioms or self.type_in_type or self.unsafe_fixpoints
                    or self.assumed_positivity or self.impredicative_set)

    def __str__(self) -> str:
        if self.none:
            return "no axiom, no type-in-type, no unsafe fixpoint, no assumed positivity"
        parts = [f"{label}: {', '.join(names)}" for label, names in
                 (("axioms", self.axioms), ("type-in-type", self.type_in_type),
                  ("unsafe fixpoints", self.unsafe_fixpoints),
                  ("assumed positivity", self.assumed_positivity)) if names]
        return "; ".join(parts + (["Set is impredicative"] if self.impredicative_set else []))


# The headings of coqchk's context summary (coqchk -o), and the field each list goes to.
SUMMARY = {"Axioms": "axioms",
           "Constants/Inductives relying on type-in-type": "type_in_type",
           "Constants/Inductives relying on unsafe (co)fixpoints": "unsafe_fixpoints",
           "Inductives whose positivity is assumed": "assumed_positivity"}


def parse_summary(output: str) -> Assumptions:
    """The assumptions that coqchk's context summary lists; a ValueError if the output has no
    complete summary (coqchk failed, or printed something else).

    >>> text = ("CONTEXT SUMMARY\\n===============\\n\\n* Theory: Set is predicative\\n  \\n"
    ...         "* Axioms:\\n    M.ax\\n  \\n"
    ...         "* Constants/Inductives relying on type-in-type: <none>\\n  \\n"
    ...         "* Constants/Inductives relying on unsafe (co)fixpoints: <none>\\n  \\n"
    ...         "* Inductives whose positivity is assumed: <none>\\n  \\n")
    >>> parse_summary(text).axioms
    ('M.ax',)
    """
    headings = list(re.finditer(r"^CONTEXT SUMMARY\n=+\n", output, flags=re.MULTILINE))
    if not headings:
        raise ValueError("coqchk printed no context summary")
    summary = output[headings[-1].end():]
    lists: dict[str, list[str]] = {}
    theory = None
    heading = None
    for line in summary.splitlines():
        item = re.fullmatch(r"\* (.+?):(.*)", line)
        if item:
            name, rest = item[1], item[2].strip()
            if name == "Theory":
                theory, heading = rest, None
                continue
            if name not in SUMMARY:
                raise ValueError(f"coqchk's summary has an unknown item {name!r}")
            heading = SUMMARY[name]
            lists[heading] = [] if rest in ("", "<none>") else [rest]
        elif line.strip() and heading is not None:
            lists[heading].append(line.strip())
    if theory is None or set(lists) != set(SUMMARY.values()):
        raise ValueError("coqchk's context summary is incomplete")
    return Assumptions(**{key: tuple(value) for key, value in lists.items()},
                       impredicative_set=theory != "Set is predicative")


def formal_folder() -> Path:
    """The formal library of this checkout (formal/ beside the coinproofs package)."""
    return Path(__file__).resolve().parents[2] / "formal"


def require_coq(formal: Path) -> None:
    """CoqMissing unless coqc and coqchk are installed and `formal` is built."""
    for tool in ("coqc", "coqchk"):
        if shutil.which(tool) is None:
            raise CoqMissing(f"{tool} is not installed (Debian: apt-get install coq "
                             "libcoq-mathcomp)")
    if not (formal / "Claims.vo").is_file():
        raise CoqMissing(f"the formal library in {formal} is not built: run `make formal`")


def _limited() -> None:
    """In a coqc child: bound its memory, so one proof cannot take the machine."""
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def run_coq(command: list[str], folder: Path, seconds: float = SECONDS) -> tuple[bool, str]:
    """Run a Coq tool in `folder`: did it succeed, and what it printed (the end of it)."""
    try:
        done = subprocess.run(command, cwd=folder, capture_output=True, text=True,
                              timeout=seconds, preexec_fn=_limited)
    except subprocess.TimeoutExpired:
        return False, f"{command[0]} took more than {seconds:,.0f} s"
    output = (done.stdout + done.stderr).strip()
    return done.returncode == 0, output


def coqc(formal: Path, build: Path, name: str) -> list[str]:
    """The coqc command that compiles build/<name>.v against the formal library."""
    return ["coqc", "-w", WARNINGS, "-Q", str(formal), "CoinProofs", "-R", str(build), ROOT,
            f"{name}.v"]


def last_error(output: str) -> str:
    """The gist of what coqc said when it failed: its last error, in one line."""
    found = output.rfind("Error:")
    text = output[found:] if found >= 0 else output[-400:]
    return " ".join(text.split())[:400] or "coqc failed and said nothing"


@dataclass
class Proof:
    """One claim's proof on its way through the check."""

    claim: str
    module: str
    source: Path
    statement: str = ""
    requires: tuple[str, ...] = ()
    reason: str = ""
    seconds: float = 0.0


def proofs_of(folder: Path, certificates: Iterable[Path]) -> list[Proof]:
    """The proof of each certificate, with its statement; a missing proof or an unreadable
    certificate is its reason for rejection."""
    from coinproofs.verify.certificate import Rejected, load, parse_claim

    proofs = []
    for path in certificates:
        try:
            claim = parse_claim(load(path))
            raw: dict[str, Any] = {"id": claim.id, "game": claim.game, "kind": claim.kind,
                                   "params": dict(claim.params), "value": claim.value,
                                   "statement": claim.statement}
        except Rejected as rejection:
            proofs.append(Proof(path.stem, module_name(path.stem), path,
                                reason=f"the certificate cannot be read: {rejection}"))
            continue
        proof = Proof(claim.id, module_name(claim.id), folder / f"{module_name(claim.id)}.v")
        try:
            stated = statement(raw)
            proof.statement, proof.requires = stated.text, stated.imports
        except Unsupported as why:
            proof.reason = f"no Coq proof: {why}"
        else:
            if not proof.source.is_file() or proof.source.is_symlink():
                proof.reason = f"no Coq proof: {proof.source.name} is missing"
        proofs.append(proof)
    return proofs


def compile_proofs(proofs: list[Proof], formal: Path, build: Path, jobs: int,
                   on_done: Callable[[Proof], None]) -> None:
    """Compile each proof not yet rejected, `jobs` at a time."""
    def compile_one(proof: Proof) -> Proof:
        start = time.perf_counter()
        shutil.copyfile(proof.source, build / f"{proof.module}.v")
        ok, output = run_coq(coqc(formal, build, proof.module), build)
        proof.seconds = time.perf_counter() - start
        if not ok:
            proof.reason = f"coqc rejects {proof.source.name}: {last_error(output)}"
        return proof

    todo = [proof for proof in proofs if not proof.reason]
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        for proof in pool.map(compile_one, todo):
            on_done(proof)


def driver(proofs: list[Proof]) -> str:
    """The file that has Coq's kernel accept each compiled theorem as a proof of its statement,
    every statement elaborated before any proof is loaded."""
    requires = sorted({module for proof in proofs for module in proof.requires})
    lines = ["(* Written by coinproofs verify --coq: each claim stated afresh, then its proof. *)",
             "From mathcomp Require Import all_ssreflect.",
             f"From CoinProofs Require Import {' '.join(requires)}.", ""]
    for number, proof in enumerate(proofs):
        lines.append(f"(* {comment(proof.claim)} *)")
        lines.append(f"Definition statement_{number} : Prop := {proof.statement}.")
    lines.append("")
    lines += [f"Require {ROOT}.{proof.module}." for proof in proofs]
    lines.append("")
    lines += [f"Definition claim_{number} : statement_{number} := {ROOT}.{proof.module}.claim."
              for number, proof in enumerate(proofs)]
    return "\n".join(lines) + "\n"


def check_statements(proofs: list[Proof], formal: Path, build: Path) -> bool:
    """Write and compile the driver for the proofs not yet rejected; if it fails, reject the
    proofs that fail in a driver of their own (they prove something else than their statement)
    and try the others together once more. Return whether a driver compiled."""
    for _ in range(2):
        live = [proof for proof in proofs if not proof.reason]
        if not live:
            return False
        (build / f"{DRIVER}.v").write_text(driver(live))
        ok, together = run_coq(coqc(formal, build, DRIVER), build)
        if ok:
            return True
        for proof in live:
            alone = f"{DRIVER}_{proof.module}"
            (build / f"{alone}.v").write_text(driver([proof]))
            single, output = run_coq(coqc(formal, build, alone), build)
            if not single:
                proof.reason = ("its theorem is not a proof of the claim's statement "
                                f"`{proof.statement}`: {last_error(output)}")
        if all(proof.reason == "" for proof in live):  # each alone is fine: not together
            for proof in live:
                proof.reason = f"the statements cannot be checked together: {last_error(together)}"
    return False


def coqchk_command(formal: Path, modules: list[str], norec: bool = False,
                   build: Path | None = None) -> list[str]:
    """coqchk on `modules` (logical names) and, unless `norec`, everything beneath them. The
    VM is allowed, as proofs by reflection were checked with it (vm_compute): otherwise coqchk
    would redo their computations by plain reduction."""
    command = ["coqchk", "-silent", "-o", "-bytecode-compiler", "yes",
               "-Q", str(formal), "CoinProofs"]
    if build is not None:
        command += ["-R", str(build), ROOT]
    for module in modules:
        command += ["-norec", module] if norec else [module]
    return command


def coqchk(formal: Path, build: Path, modules: list[str],
           norec: bool = False) -> tuple[Assumptions | None, str]:
    """Run coqchk on the driver and the proofs (and, unless `norec`, everything beneath them:
    formal/, MathComp, Coq's library); the assumptions it lists, or None and why it failed.
    With `norec` (for quick tests) only the assumptions named in the proofs' own modules and
    formal/ count."""
    ok, output = run_coq(coqchk_command(formal, [f"{ROOT}.{DRIVER}", *modules], norec, build),
                         build)
    if not ok:
        return None, f"coqchk rejects the proofs: {last_error(output)}"
    try:
        found = parse_summary(output)
    except ValueError as error:
        return None, str(error)
    return (found.within((f"{ROOT}.", "CoinProofs.")) if norec else found), ""


def check_folder(folder: Path, certificates: list[Path], jobs: int = 1,
                 formal: Path | None = None,
                 on_compiled: Callable[[Proof], None] = lambda proof: None,
                 keep: Path | None = None,
                 norec: bool = False) -> tuple[list[CoqVerdict], Assumptions | None]:
    """Coq's verdict on the proof of each certificate in `certificates` (of `folder`), and the
    assumptions coqchk found (None when coqchk did not run or failed). `keep`: build in this
    folder and leave the compiled files there (default: a temporary folder). `on_compiled`
    hears of each proof as coqc finishes it. `norec` (for quick tests): coqchk checks the
    proofs' own modules only, admitting formal/ and the libraries beneath."""
    formal = formal or formal_folder()
    require_coq(formal)
    proofs = proofs_of(folder, certificates)
    with tempfile.TemporaryDirectory(prefix="coinproofs-coq-") as temporary:
        build = keep or Path(temporary)
        build.mkdir(parents=True, exist_ok=True)
        compile_proofs(proofs, formal, build, jobs, on_compiled)
        assumptions: Assumptions | None = None
        if check_statements(proofs, formal, build):
            modules = [f"{ROOT}.{proof.module}" for proof in proofs if not proof.reason]
            assumptions, why = coqchk(formal, build, modules, norec)
            blame(proofs, assumptions, why)
    verdicts = [CoqVerdict(proof.claim, proof.module, not proof.reason, proof.reason,
                           proof.seconds) for proof in proofs]
    return verdicts, assumptions


def blame(proofs: list[Proof], assumptions: Assumptions | None, why: str) -> None:
    """Reject the proofs that coqchk's findings touch: a proof whose own module declares an
    assumption; every proof when coqchk failed or found one elsewhere (in formal/, say)."""
    if assumptions is not None and assumptions.none:
        return
    live = [proof for proof in proofs if not proof.reason]
    if assumptions is None:
        for proof in live:
            proof.reason = why
        return
    named = [name for names in (assumptions.axioms, assumptions.type_in_type,
                                assumptions.unsafe_fixpoints, assumptions.assumed_positivity)
             for name in names]
    owners = {proof.module: proof for proof in live}
    elsewhere = assumptions.impredicative_set
    for name in named:
        module = name.removeprefix(f"{ROOT}.").split(".")[0]
        if name.startswith(f"{ROOT}.") and module in owners:
            owners[module].reason = f"it rests on assumptions: {assumptions}"
        else:
            elsewhere = True
    if elsewhere:
        for proof in live:
            proof.reason = proof.reason or f"the proofs rest on assumptions: {assumptions}"


def jobs_default() -> int:
    """As many coqc at once as this machine has cores."""
    return max(1, len(os.sched_getaffinity(0)))
