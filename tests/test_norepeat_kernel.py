"""The no-repeats kernel accepts the provers' certificates and rejects every kind of tampering."""

from __future__ import annotations

import copy
import hashlib
import json
import random
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from coinproofs.games.norepeat import START, NoRepeats, legal_coins, solve, turn
from coinproofs.verify import norepeat as kernel
from coinproofs.verify.certificate import Rejected, check_document
from tests.certificates import read
from tests.corpus import Corpus

SMALL = ["norepeat.n1.normal", "norepeat.n2.normal", "norepeat.n3.normal", "norepeat.n4.normal",
         "norepeat.n11.normal", "norepeat.n3.misere", "norepeat.n4.misere", "norepeat.n5.misere"]


@pytest.fixture(scope="module")
def folder(corpus: Corpus) -> Path:
    """The certificates of SMALL, as `prove` wrote them (never written into)."""
    return corpus.proved(*SMALL)


def evidence(document: dict[str, Any], method: str) -> dict[str, Any]:
    item: dict[str, Any] = next(e for e in document["evidence"] if e["method"] == method)
    return item


def rejected(document: dict[str, Any], folder: Path) -> str:
    """The kernel's reason for rejecting the document (fails the test if it accepts)."""
    with pytest.raises(Rejected) as caught:
        check_document(document, folder)
    reason = str(caught.value)
    assert reason
    return reason


@cache
def solved(n: int, misere: bool) -> NoRepeats:
    return solve(n, misere)


@pytest.mark.parametrize("claim_id", SMALL)
def test_the_provers_certificates_are_accepted(folder: Path, claim_id: str) -> None:
    verdict = check_document(read(folder, claim_id), folder)
    assert verdict.claim.id == claim_id
    assert verdict.methods


def test_small_normal_play_is_proved_five_ways(folder: Path) -> None:
    verdict = check_document(read(folder, "norepeat.n4.normal"), folder)
    assert verdict.methods == ["strategy", "strategy-up-to-symmetry", "strategy-dag",
                               "matching (played out)"]


CLAIM_TAMPERING = {
    "value": lambda c: c.update(value="second"),
    "statement": lambda c: c.update(statement=c["statement"].replace("Amber", "Ben")),
    "kind": lambda c: c.update(kind="loser"),
    "id": lambda c: c.update(id="norepeat.n3.misere"),
    "n": lambda c: c["params"].update(n=4),
    "n as text": lambda c: c["params"].update(n="3"),
    "misere": lambda c: c["params"].update(misere=True),
    "misere as 1": lambda c: c["params"].update(misere=1),
    "extra param": lambda c: c["params"].update(start=0),
    "no params": lambda c: c.update(params={}),
}


@pytest.mark.parametrize("change", CLAIM_TAMPERING)
def test_a_changed_claim_is_rejected(folder: Path, change: str) -> None:
    document = read(folder, "norepeat.n3.normal")
    CLAIM_TAMPERING[change](document["claim"])
    rejected(document, folder)


def restate(document: dict[str, Any], n: int, misere: bool, winner: str) -> None:
    """Change the claim consistently (id, params, value and statement all agree)."""
    document["claim"].update(id=kernel.claim_id(n, misere), params={"n": n, "misere": misere},
                             value=winner, statement=kernel.statement(n, misere, winner))


@pytest.mark.parametrize(("n", "misere", "winner"), [
    (3, False, "second"), (3, True, "first"), (4, True, "second"), (4, False, "first")])
def test_evidence_proves_only_its_own_claim(folder: Path, n: int, misere: bool,
                                            winner: str) -> None:
    document = read(folder, "norepeat.n3.misere")
    restate(document, n, misere, winner)
    rejected(document, folder)


def sample(moves: dict[str, int], size: int) -> list[str]:
    """Up to `size` of the strategy's keys, the same ones every run."""
    keys = sorted(moves)
    return keys if len(keys) <= size else random.Random(size).sample(keys, size)


