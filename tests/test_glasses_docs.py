"""docs/glasses.md against the claims: every row of its tables is a claim of the registry with
the value the table shows, the tables cover what the issue asks (the hands needed and the
shortest turns for every winning size up to 9 glasses, where the engine stops), and each row's
claim is proved and accepted by the kernel (the default rows here, those proved on request in
the slow run)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from coinproofs.proofs.glasses import hands_needed
from coinproofs.proofs.registry import ClaimSpec, ProofContext, find
from coinproofs.verify.certificate import SCHEMA, check_document
from tests.cli import ROOT

PAGE = (ROOT / "docs" / "glasses.md").read_text()
CLAIM = re.compile(r"`(glasses\.n\d+\.k\d+\.\w+)`")


def table(heading: str) -> list[list[str]]:
    """The rows (cells stripped) of the first table after `heading`, header left out."""
    section = PAGE.split(heading, 1)[1]
    rows = []
    for line in section.splitlines()[1:]:
        if rows and not line.startswith("|"):
            break
        if line.startswith("|") and not set(line) <= set("|-: "):
            rows.append([cell.strip() for cell in line.strip("|").split("|")])
    return rows[1:]


HANDS = table("## How many hands")
BY_THEOREM = table("### 10 to 64 glasses, by theorem")
TURNS = table("## How many turns")
ROW_CLAIMS = sorted({claim for row in HANDS + TURNS for cell in row
                     for claim in CLAIM.findall(cell)})


def test_the_hands_table_is_n_minus_n_over_p_and_its_claims_say_so() -> None:
    assert [int(row[0]) for row in HANDS] == list(range(1, 10))
    for row in HANDS:
        n, formula, needed = map(int, row[:3])
        assert formula == needed == hands_needed(n)
        fewer, enough = CLAIM.findall(row[3]), CLAIM.findall(row[4])
        assert fewer == ([f"glasses.n{n}.k{needed - 1}.impossible"] if needed else [])
        assert len(enough) == 1 and enough[0].startswith(f"glasses.n{n}.k{needed}.")
        assert find(enough[0]).kind in ("shortest", "wins")


def test_the_theorem_table_reaches_64_glasses_with_its_claims() -> None:
    """(N, N - N/p, enough win) five times a row: every N from 10 to 64 once, with its hands
    needed, its impossible claim one hand short, and "theorem", its wins claim built."""
    triples = sorted((row[i:i + 3] for row in BY_THEOREM for i in range(0, len(row), 3)),
                     key=lambda triple: int(triple[0]))
    assert [int(n) for n, _, _ in triples] == list(range(10, 65))
    for n_text, needed_text, enough in triples:
        n, needed = int(n_text), int(needed_text)
        assert needed == hands_needed(n)
        assert find(f"glasses.n{n}.k{needed - 1}.impossible").kind == "impossible"
        assert enough == "theorem"
        assert find(f"glasses.n{n}.k{needed}.wins").value is None


def test_the_turns_table_covers_every_winning_size_up_to_nine_with_its_claims_values() -> None:
    sizes = [(int(row[0]), int(row[1])) for row in TURNS]
    assert sizes == [(n, k) for n in range(1, 10) for k in range(hands_needed(n), n + 1)]
    for row in TURNS:
        n, k = int(row[0]), int(row[1])
        [claim_id] = CLAIM.findall(row[3])
        spec = find(claim_id)
        assert spec.params == {"n": n, "hands": k}
        shown = row[2]
        assert shown == (str(spec.value) if spec.kind == "shortest" else f"at most {spec.value}")
        assert (row[4] == "yes") == spec.default, claim_id


def test_ehrenborg_and_skinner_five_turns_is_a_row() -> None:
    row = next(row for row in TURNS if row[:2] == ["4", "2"])
    assert row[2:4] == ["5", "`glasses.n4.k2.shortest`"]
    assert "Ehrenborg" in PAGE and find("glasses.n4.k2.shortest").value == 5


def test_the_picture_of_four_glasses_and_two_hands_is_there() -> None:
    assert "(glasses-n4-k2.png)" in PAGE
    assert (ROOT / "docs" / "glasses-n4-k2.png").read_bytes().startswith(b"\x89PNG")


def proved_and_accepted(spec: ClaimSpec, folder: Path) -> None:
    evidence = spec.prove(ProofContext(folder, spec.id))
    document = {"schema": SCHEMA, "claim": spec.as_json(), "evidence": evidence,
                "provenance": {"coinproofs": "test", "solver": "none", "seconds": 0}}
    check_document(document, folder)


@pytest.mark.parametrize("claim_id", [c for c in ROW_CLAIMS if find(c).default])
def test_every_default_row_is_proved_and_accepted(claim_id: str, tmp_path: Path) -> None:
    proved_and_accepted(find(claim_id), tmp_path)


@pytest.mark.slow
@pytest.mark.parametrize("claim_id", [c for c in ROW_CLAIMS if not find(c).default])
def test_every_row_on_request_is_proved_and_accepted(claim_id: str, tmp_path: Path) -> None:
    proved_and_accepted(find(claim_id), tmp_path)
