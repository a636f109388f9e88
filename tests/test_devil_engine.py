"""Tests of the devil's coin flip engine against the notebook's facts and a plain re-statement
of the rules (sets of states, every rotation), written here without the engine's tricks."""

from __future__ import annotations

import doctest

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from coinproofs.games import devil
from coinproofs.games.devil import (
    GOAL,
    beliefs_along,
    canonical,
    canonical_moves,
    coins_text,
    flip,
    initial_belief,
    lamping,
    move_from_positions,
    orbit,
    orbit_of,
    orbits,
    positions,
    rotate,
    search,
    shortest_strategy,
    update,
    wins,
)

# --- The rules restated plainly: coins as lists, beliefs as sets of states --------------------


def rotated(state: int, r: int, n: int) -> int:
    """The state after the coin at position i has moved to position (i + r) % n."""
    coins = [state >> i & 1 for i in range(n)]
    moved = [0] * n
    for i, coin in enumerate(coins):
        moved[(i + r) % n] = coin
    return sum(coin << i for i, coin in enumerate(moved))


def least_rotations(n: int) -> list[int]:
    """The least member of every rotation orbit, sorted: the meaning of belief bits."""
    return sorted({min(rotated(s, r, n) for r in range(n)) for s in range(1 << n)})


def states_of(belief: int, n: int) -> set[int]:
    """Every state whose orbit is in the belief."""
    least = least_rotations(n)
    return {s for s in range(1 << n)
            if belief >> least.index(min(rotated(s, r, n) for r in range(n))) & 1}


def belief_of(states: set[int], n: int) -> int:
    """The belief made of the orbits of `states`."""
    least = least_rotations(n)
    hit = {min(rotated(s, r, n) for r in range(n)) for s in states}
    return sum(1 << j for j, s in enumerate(least) if s in hit)


def plain_update(states: set[int], move: int, n: int) -> set[int]:
    """Every state the devil can reach: rotate any way, flip; all heads stays (game over)."""
    return {s if s == 0 else rotated(s, r, n) ^ move for s in states for r in range(n)}


def plain_play(strategy: list[int], n: int) -> set[int]:
    """The states the game may be in after the strategy, from every start."""
    states = set(range(1 << n))
    for move in strategy:
        states = plain_update(states, move, n)
    return states


def plain_wins(strategy: list[int], n: int) -> bool:
    return plain_play(strategy, n) == {0}


def coins(text: str) -> int:
    """Norvig's 'HTTH' (position 0 first) as a state."""
    return sum(1 << i for i, c in enumerate(text) if c == "T")


def norvig_belief(texts: str, n: int) -> int:
    """A belief written as Norvig's canonical coin strings, e.g. 'HHHH HTTT'."""
    return belief_of(set().union(*(orbit(coins(t), n) for t in texts.split())), n)


def moves_of(position_lists: list[list[int]], n: int) -> list[int]:
    return [move_from_positions(ps, n) for ps in position_lists]


# --- Coins, moves, orbits -----------------------------------------------------------------------


def test_docstring_examples() -> None:
    assert doctest.testmod(devil).failed == 0


def test_rotate_sends_position_i_to_i_plus_r() -> None:
    for n in range(1, 7):
        for s in range(1 << n):
            for r in range(-n, 2 * n):
                assert rotate(s, r, n) == rotated(s, r % n, n)


def test_coins_and_moves_in_norvigs_notation() -> None:
    assert coins_text(coins("HTTH"), 4) == "HTTH"
    assert coins_text(0, 3) == "HHH"
    assert positions(0b101) == [0, 2]
    assert positions(0) == []
    assert move_from_positions([3, 0, 3], 4) == 0b1001
    assert move_from_positions([], 4) == 0
    assert flip(coins("HHHT"), move_from_positions([0, 2], 4)) == coins("THTT")  # notebook
    assert orbit(coins("HHHT"), 4) == {coins(t) for t in ("HHHT", "HHTH", "HTHH", "THHH")}


@pytest.mark.parametrize("bad", [[4], [-1], [0, 7], ["1"], [1.0], [True]])
def test_positions_off_the_table_are_refused(bad: list[object]) -> None:
    with pytest.raises(ValueError, match="position"):
        move_from_positions(bad, 4)  # type: ignore[arg-type]


def test_class_counts_match_the_notebook() -> None:
    counts = [len(orbits(n)) for n in range(1, 13)]
    assert counts == [2, 3, 4, 6, 8, 14, 20, 36, 60, 108, 188, 352]


@pytest.mark.parametrize("n", range(1, 9))
def test_classes_are_the_least_members_of_the_orbits(n: int) -> None:
    assert orbits(n) == least_rotations(n)
    index = orbit_of(n)
    assert [orbits(n)[index[s]] for s in range(1 << n)] == \
        [canonical(s, n) for s in range(1 << n)]


