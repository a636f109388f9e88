"""The penny game as SAT and SMT: the losing positions as the unique model of their rules, and
z3 proofs of the structure of Wythoff's formula.

SAT. The kernel's reference CNF (``coinproofs.verify.penny_cnf``) says "p(x, y) iff no move from
(x, y) reaches a position where p holds" for both piles <= M. CaDiCaL finds its model (the
losing positions); adding a clause that excludes that model makes it unsatisfiable, and
CaDiCaL's LRAT proof of that is the kernel-checked evidence that the model is unique.

SMT. With a_k = floor(k*phi) = (k + s) // 2 and b_k = floor(k*phi^2) = (3k + s) // 2, where
s = isqrt(5*k*k) is pinned down by s^2 <= 5k^2 < (s + 1)^2, z3 proves:

* for every k >= 0: a_{k+1} > a_k, b_{k+1} > b_k and b_k - a_k = k (integer arithmetic, no bound);
* for 1 <= j, k <= K: a_j != b_k (the sequences are disjoint), and every n in 1..a_K is some a_j
  or b_j with j <= K (together they cover 1..a_K). These two are proved over bit-vectors wide
  enough that no value in range overflows, so that bit-vector and integer arithmetic agree.

The kernel cannot check z3's answers: these facts are reported by the tests and the docs, and
no claim rests on them.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from coinproofs.encodings.cadical import solve
from coinproofs.verify import penny_cnf

Position = tuple[int, int]


# --- SAT: the losing positions as the unique model ------------------------------------------

def losing_by_sat(max_pile: int) -> set[Position]:
    """The positions where p holds in CaDiCaL's model of the reference CNF (all of them, both
    orders), that is the losing positions with both piles <= max_pile.

    >>> sorted(p for p in losing_by_sat(7) if p[0] <= p[1])
    [(0, 0), (1, 2), (3, 5), (4, 7)]
    """
    result = solve(penny_cnf.losing_cnf(max_pile), proof=False)
    if result.model is None:
        raise ValueError(f"the losing-position CNF for piles <= {max_pile} has no model")
    side = max_pile + 1
    return {divmod(literal - 1, side) for literal in result.model if literal > 0}


def uniqueness_formula(losing: set[Position], max_pile: int) -> list[list[int]]:
    """The reference CNF plus the clause excluding `losing`: unsatisfiable iff it is the only
    model."""
    return [*penny_cnf.losing_cnf(max_pile), penny_cnf.excluding(losing, max_pile)]


# --- SMT: the structure of Wythoff's formula ------------------------------------------------

@dataclass(frozen=True)
class Fact:
    """A statement about the formula, z3's verdict on it and the seconds z3 took."""

    name: str
    statement: str
    verdict: str
    seconds: float


def _fact(name: str, statement: str, hypotheses: list[Any], goal: Any, timeout: int) -> Fact:
    """The fact that the hypotheses imply the goal, with z3's verdict: 'proved' (the negation
    is unsatisfiable), 'refuted' (z3 found a counterexample) or 'unknown (why)'."""
    # deferred: 33 ms of CPU to load (docs/design.md, "Imports")
    import z3

    solver = z3.Solver()
    solver.set("timeout", timeout * 1000)
    solver.add(*hypotheses, z3.Not(goal))
    start = time.perf_counter()
    answer = solver.check()
    seconds = time.perf_counter() - start
    if answer == z3.unsat:
        verdict = "proved"
    else:
        verdict = "refuted" if answer == z3.sat else f"unknown ({solver.reason_unknown()})"
    return Fact(name, statement, verdict, seconds)


