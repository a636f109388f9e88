"""Checking the Coq proofs of a folder of certificates with Coq alone: ``coinproofs verify --coq``.

The claim id is the question. For every certificate ``<id>.json``, the claim is first read as
the kernel reads it (its exact shape, and the kernel's own :func:`check_form`: the id that its
params give, the statement they give), then asked of the claim registry that ``coinproofs
claims`` uses: the id must name a claim coinproofs states, and the certificate's game, kind,
params, value and statement must be exactly the registry's. The Coq statement is then written
from the registry's claim alone (:func:`coinproofs.coq.build.statement`): nothing read from a
certificate is formatted into Coq text, only numbers and names that code builds from the
parsed id.

Its proof ``<module>.v`` is read within a bound, lexed as Coq lexes it, and refused if it holds
a command no proof needs (``coinproofs/coq/reading.py``: assumptions, switched-off checks,
primitives, loading code or files, extraction, native compilation). It is then compiled by
``coqc`` against the formal library (``formal/``, built by ``make formal``), in a build folder
of its own, from an empty working folder (the only one on Coq's ML load path besides Coq's own
plugins). Then one more file, written here and not by the prover, states each claim afresh and
asks Coq's kernel to accept the compiled theorem as a proof of exactly that statement::

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

Every run of a Coq tool is bounded in time and memory by the claims it checks: a claim that
takes seconds (every default claim) gets ``coq.seconds`` and ``coq.memory``, one whose declared
work (the ``takes`` of ``coinproofs claims``) is longer gets ``coq.long-seconds`` and
``coq.long-memory``; coqchk gets the sum of its claims' times and ``coq.library-seconds`` for
the libraries beneath. ``coinproofs verify --coq --bound NAME=VALUE`` changes one for a run.
"""

from __future__ import annotations

import json
import os
import re
import resource
import shutil
import subprocess
import tempfile
import threading
import time
from collections.abc import Callable, Iterable, Mapping
from concurrent.futures import ThreadPoolExecutor
from contextlib import nullcontext
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from coinproofs.coq import MATHCOMP_IMPORT, Unsupported, module_name
from coinproofs.coq.build import comment, statement
from coinproofs.coq.cache import (
    build_folder,
    digest,
    file_digest,
    held,
    library_stamp,
    read_record,
    write_record,
)
from coinproofs.coq.library import (
    BUILT,
    WALKCHECK,
    checkout_formal,
    formal_folder,
    how_to_build,
    how_to_build_walkcheck,
    logical_name,
    pinned,
    project_modules,
)
from coinproofs.coq.norepeat import extracted_walk
from coinproofs.coq.reading import banned_commands
from coinproofs.proofs.registry import find, takes_text
from coinproofs.verify.certificate import check_form, load, open_regular, parse_claim
from coinproofs.verify.schema import Rejected, declare, expect

ROOT = "Certificates"  # the logical name of the build folder: Certificates.<module>
DRIVER = "CoinProofsStatements"  # the file that checks every theorem against its statement
WARNINGS = "-notation-overridden"  # MathComp redeclares +, <=, ...: harmless, and noisy

# Measured (docs/formal.md, "Coverage"): the slowest default claim compiles in 12 s and the
# largest coqc takes 0.6 GB; coqchk over formal/, MathComp and Coq's library 90 s and 0.4 GB.
SECONDS = declare("coq.seconds", 120, "seconds",
                  "verify --coq: one proof's coqc, and its share of coqchk, for a claim that "
                  "takes seconds (every default claim)", road="coq")
MEMORY = declare("coq.memory", 2 << 30, "bytes",
                 "verify --coq: the memory of one coqc or coqchk for claims that take seconds",
                 road="coq")
LONG_SECONDS = declare("coq.long-seconds", 3600, "seconds",
                       "verify --coq: one proof's coqc, and its share of coqchk, for a claim "
                       "that declares longer work (its `takes` in `coinproofs claims`)", road="coq")
LONG_MEMORY = declare("coq.long-memory", 8 << 30, "bytes",
                      "verify --coq: the memory of one coqc or coqchk for a claim that "
                      "declares longer work", road="coq")
