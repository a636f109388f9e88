"""How many shortest winning strategies a table has, counted two independent ways.

What counts as distinct (docs/family.md, "Counts of shortest strategies"):

- **sequences**: a strategy is a sequence of L moves, each move any vector of Z_q^n (for coins:
  any set of positions to flip, the empty move included); two strategies are distinct if they
  differ in some move. L is the length of a shortest winning strategy.
- **up to the group**: two strategies are the same if, move by move, each move is the other's
  permuted by some element of the devil's group (chosen afresh for each move). This is the
  number of sequences of orbits of moves; it does not depend on which member of an orbit is
  played, since the devil permutes before each move anyway.

Road 1, count_paths: the winning strategies of L moves are the paths of L steps from the
initial belief to the goal in the graph of beliefs (over orbits), and every step of such a path
goes from breadth-first layer d to layer d + 1 (a belief reached after d moves from which the
goal is L - d moves away is first reached at depth d exactly). So the count is a sum over the
layers with exact integers, one weight per class of moves that act alike on beliefs.

Road 2, count_by_enumeration: depth-first over the moves themselves (one per orbit of moves),
with the plain set of states the dials may be in (no orbits, no layers), cut off by a bound a
winning strategy must meet: if the devil always plays the identity, a state s is at the goal
after i more moves only if s + Q_i is a goal state (Q_i the sum of those moves), so at most
(remaining moves + 1) times (number of goal states) distinct states can be finished in time.
Small tables only.

>>> count_paths(2)
Counts(length=3, sequences=2, up_to_group=1)
>>> count_by_enumeration(2) == count_paths(2)
True
"""

from __future__ import annotations

from dataclasses import dataclass

from coinproofs.games.devil import (
    Game,
    added,
    as_table,
    elements,
    goal_states,
    initial_belief,
    least_members,
    move_classes,
    permute,
    search,
    update,
)

GOAL = 1  # the belief {goal orbit}: orbit 0 is the goal's
MAX_ENUMERATED_NODES = 2_000_000  # count_by_enumeration gives up beyond this many visits


@dataclass(frozen=True)
class Counts:
    """The shortest length L (None: no strategy wins) and how many winning strategies of L
    moves there are, as sequences of moves and up to the devil's group."""

    length: int | None
    sequences: int
    up_to_group: int


def count_paths(game: Game) -> Counts:
    """The shortest winning strategies counted as paths through the breadth-first layers of
    beliefs (road 1 in the module's docstring).

    >>> count_paths(4).length, count_paths(3)
    (15, Counts(length=None, sequences=0, up_to_group=0))
    """
    t = as_table(game)
    result = search(t)
    if result.strategy is None:
        return Counts(None, 0, 0)
    length = len(result.strategy)
    if length == 0:
        return Counts(0, 1, 1)  # the empty strategy: won before any move
    moves, sizes, orbits_in = move_classes(t)
    layers = [{int(b) for b in layer} for layer in result.layers] + [{GOAL}]
    ways: dict[int, tuple[int, int]] = {initial_belief(t): (1, 1)}
    for depth in range(length):
        after: dict[int, tuple[int, int]] = {}
        for belief, (sequences, up_to_group) in ways.items():
            for move, size, orbits in zip(moves, sizes, orbits_in, strict=True):
                image = update(belief, move, t)
                if image in layers[depth + 1]:
                    old = after.get(image, (0, 0))
                    after[image] = (old[0] + sequences * size, old[1] + up_to_group * orbits)
        ways = after
    sequences, up_to_group = ways.get(GOAL, (0, 0))
    return Counts(length, sequences, up_to_group)


def count_by_enumeration(game: Game, length: int | None = None,
                         max_nodes: int = MAX_ENUMERATED_NODES) -> Counts:
    """The winning strategies of `length` moves (default: the shortest length, from search)
    counted one by one over plain sets of states (road 2 in the module's docstring); a
    ValueError if that would visit more than `max_nodes` sets.

    >>> count_by_enumeration(1)
    Counts(length=1, sequences=1, up_to_group=1)
    """
    t = as_table(game)
    if length is None:
        strategy = search(t).strategy
        if strategy is None:
            return Counts(None, 0, 0)
        length = len(strategy)
    group = elements(t)
    goal = frozenset(int(s) for s in goal_states(t))
    least = least_members(t)
    orbit_moves = sorted({int(m) for m in least})
    orbit_size = {m: int((least == m).sum()) for m in orbit_moves}
    visits = 0

    def after(states: frozenset[int], move: int) -> frozenset[int]:
        """Every unfinished state, permuted every way, then moved; finished states stay."""
        moved = added(move, t)
        return frozenset(s if s in goal else int(moved[permute(s, g, t)])
                         for s in states for g in ([()] if s in goal else group))

    def count(states: frozenset[int], left: int) -> tuple[int, int]:
        nonlocal visits
        visits += 1
        if visits > max_nodes:
            raise ValueError(f"counting by enumeration visits more than {max_nodes:,} sets "
                             "of states")
        unfinished = len(states - goal)
        if unfinished == 0:
            return (t.size ** left, len(orbit_moves) ** left)  # any moves after the goal
        if unfinished > left * len(goal):  # see the module's docstring
            return (0, 0)
        sequences = up_to_group = 0
        for move in orbit_moves:
            more = count(after(states, move), left - 1)
            sequences += orbit_size[move] * more[0]
            up_to_group += more[1]
        return sequences, up_to_group

    sequences, up_to_group = count(frozenset(range(t.size)), length)
    return Counts(length, sequences, up_to_group)
