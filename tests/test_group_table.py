"""docs/family.md's grids, "The criterion against every named group": every cell is two claims
(goal zero, goal equal) whose values the grid shows; each is certified by the Coq theorems
alone, and, where Q^N is small (all within the kernel's bounds in the slow run), also by
computation: the prover's certificate carries a strategy the kernel simulates or a devil
invariant it checks, that evidence alone agrees with the theorems' verdict, and so does the
engine's breadth-first search where it is cheap (at most 12 orbits of states)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from coinproofs.games import devil as engine
from coinproofs.proofs.devil_evidence import theorem_evidence
from coinproofs.proofs.registry import ClaimSpec, ProofContext, pattern_of
from coinproofs.verify import table as kernel
from coinproofs.verify.certificate import Artifacts, check_document
from coinproofs.verify.table import Fact
from tests.certificates import certificate
from tests.cli import ROOT

PAGE = (ROOT / "docs" / "family.md").read_text()
SMALL = 16  # Q^N up to which the default run also certifies by computation
SEARCHED = 12  # orbits of states up to which breadth-first search agrees (2^12 beliefs)


def grids(text: str) -> dict[str, dict[tuple[int, int], str]]:
    """Each grid of the page: its group, and the cell of every (N, Q)."""
    found: dict[str, dict[tuple[int, int], str]] = {}
    for group, body in re.findall(r"^\*\*(\w+)\*\*\n\n((?:\|.*\n)+)", text, re.MULTILINE):
        rows = [[cell.strip() for cell in line.strip("|\n").split("|")] for line in
                body.splitlines()]
        columns = [int(q) for q in rows[0][1:]]
        found[group] = {(int(row[0]), q): cell for row in rows[2:]
                        for q, cell in zip(columns, row[1:], strict=True)}
    return found


GRIDS = grids(PAGE)


def claims_of(group: str, n: int, q: int, cell: str) -> list[tuple[str, int | None]]:
    """The claims a cell stands for: (id, value), value None for 'none wins'."""
    goals = ["zero"] if n == 1 else ["zero", "equal"]
    values: list[int | None] = ([None] * len(goals) if cell == "none" else
                                [int(value.replace(",", "")) for value in cell.split(" / ")])
    assert len(values) == len(goals), (group, n, q, cell)
    return [(claim_id(group, n, q, goal, value), value)
            for goal, value in zip(goals, values, strict=True)]


def claim_id(group: str, n: int, q: int, goal: str, value: int | None) -> str:
    kind = "impossible" if value is None else "shortest"
    if (q, group, goal) == (2, "cyclic", "zero"):
        return f"devil.n{n}.{kind}"  # the coin flip's own claims (proofs/devil.py)
    return kernel.claim_id(kind, n, q, group, goal)


def build(name: str) -> ClaimSpec:
    """The registry's claim with this id (any within its limits, listed or not)."""
    pattern = pattern_of(name)
    parameters = pattern.parameters(name)
    assert parameters is not None
    return pattern.claim(parameters)


CELLS = [(group, n, q, cell) for group, cells in GRIDS.items()
         for (n, q), cell in sorted(cells.items())]
CLAIMS = [(group, n, q, name, value) for group, n, q, cell in CELLS
          for name, value in claims_of(group, n, q, cell)]


def test_the_page_has_a_grid_for_every_named_group() -> None:
    assert sorted(GRIDS) == sorted(kernel.GROUPS)
    for group, cells in GRIDS.items():
        ns = [4] if group == "klein" else list(range(1, 9))
        assert sorted(cells) == [(n, q) for n in ns for q in range(2, 9)], group


@pytest.mark.parametrize("group, n, q, name, value", CLAIMS,
                         ids=[claim[3] for claim in CLAIMS])
def test_every_cell_is_a_claim_the_theorems_alone_certify(group: str, n: int, q: int,
                                                         name: str, value: int | None,
                                                         tmp_path: Path) -> None:
    spec = build(name)
    assert spec.value == value
    if spec.params.keys() == {"n"}:
        return  # the coin flip's claims: tests/test_devil_certificates.py
    goal = spec.params.get("goal", "zero")
    cited = ("table_shortest" if value is not None else
             "dial_not_wins" if (group, goal) == ("cyclic", "zero") else "table_not_wins")
    document = certificate(spec, [theorem_evidence(cited)])
    assert check_document(document, tmp_path).methods == [f"theorem {cited}"]


def computable(q: int, n: int) -> bool:
    return q**n <= 1 << 15


@pytest.mark.parametrize("group, n, q, name, value", [
    pytest.param(*claim, id=claim[3],
                 marks=[] if claim[2] ** claim[1] <= SMALL else [pytest.mark.slow])
    for claim in CLAIMS if computable(claim[2], claim[1])])
def test_computation_agrees_with_the_theorems(group: str, n: int, q: int, name: str,
                                              value: int | None, tmp_path: Path) -> None:
    """The prover's certificate is accepted; its computed evidence (a strategy, a devil
    invariant) proves on its own what the theorems say; breadth-first search agrees where
    the table is small."""
    spec = build(name)
    evidence = spec.prove(ProofContext(tmp_path, spec.id))
    check_document(certificate(spec, evidence), tmp_path)
    if spec.params.keys() == {"n"}:
        return
    n, q, group, goal = kernel.options(spec.params)
    r = kernel.table_of(n, q, group, goal)
    computed = [item for item in evidence if item["method"] != "theorem"]
    if value is not None:
        (strategy,) = computed
        fact = kernel.strategy_evidence(strategy, Artifacts(tmp_path), r)
        assert fact == Fact("wins", value)
    for item in computed:
        if item["method"] == "invariant":
            assert kernel.invariant_evidence(item, r) == Fact("impossible")
    t = engine.table(n, q, group, goal)
    if len(engine.orbits(t)) <= SEARCHED:
        found = engine.search(t)
        assert (None if found.strategy is None else len(found.strategy)) == value