LIBRARY_SECONDS = declare("coq.library-seconds", 900, "seconds",
                          "verify --coq: coqchk's check of formal/, MathComp and Coq's library "
                          "beneath the proofs", road="coq")
PROOF_BYTES = declare("coq.proof-bytes", 32 << 20, "bytes",
                      "verify --coq: the largest proof file read (the largest `prove` writes "
                      "has about 2 MB)", road="coq")


@dataclass(frozen=True)
class Budget:
    """What one run of a Coq tool may take: seconds of wall time, bytes of address space."""

    seconds: float
    memory: int

    def __add__(self, other: Budget) -> Budget:
        """The budget of one run that does the work of both."""
        return Budget(self.seconds + other.seconds, max(self.memory, other.memory))


def budget_of(takes: str) -> Budget:
    """The budget of a claim, from the work it declares: the `takes` of `coinproofs claims`
    ("" for a default claim, "seconds" for most on request, else words such as "about 4
    minutes")."""
    if takes in ("", "seconds"):
        return Budget(SECONDS.limit, MEMORY.limit)
    return Budget(LONG_SECONDS.limit, LONG_MEMORY.limit)


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
    kept: bool = field(default=False, repr=False)  # compiled by an earlier run, not again
    # What checked it: coqc and coqchk, or the extracted walk checker.
    methods: tuple[str, ...] = field(default=("coq", "coqchk"), repr=False)


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


def require_coq(formal: Path) -> None:
    """CoqMissing unless coqc and coqchk are installed and `formal` is built (outside a
    checkout: from the pinned sources)."""
    for tool in ("coqc", "coqchk"):
        if shutil.which(tool) is None:
            raise CoqMissing(f"{tool} is not installed (Debian: apt-get install coq "
                             "libcoq-mathcomp)")
    if not (formal / BUILT).is_file():
        raise CoqMissing(f"the formal library in {formal} is not built: {how_to_build(formal)}")
    if formal != checkout_formal() and not pinned(formal):
        raise CoqMissing(f"the formal library in {formal} is not built from the sources "
                         f"coinproofs was checked with: {how_to_build(formal)}")


def run_coq(command: list[str], folder: Path, budget: Budget | None = None) -> tuple[bool, str]:
    """Run a Coq tool from `folder` within `budget` (default: a claim that takes seconds): did
    it succeed, and what it printed."""
    budget = budget or budget_of("")

    def limited() -> None:  # in the child: bound its memory, so one proof cannot take the machine
        resource.setrlimit(resource.RLIMIT_AS, (budget.memory, budget.memory))

    try:
        done = subprocess.run(command, cwd=folder, capture_output=True, text=True,
                              timeout=budget.seconds, preexec_fn=limited)
    except subprocess.TimeoutExpired:
        return False, (f"{command[0]} took more than its bound of {budget.seconds:,.0f} s "
                       "(`coinproofs verify --bounds` lists the coq.* bounds)")
    output = (done.stdout + done.stderr).strip()
    if done.returncode != 0 and re.search(r"Out of memory|Stack overflow|Cannot allocate", output):
        output += (f" (within its bound of {budget.memory >> 20:,} MiB: `coinproofs verify "
                   "--bounds` lists the coq.* bounds)")
    return done.returncode == 0, output


def coqc(formal: Path, build: Path, name: str) -> list[str]:
    """The coqc command that compiles build/<name>.v against the formal library, with no
    native compilation (it would load code into Coq)."""
    return ["coqc", "-w", WARNINGS, "-native-compiler", "no", "-Q", str(formal), "CoinProofs",
            "-R", str(build), ROOT, str(build / f"{name}.v")]


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
    text: str = ""  # the proof file as read and scanned: what coqc compiles
    budget: Budget = field(default_factory=lambda: budget_of(""))
    takes: str = ""  # the work the claim declares, whose budget is `budget`
    reason: str = ""
    seconds: float = 0.0
    kept: bool = False  # compiled by an earlier run from the same files: not compiled again
    # A strategy walk too large for a .v file: coins, misère, the winner (the claim's value),
    # the walk file, for the extracted walk checker (formal/checker/walkcheck) in place of coqc,
    # the driver and coqchk.
    walk: tuple[int, bool, str, Path] | None = None


