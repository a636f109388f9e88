"""Every road to the same fact agrees on every small case: for each N, breadth-first search,
the SAT formula at Lemma 0's length, z3, the devil's invariant (by brute force), the
algebraic factor, and exact simulation of Lamping's strategy all say the same thing."""

from __future__ import annotations

import pytest

from coinproofs.encodings import devil_sat, devil_smt
from coinproofs.games import algebra
from coinproofs.games import devil as engine
from coinproofs.verify import devil_invariant
from coinproofs.verify import table as kernel


def winnable_by_search(n: int) -> bool:
    return engine.search(n).strategy is not None


def odd_factor(n: int) -> int | None:
    return next((p for p in range(3, n + 1, 2) if n % p == 0), None)


@pytest.mark.parametrize("n", [*range(1, 12), pytest.param(12, marks=pytest.mark.slow)])
def test_search_algebra_invariant_and_lamping_agree(n: int) -> None:
    winnable = winnable_by_search(n)
    assert winnable == engine.is_power_of_two(n)
    assert winnable == (algebra.coprime_factor(n) is None)
    p = odd_factor(n)
    assert winnable == (p is None)
    if p is not None:  # the devil keeps every state of his invariant in it
        assert devil_invariant.escape(n, p) is None
    else:  # and where he has none, Lamping's strategy wins, with exactly 2^N - 1 moves
        strategy = kernel.lamping(n)
        assert len(strategy) == 2**n - 1 and kernel.simulate(strategy, kernel.coin_flip(n)) is None


@pytest.mark.parametrize("n", [*range(1, 7), pytest.param(7, marks=pytest.mark.slow)])
def test_sat_smt_and_search_agree_at_the_lower_bound(n: int) -> None:
    """At Lemma 0's length 2^N - 1 a strategy exists iff search finds one; one move fewer,
    none does (both solvers, for every small N)."""
    length = 2**n - 1
    assert (devil_sat.find_strategy(n, length) is not None) == winnable_by_search(n)
    assert (devil_smt.find_strategy(n, length) is not None) == winnable_by_search(n)
    assert devil_sat.find_strategy(n, length - 1) is None
    found = devil_sat.find_strategy(n, length)
    if found is not None:
        assert kernel.simulate(found, kernel.coin_flip(n)) is None and engine.wins(found, n)
