"""The gate of the formal library: what must hold before anyone calls formal/ machine-checked.

1. coqchk, Coq's independent checker, re-checks every module of formal/ (and MathComp and
   Coq's library beneath them) and lists what they rest on: there must be no axiom, no
   type-in-type, no unguarded fixpoint, no assumed positivity, and Set predicative. The
   assumptions are read from coqchk's own output, which no text in a .v file can print.
2. The sources hold none of the commands that assume a fact, skip a check or load code into
   Coq (Admitted, Axiom, Unset Guard Checking, bypass_check, Declare ML Module, ...), and
   _CoqProject holds only the lines it needs (no -type-in-type, no -impredicative-set). coqchk
   would catch what they do; this names the file.
3. The digest of the sources (*.v and _CoqProject) is the one the Python kernel records
   (``theorems.FORMAL_SHA256``), so a certificate citing a theorem names sources that passed.
4. Each theorem the Python kernel relies on has, as Coq prints it (``Check``), exactly the
   statement the kernel records beside it (``theorems.STATEMENTS``): a theorem weakened in Coq
   no longer matches what the kernel assumes it says.
5. Each of those statements names only what formal/rules/ (or Coq and MathComp) defines, so
   that a reader trusts it by reading the rules files alone: Coq's ``Locate`` says where each
   name of the statement is defined.

``python -m coinproofs.coq.gate [FORMAL]`` (``make formal-gate``) runs all five on a built
formal/ and exits 0 iff they all pass.
"""

from __future__ import annotations

import re
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from coinproofs.coq import MATHCOMP_IMPORT
from coinproofs.coq.check import (
    LIBRARY_SECONDS,
    MEMORY,
    Assumptions,
    Budget,
    coqchk_command,
    parse_summary,
    run_coq,
)
from coinproofs.coq.library import checkout_formal, logical_name, project_modules
from coinproofs.coq.reading import banned_commands
from coinproofs.verify import theorems

# The lines _CoqProject may hold: the logical name, the warning it silences, and the files.
PROJECT_LINE = re.compile(r"-Q \. CoinProofs|-arg -w -arg -notation-overridden|"
                          r"(?:[a-z]+/)?[A-Za-z0-9]+\.v")


@dataclass(frozen=True)
class Finding:
    """Something that keeps formal/ from passing the gate: where, and what."""

    where: str
    what: str

    def __str__(self) -> str:
        return f"{self.where}: {self.what}"


def sources(formal: Path) -> list[Path]:
    """Every .v file of formal/ and its folders."""
    return sorted(formal.rglob("*.v"))


def file_of(formal: Path, path: Path) -> str:
    """A source's path as _CoqProject writes it, without `.v`: `rules/Claims`."""
    return path.relative_to(formal).with_suffix("").as_posix()


def banned_findings(formal: Path) -> list[Finding]:
    """Every banned command in formal/*.v (read as Coq's lexer reads it), every .v file that
    _CoqProject does not list (coqchk would not check it), and every line of _CoqProject it
    does not need."""
    findings = [Finding(f"{file_of(formal, path)}.v", what) for path in sources(formal)
                for what in banned_commands(path.read_text())]
    listed = project_modules(formal)
    findings += [Finding(f"{file_of(formal, path)}.v",
                         "_CoqProject does not list it, so nothing checks it")
                 for path in sources(formal) if file_of(formal, path) not in listed]
    project = formal / "_CoqProject"
    for number, line in enumerate(project.read_text().splitlines(), 1):
        if line.strip() and not PROJECT_LINE.fullmatch(line.strip()):
            findings.append(Finding(f"_CoqProject line {number}",
                                    f"{line.strip()!r} is not a line formal/ needs"))
    return findings


def library_assumptions(formal: Path, modules: tuple[str, ...] | None = None,
                        norec: bool = False) -> Assumptions:
    """What coqchk, checking CoinProofs.<module> for each of `modules` (default: every module
    _CoqProject lists) and everything beneath them, says they rest on; with `norec` (for quick
    tests), checking those modules alone and counting only what is named in formal/. A
    ValueError when coqchk fails."""
    modules = tuple(project_modules(formal)) if modules is None else modules
    names = [logical_name(module) for module in modules]
    ok, output = run_coq(coqchk_command(formal, names, norec), formal,
                         Budget(LIBRARY_SECONDS.limit, MEMORY.limit))
    if not ok:
        raise ValueError(f"coqchk rejects formal/: {' '.join(output[-400:].split())}")
    found = parse_summary(output)
    return found.within(("CoinProofs.",)) if norec else found