@dataclass(frozen=True)
class Stated:
    """What a claim id asks, as the claim registry states it: the claim (id, game, kind, params,
    value, statement, as a certificate holds it) and the work it declares (`takes`)."""

    claim: Mapping[str, Any]
    takes: str


def stated(claim_id: str) -> Stated:
    """The claim `claim_id` names, from the registry `coinproofs claims` uses; a ValueError
    saying why when it names none."""
    spec = find(claim_id)
    return Stated(spec.as_json(), spec.takes)


def the_claim(path: Path, named: bool) -> tuple[str, Stated]:
    """The id of the certificate in `path` and what the registry states for it, once the
    certificate is exactly that claim; a Rejected saying why not (`named`: in a folder whose
    MANIFEST holds, the file must be named after its claim)."""
    claim = parse_claim(load(path))
    check_form(claim)  # the kernel's own check: the id and statement its params give
    try:
        asked = stated(claim.id)
    except ValueError as why:
        raise Rejected(f"{claim.id} is not a claim coinproofs states: {why}") from None
    for key in ("game", "kind", "params", "value", "statement"):
        written, expected = getattr(claim, key), asked.claim[key]
        # As JSON text, so that "15", 15.0 or true never pass for 15 or 1.
        expect(json.dumps(written, sort_keys=True) == json.dumps(expected, sort_keys=True),
               f"the certificate's {key} is not the one {claim.id} states")
    if named:
        expect(path.name == f"{claim.id}.json",
               f"{path.name} holds the certificate of {claim.id}, not of "
               f"{path.name.removesuffix('.json')}")
    return claim.id, asked


def read_proof(path: Path) -> str:
    """The proof file `path`, once it is a regular file within coq.proof-bytes that holds no
    command a proof never needs; a Rejected saying why not."""
    with open_regular(path) as handle:
        data = handle.read(PROOF_BYTES.limit + 1)
    PROOF_BYTES.check(len(data), f"the proof file {path.name}", counted=True)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise Rejected(f"{path.name} is not UTF-8 text") from None
    banned = banned_commands(text, proof=True)
    expect(not banned, f"{path.name} holds what no proof needs: {'; '.join(banned[:3])}")
    return text


def proof_of(folder: Path, path: Path, named: bool) -> Proof:
    """The proof of the certificate in `path`, with its statement written from the claim id;
    a malformed certificate, a claim other than its id states, a missing or refused proof file
    is the reason for its rejection."""
    proof = Proof(path.stem, module_name(path.stem), path)
    try:
        claim_id, asked = the_claim(path, named)
    except Rejected as rejection:
        proof.reason = f"the certificate is not its claim: {rejection}"
        return proof
    except Exception as error:  # whatever a malformed certificate does: no, not a crash
        proof.reason = f"the certificate cannot be read ({type(error).__name__}: {error})"
        return proof
    module = module_name(claim_id)
    proof = Proof(claim_id, module, folder / f"{module}.v", budget=budget_of(asked.takes),
                  takes=asked.takes)
    try:
        written = statement(asked.claim)
    except Unsupported as why:
        proof.reason = f"no Coq proof: {why}"
        return proof
    proof.statement, proof.requires = written.text, written.imports
    walk = extracted_walk(load(path), folder)
    if walk is not None:
        proof.walk = (asked.claim["params"]["n"], asked.claim["params"]["misere"],
                      asked.claim["value"], walk)
        return proof
    if proof.source.is_symlink() or not proof.source.is_file():
        proof.reason = f"no Coq proof: {proof.source.name} is missing"
        return proof
    try:
        proof.text = read_proof(proof.source)
    except Rejected as why:
        proof.reason = str(why)
    return proof


def proofs_of(folder: Path, certificates: Iterable[Path], named: bool = False) -> list[Proof]:
    """The proof of each certificate, with its statement (each rejection its own)."""
    return [proof_of(folder, path, named) for path in certificates]


