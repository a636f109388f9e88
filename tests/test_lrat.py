"""The kernel's canonical DIMACS and LRAT checker: CaDiCaL's proofs pass, tampered ones do not."""

from __future__ import annotations

import hashlib
import itertools
import random
from collections.abc import Sequence
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pysat.examples.genhard import PHP
from pysat.formula import CNF

from coinproofs.encodings.cadical import solve
from coinproofs.verify.certificate import Artifacts, Rejected
from coinproofs.verify.dimacs import dimacs_text, sha256_text
from coinproofs.verify.lrat import check_lrat_evidence, check_refutation, check_rup

Line = list[int | str]  # one proof line as tokens: ints, and "d" in deletion lines


# --- Helpers ----------------------------------------------------------------------------------

def lrat_lines(proof: bytes) -> list[Line]:
    """A text LRAT proof as token lists."""
    return [[word if word == "d" else int(word) for word in line.split()]
            for line in proof.decode().splitlines()]


def lrat_bytes(lines: Sequence[Sequence[object]]) -> bytes:
    """Token lists back to text LRAT."""
    return "".join(" ".join(map(str, line)) + "\n" for line in lines).encode()


def rejection(clauses: list[list[int]], proof: bytes | str) -> str:
    """The kernel's reason for rejecting `proof` (the test fails if it accepts)."""
    with pytest.raises(Rejected) as caught:
        check_refutation(clauses, proof)
    return str(caught.value)


def random_3cnf(seed: int, nvars: int = 25, ratio: float = 6.0) -> list[list[int]]:
    """A random 3-CNF; above ratio ~4.3 it is almost always unsatisfiable."""
    rng = random.Random(seed)
    return [[v * rng.choice((1, -1)) for v in rng.sample(range(1, nvars + 1), 3)]
            for _ in range(int(nvars * ratio))]


def refuted(clauses: list[list[int]]) -> tuple[list[list[int]], list[Line]]:
    """`clauses` with CaDiCaL's LRAT refutation of them, as token lists."""
    result = solve(clauses)
    assert not result.satisfiable and result.lrat is not None
    return clauses, lrat_lines(result.lrat)


def additions(lines: list[Line]) -> list[int]:
    """The indices of the addition lines of a proof."""
    return [i for i, line in enumerate(lines) if line[1] != "d"]


def hint_span(line: Line) -> range:
    """The positions of the hints in an addition line."""
    return range(line.index(0, 1) + 1, len(line) - 1)


def satisfies(assignment: dict[int, bool], clause: list[int] | frozenset[int]) -> bool:
    return any(assignment[abs(literal)] == (literal > 0) for literal in clause)


def assignments(nvars: int) -> list[dict[int, bool]]:
    return [dict(zip(range(1, nvars + 1), values, strict=True))
            for values in itertools.product((False, True), repeat=nvars)]


PHP4 = refuted(PHP(4).clauses)
RANDOM = refuted(random_3cnf(1))


# --- Canonical DIMACS -------------------------------------------------------------------------

def test_dimacs_text_is_canonical() -> None:
    assert dimacs_text([[1, -2], [], [3]], 3, ["devil n=2", "length 3"]) == (
        "c devil n=2\nc length 3\np cnf 3 3\n1 -2 0\n0\n3 0\n")
    assert dimacs_text([], 0) == "p cnf 0 0\n"


def test_sha256_text_hashes_utf8() -> None:
    assert sha256_text("p cnf 0 0\n") == hashlib.sha256(b"p cnf 0 0\n").hexdigest()
    assert sha256_text("c é\n") == hashlib.sha256("c é\n".encode()).hexdigest()


@pytest.mark.parametrize(("clauses", "nvars", "comments"), [
    ([[1, 0]], 2, []), ([[3]], 2, []), ([[-3]], 2, []), ([[1]], 1, ["two\nlines"]),
    ([[1]], 1, ["a\u2028b"]), ([[1]], 1, ["\ud800"]), ([[1]], 1, ["\x0b"]), ([[1]], 1, ["é"])])