def normalized(statement: str) -> str:
    """A statement as Coq prints it, with every run of white space one space."""
    return " ".join(statement.split())


def imports(formal: Path, module: str) -> list[str]:
    """The lines of a .v file that import CoinProofs.<module> and, after it, every other file
    of formal/ (Extract.v and ExtractWalk.v aside: they write OCaml files), so that names are
    printed and found as in Headline.v."""
    others = sorted(path.stem for path in sources(formal)
                    if path.stem not in {module, "Extract", "ExtractWalk"})
    return [MATHCOMP_IMPORT,
            f"From CoinProofs Require Import {module}.",
            f"From CoinProofs Require Import {' '.join(others)}."]


def coq_output(formal: Path, lines: list[str], what: str) -> str:
    """What coqc prints compiling `lines` (a .v file of a temporary folder) against formal/, or
    a ValueError saying that Coq cannot do `what`."""
    with tempfile.TemporaryDirectory(prefix="coinproofs-gate-") as folder:
        source = Path(folder) / "Gate.v"
        source.write_text("\n".join(lines) + "\n")
        ok, output = run_coq(["coqc", "-w", "-notation-overridden", "-Q", str(formal),
                              "CoinProofs", str(source)], Path(folder))
    if not ok:
        raise ValueError(f"Coq cannot {what}: {output[-400:]}")
    return output


def printed_statements(formal: Path, names: list[str],
                       module: str = "Headline") -> dict[str, str]:
    """Each theorem of `names` as Coq prints it (Check), normalized, after importing
    CoinProofs.<module> (which imports every file of formal/)."""
    output = coq_output(formal, imports(formal, module) + [f"Check {name}." for name in names],
                        "print the theorems")
    blocks = re.split(r"^(\w+)\n     : ", output, flags=re.MULTILINE)
    return {name: normalized(block) for name, block in zip(blocks[1::2], blocks[2::2],
                                                           strict=True)}


# The words of a printed statement that name no definition: Coq's keywords and sorts.
KEYWORDS = frozenset({"forall", "exists", "exists2", "fun", "let", "in", "if", "then", "else",
                      "is", "match", "with", "end", "as", "return", "Prop", "Set", "Type"})
# A name as Coq prints it, maybe qualified (fingroup.gval); `d.+1` is the name d.
NAME = re.compile(r"[A-Za-z_][\w']*(?:\.[A-Za-z_][\w']*)*")
# What Coq prints between two Locate answers (the answer for a name no object has).
SEPARATOR = "coinproofs_gate_separator"


def located(formal: Path, names: list[str], module: str = "Headline") -> dict[str, str]:
    """The full name of what each of `names` refers to after importing every file of formal/
    as printed_statements does (CoinProofs.rules.Rules.wins, mathcomp.ssreflect.seq.size), by
    Coq's `Locate`, whose first answer is the object the name means; names of nothing (bound
    variables) are left out."""
    # A separator first too: whatever the imports print comes before it.
    lines = [*imports(formal, module), f"Locate {SEPARATOR}."]
    lines += [command for name in names for command in (f"Locate {name}.", f"Locate {SEPARATOR}.")]
    output = coq_output(formal, lines, "locate the statements' names")
    answers = output.split(f"No object of basename {SEPARATOR}")[1:]
    found = {}
    for name, answer in zip(names, answers, strict=False):
        first = answer.strip().split("\n", 1)[0].split()
        if first and not answer.strip().startswith("No object"):
            found[name] = first[1]
    return found


def binder_groups(binders: str) -> list[str]:
    """The binders `(n m : nat) (V : coins -> Prop)` as their groups `n m : nat`,
    `V : coins -> Prop`; `ms : seq coins` is one group."""
    if not binders.startswith("("):
        return [binders]
    groups: list[str] = []
    depth = start = 0
    for index, char in enumerate(binders):
        if char == "(":
            if depth == 0:
                start = index + 1
            depth += 1
        elif char == ")":
            depth -= 1
            if depth == 0:
                groups.append(binders[start:index])
    return groups