def compile_proofs(proofs: list[Proof], formal: Path, build: Path, jobs: int,
                   on_done: Callable[[Proof], None],
                   on_start: Callable[[str], None] = lambda claim: None,
                   reuse: bool = False) -> None:
    """Compile each proof not yet rejected, `jobs` at a time, each within its budget; a proof
    rejected already is done at once. With `reuse`, `build` keeps a record of what each module
    was compiled from (coinproofs/coq/cache.py): a proof whose text, statement and formal
    library are those of its compiled module there is kept, not compiled again."""
    record = read_record(build) if reuse else {}
    stamp = library_stamp(formal) if reuse else ""
    writing = threading.Lock()

    def source(proof: Proof) -> str:
        return digest(proof.text, proof.statement, stamp)

    def compiled_before(proof: Proof) -> bool:
        entry = record.get(proof.module, {})
        compiled = build / f"{proof.module}.vo"
        return (reuse and entry.get("source") == source(proof) and compiled.is_file()
                and entry.get("vo") == file_digest(compiled))

    def compile_one(proof: Proof) -> Proof:
        on_start(proof.claim)
        start = time.perf_counter()
        (build / f"{proof.module}.v").write_text(proof.text)  # the text that was scanned
        ok, output = run_coq(coqc(formal, build, proof.module), _empty(build), proof.budget)
        proof.seconds = time.perf_counter() - start
        if not ok:
            proof.reason = f"coqc rejects {proof.source.name}: {last_error(output)}"
        if reuse:
            with writing:  # as each finishes: an interrupted run keeps what it compiled
                if ok:
                    record[proof.module] = {"source": source(proof), "vo": file_digest(
                        build / f"{proof.module}.vo")}
                else:
                    record.pop(proof.module, None)
                write_record(build, record)
        return proof

    for proof in proofs:
        if proof.reason or compiled_before(proof):
            proof.kept = not proof.reason
            on_start(proof.claim)
            on_done(proof)
    todo = [proof for proof in proofs if not proof.reason and not proof.kept]
    pool = ThreadPoolExecutor(max_workers=jobs)
    try:
        for proof in pool.map(compile_one, todo):
            on_done(proof)
    finally:  # on Ctrl-C, no proof waiting is started
        pool.shutdown(wait=True, cancel_futures=True)


def check_walk(proof: Proof, formal: Path, build: Path) -> None:
    """Run the extracted walk checker on the proof's walk, within the claim's budget: it prints
    "second wins" only if wordsb accepts the walk for these coins and rule with None, which
    then proves `second_wins n r` (Theorem words_second_wins), and "first wins" only if it
    accepts it with the first move, which proves `first_wins n r` (words_first_wins; the gate
    pins both statements). The winner it is asked for is the claim's value, as every other
    Coq proof's statement comes from its claim."""
    assert proof.walk is not None
    n, misere, winner, walk = proof.walk
    program = formal / WALKCHECK
    if not program.is_file():
        proof.reason = (f"no Coq proof: its walk is for {program}, which is not built "
                        f"({how_to_build_walkcheck(formal)})")
        return
    start = time.perf_counter()
    # Absolute: walkcheck runs from another folder than the one `walk` may be relative to.
    ok, output = run_coq([str(program), str(n), "misere" if misere else "normal", winner,
                          str(walk.absolute())], _empty(build), proof.budget)
    proof.seconds = time.perf_counter() - start
    if not ok or output != f"{winner} wins":
        proof.reason = f"the extracted walk checker refuses {walk.name}: {output[-400:]}"


def _empty(build: Path) -> Path:
    """The empty folder Coq's tools run from (Coq puts its working folder on the ML load
    path): beside the build folder, never the certificate folder."""
    empty = build / ".run"
    empty.mkdir(exist_ok=True)
    return empty


def total(proofs: Iterable[Proof]) -> Budget:
    """One run's budget for the work of all these proofs."""
    budget = Budget(0, MEMORY.limit)
    for proof in proofs:
        budget = budget + proof.budget
    return budget


