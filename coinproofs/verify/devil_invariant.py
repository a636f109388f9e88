"""The coin flip's devil invariants, checked from the rules: Lamping's (``invariant``,
exhaustively or through an LRAT refutation of the escape formula) and the ``algebraic`` one.
Prose: docs/certificates.md, "`invariant`" and "`algebraic`"; docs/lemmas.md, Lemmas 1 to 4
and "The escape formula".
"""

from __future__ import annotations

import re

import numpy as np

from coinproofs.verify import lrat
from coinproofs.verify.certificate import Artifacts, Evidence
from coinproofs.verify.schema import Kind, Shape, count, declare, expect, literal, one_shape
from coinproofs.verify.table import MAX_N, Fact, coins, rotate

ENCODING = "devil-invariant-escape/v1"  # the name of the escape formula below
EXHAUSTIVE_PAIRS = declare("devil.invariant-pairs", 1 << 24, "state-move pairs",
                           "4^N pairs tried by the exhaustive invariant check")
EXHAUSTIVE = Shape("exhaustive invariant evidence", {"method": literal("invariant"),
                                                     "check": literal("exhaustive"),
                                                     "p": count(3)})
LRAT = Shape("lrat invariant evidence", {"method": literal("invariant"), "check": literal("lrat"),
                                         "p": count(3), "encoding": literal(ENCODING),
                                         **lrat.FILES})
POLYNOMIAL = Kind("a string of coefficients 0 and 1, highest degree first, with a leading 1",
                  lambda v: isinstance(v, str) and len(v) <= MAX_N + 1
                  and re.fullmatch("1[01]*", v) is not None)
ALGEBRAIC = Shape("algebraic evidence", {"method": literal("algebraic"), "h": POLYNOMIAL})


# --- Lamping's invariant --------------------------------------------------------------------

def sampled_coins(state: int, n: int, p: int) -> list[int]:
    """The p coins of `state` at the positions 0, n/p, 2n/p, ... (1 = tails)."""
    q = n // p
    return [state >> (i * q) & 1 for i in range(p)]


def in_invariant(state: int, n: int, p: int) -> bool:
    """Is `state` in Lamping's set: do its p sampled coins show both faces?"""
    return len(set(sampled_coins(state, n, p))) == 2


def check_factor(n: int, p: object) -> int:
    """`p`, once it is shown to be an odd factor of n greater than 1."""
    expect(isinstance(p, int) and not isinstance(p, bool) and p >= 3 and p % 2 == 1,
           f"the invariant's p must be an odd number of at least 3, not {p!r}")
    assert isinstance(p, int)
    expect(n % p == 0, f"the invariant's p = {p} does not divide n = {n}")
    return p


