"""Claims about the penny game (Wythoff's game) and the provers that find their evidence.

Claim ids are patterns (``penny.p-positions.m<M>`` for any M up to 100,000, ...); the default
claims are these:

* ``penny.p-positions.m10000``: the rules-only scan lists the losing positions with both piles
  <= 10,000; the kernel checks them against the rules and against Wythoff's formula.
* ``penny.first-20`` and ``penny.riddler-20-30``: the seed's list of losing positions and the
  Riddler's answer, read off losing positions that the kernel checks against the rules.
* ``penny.misere.m1000`` and ``penny.a-wythoff.aA.m1000`` (A = 1..4): the same two roads for
  misère play and for Fraenkel's a-Wythoff games.
* ``penny.unique.m30``: the losing positions are the only model of the kernel's CNF of the
  rules (CaDiCaL finds the model; its LRAT proof refutes every other).
* ``penny.wythoff``, ``penny.fraenkel``, ``penny.misere-wythoff``: Wythoff's theorem,
  Fraenkel's and misère play's, for every position: each cites its Coq theorem
  (formal/penny/PennyWythoff.v).
* ``penny.p-positions.m100000`` (listed, proved on request): the first claim, ten times wider.

Every claim but ``unique`` also cites the theorem for every position it is an instance of;
square claims go up to M = 10^12, where the theorem alone proves them (the kernel counts the
formula's pairs); within the kernel's square the rules' evidence stays as the cross-check.
"""

from __future__ import annotations

from functools import cache, partial
from typing import Any

from coinproofs.encodings.penny import losing_by_sat, uniqueness_formula
from coinproofs.games import penny as engine
from coinproofs.proofs.devil_evidence import theorem_evidence
from coinproofs.proofs.registry import ClaimPattern, ClaimSpec, Evidence, ProofContext, within
from coinproofs.proofs.sat import lrat_evidence
from coinproofs.verify import penny as kernel
from coinproofs.verify import penny_cnf
from coinproofs.verify.theorems import PENNY_THEOREMS

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


def prove_by_rules_and_formula(kind: str, max_pile: int, a: int, misere: bool,
                               context: ProofContext) -> list[Evidence]:
    """The theorem the claim is an instance of; within the kernel's square, also the rules-only
    losing positions, for the kernel to check against the rules and the formula (the
    independent cross-check the theorem explains)."""
    cited = theorem_evidence(kernel.INSTANCE_OF[kind])
    if max_pile > kernel.MAX_PILE:
        return [cited]
    context.progress(f"penny: scanning {(max_pile + 1) ** 2:,} positions by the rules")
    pairs = engine.losing_by_rules(max_pile, a, misere)
    return [p_positions_evidence(context, max_pile, pairs), {"method": "formula"}, cited]


def prove_from_rules(kind: str, max_pile: int, context: ProofContext) -> list[Evidence]:
    """Rules-only losing positions with both piles <= max_pile (the kernel reads the claim off),
    and the theorem the claim is an instance of."""
    return [p_positions_evidence(context, max_pile, engine.losing_by_rules(max_pile)),
            theorem_evidence(kernel.INSTANCE_OF[kind])]


def prove_unique(max_pile: int, context: ProofContext) -> list[Evidence]:
    """CaDiCaL's model of the rules' CNF, and an LRAT proof that it is the only one."""
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


def claim(kind: str, params: dict[str, int], value: Any, prover: Any) -> ClaimSpec:
    return ClaimSpec(id=kernel.claim_id(kind, params), game="penny", kind=kind, params=params,
                     value=value, statement=kernel.statement(kind, params, value),
                     prove=prover)


SQUARE = f"the kernel checks the rules on squares of at most {kernel.MAX_PILE:,} pennies a side"
COUNTED = (f"the kernel counts the formula's pairs in squares of at most "
           f"{kernel.MAX_FORMULA_PILE:,} pennies a side")


def p_positions_claim(m: int) -> ClaimSpec:
    """penny.p-positions.m<M>: the rules' losing positions are the formula's."""
    within("M", m, 0, kernel.MAX_FORMULA_PILE, COUNTED)
    return claim("p-positions", {"max": m}, kernel.formula_count(m),
                 partial(prove_by_rules_and_formula, "p-positions", m, 1, False))


def misere_claim(m: int) -> ClaimSpec:
    """penny.misere.m<M>: the same for misère play (the same number of pairs, as M >= 2)."""
    within("M", m, 2, kernel.MAX_FORMULA_PILE, COUNTED + " and misère play differs from 2 on")
    return claim("misere", {"max": m}, kernel.formula_count(m),
                 partial(prove_by_rules_and_formula, "misere", m, 1, True))


