"""The CaDiCaL wrapper and LRAT evidence: answers are right, proofs pass the kernel."""

from __future__ import annotations

import itertools
import random
import shutil
import subprocess
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pysat.examples.genhard import PHP

from coinproofs.encodings.cadical import kernel_numbering, solve
from coinproofs.proofs.registry import ProofContext
from coinproofs.proofs.sat import lrat_evidence
from coinproofs.verify.certificate import Artifacts
from coinproofs.verify.dimacs import dimacs_text
from coinproofs.verify.lrat import check_lrat_evidence, check_refutation


def satisfiable_by_brute_force(clauses: list[list[int]], nvars: int) -> bool:
    return any(all(any((lit > 0) == values[abs(lit) - 1] for lit in clause) for clause in clauses)
               for values in itertools.product((False, True), repeat=nvars))


def check_answer(clauses: list[list[int]], proof: bool = True) -> bool:
    """Solve `clauses`; check the model or (when asked for) the proof; return satisfiable."""
    result = solve(clauses, proof=proof)
    if result.satisfiable:
        assert result.model is not None and result.lrat is None
        true = set(result.model)
        assert all(true & set(clause) for clause in clauses)
    else:
        assert result.model is None
        if proof:
            assert result.lrat is not None
            check_refutation(clauses, result.lrat)
        else:
            assert result.lrat is None
    return result.satisfiable


# Clauses that CaDiCaL simplifies while they are being added, so that its clause ids interleave
# derived and original clauses (see kernel_numbering).
@pytest.mark.parametrize("clauses", [
    [[1], [-1]],
    [[1], [-1, 2], [-2]],
    [[1], [-1, 2], [-2, 3], [-3]],
    [[1, 1, 2], [-1], [-2]],
    [[1, 1], [-1]],
    [[1], [-1, 2, 2, 3], [-2], [-3]],
    [[1, -1], [2], [-2]],
    [[2], [1, -1], [3], [-2]],
    [[1], [1, 2], [-1]],
    [[1], [-1], [2], [3, 4]],
    [[1], [2], [-1, -2]],
    [[1, 2], [-1, 2], [1, -2], [-1, -2]],
], ids=str)
def test_unsatisfiable_edge_cases_get_proofs_the_kernel_accepts(clauses: list[list[int]]) -> None:
    assert not check_answer(clauses)


def test_a_formula_with_the_empty_clause_gets_a_one_line_proof() -> None:
    result = solve([[1, 2], [], [-1]])
    assert not result.satisfiable and result.lrat == b"4 0 2 0\n"
    check_refutation([[1, 2], [], [-1]], result.lrat)
    assert solve([[]], proof=False).lrat is None


def test_unit_propagation_alone_still_ends_in_an_empty_clause_line() -> None:
    result = solve([[1], [2], [-1, -2]])
    assert result.lrat == b"4 0 1 2 3 0\n"


def test_kernel_numbering_moves_derived_ids_after_the_originals() -> None:
    # CaDiCaL's own trace for [[1], [-1, 2], [-2, 3], [-3]]: it derives [2] as clause 3 and
    # [3] as clause 5 while the clauses are added, so [-2, 3] is its 4 and [-3] its 6.
    trace = b"3 2 0 1 2 0\n3 d 2 0\n5 3 0 3 4 0\n5 d 4 0\n7 0 5 6 0\n"
    assert kernel_numbering(trace, 4) == b"5 2 0 1 2 0\n5 d 2 0\n6 3 0 5 3 0\n6 d 3 0\n7 0 6 4 0\n"
    check_refutation([[1], [-1, 2], [-2, 3], [-3]], kernel_numbering(trace, 4))
    untouched = b"5 0 1 2 0\n"
    assert kernel_numbering(untouched, 4) is untouched


def test_satisfiable_formulas_get_models_and_no_proof() -> None:
    assert check_answer([[1, 2], [-1], [2, 3]])
    assert check_answer([])
    assert check_answer(PHP(4).clauses[:-1])  # drop one clause: then the pigeons fit


def test_proof_can_be_turned_off() -> None:
    assert not check_answer(PHP(4).clauses, proof=False)


def test_proofs_are_reproducible() -> None:
    assert solve(PHP(5).clauses).lrat == solve(PHP(5).clauses).lrat


@st.composite
def small_formulas(draw: st.DrawFn) -> tuple[list[list[int]], int]:
    """Small formulas with units, repeated literals and tautologies mixed in."""
    nvars = draw(st.integers(1, 7))
    literal = st.integers(1, nvars).flatmap(lambda v: st.sampled_from([v, -v]))
    return draw(st.lists(st.lists(literal, min_size=1, max_size=4), max_size=30)), nvars


