"""What people see: strategy files that round-trip, summary lines, tables that stay whole off a
terminal, natural order, words in the singular when there is one, a losing strategy's failure
named, short random-play tables, errors that name the user's own folder, one argument style,
and `devil explain`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli import coinproofs, fails_with_one_sentence


@pytest.mark.parametrize("command", [["devil", "solve", "4", "-o"],
                                     ["devil", "lamping", "8", "-o"]])
def test_a_written_strategy_is_what_check_reads(tmp_path: Path, command: list[str]) -> None:
    strategy = tmp_path / "strategy.json"
    written = coinproofs(*command, str(strategy))
    assert written.status == 0 and f"wrote {strategy}" in written.err
    n = command[2]
    checked = coinproofs("devil", "check", n, str(strategy))
    assert checked.status == 0 and checked.out.startswith("wins:"), checked.out + checked.err


def test_check_reads_what_solve_json_prints(tmp_path: Path) -> None:
    document = tmp_path / "solved.json"
    document.write_text(coinproofs("devil", "solve", "4", "--json").out)
    assert coinproofs("devil", "check", "4", str(document)).status == 0
    assert coinproofs("devil", "show", "4", "--strategy", str(document)).status == 0
    impossible = tmp_path / "six.json"
    impossible.write_text(coinproofs("devil", "solve", "6", "--json").out)
    fails_with_one_sentence(coinproofs("devil", "check", "6", str(impossible)),
                            "no strategy wins for 6 coins")


def test_solve_writes_nothing_when_no_strategy_wins(tmp_path: Path) -> None:
    run = coinproofs("devil", "solve", "6", "-o", str(tmp_path / "six.json"))
    assert run.status == 0 and "left alone" in run.err and not list(tmp_path.iterdir())


def test_prove_and_verify_end_with_a_summary_line(tmp_path: Path) -> None:
    proved = coinproofs("prove", "devil.n100.impossible", "devil.n13.impossible",
                        "devil.n3.impossible", "devil.n2.shortest", "norepeat.n3.*",
                        "--out", str(tmp_path))
    count = len(list(tmp_path.glob("*.json")))
    assert proved.status == 0 and count == 6
    assert proved.out.splitlines()[-1] == f"{count} of {count} claims proved and accepted"
    verified = coinproofs("verify", str(tmp_path))
    lines = verified.out.splitlines()
    assert lines[-1] == f"{count} of {count} claims accepted"
    names = [line.split()[0] for line in lines[2:-1]]
    assert names[:4] == ["devil.n2.shortest", "devil.n3.impossible", "devil.n13.impossible",
                         "devil.n100.impossible"]  # natural order: n2 before n13 before n100
    for line in lines[2:-1]:  # plain columns: each row whole on one line, labels once each
        assert line.split()[0].startswith(("devil.n", "norepeat.n")) and "accepted" in line
    assert "invariant, invariant" not in verified.out
    assert "strategy-up-to-symmetry" in verified.out  # never broken over two lines
    assert max(map(len, lines)) > 80  # not wrapped at 80 columns off a terminal


def test_claims_off_a_terminal_are_plain_columns() -> None:
    listing = coinproofs("claims")
    assert "\x1b[" not in listing.out and "┃" not in listing.out
    assert any(line.startswith("norepeat.n<n>.normal|misere") for line in listing.out.splitlines())


def test_one_is_singular() -> None:
    assert "has 1 move:" in coinproofs("devil", "solve", "1").out
    assert "(1 move)" in coinproofs("devil", "lamping", "1").out
    table = coinproofs("devil", "table", "--max", "2").out
    assert "1 move" in table and "1 moves" not in table
    assert coinproofs("norepeat", "solve", "1").out.startswith("1 coin, ")


def test_show_says_where_a_losing_strategy_fails(tmp_path: Path) -> None:
    strategy = tmp_path / "short.json"
    strategy.write_text("[[0, 1, 2, 3], [0, 2], [0, 1, 2, 3]]")
    run = coinproofs("devil", "show", "4", "--strategy", str(strategy))
    assert run.status == 1  # as `devil check` does for a losing strategy
    tail = run.out.splitlines()[-2:]
    assert tail[0].startswith("loses: after the last move the coins may still be HHHT")
    assert tail[1].startswith("loses: starting from")


def test_long_strategies_are_summarised() -> None:
    run = coinproofs("devil", "play", "8", "--random-starts", "--games", "200", "--seed", "3")
    assert run.status == 0
    lines = run.out.splitlines()
    assert len(lines) <= 22 and lines[1].split() == ["moves", "wins", "expected"]
    assert lines[2].startswith("0-15 ") and lines[17].startswith("240-255 ")
    assert sum(int(line.split()[1]) for line in lines[2:18]) == 200


def test_an_unusable_output_folder_is_named_as_the_user_gave_it(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    fails_with_one_sentence(coinproofs("prove", "devil.n1.shortest", "--out", str(blocker)),
                            f"cannot write certificates into {blocker}: it is a file")
    inside = blocker / "certificates"
    run = coinproofs("prove", "devil.n1.shortest", "--out", str(inside))
    fails_with_one_sentence(run, f"cannot write certificates into {inside}")
    assert ".tmp" not in run.err


@pytest.mark.parametrize("args", [["3"], ["--coins", "3"]])
def test_norepeat_takes_the_number_of_coins_like_devil(args: list[str]) -> None:
    run = coinproofs("norepeat", "solve", *args, "--json")
    assert run.status == 0 and json.loads(run.out)["winner"] == "first"


def test_norepeat_needs_the_number_of_coins_once() -> None:
    fails_with_one_sentence(coinproofs("norepeat", "solve"), "give the number of coins")
    fails_with_one_sentence(coinproofs("norepeat", "solve", "3", "--coins", "4"), "once")


def test_explain_walks_lampings_strategy_through(tmp_path: Path) -> None:
    strategy = tmp_path / "eight.json"
    strategy.write_text(coinproofs("devil", "lamping", "8", "--json").out)
    run = coinproofs("devil", "explain", str(strategy))  # N from the file
    assert run.status == 0, run.err
    text = run.out
    assert text.startswith("A 255-move strategy for 8 coins (it wins)")
    for words in ("8 coins: pair coin 0 with 4", "4 coins: pair coin 0 with 2",
                  "2 coins: pair coin 0 with 1", "1 coin: flip the coin",
                  "halves' XOR h", "moves 1-15, D: 36 -> ", "only all heads is left"):
        assert words in text, words
    assert max(map(len, text.splitlines())) <= 100


def test_explain_says_when_a_strategy_has_no_lampings_shape(tmp_path: Path) -> None:
    strategy = tmp_path / "two.json"
    strategy.write_text("[[0, 1], [0]]")
    fails_with_one_sentence(coinproofs("devil", "explain", str(strategy)), "give the number")
    run = coinproofs("devil", "explain", str(strategy), "2")
    assert run.status == 0 and "does not always win" in run.out
    assert "Lamping's recursion does not describe them" in run.out


@pytest.mark.parametrize("args", [["30"], ["--max", "30"]])
def test_penny_takes_the_largest_pile_like_devil_takes_n(args: list[str]) -> None:
    run = coinproofs("penny", "losing", *args, "--json")
    assert run.status == 0 and json.loads(run.out)["losing"][-1] == [17, 28]
    fails_with_one_sentence(coinproofs("penny", "losing"), "give the largest pile")


@pytest.mark.parametrize(("content", "words"), [
    # Once "lists moves only: give the number of coins" for each: wrong, and no help.
    ('{"a": 1}', "an object with 'moves'"),
    ('"moves"', "a JSON list of moves"),
    ('{"n": "x", "moves": [[0]]}', "its 'n' is 'x'"),
])
def test_explain_says_what_a_file_lacks(tmp_path: Path, content: str, words: str) -> None:
    strategy = tmp_path / "strategy.json"
    strategy.write_text(content)
    run = coinproofs("devil", "explain", str(strategy))
    assert run.status == 2
    fails_with_one_sentence(run, words)


def test_help_explains_every_command_and_argument() -> None:
    """Every command has a description and every argument a help text (`prove ID-or-glob`
    and `norepeat check FILE` had none)."""
    import argparse

    from coinproofs.cli import parser

    def unexplained(command: argparse.ArgumentParser, path: str) -> list[str]:
        missing = [] if command.description or path == "coinproofs" else [path]
        for action in command._actions:
            if isinstance(action, argparse._SubParsersAction):
                for name, sub in action.choices.items():
                    missing += unexplained(sub, f"{path} {name}")
            elif not action.help:
                missing.append(f"{path} {action.metavar or action.dest}")
        return missing

    assert unexplained(parser(), "coinproofs") == []


@pytest.mark.parametrize(("args", "help_of"), [
    (["devil", "solve", "4", "5"], "coinproofs devil solve --help"),
    (["claims", "--nope"], "coinproofs claims --help"),
    (["penny", "move", "3", "5", "--nope"], "coinproofs penny move --help"),
])
def test_a_stray_argument_points_to_the_help_of_its_command(args: list[str],
                                                            help_of: str) -> None:
    """It pointed to `coinproofs --help`, which does not list the command's arguments."""
    run = coinproofs(*args)
    assert run.status == 2
    fails_with_one_sentence(run, "unrecognized arguments", help_of)