def replay(history: str) -> tuple[int, int]:
    """The position (seen, pattern) after the coins of a history are turned."""
    seen, pattern = 1 << START, START
    for coin in map(int, filter(None, history.split(","))):
        pattern = turn(pattern, coin)
        seen |= 1 << pattern
    return seen, pattern


@pytest.mark.parametrize("claim_id", ["norepeat.n4.normal", "norepeat.n3.misere",
                                      "norepeat.n4.misere"])
def test_every_strategy_move_changed_for_the_worse_is_rejected(folder: Path,
                                                               claim_id: str) -> None:
    document = read(folder, claim_id)
    params = document["claim"]["params"]
    n, game = params["n"], solved(params["n"], params["misere"])
    moves = evidence(document, "strategy")["moves"]
    checked = 0
    for history in sample(moves, 60):
        coin = moves[history]
        seen, pattern = replay(history)
        for other in set(range(-1, n + 1)) - {coin}:
            moves[history] = other
            if other not in legal_coins(seen, pattern, n):
                assert "not a legal move" in rejected(document, folder)
            elif game.wins(game.key(seen | 1 << turn(pattern, other), turn(pattern, other))):
                rejected(document, folder)  # the other move hands the loser the win
                checked += 1
        moves[history] = coin
    assert checked > 0
    check_document(document, folder)


@pytest.mark.parametrize("method", ["strategy", "strategy-up-to-symmetry"])
def test_every_missing_or_extra_strategy_entry_is_rejected(folder: Path, method: str) -> None:
    document = read(folder, "norepeat.n4.misere")
    moves = evidence(document, method)["moves"]
    for key in sample(moves, 60):
        coin = moves.pop(key)
        assert "has no move" in rejected(document, folder)
        moves[key] = coin
    moves["1,2,3" if method == "strategy" else "2"] = 0  # (no key lacks the current pattern)
    assert "never arise" in rejected(document, folder)


@pytest.mark.parametrize("method", ["strategy", "strategy-up-to-symmetry"])
@pytest.mark.parametrize("bad", ["0", 1.0, True, None, [0], 99, -1])
def test_a_move_that_is_no_coin_is_rejected(folder: Path, method: str, bad: Any) -> None:
    document = read(folder, "norepeat.n3.normal")
    moves = evidence(document, method)["moves"]
    moves[next(iter(moves))] = bad
    reason = rejected(document, folder)
    assert "coin number" in reason or "not a legal move" in reason


@pytest.mark.parametrize("claim_id", ["norepeat.n4.misere", "norepeat.n5.misere"])
def test_symmetric_strategy_moves_changed_for_the_worse_are_rejected(folder: Path,
                                                                     claim_id: str) -> None:
    document = read(folder, claim_id)
    n = document["claim"]["params"]["n"]
    game = solved(n, True)
    moves = evidence(document, "strategy-up-to-symmetry")["moves"]
    checked = 0
    for name in sample(moves, 30):
        coin, key = moves[name], int(name)
        for other in set(range(n)) - {coin}:
            moves[name] = other
            if other not in legal_coins(key, START, n):
                assert "not a legal move" in rejected(document, folder)
            elif game.wins(game.key(key | 1 << turn(START, other), turn(START, other))):
                rejected(document, folder)
                checked += 1
        moves[name] = coin
    assert checked > 0


def test_a_strategy_for_the_wrong_player_is_rejected(folder: Path) -> None:
    document = read(folder, "norepeat.n3.misere")
    restate(document, 3, True, "first")
    document["evidence"] = [{"method": "strategy", "moves": {"": 0}}]
    rejected(document, folder)


def test_the_empty_strategy_proves_only_what_needs_no_move(folder: Path) -> None:
    document = read(folder, "norepeat.n1.normal")
    restate(document, 1, True, "second")  # one coin, misère: Amber turns it, Ben is stuck
    document["evidence"] = [{"method": "strategy-up-to-symmetry", "moves": {}},
                            {"method": "strategy", "moves": {}}]
    assert check_document(document, folder).methods
    restate(document, 1, False, "second")
    assert "loses" in rejected(document, folder)