def escape(n: int, p: int) -> tuple[int, int] | None:
    """A state of Lamping's set for factor p and a move that leave it whether the devil turns
    by 0 or by n/p, or None; all 4^n pairs. Any factor is allowed, so the check can be seen to
    fail (p = 2: docs/lemmas.md).

    >>> escape(3, 3) is None
    True
    >>> escape(2, 2)
    (1, 1)
    """
    states = np.arange(1 << n)
    member = np.array([in_invariant(s, n, p) for s in range(1 << n)])
    turned = np.array([rotate(s, n // p, n) for s in range(1 << n)])
    for move in range(1 << n):
        escaping = member & ~member[states ^ move] & ~member[turned ^ move]
        if escaping.any():
            return int(np.argmax(escaping)), move
    return None


def escape_cnf(n: int, p: int) -> tuple[list[list[int]], int, list[str]]:
    """The escape formula for factor p of n (docs/lemmas.md): clauses, variables, comments.
    Variables: t_i = i + 1, u_i = p + i + 1 (i < p), c = 2p + 1, d = 2p + 2.

    >>> clauses, nvars, comments = escape_cnf(3, 3)
    >>> nvars, len(clauses), clauses[:2]
    (8, 26, [[1, 2, 3], [-1, -2, -3]])
    """
    t = [i + 1 for i in range(p)]
    u = [p + i + 1 for i in range(p)]
    c, d = 2 * p + 1, 2 * p + 2
    clauses = [list(t), [-v for v in t]]
    for i in range(p):
        clauses += parity_clauses([t[i], u[i], c])
        clauses += parity_clauses([t[i - 1], u[i], d])  # t[-1] is t_{p-1}: the wrap-around
    comments = [
        f"{ENCODING}: {n} coins, Lamping's invariant for the factor {p}:",
        f"a state whose coins at 0, {n // p}, ... show both faces and a move that leave that set "
        f"both unturned and turned by {n // p} (unsatisfiable: the devil keeps the set)",
        f"variables 1..{p}: sampled coins (true = tails); {p + 1}..{2 * p}: the move flips them; "
        f"{2 * p + 1}, {2 * p + 2}: the face they all show after the flip, unturned and turned",
    ]
    return clauses, 2 * p + 2, comments


def parity_clauses(variables: list[int]) -> list[list[int]]:
    """Clauses saying that an even number of `variables` are true, one per odd assignment.

    >>> parity_clauses([1, 2])
    [[-1, 2], [1, -2]]
    """
    clauses = []
    for assignment in range(1 << len(variables)):
        if bin(assignment).count("1") % 2 == 1:
            clauses.append([-v if assignment >> k & 1 else v for k, v in enumerate(variables)])
    return clauses


def check_invariant_evidence(n: int, evidence: Evidence, artifacts: Artifacts) -> Fact:
    """Accept Lamping's invariant for the odd factor evidence['p'] of n: no strategy wins."""
    shape = one_shape(evidence, EXHAUSTIVE, LRAT)
    p = check_factor(n, evidence["p"])
    expect(not in_invariant(0, n, p) and in_invariant(1, n, p),
           "the invariant must hold the state with only coin 0 tails, and not all heads")
    if shape is EXHAUSTIVE:
        EXHAUSTIVE_PAIRS.check(4**n, f"the exhaustive invariant check for {n} coins")
        found = escape(n, p)
        state, move = found or (0, 0)
        expect(found is None, f"the devil cannot keep {coins(state, n)} in the invariant "
                              f"against the move {coins(move, n)} (T: flip)")
    else:
        clauses, nvars, comments = escape_cnf(n, p)
        lrat.check_lrat_evidence(clauses, nvars, comments, evidence, artifacts)
    return Fact("impossible")


# --- The algebraic invariant: polynomials over GF(2) as ints (bit i: X^i) --------------------

def degree(a: int) -> int:
    """The degree of polynomial `a` (-1 for the zero polynomial)."""
    return a.bit_length() - 1


def remainder(a: int, b: int) -> int:
    """a mod b over GF(2), for b != 0 (tests/test_devil_invariant.py: as sympy computes it)."""
    assert b != 0
    while degree(a) >= degree(b):
        a ^= b << (degree(a) - degree(b))
    return a


def gcd(a: int, b: int) -> int:
    """The greatest common divisor of a and b over GF(2) (Euclid's algorithm)."""
    while b != 0:
        a, b = b, remainder(a, b)
    return a


def check_algebraic_evidence(n: int, evidence: Evidence, artifacts: Artifacts) -> Fact:
    """Accept a factor h of X^n + 1 of degree >= 1 with gcd(h, X + 1) = 1: no strategy wins."""
    ALGEBRAIC.check(evidence)
    h = int(evidence["h"], 2)
    x_n_plus_1 = 1 << n | 1
    expect(degree(h) >= 1, "h must have degree at least 1 (every state is a multiple of 1)")
    expect(remainder(x_n_plus_1, h) == 0, f"h = {evidence['h']} does not divide X^{n} + 1")
    expect(gcd(h, 0b11) == 1, f"h = {evidence['h']} has the factor X + 1")
    return Fact("impossible")
