"""The two roads to the number of shortest winning strategies agree on every small table."""

import json

import pytest

from coinproofs.games.counting import Counts, count_by_enumeration, count_paths
from coinproofs.games.devil import Table
from tests.cli import coinproofs, fails_with_one_sentence

SMALL = [Table(1), Table(2), Table(3), Table(4),                       # coins
         Table(1, q=5), Table(3, q=3, goal="equal"),
         pytest.param(Table(2, q=4), marks=pytest.mark.slow),  # 20 s of enumeration
         Table(1, q=3), Table(2, q=3),                                 # q = 3
         Table(2, goal="equal"), Table(3, goal="equal"), Table(4, goal="equal"),
         Table(2, group="dihedral"), Table(3, group="dihedral"), Table(4, group="dihedral"),
         Table(3, group="symmetric"), Table(4, group="symmetric", goal="equal")]


@pytest.mark.parametrize("table", SMALL, ids=repr)
def test_paths_and_enumeration_agree(table: Table) -> None:
    assert count_paths(table) == count_by_enumeration(table)


def test_known_counts() -> None:
    # 2 coins: [HH, H?, HH] with either coin flipped in the middle, one orbit of moves each.
    assert count_paths(Table(2)) == Counts(3, 2, 1)
    assert count_paths(Table(3)) == Counts(None, 0, 0)
    assert count_paths(Table(1, goal="equal")) == Counts(0, 1, 1)


def test_enumeration_counts_longer_strategies_too() -> None:
    # 1 coin, 2 moves: flip then anything (the game is over), or nothing then flip.
    assert count_by_enumeration(Table(1), 2) == Counts(2, 3, 3)


def test_enumeration_gives_up_with_a_sentence() -> None:
    with pytest.raises(ValueError, match="visits more than"):
        count_by_enumeration(Table(3, q=3), max_nodes=1000)


def test_count_command_json_is_the_path_count() -> None:
    run = coinproofs("devil", "count", "4", "--goal", "equal", "--json")
    assert run.status == 0
    assert json.loads(run.out) == {"n": 4, "goal": "equal", "length": 7,
                                      "sequences": 2048, "up_to_group": 2}


def test_count_command_rejects_bad_groups() -> None:
    fails_with_one_sentence(coinproofs("devil", "count", "3", "--group", "(0 5)"), "5")
