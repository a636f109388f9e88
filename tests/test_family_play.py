"""`coinproofs devil play` on the rotating-table family: a random devil who applies a random
permutation of the table's group (evidence, not proof), checked against the exact rules."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from coinproofs.games import devil as engine
from coinproofs.games.random_devil import choices, histogram, permute_all, win_chances
from tests.cli import coinproofs, fails_with_one_sentence

T = engine.table
TABLES = [T(3, 3, "cyclic", "zero"), T(4, 2, "cyclic", "equal"), T(4, 2, "(0 1),(2 3)", "zero"),
          T(2, 4, "symmetric", "equal"), T(4, 2, "dihedral", "equal")]


@pytest.mark.parametrize("t", TABLES, ids=engine.describe)
def test_the_random_devil_permutes_by_the_groups_elements(t: engine.Table) -> None:
    states = np.arange(t.size, dtype=np.int64)
    for c, g in enumerate(engine.elements(t)):
        drawn = permute_all(states, np.full(t.size, c), t).tolist()
        assert drawn == [engine.permute(int(x), g, t) for x in states]
    assert choices(t) == len(engine.elements(t))


@pytest.mark.parametrize("t", TABLES, ids=engine.describe)
def test_a_shortest_strategy_wins_every_random_game(t: engine.Table) -> None:
    strategy = engine.shortest_strategy(t)
    assert strategy is not None
    counts = histogram(strategy, t, 20, seed=7)
    assert counts[None] == 0 and sum(counts.values()) == 20 * t.size
    goals = 1 if t.goal == "zero" else t.q
    assert counts[0] == 20 * goals  # exactly the games that start at the goal
    chances = win_chances(strategy, t)
    assert chances is not None and sum(chances) == pytest.approx(1.0)
    if len(strategy) == t.size // goals - 1:  # q^n - 1 moves (q^(n-1) - 1 for "equal")
        assert chances == pytest.approx([goals / t.size] * (len(strategy) + 1))


def test_a_strategy_one_move_short_loses_some_random_games() -> None:
    t = T(3, 3, "cyclic", "zero")
    strategy = engine.shortest_strategy(t)
    assert strategy is not None
    counts = histogram(strategy[:-1], t, 20, seed=7)
    assert counts[None] > 0
    chances = win_chances(strategy[:-1], t)
    assert chances is not None and sum(chances) < 1


def test_play_on_a_table_is_reproducible_and_names_the_table(tmp_path: Path) -> None:
    args = ["devil", "play", "3", "--states", "3", "--games", "5", "--seed", "3"]
    first, second = coinproofs(*args, "--json"), coinproofs(*args, "--json")
    assert first.status == 0 and first.out == second.out
    answer = json.loads(first.out)
    assert answer["states"] == 3 and answer["length"] == 26 and answer["lost"] == 0
    assert sum(answer["wins_at_move"].values()) == 5 * 27
    text = coinproofs(*args)
    assert text.out.startswith("3 dials with 3 states: a 26-move strategy against a devil who "
                               "permutes at random, 5 games from each of the 27 starts")
    strategy = tmp_path / "short.json"
    strategy.write_text(json.dumps([[0, 1]]))
    lost = json.loads(coinproofs("devil", "play", "4", "--group", "(0 1),(2 3)", "--goal",
                                 "equal", "--strategy", str(strategy), "--json").out)
    assert lost["lost"] > 0 and lost["group"] == "(0 1),(2 3)"


@pytest.mark.parametrize("args, words", [
    (["3", "--states", "1"], ["at least 2"]),
    (["4", "--group", "(0 1)(2"], ["is not one of"]),
    (["4", "--group", "(0 4)"], ["4 is not a position"]),
    (["4", "--states", "100"], ["100^4 states", "more than"]),
    (["3", "--goal", "equal"], ["no strategy wins", "--strategy"]),
    (["3", "--goal", "all"], ["invalid choice"]),
])
def test_bad_options_get_one_sentence(args: list[str], words: list[str]) -> None:
    fails_with_one_sentence(coinproofs("devil", "play", *args), *words)


def test_the_histogram_names_the_tables_goal() -> None:
    import matplotlib

    matplotlib.use("Agg")
    import coinproofs as cp

    def label(**options: object) -> str:
        n = 3 if options.get("states") == 3 else 4
        result = cp.devil.play(cp.devil.solve(n, **options).moves, n, 2, seed=1, **options)
        return str(result.figure().axes[0].get_xlabel())

    assert label().endswith("coins first showed all heads")
    assert label(goal="equal").endswith("coins first were all alike")
    assert label(states=3).endswith("dials first all showed 0")
