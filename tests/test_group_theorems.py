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

from coinproofs.coq import MATHCOMP_IMPORT
from coinproofs.games import devil as engine
from coinproofs.games.family import refuting_primes, shortest_length, table_chain, table_strategy
from coinproofs.proofs.devil import engine_group
from coinproofs.proofs.devil_evidence import theorem_evidence
from coinproofs.verify import table as kernel
from coinproofs.verify import theorems
from coinproofs.verify.certificate import Claim, Rejected, check_document
from coinproofs.verify.table import Fact
from tests.certificates import devil_certificate
from tests.test_formal import built, compile_coq, needs_coq

__all__ = ["built"]  # the fixture `make formal`, shared with tests/test_formal.py

KLEIN = "g0-1c2-3.g0-2c1-3"  # the Klein four-group, written by its generators


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
    document = devil_certificate("impossible", n, None, [theorem_evidence("table_not_wins")], q=q,
                              group=group, goal=goal)
    assert check_document(document, tmp_path).methods == ["theorem table_not_wins"]


@pytest.mark.parametrize("n, q, group, goal", WINNABLE)
def test_shortest_by_table_shortest_alone(n: int, q: int, group: str, goal: str,
                                          tmp_path: Path) -> None:
    length = q ** (n - (goal == "equal")) - 1
    document = devil_certificate("shortest", n, length, [theorem_evidence("table_shortest")], q=q,
                              group=group, goal=goal)
    assert check_document(document, tmp_path).methods == ["theorem table_shortest"]


@pytest.mark.parametrize("n, q, group, goal", WINNABLE)
def test_table_not_wins_needs_its_primes(n: int, q: int, group: str, goal: str,
                                         tmp_path: Path) -> None:
    document = devil_certificate("impossible", n, None, [theorem_evidence("table_not_wins")], q=q,
                              group=group, goal=goal)
    rejects(document, tmp_path, "table_not_wins needs primes p != r.*group of order")


@pytest.mark.parametrize("n, q, group, goal", IMPOSSIBLE)
def test_table_shortest_needs_its_criterion(n: int, q: int, group: str, goal: str,
                                            tmp_path: Path) -> None:
    length = q ** (n - (goal == "equal")) - 1
    document = devil_certificate("shortest", n, length, [theorem_evidence("table_shortest")], q=q,
                              group=group, goal=goal)
    rejects(document, tmp_path, "table_shortest needs N >= 1, q >= 1, and no primes")


@pytest.mark.parametrize("shift", [-1, 1])
def test_table_shortest_proves_its_length_only(shift: int, tmp_path: Path) -> None:
    document = devil_certificate("shortest", 4, 15 + shift, [theorem_evidence("table_shortest")],
                              group="dihedral")
    rejects(document, tmp_path, f"no checked strategy of {15 + shift} moves wins")


@pytest.mark.parametrize("field, value, reason", [
    ("name", "table_wins_exists_iff", "'name'"), ("name", "table_not_wins ", "'name'"),
    ("formal_sha256", "0" * 64, "cites the Coq sources"), ("order", 6, "'order'"),
])
def test_tampered_group_theorem_evidence_is_rejected(field: str, value: Any, reason: str,
                                                     tmp_path: Path) -> None:
    document = devil_certificate("impossible", 3, None, [theorem_evidence("table_not_wins")],
                              group="dihedral")
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
        kernel.agrees_with_theorems(
            claim("impossible", n, q, group, goal, None), kernel.table_of(n, q, group, goal))


@pytest.mark.parametrize("n, q, group, goal", IMPOSSIBLE)
def test_a_winning_claim_on_an_impossible_table_is_refused(n: int, q: int, group: str,
                                                           goal: str) -> None:
    value = {"length": 5, "sequences": 1, "up_to_group": 1}
    for kind, claimed in (("shortest", 5), ("count", value)):
        # (g0-1-2 generates the rotations: the dial theorems speak first)
        with pytest.raises(Rejected, match=r"(table|dial)_not_wins proves that none wins"):
            kernel.agrees_with_theorems(
            claim(kind, n, q, group, goal, claimed), kernel.table_of(n, q, group, goal))


