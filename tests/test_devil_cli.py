"""The `coinproofs devil` commands, run as a user runs them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from coinproofs.verify import table
from tests.cli import coinproofs, fails_with_one_sentence, inside, on_terminal

NORVIG_COUNTS = {1: 1, 2: 3, 3: None, 4: 15, 5: None, 6: None, 7: None}


@pytest.mark.parametrize("n, length", NORVIG_COUNTS.items())
def test_solve_json_gives_norvigs_lengths(n: int, length: int | None) -> None:
    run = coinproofs("devil", "solve", str(n), "--json")
    assert run.status == 0, run.err
    answer = json.loads(run.out)
    assert answer["n"] == n and answer["length"] == length
    assert (answer["moves"] is None) == (length is None)


def test_solve_text_and_check_round_trip(tmp_path: Path) -> None:
    run = coinproofs("devil", "solve", "4")
    assert "15 moves" in run.out
    strategy = tmp_path / "n4.json"
    strategy.write_text(run.out.splitlines()[1])
    checked = coinproofs("devil", "check", "4", str(strategy), "--json")
    assert checked.status == 0 and json.loads(checked.out)["wins"] is True


def test_check_reports_a_game_the_strategy_loses(tmp_path: Path) -> None:
    strategy = tmp_path / "short.json"
    strategy.write_text("[[0,1,2,3],[0,2],[0,1,2,3]]")
    run = coinproofs("devil", "check", "4", str(strategy), "--json")
    assert run.status == 1
    answer = json.loads(run.out)
    assert answer["wins"] is False
    game = answer["counterexample"]
    initial = sum(1 << p for p in game["initial"])
    moves = [0b1111, 0b0101, 0b1111]
    turns = [tuple((i + r) % 4 for i in range(4)) for r in game["rotations"]]
    assert len(turns) == 3 and table.play(initial, turns, moves, table.coin_flip(4)) != 0
    text = coinproofs("devil", "check", "4", str(strategy))
    assert text.status == 1 and text.out.startswith("loses")


def test_lamping_sixteen_has_65535_moves() -> None:
    run = coinproofs("devil", "lamping", "16", "--json")
    assert run.status == 0 and json.loads(run.out)["length"] == 65535


def test_show_prints_norvigs_table_for_four_coins() -> None:
    run = coinproofs("devil", "show", "4")
    lines = run.out.splitlines()
    assert run.status == 0 and len(lines) == 2 + 16
    assert lines[2].split("|")[2].split() == ["HHHH", "HHHT", "HHTT", "HTHT", "HTTT", "TTTT"]
    assert lines[-1].split("|")[2].split() == ["HHHH"]


@pytest.mark.parametrize("args, words", [
    (["devil", "solve", "0"], ["at least 1"]),
    (["devil", "solve", "-3"], ["at least 1"]),
    (["devil", "solve", "four"], ["not a whole number"]),
    (["devil", "solve", "13"], ["at most 12 coins", "devil.n13.impossible"]),
    (["devil", "lamping", "6"], ["power of 2"]),
    (["devil", "check", "4", "/nonexistent/strategy.json"], ["no such file"]),
    (["devil", "check", "40", "/dev/null"], ["at most 20 coins"]),
    (["devil", "show", "5"], ["no strategy wins", "--strategy"]),
    # Once read whole: a MemoryError's traceback, after filling the memory; now never opened.
    (["devil", "check", "4", "/dev/zero"], ["/dev/zero is not a regular file"]),
    (["devil", "show", "4", "--strategy", "/dev/zero"], ["not a regular file"]),
    (["devil", "explain", "/dev/zero", "4"], ["not a regular file"]),
])
def test_bad_input_gets_one_sentence(args: list[str], words: list[str]) -> None:
    fails_with_one_sentence(coinproofs(*args), *words)


@pytest.mark.parametrize("content, words", [
    ("not json", ["not valid JSON"]),
    ('{"steps": []}', ["list of moves", "'moves'"]),
    ('{"n": 5, "moves": []}', ["for 5 coins, not 4"]),
    ('{"n": 4, "moves": null}', ["no strategy wins"]),
    ("[[0, 1], 2]", ["move 2 must be a list of positions"]),
    ('[[0, "1"]]', ["whole-number"]),
    ("[[0, 7]]", ["position 7", "0..3"]),
])
def test_malformed_strategy_files_get_one_sentence(tmp_path: Path, content: str,
                                                   words: list[str]) -> None:
    strategy = tmp_path / "bad.json"
    strategy.write_text(content)
    fails_with_one_sentence(coinproofs("devil", "check", "4", str(strategy)), *words)


def test_help_explains_every_devil_command() -> None:
    for command in ("solve", "check", "lamping", "show", "encode"):
        run = coinproofs("devil", command, "--help")
        assert run.status == 0 and "usage:" in run.out


def test_table_reproduces_norvigs_counts() -> None:
    run = coinproofs("devil", "table", "--max", "7", "--json")
    rows = json.loads(run.out)
    assert [row["orbits"] for row in rows] == [2, 3, 4, 6, 8, 14, 20]
    assert [row["length"] for row in rows] == list(NORVIG_COUNTS.values())


@pytest.mark.parametrize("where", ["piped", "terminal"])
def test_a_table_past_the_search_shows_the_rows_it_can_and_why_it_stops(where: str) -> None:
    """Issue 33: `devil table --states 3` failed outright, 8 dials with 3 states being past the
    search's bound; the 7 rows before it are answers."""
    args = ("devil", "table", "--states", "3")
    run = inside(*args) if where == "piped" else on_terminal(*args, columns=200)
    assert run.status == 0, run
    lines = [line.strip() for line in run.out.splitlines() if line.strip()]
    assert lines[0] == "N = 1..7 dials with 3 states"
    assert [line.split()[0] for line in lines[2:-1]] == [str(n) for n in range(1, 8)]
    assert lines[-1].startswith("The table stopped at n = 8: breadth-first search handles")
    assert "8 dials with 3 states have 834 orbits" in lines[-1]
    answer = inside(*args, "--json")
    rows = json.loads(answer.out)
    assert [row["length"] for row in rows] == [2, None, 26, None, None, None, None]
    assert answer.err.startswith("coinproofs: the table stopped at n = 8")
    fails_with_one_sentence(inside("devil", "table", "--states", "1000"), "1000 states")


