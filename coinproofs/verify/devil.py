"""The devil's claims: their form, and which checker reads each kind of evidence (the rules:
verify/table.py). Prose: docs/design.md, "One kernel for the rotating table"; docs/certificates.md,
"The devil's coin flip"."""


from __future__ import annotations

from collections.abc import Callable

from coinproofs.verify import devil_cnf, devil_invariant, table
from coinproofs.verify.certificate import Artifacts, Claim, Evidence
from coinproofs.verify.schema import count, expect, literal, method_of
from coinproofs.verify.table import Fact, Table

VALUES = {"shortest": count(1), "impossible": literal(None), "lamping": count(1)}
Checker = Callable[[Evidence, Artifacts, Table], Fact]

# The evidence each form of claim may hold (certificate format v1).
COIN_FLIP: dict[str, Checker] = {
    "strategy": lambda item, artifacts, t: table.strategy_evidence(
        item, artifacts, t, table.COIN_FLIP_STRATEGY),
    "reachability": lambda item, artifacts, t: table.reachability_evidence(
        item, artifacts, t, table.COIN_FLIP_REACHABILITY),
    "lrat": lambda item, artifacts, t: devil_cnf.check_lrat_evidence(t.n, item, artifacts),
    "invariant": lambda item, artifacts, t: devil_invariant.check_invariant_evidence(
        t.n, item, artifacts),
    "algebraic": lambda item, artifacts, t: devil_invariant.check_algebraic_evidence(
        t.n, item, artifacts),
}
OTHER_TABLES: dict[str, Checker] = {
    "strategy": table.strategy_evidence,
    "reachability": table.reachability_evidence,
    "invariant": lambda item, artifacts, t: table.invariant_evidence(item, t),
}
# The evidence that reads a table over the states (bounded by devil.states); the rest needs
# only arithmetic on N and q (bounded by devil.theorem-bits) or its own bounds.
TABLED = ("strategy", "reachability", "count")


def is_coin_flip(claim: Claim) -> bool:
    """A claim about the coin flip in its own words: params n alone, and not a count."""
    return set(claim.params) == {"n"} and claim.kind != "count"


def check_form(claim: Claim) -> None:
    """Reject unless the claim has its exact form: params, value, id, statement (no evidence)."""
    n, q, group_name, goal = table.options(claim.params)
    kinds = [*VALUES, "count"] if set(claim.params) == {"n"} else ["shortest", "impossible",
                                                                    "count"]
    expect(claim.kind in kinds, f"a devil claim with these params is {' or '.join(kinds)}, "
                                f"not {claim.kind!r}")
    if claim.kind == "count":
        table.COUNT_VALUE.check(claim.value)
    else:  # strictly typed, as every value of the kernel: never 4.0, never true
        VALUES[claim.kind].check(claim.value, f"a {claim.kind} claim's value")
    expected = table.claim_id(claim.kind, n, q, group_name, goal)
    expect(claim.id == expected, f"claim id {claim.id!r} does not match {expected}")
    expect(claim.statement == table.statement(claim.kind, n, q, group_name, goal, claim.value),
           f"the statement does not say what {expected} says")


def check_claim(claim: Claim, evidence: list[Evidence], artifacts: Artifacts) -> list[str]:
    """Accept `claim` only if its evidence proves it exactly as stated."""
    check_form(claim)
    n, q, group_name, goal = table.options(claim.params)
    tabled = claim.kind == "count" or any(
        isinstance(item, dict) and (item.get("method") in TABLED or "orbits" in item)
        for item in evidence)
    t = table.table_of(n, q, group_name, goal, tables=tabled)
    if tabled:
        table.check_table_work(t)
    if claim.kind == "count":
        expect(len(evidence) > 0,
               f"no evidence counts the shortest strategies for {table.describe(t)}")
        for item in evidence:
            method_of(item, ("count",), "a count claim")
            table.count_evidence(item, artifacts, claim.value, t)
        table.agrees_with_theorems(claim, t)
        return ["count"] * len(evidence)
    checkers = COIN_FLIP if is_coin_flip(claim) else OTHER_TABLES
    cited = table.COIN_FLIP_THEOREMS if is_coin_flip(claim) else table.TABLE_THEOREMS
    facts: list[Fact] = []
    methods = []
    for item in evidence:
        method = method_of(item, [*checkers, "theorem"], "a devil claim")
        if method == "theorem":
            facts += table.theorem_evidence(item, t, cited)
            method = f"theorem {item['name']}"
        else:
            facts.append(checkers[method](item, artifacts, t))
        methods.append(method)
    if claim.kind == "lamping":
        _is_lampings(claim, n, facts)
    else:
        table.adds_up(claim, facts, table.describe(t))
    table.agrees_with_theorems(claim, t)
    return methods


def _is_lampings(claim: Claim, n: int, facts: list[Fact]) -> None:
    """A lamping claim: a checked strategy of the claim's length that wins is Lamping's."""
    expect(claim.value == 2**n - 1,
           f"Lamping's strategy for {n} coins has {2**n - 1:,} moves, not {claim.value:,}")
    # Built only when a strategy as long was read (within the kernel's bounds) and won.
    strategies = {fact.moves for fact in facts if len(fact.moves) == claim.value}
    expect(bool(strategies), f"no checked strategy of {claim.value:,} moves wins")
    expect(tuple(table.lamping(n)) in strategies, "the strategy given is not Lamping's "
                                                  "construction")
