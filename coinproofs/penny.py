"""The penny game (Wythoff's game), for use from Python: ``cp.penny.losing_positions(30)``.

Two piles of pennies, (a, b). A move takes k >= 1 pennies from one pile, or k from both;
whoever takes the last penny wins. A position is *losing* when every move from it leaves the
opponent a winning one.

>>> import coinproofs as cp
>>> cp.penny.losing_positions(10)
[(0, 0), (1, 2), (3, 5), (4, 7), (6, 10)]
>>> cp.penny.best_move(75, 90)
Move(take=(0, 44), to=(75, 46))
>>> cp.penny.totals(20, 30)
Totals(20..30: the first player loses only from (8, 13), (9, 15), (11, 18); \
the totals 20, 22, 23, 25, 26, 27, 28, 30 win however split)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from coinproofs.arguments import whole
from coinproofs.games import penny
from coinproofs.games.penny import is_losing as losing

if TYPE_CHECKING:
    from matplotlib.figure import Figure

Position = tuple[int, int]

__all__ = ["MAX_BY_RULES", "MAX_LISTED", "Move", "Totals", "best_move", "figure", "is_losing",
           "losing_positions", "totals", "winning_moves"]

# The rules-only scan takes time proportional to M^2 (half a second at M = 30,000); the
# formula and the mex construction take memory proportional to M.
#: The largest pile `losing_positions` scans by the rules alone (time grows as M^2).
MAX_BY_RULES = 100_000
#: The largest pile `losing_positions` lists by any road (memory grows as M).
MAX_LISTED = 1_000_000
MAX_TOTALS = 1_000_000  # totals LO..HI are listed one by one
ROADS = ("rules", "formula", "mex")


def losing_positions(largest: int, by: str = "rules") -> list[Position]:
    """The losing positions (x, y), x <= y, with both piles at most `largest` (each mirror
    image (y, x) loses too): from the rules alone (time grows as largest^2), by Wythoff's
    formula (floor(k*phi), floor(k*phi^2)), or by the mex construction.

    >>> losing_positions(20, by="formula") == losing_positions(20) == losing_positions(20, "mex")
    True
    """
    whole(largest, "largest")
    if by not in ROADS:
        raise ValueError(f"by must be one of {', '.join(ROADS)}, not {by!r}")
    if by == "rules" and largest > MAX_BY_RULES:
        raise ValueError(f"{largest:,} is too large for the rules-only scan, whose time grows "
                         f"as M^2: choose at most {MAX_BY_RULES:,} (or by='formula')")
    if largest > MAX_LISTED:
        raise ValueError(f"{largest:,} is too large: its losing positions would not fit in "
                         f"memory; choose at most {MAX_LISTED:,}")
    find = {"rules": penny.losing_by_rules, "formula": penny.losing_by_formula,
            "mex": penny.losing_by_mex}[by]
    return find(largest)


def is_losing(a: int, b: int) -> bool:
    """Is (a, b) a losing position for the player to move?

    >>> is_losing(24, 39), is_losing(39, 24), is_losing(75, 90)
    (True, True, False)
    """
    return losing(whole(a, "a"), whole(b, "b"))


@dataclass(frozen=True)
class Move:
    """A move of the penny game: the pennies taken from each pile, and the position left."""

    take: Position
    to: Position

    def __str__(self) -> str:
        first, second = self.take
        if first and second:
            words = f"take {first} from both piles"
        elif first:
            words = f"take {first} from the first pile"
        else:
            words = f"take {second} from the second pile"
        return f"{words} -> {self.to}"


def winning_moves(a: int, b: int) -> list[Move]:
    """Every move from (a, b) that leaves the opponent a losing position (none if (a, b) is
    losing; at most three).

    >>> [str(move) for move in winning_moves(75, 90)]
    ['take 44 from the second pile -> (75, 46)', 'take 51 from both piles -> (24, 39)']
    """
    a, b = whole(a, "a"), whole(b, "b")
    return [Move((a - x, b - y), (x, y)) for x, y in penny.winning_moves(a, b)]


def best_move(a: int, b: int) -> Move | None:
    """A move from (a, b) that leaves the opponent lost (the one taking fewest pennies), or
    None if (a, b) is losing.

    >>> best_move(3, 7), best_move(3, 5)
    (Move(take=(0, 2), to=(3, 5)), None)
    """
    moves = winning_moves(a, b)
    return min(moves, key=lambda move: sum(move.take), default=None)


@dataclass(frozen=True)
class Totals:
    """The Riddler's question for totals lo..hi: the splits (x, y), x <= y, from which the
    first player loses, the totals that have such a split, and those that guarantee the first
    player a win however they are split."""

    lo: int
    hi: int
    losing: list[Position]
    losing_totals: list[int]
    winning_totals: list[int]

    def __repr__(self) -> str:
        losing = (f"loses only from {_listed(self.losing)}" if self.losing
                  else "loses from no split")
        winning = (f"the totals {_listed(self.winning_totals)} win" if self.winning_totals
                   else "no total wins")
        return (f"Totals({self.lo:,}..{self.hi:,}: the first player {losing}; {winning} "
                "however split)")

    def as_json(self) -> dict[str, Any]:
        """What `coinproofs penny totals --json` prints."""
        return {"lo": self.lo, "hi": self.hi, "losing": [list(pair) for pair in self.losing],
                "losing_totals": self.losing_totals, "winning_totals": self.winning_totals}


def _listed(items: list[Any], shown: int = 10) -> str:
    """The first `shown` items, then how many there are: a range of a million totals stays
    one readable line."""
    if len(items) <= shown:
        return ", ".join(map(str, items))
    return f"{', '.join(map(str, items[:shown]))}, ... ({len(items):,} in all)"


def totals(lo: int, hi: int) -> Totals:
    """For totals of lo..hi pennies: the splits from which the first player loses, the totals
    that have one, and the totals that guarantee the first player a win (the Riddler).

    >>> totals(20, 30).losing_totals
    [21, 24, 29]
    """
    lo, hi = whole(lo, "lo"), whole(hi, "hi")
    if lo > hi:
        raise ValueError(f"LO ({lo}) must not exceed HI ({hi})")
    if hi - lo >= MAX_TOTALS:
        raise ValueError(f"LO..HI spans {hi - lo + 1:,} totals; choose a range of at most "
                         f"{MAX_TOTALS:,}")
    losing = penny.losing_splits(lo, hi)
    losing_totals = sorted({x + y for x, y in losing})
    return Totals(lo, hi, losing, losing_totals,
                  sorted(set(range(lo, hi + 1)) - set(losing_totals)))


def figure(largest: int, by: str = "rules") -> Figure:
    """The losing positions with both piles <= largest, with the two golden-ratio lines."""
    # deferred: 513 ms of CPU to load (docs/design.md, "Imports")
    from coinproofs.pictures import penny_figure

    return penny_figure(losing_positions(largest, by), largest)
