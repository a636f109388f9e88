"""Gardner's glasses with hands, for use from Python: ``cp.glasses.solve(4, hands=2)``.

N glasses stand on a rotating tray, each up or down. The blindfolded player has K hands:
each turn it names K positions, feels how those glasses stand, and turns over any of them;
then the devil turns the tray. The player wins the moment all glasses stand alike.
Strategies are trees (JSON, docs/glasses.md).

>>> import coinproofs as cp
>>> cp.glasses.solve(4, hands=2)
Solution(n=4, hands=2, 5 turns in the worst case, shortest)
>>> cp.glasses.check(cp.glasses.solve(4, hands=2).strategy, 4, hands=2).wins
True
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from coinproofs.arguments import whole
from coinproofs.display import paragraph

if TYPE_CHECKING:
    from matplotlib.figure import Figure

__all__ = ["Check", "Solution", "check", "solve"]


@dataclass(frozen=True)
class Solution:
    """What the AND-OR search found for n glasses and `hands` hands: a strategy (`strategy`,
    a JSON tree) taking `length` turns in the worst case (`shortest`: none takes fewer), or,
    when none wins, the orbits the devil keeps the glasses in forever (`invariant`)."""

    n: int
    hands: int
    length: int | None
    shortest: bool
    strategy: Any = field(repr=False)
    invariant: list[str] | None = field(repr=False)

    @property
    def wins(self) -> bool:
        """Does some strategy always win?"""
        return self.length is not None

    def __repr__(self) -> str:
        if self.length is None:
            return f"Solution(n={self.n}, hands={self.hands}, no strategy wins)"
        return (f"Solution(n={self.n}, hands={self.hands}, {self.length} turns in the worst "
                f"case{', shortest' if self.shortest else ''})")

    def lines(self) -> list[str]:
        """The strategy as an indented tree: what to grab, what to turn for each feel."""
        # deferred: 106 ms of CPU to load (docs/design.md, "Imports")
        from coinproofs.games.glasses import strategy_lines

        return list(strategy_lines(self.strategy))

    def figure(self) -> Figure:
        """The strategy tree as a picture, each different turn drawn once."""
        # deferred: 544 ms of CPU to load (docs/design.md, "Imports")
        from coinproofs.pictures import strategy_figure

        if self.length is None:
            raise ValueError(f"no strategy wins with {self.n} glasses and {self.hands} hands: "
                             "there is no tree to draw")
        return strategy_figure(self.strategy, self.n, self.hands, self.length)

    def _repr_html_(self) -> str:
        if self.length is None:
            return paragraph(f"{self.n} glasses, {self.hands} hands: no strategy wins; the "
                             "devil keeps the glasses in " + ", ".join(self.invariant or []))
        which = "the shortest strategy" if self.shortest else "a strategy"
        return paragraph(f"{self.n} glasses, {self.hands} hands: {which} takes {self.length} "
                         "turns in the worst case", "\n".join(self.lines()))


def solve(n: int, hands: int, within: int | None = None) -> Solution:
    """The shortest worst-case number of turns for n glasses (n <= 8) and `hands` hands, and
    a strategy that achieves it, by AND-OR search over beliefs; with `within`, any strategy of
    at most that many turns (faster where the shortest is hard to prove).

    >>> solve(4, hands=1).invariant
    ['DUUU', 'DDUU', 'DUDU', 'DDDU']
    """
    # deferred: 106 ms of CPU to load (docs/design.md, "Imports")
    from coinproofs.games.devil import orbits
    from coinproofs.games.glasses import check_size, glasses_text, strategy_to_json
    from coinproofs.games.glasses import solve as search

    n, hands = whole(n, "n", 1), whole(hands, "hands")
    check_size(n, hands)
    found = search(n, hands, None, None if within is None else whole(within, "within"))
    kept = None if found.length is not None else [
        glasses_text(least, n) for j, least in enumerate(orbits(n)) if found.invariant >> j & 1]
    return Solution(n, hands, found.length, bool(found.shortest) and found.length is not None,
                    strategy_to_json(found.tree), kept)


@dataclass(frozen=True)
class Check:
    """The kernel's exact check of a glasses strategy: `wins` within `turns` turns from every
    start against every rotation and feel, or a game it loses (`counterexample`: the start,
    the devil's rotations, and why)."""

    n: int
    hands: int
    turns: int | None
    counterexample: dict[str, Any] | None = field(repr=False)

    @property
    def wins(self) -> bool:
        """Does the strategy always win?"""
        return self.counterexample is None

    def __str__(self) -> str:
        if self.counterexample is None:
            return (f"wins: all glasses stand alike within {self.turns} turns, from every start "
                    "against every rotation")
        return f"loses: {self.counterexample['why']}"

    def _repr_html_(self) -> str:
        return paragraph(str(self))


def check(strategy: Any, n: int, hands: int) -> Check:
    """Check a strategy tree (as `solve` gives it, or as read from JSON) for n glasses and
    `hands` hands with the kernel: every start, every rotation, every feel. A ValueError says
    what is wrong with a malformed tree."""
    # deferred: 128 ms of CPU to load (docs/design.md, "Imports")
    from coinproofs.verify.certificate import Rejected
    from coinproofs.verify.glasses import Escape, Strategy, letters

    n, hands = whole(n, "n", 1), whole(hands, "hands")
    try:
        tree = Strategy(json.loads(json.dumps(strategy)), n, hands)
        return Check(n, hands, tree.play(), None)
    except Escape as lost:
        return Check(n, hands, None, {"start": letters(lost.game.start, n),
                                      "rotations": list(lost.game.rotations),
                                      "why": tree.escape_text(lost)})
    except Rejected as error:
        raise ValueError(str(error)) from None
