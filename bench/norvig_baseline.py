"""The notebook's final algorithm, re-implemented plainly, as the benchmark's yardstick.

Peter Norvig's "The Devil and the Coin Flip Game" searches belief states breadth-first: coins
are strings of 'H'/'T' named by their alphabetically least rotation, a belief is a frozenset
of such strings, moves are one per canonical coin string (the positions of its heads), and a
generic search keeps a queue of (strategy, belief) pairs and a set of explored beliefs. This
module follows that design step for step (written afresh, not copied), so that timing it
measures what the notebook's approach costs.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Hashable, Iterable
from itertools import product
from typing import TypeVar

Coins = str  # e.g. 'HHTT', canonical: the least of its rotations
Belief = frozenset[Coins]  # the coin sequences the player cannot rule out
Move = frozenset[int]  # the positions to flip
State = TypeVar("State", bound=Hashable)
Action = TypeVar("Action")


def rotations(coins: str) -> set[str]:
    """Every rotation of a coin sequence."""
    return {coins[r:] + coins[:r] for r in range(len(coins))}


def canonical(coins: Iterable[str]) -> Coins:
    """The alphabetically least rotation: one name for all the ways the table can be turned."""
    return min(rotations("".join(coins)))


def all_coins(n: int) -> Belief:
    """Every canonical sequence of n coins: the initial belief."""
    return frozenset(canonical(c) for c in product("HT", repeat=n))


def all_moves(n: int) -> list[Move]:
    """One move per canonical sequence: flip the positions where it shows heads."""
    return [frozenset(i for i, c in enumerate(coins) if c == "H") for coins in sorted(all_coins(n))]


def flip(coins: Coins, move: Move) -> Coins:
    """Flip the coins at the move's positions, unless all show heads (the game is over)."""
    if "T" not in coins:
        return coins
    return canonical(("T" if c == "H" else "H") if i in move else c for i, c in enumerate(coins))


def update(belief: Belief, move: Move) -> Belief:
    """Every sequence the devil can produce: any rotation of any believed sequence, flipped."""
    return frozenset(flip(turned, move) for coins in belief for turned in rotations(coins))


def search(start: State, goal: State, actions: list[Action],
           result: Callable[[State, Action], State]) -> tuple[Action, ...] | None:
    """Breadth-first search from start to goal; the actions that get there, or None."""
    explored = {start}
    queue: deque[tuple[tuple[Action, ...], State]] = deque([((), start)])
    while queue:
        strategy, state = queue.popleft()
        if state == goal:
            return strategy
        for action in actions:
            after = result(state, action)
            if after not in explored:
                explored.add(after)
                queue.append(((*strategy, action), after))
    return None


def coin_search(n: int) -> tuple[Move, ...] | None:
    """A shortest winning strategy for n coins, found the notebook's way."""
    return search(all_coins(n), frozenset({"H" * n}), all_moves(n), update)