def bound_names(statement: str) -> set[str]:
    """The variables a statement binds (forall, exists, exists2, fun): Locate would find a
    definition of the same name elsewhere (the penny game's B) that the statement does not
    mean."""
    names: set[str] = set()
    for binders in re.findall(r"\b(?:forall|exists2?|fun)\s+(.*?)\s*(?:,|=>)", statement):
        for group in binder_groups(binders):
            names.update(group.split(":", 1)[0].split())
    return names


def outside_rules_findings(formal: Path, statements: dict[str, str]) -> list[Finding]:
    """Each name of a statement of `statements` (theorem name to statement as Coq prints it)
    that formal/ defines outside formal/rules/: a reader could not trust the statement by
    reading the rules files alone."""
    words = {name: sorted(set(NAME.findall(statement)) - KEYWORDS - bound_names(statement))
             for name, statement in statements.items()}
    where = located(formal, sorted({word for names in words.values() for word in names}))
    return [Finding(name, f"its statement names {where[word]}, defined outside formal/rules/")
            for name, names in words.items() for word in names
            if word in where and where[word].startswith("CoinProofs.")
            and not where[word].startswith("CoinProofs.rules.")]


# The soundness theorems of the walk checker that formal/ExtractWalk.v extracts, as Coq prints
# them: what formal/checker/walkcheck's "second wins" and "first wins" mean. They name the
# checker, defined outside formal/rules/, so only their printing is compared (not check 5).
EXTRACTED: dict[str, str] = {
    "words_second_wins":
        "forall (n : nat) (r : play) (size : nat) (seen : nat -> words) (cur : nat -> nat) "
        "(steps : nat -> seq step) (autos : nat) (f g : nat -> nat -> nat), "
        "wordsb n r size seen cur steps autos f g None -> second_wins n r",
    "words_first_wins":
        "forall (n : nat) (r : play) (size : nat) (seen : nat -> words) (cur : nat -> nat) "
        "(steps : nat -> seq step) (autos : nat) (f g : nat -> nat -> nat) (z : nat), "
        "wordsb n r size seen cur steps autos f g (Some z) -> first_wins n r",
}


def statement_findings(printed: dict[str, str],
                       statements: dict[str, str] = theorems.STATEMENTS) -> list[Finding]:
    """Each theorem of `statements` (by default those the kernel relies on) whose statement in
    Coq is not the one recorded."""
    findings = []
    for name, recorded in statements.items():
        if name not in printed:
            findings.append(Finding(name, "Coq has no such theorem"))
        elif printed[name] != normalized(recorded):
            findings.append(Finding(name, f"Coq states {printed[name]!r}, the kernel records "
                                          f"{normalized(recorded)!r}"))
    return findings


def gate(formal: Path) -> list[Finding]:
    """Everything that keeps the built formal/ from passing the gate (empty: it passes)."""
    findings = banned_findings(formal)
    digest = theorems.formal_sha256(formal)
    if digest != theorems.FORMAL_SHA256:
        findings.append(Finding("coinproofs/verify/theorems.py",
                                f"FORMAL_SHA256 is not the digest of formal/ ({digest})"))
    try:
        assumptions = library_assumptions(formal)
    except ValueError as error:
        findings.append(Finding("coqchk", str(error)))
    else:
        if not assumptions.none:
            findings.append(Finding("coqchk", f"formal/ rests on assumptions: {assumptions}"))
    try:
        printed = printed_statements(formal, [*theorems.STATEMENTS, *EXTRACTED])
        findings += statement_findings(printed) + statement_findings(printed, EXTRACTED)
    except ValueError as error:
        findings.append(Finding("Check", str(error)))
    try:
        findings += outside_rules_findings(formal, theorems.STATEMENTS)
    except ValueError as error:
        findings.append(Finding("Locate", str(error)))
    return findings


def main(argv: list[str]) -> int:
    formal = (Path(argv[0]) if argv else checkout_formal()).resolve()  # coqc runs elsewhere
    findings = gate(formal)
    for finding in findings:
        print(f"formal-gate: {finding}", file=sys.stderr)
    if not findings:
        print(f"formal-gate: {formal} passes: coqchk finds no assumption, no banned command, "
              f"the digest is the kernel's, and the {len(theorems.STATEMENTS)} theorems the "
              "kernel relies on state what it records with the rules' names alone")
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
