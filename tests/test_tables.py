"""Tables fit the terminal (80, 100 and 120 columns: boxed when they fit, stacked when not),
never squeeze a column to nothing or cut a verdict, id or reason, and are plain unpadded lines
in a pipe."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import coinproofs as cp
from coinproofs.cli.tables import PADDED_WIDTH, Grid, on_terminal, plain_lines
from tests.cli import coinproofs
from tests.cli import on_terminal as run_on_terminal

WIDTHS = (80, 100, 120)
REASON = ("devil.n5.q4.dihedral.equal.impossible.json: the layer file "
          "devil.n5.q4.dihedral.equal.impossible.layers.jsonl needs 1,234,567 beliefs, over the "
          "kernel's bound layer-beliefs = 1,000,000 (beliefs read from one layer file); raise it "
          "with `coinproofs verify --bound layer-beliefs=VALUE`")


def claim_grids() -> list[Grid]:
    listing = cp.claims(every=True)
    return [Grid.of("patterns", ["pattern", "limits", "claims of this form say"],
                    [[p["pattern"], p["limits"], p["about"]] for p in listing["patterns"]],
                    wrap=["limits", "claims of this form say"]),
            Grid.of("claims", ["claim", "statement"],
                    [[c["id"], c["statement"]] for c in listing["claims"]], wrap=["statement"])]


def verdict_grid(reason: str = REASON) -> Grid:
    rows = [["devil.n5.dihedral.equal.impossible", "accepted", "reachability, invariant",
             "0.02", ""],
            ["devil.n5.q4.dihedral.equal.impossible", "REJECTED", "", "1,204.31", reason],
            ["norepeat.n3.normal", "accepted",
             "strategy, strategy-up-to-symmetry, strategy-dag, matching (played out)", "0.01", ""]]
    return Grid.of("certificates", ["claim", "verdict", "evidence", "seconds", "reason"], rows,
                   wrap=["evidence", "reason"])


def words_whole(grid: Grid, shown: str) -> None:
    """Every word of every cell appears whole in what is shown (nothing cut or folded)."""
    tokens = set(re.split(r"[\s│┃]+", shown))
    for row in grid.rows:
        for cell in row:
            for word in cell.split():
                assert word in tokens, (word, shown)


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("which", ["patterns", "claims", "verdicts"])
def test_a_table_fits_the_terminal_whole(width: int, which: str) -> None:
    grid = {"patterns": claim_grids()[0], "claims": claim_grids()[1],
            "verdicts": verdict_grid()}[which]
    shown = on_terminal(grid, width)
    for line in shown.splitlines():  # only a word longer than the terminal (a count) overruns
        assert len(line) <= width or max(map(len, line.split())) > width - 8, line
    for squeezed in ("││", "┃┃", "┳┳", "╇╇", "┴┴"):  # a column of width zero
        assert squeezed not in shown
    words_whole(grid, shown)
    lines = [re.split(r"[\s│┃]+", line.strip("│┃ ")) for line in shown.splitlines()]
    for row in grid.rows:  # each id whole on a line, with its verdict
        assert any(words[0] == row[0] and (which != "verdicts" or words[1] == row[1])
                   for words in lines), row[0]


def test_narrow_terminals_stack_and_wide_ones_box() -> None:
    grid = verdict_grid(reason="")
    assert "┏" not in on_terminal(grid, 80) and "┏" in on_terminal(grid, 100)
    stacked = on_terminal(verdict_grid(), 80).splitlines()
    at = next(i for i, line in enumerate(stacked) if "REJECTED" in line)
    assert stacked[at].split()[:2] == ["devil.n5.q4.dihedral.equal.impossible", "REJECTED"]
    assert stacked[at + 1].startswith("    reason: devil.n5.q4")


def test_a_column_empty_in_every_row_is_left_out() -> None:
    assert "reason" not in on_terminal(verdict_grid(reason=""), 120)


def test_off_a_terminal_rows_are_plain_unpadded_lines() -> None:
    for grid in (*claim_grids(), verdict_grid()):
        lines = plain_lines(grid)
        assert len(lines) == len(grid.rows) + 2
        for line, row in zip(lines[2:], grid.rows, strict=True):
            assert line.startswith(row[0]) and line == line.rstrip()
            assert " " * (PADDED_WIDTH + 2) not in line  # long columns are not padded
            assert all(cell in line for cell in row)


def test_claims_in_a_pipe() -> None:
    listing = coinproofs("claims", "--all")
    assert listing.status == 0 and "\x1b[" not in listing.out and "┃" not in listing.out
    lines = listing.out.splitlines()
    assert any(line.startswith("devil.n<N>.impossible  N = 3..4,096") for line in lines)
    assert max(map(len, lines)) < 600 and not any(line.endswith(" ") for line in lines)


def test_claims_and_verify_on_an_80_column_terminal(tmp_path: Path) -> None:
    listing = run_on_terminal("claims", columns=80)
    assert listing.status == 0
    assert all(len(line) <= 80 or max(map(len, line.split())) > 72  # a count's digits
               for line in listing.out.splitlines())
    assert "devil.n<N>.impossible" in listing.out and "││" not in listing.out
    assert coinproofs("prove", "devil.n2.shortest", "devil.n3.impossible",
                      "--out", str(tmp_path)).status == 0
    certificate = tmp_path / "devil.n3.impossible.json"
    document = json.loads(certificate.read_text())
    document["claim"]["value"] = "possible"
    certificate.write_text(json.dumps(document))
    checked = run_on_terminal("verify", "-q", str(certificate),
                              str(tmp_path / "devil.n2.shortest.json"), columns=80)
    assert checked.status == 1
    lines = checked.out.splitlines()
    rejected = next(line for line in lines if "REJECTED" in line)
    assert rejected.split()[:2] == [str(certificate), "REJECTED"]  # the path, whole
    assert any(line.startswith("    reason: ") for line in lines)
    assert all(len(line) <= 80 for line in lines if str(tmp_path) not in line)