def test_class_table_cannot_be_changed_by_callers() -> None:
    with pytest.raises(ValueError):
        orbit_of(4)[3] = 0


@pytest.mark.parametrize("n", range(1, 8))
def test_canonical_moves_are_one_per_orbit_and_suffice(n: int) -> None:
    moves = canonical_moves(n)
    assert sorted({canonical(m, n) for m in range(1 << n)}) == moves
    belief = initial_belief(n) - 2  # everything but the all-tails-but-one class
    for m in range(1 << n):
        assert update(belief, m, n) == update(belief, canonical(m, n), n)


def test_canonical_moves_small_tables() -> None:
    assert canonical_moves(3) == [0, 0b1, 0b11, 0b111]
    assert canonical_moves(4) == [0, 0b1, 0b11, 0b101, 0b111, 0b1111]


# --- Updating beliefs: the notebook's examples ----------------------------------------------------


def test_update_examples_from_the_notebook() -> None:
    # update(all_coins(4), {0, 1, 2, 3}): every sequence but TTTT
    everything_but_tttt = {s for s in range(16) if s != 15}
    assert update(initial_belief(4), 0b1111, 4) == belief_of(everything_but_tttt, 4)
    # update({'TTTTTTT'}, {3}) == {'HTTTTTT'}
    assert update(norvig_belief("TTTTTTT", 7), move_from_positions([3], 7), 7) == \
        norvig_belief("HTTTTTT", 7)
    # update(rotations('HHHHHT'), {0}) == update({'HHTHHH'}, {1}) == update({'THHHHH'}, {2})
    expected = norvig_belief("HHHHHH HHHHTT HHHTHT HHTHHT", 6)
    for texts, position in [("HHHHHT", 0), ("HHTHHH", 1), ("THHHHH", 2)]:
        belief = norvig_belief(texts, 6)
        assert update(belief, move_from_positions([position], 6), 6) == expected


NORVIG_SHOW_4 = """
        | HHHH HHHT HHTT HTHT HTTT TTTT
   0123 | HHHH HHHT HHTT HTHT HTTT
   0 2  | HHHH HHHT HHTT HTTT TTTT
   0123 | HHHH HHHT HHTT HTTT
   01   | HHHH HHHT HTHT HTTT TTTT
   0123 | HHHH HHHT HTHT HTTT
   0 2  | HHHH HHHT HTTT TTTT
   0123 | HHHH HHHT HTTT
   012  | HHHH HHTT HTHT TTTT
   0123 | HHHH HHTT HTHT
   0 2  | HHHH HHTT TTTT
   0123 | HHHH HHTT
   01   | HHHH HTHT TTTT
   0123 | HHHH HTHT
   0 2  | HHHH TTTT
   0123 | HHHH
"""

NORVIG_SHOW_2 = """
        | HH HT TT
   01   | HH HT
   0    | HH TT
   01   | HH
"""


@pytest.mark.parametrize(("n", "table"), [(4, NORVIG_SHOW_4), (2, NORVIG_SHOW_2)])
def test_beliefs_along_reproduce_the_notebooks_show_table(n: int, table: str) -> None:
    rows = [line.split("|") for line in table.strip("\n").splitlines()]
    flipped = [[int(p) for p in flips if p.isdigit()] for flips, _ in rows[1:]]
    strategy = moves_of(flipped, n)
    expected = [norvig_belief(beliefs, n) for _, beliefs in rows]
    assert beliefs_along(strategy, n) == expected
    assert wins(strategy, n)


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_update_agrees_with_sets_of_states(data: st.DataObject) -> None:
    n = data.draw(st.integers(1, 6), label="n")
    belief = data.draw(st.integers(0, (1 << len(least_rotations(n))) - 1), label="belief")
    move = data.draw(st.integers(0, (1 << n) - 1), label="move")
    assert update(belief, move, n) == belief_of(plain_update(states_of(belief, n), move, n), n)


@settings(max_examples=100, deadline=None)
@given(st.data())
def test_wins_agrees_with_sets_of_states(data: st.DataObject) -> None:
    n = data.draw(st.sampled_from([1, 2, 3, 4]), label="n")
    strategy = data.draw(st.lists(st.integers(0, (1 << n) - 1), max_size=20), label="strategy")
    assert wins(strategy, n) == plain_wins(strategy, n)
    assert beliefs_along(strategy, n)[-1] == belief_of(plain_play(strategy, n), n)


