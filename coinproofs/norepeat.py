"""No repeats (Enigma 1404), for use from Python: ``cp.norepeat.winner(3)``.

A row of n coins, all heads. Players take turns to turn over one coin and may never make a
pattern that has occurred before. Normal play: whoever cannot move loses; misère: whoever
cannot move wins. The first player is Amber, the second Ben.

>>> import coinproofs as cp
>>> cp.norepeat.winner(3), cp.norepeat.winner(3, misere=True)
('first', 'second')
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Callable
    from pathlib import Path

    from coinproofs.games.norepeat import NoRepeats

__all__ = ["MATCHING_COINS", "solve", "winner"]

MATCHING_COINS = 20  # normal play: a perfect matching is listed (and proved) up to here


def solve(n: int, misere: bool = False, seconds: float | None = None,
          started: Callable[[NoRepeats], None] | None = None,
          checkpoint: Path | None = None) -> NoRepeats:
    """The game on n coins (n <= 6), solved by search up to symmetry within `seconds` (by
    default a minute, three hours for six coins under misère play, which takes about half an
    hour and up to 12 GiB of memory): its `winner`, the winner's `strategy()` (up to five
    coins), and how many `positions` it searched. A ValueError says what to do instead when the
    search cannot settle it. `started` is handed the game as the search begins (to show its
    progress). With a `checkpoint` file, the native search (six coins) saves its table there
    every ten minutes and when it stops, and resumes from it if it exists.

    >>> game = solve(2)
    >>> game.winner, game.strategy()
    ('first', {1: 0, 11: 1})
    """
    from coinproofs.arguments import flag, whole
    from coinproofs.arguments import seconds as positive_seconds
    from coinproofs.games.norepeat import MAX_SEARCH_COINS, NoRepeats, OutOfBudget, search_seconds

    n, misere = whole(n, "n", 1), flag(misere, "misere")
    seconds = search_seconds(n, misere) if seconds is None else positive_seconds(seconds)
    if n > MAX_SEARCH_COINS:
        raise ValueError(f"{n} coins are too many to search (the search handles at most "
                         f"{MAX_SEARCH_COINS}); {_instead(n, misere)}")
    game = NoRepeats(n, misere, seconds=seconds, checkpoint=checkpoint)
    if started is not None:
        started(game)
    try:
        _ = game.winner
    except OutOfBudget:
        raise ValueError(f"the search of {n} coins gave up after {seconds:g} s and "
                         f"{game.positions:,} positions (allow more seconds to go on); "
                         f"{_instead(n, misere)}") from None
    return game


def winner(n: int, misere: bool = False, seconds: float | None = None) -> str:
    """'first' (Amber) or 'second' (Ben): who wins on n coins with best play. Normal play
    beyond the search's reach is the first player's by a perfect matching of the n-cube
    (docs/norepeat.md; `cp.prove(f"norepeat.n{n}.normal")` certifies it up to 20 coins).

    >>> winner(4), winner(5, misere=True), winner(12)
    ('first', 'second', 'first')
    """
    from coinproofs.arguments import flag, whole
    from coinproofs.games.norepeat import MAX_SEARCH_COINS

    if whole(n, "n", 1) > MAX_SEARCH_COINS and not flag(misere, "misere"):
        return "first"  # Q_n has a perfect matching for every n >= 1
    return solve(n, misere, seconds).winner


def _instead(n: int, misere: bool) -> str:
    """Where to turn when the search cannot settle n coins."""
    if misere and n == 6:
        return ("six coins under misère play take about half an hour of one core and up to "
                "12 GiB of memory (docs/norepeat.md)")
    if misere:
        return f"misère play on {n} coins is not solved"
    if n <= MATCHING_COINS:
        return (f"for normal play a perfect matching proves that the first player wins: run "
                f"`coinproofs prove norepeat.n{n}.normal`")
    return ("for normal play a perfect matching proves that the first player wins (certificates: "
            f"`coinproofs prove 'norepeat.n*.normal'`, up to {MATCHING_COINS} coins)")
