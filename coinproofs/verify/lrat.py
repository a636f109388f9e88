"""LRAT proof checking: the kernel's check that a solver's UNSAT proof refutes the kernel's own
formula. The format, the rules and why they are sound: docs/certificates.md, "Conventions".

>>> check_refutation([[1], [-1, 2], [-2]], "4 2 0 1 2 0\\n5 0 4 3 0\\n")
>>> check_refutation([[1], [-1, 2], [2]], "4 0 1 2 0\\n")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
coinproofs.verify.schema.Rejected: proof line 1: the last hint 2 is not falsified ...
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from operator import neg

from coinproofs.verify.certificate import Artifacts, Evidence
from coinproofs.verify.dimacs import dimacs_text, sha256_text
from coinproofs.verify.schema import FILE, SHA256, Rejected, declare, expect

# Everything an LRAT line may contain; anything else (tabs, '+', '_', unicode digits) is
# rejected up front so that Python's lenient int() never sees it.
LRAT_CHARACTERS = re.compile(rb"[0-9d -]*\n?")

PROOF_BYTES = declare("lrat.proof-bytes", 32 << 20, "bytes",
                      "the largest LRAT proof checked (about 2 MB a second)")

# The fields every piece of LRAT evidence has besides its method and encoding: the CNF the
# kernel rebuilds (its file is only hashed) and the proof it checks.
FILES = {"cnf": FILE, "cnf_sha256": SHA256, "proof": FILE, "proof_sha256": SHA256}

Clause = frozenset[int]


def check_refutation(clauses: Sequence[Sequence[int]],
                     proof: bytes | str | Iterable[bytes]) -> None:
    """Reject unless the LRAT `proof` (text or lines) derives the empty clause from `clauses`."""
    live: dict[int, Clause] = {}
    for number, clause in enumerate(clauses, 1):
        expect(0 not in clause, f"original clause {number} contains the literal 0")
        live[number] = frozenset(clause)
    last_id = len(clauses)
    refuted = False
    for number, line in enumerate(proof_lines(proof), 1):
        words = line.split()
        if not words:
            continue
        try:
            if refuted:
                raise Rejected("the proof goes on after deriving the empty clause")
            if len(words) > 1 and words[1] == "d":
                delete_clauses(live, words)
                continue
            step_id, lemma, hints = parse_addition(words)
            if step_id <= last_id:
                raise Rejected(f"clause id {step_id} is not above the last id {last_id} "
                               "(ids must be fresh and increasing)")
            check_rup(live, lemma, hints)
        except Rejected as rejection:
            raise Rejected(f"proof line {number}: {rejection}") from None
        live[step_id] = frozenset(lemma)
        last_id = step_id
        refuted = not lemma
    expect(refuted, "the proof never derives the empty clause")


def proof_lines(proof: bytes | str | Iterable[bytes]) -> Iterator[str]:
    """The lines of the proof, each checked to use only the characters of LRAT."""
    if isinstance(proof, str):
        proof = proof.encode("utf-8")
    if isinstance(proof, bytes):
        proof = proof.split(b"\n")
    for number, line in enumerate(proof, 1):
        expect(LRAT_CHARACTERS.fullmatch(line) is not None,
               f"proof line {number}: the LRAT proof contains characters other than digits, "
               "'-', 'd', spaces and newlines")
        yield line.decode("ascii")


def integers(words: Sequence[str]) -> list[int]:
    """The integers written as `words`."""
    try:
        return list(map(int, words))
    except ValueError:
        raise Rejected(f"{' '.join(words)!r} is not a list of integers") from None


def parse_addition(words: Sequence[str]) -> tuple[int, list[int], list[int]]:
    """The id, lemma literals and hints of an addition line `id lits... 0 hints... 0`."""
    values = integers(words)
    if len(values) < 3 or values[-1] != 0 or 0 not in values[1:-1]:
        raise Rejected("an addition must read 'id literals... 0 hints... 0'")
    end = values.index(0, 1)
    lemma, hints = values[1:end], values[end + 1:-1]
    if 0 in hints:
        raise Rejected("an addition has more than two 0 terminators")
    return values[0], lemma, hints


def delete_clauses(live: dict[int, Clause], words: Sequence[str]) -> None:
    """Apply a deletion line `id d ids... 0`: every named clause must be live."""
    values = integers([words[0], *words[2:]])
    if len(values) < 2 or values[-1] != 0 or 0 in values[1:-1] or values[0] < 0:
        raise Rejected("a deletion must read 'id d ids... 0'")
    for clause_id in values[1:-1]:
        if clause_id not in live:
            raise Rejected(f"deletes clause {clause_id}, which is not live")
        del live[clause_id]


def check_rup(live: dict[int, Clause], lemma: list[int], hints: list[int]) -> None:
    """Reject unless `lemma` follows from the live clauses named by `hints` by unit propagation
    (the hot loop: it raises directly, as expect() would format a message for every hint)."""
    if not hints:
        raise Rejected("the lemma has no hints")
    if min(hints) < 0:
        raise Rejected("a negative hint (a RAT step) is not accepted; only RUP steps are")
    false = set(lemma)  # the literals assumed or propagated false; never holds both l and -l
    if not false.isdisjoint(map(neg, lemma)):
        raise Rejected("the lemma is a tautology")
    for hint in hints[:-1]:
        open_literals = hint_clause(live, hint) - false
        if len(open_literals) != 1:
            raise Rejected(f"hint {hint} is not unit "
                           f"({len(open_literals)} of its literals are not false)")
        (unit,) = open_literals
        if -unit in false:
            raise Rejected(f"hint {hint} is already satisfied")
        false.add(-unit)  # the unit literal becomes true
    last = hint_clause(live, hints[-1])
    if not last <= false:
        raise Rejected(f"the last hint {hints[-1]} is not falsified "
                       f"(literals {sorted(last - false)} are not false)")


def hint_clause(live: dict[int, Clause], hint: int) -> Clause:
    """The live clause that `hint` names."""
    clause = live.get(hint)
    if clause is None:
        raise Rejected(f"hint {hint} names no live clause")
    return clause


def check_lrat_evidence(clauses: Sequence[Sequence[int]], nvars: int, comments: Sequence[str],
                        evidence: Evidence, artifacts: Artifacts) -> None:
    """Reject unless `evidence` (its shape checked) holds an LRAT refutation of `clauses`, whose
    DIMACS text with `comments` has the evidence's `cnf_sha256`, as has its `cnf` file."""

    digest = sha256_text(dimacs_text(clauses, nvars, comments))
    expect(evidence.get("cnf_sha256") == digest,
           "the CNF hash in the evidence is not that of the kernel's own formula for this claim")
    artifacts.check(evidence, "cnf", "cnf_sha256")
    check_refutation(clauses, artifacts.lines(evidence, "proof", "proof_sha256", PROOF_BYTES))
