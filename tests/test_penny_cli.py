"""The `coinproofs penny` commands, run as a user runs them."""

from __future__ import annotations

import json

import pytest

from tests.cli import coinproofs, fails_with_one_sentence


def test_losing_lists_the_seeds_positions() -> None:
    run = coinproofs("penny", "losing", "--max", "49")
    assert run.status == 0, run.err
    assert run.out.startswith("20 losing positions")
    assert "(0, 0) (1, 2) (3, 5)" in run.out and "(30, 49)" in run.out


@pytest.mark.parametrize("road", ["rules", "formula", "mex"])
def test_losing_json_is_the_same_by_every_road(road: str) -> None:
    run = coinproofs("penny", "losing", "--max", "1000", "--by", road, "--json")
    answer = json.loads(run.out)
    assert answer["max"] == 1000 and answer["by"] == road
    assert len(answer["losing"]) == 383 and answer["losing"][-1] == [618, 1000]


def test_totals_answers_the_riddler() -> None:
    run = coinproofs("penny", "totals", "20", "30", "--json")
    assert json.loads(run.out) == {
        "lo": 20, "hi": 30, "losing": [[8, 13], [9, 15], [11, 18]],
        "losing_totals": [21, 24, 29], "winning_totals": [20, 22, 23, 25, 26, 27, 28, 30]}
    text = coinproofs("penny", "totals", "20", "30")
    assert "(8, 13), (9, 15), (11, 18)" in text.out and "20, 22, 23, 25, 26, 27, 28, 30" in text.out


def test_move_finds_the_blogs_winning_move() -> None:
    run = coinproofs("penny", "move", "75", "90", "--json")
    answer = json.loads(run.out)
    assert answer["losing"] is False
    assert {"take": [51, 51], "to": [24, 39]} in answer["moves"]
    text = coinproofs("penny", "move", "75", "90")
    assert "take 51 from both piles -> (24, 39)" in text.out
    assert "take 44 from the second pile -> (75, 46)" in text.out


@pytest.mark.parametrize("a, b", [("24", "39"), ("39", "24"), ("0", "0")])
def test_move_says_when_a_position_is_losing(a: str, b: str) -> None:
    run = coinproofs("penny", "move", a, b)
    assert run.status == 0 and "is a losing position" in run.out
    answer = json.loads(coinproofs("penny", "move", a, b, "--json").out)
    assert answer["losing"] is True and answer["moves"] == []


def test_move_handles_huge_piles() -> None:
    big = 10**40
    answer = json.loads(coinproofs("penny", "move", str(big), str(big), "--json").out)
    assert len(answer["moves"]) == 3  # one on the row, one on the column, one on the diagonal
    assert {"take": [big, big], "to": [0, 0]} in answer["moves"]
    assert {"take": [0, big - 6180339887498948482045868343656381177203],
            "to": [big, 6180339887498948482045868343656381177203]} in answer["moves"]


@pytest.mark.parametrize("args, words", [
    (["penny", "move", "-3", "4"], ["must not be negative"]),
    (["penny", "move", "1.5", "2"], ["not a whole number"]),
    (["penny", "move", "3"], ["required"]),
    (["penny", "losing", "--max", "-1"], ["must not be negative"]),
    (["penny", "losing", "--max", "ten"], ["not a whole number"]),
    (["penny", "losing"], ["give the largest pile"]),
    (["penny", "losing", "--max", "1000000"], ["too large", "100,000"]),
    (["penny", "losing", "--max", "1000000000", "--by", "formula"], ["memory"]),
    (["penny", "totals", "30", "20"], ["must not exceed"]),
    (["penny", "totals", "0", "9999999999"], ["choose a range"]),
    (["penny", "totals", "x", "3"], ["not a whole number"]),
])
def test_bad_input_gets_one_sentence(args: list[str], words: list[str]) -> None:
    run = coinproofs(*args)
    fails_with_one_sentence(run, *words)
    assert run.out == ""
