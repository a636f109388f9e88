"""The devil's invariants of the rotating-table family: the fast engine's road to "no strategy
wins" without listing every reachable belief.

A member of the family is a :class:`~coinproofs.games.devil.Table`: n dials with q states, the
devil's group G of permutations of the positions, the goal "zero" or "equal" (rules and
conventions in ``games/devil.py``). States and moves are ints in base q.

A *devil invariant* is a nonempty set I of non-goal states, closed under G, such that for every
state s of I and every move m some permutation g keeps g(s) + m in I: then the devil keeps the
game in I forever and no strategy wins. devil_invariant computes the largest one (removing
the orbits from which some move escapes, until none does), or None. One move per orbit of
moves is enough: g(s) + g(m) = g(s + m) and I is closed under G.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from coinproofs.games.devil import (
    Game,
    Table,
    _added,
    _goal_states,
    _least_in_orbits,
    as_table,
)


def _orbit_numbers(t: Table) -> tuple[npt.NDArray[np.intp], npt.NDArray[np.int64]]:
    """The devil's orbit number of every state (goal states keep their own orbits), and the
    least member of each orbit."""
    leaders, index = np.unique(_least_in_orbits(t), return_inverse=True)
    return index.ravel(), leaders


def devil_invariant(game: Game) -> list[int] | None:
    """The largest devil invariant, as the least members of its orbits, or None if there is
    none (see the module's docstring).

    >>> devil_invariant(3)  # THH and TTH: the devil keeps a coin different from the others
    [1, 3]
    >>> devil_invariant(4) is None
    True
    """
    t = as_table(game)
    index, leaders = _orbit_numbers(t)
    inside = np.ones(t.size, dtype=bool)
    inside[_goal_states(t)] = False
    moves = [int(m) for m in leaders]  # one move per orbit of moves is enough (I is closed)
    changed = True
    while changed and inside.any():
        changed = False
        for move in moves:
            stays = inside[_added(move, t)]  # stays[x]: x + move is in I
            kept = np.bincount(index, weights=stays, minlength=len(leaders)) > 0
            shrunk = inside & kept[index]  # some member of s's orbit stays in I
            if not np.array_equal(shrunk, inside):
                inside, changed = shrunk, True
    if not inside.any():
        return None
    return sorted(int(x) for x in np.unique(_least_in_orbits(t)[inside]))