def monotone_facts(timeout: int = 60) -> list[Fact]:
    """a_k and b_k strictly increase, and b_k - a_k = k, for every k >= 0 (no bound)."""
    # deferred: 33 ms of CPU to load (docs/design.md, "Imports")
    import z3

    k, s, t = z3.Ints("k s t")

    def isqrt_is(root: Any, square: Any) -> Any:
        return z3.And(root >= 0, root * root <= square, square < (root + 1) * (root + 1))

    def a(k: Any, root: Any) -> Any:  # z3's integer division floors for a positive divisor
        return (k + root) / 2

    def b(k: Any, root: Any) -> Any:
        return (3 * k + root) / 2

    both = [k >= 0, isqrt_is(s, 5 * k * k), isqrt_is(t, 5 * (k + 1) * (k + 1))]
    return [
        _fact("a increasing", "a_{k+1} > a_k for every k >= 0",
              both, a(k + 1, t) > a(k, s), timeout),
        _fact("b increasing", "b_{k+1} > b_k for every k >= 0",
              both, b(k + 1, t) > b(k, s), timeout),
        _fact("difference", "b_k - a_k = k for every k >= 0",
              both[:2], b(k, s) - a(k, s) == k, timeout),
    ]


def beatty_facts(bound: int, timeout: int = 600) -> list[Fact]:
    """For 1 <= j, k <= bound: a_j != b_k; and every n in 1..a_bound is an a_j or a b_j, j <= bound.

    Bit-vectors keep z3 decisive here. Each square root is bounded explicitly (by 4 * bound + 8)
    and every product in range stays below 32 * (bound + 2)^2 (the squares 5 * (n + 1)^2 with
    n <= a_bound < 2.5 * bound + 4, and (root + 1)^2), so with that many bits no assignment that
    satisfies the hypotheses overflows: each pins its square roots to the true ones, and
    bit-vector arithmetic is integer arithmetic on it.
    """
    # deferred: 33 ms of CPU to load (docs/design.md, "Imports")
    import z3

    width = (32 * (bound + 2) ** 2).bit_length() + 1
    root_bound = 4 * bound + 8  # above every isqrt(5 m^2) with m <= a_bound + 1

    def const(value: int) -> Any:
        return z3.BitVecVal(value, width)

    def isqrt_is(root: Any, square: Any) -> Any:
        return z3.And(z3.ULE(root, const(root_bound)), z3.ULE(root * root, square),
                      z3.ULT(square, (root + 1) * (root + 1)))

    def a(k: Any, root: Any) -> Any:
        return z3.UDiv(k + root, const(2))

    def b(k: Any, root: Any) -> Any:
        return z3.UDiv(const(3) * k + root, const(2))

    def in_range(k: Any) -> Any:
        return z3.And(z3.ULE(const(1), k), z3.ULE(k, const(bound)))

    j, k, n, r, s, t, u = z3.BitVecs("j k n r s t u", width)
    disjoint = _fact("disjoint", f"a_j != b_k for 1 <= j, k <= {bound}",
                     [in_range(j), in_range(k), isqrt_is(s, const(5) * j * j),
                      isqrt_is(t, const(5) * k * k)], a(j, s) != b(k, t), timeout)
    # Covering, with a witness for each n: j(n) = floor((n + 1) / phi) counts the a_j <= n
    # (j >= 1) and n - j(n) the b_j <= n; the largest of each is the candidate.
    m = n + 1
    witness_a = z3.UDiv(r - m, const(2))  # floor((n + 1) / phi) = (isqrt(5 m^2) - m) // 2
    witness_b = n - witness_a
    covering = _fact(
        "covering", f"every n in 1..a_{bound} is a_j or b_j for some j <= {bound}",
        [isqrt_is(u, const(5 * bound * bound)), z3.ULE(const(1), n), z3.ULE(n, a(const(bound), u)),
         isqrt_is(r, const(5) * m * m), isqrt_is(s, const(5) * witness_a * witness_a),
         isqrt_is(t, const(5) * witness_b * witness_b)],
        z3.Or(z3.And(in_range(witness_a), a(witness_a, s) == n),
              z3.And(in_range(witness_b), b(witness_b, t) == n)),
        timeout)
    return [disjoint, covering]