def driver(proofs: list[Proof]) -> tuple[str, dict[int, Proof]]:
    """The file that has Coq's kernel accept each compiled theorem as a proof of its statement,
    every statement elaborated before any proof is loaded; and the proof each of its lines
    about one proof is about (by line number, from 1), to blame the line an error names."""
    requires = sorted({module for proof in proofs for module in proof.requires})
    lines: list[tuple[str, Proof | None]] = [
        ("(* Written by coinproofs verify --coq: each claim stated afresh, then its proof. *)",
         None),
        (MATHCOMP_IMPORT, None),
        (f"From CoinProofs Require Import {' '.join(requires)}.", None), ("", None)]
    for number, proof in enumerate(proofs):
        lines.append((f"(* {comment(proof.claim)} *)", None))
        lines.append((f"Definition statement_{number} : Prop := {proof.statement}.", proof))
    lines.append(("", None))
    lines += [(f"Require {ROOT}.{proof.module}.", proof) for proof in proofs]
    lines.append(("", None))
    lines += [(f"Definition claim_{number} : statement_{number} := {ROOT}.{proof.module}.claim.",
               proof) for number, proof in enumerate(proofs)]
    owners = {number: proof for number, (_, proof) in enumerate(lines, 1) if proof is not None}
    return "\n".join(text for text, _ in lines) + "\n", owners


def error_line(output: str, name: str) -> int | None:
    """The line of `name`.v at which coqc's error is (None when its error is elsewhere)."""
    found = re.findall(r'^File "([^"]*)", line (\d+), characters [^\n]*\nError:', output,
                       re.MULTILINE)
    if len(found) != 1 or Path(found[0][0]).name != f"{name}.v":
        return None
    return int(found[0][1])


def not_a_proof(proof: Proof, output: str) -> str:
    return (f"its theorem is not a proof of the claim's statement `{proof.statement}`: "
            f"{last_error(output)}")


def check_statements(proofs: list[Proof], formal: Path, build: Path) -> bool:
    """Write and compile the driver for the proofs not yet rejected, until it compiles. Coq
    stops at the first line it refuses: when that line is one proof's (its statement, its
    Require, its claim), that proof is rejected and the driver written again for the others;
    a refusal elsewhere has each proof tried in a driver of its own, once, and those that fail
    there rejected. (A proof that spoils the others' lines costs them their verdicts, never
    gives one: a proof is accepted only by a driver that compiled.) Return whether a driver
    compiled."""
    tried_alone = False
    while live := [proof for proof in proofs if not proof.reason]:
        text, owners = driver(live)
        (build / f"{DRIVER}.v").write_text(text)
        ok, together = run_coq(coqc(formal, build, DRIVER), _empty(build), total(live))
        if ok:
            return True
        culprit = owners.get(error_line(together, DRIVER) or 0)
        if culprit is not None:
            culprit.reason = not_a_proof(culprit, together)
            continue
        if not tried_alone:
            tried_alone = True
            for proof in live:
                alone = f"{DRIVER}_{proof.module}"
                (build / f"{alone}.v").write_text(driver([proof])[0])
                single, output = run_coq(coqc(formal, build, alone), _empty(build),
                                         proof.budget)
                if not single:
                    proof.reason = not_a_proof(proof, output)
            if any(proof.reason for proof in live):
                continue
        for proof in live:  # no line to blame, and each passed alone: not together
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


def formal_modules(formal: Path) -> list[str]:
    """The logical name of every module of formal/ (`CoinProofs.rules.Claims`)."""
    return [logical_name(module) for module in project_modules(formal)]


