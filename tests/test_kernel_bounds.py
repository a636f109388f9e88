"""The kernel's declared work bounds: each is checked before its work starts, names itself and
the option that raises it, and can be raised; the known attacks (long strategies, large layer
files, huge matchings, huge artifacts, long lines, deep nesting) are refused at once."""

from __future__ import annotations

import hashlib
import json
import random
import tracemalloc
from pathlib import Path
from typing import Any

import pytest

from coinproofs.verify import table
from coinproofs.verify.certificate import Rejected, check_document, check_file, load_kernel
from coinproofs.verify.manifest import NAME, check_manifest, manifest_text
from coinproofs.verify.schema import BOUNDS, raised
from tests.certificates import certificate, devil_certificate
from tests.examples import Built
from tests.guards import no_hang

QUICK = 10.0  # seconds: a refusal before the work is immediate; this only catches a hang


def artifact(folder: Path, name: str, data: bytes) -> dict[str, str]:
    (folder / name).write_bytes(data)
    return {"file": name, "sha256": hashlib.sha256(data).hexdigest()}


def refused(document: Any, folder: Path, bound: str) -> str:
    """The rejection of `document`, which must name `bound` and how to raise it, and come
    before the work (at once, within a small fraction of the memory the work needs)."""
    tracemalloc.start()
    try:
        with no_hang(QUICK), pytest.raises(Rejected) as info:
            check_document(document, folder)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    message = str(info.value)
    assert f"bound {bound} =" in message and f"--bound {bound}=VALUE" in message, message
    assert peak < 64 << 20, f"{peak:,} bytes held before refusing"
    return message


@pytest.mark.parametrize("name", sorted(name for name, bound in BOUNDS.items()
                                         if bound.road == "kernel") or ["none"])
def test_every_declared_bound_is_checked(name: str, examples: dict[str, Built],
                                         tmp_path: Path) -> None:
    """Set to 0, each bound refuses some example certificate (or its folder, with a MANIFEST),
    naming itself: no bound is declared but never tested (a new one needs an example that
    reaches it)."""
    load_kernel()
    names: list[str] = []
    with raised({name: 0}):
        for number, built in enumerate(examples.values()):
            folder = tmp_path / str(number)
            folder.mkdir()
            path = built.write(folder)
            (folder / NAME).write_text(manifest_text(folder))
            for check, argument in ((check_file, path), (check_manifest, folder)):
                try:
                    check(argument)
                except Rejected as rejection:
                    names += [name] if f"bound {name} =" in str(rejection) else []
    assert names, f"no example certificate reaches the bound {name}"


def test_bounds_are_declared_for_every_kernel_module() -> None:
    load_kernel()
    assert {"certificate.bytes", "certificate.depth", "artifact.bytes", "artifact.line-bytes",
            "devil.strategy-moves", "devil.simulation-work", "devil.belief-work",
            "devil.lrat-clauses", "devil.invariant-pairs", "lrat.proof-bytes", "penny.pile",
            "penny.unique-pile", "norepeat.strategy-entries",
            "norepeat.matching-pairs", "norepeat.dag-nodes"} <= set(BOUNDS)


def test_a_raised_bound_lets_the_work_happen_and_is_restored(examples: dict[str, Built],
                                                             tmp_path: Path) -> None:
    path = examples["devil/lamping"].write(tmp_path)
    with raised({"devil.strategy-moves": 14}), pytest.raises(Rejected, match="15 moves"):
        check_file(path)
    with raised({"devil.strategy-moves": 15}):
        check_file(path)
    assert BOUNDS["devil.strategy-moves"].limit == BOUNDS["devil.strategy-moves"].default


# --- The known attacks --------------------------------------------------------------------------

def test_a_long_strategy_for_twenty_coins_is_refused_before_simulating(tmp_path: Path) -> None:
    """5,000 moves for N = 20 once took 45 s; now the simulation's work is counted first."""
    moves = [sorted([i % 20, (i + 1) % 20]) for i in range(5000)]
    evidence = [{"method": "strategy", **artifact(tmp_path, "moves.jsonl", json_lines(moves))}]
    message = refused(devil_certificate("lamping", 20, 2**20 - 1, evidence), tmp_path,
                      "devil.simulation-work")
    assert "state updates" in message


