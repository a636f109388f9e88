"""The reference CNF for "a strategy of L moves wins the devil's coin flip with N coins"
(``ENCODING``), and the kernel's check of LRAT evidence against it. Prose: docs/encodings.md,
"The reference CNF" (its variables, clauses, and why UNSAT at L means no strategy of at most
L moves wins); docs/certificates.md, "`lrat` (no strategy of L moves)".
"""

from __future__ import annotations

from collections.abc import Sequence

from pysat.formula import CNF

from coinproofs.verify import lrat
from coinproofs.verify.certificate import Artifacts, Evidence
from coinproofs.verify.schema import Shape, count, declare, expect, literal
from coinproofs.verify.table import Fact, coin_flip, orbit_images, orbits

ENCODING = "devil-beliefs-onehot/v1"
LRAT = Shape("lrat evidence", {"method": literal("lrat"), "encoding": literal(ENCODING),
                               "length": count(0), **lrat.FILES})

# Up to 9 coins (60 orbits): beyond that even one move's formula is large (see the bound CLAUSES).
MAX_N = 9


def max_length(n: int) -> int:
    """The longest formula the kernel builds for n coins: 2^n moves. No claim needs more (a
    shortest strategy has 2^n - 1), and a certificate cannot make it build one unbounded."""
    return 1 << n


class Layout:
    """The variable numbers of the reference formula for n coins and `length` moves."""

    def __init__(self, n: int, length: int) -> None:
        self.length = length
        self.orbits = len(orbits(coin_flip(n)))
        self.nvars = (2 * length + 1) * self.orbits

    def belief(self, t: int, j: int) -> int:
        """The variable "after t moves the belief contains orbit j" (t = 0..length)."""
        return 1 + t * self.orbits + j

    def move(self, t: int, m: int) -> int:
        """The variable "move t flips the positions of orbits(coin_flip(n))[m]" (t = 1..length)."""
        return 1 + (self.length + 1) * self.orbits + (t - 1) * self.orbits + m


CLAUSES = declare("devil.lrat-clauses", 500_000, "clauses",
                  "the reference formula built to check a devil LRAT proof")


def clause_count(n: int, length: int) -> int:
    """The number of clauses of reference_cnf(n, length), counted without building it."""
    m = len(orbits(coin_flip(n)))
    transitions = sum(bin(image).count("1") for row in orbit_images(coin_flip(n)) for image in row)
    return m + length * (1 + m * (m - 1) // 2 + transitions) + (m - 1)


def check_size(n: int, length: int) -> None:
    """Reject (n, length) outside the reference encoder's range."""
    expect(1 <= n <= MAX_N, f"the reference encoding handles 1..{MAX_N} coins, not {n}")
    expect(length >= 0, f"a strategy cannot have {length} moves")


def reference_cnf(n: int, length: int) -> CNF:
    """The reference formula: satisfiable iff a strategy of `length` moves wins for n coins.

    >>> [len(reference_cnf(2, length).clauses) for length in (0, 1)]
    [5, 19]
    """
    check_size(n, length)
    at = Layout(n, length)
    images = orbit_images(coin_flip(n))
    cnf = CNF()
    for j in range(at.orbits):
        cnf.append([at.belief(0, j)])
    for t in range(1, length + 1):
        cnf.append([at.move(t, m) for m in range(at.orbits)])
        # At most one move: not needed for soundness (any chosen move would do), but it makes
        # the models projected on the moves exactly the strategies, which the tests count.
        for m in range(at.orbits):
            for other in range(m + 1, at.orbits):
                cnf.append([-at.move(t, m), -at.move(t, other)])
        for m in range(at.orbits):
            for j in range(at.orbits):
                for k in range(at.orbits):
                    if images[m][j] >> k & 1:
                        cnf.append([-at.move(t, m), -at.belief(t - 1, j), at.belief(t, k)])
    for j in range(1, at.orbits):
        cnf.append([-at.belief(length, j)])
    cnf.nv = at.nvars  # every variable, even one that no clause happens to name
    return cnf


def header(n: int, length: int) -> list[str]:
    """The DIMACS comment lines of the reference formula: its question and its variables."""
    at = Layout(n, length)
    first_move = at.move(1, 0)
    moves = "1 move" if length == 1 else f"{length} moves"
    coins = "1 coin" if n == 1 else f"{n} coins"
    lines = [
        f"coinproofs {ENCODING}: the devil's coin flip with {coins}, {moves}",
        f"claim: a strategy of {moves} wins the devil's coin flip with {coins} "
        f"(SAT iff true; UNSAT proves that no strategy of at most {moves} wins)",
        f"M = {at.orbits} rotation orbits of coin states, numbered 0..{at.orbits - 1} in "
        "increasing order of their least member; orbit 0 is all heads",
        f"variable 1 + t*{at.orbits} + j (t = 0..{length}, j = 0..{at.orbits - 1}): "
        "after t moves the belief contains orbit j",
        f"variable {first_move} + (t-1)*{at.orbits} + m (t = 1..{length}, "
        f"m = 0..{at.orbits - 1}): move t flips the positions where orbit m's least "
        "member has tails",
    ]
    for j, least in enumerate(orbits(coin_flip(n))):
        tails = [i for i in range(n) if least >> i & 1]
        lines.append(f"orbit {j}: least member has tails at positions {tails}")
    return lines


def check_lrat_evidence(n: int, evidence: Evidence, artifacts: Artifacts) -> Fact:
    """Accept an LRAT refutation of the kernel's own formula for (n, evidence['length']), whose
    DIMACS text has the evidence's ``cnf_sha256``: no strategy of at most that many moves wins."""
    LRAT.check(evidence)
    length = evidence["length"]
    check_size(n, length)
    expect(length <= max_length(n), f"the kernel builds formulas of at most {max_length(n)} "
           f"moves for {n} coins, not {length}")
    CLAUSES.check(clause_count(n, length), f"the reference formula for {n} coins and {length} "
                  "moves")
    cnf = reference_cnf(n, length)
    clauses: Sequence[Sequence[int]] = cnf.clauses
    nvars: int = cnf.nv
    lrat.check_lrat_evidence(clauses, nvars, header(n, length), evidence, artifacts)
    return Fact("none-up-to", length)
