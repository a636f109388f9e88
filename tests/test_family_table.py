"""docs/family.md's tables cannot drift from what is certified: every row names a registry
claim whose value is the certified column, every published number equals it, and the default
rows are proved and accepted by the kernel here (the on-request rows in the slow run)."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest

from coinproofs.proofs.family import ON_REQUEST
from coinproofs.proofs.registry import ClaimSpec, find, pattern_of, select
from coinproofs.proofs.runner import prove_one
from coinproofs.verify import family as kernel
from tests.cli import ROOT

PAGE = ROOT / "docs" / "family.md"


def table_rows(text: str) -> list[dict[str, str]]:
    """Every row of every Markdown table whose header has a `claim` column, as a dict from the
    header's names to the cells."""
    rows, header = [], None
    for line in text.splitlines():
        if not line.startswith("|"):
            header = None
            continue
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if header is None:
            header = cells
        elif not all(set(cell) <= set("-:") for cell in cells) and "claim" in header:
            rows.append(dict(zip(header, cells, strict=True)))
    return rows


ROWS = table_rows(PAGE.read_text())


def claim_id(row: dict[str, str]) -> str:
    found = re.fullmatch(r"`([\w.]+)`", row["claim"])
    assert found, f"the claim cell {row['claim']!r} is not one id in backticks"
    return found.group(1)


def value_of(cell: str) -> int | None:
    """'26 moves' or '1 move' -> 26 or 1; 'none wins' -> None."""
    if cell == "none wins":
        return None
    found = re.fullmatch(r"(\d+) moves?", cell)
    assert found, f"the certified cell {cell!r} is neither 'N moves' nor 'none wins'"
    return int(found.group(1))


@cache
def default_ids() -> frozenset[str]:
    return frozenset(spec.id for spec in select([]))


def on_request_ids() -> set[str]:
    """The family's on-request ids, named without searching (building them searches)."""
    return {kernel.claim_id(p["kind"], p["n"], p.get("q", 2), p.get("group", "cyclic"),
                            p.get("goal", "zero")) for p in ON_REQUEST}


def rows_proved(status: str) -> list[dict[str, str]]:
    return [row for row in ROWS if row["proved"] == status]


def test_the_page_has_both_tables() -> None:
    assert len(rows_proved("default")) >= 60 and rows_proved("on request")
    assert {"paper", "published", "certified"} <= set(ROWS[0])
    assert len({claim_id(row) for row in ROWS}) == len(ROWS), "a claim is listed twice"


@pytest.mark.parametrize("row", ROWS, ids=claim_id)
def test_every_row_names_a_claim_listed_as_the_row_says(row: dict[str, str]) -> None:
    name = claim_id(row)
    pattern_of(name)  # a pattern of the registry matches it
    assert row["proved"] in ("default", "on request"), row["proved"]
    if row["proved"] == "default":
        assert name in default_ids(), f"{name} is not proved by a bare `coinproofs prove`"
    else:
        assert name in on_request_ids(), f"{name} is not listed on request"


@pytest.mark.parametrize("row", [row for row in ROWS if "published" in row], ids=claim_id)
def test_every_published_value_is_the_certified_one(row: dict[str, str]) -> None:
    certified, published = value_of(row["certified"]), row["published"]
    if published == "wins":  # a strategy exists, of a length the paper does not give
        assert certified is not None
    elif published == "none wins":
        assert certified is None
    else:
        assert published.isdigit() and int(published) == certified, (published, certified)


def proves(row: dict[str, str], folder: Path) -> None:
    """The claim's value is the certified column, and `prove` certifies it: the kernel
    accepts the certificate it writes."""
    spec: ClaimSpec = find(claim_id(row))
    assert spec.value == value_of(row["certified"]), (spec.id, spec.value)
    outcome = prove_one(spec, folder)
    assert outcome.proved, outcome.reason


def test_every_default_row_is_proved_and_accepted(tmp_path: Path) -> None:
    for row in rows_proved("default"):
        proves(row, tmp_path)


@pytest.mark.slow
@pytest.mark.parametrize("row", rows_proved("on request"), ids=claim_id)
def test_every_on_request_row_is_proved_and_accepted(row: dict[str, str],
                                                     tmp_path: Path) -> None:
    proves(row, tmp_path)


def test_a_drifted_table_is_caught() -> None:
    """The parser reads what the tests check: a changed value or a misspelled id fails."""
    row = table_rows("| claim | certified | proved |\n|---|---|---|\n"
                     "| `devil.n3.q3.shortest` | 25 moves | default |\n")[0]
    assert value_of(row["certified"]) == 25 != find(claim_id(row)).value
    with pytest.raises(AssertionError, match="one id in backticks"):
        claim_id({"claim": "devil.n3.q3.shortest"})
    with pytest.raises(AssertionError, match="neither"):
        value_of("26")
