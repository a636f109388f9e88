"""The evidence the provers of the devil's family write (proofs/devil.py):

* a Coq theorem cited; a strategy, inline when short, else an artifact file of lists of numbers
  a line;
* SAT (the coin flip): an LRAT lower bound and a strategy from a model, both for the kernel's
  reference formula (``verify/devil_cnf.py``) solved by CaDiCaL 1.9.5. The kernel rebuilds that
  formula for an lrat evidence item and checks the proof against it; a strategy decoded from a
  model is simulated exactly, like any other strategy;
* that no strategy wins the coin flip when N is not a power of two, checked by
  ``verify/devil_invariant.py`` and proved in docs/lemmas.md: Lamping's invariant for the least
  odd prime factor p of N (the states whose coins at 0, N/p, 2N/p, ... show both faces; the
  devil keeps the game there by turning the table by 0 or by N/p), certified by an LRAT
  refutation of the kernel's escape formula and, for N <= EXHAUSTIVE_UP_TO, by the kernel's
  exhaustive check of every state against every move; and the algebraic invariant, the factor h
  of X^N + 1 that shares no factor with X + 1.
"""

from __future__ import annotations

import json

from coinproofs.encodings.devil_sat import check_size, decode, solve_formula
from coinproofs.games.devil import positions
from coinproofs.proofs.registry import Evidence, ProofContext
from coinproofs.proofs.sat import lrat_evidence
from coinproofs.verify import devil_cnf, devil_invariant
from coinproofs.verify.theorems import FORMAL_SHA256, prime_factors

INLINE_MOVES = 300  # longer strategies go to an artifact file
# The kernel checks every state against every move within its default bound (N <= 12).
EXHAUSTIVE_UP_TO = (devil_invariant.EXHAUSTIVE_PAIRS.default.bit_length() - 1) // 2


def theorem_evidence(name: str) -> Evidence:
    """A Coq theorem of formal/, cited with the digest of the sources it was checked at."""
    return {"method": "theorem", "name": name, "formal_sha256": FORMAL_SHA256}


def json_lines(items: list[list[int]]) -> bytes:
    """One JSON list per line: the artifact format of long strategies and belief layers."""
    return "".join(json.dumps(item) + "\n" for item in items).encode()


def strategy_evidence(context: ProofContext, moves: list[int], found_by: str,
                      suffix: str = "moves.jsonl") -> Evidence:
    """A strategy in Norvig's notation, inline when short, else in the artifact file
    `<claim id>.<suffix>` (two strategies of one claim need two suffixes)."""
    notation = [positions(move) for move in moves]
    if len(moves) <= INLINE_MOVES:
        return {"method": "strategy", "moves": notation, "found_by": found_by}
    artifact = context.artifact(suffix, json_lines(notation))
    return {"method": "strategy", **artifact, "length": len(moves), "found_by": found_by}


def lower_bound_evidence(context: ProofContext, n: int, length: int) -> Evidence:
    """An LRAT proof that no strategy of `length` moves wins for n coins (hence none of at most
    `length` moves); raises ValueError if one does."""
    check_size(n, length)
    cnf = devil_cnf.reference_cnf(n, length)
    context.progress(f"devil.n{n}: no strategy of {length} moves (SAT, LRAT)")
    return lrat_evidence(context, cnf.clauses, cnf.nv, devil_cnf.header(n, length),
                         devil_cnf.ENCODING, {"length": length}, suffix=f"L{length}")


def sat_strategy_evidence(context: ProofContext, n: int, length: int,
                          variant: str = "reference") -> Evidence:
    """A winning strategy of `length` moves from a CaDiCaL model of the reference formula, or of
    its faster variant "counted" (``encodings/devil_sat.py``; for 8 coins); raises ValueError
    if the formula is unsatisfiable."""
    context.progress(f"devil.n{n}: a strategy of {length} moves (SAT)")
    context.solvers.add("cadical195")
    result = solve_formula(n, length, variant)
    if result.model is None:
        raise ValueError(f"CaDiCaL finds no winning strategy of {length} moves for {n} coins")
    moves = decode(result.model, n, length)
    found_by = "cadical195" if variant == "reference" else f"cadical195 ({variant} encoding)"
    return strategy_evidence(context, moves, found_by=found_by, suffix="sat.moves.jsonl")


def odd_prime_factor(n: int) -> int:
    """The least odd prime factor of n; ValueError if n is a power of two.

    >>> odd_prime_factor(12), odd_prime_factor(35), odd_prime_factor(61)
    (3, 5, 61)
    """
    odd = [p for p in prime_factors(n) if p != 2]
    if not odd:
        raise ValueError(f"{n} is a power of two, so it has no odd prime factor and "
                         "the devil has no invariant of this kind")
    return int(odd[0])


def invariant_evidence(context: ProofContext, n: int) -> list[Evidence]:
    """Lamping's invariant for n coins: an LRAT refutation of its escape formula, and for
    small n the kernel's exhaustive check as a second evidence item."""
    p = odd_prime_factor(n)
    clauses, nvars, comments = devil_invariant.escape_cnf(n, p)
    refutation = lrat_evidence(context, clauses, nvars, comments, devil_invariant.ENCODING,
                               {"check": "lrat", "p": p}, suffix="invariant")
    # The kernel reads this refutation as the check of the invariant, not as a claim's formula.
    evidence = [{**refutation, "method": "invariant"}]
    if n <= EXHAUSTIVE_UP_TO:
        evidence.append({"method": "invariant", "check": "exhaustive", "p": p})
    return evidence


def algebraic_evidence(context: ProofContext, n: int) -> Evidence:
    """The factor h of X^n + 1 coprime to X + 1, as its coefficients, highest degree first."""
    # Imported here: games/algebra imports sympy, 0.5 s more at the start of every `claims`.
    # deferred: 331 ms of CPU to load (docs/design.md, "Imports")
    from coinproofs.games.algebra import coprime_factor

    context.progress(f"devil.n{n}: factoring X^{n} + 1 over GF(2)")
    h = coprime_factor(n)
    if h is None:
        raise ValueError(f"X^{n} + 1 = (X + 1)^{n} has no factor coprime to X + 1, "
                         f"because {n} is a power of two")
    return {"method": "algebraic", "h": format(h, "b")}
