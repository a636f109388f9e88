"""The reference CNF for "a strategy of L moves wins the devil's coin flip with N coins", and
the kernel's check of LRAT evidence against it.

The formula (encoding ``ENCODING``) speaks of beliefs over rotation orbits, as in
``verify/table.py``: M = len(orbits(N)) orbits, orbit j is the j-th least member, bit j of a
belief is orbit j, orbit 0 is all heads. Its variables, laid out so that a DIMACS header can
say what each one means:

* belief(t, j) = 1 + t*M + j, for t = 0..L and j = 0..M-1: "after t moves, the belief
  contains orbit j";
* move(t, m) = 1 + (L+1)*M + (t-1)*M + m, for t = 1..L and m = 0..M-1: "move t flips the
  positions of orbits(N)[m]" (one move per orbit: a belief's image depends only on the orbit
  of the move).

Its clauses, in this order:

1. the start: belief(0, j) for every j;
2. for each move t = 1..L: at least one move(t, m); at most one (pairwise); and for every
   move orbit m, orbit j and orbit k in the image of j under m (``orbit_images``):
   move(t, m) and belief(t-1, j) imply belief(t, k);
3. the goal: not belief(L, j) for every j >= 1.

Why SAT <=> a winning strategy of L moves exists. The true belief B_t after moves
m_1..m_t is B_0 = every orbit, B_t = union of image(j, m_t) over j in B_{t-1}.
(<=) Given a winning strategy, let move(t, m) say m = m_t's orbit and belief(t, j) say j is
in B_t: every clause holds (the transition clauses say exactly that B_t contains the image of
B_{t-1}; B_L = {all heads} is the goal). (=>) Given a model, exactly one move(t, m_t) holds
at each t; call b_t the set of orbits j with belief(t, j). The clauses only ask that b_t
contain the image of b_{t-1}, so b_t may be larger than the true belief; but by induction
B_t <= b_t (B_0 = b_0, and the image of a subset is a subset of the image), so
B_L <= b_L <= {all heads}. B_L is not empty (all heads is in B_0 and stays), so B_L is the
goal: the moves m_1..m_L win. Models projected on the move variables are therefore exactly the
winning strategies of L orbit moves.

Why UNSAT at L proves that no strategy of at most L moves wins: all heads is absorbing (its
image under every move is itself), so a strategy that wins in fewer moves, followed by any
moves up to L, wins in exactly L moves; there is none.
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
    """The longest formula the kernel builds for lrat evidence about n coins: 2^n moves.

    No claim needs more (a shortest strategy has 2^n - 1 moves when there is one), and the cap
    keeps a certificate from making the kernel build a formula of unbounded size.
    """
    return 1 << n


class Layout:
    """The variable numbers of the reference formula for n coins and `length` moves (the
    formulas the module's docstring and the DIMACS header state)."""

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
    """Accept an LRAT refutation of the reference formula for (n, evidence['length']): then no
    strategy of at most that many moves wins.

    The kernel rebuilds the formula itself, checks that its canonical DIMACS text has the
    evidence's ``cnf_sha256``, and checks the proof against the clauses it built.
    """
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