def test_dimacs_text_refuses_what_it_cannot_write(clauses: list[list[int]], nvars: int,
                                                  comments: list[str]) -> None:
    with pytest.raises(ValueError):
        dimacs_text(clauses, nvars, comments)


@given(st.integers(1, 6).flatmap(lambda n: st.tuples(
    st.just(n),
    st.lists(st.lists(st.integers(-n, n).filter(bool), min_size=1, max_size=4), max_size=8),
    st.lists(st.text(st.characters(min_codepoint=32, max_codepoint=126), max_size=10),
             max_size=2))))
def test_outside_readers_read_back_the_dimacs_text(
        case: tuple[int, list[list[int]], list[str]]) -> None:
    """pysat's DIMACS reader (what outside tools see) gets the kernel's clauses back."""
    nvars, clauses, comments = case
    text = dimacs_text(clauses, nvars, comments)
    assert f"p cnf {nvars} {len(clauses)}" in text.splitlines()
    assert CNF(from_string=text).clauses == clauses


# --- Accepting real proofs --------------------------------------------------------------------

@pytest.mark.parametrize("holes", [2, 3, 4, 5, 6])
def test_accepts_cadical_proofs_of_pigeonhole_formulas(holes: int) -> None:
    clauses = PHP(holes).clauses
    result = solve(clauses)
    assert result.lrat is not None
    check_refutation(clauses, result.lrat)
    check_refutation(clauses, result.lrat.decode())  # text works as well as bytes


def test_accepts_cadical_proofs_of_random_unsatisfiable_3cnfs() -> None:
    refutations = 0
    for seed in range(30):
        clauses = random_3cnf(seed, nvars=30, ratio=5.0)
        result = solve(clauses)
        if result.satisfiable:
            assert result.model is not None
            assert all(satisfies({abs(v): v > 0 for v in result.model}, c) for c in clauses)
        else:
            assert result.lrat is not None
            check_refutation(clauses, result.lrat)
            refutations += 1
    assert refutations >= 20  # ratio 5 is well above the threshold: most are unsatisfiable


def test_hand_written_proof_with_deletions() -> None:
    clauses = [[1, 2], [-1, 2], [1, -2], [-1, -2]]
    check_refutation(clauses, "5 2 0 1 2 0\n5 d 1 2 0\n6 -2 0 3 4 0\n7 0 5 6 0\n")


# --- Rejecting tampered proofs ----------------------------------------------------------------

@pytest.mark.parametrize("case", [PHP4, RANDOM], ids=["php4", "random"])
def test_every_removed_hint_is_rejected(case: tuple[list[list[int]], list[Line]]) -> None:
    clauses, lines = case
    for i in additions(lines):
        for j in hint_span(lines[i]):
            tampered = [*lines[:i], lines[i][:j] + lines[i][j + 1:], *lines[i + 1:]]
            assert f"proof line {i + 1}" in rejection(clauses, lrat_bytes(tampered))


@pytest.mark.parametrize("case", [PHP4, RANDOM], ids=["php4", "random"])
def test_every_lemma_literal_negated_is_rejected(case: tuple[list[list[int]], list[Line]]) -> None:
    clauses, lines = case
    for i in additions(lines):
        for j in range(1, lines[i].index(0, 1)):
            changed = list(lines[i])
            changed[j] = -int(changed[j])
            rejection(clauses, lrat_bytes([*lines[:i], changed, *lines[i + 1:]]))


@pytest.mark.parametrize("case", [PHP4, RANDOM], ids=["php4", "random"])
def test_hints_changed_are_rejected(case: tuple[list[list[int]], list[Line]]) -> None:
    clauses, lines = case
    for i in additions(lines):
        line = lines[i]
        for j in hint_span(line):
            # To the previous hint: that clause's literal is already true, so it is not unit
            # (or, as the last hint, not falsified); to an id no clause has yet.
            for new in ([line[j - 1]] if j > min(hint_span(line)) else []) + [line[0]]:
                changed = [*line[:j], new, *line[j + 1:]]
                rejection(clauses, lrat_bytes([*lines[:i], changed, *lines[i + 1:]]))


