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

``python -m coinproofs.coq.gate [FORMAL]`` (``make formal-gate``) runs all four on a built
formal/ and exits 0 iff they all pass.
"""

from __future__ import annotations

import re
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from coinproofs.coq.check import Assumptions, coqchk_command, formal_folder, parse_summary, run_coq
from coinproofs.verify import theorems

# Commands that assume a fact, leave a proof unfinished, switch a check of Coq's kernel off, or
# load code into Coq; spelt so that a search for the commands finds none in this file.
BANNED = {
    r"\bAdmitte[d]\b": "leaves a proof unfinished",
    r"\badmi[t]\b": "leaves a goal unproved",
    r"\bAdmit\s+Obligation[s]\b": "leaves obligations unproved",
    r"\b(?:Axio[m]s?|Paramete[r]s?|Conjectur[e]s?)\b": "assumes a fact",
    r"\bUnset\s+(?:Guard|Positivity|Universe)\s+Checkin[g]\b": "switches off a kernel check",
    r"\bbypass_chec[k]\b": "switches off a kernel check",
    r"\bDeclare\s+M[L]\s+Module\b": "loads code into Coq",
    r"\bImpredicative\s+Se[t]\b": "changes Coq's logic",
}

# Commands that assume a fact unless a section discharges it (they are then its parameters).
IN_SECTIONS = re.compile(r"\b(?:Variable[s]?|Hypothes[ie]s|Contex[t])\b")
BLOCK = re.compile(r"\b(Section|Module(?!\s+Type)|End)\s+(\w+)\s*\.")

# The lines _CoqProject may hold: the logical name, the warning it silences, and the files.
PROJECT_LINE = re.compile(r"-Q \. CoinProofs|-arg -w -arg -notation-overridden|[A-Za-z0-9]+\.v")


@dataclass(frozen=True)
class Finding:
    """Something that keeps formal/ from passing the gate: where, and what."""

    where: str
    what: str

    def __str__(self) -> str:
        return f"{self.where}: {self.what}"


def strip_comments(text: str) -> str:
    """Coq source without its comments (nested, as Coq reads them) and string literals, so that
    a word in a comment is not taken for a command.

    >>> strip_comments('Lemma a. (* Admit (* nested *) *) Qed. Check "(*".')
    'Lemma a.   Qed. Check  .'
    """
    out, depth, i = [], 0, 0
    while i < len(text):
        if text.startswith("(*", i):
            depth, i = depth + 1, i + 2
        elif depth and text.startswith("*)", i):
            depth, i = depth - 1, i + 2
            if not depth:
                out.append(" ")
        elif not depth and text[i] == '"':
            end = text.find('"', i + 1)
            while end != -1 and text.startswith('""', end):  # "" is a quote inside a string
                end = text.find('"', end + 2)
            i = len(text) if end == -1 else end + 1
            out.append(" ")
        else:
            if not depth:
                out.append(text[i])
            i += 1
    return "".join(out)


def outside_sections(code: str) -> list[str]:
    """The section variables and hypotheses of `code` (without comments) that no section
    discharges: declared at the top level or in a module.

    >>> outside_sections("Section S. Variable n : nat. End S. Hypothesis h : False.")
    ['Hypothesis']
    """
    found: list[str] = []
    blocks: list[str] = []
    at = 0
    for match in BLOCK.finditer(code):
        found += [word[0] for word in IN_SECTIONS.finditer(code, at, match.start())
                  if "Section" not in blocks]
        if match[1] == "End":
            if blocks:
                blocks.pop()
        else:
            blocks.append(match[1])
        at = match.end()
    found += [word[0] for word in IN_SECTIONS.finditer(code, at) if "Section" not in blocks]
    return found


def banned_commands(formal: Path) -> list[Finding]:
    """Every banned command in formal/*.v, and every line of _CoqProject it does not need."""
    findings = []
    for path in sorted(formal.glob("*.v")):
        code = strip_comments(path.read_text())
        for pattern, why in BANNED.items():
            for match in re.finditer(pattern, code):
                findings.append(Finding(path.name, f"{match[0]!r} {why}"))
        for word in outside_sections(code):
            findings.append(Finding(path.name, f"{word!r} outside a section assumes a fact"))
    project = formal / "_CoqProject"
    for number, line in enumerate(project.read_text().splitlines(), 1):
        if line.strip() and not PROJECT_LINE.fullmatch(line.strip()):
            findings.append(Finding(f"_CoqProject line {number}",
                                    f"{line.strip()!r} is not a line formal/ needs"))
    return findings


def library_assumptions(formal: Path, modules: tuple[str, ...] = ("Headline",),
                        norec: bool = False) -> Assumptions:
    """What coqchk, checking CoinProofs.<module> for each of `modules` and everything beneath
    them, says they rest on; with `norec` (for quick tests), checking those modules alone and
    counting only what is named in formal/. A ValueError when coqchk fails."""
    names = [f"CoinProofs.{module}" for module in modules]
    ok, output = run_coq(coqchk_command(formal, names, norec), formal)
    if not ok:
        raise ValueError(f"coqchk rejects formal/: {' '.join(output[-400:].split())}")
    found = parse_summary(output)
    return found.within(("CoinProofs.",)) if norec else found


def normalized(statement: str) -> str:
    """A statement as Coq prints it, with every run of white space one space."""
    return " ".join(statement.split())


def printed_statements(formal: Path, names: list[str],
                       module: str = "Headline") -> dict[str, str]:
    """Each theorem of `names` as Coq prints it (Check), normalized, after importing
    CoinProofs.<module> (which imports every file of formal/)."""
    lines = ["From mathcomp Require Import all_ssreflect.",
             f"From CoinProofs Require Import {module}."]
    imports = sorted(path.stem for path in formal.glob("*.v")
                     if path.stem not in {module, "Extract"})
    lines.append(f"From CoinProofs Require Import {' '.join(imports)}.")
    lines += [f"Check {name}." for name in names]
    with tempfile.TemporaryDirectory(prefix="coinproofs-gate-") as folder:
        source = Path(folder) / "Statements.v"
        source.write_text("\n".join(lines) + "\n")
        ok, output = run_coq(["coqc", "-w", "-notation-overridden", "-Q", str(formal),
                              "CoinProofs", str(source)], Path(folder))
    if not ok:
        raise ValueError(f"Coq cannot print the theorems: {output[-400:]}")
    blocks = re.split(r"^(\w+)\n     : ", output, flags=re.MULTILINE)
    return {name: normalized(block) for name, block in zip(blocks[1::2], blocks[2::2],
                                                           strict=True)}


def statement_findings(printed: dict[str, str]) -> list[Finding]:
    """Each theorem the kernel relies on whose statement in Coq is not the one it records."""
    findings = []
    for name, recorded in theorems.STATEMENTS.items():
        if name not in printed:
            findings.append(Finding(name, "Coq has no such theorem"))
        elif printed[name] != normalized(recorded):
            findings.append(Finding(name, f"Coq states {printed[name]!r}, the kernel records "
                                          f"{normalized(recorded)!r}"))
    return findings


def gate(formal: Path) -> list[Finding]:
    """Everything that keeps the built formal/ from passing the gate (empty: it passes)."""
    findings = banned_commands(formal)
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
        findings += statement_findings(printed_statements(formal, list(theorems.STATEMENTS)))
    except ValueError as error:
        findings.append(Finding("Check", str(error)))
    return findings


def main(argv: list[str]) -> int:
    formal = (Path(argv[0]) if argv else formal_folder()).resolve()  # coqc runs elsewhere
    findings = gate(formal)
    for finding in findings:
        print(f"formal-gate: {finding}", file=sys.stderr)
    if not findings:
        print(f"formal-gate: {formal} passes: coqchk finds no assumption, no banned command, "
              f"the digest is the kernel's, and the {len(theorems.STATEMENTS)} theorems the "
              "kernel relies on state what it records")
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
