"""The native search's table saved between runs (docs/norepeat.md, "The saved table"):
`coinproofs prove norepeat.n6.misere` after `coinproofs norepeat solve 6 --misere`, or the
reverse, starts from the table the other saved and searches nothing; a table whose record does
not vouch for it is not read, and the search starts afresh. Tried on five coins, treated as
six are (the search from the opening, its table in the cache), with a table of 4 MiB."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from coinproofs.cli import main
from coinproofs.games import norepeat as engine
from coinproofs.norepeat import solve
from coinproofs.proofs import norepeat as prover
from coinproofs.proofs.runner import prove_one

TABLE = 1 << 22


@pytest.fixture
def table(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """Five coins under misère play searched as six are, with a cache of the test's own: where
    their table is saved."""
    monkeypatch.setattr(engine, "NATIVE_COINS", 5)
    monkeypatch.setattr(engine, "TABLE_BYTES", TABLE)
    monkeypatch.setattr(engine, "OPENING_TABLE_BYTES", TABLE)
    monkeypatch.setattr(prover, "NATIVE_MISERE", 5)
    monkeypatch.setenv("COINPROOFS_CACHE", str(tmp_path / "cache"))
    path = engine.saved_table(5, True)
    assert path == tmp_path / "cache" / "norepeat" / "n5.misere.nrtable"
    return path


def proved(folder: Path) -> list[str]:
    """Prove norepeat.n5.misere into `folder` as `coinproofs prove` does (the kernel checks
    the certificate); what the prover said as it went."""
    said: list[str] = []
    folder.mkdir()
    outcome = prove_one(prover.winner_claim(5, "misere"), folder, said.append)
    assert outcome.proved, outcome.reason
    assert (folder / "norepeat.n5.misere.nrwalk").exists()
    return [line for line in said if line.startswith("5 coins: ") and "walked" not in line]


def test_prove_after_solve_reads_the_table_and_searches_nothing(table: Path,
                                                                tmp_path: Path) -> None:
    first = solve(5, misere=True)
    assert first.winner == "second" and first.table_note == ""
    assert first.searched == first.positions > 0
    assert table.exists() and engine.table_record(table).exists()
    assert proved(tmp_path / "certificates") == [
        f"5 coins: the search starts from the table saved in {table} after "
        f"{first.positions:,} positions",
        "5 coins: settled, 0 positions searched in this run"]


def test_solve_after_prove_reads_the_table_and_searches_nothing(
        table: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    [settled] = proved(tmp_path / "certificates")
    searched = int(settled.removeprefix("5 coins: settled, ").split()[0].replace(",", ""))
    assert searched > 0
    again = solve(5, misere=True)
    assert again.winner == "second" and again.searched == 0 and again.positions == searched
    assert again.table_note.startswith(f"the search starts from the table saved in {table}")
    assert main(["norepeat", "solve", "5", "--misere"]) == 0
    assert f"Table: the search starts from the table saved in {table} after {searched:,} " \
           "positions; 0 positions searched in this run." in capsys.readouterr().out


def record_field(name: str, value: object) -> Callable[[Path], None]:
    def change(path: Path) -> None:
        record = engine.table_record(path)
        fields = json.loads(record.read_text())
        fields[name] = value
        record.write_text(json.dumps(fields))
    return change


def flip_last_byte(path: Path) -> None:
    data = bytearray(path.read_bytes())
    data[-1] ^= 1
    path.write_bytes(bytes(data))


SPOILED: dict[str, tuple[Callable[[Path], None], str]] = {
    "a byte changed": (flip_last_byte, "its SHA-256 is not the one its record gives"),
    "cut short": (lambda path: path.write_bytes(path.read_bytes()[:-8]),
                  "bytes, not the "),
    "no record": (lambda path: engine.table_record(path).unlink(), "it has no record"),
    "another build": (record_field("core", "0" * 64),
                      "it was saved by another build of the native core"),
    "other coins": (record_field("n", 4), "its record is of other coins or another rule"),
    "another rule": (record_field("misere", False),
                     "its record is of other coins or another rule"),
    "a count for a flag": (record_field("misere", 1),
                           "its record is of other coins or another rule"),
    "another format": (record_field("format", "coinproofs/norepeat-table/v0"),
                       "is not one that coinproofs writes"),
    "a record too large": (record_field("padding", " " * 5000), "is larger than 4,096 bytes"),
    "a record not JSON": (lambda path: engine.table_record(path).write_text("{"),
                          "cannot be read"),
}


@pytest.mark.parametrize("spoil", SPOILED, ids=list(SPOILED))
def test_a_table_its_record_does_not_vouch_for_is_not_read(table: Path, spoil: str) -> None:
    """Stale or tampered: refused with the reason, searched afresh, saved again, and read by
    the next run."""
    change, reason = SPOILED[spoil]
    first = solve(5, misere=True)
    change(table)
    again = solve(5, misere=True)
    assert again.table_note.startswith(f"the table saved in {table} is not read (")
    assert again.table_note.endswith("): the search starts afresh")
    assert reason in again.table_note
    assert again.winner == "second" and again.searched == again.positions == first.positions
    assert solve(5, misere=True).searched == 0
