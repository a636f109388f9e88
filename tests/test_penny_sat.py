"""The penny game as SAT and SMT: the unique model is the losing set; z3 proves the formula's
structure (facts the kernel cannot check, reported here and in docs/penny.md)."""

from __future__ import annotations

import doctest

import pytest

from coinproofs.encodings import penny as encoding
from coinproofs.encodings.cadical import solve
from coinproofs.games import penny as engine
from coinproofs.verify import penny_cnf
from coinproofs.verify.certificate import Rejected
from coinproofs.verify.lrat import check_refutation


def test_doctests() -> None:
    assert doctest.testmod(encoding).failed == 0


def mirrored(pairs: list[tuple[int, int]]) -> set[tuple[int, int]]:
    return {pair for p in pairs for pair in (p, p[::-1])}


@pytest.mark.parametrize("max_pile", [0, 1, 5, 17, 30])
def test_the_model_is_the_losing_set_and_the_only_one(max_pile: int) -> None:
    losing = encoding.losing_by_sat(max_pile)
    assert losing == mirrored(engine.losing_by_rules(max_pile))
    formula = encoding.uniqueness_formula(losing, max_pile)
    result = solve(formula)
    assert not result.satisfiable and result.lrat is not None
    check_refutation(formula, result.lrat)


def test_excluding_another_set_leaves_the_formula_satisfiable() -> None:
    """The exclusion clause does real work: excluding a wrong set refutes nothing."""
    wrong = mirrored(engine.losing_by_rules(12)[:-1])
    result = solve(encoding.uniqueness_formula(wrong, 12))
    assert result.satisfiable and result.lrat is None


def test_a_proof_for_one_square_does_not_refute_another() -> None:
    losing = encoding.losing_by_sat(10)
    proof = solve(encoding.uniqueness_formula(losing, 10)).lrat
    assert proof is not None
    other = [*penny_cnf.losing_cnf(10), penny_cnf.excluding(set(), 10)]
    with pytest.raises(Rejected):
        check_refutation(other, proof)


def test_z3_proves_the_monotone_facts_for_every_k() -> None:
    facts = encoding.monotone_facts()
    assert [fact.name for fact in facts] == ["a increasing", "b increasing", "difference"]
    assert all(fact.verdict == "proved" for fact in facts), facts


def test_z3_proves_disjointness_and_covering_up_to_a_bound() -> None:
    facts = encoding.beatty_facts(40)
    assert [fact.name for fact in facts] == ["disjoint", "covering"]
    assert all(fact.verdict == "proved" for fact in facts), facts


@pytest.mark.slow
def test_z3_proves_disjointness_and_covering_up_to_a_thousand() -> None:
    assert all(fact.verdict == "proved" for fact in encoding.beatty_facts(1000))


def test_z3_refutes_a_false_fact() -> None:
    """The same machinery says 'refuted' when the goal is false, so 'proved' means something."""
    import z3

    k = z3.Int("k")
    assert encoding._fact("square", "k^2 < 9", [k >= 0, k <= 3], k * k < 9, 10).verdict == "refuted"
    assert encoding._fact("square", "k^2 < 9", [k >= 0, k <= 2], k * k < 9, 10).verdict == "proved"
