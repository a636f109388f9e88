"""A strategy against a devil who rotates at random: the engine (coinproofs.games.random_devil)
and `coinproofs devil play`."""

from __future__ import annotations

import doctest
import json
from collections import Counter
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from coinproofs.cli import devil_play
from coinproofs.games import random_devil
from coinproofs.games.devil import rotate, shortest_strategy, wins
from coinproofs.games.random_devil import histogram, play, rotate_all
from tests.cli import coinproofs, fails_with_one_sentence

NORVIG4 = [0b1111, 0b0101, 0b1111, 0b0011, 0b1111, 0b0101, 0b1111, 0b0001,
           0b1111, 0b0101, 0b1111, 0b0011, 0b1111, 0b0101, 0b1111]


@pytest.mark.parametrize("module", [random_devil, devil_play])
def test_doctests(module: ModuleType) -> None:
    assert doctest.testmod(module).failed == 0


def test_norvigs_experiment_wins_every_game_spread_evenly_over_moves_0_to_15() -> None:
    """The notebook: 16,000 games, all won, about 1000 at each move count 0..15."""
    counts = histogram(NORVIG4, 4, 1000, seed=2019)
    assert sum(counts.values()) == 16_000
    assert counts[None] == 0 and None not in counts
    assert set(counts) == set(range(16))
    assert counts[0] == 1000  # exactly the games that start at all heads
    assert all(850 <= counts[number] <= 1150 for number in range(16)), counts


def test_the_engines_shortest_strategy_behaves_the_same() -> None:
    strategy = shortest_strategy(4)
    assert strategy is not None
    counts = histogram(strategy, 4, 200, seed=1)
    assert set(counts) <= set(range(16))  # no None: every game won by move 15


def test_a_fixed_seed_gives_the_same_counts_and_another_seed_other_counts() -> None:
    assert histogram(NORVIG4, 4, 300, seed=5) == histogram(NORVIG4, 4, 300, seed=5)
    assert histogram(NORVIG4, 4, 300, seed=5) != histogram(NORVIG4, 4, 300, seed=6)


def test_a_broken_strategy_loses_some_games() -> None:
    broken = NORVIG4[:7] + NORVIG4[8:]  # without the move that flips one coin
    assert not wins(broken, 4)
    counts = histogram(broken, 4, 100, seed=0)
    assert counts[None] > 0
    assert sum(counts.values()) == 1600


def test_doing_nothing_wins_only_the_games_that_start_at_all_heads() -> None:
    assert histogram([], 4, 10, seed=0) == Counter({0: 10, None: 150})
    assert histogram([0], 3, 10, seed=0) == Counter({0: 10, None: 70})


def test_two_coins_win_after_one_two_or_three_moves_as_the_rules_say() -> None:
    """HH wins at 0, TT at 1 (both flipped); HT and TH stay mixed after move 1, and move 2
    (flip one coin) makes HH or TT with even odds, so they win at 2 or at 3."""
    counts = histogram([0b11, 0b01, 0b11], 2, 1000, seed=3)
    assert counts[0] == counts[1] == 1000
    assert counts[2] + counts[3] == 2000 and 850 <= counts[2] <= 1150
    rng = np.random.default_rng(0)
    assert {play([0b11, 0b01, 0b11], 0b01, 2, rng) for _ in range(100)} == {2, 3}


def test_rotate_all_agrees_with_rotate() -> None:
    n = 5
    states = np.repeat(np.arange(1 << n, dtype=np.int64), n)
    turns = np.tile(np.arange(n, dtype=np.int64), 1 << n)
    expected = [rotate(int(s), int(r), n) for s, r in zip(states, turns, strict=True)]
    assert rotate_all(states, turns, n).tolist() == expected


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 5).flatmap(
    lambda n: st.tuples(st.just(n), st.lists(st.integers(0, (1 << n) - 1), max_size=12))))
def test_random_play_never_contradicts_the_exact_check(case: tuple[int, list[int]]) -> None:
    """A game lost against a random devil is a game the real devil can win, so a strategy
    that loses one does not win; one that wins is won by its last move every time."""
    n, strategy = case
    counts = histogram(strategy, n, 20, seed=0)
    assert sum(counts.values()) == 20 << n
    assert all(number is None or 0 <= number <= len(strategy) for number in counts)
    if wins(strategy, n):
        assert counts[None] == 0
    if counts[None]:
        assert not wins(strategy, n)
    rng = np.random.default_rng(0)
    for initial in range(1 << n):
        number = play(strategy, initial, n, rng)
        assert number is None or (number == 0) == (initial == 0)
        if wins(strategy, n):
            assert number is not None


