"""The glasses engine (games/glasses.py): its search against brute force, its strategies against
its own reading of the rules on beliefs, the devil's invariant, and the shared tree form."""

from __future__ import annotations

import doctest
import json
import math

import pytest

from bench.glasses_baseline import brute_force_value
from coinproofs.games import glasses
from coinproofs.games.glasses import (
    Devil,
    Search,
    invariant,
    rules,
    shared_form,
    solve,
    strategy_to_json,
    turns_of,
    worst_case,
    written_size,
)
from coinproofs.proofs.glasses import hands_needed


def test_doctests() -> None:
    from bench import glasses_baseline
    from coinproofs.proofs import glasses as provers

    for module in (glasses, provers, glasses_baseline):
        assert doctest.testmod(module).failed == 0


@pytest.mark.parametrize("n, k", [(n, k) for n in range(1, 5) for k in range(n + 1)])
def test_the_search_agrees_with_brute_force(n: int, k: int) -> None:
    solution = solve(n, k)
    expected = brute_force_value(n, k)
    assert (math.inf if solution.length is None else solution.length) == expected


@pytest.mark.parametrize("n, k", [(n, k) for n in range(1, 8) for k in range(n + 1)])
def test_strategies_found_win_in_the_stated_turns(n: int, k: int) -> None:
    solution = solve(n, k)
    if solution.length is None:
        assert solution.invariant and solution.tree is None
    else:
        assert turns_of(solution.tree) == worst_case(solution.tree, n, k) == solution.length


@pytest.mark.parametrize("n", range(1, 9))
def test_the_invariant_is_nonempty_exactly_below_the_hands_needed(n: int) -> None:
    """Laaser and Ramshaw's N - N/p, as far as the engine sees (the kernel certifies it)."""
    assert [bool(invariant(n, k)) for k in range(n + 1)] == [k < hands_needed(n)
                                                             for k in range(n + 1)]


def test_shortest_turns_of_the_small_games() -> None:
    found = {(n, k): solve(n, k).length for n in range(1, 8) for k in range(n + 1)}
    assert found[4, 2] == 5  # Ehrenborg and Skinner's five turns
    assert found[6, 4] == 5 and found[5, 4] == found[7, 6] == 2
    assert all(found[n, n] == 1 for n in range(2, 8)) and found[1, 0] == 0


def test_within_gives_a_strategy_no_longer_than_asked() -> None:
    solution = solve(4, 2, within=7)
    assert not solution.shortest and 5 <= solution.length <= 7  # type: ignore[operator]
    with pytest.raises(ValueError, match="no strategy wins within 4 turns"):
        solve(4, 2, within=4)


def test_sizes_outside_the_tables_are_refused() -> None:
    with pytest.raises(ValueError, match=r"1\.\.9 glasses"):
        rules(10, 2)
    with pytest.raises(ValueError, match=r"hands must lie in 0\.\.4"):
        rules(4, 5)


def test_survival_layers_hold_the_start_in_the_last_layer() -> None:
    search = Search(rules(4, 2))
    assert not search.winnable(search.rules.start, 4)
    layers = search.survival(search.rules.start, 4)
    assert len(layers) == 4 and layers[-1] == [search.rules.start]
    assert all(not search.winnable(belief, d) for d, layer in enumerate(layers, 1)
               for belief in layer)


def test_shared_form_writes_each_turn_once_and_means_the_same() -> None:
    from coinproofs.verify.glasses import play_strategy

    tree = solve(6, 4).tree
    nested = strategy_to_json(tree)
    shared = shared_form(nested)
    assert written_size(tree) == 281 and len(shared["named"]) < 281
    assert play_strategy(shared, 6, 4) == play_strategy(nested, 6, 4) == 5
    forced = strategy_to_json(tree, inline=10)  # the engine's own shared form
    assert "named" in forced and play_strategy(forced, 6, 4) == 5
    assert json.dumps(shared_form(shared)) == json.dumps(shared)


def test_the_devil_of_play_never_lets_one_hand_win_on_four_glasses() -> None:
    """Whatever a player does with one hand on four glasses, the devil keeps it going."""
    devil = Devil(4, 1)
    for number in range(40):
        hands = (number % 4,)
        pattern = devil.feel(hands)
        assert not devil.turn(hands, pattern, hands if number % 3 else ())
    _start, rotations, now = devil.a_game()
    assert len(rotations) == 40 and now not in (0, 15)


def test_the_devil_of_play_loses_to_the_shortest_strategy() -> None:
    tree = solve(4, 2).tree
    devil, node, played = Devil(4, 2), tree, 0
    while node is not None:
        pattern = devil.feel(node.hands)
        response = node.responses[pattern]
        played += 1
        won = devil.turn(node.hands, pattern, response.turn)
        node = response.then
        assert won == (node is None)
    assert played == 5  # the devil makes the strategy use all its turns
