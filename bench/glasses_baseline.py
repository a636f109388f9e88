"""The glasses puzzle straight from the rules, for the benchmark's baseline and the tests:
explicit sets of states, every grab, no orbits, no symmetry, value iteration.

>>> brute_force_value(3, 2), brute_force_value(4, 1)
(2, inf)
"""

from __future__ import annotations

import itertools
import math


def brute_force_value(n: int, k: int) -> float:
    """The shortest worst-case number of turns (math.inf if none wins), by value iteration
    over every set of states reachable from the start, straight from the rules."""
    everything = (1 << n) - 1

    def after(states: frozenset[int], hands: tuple[int, ...], turn: tuple[int, ...]
              ) -> frozenset[int]:
        result = set()
        for state in states:
            for p in turn:
                state ^= 1 << p
            if state not in (0, everything):
                result |= {((state << r) | (state >> (n - r))) & everything for r in range(n)}
        return frozenset(result)

    def options(states: frozenset[int]) -> list[list[list[frozenset[int]]]]:
        """For each grab, for each feel that can happen, the sets after each turn."""
        result = []
        for hands in itertools.combinations(range(n), k):
            feels: dict[tuple[int, ...], set[int]] = {}
            for state in states:
                feels.setdefault(tuple(state >> p & 1 for p in hands), set()).add(state)
            result.append([[after(frozenset(part), hands, turn)
                            for size in range(k + 1)
                            for turn in itertools.combinations(hands, size)]
                           for part in feels.values()])
        return result

    start = frozenset(s for s in range(1 << n) if s not in (0, everything))
    graph, waiting = {}, [start]
    while waiting:
        states = waiting.pop()
        if states in graph:
            continue
        graph[states] = options(states)
        waiting += [nxt for grab in graph[states] for feel in grab for nxt in feel]
    value: dict[frozenset[int], float] = {states: math.inf for states in graph}
    value[frozenset()] = 0
    changed = True
    while changed:
        changed = False
        for states, grabs in graph.items():
            if states:
                best = 1 + min(max(min(value[nxt] for nxt in feel) for feel in grab)
                               for grab in grabs)
                if best < value[states]:
                    value[states], changed = best, True
    return value[start] if start else 0
