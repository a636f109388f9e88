"""Claims about the penny game (Wythoff's game) and the provers that find their evidence.

* ``penny.p-positions.m10000``: the rules-only scan lists the losing positions with both piles
  <= 10,000; the kernel checks them against the rules and against Wythoff's formula.
* ``penny.first-20`` and ``penny.riddler-20-30``: the seed's list of losing positions and the
  Riddler's answer, read off losing positions that the kernel checks against the rules.
* ``penny.misere.m1000`` and ``penny.a-wythoff.aA.m1000`` (A = 1..4): the same two roads for
  misère play and for Fraenkel's a-Wythoff games.
* ``penny.unique.m30``: the losing positions are the only model of the kernel's CNF of the
  rules (CaDiCaL finds the model; its LRAT proof refutes every other).
* ``penny.p-positions.m100000`` (not in the default run): the first claim, ten times wider.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from coinproofs.games import penny as engine
from coinproofs.proofs.registry import ClaimSpec, Evidence, ProofContext
from coinproofs.verify import penny as kernel
from coinproofs.verify import penny_cnf

INLINE_PAIRS = 500  # longer lists of losing positions go to an artifact file


def p_positions_evidence(context: ProofContext, max_pile: int,
                         pairs: list[engine.Position]) -> Evidence:
    """The losing positions with both piles <= max_pile, inline when short, else in a file."""
    listed = [list(pair) for pair in pairs]
    if len(listed) <= INLINE_PAIRS:
        return {"method": "p-positions", "max": max_pile, "positions": listed}
    lines = "".join(f"{x} {y}\n" for x, y in pairs)
    artifact = context.artifact("positions.txt", lines.encode())
    return {"method": "p-positions", "max": max_pile, **artifact}


def prove_by_rules_and_formula(max_pile: int, a: int, misere: bool,
                               context: ProofContext) -> list[Evidence]:
    """Rules-only losing positions, for the kernel to check against the rules and the formula."""
    context.progress(f"penny: scanning {(max_pile + 1) ** 2:,} positions by the rules")
    pairs = engine.losing_by_rules(max_pile, a, misere)
    return [p_positions_evidence(context, max_pile, pairs), {"method": "formula"}]


def prove_from_rules(max_pile: int, context: ProofContext) -> list[Evidence]:
    """Rules-only losing positions with both piles <= max_pile (the kernel reads the claim off)."""
    return [p_positions_evidence(context, max_pile, engine.losing_by_rules(max_pile))]


def prove_unique(max_pile: int, context: ProofContext) -> list[Evidence]:
    """CaDiCaL's model of the rules' CNF, and an LRAT proof that it is the only one."""
    from coinproofs.encodings.penny import losing_by_sat, uniqueness_formula
    from coinproofs.proofs.sat import lrat_evidence

    context.progress(f"penny: solving the rules' CNF for piles <= {max_pile}")
    context.solvers.add("cadical195")
    losing = losing_by_sat(max_pile)
    pairs = sorted((x, y) for x, y in losing if x <= y)
    if pairs != engine.losing_by_rules(max_pile):
        raise ValueError("CaDiCaL's model is not the set of losing positions found by the rules")
    proof = lrat_evidence(context, uniqueness_formula(losing, max_pile),
                          penny_cnf.variables(max_pile), penny_cnf.comments(max_pile),
                          encoding=kernel.UNIQUE_ENCODING, extra={})
    return [p_positions_evidence(context, max_pile, pairs), proof]


def claim(kind: str, params: dict[str, int], value: Any, prover: Any,
          default: bool = True) -> ClaimSpec:
    return ClaimSpec(id=kernel.claim_id(kind, params), game="penny", kind=kind, params=params,
                     value=value, statement=kernel.statement(kind, params, value),
                     prove=prover, default=default)


def wythoff_claim(max_pile: int, default: bool = True) -> ClaimSpec:
    return claim("p-positions", {"max": max_pile}, len(engine.losing_by_formula(max_pile)),
                 partial(prove_by_rules_and_formula, max_pile, 1, False), default)


def claims() -> list[ClaimSpec]:
    """Every registered claim about the penny game."""
    first = [list(engine.wythoff_pair(k)) for k in range(20)]
    losing = [list(pair) for pair in engine.losing_splits(20, 30)]
    totals = sorted({x + y for x, y in losing})
    riddler = {"losing": losing, "losing_totals": totals,
               "winning_totals": [t for t in range(20, 31) if t not in totals]}
    specs = [
        wythoff_claim(10_000),
        claim("first", {"count": 20}, first, partial(prove_from_rules, first[-1][1])),
        claim("riddler", {"lo": 20, "hi": 30}, riddler, partial(prove_from_rules, 30)),
        claim("misere", {"max": 1000}, len(engine.losing_by_formula(1000, misere=True)),
              partial(prove_by_rules_and_formula, 1000, 1, True)),
    ]
    specs += [claim("a-wythoff", {"a": a, "max": 1000}, len(engine.losing_by_formula(1000, a)),
                    partial(prove_by_rules_and_formula, 1000, a, False)) for a in range(1, 5)]
    specs.append(claim("unique", {"max": 30}, 1, partial(prove_unique, 30)))
    specs.append(wythoff_claim(100_000, default=False))
    return specs