def test_bad_beliefs_and_moves_are_refused() -> None:
    with pytest.raises(ValueError, match="not a belief"):
        update(1 << 6, 1, 4)
    with pytest.raises(ValueError, match="not a belief"):
        update(-1, 1, 4)
    with pytest.raises(ValueError, match="outside"):
        update(GOAL, 16, 4)
    with pytest.raises(ValueError, match="outside"):
        wins([1, -1], 4)
    for n in (0, -1):
        with pytest.raises(ValueError, match="at least 1 coin"):
            wins([], n)


# --- Breadth-first search ------------------------------------------------------------------------

SHORTEST = {1: 1, 2: 3, 3: None, 4: 15, 5: None, 6: None, 7: None, 8: 255, 9: None}


@pytest.mark.parametrize("n", sorted(SHORTEST))
def test_search_finds_the_shortest_lengths(n: int) -> None:
    result = search(n)
    strategy = result.strategy
    assert (None if strategy is None else len(strategy)) == SHORTEST[n]
    if strategy is not None:
        assert wins(strategy, n)
        assert not wins(strategy[:-1], n)
        assert set(strategy) <= set(canonical_moves(n))
        assert shortest_strategy(n) == strategy


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5, 6, 7, 9])
def test_search_layers_are_breadth_first_and_closed(n: int) -> None:
    result = search(n)
    layers = [[int(b) for b in layer] for layer in result.layers]
    depth = {b: d for d, layer in enumerate(layers) for b in layer}
    assert layers[0] == [initial_belief(n)]
    assert sum(map(len, layers)) == len(depth), "a belief appears twice"
    assert GOAL not in depth
    last = len(layers) - 1
    for belief, d in depth.items():
        for move in canonical_moves(n):
            image = update(belief, move, n)
            if result.strategy is None or d < last:
                assert depth[image] <= d + 1  # reached no later than one move after `belief`
    for d in range(1, len(layers)):  # every belief of layer d is one move from layer d - 1
        images = {update(b, m, n) for b in layers[d - 1] for m in canonical_moves(n)}
        assert set(layers[d]) <= images
    if result.strategy is not None:  # the strategy walks down the layers to the goal
        along = beliefs_along(result.strategy, n)
        assert len(layers) == len(result.strategy)
        assert all(belief in layers[d] for d, belief in enumerate(along[:-1]))
        assert along[-1] == GOAL


def test_search_reports_progress() -> None:
    calls: list[tuple[int, int]] = []
    result = search(4, lambda depth, seen: calls.append((depth, seen)))
    assert [depth for depth, _ in calls] == list(range(len(result.layers)))
    assert calls[-1][1] == sum(len(layer) for layer in result.layers)


def test_search_reachable_sets_are_small() -> None:
    # Measured facts, cross-checked against plain sets above: with no winning strategy the
    # devil keeps the player among very few beliefs.
    assert [sum(len(layer) for layer in search(n).layers) for n in (3, 5, 6, 7, 9)] == \
        [2, 2, 4, 2, 2]


@pytest.mark.parametrize("n", [0, -1, 13, 16])
def test_search_refuses_sizes_it_cannot_handle(n: int) -> None:
    with pytest.raises(ValueError, match="coin"):
        search(n)


# --- John Lamping's construction -----------------------------------------------------------------


def test_lamping_is_the_notebooks_four_coin_strategy() -> None:
    notebook = [[0, 1, 2, 3], [0, 2], [0, 1, 2, 3], [0, 1], [0, 1, 2, 3], [0, 2], [0, 1, 2, 3],
                [0], [0, 1, 2, 3], [0, 2], [0, 1, 2, 3], [0, 1], [0, 1, 2, 3], [0, 2],
                [0, 1, 2, 3]]
    assert [positions(move) for move in lamping(4)] == notebook
    assert [positions(move) for move in lamping(2)] == [[0, 1], [0], [0, 1]]
    assert lamping(1) == [1]


@pytest.mark.parametrize("n", [1, 2, 4, 8, pytest.param(16, marks=pytest.mark.slow)])
def test_lamping_wins_and_needs_its_last_move(n: int) -> None:
    strategy = lamping(n)
    assert len(strategy) == 2**n - 1
    assert all(0 < move < 1 << n for move in strategy)
    assert wins(strategy, n)
    assert not wins(strategy[:-1], n)


def test_lamping_wins_for_sixteen_coins() -> None:
    # 65,535 moves over 4,116 orbits: about 2 s, so the default run checks only the win.
    assert wins(lamping(16), 16)


@pytest.mark.parametrize("n", [1, 2, 4])
def test_lamping_wins_by_the_plain_rules(n: int) -> None:
    assert plain_wins(lamping(n), n)
    assert not plain_wins(lamping(n)[:-1], n)


@pytest.mark.parametrize("n", [0, -1, 3, 6, 12, 32])
def test_lamping_refuses_what_it_cannot_build(n: int) -> None:
    with pytest.raises(ValueError, match=r"power of 2|too many"):
        lamping(n)