UNWRITABLE = Path("/proc/coinproofs-cannot-write-here")  # /proc refuses new files, even to root


@pytest.mark.skipif(not Path("/proc/self").is_dir(), reason="needs Linux's /proc")
@pytest.mark.parametrize("args", [
    ["devil", "solve", "4", "-o", str(UNWRITABLE / "x.json")],
    ["devil", "solve", "4", "-o", str(UNWRITABLE)],
    ["devil", "lamping", "4", "-o", str(UNWRITABLE)],
    ["devil", "show", "4", "--plot", f"{UNWRITABLE}.png"],
    ["devil", "encode", "4", "3", "-o", str(UNWRITABLE)],
    ["devil", "play", "4", "--games", "2", "--plot", f"{UNWRITABLE}.png"],
])
def test_a_folder_that_refuses_files_is_named_before_any_work(args: list[str]) -> None:
    """Once the work ran and printed, then the error named a hidden temporary file."""
    run = coinproofs(*args)
    assert run.status == 2 and run.out == ""
    fails_with_one_sentence(run, "cannot write /proc/coinproofs-cannot-write-here")
    assert ".tmp" not in run.err


@pytest.mark.skipif(not Path("/proc/self").is_dir(), reason="needs Linux's /proc")
def test_an_atomic_write_that_fails_names_the_file_asked_for() -> None:
    from coinproofs.atomic import write_text_atomically

    with pytest.raises(OSError) as failed:
        write_text_atomically(UNWRITABLE, "text")
    assert failed.value.filename == str(UNWRITABLE)


@pytest.mark.parametrize("args", [["check", "4"], ["show", "4", "--strategy"],
                                  ["play", "4", "--games", "1", "--strategy"], ["explain"]])
def test_a_strategy_file_longer_than_any_strategy_is_refused(tmp_path: Path,
                                                              args: list[str]) -> None:
    """`devil show` (and explain, play) once simulated 2,000,000 moves for minutes: only
    `check` met the kernel's bound."""
    strategy = tmp_path / "long.json"
    strategy.write_text(json.dumps({"n": 4, "moves": [[0]] * ((1 << 17) + 1)}))
    run = coinproofs("devil", *args, str(strategy))
    assert run.status == 2
    fails_with_one_sentence(run, "131,073 moves", "more than the 131,072")