@pytest.mark.parametrize("n, q, group, goal", WINNABLE)
def test_a_shortest_claim_of_another_length_is_refused(n: int, q: int, group: str,
                                                       goal: str) -> None:
    length = q ** (n - (goal == "equal")) - 1
    kernel.agrees_with_theorems(
            claim("shortest", n, q, group, goal, length), kernel.table_of(n, q, group, goal))
    for wrong in (length - 1, length + 1):
        with pytest.raises(Rejected, match="table_shortest prove"):
            kernel.agrees_with_theorems(
            claim("shortest", n, q, group, goal, wrong), kernel.table_of(n, q, group, goal))


def test_the_facts_follow_the_order_and_q() -> None:
    group_theorems = theorems.THEOREMS
    dihedral8 = theorems.Sizes(8, 2, "equal", False, 16)
    assert group_theorems["table_shortest"].facts(dihedral8) == [("wins", 127),
                                                                 ("none-up-to", 126)]
    assert group_theorems["table_wins_size_lb"].facts(theorems.Sizes(3, 3, "zero", False, 6)) == [
        ("none-up-to", 25)]
    assert group_theorems["table_not_wins"].holds(theorems.Sizes(3, 3, "zero", False, 6))
    assert not group_theorems["table_not_wins"].holds(theorems.Sizes(2, 6, "zero", False, 1))
    assert group_theorems["table_shortest"].holds(theorems.Sizes(2, 6, "zero", False, 1))
    facts = kernel.theorem_evidence(theorem_evidence("table_not_wins"),
                                    kernel.table_of(4, 2, "symmetric"))
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
    devil = kernel.sizes(kernel.table_of(n, q, group))
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
    r = kernel.table_of(n, q, group, goal)
    strategy = table_strategy(t)
    if refuting_primes(t) is None:
        assert len(strategy) == shortest_length(t) == kernel.sizes(r).length
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
    """games/family.py builds Coq's `table_strategy` (formal/table/GroupShortest.v) move for
    move."""
    lines = [MATHCOMP_IMPORT,
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


# --- Claims proved in Coq by computation (formal/table/GroupClaims.v) ---------------------------

def coq_table(n: int, q: int, group: str, goal: str) -> str:
    """The table of RulesTable.v: a named group by its name, another by its generators."""
    if group in COQ_GROUPS or group == "alternating":
        named = COQ_GROUPS.get(group, "(alternating {n})")
        return f"(Table {n} {q} {named.format(n=n)} {goal})"
    gens = "; ".join("[:: " + "; ".join(map(str, g)) + "]"
                     for g in kernel.generated(group, n))
    return f"(Table {n} {q} [:: {gens}] {goal})"


def coq_chain(n: int, q: int, group: str, goal: str) -> str:
    """The greedy chain (games/family.py table_chain) as Coq's list of links (v, c)."""
    t = engine.table(n, q, engine_group(group, n), goal)
    links = [f"([:: {'; '.join(map(str, engine.dials(v, t)))}], {c})"
             for v, c in table_chain(t)]
    return f"[:: {'; '.join(links)}]"


def prime_order_word(n: int, q: int, group: str) -> tuple[list[list[int]], int, int]:
    """A word of the generators whose permutation has a prime order p, and a prime r != p
    dividing q (the table can then not be won): breadth-first through the group."""
    from sympy import primefactors

    r = kernel.table_of(n, q, group, tables=False)
    words: dict[tuple[int, ...], list[int]] = {tuple(range(n)): []}
    frontier = list(words)
    while frontier:
        fresh = []
        for g in frontier:
            for index, h in enumerate(r.generators):
                product = tuple(h[g[i]] for i in range(n))
                if product not in words:
                    words[product] = words[g] + [index]
                    fresh.append(product)
        frontier = fresh
    for g, word in words.items():
        power, order = g, 1
        while list(power) != sorted(power):
            power, order = tuple(g[power[i]] for i in range(n)), order + 1
        for p in primefactors(order):
            others = [prime for prime in primefactors(q) if prime != p]
            if others:
                return [list(r.generators[i]) for i in word] * (order // p), p, others[0]
    raise AssertionError("no prime order refutes the table")


def coq_list(items: list[list[int]]) -> str:
    return "[:: " + "; ".join("[:: " + "; ".join(map(str, item)) + "]" for item in items) + "]"


REQUIRES = (f"{MATHCOMP_IMPORT}\n"
            "From CoinProofs Require Import RulesTable Claims GroupClaims.\n")


def group_claim(n: int, q: int, group: str, goal: str, tamper: str = "") -> str:
    """A claim in the Coq road's terms (the evidence, then the theorem), proved by computation
    with GroupClaims.v's lemmas; `tamper` changes the evidence ("link" or "word")."""
    table = coq_table(n, q, group, goal)
    devil = kernel.sizes(kernel.table_of(n, q, group, goal, tables=False))
    lines = []
    if devil.refuting_primes is None:
        chain = coq_chain(n, q, group, goal)
        if tamper == "link":  # the first link's c one more
            chain = re.sub(r", (\d+)\)", lambda c: f", {int(c[1]) + 1})", chain, count=1)
        lines += [f"Definition chain := {chain}.",
                  f"Theorem claim : shortest (table_wins {table}) {devil.length}.",
                  "Proof. apply: (chain_shortest (vs := chain)); by vm_compute. Qed."]
    else:
        word, p, r = prime_order_word(n, q, group)
        if tamper == "word":
            word = word[:-1] if len(word) > 1 else word * p
        lines += [f"Definition word := {coq_list(word)}.",
                  f"Theorem claim : impossible (table_wins {table}).",
                  f"Proof. apply: (word_impossible (w := word) (p := {p}) (r := {r})); "
                  "by vm_compute. Qed."]
    return "\n".join(lines) + "\n"


GROUP_CLAIMS = [(4, 2, "klein", "zero"), (4, 2, "g0-1.g2-3", "equal"), (3, 3, "cyclic", "equal"),
                (2, 4, "dihedral", "zero"), (3, 2, "dihedral", "zero"), (4, 3, "klein", "equal"),
                (6, 2, "g0-1-2c3-4-5", "equal"), (4, 2, "symmetric", "zero"),
                (5, 3, "alternating", "zero")]


@needs_coq
def test_claims_are_proved_in_coq_by_computation(built: str, tmp_path: Path) -> None:
    """Each claim's statement, in RulesTable.v's terms as the Coq road writes them, is proved
    by GroupClaims.v's lemmas from computed evidence: the greedy chain, or a word of prime
    order."""
    text = REQUIRES + "".join(f"Module Claim{number}.\n{group_claim(*case)}End Claim{number}.\n"
                              for number, case in enumerate(GROUP_CLAIMS))
    result = compile_coq(tmp_path, text)
    assert result.returncode == 0, result.stdout + result.stderr


@needs_coq
@pytest.mark.parametrize("case, tamper", [((4, 2, "klein", "zero"), "link"),
                                          ((3, 3, "cyclic", "equal"), "link"),
                                          ((3, 2, "dihedral", "zero"), "word"),
                                          ((6, 2, "g0-1-2c3-4-5", "equal"), "word")])
def test_tampered_coq_evidence_fails(built: str, tmp_path: Path,
                                     case: tuple[int, int, str, str], tamper: str) -> None:
    result = compile_coq(tmp_path, REQUIRES + group_claim(*case, tamper=tamper))
    assert result.returncode != 0
