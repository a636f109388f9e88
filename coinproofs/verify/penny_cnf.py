"""The kernel's reference CNF for "p is the set of losing positions of the penny game", both
piles <= M, normal play: p(x, y) iff no move from (x, y) reaches p (docs/certificates.md,
"`lrat` (uniqueness)"; docs/penny.md).

>>> losing_cnf(1)
[[1], [2, 1], [-2, -1], [3, 1], [-3, -1], [4, 3, 2, 1], [-4, -3], [-4, -2], [-4, -1]]
"""

from __future__ import annotations

from collections.abc import Set

Position = tuple[int, int]


def variable(x: int, y: int, max_pile: int) -> int:
    """The DIMACS variable of p(x, y): positions numbered row by row from 1."""
    return x * (max_pile + 1) + y + 1


def reachable(x: int, y: int) -> list[Position]:
    """The positions one move from (x, y) reaches: its row, its column, its diagonal.

    >>> reachable(1, 2)
    [(1, 0), (1, 1), (0, 2), (0, 1)]
    """
    row = [(x, b) for b in range(y)]
    column = [(a, y) for a in range(x)]
    diagonal = [(x - k, y - k) for k in range(min(x, y), 0, -1)]
    return row + column + diagonal


def losing_cnf(max_pile: int) -> list[list[int]]:
    """The clauses saying p(x, y) iff no move from (x, y) reaches p, for x, y <= max_pile."""
    clauses: list[list[int]] = []
    for x in range(max_pile + 1):
        for y in range(max_pile + 1):
            here = variable(x, y, max_pile)
            there = [variable(a, b, max_pile) for a, b in reachable(x, y)]
            clauses.append([here, *there])
            clauses.extend([-here, -other] for other in there)
    return clauses


def variables(max_pile: int) -> int:
    """How many variables the CNF for max_pile has: one per position."""
    return (max_pile + 1) ** 2


def excluding(losing: Set[Position], max_pile: int) -> list[int]:
    """The clause that is false exactly when p holds on `losing` and nowhere else."""
    return [-variable(x, y, max_pile) if (x, y) in losing else variable(x, y, max_pile)
            for x in range(max_pile + 1) for y in range(max_pile + 1)]


def comments(max_pile: int) -> list[str]:
    """The comment lines of the canonical DIMACS text of the uniqueness formula."""
    return [f"coinproofs penny: p(x, y) iff no move reaches p, both piles <= {max_pile}",
            "variable x*(M+1) + y + 1 is p(x, y); the last clause excludes the losing positions"]
