"""The no-repeats engine: the seed's answers, agreement with plain recursion, symmetry, budgets."""

from __future__ import annotations

import random
from functools import cache
from itertools import permutations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from coinproofs.games.norepeat import (
    PLAYERS,
    START,
    NoRepeats,
    OutOfBudget,
    Reorderings,
    flip_all,
    legal_coins,
    perfect_matching,
    plain_winner,
    show,
    solve,
    turn,
)
from coinproofs.verify import norepeat as kernel

RULES = (False, True)


@cache
def solved(n: int, misere: bool) -> NoRepeats:
    return solve(n, misere)


def test_the_seeds_three_answers() -> None:
    assert PLAYERS[solved(3, False).winner] == "Amber"  # question 1
    assert PLAYERS[solved(4, False).winner] == "Amber"  # question 2
    assert PLAYERS[solved(3, True).winner] == "Ben"  # question 3


@pytest.mark.parametrize("misere", RULES)
@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_search_agrees_with_the_seeds_plain_recursion(n: int, misere: bool) -> None:
    assert solved(n, misere).winner == plain_winner(n, misere)


def test_five_coins() -> None:
    assert solved(5, False).winner == "first"
    assert solved(5, True).winner == "second"


def position_values(n: int, misere: bool) -> dict[tuple[int, int], bool]:
    """Every position reachable from the start, with "the player to move wins", by memoised
    recursion over concrete positions: no symmetry at all."""
    values: dict[tuple[int, int], bool] = {}

    def wins(seen: int, pattern: int) -> bool:
        if (seen, pattern) not in values:
            after = [turn(pattern, coin) for coin in legal_coins(seen, pattern, n)]
            values[seen, pattern] = (any(not wins(seen | 1 << p, p) for p in after) if after
                                     else misere)
        return values[seen, pattern]

    wins(1 << START, START)
    return values


@pytest.mark.parametrize("misere", RULES)
@pytest.mark.parametrize("n", [2, 3, 4])
def test_every_position_has_the_value_of_its_key(n: int, misere: bool) -> None:
    game = solved(n, misere)
    values = position_values(n, misere)
    assert len(values) >= game.positions
    for (seen, pattern), to_move_wins in values.items():
        assert game.wins(game.key(seen, pattern)) == to_move_wins, (seen, pattern)


def random_position(rng: random.Random, n: int) -> tuple[int, int]:
    """The position after a random game of random length."""
    seen, pattern = 1 << START, START
    for _ in range(rng.randrange(1 << n)):
        coins = legal_coins(seen, pattern, n)
        if not coins:
            break
        pattern = turn(pattern, rng.choice(coins))
        seen |= 1 << pattern
    return seen, pattern


def image(seen: int, pattern: int, flip: int, order: tuple[int, ...]) -> tuple[int, int]:
    """The position under x -> order(x ^ flip), straight from the definition."""
    def move(x: int) -> int:
        y = x ^ flip
        return sum(1 << order[i] for i in range(len(order)) if y >> i & 1)
    return sum(1 << move(x) for x in range(1 << len(order)) if seen >> x & 1), move(pattern)


@cache
def symmetries(n: int) -> tuple[NoRepeats, kernel.Symmetries]:
    return NoRepeats(n), kernel.Symmetries(n)


@settings(max_examples=60, deadline=None)
@given(st.integers(3, 6), st.randoms(use_true_random=False), st.data())
def test_symmetric_positions_share_a_key(n: int, rng: random.Random, data: st.DataObject) -> None:
    game, plain = symmetries(n)
    seen, pattern = random_position(rng, n)
    flip = data.draw(st.integers(0, (1 << n) - 1))
    order = tuple(data.draw(st.permutations(range(n))))
    key = game.key(seen, pattern)
    assert game.key(*image(seen, pattern, flip, order)) == key
    assert game.key(key, START) == key  # a key is its own key
    assert key == plain.key(seen, pattern)  # the kernel's plain version agrees


def test_a_key_is_the_least_image_over_all_symmetries() -> None:
    game = NoRepeats(4)
    rng = random.Random(4)
    for _ in range(20):
        seen, pattern = random_position(rng, 4)
        images = [image(seen, pattern, pattern, order)[0] for order in permutations(range(4))]
        assert game.key(seen, pattern) == min(images)


def test_flipping_coins_of_a_seen_set() -> None:
    for flip in range(8):
        seen = 0b10010110
        expected = sum(1 << (x ^ flip) for x in range(8) if seen >> x & 1)
        assert flip_all(seen, flip, 3) == expected


def test_the_rules() -> None:
    assert turn(0, 1) == 0b10
    assert show(0b0110, 4) == "HTTH"
    assert legal_coins(0b1011, 0b11, 2) == [0]  # HH, TH, TT: on to HT, not back to TH
    assert legal_coins(0b1111, 0b10, 2) == []


@pytest.mark.parametrize("misere", RULES)
@pytest.mark.parametrize("n", [1, 2, 3, 4, 5])
def test_strategies_win_by_the_kernels_check(n: int, misere: bool) -> None:
    game = solved(n, misere)
    moves = {str(key): coin for key, coin in game.strategy().items()}
    kernel.check_symmetric_strategy(n, misere, game.winner, moves)
    if n <= 4:
        kernel.check_strategy(n, misere, game.winner, game.strategy_tree())


def test_the_winner_is_told_a_winning_coin_and_the_loser_none() -> None:
    game = solved(3, False)
    assert game.winning_coin(1, START) is not None
    assert game.winning_coin(0b11, 1) is None  # Ben after Amber's first move


@pytest.mark.parametrize("n", [1, 2, 3, 7, 12])
def test_perfect_matchings(n: int) -> None:
    pairs = perfect_matching(n, found_up_to=5)
    assert sorted(x for pair in pairs for x in pair) == list(range(1 << n))
    assert all((a ^ b).bit_count() == 1 for a, b in pairs)


def test_budgets_stop_the_search() -> None:
    with pytest.raises(OutOfBudget, match=r"stopped after 1\d\d positions"):
        _ = NoRepeats(5, True, max_positions=100).winner
    with pytest.raises(OutOfBudget, match="time budget"):
        _ = NoRepeats(6, seconds=0.01).winner


@pytest.mark.parametrize("n", [0, 7])
def test_search_refuses_sizes_it_cannot_hold(n: int) -> None:
    with pytest.raises(ValueError, match="1 to 6 coins"):
        Reorderings(n)


def test_the_docstring_examples() -> None:
    import doctest

    import coinproofs.games.norepeat

    failed, tried = doctest.testmod(coinproofs.games.norepeat)
    assert tried > 0 and failed == 0