@pytest.mark.parametrize("case", [PHP4, RANDOM], ids=["php4", "random"])
def test_a_dropped_line_is_rejected_exactly_when_a_later_line_names_its_clause(
        case: tuple[list[list[int]], list[Line]]) -> None:
    clauses, lines = case
    for i in additions(lines)[:-1]:
        named_later = any(lines[i][0] in (line[line.index(0, 1) + 1:] if line[1] != "d"
                                          else line[2:]) for line in lines[i + 1:])
        dropped = lrat_bytes(lines[:i] + lines[i + 1:])
        if named_later:
            assert "live" in rejection(clauses, dropped)  # a hint or a deletion names it
        else:
            check_refutation(clauses, dropped)  # an unused lemma is just not needed


@pytest.mark.parametrize("case", [PHP4, RANDOM], ids=["php4", "random"])
def test_the_empty_clause_line_removed_is_rejected(
        case: tuple[list[list[int]], list[Line]]) -> None:
    clauses, lines = case
    assert lines[-1][1] == 0  # CaDiCaL ends with the empty clause
    assert "never derives the empty clause" in rejection(clauses, lrat_bytes(lines[:-1]))


@pytest.mark.parametrize("case", [PHP4, RANDOM], ids=["php4", "random"])
def test_a_clause_deleted_before_its_use_is_rejected(
        case: tuple[list[list[int]], list[Line]]) -> None:
    clauses, lines = case
    for i in additions(lines):
        for j in hint_span(lines[i]):
            deletion: Line = [0, "d", lines[i][j], 0]
            reason = rejection(clauses, lrat_bytes([*lines[:i], deletion, *lines[i:]]))
            assert f"hint {lines[i][j]} names no live clause" in reason


@pytest.mark.parametrize("case", [PHP4, RANDOM], ids=["php4", "random"])
def test_a_reused_or_decreasing_id_is_rejected(
        case: tuple[list[list[int]], list[Line]]) -> None:
    clauses, lines = case
    steps = additions(lines)
    for before, after in itertools.pairwise(steps):
        for reused in (lines[before][0], len(clauses), 1):
            changed = [reused, *lines[after][1:]]
            reason = rejection(clauses, lrat_bytes([*lines[:after], changed, *lines[after + 1:]]))
            assert "fresh and increasing" in reason


def test_a_changed_literal_in_a_clause_the_proof_uses_is_rejected() -> None:
    clauses, lines = PHP4
    proof = lrat_bytes(lines)
    used = {int(lines[i][j]) for i in additions(lines) for j in hint_span(lines[i])}
    originals_used = sorted(clause_id for clause_id in used if clause_id <= len(clauses))
    assert len(originals_used) > len(clauses) // 2
    for clause_id in originals_used:
        changed = [list(clause) for clause in clauses]
        changed[clause_id - 1][0] *= -1
        rejection(changed, proof)


@pytest.mark.parametrize(("clauses", "proof", "reason"), [
    ([[1], [-1]], "3 0 1 2 0\n4 0 1 2 0\n", "goes on after"),
    ([[1], [-1]], "3 0 0\n", "no hints"),
    ([[1], [-1]], "3 0 1 -2 0\n", "RAT"),
    ([[1], [-1]], "3 1 -1 0 1 0\n3 0 1 2 0\n", "tautology"),
    ([[1], [-1]], "3 0 1 2\n", "addition must read"),
    ([[1], [-1]], "3 0 1 2 0 0\n", "more than two 0"),
    ([[1], [-1]], "3 d 3 0\n4 0 1 2 0\n", "not live"),
    ([[1], [-1]], "3 d 1 0 2 0\n4 0 1 2 0\n", "deletion must read"),
    ([[1], [-1]], "3 d 1\n4 0 1 2 0\n", "deletion must read"),
    ([[1], [-1]], "3 0 1 2 0 x\n", "characters"),
    ([[1], [-1]], "3 0 1 +2 0\n", "characters"),
    ([[1], [-1]], "3 0 1\t2 0\n", "characters"),
    ([[1], [-1]], "3 0 1 2 0\r\n", "characters"),
    ([[1], [-1]], b"3 0 1 2 0\xa0\n", "characters other than digits"),
    ([[1], [-1]], "3 0 1 2-1 0\n", "not a list of integers"),
    ([[1], [-1]], "3 0 5 0\n", "names no live clause"),
    ([[1], [-1]], "3 0 1 1 2 0\n", "hint 1 is already satisfied"),
    ([[1], [-1]], "3 0 2 0\n", "not falsified"),
    ([[1], [-1]], "", "never derives"),
    ([[1, 0], [-1]], "3 0 1 2 0\n", "literal 0"),
    ([[1, 2], [-1, 2], [-2, 3]], "4 0 1 2 3 0\n", "not unit"),
    ([[1], [-1, 2], [-2], [-1]], "5 0 1 4 2 0\n", "hint 4 is not unit (0 of"),
])
def test_malformed_or_invalid_steps_are_rejected_with_a_reason(
        clauses: list[list[int]], proof: str | bytes, reason: str) -> None:
    assert reason in rejection(clauses, proof)


