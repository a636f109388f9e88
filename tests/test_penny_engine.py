"""The penny game's engine: rules, formula, mex and sympy's golden ratio agree; moves win."""

from __future__ import annotations

import doctest
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from coinproofs.games import penny

SEED_FIRST_20 = [(0, 0), (1, 2), (3, 5), (4, 7), (6, 10), (8, 13), (9, 15), (11, 18), (12, 20),
                 (14, 23), (16, 26), (17, 28), (19, 31), (21, 34), (22, 36), (24, 39), (25, 41),
                 (27, 44), (29, 47), (30, 49)]


def moves(x: int, y: int, a: int = 1) -> list[tuple[int, int]]:
    """Every position one move from (x, y), straight from the rules (not from the engine)."""
    return [(x - first, y - second) for first in range(x + 1) for second in range(y + 1)
            if (first, second) != (0, 0)
            and (first == 0 or second == 0 or abs(first - second) < a)]


def losing_by_brute_force(max_pile: int, a: int = 1, misere: bool = False) -> list[tuple[int, int]]:
    """Every position decided by recursion over every move (small squares only)."""

    @cache
    def loses(x: int, y: int) -> bool:
        if misere and x == y == 0:
            return False  # the opponent took the last penny
        return not any(loses(*after) for after in moves(x, y, a))

    return [(x, y) for x in range(max_pile + 1) for y in range(x, max_pile + 1) if loses(x, y)]


def test_doctests() -> None:
    assert doctest.testmod(penny).failed == 0


def test_the_seeds_first_twenty_losing_positions() -> None:
    assert penny.losing_by_rules(49) == SEED_FIRST_20
    assert [penny.wythoff_pair(k) for k in range(20)] == SEED_FIRST_20


@pytest.mark.parametrize("a, misere", [(1, False), (2, False), (3, False), (4, False), (1, True)])
def test_rules_agree_with_brute_force(a: int, misere: bool) -> None:
    assert penny.losing_by_rules(24, a, misere) == losing_by_brute_force(24, a, misere)


@pytest.mark.parametrize("a", [1, 2, 3, 4])
def test_rules_formula_and_mex_agree(a: int) -> None:
    rules = penny.losing_by_rules(3000, a)
    assert rules == penny.losing_by_formula(3000, a) == penny.losing_by_mex(3000, a)


def test_rules_and_formula_agree_at_ten_thousand() -> None:
    assert penny.losing_by_rules(10_000) == penny.losing_by_formula(10_000)


def test_misere_differs_only_below_three() -> None:
    normal, misere = penny.losing_by_rules(2000), penny.losing_by_rules(2000, misere=True)
    assert misere == penny.losing_by_formula(2000, misere=True)
    assert misere[:2] == [(0, 1), (2, 2)] and misere[2:] == normal[2:]


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 300), st.integers(1, 6), st.booleans())
def test_every_square_agrees(max_pile: int, a: int, misere: bool) -> None:
    misere = misere and a == 1
    assert penny.losing_by_rules(max_pile, a, misere) == penny.losing_by_formula(
        max_pile, a, misere)
    if not misere:
        assert penny.losing_by_mex(max_pile, a) == penny.losing_by_formula(max_pile, a)


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 10**40))
def test_integer_formula_is_floor_k_phi_by_sympy(k: int) -> None:
    from sympy import GoldenRatio, floor

    assert penny.wythoff_pair(k) == (int(floor(k * GoldenRatio)), int(floor(k * GoldenRatio**2)))


@pytest.mark.parametrize("a", [2, 3, 4])
def test_integer_formula_is_floor_k_alpha_by_sympy(a: int) -> None:
    from sympy import Integer, floor, sqrt

    alpha = (2 - Integer(a) + sqrt(a * a + 4)) / 2
    for k in [*range(200), 10**20 + 7]:
        x = int(floor(k * alpha))
        assert penny.wythoff_pair(k, a) == (x, x + a * k)


def test_partner_agrees_with_the_rules() -> None:
    partners = penny.losing_partners(5000)
    for n, m in enumerate(partners):
        assert m == penny.NONE or penny.partner(n) == m


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 10**60))
def test_partner_pairs_every_pile_with_the_formula(n: int) -> None:
    m = penny.partner(n)
    assert penny.partner(m) == n
    assert penny.wythoff_pair(abs(m - n)) == (min(m, n), max(m, n))


def test_winning_moves_are_every_move_to_a_losing_position() -> None:
    losing = {pair for p in losing_by_brute_force(40) for pair in (p, p[::-1])}
    for x in range(41):
        for y in range(41):
            expected = sorted(after for after in moves(x, y) if after in losing)
            assert sorted(penny.winning_moves(x, y)) == expected
            assert penny.is_losing(x, y) == ((x, y) in losing)


def test_the_blogs_examples() -> None:
    assert penny.winning_moves(1, 1) == [(0, 0)] and penny.is_losing(1, 2)
    assert (24, 39) in penny.winning_moves(75, 90)  # the blog's best move: 51 from both
    assert penny.is_losing(24, 39) and penny.winning_moves(24, 39) == []
    assert penny.winning_moves(3, 7) == [(3, 5)] and (1, 2) in penny.winning_moves(3, 4)


def test_riddler_losing_splits() -> None:
    assert penny.losing_splits(20, 30) == [(8, 13), (9, 15), (11, 18)]
    every = penny.losing_by_formula(2000)
    for lo, hi in [(0, 0), (0, 10), (100, 400), (999, 1000)]:
        assert penny.losing_splits(lo, hi) == [p for p in every if lo <= sum(p) <= hi]


def test_bad_sizes_are_refused_with_a_sentence() -> None:
    with pytest.raises(ValueError, match="must not be negative"):
        penny.losing_by_rules(-1)
    with pytest.raises(ValueError, match="at least 1"):
        penny.losing_by_mex(10, a=0)
    with pytest.raises(ValueError, match="a = 1"):
        penny.losing_by_formula(10, a=2, misere=True)
    with pytest.raises(ValueError, match="cannot hold"):
        penny.partner(-1)
    with pytest.raises(ValueError, match="LO"):
        penny.losing_splits(5, 4)
