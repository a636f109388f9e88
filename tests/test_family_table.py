"""docs/family.md's tables cannot drift from what is certified: every row names a registry
claim whose value is the certified column (in the counts table: the length and both counts),
every published number equals it, and the default rows are proved and accepted by the kernel
here (the on-request rows in the slow run)."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest

from coinproofs.proofs.devil import GENERATED_ON_REQUEST, ON_REQUEST
from coinproofs.proofs.registry import ClaimSpec, find, pattern_of, select
from coinproofs.proofs.runner import prove_one
from coinproofs.verify import table as kernel
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
    found = re.fullmatch(r"`([\w.-]+)`", row["claim"])
    assert found, f"the claim cell {row['claim']!r} is not one id in backticks"
    return found.group(1)


def value_of(cell: str) -> int | None:
    """'26 moves' or '1 move' -> 26 or 1; 'none wins' -> None."""
    if cell == "none wins":
        return None
    found = re.fullmatch(r"(\d+) moves?", cell)
    assert found, f"the certified cell {cell!r} is neither 'N moves' nor 'none wins'"
    return int(found.group(1))


def number(cell: str) -> int:
    """'2,048' -> 2048; '2^247' -> 2**247."""
    found = re.fullmatch(r"(\d{1,3}(?:,\d{3})*)|2\^(\d+)", cell)
    assert found, f"the cell {cell!r} is neither a number such as 2,048 nor a power 2^k"
    return int(found.group(1).replace(",", "")) if found.group(1) else 2 ** int(found.group(2))


def counts_of(row: dict[str, str]) -> dict[str, int] | None:
    """A row of the counts table as a count claim's value; None (an impossible claim) when
    no strategy wins, whose counts must then be 0."""
    if row["shortest L"] == "none wins":
        assert row["sequences of moves"] == row["up to the group"] == "0", row
        return None
    return {"length": int(row["shortest L"]), "sequences": number(row["sequences of moves"]),
            "up_to_group": number(row["up to the group"])}


def certified(row: dict[str, str]) -> int | dict[str, int] | None:
    """The value the row says its claim has."""
    return value_of(row["certified"]) if "certified" in row else counts_of(row)


@cache
def default_ids() -> frozenset[str]:
    return frozenset(spec.id for spec in select([]))


def on_request_ids() -> set[str]:
    """The family's on-request ids, named without searching (building them searches)."""
    return {kernel.claim_id(p["kind"], p["n"], p.get("q", 2),
                            p.get("group", p.get("gens", "cyclic")), p.get("goal", "zero"))
            for p in [*ON_REQUEST, *GENERATED_ON_REQUEST]}


def rows_proved(status: str) -> list[dict[str, str]]:
    return [row for row in ROWS if row["proved"] == status]


def test_the_page_has_both_tables() -> None:
    assert len(rows_proved("default")) >= 60 and rows_proved("on request")
    assert {"paper", "published", "certified"} <= set(ROWS[0])
    counts = [row for row in ROWS if "sequences of moves" in row]
    assert len(counts) >= 15 and any(claim_id(row).endswith(".count") for row in counts)
    # Once per table (the counts table names the impossible claims of the tables above too).
    assert len({(tuple(row), claim_id(row)) for row in ROWS}) == len(ROWS), \
        "a claim is listed twice in one table"


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
    assert spec.value == certified(row), (spec.id, spec.value)
    outcome = prove_one(spec, folder)
    assert outcome.proved, outcome.reason


def test_every_default_row_is_its_claims_value() -> None:
    for row in rows_proved("default"):
        spec = find(claim_id(row))
        assert spec.value == certified(row), (spec.id, spec.value)


# Every default row is proved by `make prove` (and `make test-all` below); the quick run proves
# every SAMPLE-th row, rows of every kind among them, but a strategy of LONG moves or more
# (devil.n16.lamping's 65,535: the kernel checks Lamping's for 16 coins in test_devil_kernel.py).
SAMPLE = 8
LONG = 1 << 12


def test_a_sample_of_the_default_rows_is_proved_and_accepted(tmp_path: Path) -> None:
    every = rows_proved("default")[::SAMPLE]
    sample = [row for row in every if not isinstance(value := certified(row), int)
              or value < LONG]
    assert len(sample) == len(every) - 1  # devil.n16.lamping's row only
    for row in sample:
        proves(row, tmp_path)


@pytest.mark.slow
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
    counted = table_rows("| shortest L | sequences of moves | up to the group | claim |\n"
                         "|---|---|---|---|\n"
                         "| 15 | 2,048 | 3 | `devil.n4.count` |\n")[0]
    assert certified(counted) == {"length": 15, "sequences": 2048, "up_to_group": 3}
    assert certified(counted) != find(claim_id(counted)).value
    assert number("2^247") == 2**247
    with pytest.raises(AssertionError, match="neither"):
        number("2048.0")
    with pytest.raises(AssertionError, match="0"):
        counts_of({"shortest L": "none wins", "sequences of moves": "1", "up to the group": "0"})
