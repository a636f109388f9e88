"""`coinproofs norepeat solve | play | check`: output, strategy files, and bad input."""

from __future__ import annotations

import hashlib
import io
import json
from pathlib import Path

import pytest

from coinproofs.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        status = main(list(argv))
    except SystemExit as exit_:  # argparse's own errors
        status = int(exit_.code or 0)
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.parametrize(("coins", "misere", "name"), [("3", False, "Amber"), ("4", False, "Amber"),
                                                       ("3", True, "Ben")])
def test_solve_answers_the_seeds_questions(capsys: pytest.CaptureFixture[str], coins: str,
                                           misere: bool, name: str) -> None:
    status, out, _ = run(capsys, "norepeat", "solve", "--coins", coins, *["--misere"] * misere)
    assert status == 0
    assert f"({name}) wins" in out
    assert "Positions searched" in out


def test_solve_json(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "norepeat", "solve", "--coins", "5", "--misere", "--json")
    document = json.loads(out)
    assert status == 0
    assert document["coins"] == 5 and document["misere"] is True
    assert document["winner"] == "second" and document["player"] == "Ben"
    assert document["positions"] > 1000


def test_a_written_strategy_checks_and_a_changed_one_does_not(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "strategy.json"
    status, _, _ = run(capsys, "norepeat", "solve", "--coins", "4", "--misere",
                       "-o", str(path))
    assert status == 0
    status, out, _ = run(capsys, "norepeat", "check", str(path))
    assert status == 0
    assert out.count("wins every game for the second player") == 2
    document = json.loads(path.read_text())
    document["strategy"]["0"] = 0  # back to all heads
    path.write_text(json.dumps(document))
    status, out, _ = run(capsys, "norepeat", "check", str(path), "--json")
    verdicts = {v["strategy"]: v["accepted"] for v in json.loads(out)}
    assert status == 1
    assert verdicts == {"strategy": False, "strategy-up-to-symmetry": True}


def test_solve_writes_a_certificate_that_checks(capsys: pytest.CaptureFixture[str],
                                                tmp_path: Path) -> None:
    from coinproofs.verify.certificate import Artifacts
    from coinproofs.verify.norepeat_walk import check_walk

    path = tmp_path / "n4.nrwalk"
    status, out, _ = run(capsys, "norepeat", "solve", "4", "--misere", "--certificate",
                         str(path), "--json")
    written = json.loads(out)["certificate"]
    assert status == 0
    assert written["bytes"] == path.stat().st_size
    item = {"method": "strategy-walk", "file": path.name, "nodes": written["nodes"],
            "sha256": hashlib.sha256(path.read_bytes()).hexdigest()}
    assert check_walk(4, True, "second", item, Artifacts(tmp_path)) == "strategy-walk"
    assert [p.name for p in tmp_path.iterdir()] == ["n4.nrwalk"]  # no temporary file left


def test_six_coins_have_no_json_strategy(capsys: pytest.CaptureFixture[str],
                                         tmp_path: Path) -> None:
    status, _, err = run(capsys, "norepeat", "solve", "6", "--misere", "-o",
                         str(tmp_path / "six.json"))
    assert status == 2 and "--certificate FILE" in err


def test_five_coins_write_only_the_strategy_up_to_symmetry(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "five.json"
    run(capsys, "norepeat", "solve", "--coins", "5", "-o", str(path))
    assert set(json.loads(path.read_text())) == {"coins", "misere", "winner",
                                                 "strategy-up-to-symmetry"}


@pytest.mark.parametrize(("argv", "words"), [
    (["solve", "--coins", "0"], "must be at least 1"),
    (["solve", "--coins", "x"], "not a whole number"),
    (["solve", "--coins", "3", "--seconds", "0"], "more than 0"),
    (["solve", "--coins", "7"], "norepeat.n7.normal"),
    (["solve", "--coins", "25"], "up to 20 coins"),
    (["solve", "--coins", "9", "--misere"], "not solved"),
    (["solve", "--coins", "5", "--misere", "--seconds", "0.01"], "gave up after 0.01 s"),
    (["play", "--coins", "8"], "too many to search"),
    (["check", "no-such-file.json"], "no such file"),
    # Once read whole: a MemoryError's traceback, after filling the memory.
    (["check", "/dev/zero"], "/dev/zero is not a regular file"),
])
def test_bad_input_gets_one_sentence_and_a_nonzero_exit(
        capsys: pytest.CaptureFixture[str], argv: list[str], words: str) -> None:
    status, out, err = run(capsys, "norepeat", *argv)
    assert status == 2
    assert words in err
    assert "Traceback" not in err and out == ""
    assert len(err.strip().splitlines()[-1]) > 0


@pytest.mark.parametrize("content", ["[1, 2]", '{"coins": 3}', "{", '{"coins": 3, "misere": false,'
                                     ' "winner": "first"}'])
def test_check_rejects_files_that_are_no_strategy(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, content: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content)
    status, _, err = run(capsys, "norepeat", "check", str(path))
    assert status == 2
    assert err.startswith("coinproofs: error:")


def play(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, typed: str,
         *argv: str) -> tuple[int, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(typed))
    status, out, _ = run(capsys, "norepeat", "play", *argv)
    return status, out


def test_play_a_whole_game_and_lose(capsys: pytest.CaptureFixture[str],
                                    monkeypatch: pytest.MonkeyPatch) -> None:
    # Ben (you) against Amber on 2 coins: HH, TH, then Ben must go to TT, Amber to HT.
    status, out = play(capsys, monkeypatch, "1\n", "--coins", "2")
    assert status == 0
    assert "Amber turns coin 0: TH" in out
    assert "Ben turns coin 1: TT" in out
    assert "Ben cannot move, so Amber wins." in out


def test_play_the_winning_side_and_win(capsys: pytest.CaptureFixture[str],
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    # Misère, 1 coin, as Ben: Amber must turn the coin; Ben is stuck, and so wins.
    status, out = play(capsys, monkeypatch, "", "--coins", "1", "--misere", "--you", "second")
    assert status == 0
    assert "Ben cannot move, so Ben wins (you)." in out


def test_play_refuses_illegal_moves_and_can_be_abandoned(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    status, out = play(capsys, monkeypatch, "x\n9\n0\nq\n", "--coins", "3")
    assert status == 1
    assert "'x' is not a coin" in out
    assert "'9' is not a coin" in out
    assert "Turning coin 0 would repeat HHH." in out
    assert "Game abandoned." in out
