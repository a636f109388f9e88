"""The Coq theorems about every group of the devil (formal/Group*.v) in the kernel and the
engine: theorem evidence is accepted exactly when its side condition holds (the kernel lists the
group, counts it and factors its order and q), refused when tampered, and every claim the
theorems refute is refused whatever its evidence; the engine's greedy chain is Coq's
table_strategy move for move, and the kernel's simulation accepts it."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from coinproofs.games import devil as engine
from coinproofs.games.family import refuting_primes, shortest_length, table_strategy
from coinproofs.proofs.devil import theorem_evidence
from coinproofs.proofs.family import engine_group
from coinproofs.verify import family as kernel
from coinproofs.verify import theorems
from coinproofs.verify.certificate import SCHEMA, Claim, Rejected, check_document
from coinproofs.verify.devil import Fact
from tests.test_formal import built, compile_coq, needs_coq

__all__ = ["built"]  # the fixture `make formal`, shared with tests/test_formal.py

KLEIN = "g0-1c2-3.g0-2c1-3"  # the Klein four-group, written by its generators


def certificate(kind: str, n: int, q: int, group: str, goal: str, value: Any,
                evidence: list[dict[str, Any]]) -> dict[str, Any]:
    return {"schema": SCHEMA,
            "claim": {"id": kernel.claim_id(kind, n, q, group, goal), "game": "devil",
                      "params": kernel.params_of(n, q, group, goal), "kind": kind,
                      "value": value,
                      "statement": kernel.statement(kind, n, q, group, goal, value)},
            "evidence": evidence,
            "provenance": {"coinproofs": "test", "solver": "none", "seconds": 0}}


def rejects(document: dict[str, Any], folder: Path, reason: str) -> None:
    with pytest.raises(Rejected, match=reason):
        check_document(document, folder)


# (n, q, group, goal): tables no strategy wins, and tables some strategy wins.
IMPOSSIBLE = [(3, 2, "dihedral", "zero"), (4, 2, "symmetric", "equal"), (4, 3, "klein", "zero"),
              (5, 2, "alternating", "zero"), (2, 3, "cyclic", "equal"), (4, 3, KLEIN, "equal"),
              (3, 2, "g0-1-2", "zero"), (4, 5, "g0-1", "zero"), (6, 2, "g0-1-2c3-4-5", "equal")]
WINNABLE = [(4, 2, "dihedral", "zero"), (2, 4, "symmetric", "zero"), (4, 2, "klein", "equal"),
            (3, 6, "trivial", "equal"), (3, 3, "cyclic", "equal"), (4, 2, KLEIN, "zero"),
            (6, 3, "g0-1-2c3-4-5", "zero"), (4, 4, "g0-1.g2-3", "equal"), (2, 6, "trivial", "zero")]


@pytest.mark.parametrize("n, q, group, goal", IMPOSSIBLE)
def test_impossible_by_table_not_wins_alone(n: int, q: int, group: str, goal: str,
                                            tmp_path: Path) -> None:
    document = certificate("impossible", n, q, group, goal, None,
                           [theorem_evidence("table_not_wins")])
    assert check_document(document, tmp_path).methods == ["theorem table_not_wins"]


@pytest.mark.parametrize("n, q, group, goal", WINNABLE)
def test_shortest_by_table_shortest_alone(n: int, q: int, group: str, goal: str,
                                          tmp_path: Path) -> None:
    length = q ** (n - (goal == "equal")) - 1
    document = certificate("shortest", n, q, group, goal, length,
                           [theorem_evidence("table_shortest")])
    assert check_document(document, tmp_path).methods == ["theorem table_shortest"]


@pytest.mark.parametrize("n, q, group, goal", WINNABLE)
def test_table_not_wins_needs_its_primes(n: int, q: int, group: str, goal: str,
                                         tmp_path: Path) -> None:
    document = certificate("impossible", n, q, group, goal, None,
                           [theorem_evidence("table_not_wins")])
    rejects(document, tmp_path, "table_not_wins needs primes p != r.*group of order")


@pytest.mark.parametrize("n, q, group, goal", IMPOSSIBLE)
def test_table_shortest_needs_its_criterion(n: int, q: int, group: str, goal: str,
                                            tmp_path: Path) -> None:
    length = q ** (n - (goal == "equal")) - 1
    document = certificate("shortest", n, q, group, goal, length,
                           [theorem_evidence("table_shortest")])
    rejects(document, tmp_path, "table_shortest needs N >= 1, q >= 1, and no primes")


@pytest.mark.parametrize("shift", [-1, 1])
def test_table_shortest_proves_its_length_only(shift: int, tmp_path: Path) -> None:
    document = certificate("shortest", 4, 2, "dihedral", "zero", 15 + shift,
                           [theorem_evidence("table_shortest")])
    rejects(document, tmp_path, f"no checked strategy of {15 + shift} moves wins")


@pytest.mark.parametrize("field, value, reason", [
    ("name", "table_wins_exists_iff", "'name'"), ("name", "table_not_wins ", "'name'"),
    ("formal_sha256", "0" * 64, "cites the Coq sources"), ("order", 6, "'order'"),
])
def test_tampered_group_theorem_evidence_is_rejected(field: str, value: Any, reason: str,
                                                     tmp_path: Path) -> None:
    document = certificate("impossible", 3, 2, "dihedral", "zero", None,
                           [theorem_evidence("table_not_wins")])
    document["evidence"][0][field] = value
    rejects(document, tmp_path, reason)


def claim(kind: str, n: int, q: int, group: str, goal: str, value: Any) -> Claim:
    return Claim(kernel.claim_id(kind, n, q, group, goal), "devil", kind,
                 kernel.params_of(n, q, group, goal), value,
                 kernel.statement(kind, n, q, group, goal, value))


@pytest.mark.parametrize("n, q, group, goal", WINNABLE)
def test_an_impossible_claim_on_a_winnable_table_is_refused(n: int, q: int, group: str,
                                                            goal: str) -> None:
    with pytest.raises(Rejected, match="table_shortest proves that a strategy of"):
        kernel._agrees_with_theorems(claim("impossible", n, q, group, goal, None), group,
                                     kernel.rules(n, q, group, goal))


@pytest.mark.parametrize("n, q, group, goal", IMPOSSIBLE)
def test_a_winning_claim_on_an_impossible_table_is_refused(n: int, q: int, group: str,
                                                           goal: str) -> None:
    value = {"length": 5, "sequences": 1, "up_to_group": 1}
    for kind, claimed in (("shortest", 5), ("count", value)):
        with pytest.raises(Rejected, match="table_not_wins proves that none wins"):
            kernel._agrees_with_theorems(claim(kind, n, q, group, goal, claimed), group,
                                         kernel.rules(n, q, group, goal))


@pytest.mark.parametrize("n, q, group, goal", WINNABLE)
def test_a_shortest_claim_of_another_length_is_refused(n: int, q: int, group: str,
                                                       goal: str) -> None:
    length = q ** (n - (goal == "equal")) - 1
    kernel._agrees_with_theorems(claim("shortest", n, q, group, goal, length), group,
                                 kernel.rules(n, q, group, goal))
    for wrong in (length - 1, length + 1):
        with pytest.raises(Rejected, match="table_shortest prove"):
            kernel._agrees_with_theorems(claim("shortest", n, q, group, goal, wrong), group,
                                         kernel.rules(n, q, group, goal))


def test_the_facts_follow_the_order_and_q() -> None:
    group_theorems = theorems.GROUP_THEOREMS
    dihedral8 = theorems.Devil(8, 2, "equal", 16)
    assert group_theorems["table_shortest"].facts(dihedral8) == [("wins", 127),
                                                                 ("none-up-to", 126)]
    assert group_theorems["table_wins_size_lb"].facts(theorems.Devil(3, 3, "zero", 6)) == [
        ("none-up-to", 25)]
    assert group_theorems["table_not_wins"].holds(theorems.Devil(3, 3, "zero", 6))
    assert not group_theorems["table_not_wins"].holds(theorems.Devil(2, 6, "zero", 1))
    assert group_theorems["table_shortest"].holds(theorems.Devil(2, 6, "zero", 1))
    facts = kernel.theorem_evidence(theorem_evidence("table_not_wins"), "symmetric",
                                    kernel.rules(4, 2, "symmetric"))
    assert facts == [Fact("impossible")]


def named_tables() -> list[tuple[int, int, str]]:
    """Every named group on N <= 8 positions with q <= 8 states (Klein: N = 4) within the
    kernel's bound on tables (q^N <= 65,536)."""
    return [(n, q, group) for group in kernel.GROUPS for n in range(1, 9) for q in range(2, 9)
            if (group != "klein" or n == 4) and q**n <= 1 << 16]


