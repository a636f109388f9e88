"""The kernel's rules (verify/table.py) for the coin flip: exact simulation on the coins' fast
path and on the dials' path, counterexamples, beliefs over orbits."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from coinproofs.verify import table as kernel
from coinproofs.verify.certificate import Rejected

NOTEBOOK_N4 = [[0, 1, 2, 3], [0, 2], [0, 1, 2, 3], [0, 1], [0, 1, 2, 3], [0, 2], [0, 1, 2, 3],
               [0], [0, 1, 2, 3], [0, 2], [0, 1, 2, 3], [0, 1], [0, 1, 2, 3], [0, 2],
               [0, 1, 2, 3]]


def bits(positions: list[int]) -> int:
    return sum(1 << p for p in positions)


coins = kernel.coin_flip


def by_dials(n: int) -> kernel.Table:
    """The coin flip with its group given twice over: the same game, simulated on the dials'
    path (boolean arrays over the states), not the coins' bit-packed fast path."""
    turn = kernel.named_generators(n, "cyclic")[0]
    return kernel.table_of(n, generators=[turn, turn])


def wins_by_brute_force(strategy: list[int], n: int) -> bool:
    """Play every initial state against every sequence of rotations, one game at a time."""
    return all(kernel.play(start, devil, strategy, coins(n)) == 0
               for start in range(1 << n)
               for devil in itertools.product(kernel.group(coins(n)), repeat=len(strategy)))


def test_rotation_moves_each_coin_clockwise() -> None:
    assert kernel.rotate(0b0001, 1, 4) == 0b0010
    assert kernel.rotate(0b1000, 1, 4) == 0b0001
    assert kernel.rotate(0b0110, 3, 4) == 0b0011
    assert kernel.rotations(0b0101, 4) == [0b0101, 0b1010]


def test_orbit_counts_match_the_notebook() -> None:
    assert [len(kernel.orbits(coins(n))) for n in range(1, 13)] == [
        2, 3, 4, 6, 8, 14, 20, 36, 60, 108, 188, 352]


def test_lamping_for_four_coins_is_the_notebooks_strategy() -> None:
    assert kernel.lamping(4) == [bits(move) for move in NOTEBOOK_N4]


@pytest.mark.parametrize("n", [1, 2, 4, 8])
def test_lamping_wins_and_needs_its_last_move(n: int) -> None:
    strategy = kernel.lamping(n)
    assert len(strategy) == 2**n - 1
    for table in coins(n), by_dials(n):
        assert kernel.simulate(strategy, table) is None
        counterexample = kernel.simulate(strategy[:-1], table)
        assert counterexample is not None
        assert kernel.play(counterexample.initial, counterexample.permutations, strategy[:-1],
                           coins(n)) != 0


def test_lamping_wins_for_sixteen_coins() -> None:
    assert kernel.simulate(kernel.lamping(16), coins(16)) is None


@pytest.mark.slow
def test_lamping_for_sixteen_coins_needs_its_last_move() -> None:
    strategy = kernel.lamping(16)[:-1]
    counterexample = kernel.simulate(strategy, coins(16))
    assert counterexample is not None
    assert kernel.play(counterexample.initial, counterexample.permutations, strategy,
                       coins(16)) != 0


@pytest.mark.parametrize("n", [3, 5, 6])
def test_lamping_refuses_other_sizes(n: int) -> None:
    with pytest.raises(Rejected, match="power of 2"):
        kernel.lamping(n)


@settings(max_examples=150, deadline=None)
@given(st.integers(1, 3).flatmap(
    lambda n: st.tuples(st.just(n), st.lists(st.integers(0, 2**n - 1), max_size=5))))
def test_simulation_agrees_with_playing_every_game(case: tuple[int, list[int]]) -> None:
    n, strategy = case
    wins = wins_by_brute_force(strategy, n)
    for table in coins(n), by_dials(n):  # the fast path and the dials' path
        counterexample = kernel.simulate(strategy, table)
        assert (counterexample is None) == wins
        if counterexample is not None:
            assert len(counterexample.permutations) == len(strategy)
            assert kernel.play(counterexample.initial, counterexample.permutations, strategy,
                               coins(n)) != 0


def test_simulation_rejects_moves_outside_the_table() -> None:
    with pytest.raises(Rejected, match="outside"):
        kernel.simulate([0b10000], coins(4))


def test_belief_update_on_orbits_agrees_with_the_set_of_states() -> None:
    """For every belief of 4 coins and every move, the orbit table gives the same orbits as
    rotating and flipping each state of the belief."""
    n = 4
    index = kernel.orbit_index(coins(n))
    members = {j: [s for s in range(1 << n) if index[s] == j] for j in range(6)}
    for belief in range(1, 1 << 6):
        states = {s for j in range(6) if belief >> j & 1 for s in members[j]}
        for m, move in enumerate(kernel.orbits(coins(n))):
            after = {0 if s == 0 else kernel.rotate(s, r, n) ^ move for s in states
                     for r in range(n)}
            assert kernel.update(belief, m, coins(n)) == sum({1 << index[s] for s in after})


def test_reachability_accepts_the_closed_set_for_three_coins() -> None:
    layers, frontier, seen = [], [kernel.start_belief(coins(3))], {kernel.start_belief(coins(3))}
    while frontier:
        layers.append(frontier)
        frontier = sorted({kernel.update(b, m, coins(3)) for b in frontier for m in range(4)}
                          - seen)
        seen.update(frontier)
    assert kernel.check_reachability(layers, coins(3)) == kernel.Fact("impossible")
    assert kernel.check_reachability(layers[:1], coins(3)) == kernel.Fact("none-up-to", 0)
    with pytest.raises(Rejected, match="not in the next layers"):
        kernel.check_reachability([layers[0], [], *layers[1:]], coins(3))
    with pytest.raises(Rejected, match="goal"):
        kernel.check_reachability([*layers, [kernel.GOAL]], coins(3))
    with pytest.raises(Rejected, match="layer 0"):
        kernel.check_reachability(layers[1:], coins(3))
    with pytest.raises(Rejected, match="twice"):
        kernel.check_reachability([*layers, layers[-1]], coins(3))
