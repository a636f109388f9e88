"""No repeats (Enigma 1404), for use from Python: ``cp.norepeat.winner(3)``.

A row of n coins, all heads. Players take turns to turn over one coin and may never make a
pattern that has occurred before. Normal play: whoever cannot move loses; misère: whoever
cannot move wins. The first player is Amber, the second Ben.

>>> import coinproofs as cp
>>> cp.norepeat.winner(3), cp.norepeat.winner(3, misere=True)
('first', 'second')
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from coinproofs.arguments import flag, whole
from coinproofs.arguments import seconds as positive_seconds
from coinproofs.display import paragraph

if TYPE_CHECKING:
    from collections.abc import Callable
    from pathlib import Path

    from coinproofs.games.norepeat import NoRepeats

__all__ = ["MATCHING_COINS", "Solution", "solve", "winner"]

#: Normal play: a perfect matching of the n-cube is listed (and proved) up to this many coins.
MATCHING_COINS = 20


class Solution:
    """The game on n coins, solved: its `winner` ('first' or 'second'), the winner's `player`
    name (Amber or Ben), how many `positions` the search met, and the winner's `strategy()`.
    The solved engine is `game` (its other attributes are reachable here too)."""

    def __init__(self, game: NoRepeats) -> None:
        self.game = game

    def __getattr__(self, name: str) -> Any:
        return getattr(self.game, name)

    @property
    def player(self) -> str:
        """The winner's name: Amber (first) or Ben (second)."""
        # deferred: 93 ms of CPU to load (docs/design.md, "Imports")
        from coinproofs.games.norepeat import PLAYERS

        return PLAYERS[self.game.winner]

    def strategy(self) -> dict[str, int]:
        """The winner's strategy by history: the coins turned so far ('0,2,1'; '' at the start)
        to the coin the winner turns next (up to 4 coins; beyond, see
        strategy_up_to_symmetry).

        >>> solve(2).strategy()
        {'': 0, '0,1': 0}
        """
        # deferred: 93 ms of CPU to load (docs/design.md, "Imports")
        from coinproofs.games.norepeat import TREE_COINS

        if self.game.n > TREE_COINS:
            raise ValueError(f"the strategy by history of {self.game.n} coins has millions of "
                             "entries: strategy_up_to_symmetry() gives it one per position up "
                             "to the cube's symmetries")
        return self.game.strategy_tree()

    def strategy_up_to_symmetry(self) -> dict[int, int]:
        """The winner's move at each position up to the symmetries of the n-cube, by the
        engine's key of the position (what `norepeat solve --json` prints)."""
        return self.game.strategy()

    def __repr__(self) -> str:
        rule = "misère" if self.game.misere else "normal"
        return (f"Solution(coins={self.game.n}, {rule} play: the {self.game.winner} player "
                f"({self.player}) wins; {self.game.positions:,} positions searched)")

    def _repr_html_(self) -> str:
        return paragraph(repr(self).removeprefix("Solution(").removesuffix(")"))


def solve(n: int, misere: bool = False, seconds: float | None = None,
          started: Callable[[NoRepeats], None] | None = None,
          checkpoint: Path | None = None) -> Solution:
    """The game on n coins (n <= 6), solved by search up to symmetry within `seconds` (by
    default a minute, three hours for six coins under misère play, which takes up to 12 GiB of
    memory: docs/norepeat.md): its `winner`, the winner's `strategy()`, and how many
    `positions` it searched. A ValueError says what to do instead when the search cannot
    settle it. `started` is handed the game as the search begins (to show its progress). With
    a `checkpoint` file, the native search (six coins) saves its table there every ten minutes
    and when it stops, and resumes from it if it exists; six coins under misère play have one
    by default, in the user's cache, which `coinproofs prove norepeat.n6.misere` shares
    (docs/norepeat.md, "The saved table").

    >>> game = solve(2)
    >>> game
    Solution(coins=2, normal play: the first player (Amber) wins; 4 positions searched)
    >>> game.winner, game.strategy()
    ('first', {'': 0, '0,1': 0})
    """
    # deferred: 93 ms of CPU to load (docs/design.md, "Imports")
    from coinproofs.games.norepeat import (
        MAX_SEARCH_COINS,
        NoRepeats,
        OutOfBudget,
        from_the_opening,
        saved_table,
        search_seconds,
    )

    n, misere = whole(n, "n", 1), flag(misere, "misere")
    seconds = search_seconds(n, misere) if seconds is None else positive_seconds(seconds)
    if n > MAX_SEARCH_COINS:
        raise ValueError(f"{n} coins are too many to search (the search handles at most "
                         f"{MAX_SEARCH_COINS}); {_instead(n, misere)}")
    if checkpoint is None and from_the_opening(n, misere):
        checkpoint = saved_table(n, misere)
    game = NoRepeats(n, misere, seconds=seconds, checkpoint=checkpoint)
    if started is not None:
        started(game)
    try:
        _ = game.winner
        return Solution(game)
    except OutOfBudget:
        raise ValueError(f"the search of {n} coins gave up after {seconds:g} s and "
                         f"{game.positions:,} positions (allow more seconds to go on); "
                         f"{_instead(n, misere)}") from None


def winner(n: int, misere: bool = False, seconds: float | None = None) -> str:
    """'first' (Amber) or 'second' (Ben): who wins on n coins with best play. Normal play
    beyond the search's reach is the first player's by a perfect matching of the n-cube
    (docs/norepeat.md; `cp.prove(f"norepeat.n{n}.normal")` certifies it up to 20 coins).

    >>> winner(4), winner(5, misere=True), winner(12)
    ('first', 'second', 'first')
    """
    # deferred: 93 ms of CPU to load (docs/design.md, "Imports")
    from coinproofs.games.norepeat import MAX_SEARCH_COINS

    if whole(n, "n", 1) > MAX_SEARCH_COINS and not flag(misere, "misere"):
        return "first"  # Q_n has a perfect matching for every n >= 1
    return str(solve(n, misere, seconds).game.winner)


def _instead(n: int, misere: bool) -> str:
    """Where to turn when the search cannot settle n coins."""
    if misere and n == 6:
        return ("six coins under misère play take about 25 minutes of one core and up to "
                "12 GiB of memory (docs/norepeat.md)")
    if misere and n < 6:
        return f"misère play on {n} coins settles within seconds"
    if misere:
        return f"misère play on {n} coins is not solved"
    if n <= MATCHING_COINS:
        return (f"for normal play a perfect matching proves that the first player wins: run "
                f"`coinproofs prove norepeat.n{n}.normal`")
    return ("for normal play a perfect matching proves that the first player wins (certificates: "
            f"`coinproofs prove --all 'norepeat.n*.normal'`, up to {MATCHING_COINS} coins)")
