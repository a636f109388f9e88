"""The kernel's rules and the fast engine, written independently, agree on every small case."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from coinproofs.games import devil as engine
from coinproofs.verify import table as kernel


@pytest.mark.parametrize("n", range(1, 11))
def test_same_orbits(n: int) -> None:
    assert list(kernel.orbits(kernel.coin_flip(n))) == engine.orbits(n)


@pytest.mark.parametrize("n", [1, 2, 4, 8, 16])
def test_same_lamping_strategy(n: int) -> None:
    assert kernel.lamping(n) == engine.lamping(n)


def strategies(max_n: int, max_length: int) -> st.SearchStrategy[tuple[int, list[int]]]:
    return st.integers(1, max_n).flatmap(lambda n: st.tuples(
        st.just(n), st.lists(st.integers(0, 2**n - 1), max_size=max_length)))


@settings(max_examples=300, deadline=None)
@given(strategies(6, 40))
def test_simulation_and_engine_agree_on_random_strategies(case: tuple[int, list[int]]) -> None:
    n, strategy = case
    assert (kernel.simulate(strategy, kernel.coin_flip(n)) is None) == engine.wins(strategy, n)


@settings(max_examples=100, deadline=None)
@given(st.integers(1, 4).flatmap(lambda k: st.tuples(
    st.just(2**k // 2 if k > 1 else 1), st.lists(st.integers(0, 40), max_size=3))))
def test_agreement_on_perturbed_lamping(case: tuple[int, list[int]]) -> None:
    """Lamping's strategy with a few moves replaced: winners and losers both occur."""
    n, replaced = case
    strategy = kernel.lamping(n)
    for position in replaced:
        strategy[position % len(strategy)] = (position * 7) % 2**n
    assert (kernel.simulate(strategy, kernel.coin_flip(n)) is None) == engine.wins(strategy, n)


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 6).flatmap(lambda n: st.tuples(
    st.just(n), st.integers(1, 2**len(kernel.orbits(kernel.coin_flip(n))) - 1),
    st.integers(0, 2**n - 1))))
def test_belief_updates_agree(case: tuple[int, int, int]) -> None:
    n, belief, move = case
    move_orbit = kernel.orbits(kernel.coin_flip(n)).index(min(kernel.rotations(move, n)))
    assert kernel.update(belief, move_orbit, kernel.coin_flip(n)) == engine.update(belief, move, n)


@pytest.mark.parametrize("n", [*range(1, 12), pytest.param(12, marks=pytest.mark.slow)])
def test_search_layers_pass_the_kernels_reachability_check(n: int) -> None:
    """BFS's layers are what the kernel expects; its verdict matches BFS's."""
    found = engine.search(n)
    fact = kernel.check_reachability([[int(b) for b in layer] for layer in found.layers],
                                     kernel.coin_flip(n))
    if found.strategy is None:
        assert fact == kernel.Fact("impossible")
    else:
        assert fact == kernel.Fact("none-up-to", len(found.strategy) - 1)
        assert kernel.simulate(found.strategy, kernel.coin_flip(n)) is None