@pytest.mark.parametrize("strategy, n, games, words", [
    ([1], 0, 10, "1 to 20 coins"),
    ([1], 21, 10, "1 to 20 coins"),
    ([1], 4, 0, "at least 1 game"),
    ([0b10000], 4, 10, "outside the 4 coins"),
    ([1] * 10_000, 16, 1, "too many for random play"),
    (NORVIG4, 4, 10**7, "play at most"),
])
def test_impossible_experiments_are_refused_with_a_reason(strategy: list[int], n: int,
                                                          games: int, words: str) -> None:
    with pytest.raises(ValueError, match=words):
        histogram(strategy, n, games, seed=0)


# --- The command ---------------------------------------------------------------------------------

def test_play_json_is_reproducible_with_a_seed() -> None:
    first = coinproofs("devil", "play", "4", "--seed", "7", "--games", "300", "--json")
    assert first.status == 0, first.err
    answer = json.loads(first.out)
    assert answer["n"] == 4 and answer["games"] == 300 and answer["seed"] == 7
    assert answer["lost"] == 0 and answer["length"] == 15
    assert set(answer["wins_at_move"]) == {str(number) for number in range(16)}
    assert sum(answer["wins_at_move"].values()) == 16 * 300
    again = coinproofs("devil", "play", "4", "--seed", "7", "--games", "300", "--json")
    assert again.out == first.out


def test_play_text_says_it_is_evidence_and_prints_a_seed_to_repeat_it(tmp_path: Path) -> None:
    strategy = tmp_path / "short.json"
    strategy.write_text("[[0,1,2,3],[0,2],[0,1,2,3]]")
    run = coinproofs("devil", "play", "4", "--strategy", str(strategy), "--games", "50")
    assert run.status == 0, run.err
    assert "evidence from random play, not a proof" in run.out
    lines = run.out.splitlines()
    assert lines[1].split() == ["moves", "wins", "expected"]
    assert lines[2].split() == ["0", "50", "50.0"]
    assert any(line.startswith("lost:") and not line.startswith("lost: 0 ") for line in lines)
    seed = lines[0].rsplit("seed ", 1)[1].rstrip(")")
    repeat = coinproofs("devil", "play", "4", "--strategy", str(strategy), "--games", "50",
                        "--seed", seed)
    assert repeat.out == run.out


@pytest.mark.parametrize("args, words", [
    (["devil", "play", "0"], ["at least 1"]),
    (["devil", "play", "3"], ["no strategy wins", "--strategy"]),
    (["devil", "play", "12"], ["no strategy wins", "--strategy"]),
    (["devil", "play", "25"], ["at most 20 coins"]),
    (["devil", "play", "16"], ["too many for random play", "--random-starts"]),
    (["devil", "play", "4", "--games", "0"], ["at least 1"]),
    (["devil", "play", "4", "--plot", "histogram.jpg"], ["PNG", ".png"]),
])
def test_bad_input_gets_one_sentence_and_exit_2(args: list[str], words: list[str]) -> None:
    run = coinproofs(*args)
    fails_with_one_sentence(run, *words)
    assert run.status == 2


def test_a_strategy_naming_a_position_off_the_table_gets_one_sentence(tmp_path: Path) -> None:
    strategy = tmp_path / "bad.json"
    strategy.write_text("[[0,1,2,3],[7]]")
    run = coinproofs("devil", "play", "4", "--strategy", str(strategy))
    fails_with_one_sentence(run, "position 7", "0..3")
    assert run.status == 2 and len(run.err.splitlines()) == 1


def test_lamping_for_sixteen_coins_against_a_random_devil_from_random_starts() -> None:
    run = coinproofs("devil", "play", "16", "--random-starts", "--games", "40", "--seed", "5",
                     "--json")
    assert run.status == 0, run.err
    answer = json.loads(run.out)
    assert answer["length"] == 65535 and answer["random_starts"] is True
    assert answer["lost"] == 0 and sum(answer["wins_at_move"].values()) == 40
