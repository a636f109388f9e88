"""The kernel's penny game: the definitional check of a losing set, the formula, the CNF."""

from __future__ import annotations

import doctest
import itertools
from types import ModuleType

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from coinproofs.games import penny as engine
from coinproofs.verify import penny as kernel
from coinproofs.verify import penny_cnf
from coinproofs.verify.certificate import Rejected


@pytest.mark.parametrize("module", [kernel, penny_cnf])
def test_doctests(module: ModuleType) -> None:
    assert doctest.testmod(module).failed == 0


@pytest.mark.parametrize("max_pile, a, misere", [
    (0, 1, False), (1, 1, False), (2, 1, False), (200, 1, False), (10_000, 1, False),
    (2, 1, True), (300, 1, True), (1, 3, False), (300, 2, False), (300, 3, False),
    (300, 4, False), (300, 7, False)])
def test_the_engines_answer_is_accepted(max_pile: int, a: int, misere: bool) -> None:
    kernel.check_losing_set(engine.losing_by_rules(max_pile, a, misere), max_pile, a, misere)


def test_formula_is_the_engines_formula() -> None:
    for a in range(1, 6):
        assert kernel.formula_pairs(5000, a) == engine.losing_by_formula(5000, a)
    assert kernel.formula_pairs(5000, misere=True) == engine.losing_by_formula(5000, misere=True)
    assert kernel.formula_pairs(1, misere=True) == [(0, 1)]


def reason(pairs: list[tuple[int, int]], max_pile: int, a: int = 1, misere: bool = False) -> str:
    with pytest.raises(Rejected) as rejection:
        kernel.check_losing_set(pairs, max_pile, a, misere)
    return str(rejection.value)


def test_wrong_sets_are_rejected_with_the_position_at_fault() -> None:
    right = engine.losing_by_rules(100)
    assert reason(right[:-1], 100) == ("(61, 99) is not listed, yet no move from it reaches a "
                                       "listed position, so it is losing")
    assert "(0, 0) is not listed" in reason(right[1:], 100)
    assert "share a row" in reason([*right[:3], (4, 5), *right[4:]], 100)  # (5, 3) too
    assert "share a diagonal" in reason([(0, 0), (1, 1)], 1)
    assert "both piles <= 5" in reason([(0, 0), (-1, 2)], 5)
    assert "both piles <= 5" in reason([(0, 0), (4, 6)], 5)
    assert "increasing order" in reason([(1, 2), (0, 0)], 5)
    assert reason([(0, 0), (1, 2)], 2, a=2) == ("(1, 2) is listed as losing, yet a move from "
                                                "it reaches a listed position")


def test_normal_and_misere_sets_are_not_interchangeable() -> None:
    normal, misere = engine.losing_by_rules(50), engine.losing_by_rules(50, misere=True)
    assert "misère" in reason(normal, 50, misere=True)
    assert "(0, 0) is not listed" in reason(misere, 50)


def test_each_variant_rejects_the_others_losing_set() -> None:
    for a, b in itertools.permutations(range(1, 5), 2):
        with pytest.raises(Rejected):
            kernel.check_losing_set(engine.losing_by_rules(60, a), 60, b)


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 14).flatmap(lambda m: st.tuples(
    st.just(m), st.sets(st.tuples(st.integers(0, m), st.integers(0, m))))),
    st.integers(1, 3), st.booleans())
def test_only_the_losing_set_is_accepted(case: tuple[int, set[tuple[int, int]]], a: int,
                                         misere: bool) -> None:
    """Toggle some positions of the true losing set: the kernel accepts iff none is toggled."""
    max_pile, toggled = case
    misere = misere and a == 1
    truth = set(engine.losing_by_rules(max_pile, a, misere))
    candidate = sorted(truth ^ {(min(p), max(p)) for p in toggled})
    if candidate == sorted(truth):
        kernel.check_losing_set(candidate, max_pile, a, misere)
    else:
        with pytest.raises(Rejected):
            kernel.check_losing_set(candidate, max_pile, a, misere)


def test_the_reference_cnf_has_exactly_one_model_for_tiny_squares() -> None:
    for max_pile in (0, 1, 2):
        clauses = penny_cnf.losing_cnf(max_pile)
        count = penny_cnf.variables(max_pile)
        models = [bits for bits in itertools.product([False, True], repeat=count)
                  if all(any((lit > 0) == bits[abs(lit) - 1] for lit in clause)
                         for clause in clauses)]
        losing = {pair for p in engine.losing_by_rules(max_pile) for pair in (p, p[::-1])}
        expected = tuple(penny_cnf.variable(x, y, max_pile) in
                         {penny_cnf.variable(*p, max_pile) for p in losing}
                         for x in range(max_pile + 1) for y in range(max_pile + 1))
        assert models == [expected]
        excluded = penny_cnf.excluding(losing, max_pile)
        assert not any((lit > 0) == expected[abs(lit) - 1] for lit in excluded)


@given(st.integers(0, 3000), st.integers(1, 16))
@settings(max_examples=200, deadline=None)
def test_counting_by_bisection_is_counting_the_pairs(max_pile: int, a: int) -> None:
    assert kernel.formula_count(max_pile, a) == len(kernel.formula_pairs(max_pile, a))


def test_counts_at_the_largest_square_grow_as_m_over_the_larger_beatty_ratio() -> None:
    # The k-th pair's larger pile is about k * beta, beta = phi^2 for a = 1: the count is about
    # M / beta + 1 (within one: beta is irrational).
    phi_squared = (3 + 5 ** 0.5) / 2
    count = kernel.formula_count(10 ** 12)
    assert abs(count - (10 ** 12 / phi_squared + 1)) < 2
    larger = kernel.formula_pair(count - 1)[1]
    assert larger <= 10 ** 12 < kernel.formula_pair(count)[1]