def test_a_strategy_stops_simulating_once_every_game_is_over(
        monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[int] = []
    step = table._Coins.after
    monkeypatch.setattr(table._Coins, "after", lambda self, states, t: calls.append(1) or
                        step(self, states, t))
    strategy = [*table.lamping(4), *[0b1111] * 10_000]
    assert table.simulate(strategy, table.coin_flip(4)) is None
    assert len(calls) == 15  # the moves after the win are not simulated ...
    with pytest.raises(Rejected, match="move 10016 names a position outside"):
        table.simulate([*strategy, 1 << 4], table.coin_flip(4))  # ... but they are checked


def test_a_large_layers_file_for_twelve_coins_is_refused_before_the_work(tmp_path: Path) -> None:
    """A 324 KB layers file for N = 12 once took 54 s: 352^2 orbit steps a belief."""
    rng = random.Random(12)
    start = table.start_belief(table.coin_flip(12))
    layer = sorted({rng.randrange(2, start) for _ in range(3000)})
    data = json_lines([[start], layer])
    assert len(data) > 300_000
    evidence = [{"method": "reachability", **artifact(tmp_path, "layers.jsonl", data)}]
    refused(devil_certificate("impossible", 12, None, evidence), tmp_path,
            "devil.belief-work")


def json_lines(items: list[Any]) -> bytes:
    return "".join(json.dumps(item) + "\n" for item in items).encode()


def test_a_matching_for_26_coins_is_refused_before_it_is_read(tmp_path: Path) -> None:
    """2^25 pairs would take 7-8 GB; the size is known from n before the file is opened."""
    from coinproofs.verify import norepeat

    document = certificate({"id": "norepeat.n26.normal", "game": "norepeat",
                            "params": {"n": 26, "misere": False}, "kind": "winner",
                            "value": "first", "statement": norepeat.statement(26, False, "first")},
                           [{"method": "matching", "file": "absent.pairs", "sha256": "0" * 64}])
    refused(document, tmp_path, "norepeat.matching-pairs")


def sparse(path: Path, size: int) -> None:
    """A file of `size` bytes that takes no room on disk (and no time to write)."""
    with path.open("wb") as handle:
        handle.truncate(size)


def test_a_huge_artifact_is_refused_before_a_byte_is_read(tmp_path: Path) -> None:
    sparse(tmp_path / "layers.jsonl", 300 << 20)
    evidence = [{"method": "reachability", "file": "layers.jsonl", "sha256": "0" * 64}]
    refused(devil_certificate("impossible", 3, None, evidence), tmp_path, "artifact.bytes")


def test_a_large_artifact_is_hashed_as_a_stream(tmp_path: Path) -> None:
    """A 64 MB file whose hash does not match: read a megabyte at a time, never whole."""
    sparse(tmp_path / "layers.jsonl", 64 << 20)
    evidence = [{"method": "reachability", "file": "layers.jsonl", "sha256": "0" * 64}]
    tracemalloc.start()
    try:
        with pytest.raises(Rejected, match="does not match its SHA-256"):
            check_document(devil_certificate("impossible", 3, None, evidence), tmp_path)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 8 << 20


def test_an_overlong_line_is_refused_as_it_is_read(tmp_path: Path) -> None:
    data = b"[15]\n[" + b"7, " * 400_000 + b"7]\n"
    evidence = [{"method": "reachability", **artifact(tmp_path, "layers.jsonl", data)}]
    refused(devil_certificate("impossible", 3, None, evidence), tmp_path, "artifact.line-bytes")


def test_an_overlong_proof_is_refused_before_it_is_checked(examples: dict[str, Built],
                                                          tmp_path: Path) -> None:
    path = examples["devil/lrat"].write(tmp_path)
    with raised({"lrat.proof-bytes": 100}):
        refused(json.loads(path.read_text()), tmp_path, "lrat.proof-bytes")


def test_a_huge_certificate_is_refused_before_it_is_parsed(tmp_path: Path) -> None:
    sparse(tmp_path / "huge.json", 100 << 20)
    with no_hang(QUICK), pytest.raises(Rejected, match=r"bound certificate\.bytes ="):
        check_file(tmp_path / "huge.json")


@pytest.mark.parametrize("depth, accepted", [(32, True), (33, False)])
def test_nesting_is_bounded_before_parsing(tmp_path: Path, depth: int, accepted: bool) -> None:
    path = tmp_path / "deep.json"
    path.write_text('{"schema": ' + "[" * (depth - 1) + "]" * (depth - 1) + "}")
    with pytest.raises(Rejected) as info:
        check_file(path)
    assert ("certificate.depth" in str(info.value)) != accepted


@pytest.mark.parametrize("number", ["1e400", "-1e400", "NaN", "Infinity", "-Infinity"])
def test_numbers_a_float_cannot_hold_are_refused_when_parsed(tmp_path: Path,
                                                            number: str) -> None:
    path = tmp_path / "odd.json"
    path.write_text(f'{{"schema": "coinproofs/certificate/v1", "x": {number}}}')
    with pytest.raises(Rejected, match=r"too large|not a JSON number"):
        check_file(path)


@pytest.mark.parametrize("value", [2.0, True, "2", 2**70, -2, None, [2]])
def test_counts_are_whole_numbers_everywhere(examples: dict[str, Built], tmp_path: Path,
                                             value: Any) -> None:
    """Every count a certificate holds (params, lengths, sizes, p) refuses what is not a JSON
    integer in range."""
    places = [("devil/claim", ["claim", "params", "n"]),
              ("devil/lrat", ["evidence", 2, "length"]),
              ("devil/claim", ["evidence", 1, "beliefs"]),
              ("devil/reachability", ["evidence", 1, "depths"]),
              ("devil/invariant", ["evidence", 2, "p"]),
              ("penny/p-positions", ["evidence", 0, "max"]),
              ("penny/p-positions", ["claim", "params", "max"]),
              ("norepeat/claim", ["claim", "params", "n"]),
              ("norepeat/strategy-dag", ["evidence", 2, "nodes"])]
    for number, (name, place) in enumerate(places):
        folder = tmp_path / str(number)
        folder.mkdir()
        document = json.loads(examples[name].write(folder).read_text())
        *parents, last = place
        holder = document
        for key in parents:
            holder = holder[key]
        assert isinstance(holder[last], int), (name, place)
        holder[last] = value
        with pytest.raises(Rejected, match=f"{last}|claim id|statement|at most|bound"):
            check_document(document, folder)