@pytest.mark.parametrize("n, q, group", named_tables())
def test_engine_and_kernel_agree_on_the_verdict(n: int, q: int, group: str) -> None:
    """The engine (sympy's group order) and the kernel (its own listing of the group) decide
    every named table alike."""
    devil = kernel.devil_of(kernel.rules(n, q, group))
    assert refuting_primes(engine.table(n, q, group)) == devil.refuting_primes
    assert devil.order == len(engine.elements(engine.table(n, q, group)))


# (n, q, group, goal) whose greedy strategies the kernel simulates.
SIMULATED = [*WINNABLE, (8, 2, "dihedral", "equal"), (3, 9, "trivial", "zero"),
             (8, 2, "g0-1.g0-2c1-3.g0-4c1-5c2-6c3-7", "zero"), (4, 3, "cyclic", "zero")]


@pytest.mark.parametrize("n, q, group, goal", SIMULATED)
def test_the_greedy_strategy_wins_by_the_kernel(n: int, q: int, group: str, goal: str) -> None:
    """Where the criterion holds the strategy has the theorem's length, the kernel's exact
    simulation accepts it, and without its last move it loses; where it fails the greedy
    chain stops short of every state and its strategy loses."""
    t = engine.table(n, q, engine_group(group, n), goal)
    r = kernel.rules(n, q, group, goal)
    strategy = table_strategy(t)
    if refuting_primes(t) is None:
        assert len(strategy) == shortest_length(t) == kernel.devil_of(r).length
        assert kernel.simulate(strategy, r) is None
        assert kernel.simulate(strategy[:-1], r) is not None
    else:
        assert kernel.simulate(strategy, r) is not None