def coqchk(formal: Path, build: Path, proofs: list[Proof], norec: bool = False,
           admit_libraries: bool = False) -> tuple[Assumptions | None, str]:
    """Run coqchk on the driver and the proofs (and, unless `norec`, everything beneath them:
    formal/, MathComp, Coq's library), within the proofs' budgets and coq.library-seconds; the
    assumptions it lists, or None and why it failed. With `norec` (for quick tests) only the
    assumptions named in the proofs' own modules and formal/ count. With `admit_libraries`,
    coqchk checks the proofs and every module of formal/, each alone, and admits MathComp and
    Coq's library beneath them (a run after `make formal-gate`, which checked those)."""
    modules = [f"{ROOT}.{DRIVER}", *(f"{ROOT}.{proof.module}" for proof in proofs)]
    if admit_libraries:
        modules += formal_modules(formal)
    alone = norec or admit_libraries
    budget = total(proofs) + Budget(0 if norec else LIBRARY_SECONDS.limit, MEMORY.limit)
    ok, output = run_coq(coqchk_command(formal, modules, alone, build), _empty(build), budget)
    if not ok:
        return None, f"coqchk rejects the proofs: {last_error(output)}"
    try:
        found = parse_summary(output)
    except ValueError as error:
        return None, str(error)
    return (found.within((f"{ROOT}.", "CoinProofs.")) if alone else found), ""


def check_folder(folder: Path, certificates: list[Path], jobs: int = 1,
                 formal: Path | None = None,
                 on_compiled: Callable[[Proof], None] = lambda proof: None,
                 cache: bool = False, norec: bool = False,
                 admit_libraries: bool = False, named: bool = False,
                 on_start: Callable[[str], None] = lambda claim: None,
                 on_note: Callable[[str], None] = lambda message: None,
                 ) -> tuple[list[CoqVerdict], Assumptions | None]:
    """Coq's verdict on the proof of each certificate in `certificates` (of `folder`), and the
    assumptions coqchk found (None when coqchk did not run or failed). `cache`: build in the
    cache folder of `folder` (coinproofs/coq/cache.py) and keep each proof compiled there by an
    earlier run from the same files (default, or when another run holds it: a temporary
    folder). `on_compiled`
    hears of each proof as coqc finishes it (or as it is refused before), `on_start` of each
    claim as its coqc starts, `on_note` of the stages after. `norec` (for quick tests): coqchk
    checks the proofs' own modules only, admitting formal/ and the libraries beneath;
    `admit_libraries`: coqchk checks the proofs and formal/, admitting MathComp and Coq's library
    (which `make formal-gate` checks). `named`:
    the folder's MANIFEST holds, so each certificate must be named after its claim."""
    formal = formal or formal_folder()
    require_coq(formal)
    every = proofs_of(folder, certificates, named)
    # Said before the work starts: a proof that takes minutes should not come as a surprise.
    on_note(f"checking the Coq proofs of {takes_text([(p.claim, p.takes) for p in every])}")
    proofs = [proof for proof in every if proof.walk is None]
    cached = build_folder(folder)
    with tempfile.TemporaryDirectory(prefix="coinproofs-coq-") as temporary, \
            (held(cached) if cache else nullcontext(False)) as ours:
        build = cached if ours else Path(temporary)
        for proof in every:
            if proof.walk is not None:
                on_start(proof.claim)
                on_note(f"{proof.claim}: its strategy walk goes to the extracted walk checker "
                        "(formal/checker/walkcheck, Theorem words_"
                        f"{proof.walk[2]}_wins)")
                check_walk(proof, formal, build)
                on_compiled(proof)
        compile_proofs(proofs, formal, build, jobs, on_compiled, on_start, reuse=ours)
        kept = sum(proof.kept for proof in proofs)
        if kept:
            on_note(f"{kept:,} of the proofs were compiled by an earlier run from the same "
                    "files: not compiled again")
        assumptions: Assumptions | None = None
        live = [proof for proof in proofs if not proof.reason]
        if live:
            on_note(f"checking that {len(live):,} theorems prove their claims' statements")
        if check_statements(proofs, formal, build):
            live = [proof for proof in proofs if not proof.reason]
            on_note("coqchk: re-checking the proofs" + (
                "" if norec else " and formal/ (MathComp and Coq's library admitted)"
                if admit_libraries else
                ", formal/, MathComp and Coq's library (about 90 s on a quiet machine)"))
            assumptions, why = coqchk(formal, build, live, norec, admit_libraries)
            blame(proofs, assumptions, why)
    verdicts = [CoqVerdict(proof.claim, proof.module, not proof.reason, proof.reason,
                           proof.seconds, proof.kept,
                           ("coq", "coqchk") if proof.walk is None else ("walkcheck",))
                for proof in every]
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
