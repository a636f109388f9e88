"""The penny game (Wythoff's game): its losing positions by three roads, and how to play it.

Two piles of pennies, (x, y). A move takes k >= 1 pennies from one pile, or k from both; whoever
takes the last penny wins. A position is *losing* (a P-position) when every move from it reaches
a winning position for the opponent, that is, when no move reaches a losing position. The three
roads to the losing positions:

* the rules alone (`losing_by_rules`): scan the positions, remembering which rows, columns and
  diagonals already hold a losing position (a move stays in its row, column or diagonal);
* Wythoff's formula (`wythoff_pair`): (floor(k*phi), floor(k*phi^2)), in exact integers;
* the mex construction (`losing_by_mex`): x_k is the least pile size not yet used, y_k = x_k + k.

Two variants share the engine. Fraenkel's *a-Wythoff* game widens the move on both piles: take
k >= 1 from one pile and l >= 1 from the other with |k - l| < a (a = 1 is Wythoff's game).
In *misère* play whoever takes the last penny loses.

Positions are listed as pairs (x, y) with x <= y; each stands for its mirror image (y, x) too.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import chain, count, islice, takewhile
from math import isqrt

import numpy as np
import numpy.typing as npt

Position = tuple[int, int]

Rows = npt.NDArray[np.int64]

NONE = -1  # in a table of partners: this row holds no losing position within the square


# --- The rules alone -----------------------------------------------------------------------------

def losing_partners(max_pile: int, a: int = 1, misere: bool = False) -> Rows:
    """partners[x] = y if (x, y) is a losing position with both piles <= max_pile, else NONE.

    Each row holds at most one losing position (the larger would reach the smaller), and so does
    each column and each diagonal. Rows are scanned in order; (x, y) is losing iff no losing
    position lies to its left in the row, below it in the column, or down-left of it on a
    diagonal it can reach. That is decided for a whole row at once: the losing position of row x
    is its first cell whose column and reachable diagonals are still free of losing positions.
    Time O(max_pile^2) (vectorised a row at a time), memory O(max_pile).

    >>> losing_partners(10).tolist()
    [0, 2, 1, 5, 7, 3, 10, 4, -1, -1, 6]
    >>> losing_partners(4, misere=True).tolist()
    [1, 0, 2, -1, -1]
    """
    check_variant(max_pile, a)
    size = max_pile + 1
    partners = np.full(size, NONE, dtype=np.int64)
    column_free = np.ones(size, dtype=np.bool_)
    # diagonal_row[d + offset] = the row of the losing position on diagonal d = y - x (or `size`,
    # meaning none yet); padded by a - 1 on both sides so that every reachable diagonal exists.
    offset = max_pile + a - 1
    diagonal_row = np.full(2 * offset + 1, size, dtype=np.int64)
    for x in range(size):
        free = column_free.copy()
        for e in range(1 - a, a):
            # From (x, x + d) a move to (x', x' + d + e), x' < x, takes x - x' from the first pile
            # and x - x' - e from the second: both at least 1 iff x' < min(x, x - e).
            start = offset + e - x  # the index of diagonal (0 - x) + e
            free &= diagonal_row[start:start + size] >= min(x, x - e)
        if misere and x == 0:
            free[0] = False  # the player facing (0, 0) has won: the opponent took the last penny
        if free.any():
            y = int(free.argmax())
            partners[x] = y
            column_free[y] = False
            diagonal_row[offset + y - x] = x
    return partners


def losing_by_rules(max_pile: int, a: int = 1, misere: bool = False) -> list[Position]:
    """The losing positions (x <= y) with both piles <= max_pile, from the rules alone.

    >>> losing_by_rules(10)
    [(0, 0), (1, 2), (3, 5), (4, 7), (6, 10)]
    >>> losing_by_rules(10, a=2)
    [(0, 0), (1, 3), (2, 6), (4, 10)]
    """
    return pairs_from_partners(losing_partners(max_pile, a, misere))


def pairs_from_partners(partners: Rows) -> list[Position]:
    """The pairs (x, y), x <= y, of a table of partners."""
    return [(x, int(y)) for x, y in enumerate(partners) if x <= y]


def check_variant(max_pile: int, a: int) -> None:
    """Raise ValueError for a negative maximum pile or a game parameter a below 1."""
    if max_pile < 0:
        raise ValueError(f"the maximum pile must not be negative, not {max_pile}")
    if a < 1:
        raise ValueError(f"the a-Wythoff parameter a must be at least 1, not {a}")


# --- Wythoff's formula, in exact integers --------------------------------------------------------

def wythoff_pair(k: int, a: int = 1) -> Position:
    """The k-th losing position (floor(k*alpha), floor(k*alpha) + a*k), without floating point.

    alpha = (2 - a + sqrt(a^2 + 4)) / 2, the golden ratio phi for a = 1. Since floor((m + t)/2)
    = floor((m + floor(t))/2) for every integer m and real t, and floor(k*sqrt(a^2 + 4)) =
    isqrt(k^2 * (a^2 + 4)), floor(k*alpha) = (k*(2 - a) + isqrt(k^2 * (a^2 + 4))) // 2; for
    a = 1 that is (k + isqrt(5*k*k)) // 2.

    >>> [wythoff_pair(k) for k in range(5)]
    [(0, 0), (1, 2), (3, 5), (4, 7), (6, 10)]
    >>> wythoff_pair(10**30)[0]  # floor(10^30 * phi)
    1618033988749894848204586834365
    """
    x = (k * (2 - a) + isqrt(k * k * (a * a + 4))) // 2
    return x, x + a * k


def wythoff_pairs(a: int = 1) -> Iterator[Position]:
    """Every losing position by the formula, k = 0, 1, 2, ..."""
    return (wythoff_pair(k, a) for k in count())


MISERE_START = [(0, 1), (2, 2)]  # misère play: these replace (0, 0) and (1, 2)


def losing_by_formula(max_pile: int, a: int = 1, misere: bool = False) -> list[Position]:
    """The losing positions (x <= y) with both piles <= max_pile, by the formula.

    Misère play differs from normal play only in the smallest positions: (0, 0) is won (the
    opponent took the last penny), so (0, 1) is lost, and (2, 2) takes the place of (1, 2).

    >>> losing_by_formula(10, misere=True)
    [(0, 1), (2, 2), (3, 5), (4, 7), (6, 10)]
    """
    check_variant(max_pile, a)
    if misere and a != 1:
        raise ValueError("the misère formula is known here only for Wythoff's game (a = 1)")
    pairs = wythoff_pairs(a)
    if misere:
        pairs = chain(MISERE_START, islice(pairs, 2, None))
    return list(takewhile(lambda pair: pair[1] <= max_pile, pairs))


# --- The mex construction ------------------------------------------------------------------------

def losing_by_mex(max_pile: int, a: int = 1) -> list[Position]:
    """The losing positions (x <= y) with both piles <= max_pile, by the mex construction:
    x_k is the least pile size that no earlier pair uses, and y_k = x_k + a*k.

    >>> losing_by_mex(20)
    [(0, 0), (1, 2), (3, 5), (4, 7), (6, 10), (8, 13), (9, 15), (11, 18), (12, 20)]
    """
    check_variant(max_pile, a)
    used = np.zeros(max_pile + 1, dtype=np.bool_)  # pile sizes <= max_pile taken by some pair
    pairs: list[Position] = []
    x, k = 0, 0
    while x + a * k <= max_pile:
        pairs.append((x, x + a * k))
        used[x] = used[x + a * k] = True
        k += 1
        while x <= max_pile and used[x]:
            x += 1
    return pairs


# --- Playing: partners, winning moves, totals ----------------------------------------------------

def partner(n: int) -> int:
    """The pile m for which (n, m) is losing: every pile size n has exactly one such partner.

    If n = floor(k*phi) (n >= 1) then k is floor(n/phi) + 1; if n = floor(k*phi^2) then k is
    n - floor(n/phi); floor(n/phi) = floor(n*(sqrt(5) - 1)/2) = (isqrt(5*n*n) - n) // 2.

    >>> [partner(n) for n in range(11)]
    [0, 2, 1, 5, 7, 3, 10, 4, 13, 15, 6]
    """
    if n < 0:
        raise ValueError(f"a pile cannot hold {n} pennies")
    below = (isqrt(5 * n * n) - n) // 2  # floor(n / phi)
    smaller, larger = wythoff_pair(below + 1)
    if smaller == n:
        return larger
    smaller, larger = wythoff_pair(n - below)
    assert larger == n, f"Beatty's theorem: {n} is floor(k*phi) or floor(k*phi^2) for some k"
    return smaller


def is_losing(x: int, y: int) -> bool:
    """Is (x, y) a losing position for the player to move?

    >>> is_losing(24, 39), is_losing(75, 90)
    (True, False)
    """
    return partner(x) == y


def winning_moves(x: int, y: int) -> list[Position]:
    """Every losing position reachable from (x, y) in one move: none if (x, y) is itself losing,
    otherwise one, two or three (at most one on its row, its column and its diagonal).

    >>> winning_moves(3, 7)   # take 2 from the second pile
    [(3, 5)]
    >>> winning_moves(75, 90)  # take 44 from the second pile, or 51 from both (the blog's move)
    [(75, 46), (24, 39)]
    >>> winning_moves(24, 39)
    []
    """
    moves = []
    if partner(x) < y:
        moves.append((x, partner(x)))
    if partner(y) < x:
        moves.append((partner(y), y))
    smaller = wythoff_pair(abs(x - y))[0]  # the losing position on the diagonal of (x, y)
    if smaller < min(x, y):
        removed = min(x, y) - smaller
        moves.append((x - removed, y - removed))
    return moves


def losing_splits(lo: int, hi: int) -> list[Position]:
    """The losing positions (x <= y) with lo <= x + y <= hi pennies in all.

    The k-th pair holds 2*floor(k*phi) + k <= k*phi^3 pennies (phi^3 = 2*phi + 1 = 2 + sqrt(5)),
    so no pair before k = floor(lo / phi^3) = isqrt(5*lo*lo) - 2*lo holds lo pennies.

    >>> losing_splits(20, 30)
    [(8, 13), (9, 15), (11, 18)]
    """
    if not 0 <= lo <= hi:
        raise ValueError(f"the totals must satisfy 0 <= LO <= HI, not LO = {lo}, HI = {hi}")
    first = isqrt(5 * lo * lo) - 2 * lo
    pairs = (wythoff_pair(k) for k in count(first))
    return [(x, y) for x, y in takewhile(lambda pair: sum(pair) <= hi, pairs) if x + y >= lo]