# --- Coq computes the same strategies -----------------------------------------------------

COQ_GROUPS = {"cyclic": "(cyclic {n})", "dihedral": "(dihedral {n})", "klein": "klein",
              "trivial": "trivial", "symmetric": "(symmetric {n})"}
COQ_CASES = [(2, 2, "cyclic", "zero"), (4, 2, "klein", "zero"), (3, 2, "trivial", "equal"),
             (2, 4, "dihedral", "zero"), (3, 3, "cyclic", "equal"), (4, 2, "dihedral", "equal"),
             (2, 3, "symmetric", "zero"), (2, 6, "trivial", "equal")]


@needs_coq
def test_engine_table_strategy_is_coqs(built: str, tmp_path: Path) -> None:
    """games/family.py builds Coq's `table_strategy` (formal/GroupShortest.v) move for move."""
    lines = ["From mathcomp Require Import all_ssreflect.",
             "From CoinProofs Require Import RulesTable GroupShortest."]
    lines += [f"Eval vm_compute in table_strategy (Table {n} {q} "
              f"{COQ_GROUPS[group].format(n=n)} {goal})." for n, q, group, goal in COQ_CASES]
    result = compile_coq(tmp_path, "\n".join(lines))
    assert result.returncode == 0, result.stdout + result.stderr
    printed = re.findall(r"= (\[::.*?\])\s*: seq dials", result.stdout, flags=re.DOTALL)
    assert len(printed) == len(COQ_CASES)
    for (n, q, group, goal), strategy in zip(COQ_CASES, printed, strict=True):
        moves = [[int(d) for d in move.split(";")]
                 for move in re.findall(r"\[::\s*([\d;\s]+?)\]", strategy)]
        t = engine.table(n, q, group, goal)
        assert table_strategy(t) == [engine.from_dials(move, t) for move in moves], (n, q, group)