# --- Satisfiable formulas are never refuted ---------------------------------------------------

def test_the_drat_trick_on_a_satisfiable_formula_is_rejected() -> None:
    """{-1}, {1 2} is satisfiable (1 false, 2 true); a DRAT checker on PyPI accepts
    `d 1 2 0`, `-2 0`, `0` as its refutation. No LRAT proof of at most two steps refutes it."""
    clauses = [[-1], [1, 2]]
    rejection(clauses, "d 1 2 0\n-2 0\n0\n")
    lemmas = [[], [1], [-1], [2], [-2], [1, 2], [1, -2], [-1, 2], [-1, -2]]
    attempts = 0
    for deleted in (None, 1, 2):
        originals = [clause_id for clause_id in (1, 2) if clause_id != deleted]
        deletion: list[Line] = [] if deleted is None else [[2, "d", deleted, 0]]
        for lemma in lemmas:
            for hints, last in itertools.product(hint_sequences(originals),
                                                 hint_sequences([*originals, 3])):
                proof: list[Line] = [*deletion, [3, *lemma, 0, *hints, 0], [4, 0, *last, 0]]
                rejection(clauses, lrat_bytes(proof))
                attempts += 1
    assert attempts > 1000


def hint_sequences(ids: list[int]) -> list[list[int]]:
    """Every hint list of 1 to 3 ids drawn from `ids`."""
    return [list(hints) for size in (1, 2, 3) for hints in itertools.product(ids, repeat=size)]


@st.composite
def satisfiable_formula_and_forged_proof(draw: st.DrawFn) -> tuple[list[list[int]], bytes]:
    """A formula satisfied by a planted assignment, and a well-formed LRAT text ending in the
    empty clause whose lemmas and hints are drawn at random."""
    nvars = draw(st.integers(1, 5))
    planted = {v: draw(st.booleans()) for v in range(1, nvars + 1)}
    literal = st.integers(1, nvars).flatmap(lambda v: st.sampled_from([v, -v]))
    clauses = [c for c in draw(st.lists(st.lists(literal, min_size=1, max_size=3),
                                        min_size=1, max_size=10)) if satisfies(planted, c)]
    clauses.append([v if planted[v] else -v for v in range(1, nvars + 1)])
    lines, next_id = [], len(clauses) + 1
    for lemma in [*draw(st.lists(st.lists(literal, max_size=3), max_size=4)), []]:
        hints = draw(st.lists(st.integers(1, next_id - 1), min_size=1, max_size=6))
        lines.append([next_id, *lemma, 0, *hints, 0])
        next_id += 1
    return clauses, lrat_bytes(lines)


@settings(max_examples=200, deadline=None)
@given(satisfiable_formula_and_forged_proof())
def test_a_satisfiable_formula_is_never_refuted(case: tuple[list[list[int]], bytes]) -> None:
    clauses, proof = case
    rejection(clauses, proof)