@pytest.mark.parametrize("method", ["strategy", "strategy-up-to-symmetry"])
def test_strategies_need_a_size_the_kernel_can_play_out(folder: Path, method: str) -> None:
    document = read(folder, "norepeat.n1.normal")
    restate(document, 7, True, "second")
    document["evidence"] = [{"method": method, "moves": {}}]
    assert "1 to 6 coins" in rejected(document, folder)


MATCHING_TAMPERING = {
    "one pair changed": lambda p: p[0].__setitem__(1, p[0][0] ^ 0b111),
    "one pair missing": lambda p: p.pop(),
    "one pair doubled": lambda p: p.__setitem__(1, list(p[0])),
    "a pair of three": lambda p: p[0].append(5),
    "a pattern off the cube": lambda p: p[0].__setitem__(1, 1 << 4),
    "a pattern as text": lambda p: p[0].__setitem__(1, str(p[0][1])),
    "a pattern negative": lambda p: p[0].__setitem__(0, -p[0][0] - 1),
    "a pair with itself": lambda p: p[0].__setitem__(1, p[0][0]),
    "not a list": lambda p: p.__setitem__(0, {"a": 1}),
}


@pytest.mark.parametrize("change", MATCHING_TAMPERING)
def test_a_changed_matching_is_rejected(folder: Path, change: str) -> None:
    document = read(folder, "norepeat.n4.normal")
    document["evidence"] = [evidence(document, "matching")]
    MATCHING_TAMPERING[change](document["evidence"][0]["pairs"])
    rejected(document, folder)


def test_another_perfect_matching_is_accepted(folder: Path) -> None:
    document = read(folder, "norepeat.n4.normal")
    pairs = [[x, x ^ 0b1000] for x in range(8)]  # pair on the last coin instead
    document["evidence"] = [{"method": "matching", "pairs": pairs}]
    assert check_document(document, folder).methods == ["matching (played out)"]


@pytest.mark.parametrize(("misere", "winner"), [(True, "second"), (True, "first"),
                                                (False, "second")])
def test_a_matching_proves_only_first_player_normal_play(folder: Path, misere: bool,
                                                         winner: str) -> None:
    document = read(folder, "norepeat.n2.normal")
    restate(document, 2, misere, winner)
    rejected(document, folder)


def test_matching_artifacts_are_read_only_when_their_hash_matches(folder: Path,
                                                                  tmp_path: Path) -> None:
    document = read(folder, "norepeat.n11.normal")
    item = evidence(document, "matching")
    data = json.loads((folder / item["file"]).read_bytes())
    data[0], data[1] = data[1], [data[0][0], data[1][1]]  # one pair changed
    tampered = json.dumps(data).encode()
    (tmp_path / item["file"]).write_bytes(tampered)
    assert "SHA-256" in rejected(document, tmp_path)
    item["sha256"] = hashlib.sha256(tampered).hexdigest()  # a consistent forgery
    rejected(document, tmp_path)
    (tmp_path / item["file"]).unlink()
    assert "missing" in rejected(document, tmp_path)
    (tmp_path / item["file"]).write_bytes(b"[[0, 1]")
    item["sha256"] = hashlib.sha256(b"[[0, 1]").hexdigest()
    assert "not valid JSON" in rejected(document, tmp_path)


EVIDENCE_TAMPERING = {
    "unknown method": lambda e: e.__setitem__("method", "oracle"),
    "unknown field": lambda e: e.__setitem__("note", "trust me"),
    "both inline and a file": lambda e: e.update(file="x.json", sha256="0" * 64),
    "neither inline nor a file": lambda e: e.pop("moves"),
    "moves not an object": lambda e: e.__setitem__("moves", [[0, 1]]),
}


@pytest.mark.parametrize("change", EVIDENCE_TAMPERING)
def test_malformed_evidence_is_rejected(folder: Path, change: str) -> None:
    document = copy.deepcopy(read(folder, "norepeat.n3.misere"))
    EVIDENCE_TAMPERING[change](document["evidence"][0])
    rejected(document, folder)