@settings(max_examples=150, deadline=None)
@given(small_formulas())
def test_answers_agree_with_brute_force(case: tuple[list[list[int]], int]) -> None:
    clauses, nvars = case
    assert check_answer(clauses) == satisfiable_by_brute_force(clauses, nvars)


def random_3cnf(seed: int, nvars: int, ratio: float) -> list[list[int]]:
    rng = random.Random(seed)
    return [[v * rng.choice((1, -1)) for v in rng.sample(range(1, nvars + 1), 3)]
            for _ in range(int(nvars * ratio))]


@pytest.mark.skipif(shutil.which("cadical") is None,
                    reason="Debian's cadical binary is not installed (apt-get install cadical)")
def test_debian_cadical_agrees_on_exported_dimacs(tmp_path: Path) -> None:
    formulas = [(PHP(4).clauses, PHP(4).nv), (PHP(4).clauses[:-1], PHP(4).nv)]
    formulas += [(random_3cnf(seed, 40, 4.26), 40) for seed in range(10)]
    answers = set()
    for number, (clauses, nvars) in enumerate(formulas):
        path = tmp_path / f"f{number}.cnf"
        path.write_text(dimacs_text(clauses, nvars, [f"formula {number}"]))
        run = subprocess.run(["cadical", "-q", "-n", str(path)], capture_output=True, check=False)
        assert run.returncode in (10, 20), run.stderr
        satisfiable = check_answer(clauses)
        assert (run.returncode == 10) == satisfiable
        answers.add(satisfiable)
    assert answers == {True, False}  # the random formulas near the threshold give both


# --- LRAT evidence for certificates -------------------------------------------------------------

def test_lrat_evidence_writes_artifacts_the_kernel_accepts(tmp_path: Path) -> None:
    context = ProofContext(out_dir=tmp_path, claim_id="test.php4")
    clauses, nvars, comments = PHP(4).clauses, PHP(4).nv, ["pigeonhole 4"]
    evidence = lrat_evidence(context, clauses, nvars, comments, "php", {"holes": 4})
    assert evidence["method"] == "lrat" and evidence["encoding"] == "php"
    assert evidence["holes"] == 4
    assert (evidence["cnf"], evidence["proof"]) == ("test.php4.cnf", "test.php4.lrat")
    assert (tmp_path / "test.php4.cnf").read_text() == dimacs_text(clauses, nvars, comments)
    assert context.solvers == {"cadical195"}
    check_lrat_evidence(clauses, nvars, comments, evidence, Artifacts(tmp_path))


def test_lrat_evidence_with_a_suffix_names_its_own_files(tmp_path: Path) -> None:
    context = ProofContext(out_dir=tmp_path, claim_id="test.php")
    for holes in (3, 4):
        evidence = lrat_evidence(context, PHP(holes).clauses, PHP(holes).nv, [], "php", {},
                                 suffix=f"h{holes}")
        assert evidence["proof"] == f"test.php.h{holes}.lrat"
        check_lrat_evidence(PHP(holes).clauses, PHP(holes).nv, [], evidence, Artifacts(tmp_path))


def test_lrat_evidence_refuses_a_satisfiable_formula(tmp_path: Path) -> None:
    context = ProofContext(out_dir=tmp_path, claim_id="test.sat")
    with pytest.raises(ValueError, match="satisfiable"):
        lrat_evidence(context, [[1, 2]], 2, [], "toy", {})
    assert list(tmp_path.iterdir()) == []


def test_lrat_evidence_refuses_extra_fields_that_hide_its_own(tmp_path: Path) -> None:
    context = ProofContext(out_dir=tmp_path, claim_id="test.clash")
    with pytest.raises(ValueError, match="overwrite"):
        lrat_evidence(context, [[1], [-1]], 1, [], "toy", {"proof_sha256": "0" * 64})


def test_ctrl_c_inside_the_solver_stays_an_interrupt() -> None:
    """pysat reports a Ctrl-C caught inside CaDiCaL as its own error; callers must see
    KeyboardInterrupt (an interrupt), not a failed proof."""
    import pysolvers

    from coinproofs.encodings.cadical import interrupts_kept

    with pytest.raises(KeyboardInterrupt), interrupts_kept():
        raise pysolvers.error("Caught keyboard interrupt")
    with pytest.raises(pysolvers.error, match="something else"), interrupts_kept():
        raise pysolvers.error("something else")

