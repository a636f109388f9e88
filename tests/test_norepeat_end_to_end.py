"""End to end: `coinproofs prove 'norepeat...'` then `coinproofs verify`, and a tampered file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from coinproofs.cli import main
from coinproofs.games.norepeat import START, legal_coins, solve, turn
from coinproofs.proofs.registry import select

SMALL = "norepeat.n[345].*"


def test_the_claims_listed_in_the_issue_are_registered() -> None:
    ids = {spec.id for spec in select(["norepeat.*"], every=True)}
    assert {"norepeat.n3.normal", "norepeat.n4.normal", "norepeat.n3.misere",
            "norepeat.n4.misere", "norepeat.n5.misere"} <= ids
    assert {f"norepeat.n{n}.normal" for n in range(1, 21)} <= ids
    default = {spec.id for spec in select([]) if spec.game == "norepeat"}
    assert "norepeat.n5.misere" in default and "norepeat.n20.normal" not in default


def test_prove_then_verify_then_tamper(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["prove", SMALL, "--out", str(tmp_path), "--json"]) == 0
    proved = json.loads(capsys.readouterr().out)
    assert {p["id"] for p in proved} == {"norepeat.n3.normal", "norepeat.n4.normal",
                                         "norepeat.n5.normal", "norepeat.n3.misere",
                                         "norepeat.n4.misere", "norepeat.n5.misere"}
    assert all(p["proved"] for p in proved)
    assert main(["verify", str(tmp_path), "--json"]) == 0
    assert all(v["accepted"] for v in json.loads(capsys.readouterr().out))

    path = tmp_path / "norepeat.n5.misere.json"
    document = json.loads(path.read_text())
    moves = document["evidence"][0]["moves"]
    key, coin = losing_change(moves)
    moves[key] = coin  # one move changed, to one that loses
    path.write_text(json.dumps(document))
    assert main(["verify", str(path), "--json"]) == 1
    [verdict] = json.loads(capsys.readouterr().out)
    assert not verdict["accepted"] and verdict["reason"]


def losing_change(moves: dict[str, int]) -> tuple[str, int]:
    """A position of the misère 5-coin strategy and a legal coin there that loses."""
    game = solve(5, misere=True)
    for name, coin in moves.items():
        for other in legal_coins(int(name), START, 5):
            after = turn(START, other)
            if other != coin and game.wins(game.key(int(name) | 1 << after, after)):
                return name, other
    raise AssertionError("every move of the strategy is the only winning one")


@pytest.mark.slow
def test_every_norepeat_claim(tmp_path: Path) -> None:
    assert main(["prove", "norepeat.*", "--out", str(tmp_path)]) == 0
    assert main(["verify", str(tmp_path)]) == 0