def test_every_accepted_step_is_implied_by_its_hints() -> None:
    """The rule itself, against brute force: whenever check_rup accepts a lemma, every
    assignment satisfying the hinted clauses satisfies the lemma."""
    rng = random.Random(7)
    nvars, everything = 4, assignments(4)
    accepted = 0
    for _ in range(20000):
        live = {i: frozenset(rng.choice((v, -v)) for v in rng.sample(range(1, nvars + 1),
                                                                     rng.randint(1, 3)))
                for i in range(1, 7)}
        lemma = [rng.choice((v, -v)) for v in rng.sample(range(1, nvars + 1), rng.randint(0, 2))]
        hints = [rng.randint(1, 6) for _ in range(rng.randint(1, 4))]
        try:
            check_rup(live, lemma, hints)
        except Rejected:
            continue
        accepted += 1
        for assignment in everything:
            if all(satisfies(assignment, live[h]) for h in hints):
                assert satisfies(assignment, lemma), (live, lemma, hints)
    assert accepted > 300  # the random steps hit the rule often enough to mean something


# --- Evidence: the proof must be about the kernel's own formula ----------------------------------

def lrat_case(folder: Path) -> tuple[list[list[int]], int, list[str], dict[str, str]]:
    """A PHP(3) refutation written beside a certificate in `folder`, and its evidence."""
    clauses, nvars, comments = PHP(3).clauses, PHP(3).nv, ["php 3"]
    text = dimacs_text(clauses, nvars, comments)
    proof = solve(clauses).lrat
    assert proof is not None
    (folder / "x.cnf").write_text(text)
    (folder / "x.lrat").write_bytes(proof)
    evidence = {"method": "lrat", "encoding": "php",
                "cnf": "x.cnf", "cnf_sha256": sha256_text(text),
                "proof": "x.lrat", "proof_sha256": hashlib.sha256(proof).hexdigest()}
    return clauses, nvars, comments, evidence


def test_lrat_evidence_is_accepted(tmp_path: Path) -> None:
    clauses, nvars, comments, evidence = lrat_case(tmp_path)
    check_lrat_evidence(clauses, nvars, comments, evidence, Artifacts(tmp_path))
    del evidence["cnf"]  # the kernel regenerates the formula, and the CNF file must match it
    with pytest.raises(Rejected, match="'cnf' must be a plain file name"):
        check_lrat_evidence(clauses, nvars, comments, evidence, Artifacts(tmp_path))


def test_lrat_evidence_for_another_formula_is_rejected(tmp_path: Path) -> None:
    clauses, nvars, comments, evidence = lrat_case(tmp_path)
    artifacts = Artifacts(tmp_path)
    for other in ([*clauses, [1]], clauses[1:], [[-v for v in c] for c in clauses]):
        with pytest.raises(Rejected, match="kernel's own formula"):
            check_lrat_evidence(other, nvars, comments, evidence, artifacts)
    with pytest.raises(Rejected, match="kernel's own formula"):
        check_lrat_evidence(clauses, nvars + 1, comments, evidence, artifacts)
    with pytest.raises(Rejected, match="kernel's own formula"):
        check_lrat_evidence(clauses, nvars, ["php 4"], evidence, artifacts)


def test_tampered_lrat_evidence_is_rejected(tmp_path: Path) -> None:
    clauses, nvars, comments, evidence = lrat_case(tmp_path)
    artifacts = Artifacts(tmp_path)

    def reason(changes: dict[str, str]) -> str:
        with pytest.raises(Rejected) as caught:
            check_lrat_evidence(clauses, nvars, comments, {**evidence, **changes}, artifacts)
        return str(caught.value)

    assert "kernel's own formula" in reason({"cnf_sha256": "0" * 64})
    assert "SHA-256" in reason({"proof_sha256": "0" * 64})
    assert "missing" in reason({"proof": "y.lrat"})
    (tmp_path / "x.cnf").write_text("p cnf 0 0\n")
    assert "x.cnf" in reason({})
    (tmp_path / "x.cnf").write_text(dimacs_text(clauses, nvars, comments))
    # A proof edited and re-hashed still has to convince the checker.
    lines = lrat_lines((tmp_path / "x.lrat").read_bytes())
    forged = lrat_bytes(lines[:-1])
    (tmp_path / "forged.lrat").write_bytes(forged)
    assert "empty clause" in reason({"proof": "forged.lrat",
                                     "proof_sha256": hashlib.sha256(forged).hexdigest()})
