"""The `coinproofs glasses` commands, run as a user runs them (play with typed answers)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.cli import ROOT, coinproofs, fails_with_one_sentence, inside, on_terminal


def play(*args: str, typed: str) -> subprocess.CompletedProcess[str]:
    """`coinproofs glasses play ARGS` with `typed` as what the person types."""
    return subprocess.run([sys.executable, "-m", "coinproofs", "glasses", "play", *args],
                          input=typed, capture_output=True, text=True, cwd=ROOT, timeout=120)


def test_one_hand_on_four_glasses_loses_to_the_devil() -> None:
    """Whatever the person does (feel, turn, feel the next, turn nothing), the bell never
    rings and the devil names a game it could have played and its invariant."""
    typed = "".join(f"{turn % 4}\n{turn % 4 if turn % 2 else '-'}\n" for turn in range(6))
    run = play("4", "--hands", "1", "--turns", "6", typed=typed)
    assert run.returncode == 0 and "Traceback" not in run.stderr, run.stderr
    assert run.stdout.count("No bell. The devil turns the tray.") == 6
    assert "The bell rings" not in run.stdout
    assert "The devil wins: after 6 turns the glasses still differ" in run.stdout
    assert "No strategy wins with 1 hand" in run.stdout


def test_four_hands_win_in_one_turn() -> None:
    """With every glass in hand the person turns the ones felt up: the bell rings."""
    first = play("4", "--hands", "4", typed="0 1 2 3\n-\n")
    felt = first.stdout.split("You feel: ")[1].split(".")[0]
    ups = [part.split()[0] for part in felt.split(", ") if part.endswith("up")]
    run = play("4", "--hands", "4", typed="0 1 2 3\n" + (" ".join(ups) or "-") + "\n")
    assert "You won in 1 turn." in run.stdout or "You won." in run.stdout, run.stdout


def test_bad_answers_are_asked_again_and_q_gives_up() -> None:
    run = play("4", "--hands", "2", typed="0\n0 9\n0 0\n0 2\n3\nq\n")
    assert run.returncode == 1 and "Traceback" not in run.stderr
    assert run.stdout.count("Name exactly 2 positions, each once.") == 2
    assert "Name positions from 0 to 3" in run.stdout
    assert "Name some of the positions you hold (0 2)" in run.stdout
    assert "You gave up. The glasses could have started as" in run.stdout


def test_solve_json_gives_the_length_and_null_when_nothing_wins() -> None:
    answer = json.loads(coinproofs("glasses", "solve", "4", "--hands", "2", "--json").out)
    assert answer["length"] == 5 and answer["shortest"] is True
    assert set(answer["strategy"]) == {"feel", "if"}
    lost = json.loads(coinproofs("glasses", "solve", "4", "--hands", "1", "--json").out)
    assert lost["length"] is None and lost["strategy"] is None
    assert lost["invariant"] == ["DUUU", "DDUU", "DUDU", "DDDU"]


@pytest.mark.parametrize("where", ["piped", "terminal"])
def test_solve_prints_the_first_turn_to_read_and_the_tree_only_on_request(where: str) -> None:
    """Issue 33: a 4 KB line of JSON followed the answer; now the first turn, to read, and the
    commands that give the rest."""
    args = ("glasses", "solve", "4", "--hands", "2")
    run = inside(*args) if where == "piped" else on_terminal(*args, columns=120)
    assert run.status == 0, run
    lines = run.out[run.out.index("4 glasses, 2 hands"):].splitlines()  # after the spinner
    assert lines[0].startswith("4 glasses, 2 hands: the shortest strategy takes 5 turns")
    tree = json.loads(inside(*args, "--json").out)["strategy"]
    assert lines[1] == f"First turn: feel {' '.join(map(str, tree['feel']))}"
    assert len(lines) == 3 + len(tree["if"]) and max(map(len, lines)) < 200
    assert "{" not in run.out
    assert "`coinproofs glasses show 4 --hands 2` prints the whole strategy" in lines[-1]


def test_check_accepts_what_solve_writes_and_shows_a_lost_game(tmp_path: Path) -> None:
    strategy = tmp_path / "four.json"
    assert coinproofs("glasses", "solve", "4", "--hands", "2", "-o",
                      str(strategy)).status == 0
    run = coinproofs("glasses", "check", "4", "2", str(strategy), "--json")
    assert run.status == 0 and json.loads(run.out)["turns"] == 5
    tree = json.loads(strategy.read_text())
    tree["if"].pop(next(iter(tree["if"])))  # one feel left unanswered
    strategy.write_text(json.dumps(tree))
    lost = coinproofs("glasses", "check", "4", "2", str(strategy), "--json")
    assert lost.status == 1 and json.loads(lost.out)["counterexample"]["start"]


def test_check_refuses_the_output_of_solve_for_another_size(tmp_path: Path) -> None:
    """`glasses solve --json` names its N and K: checking it as another size is a mistake (it
    was silently played on the size asked for)."""
    solved = tmp_path / "solved.json"
    solved.write_text(coinproofs("glasses", "solve", "4", "--hands", "2", "--json").out)
    assert coinproofs("glasses", "check", "4", "2", str(solved)).status == 0
    document = json.loads(solved.read_text())
    for key, value, words in (("n", 5, "for 5 glasses, not 4"), ("hands", 3, "3 hands, not 2")):
        solved.write_text(json.dumps(document | {key: value}))
        for args in (("check", "4", "2", str(solved)),
                     ("show", "4", "--hands", "2", "--strategy", str(solved))):
            run = coinproofs("glasses", *args)
            assert run.status == 2
            fails_with_one_sentence(run, words)


def test_show_draws_the_tree(tmp_path: Path) -> None:
    picture = tmp_path / "tree.png"
    run = coinproofs("glasses", "show", "3", "--hands", "2", "--plot", str(picture))
    assert run.status == 0 and run.out.startswith("A shortest strategy, 2 turns")
    assert picture.read_bytes().startswith(b"\x89PNG")


@pytest.mark.parametrize(("args", "words"), [
    (("solve", "0", "--hands", "1"), ("0 must be at least 1",)),
    (("solve", "4", "--hands", "5"), ("hands must lie in 0..4",)),
    (("solve", "10", "--hands", "2"), ("1..9 glasses",)),
    (("play", "4", "--hands", "5"), ("hands must lie in 0..4",)),
    (("show", "3", "--hands", "1"), ("no strategy wins",)),
    (("check", "4", "5", "README.md"), ("0..N hands",)),
    # Deeper than the search goes: once a RecursionError's traceback.
    (("solve", "4", "--hands", "2", "--within", "1000000000"), ("at most 64 turns",)),
    # Once read whole: a MemoryError's traceback, after filling the memory.
    (("check", "4", "2", "/dev/zero"), ("/dev/zero is not a regular file",)),
])
def test_bad_sizes_are_one_sentence(args: tuple[str, ...], words: tuple[str, ...]) -> None:
    run = coinproofs("glasses", *args)
    assert run.status == 2
    fails_with_one_sentence(run, *words)


@pytest.mark.parametrize(("text", "words"), [
    ('{"feel": [0', ("not valid JSON",)),
    ('{"feel": [0, 9], "if": {}}', ("'feel'", "[0, 9]")),
    ('{"feel": [0, 1], "if": {"UU": {"turn": [0, 1]}}, "note": 1}', ("unknown field 'note'",)),
    ('[1, 2]', ("strategy",)),
])
def test_malformed_trees_are_one_sentence(tmp_path: Path, text: str,
                                          words: tuple[str, ...]) -> None:
    tree = tmp_path / "tree.json"
    tree.write_text(text)
    run = coinproofs("glasses", "check", "4", "2", str(tree))
    assert run.status == 2
    fails_with_one_sentence(run, *words)


@pytest.mark.parametrize("command", ["solve", "check", "show", "play"])
def test_help_explains_each_command(command: str) -> None:
    run = coinproofs("glasses", command, "--help")
    assert run.status == 0 and "usage: coinproofs glasses " + command in run.out
    assert "glasses" in run.out.split("usage:")[1].split("positional")[0]


def test_help_of_the_group_states_the_rules() -> None:
    run = coinproofs("glasses", "--help")
    assert "rotating tray" in run.out and "docs/glasses.md" in run.out