def a_wythoff_claim(a: int, m: int) -> ClaimSpec:
    """penny.a-wythoff.a<A>.m<M>: the same for Fraenkel's a-Wythoff game."""
    within("A", a, 1, kernel.MAX_A, "the kernel's largest a")
    within("M", m, 0, kernel.MAX_FORMULA_PILE, COUNTED)
    return claim("a-wythoff", {"a": a, "max": m}, kernel.formula_count(m, a),
                 partial(prove_by_rules_and_formula, "a-wythoff", m, a, False))


@cache
def most_first() -> int:
    """The largest C whose first C losing positions fit in the kernel's square."""
    count = 0
    while engine.wythoff_pair(count)[1] <= kernel.MAX_PILE:
        count += 1
    return count


def first_claim(c: int) -> ClaimSpec:
    """penny.first-<C>: the first C losing positions."""
    within("C", c, 1, most_first(), SQUARE)
    first = [list(engine.wythoff_pair(k)) for k in range(c)]
    return claim("first", {"count": c}, first, partial(prove_from_rules, "first", first[-1][1]))


def riddler_claim(lo: int, hi: int) -> ClaimSpec:
    """penny.riddler-<LO>-<HI>: which totals of pennies give the first player a losing split."""
    within("HI", hi, 0, kernel.MAX_PILE, SQUARE)
    within("LO", lo, 0, hi, "LO must not exceed HI")
    losing = [list(pair) for pair in engine.losing_splits(lo, hi)]
    present = {x + y for x, y in losing}  # a set: up to 100,000 totals are looked up
    totals = sorted(present)
    riddler = {"losing": losing, "losing_totals": totals,
               "winning_totals": [t for t in range(lo, hi + 1) if t not in present]}
    return claim("riddler", {"lo": lo, "hi": hi}, riddler, partial(prove_from_rules, "riddler", hi))


def unique_claim(m: int) -> ClaimSpec:
    """penny.unique.m<M>: the rules have one solution (an LRAT proof)."""
    within("M", m, 0, kernel.MAX_UNIQUE_PILE,
           "the uniqueness formula has about 2 * M^3 clauses")
    return claim("unique", {"max": m}, 1, partial(prove_unique, m))


def prove_by_theorem(kind: str, context: ProofContext) -> list[Evidence]:
    """The Coq theorem that states the claim, for every position: nothing to compute."""
    return [theorem_evidence(PENNY_THEOREMS[kind])]


def theorem_claim(kind: str) -> ClaimSpec:
    """penny.wythoff, penny.fraenkel, penny.misere-wythoff: a theorem about every position."""
    return claim(kind, {}, None, partial(prove_by_theorem, kind))


def patterns() -> list[ClaimPattern]:
    """The claims about the penny game, as patterns."""
    square = f"0..{kernel.MAX_FORMULA_PILE:,}"
    return [
        ClaimPattern("penny.p-positions.m<M>", build=p_positions_claim,
                     about="the losing positions with both piles <= M are Wythoff's pairs",
                     limits=f"M = {square}", defaults=[{"m": 10_000}],
                     on_request=[{"m": 100_000}],
                     takes={"penny.p-positions.m100000": "about a minute"}),
        ClaimPattern("penny.first-<C>", build=first_claim,
                     about="the first C losing positions, listed",
                     limits=f"C = 1..{most_first():,}", defaults=[{"c": 20}]),
        ClaimPattern("penny.riddler-<LO>-<HI>", build=riddler_claim,
                     about="the totals LO..HI that let the first player lose",
                     limits=f"0 <= LO <= HI <= {kernel.MAX_PILE:,}",
                     defaults=[{"lo": 20, "hi": 30}]),
        ClaimPattern("penny.misere.m<M>", build=misere_claim,
                     about="the same for misère play",
                     limits=f"M = 2..{kernel.MAX_FORMULA_PILE:,}", defaults=[{"m": 1000}]),
        ClaimPattern("penny.a-wythoff.a<A>.m<M>", build=a_wythoff_claim,
                     about="the same for Fraenkel's a-Wythoff game",
                     limits=f"A = 1..{kernel.MAX_A}, M = {square}",
                     defaults=[{"a": a, "m": 1000} for a in range(1, 5)]),
        ClaimPattern("penny.unique.m<M>", build=unique_claim,
                     about="the rules have exactly one solution on piles <= M",
                     limits=f"M = 0..{kernel.MAX_UNIQUE_PILE}", defaults=[{"m": 30}]),
        *[ClaimPattern(f"penny.{kind}", build=partial(theorem_claim, kind), about=about,
                       limits="none: every position", defaults=[{}])
          for kind, about in [
              ("wythoff", "Wythoff's theorem: the losing positions are Wythoff's pairs"),
              ("fraenkel", "Fraenkel's theorem: the same for every a-Wythoff game"),
              ("misere-wythoff", "the same for misère play")]],
    ]
