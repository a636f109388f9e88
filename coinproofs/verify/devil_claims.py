"""The devil's claims in the kernel: which rules check a claim (the coin flip's, verify/devil.py,
or the rest of the family's, verify/family.py), and the checker of every kind of evidence of
the coin flip (strategy and reachability in verify/devil.py, LRAT in verify/devil_cnf.py, the
devil's invariant and the algebraic one in verify/devil_invariant.py). The game module of
certificates whose game is `devil` (verify/certificate.py's `check_document`)."""

from __future__ import annotations

from collections.abc import Callable

from coinproofs.verify import devil_cnf, devil_invariant, family, theorems
from coinproofs.verify.certificate import Artifacts, Claim, Evidence
from coinproofs.verify.devil import (
    PARAMS,
    VALUES,
    Fact,
    adds_up,
    lamping,
    reachability_evidence,
    statement,
    strategy_evidence,
    theorem_evidence,
)
from coinproofs.verify.schema import expect, method_of


def is_family_claim(claim: Claim) -> bool:
    """A claim about another member of the family, or a count: the family's rules check it."""
    return set(claim.params) != {"n"} or claim.kind == "count"


def check_form(claim: Claim) -> None:
    """Reject unless the claim has its exact form: params and value of the right types, the id
    its params and kind give, the statement its params and value give (no evidence read)."""
    if is_family_claim(claim):
        family.check_form(claim)
        return
    expect(claim.kind in VALUES, f"unknown kind of devil claim {claim.kind!r} (the kernel "
                                 f"knows {', '.join(VALUES)})")
    PARAMS.check(claim.params)
    VALUES[claim.kind].check(claim.value, f"a {claim.kind} claim's value")
    n = claim.params["n"]
    expect(claim.id == f"devil.n{n}.{claim.kind}",
           f"claim id {claim.id!r} does not match devil.n{n}.{claim.kind}")
    expect(claim.statement == statement(claim.kind, n, claim.value),
           f"the statement does not say what a {claim.kind} claim for n={n} says")


def check_claim(claim: Claim, evidence: list[Evidence], artifacts: Artifacts) -> list[str]:
    """Accept `claim` only if its evidence proves it exactly as stated."""
    # Another member of the family, or a count: the family's rules and evidence.
    if is_family_claim(claim):
        return family.check_claim(claim, evidence, artifacts)
    check_form(claim)
    n = claim.params["n"]
    checkers = _checkers()
    facts: list[Fact] = []
    methods = []
    for item in evidence:
        method = method_of(item, [*checkers, "theorem"], "the devil's coin flip")
        if method == "theorem":
            facts += theorem_evidence(n, item)
            method = f"theorem {item['name']}"
        else:
            facts.append(checkers[method](n, item, artifacts))
        methods.append(method)
    _establishes(claim, n, facts)
    return methods


def _establishes(claim: Claim, n: int, facts: list[Fact]) -> None:
    """Reject unless the checked facts add up to the claim."""
    if claim.kind == "lamping":
        expect(claim.value == 2**n - 1,
               f"Lamping's strategy for {n} coins has {2**n - 1:,} moves, not {claim.value:,}")
        # Built only when a strategy as long was read (within the kernel's bounds) and won.
        strategies = {fact.moves for fact in facts if len(fact.moves) == claim.value}
        expect(bool(strategies), f"no checked strategy of {claim.value:,} moves wins")
        expect(tuple(lamping(n)) in strategies, "the strategy given is not Lamping's "
                                                "construction")
    else:
        adds_up(claim, facts, f"{n} coins")
    _agrees_with_theorems(claim, n)


def _checkers() -> dict[str, Callable[[int, Evidence, Artifacts], Fact]]:
    """The checker of every kind of devil evidence, by method."""
    return {"strategy": strategy_evidence,
            "reachability": reachability_evidence,
            "lrat": devil_cnf.check_lrat_evidence,
            "invariant": devil_invariant.check_invariant_evidence,
            "algebraic": devil_invariant.check_algebraic_evidence}


def _agrees_with_theorems(claim: Claim, n: int) -> None:
    """The Coq theorems settle every devil claim (formal/devil/Decide.v): evidence that adds up to
    a claim they refute could only rest on a wrong prose lemma (the escape formula, the
    algebraic invariant, the SAT encoding: docs/lemmas.md) or a kernel bug, so it is refused."""
    if claim.kind == "impossible":
        expect(not theorems.is_power_of_two(n),
               f"the evidence says no strategy wins for {n} coins, but the Coq theorem "
               "shortest_pow2 proves that Lamping's strategy wins")
    elif claim.kind == "shortest":
        expect(theorems.is_power_of_two(n) and claim.value == 2**n - 1,
               f"the evidence says {claim.value} moves, but the Coq theorems shortest_pow2 and "
               "odd_factor_not_wins prove that the shortest winning strategy for "
               f"{n} coins has 2^{n} - 1 moves if {n} is a power of two, and none exists if not")
