"""Evidence that no strategy wins the devil's coin flip when N is not a power of two.

Two roads, both checked by ``coinproofs/verify/devil_invariant.py`` and proved in
docs/lemmas.md:

* Lamping's invariant for the least odd prime factor p of N: the states whose coins at
  0, N/p, 2N/p, ... show both faces. The devil keeps the game in that set by turning the table
  by 0 or by N/p. Certified by an LRAT refutation of the kernel's escape formula, and for
  N <= EXHAUSTIVE_UP_TO also by the kernel's exhaustive check of every state against every move.
* The algebraic invariant: the factor h of X^N + 1 that shares no factor with X + 1.
"""

from __future__ import annotations

from sympy import primefactors

from coinproofs.games.algebra import coprime_factor
from coinproofs.proofs.registry import Evidence, ProofContext
from coinproofs.proofs.sat import lrat_evidence
from coinproofs.verify.devil_invariant import ENCODING, EXHAUSTIVE_PAIRS, escape_cnf

# The kernel checks every state against every move within its default bound (N <= 12).
EXHAUSTIVE_UP_TO = (EXHAUSTIVE_PAIRS.default.bit_length() - 1) // 2


def odd_prime_factor(n: int) -> int:
    """The least odd prime factor of n; ValueError if n is a power of two.

    >>> odd_prime_factor(12), odd_prime_factor(35), odd_prime_factor(61)
    (3, 5, 61)
    """
    odd = [p for p in primefactors(n) if p != 2]
    if not odd:
        raise ValueError(f"{n} is a power of two, so it has no odd prime factor and "
                         "the devil has no invariant of this kind")
    return int(odd[0])


def invariant_evidence(context: ProofContext, n: int) -> list[Evidence]:
    """Lamping's invariant for n coins: an LRAT refutation of its escape formula, and for
    small n the kernel's exhaustive check as a second evidence item."""
    p = odd_prime_factor(n)
    clauses, nvars, comments = escape_cnf(n, p)
    refutation = lrat_evidence(context, clauses, nvars, comments, ENCODING,
                               {"check": "lrat", "p": p}, suffix="invariant")
    # The kernel reads this refutation as the check of the invariant, not as a claim's formula.
    evidence = [{**refutation, "method": "invariant"}]
    if n <= EXHAUSTIVE_UP_TO:
        evidence.append({"method": "invariant", "check": "exhaustive", "p": p})
    return evidence


def algebraic_evidence(context: ProofContext, n: int) -> Evidence:
    """The factor h of X^n + 1 coprime to X + 1, as its coefficients, highest degree first."""
    context.progress(f"devil.n{n}: factoring X^{n} + 1 over GF(2)")
    h = coprime_factor(n)
    if h is None:
        raise ValueError(f"X^{n} + 1 = (X + 1)^{n} has no factor coprime to X + 1, "
                         f"because {n} is a power of two")
    return {"method": "algebraic", "h": format(h, "b")}
