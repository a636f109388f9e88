"""The rules of the rotating table, every member of the family (the coin flip is
``coin_flip(n)``), written again from their definitions and sharing no code with the engine,
and the checks of the devil's evidence on them: ``strategy``, ``reachability``, ``invariant``,
``count`` and ``theorem``; a claim the Coq theorems refute is refused whatever its evidence.

Prose: docs/design.md, "The rotating-table family", "Conventions" and "One kernel for the
rotating table"; docs/certificates.md, "The devil's coin flip" and the family's sections.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from math import isqrt
from typing import Any

import numpy as np
import numpy.typing as npt

from coinproofs.verify import theorems
from coinproofs.verify.certificate import Artifacts, Claim, Evidence, Rejected, expect
from coinproofs.verify.lines import declared, payload, tally
from coinproofs.verify.schema import (
    ANY,
    FILE,
    LIST,
    SHA256,
    Shape,
    count,
    declare,
    inline_or_file,
    is_count,
    list_of,
    literal,
    one_shape,
    text,
)

GROUPS = ("cyclic", "dihedral", "symmetric", "trivial", "klein", "alternating")
GOALS = ("zero", "equal")
KINDS = ("shortest", "impossible", "count", "lamping")
MAX_N = 4096  # the most positions any claim may speak of: bounds the arithmetic on n

STATES = declare("devil.states", 1 << 20, "states",
                 "the kernel keeps one entry per state of the dials (one bit for coins)")
THEOREM_BITS = declare("devil.theorem-bits", MAX_N, "bits",
                       "of q^N - 1, for a claim its theorems alone prove: the kernel keeps no "
                       "table, it lists the devil's group and does arithmetic on q^N (4,096 "
                       "coins: 4,096 bits)")
GROUP = declare("devil.group", 40320, "permutations",
                "the kernel lists every permutation of the devil's group")
ORBIT_WORK = declare("devil.orbit-work", 1 << 28, "state images",
                     "permutations times states, to find the devil's orbits")
SIMULATION = declare("devil.simulation-work", 1 << 32, "state updates",
                     "moves times states, for an exact simulation (Lamping's strategy for 16 "
                     "coins: 2^32)")
STRATEGY_MOVES = declare("devil.strategy-moves", 1 << 17, "moves",
                         "the longest strategy read (q^N - 1 = 65,535 for 16 coins)")
# The table of orbit images (orbit_images) is built before any belief is read: its size is
# checked first. 352 orbits (12 coins, the most the search proves) need 4.5 * 10^7.
ORBIT_TABLE = declare("devil.orbit-table", 1 << 27, "cells",
                      "orbits of moves x (states + orbits^2): the table of what each orbit "
                      "becomes under each move, built before reachability layers are read")
BELIEF_WORK = declare("devil.belief-work", 1 << 25, "orbit steps",
                      "beliefs x orbits of moves x orbits, for reachability layers and for "
                      "counting the shortest strategies through them")
INVARIANT = declare("devil.invariant-work", 1 << 28, "state updates",
                    "orbits of moves times states")

Permutation = tuple[int, ...]
States = npt.NDArray[np.int64]


# --- The rules ------------------------------------------------------------------------------

@dataclass(frozen=True)
class Table:
    """One member of the family: n positions, q states, the devil's generators, the goal."""

    n: int
    q: int
    generators: tuple[Permutation, ...]
    goal: str
    group: str = ""  # its name in a claim id (cyclic, ..., or generators); "" if given outright

    @property
    def size(self) -> int:  # q^n states
        return int(self.q**self.n)


# A group given by generators, as a claim id writes it, and its canonical form: docs/family.md.
POSITION = r"(?:0|[1-9][0-9]*)"
CYCLE = rf"{POSITION}(?:-{POSITION})+"
GENERATOR = rf"g{CYCLE}(?:c{CYCLE})*"
GENERATED = re.compile(rf"{GENERATOR}(?:\.{GENERATOR})*")
MAX_GENERATED_TEXT = 1 << 12  # characters: parsing is linear, and a claim id stays short


def cycles(g: Permutation) -> list[list[int]]:
    """The cycles of g that move a position, each from its least position, least first."""
    seen: set[int] = set()
    found = []
    for start in range(len(g)):
        if start not in seen and g[start] != start:
            cycle, point = [], start
            while point not in seen:
                seen.add(point)
                cycle.append(point)
                point = g[point]
            found.append(cycle)
    return found


def generated_name(generators: Sequence[Permutation]) -> str:
    """The canonical id part of the group these permutations generate ("trivial" if none
    moves a position): g0-1c2-3.g0-2c1-3 for (0 1)(2 3) and (0 2)(1 3)."""
    moving = sorted({tuple(g) for g in generators if list(g) != sorted(g)}, key=cycles)
    if not moving:
        return "trivial"
    return ".".join("g" + "c".join("-".join(map(str, cycle)) for cycle in cycles(g))
                    for g in moving)


def parse_generated(text: str, n: int) -> tuple[Permutation, ...]:
    """The permutations of 0..n-1 an id part names (see GENERATED), in its order."""
    expect(len(text) <= MAX_GENERATED_TEXT and GENERATED.fullmatch(text) is not None,
           f"{text!r} names no group: write generators as g0-1-2c3-4.g0-2, each 'g' and its "
           "cycles joined by 'c', a cycle's positions joined by '-'")
    found = []
    for written in text.split("."):
        image = list(range(n))
        points = [int(point) for cycle in written[1:].split("c") for point in cycle.split("-")]
        expect(max(points) < n, f"{written} moves position {max(points)}, but the table has "
                                f"positions 0..{n - 1}")
        expect(len(set(points)) == len(points), f"{written} names a position twice")
        for cycle in written[1:].split("c"):
            ring = [int(point) for point in cycle.split("-")]
            for a, b in zip(ring, ring[1:] + ring[:1], strict=True):
                image[a] = b
        found.append(tuple(image))
    return tuple(found)


def generated(text: str, n: int) -> tuple[Permutation, ...]:
    """The permutations of 0..n-1 a canonical id part names (see GENERATED)."""
    found = parse_generated(text, n)
    expect(generated_name(found) == text,
           f"{text} is not in canonical form: write it {generated_name(found)}")
    return found


def generated_words(generators: Sequence[Permutation]) -> str:
    """The generators in cycle notation, as statements write them: "(0 1)(2 3), (0 2)(1 3)"."""
    return ", ".join("".join("(" + " ".join(map(str, cycle)) + ")" for cycle in cycles(g))
                     for g in generators)


def named_generators(n: int, group: str) -> tuple[Permutation, ...]:
    """The generators of a named group (docs/design.md, "The rotating-table family")."""
    turn = tuple((i + 1) % n for i in range(n))
    if group == "cyclic":
        return (turn,)
    if group == "dihedral":
        return (turn, tuple(-i % n for i in range(n)))
    if group == "trivial":
        return ()
    if group == "klein":
        expect(n == 4, f"the Klein four-group acts on 4 positions, not {n}")
        return (tuple(i ^ 1 for i in range(4)), tuple(i ^ 2 for i in range(4)))
    if group == "alternating":  # (0 1 k): 0 goes to 1, 1 to k, k to 0
        return tuple(tuple({0: 1, 1: k, k: 0}.get(i, i) for i in range(n)) for k in range(2, n))
    expect(group == "symmetric", f"the devil's group is one of {', '.join(GROUPS)} or "
                                 f"generators such as g0-1c2-3.g0-2, not {group!r}")
    swap = (1, 0, *range(2, n)) if n >= 2 else (0,)
    return (turn, swap)


def named_order(n: int, group: str) -> int:
    """The order of a named group, known before listing it (so a bound's rejection says what
    the group needs, not where the listing stopped).

    >>> [named_order(4, name) for name in GROUPS]
    [4, 8, 24, 1, 4, 12]
    """
    factorial = math.prod(range(1, n + 1))
    return {"cyclic": n, "dihedral": n if n <= 2 else 2 * n, "symmetric": factorial,
            "trivial": 1, "klein": 4, "alternating": max(1, factorial // 2)}[group]


def table_of(n: int, q: int = 2, group: str = "cyclic", goal: str = "zero",
             generators: Sequence[Permutation] | None = None, tables: bool = True) -> Table:
    """The table with these options, checked; `generators` (if given) replace the group. Without
    `tables` (no table over the states), q^N is bounded by devil.theorem-bits, not devil.states."""
    expect(type(n) is int and 1 <= n <= MAX_N,
           f"the table has 1 to {MAX_N} positions, not {n!r}")
    expect(type(q) is int and q >= 2, f"a dial needs at least 2 states, not {q!r}")
    expect(goal in GOALS, f"the goal is {' or '.join(GOALS)}, not {goal!r}")
    # q^n - 1 has at least n * (bit length of q, less one) bits: past the bounds, never computed
    huge = n * (q.bit_length() - 1) > MAX_N
    size = 1 << (MAX_N + 1) if huge else q**n
    if tables:
        STATES.check(size, f"a table of {describe_dials(n, q)}")
    else:
        THEOREM_BITS.check((size - 1).bit_length(), f"q^N for {describe_dials(n, q)}")
    if generators is None and group.startswith("g"):  # written by its generators (GENERATED)
        return Table(n, q, generated(group, n), goal, group)  # its order: bounded as listed
    if generators is None:
        named = named_generators(n, group)
        GROUP.check(named_order(n, group), f"the {group} group on {n} positions")
        return Table(n, q, named, goal, group)
    for g in generators:
        expect(sorted(g) == list(range(n)), f"{list(g)} is not a permutation of 0..{n - 1}")
    return Table(n, q, tuple(tuple(g) for g in generators), goal)


def too_many_states(n: int, q: int) -> str:
    """Why an exact check refuses n dials with q states, past devil.states, in a sentence."""
    if q == 2:
        return (f"the exact check handles at most {STATES.limit.bit_length() - 1} coins (it keeps "
                f"one bit for each of the 2^N states), not {n}")
    return (f"the exact check handles at most {STATES.limit:,} states (it keeps one entry for "
            f"each), not {q}^{n}")


def coin_flip(n: int) -> Table:
    """The devil's coin flip with n coins: q = 2, the rotations, the goal all heads."""
    return table_of(n)


def is_rotations(table: Table) -> bool:
    """The devil's group is the rotations: generated by the turn i -> i + 1."""
    return table.generators == named_generators(table.n, "cyclic")


def is_coin_flip(table: Table) -> bool:
    return table.q == 2 and table.goal == "zero" and is_rotations(table)


def group(table: Table) -> tuple[Permutation, ...]:
    """Every permutation of the devil's group, within devil.group: the identity and all
    products of generators (a finite group is closed under products alone)."""
    return _closure(table.n, table.generators)


@cache  # by the positions and generators alone: one listing serves every q and goal
def _closure(n: int, generators: tuple[Permutation, ...]) -> tuple[Permutation, ...]:
    identity = tuple(range(n))
    found = {identity}
    frontier = [identity]
    while frontier:
        fresh = []
        for g in frontier:
            for h in generators:
                product = tuple(h[g[i]] for i in range(n))  # first g, then h
                if product not in found:
                    found.add(product)
                    fresh.append(product)
                    GROUP.check(len(found), "the devil's group", counted=True)
        frontier = fresh
    return tuple(sorted(found))


@cache
def digits(table: Table) -> States:
    """digits[i, x]: the dial at position i in state x, for every state x."""
    states = np.arange(table.size, dtype=np.int64)
    return np.stack([states // table.q**i % table.q for i in range(table.n)])


def value(dials: Sequence[int], table: Table) -> int:
    """The state whose dial at position i shows dials[i]."""
    return sum(d * table.q**i for i, d in enumerate(dials))


def permuted(g: Permutation, table: Table) -> States:
    """g(x) for every state x: the dial at position i moves to position g[i]."""
    weights = np.array([table.q**g[i] for i in range(table.n)], dtype=np.int64)
    moved: States = weights @ digits(table)
    return moved


def added(move: int, table: Table) -> States:
    """x + move for every state x: each dial turned by the move's digit, mod q."""
    amounts = digits(table)[:, move]
    weights = np.array([table.q**i for i in range(table.n)], dtype=np.int64)
    moved: States = weights @ ((digits(table) + amounts[:, None]) % table.q)
    return moved


@cache
def goal_states(table: Table) -> tuple[int, ...]:
    """Every goal state: 0, or the q states whose dials all show the same."""
    if table.goal == "zero":
        return (0,)
    return tuple(value([c] * table.n, table) for c in range(table.q))


def dials_text(state: int, table: Table) -> str:
    """A state as people read it: H/T for coins, else its dials' digits, position 0 first."""
    shown = [int(d) for d in digits(table)[:, state]]
    if table.q == 2:
        return "".join("T" if d else "H" for d in shown)
    return "".join(map(str, shown)) if table.q <= 10 else ".".join(map(str, shown))


# --- Coins: the coin flip's own words -------------------------------------------------------

def coins(state: int, n: int) -> str:
    """A coin state as H/T letters, position 0 first: coins(0b0010, 4) = 'HTHH'."""
    return "".join("T" if state >> i & 1 else "H" for i in range(n))


def rotate(state: int, r: int, n: int) -> int:
    """The coin state after turning the table by r: coin i moves to (i + r) mod n."""
    r %= n
    everything = (1 << n) - 1
    return ((state << r) | (state >> (n - r))) & everything


def rotations(state: int, n: int) -> list[int]:
    """The distinct coin states the devil can turn `state` into (sorted)."""
    return sorted({rotate(state, r, n) for r in range(n)})


@cache
def rotation_orbits(n: int) -> tuple[int, ...]:
    """The least member of every rotation orbit of n-coin states, in increasing order."""
    return tuple(sorted({min(rotations(s, n)) for s in range(1 << n)}))


def lamping(n: int) -> list[int]:
    """John Lamping's strategy for n = 2^k coins: for 2m coins, with the m-coin strategy o,
    d_i = o_i on both halves and s_i = o_i on the first half: d..d, s_1, d..d, s_2, ..., d..d."""
    expect(n >= 1 and n & (n - 1) == 0, f"Lamping's construction needs a power of 2, not {n}")
    strategy = [1]
    m = 1
    while m < n:
        doubled = [o | (o << m) for o in strategy]
        single = strategy
        strategy = list(doubled)
        for s in single:
            strategy += [s, *doubled]
        m *= 2
    return strategy


# --- Exact simulation of a strategy ---------------------------------------------------------
#
# X_t, the states the game may be in, unfinished, after t moves: X_0 is every state but the
# goal's, and X_t = {g(x) + m_t : x in X_{t-1}, g in G} less the goal states. A strategy wins
# iff X_L is empty. Two representations of these sets compute the same thing:
#
# * Dials: X_t as a boolean array. The states g(x) form W = the union of the orbits that meet
#   X_{t-1}, so X_t = (W + m_t) less the goal: one pass over the states per move, whatever G.
# * Coins on a rotating table, the goal all heads (the fast path): the rotation-closed set
#   P_t = {rotate(x, r) : x in X_t}, bit-packed (bit x of the array is state x). Since
#   rotate(v ^ m, r) = rotate(v, r) ^ rotate(m, r), P_t is the union over the distinct rotations
#   m' of m_t of P_{t-1} XOR m', less all heads: XOR-translations a byte at a time, no table.
#
# Every k-th set is kept, k about the square root of the length, so that a losing game is traced
# back through some 2k sets, not one per move (19,682 moves on 19,683 states would take 390 MB).

@dataclass(frozen=True)
class Counterexample:
    """A start and the devil's permutations (one before each move) that escape the strategy."""

    initial: int
    permutations: list[Permutation]

    def shown(self, table: Table) -> str:
        """The first eight rotations by r, or permutations in cycle notation, in words."""
        first = self.permutations[:8]
        more = ", ..." if len(self.permutations) > 8 else ""
        if is_rotations(table):
            turns = f"rotations [{', '.join(str(g[0]) for g in first)}{more}]"
        else:
            turns = f"permutations {generated_words(first) or '(none)'}{more}"
        return f"from {dials_text(self.initial, table)} the devil's {turns}"


def moves_from_json(raw: Iterable[Any], table: Table) -> list[int]:
    """A strategy's lists of positions as moves (a position named k < q times turns its dial
    k times), read one at a time and at most one past devil.strategy-moves."""
    strategy = []
    for i, positions in enumerate(raw, 1):
        if i > STRATEGY_MOVES.limit:
            STRATEGY_MOVES.check(i, "the strategy", counted=True)
        expect(isinstance(positions, list), f"move {i} must be a list of positions")
        expect(all(type(p) is int and 0 <= p < table.n for p in positions),
               f"move {i} names a position outside 0..{table.n - 1}")
        turns = [0] * table.n
        for p in positions[:table.n * (table.q - 1) + 1]:  # one more names some p q times
            turns[p] += 1
        expect(max(turns, default=0) < table.q,
               f"move {i} names a position twice" if table.q == 2 else
               f"move {i} names a position more than {table.q - 1} times (q = {table.q})")
        strategy.append(value(turns, table))
    return strategy


def spread(states: npt.NDArray[np.bool_], table: Table) -> npt.NDArray[np.bool_]:
    """Every state the devil can make of `states`: the union of the orbits they meet."""
    least = least_members(table)
    met = np.zeros(table.size, dtype=bool)
    met[least[states]] = True
    spread_states: npt.NDArray[np.bool_] = met[least]
    return spread_states


Sets = npt.NDArray[Any]
PossibleAt = Callable[[int], Sets]


class _Dials:
    """X_t as boolean arrays over the states (see above)."""

    def __init__(self, table: Table, strategy: Sequence[int]) -> None:
        self.table, self.strategy = table, strategy

    def start(self) -> Sets:
        start = np.ones(self.table.size, dtype=bool)
        start[list(goal_states(self.table))] = False
        return start

    def after(self, possible: Sets, t: int) -> Sets:
        """X_t from X_{t-1} = `possible`."""
        after = np.zeros(self.table.size, dtype=bool)
        after[added(self.strategy[t - 1], self.table)[spread(possible, self.table)]] = True
        after[list(goal_states(self.table))] = False
        return after

    def last(self, possible_at: PossibleAt) -> int:
        return int(np.argmax(possible_at(len(self.strategy))))

    def back(self, state: int, t: int, possible_at: PossibleAt) -> tuple[int, Permutation]:
        """A state of X_{t-1} and a permutation g that move t takes to `state`."""
        least = least_members(self.table)
        moved = _minus(state, self.strategy[t - 1], self.table)  # g(earlier)
        earlier = int(np.argmax(possible_at(t - 1) & (least == least[moved])))
        return earlier, _carrying(earlier, moved, self.table)


class _Coins:
    """P_t as bit-packed rotation-closed sets of coin states (see above)."""

    def __init__(self, table: Table, strategy: Sequence[int]) -> None:
        self.n, self.strategy = table.n, strategy
        self.turned = [rotations(move, self.n) for move in strategy]

    def start(self) -> Sets:
        members = np.ones(1 << self.n, dtype=np.bool_)
        members[0] = False  # all heads has already won
        return np.packbits(members, bitorder="little")

    def after(self, possible: Sets, t: int) -> Sets:
        result = np.zeros_like(possible)
        for m in self.turned[t - 1]:
            result |= _translate(possible, m)
        result[0] &= 0xFE  # all heads: the game is over
        return result

    def _unfinished(self, u: int, t: int, possible_at: PossibleAt) -> bool:
        """Can the game be at u, unrotated, after t moves?"""
        if u == 0 or t == 0:
            return u != 0
        x = u ^ self.strategy[t - 1]
        return bool(possible_at(t - 1)[x >> 3] >> (x & 7) & 1)

    def last(self, possible_at: PossibleAt) -> int:
        end = len(self.strategy)
        return next(u for u in range(1, 1 << self.n) if self._unfinished(u, end, possible_at))

    def back(self, state: int, t: int, possible_at: PossibleAt) -> tuple[int, Permutation]:
        before_flip = state ^ self.strategy[t - 1]  # = rotate(earlier, r) for some r
        r, earlier = next((r, rotate(before_flip, -r, self.n)) for r in range(self.n)
                          if self._unfinished(rotate(before_flip, -r, self.n), t - 1, possible_at))
        return earlier, tuple((i + r) % self.n for i in range(self.n))


@cache
def _bit_shuffles() -> npt.NDArray[np.uint8]:
    """table[t][byte]: the byte whose bit b ^ t is bit b of `byte` (XOR by t < 8 within a byte)."""
    shuffles = np.zeros((8, 256), dtype=np.uint8)
    for t in range(8):
        for byte in range(256):
            shuffles[t, byte] = sum(1 << (b ^ t) for b in range(8) if byte >> b & 1)
    return shuffles


def _translate(states: Sets, m: int) -> Sets:
    """The packed set {x ^ m : x in states}."""
    low, high = m & 7, m >> 3
    moved: Sets = states.take(np.arange(len(states)) ^ high) if high else states
    shuffled: Sets = _bit_shuffles()[low].take(moved) if low else moved.copy()
    return shuffled


def simulate(strategy: Sequence[int], table: Table) -> Counterexample | None:
    """None if the strategy wins; otherwise a game it does not win, traced back."""
    for i, move in enumerate(strategy, 1):  # every move, also those after a win
        expect(type(move) is int and 0 <= move < table.size,
               f"move {i} names a position outside 0..{table.n - 1}")
    STRATEGY_MOVES.check(len(strategy), "the strategy")
    SIMULATION.check(len(strategy) * table.size, "the exact simulation")
    sets = _Coins(table, strategy) if is_coin_flip(table) else _Dials(table, strategy)
    k = isqrt(len(strategy)) + 1
    kept = {0: sets.start()}
    possible = kept[0]
    for t in range(1, len(strategy) + 1):
        if not possible.any():
            return None  # every game is over: the moves left cannot undo that
        possible = sets.after(possible, t)
        if t % k == 0:
            kept[t] = possible
    if not possible.any():
        return None
    segment: dict[int, Sets] = {}

    def possible_at(t: int) -> Sets:  # the set after t moves, from the kept set before it
        if t not in segment:
            base = t - t % k
            segment.clear()
            segment[base] = kept[base]
            for i in range(base + 1, min(base + k, len(strategy) + 1)):
                segment[i] = sets.after(segment[i - 1], i)
        return segment[t]

    state = sets.last(possible_at)
    chosen: list[Permutation] = []
    for t in range(len(strategy), 0, -1):  # a state before move t that leads to `state`
        state, g = sets.back(state, t, possible_at)
        chosen.append(g)
    return Counterexample(state, chosen[::-1])


def play(initial: int, devil: Sequence[Permutation], strategy: Sequence[int], table: Table) -> int:
    """The final state of one game (the goal as soon as reached), straight from the rules."""
    dials = [int(d) for d in digits(table)[:, initial]]
    for g, move in zip(devil, strategy, strict=False):
        if len(set(dials)) == 1 and (table.goal == "equal" or dials[0] == 0):
            break
        moved = [0] * table.n
        for i in range(table.n):
            moved[g[i]] = dials[i]
        dials = [(d + int(t)) % table.q for d, t in zip(moved, digits(table)[:, move], strict=True)]
    return value(dials, table)


def _minus(state: int, move: int, table: Table) -> int:
    """The state x with x + move = state."""
    pairs = zip(digits(table)[:, state], digits(table)[:, move], strict=True)
    return value([(int(a) - int(b)) % table.q for a, b in pairs], table)


def _carrying(x: int, y: int, table: Table) -> Permutation:
    """A permutation of the devil's group that moves state x to state y of its orbit."""
    which = _least_and_canonizers(table)[1]
    to_least, from_y = group(table)[which[x]], group(table)[which[y]]
    back = [0] * table.n
    for i, image in enumerate(from_y):
        back[image] = i
    return tuple(back[to_least[i]] for i in range(table.n))


# --- Beliefs over orbits --------------------------------------------------------------------
#
# A belief is the set of orbits the player cannot rule out, as an int: bit j stands for orbit
# j. Orbit 0 is every goal state (merged: once any is reached the game is over); the others are
# the devil's orbits of the other states, ordered by their least member. Because a belief is
# closed under G and g(s) + g(m) = g(s + m), its image under a move depends only on the move's
# orbit, so one move per orbit (its least member) covers every move.

@cache
def _least_and_canonizers(table: Table) -> tuple[States, States]:
    """least[x], the least member of x's orbit, and the number of a g in group(table) to it."""
    ORBIT_WORK.check(len(group(table)) * table.size, "finding the orbits")
    least: States = np.arange(table.size, dtype=np.int64)
    which: States = np.zeros(table.size, dtype=np.int64)  # group(table)[0] is the identity
    for number, g in enumerate(group(table)):
        moved = permuted(g, table)
        smaller = moved < least
        least[smaller] = moved[smaller]
        which[smaller] = number
    return least, which


def least_members(table: Table) -> States:
    """least[x]: the least member of the devil's orbit of x."""
    return _least_and_canonizers(table)[0]


@cache
def orbits(table: Table) -> tuple[int, ...]:
    """The least member of every orbit, goal states merged into orbit 0 (named 0)."""
    least = least_members(table).copy()
    least[list(goal_states(table))] = 0
    return tuple(int(x) for x in np.unique(least))


@cache
def orbit_index(table: Table) -> npt.NDArray[np.intp]:
    """The orbit number of every state."""
    least = least_members(table).copy()
    least[list(goal_states(table))] = 0
    found: npt.NDArray[np.intp] = np.searchsorted(np.array(orbits(table)), least)
    return found


@cache
def move_orbits(table: Table) -> tuple[int, ...]:
    """One move per orbit of moves: the least member of each."""
    return tuple(int(x) for x in np.unique(least_members(table)))


def orbit_table_cells(table: Table) -> int:
    """The work and memory of orbit_images (devil.orbit-table): for each orbit of moves, one
    pass over the states and an orbits x orbits table of bits."""
    return len(move_orbits(table)) * (table.size + len(orbits(table)) ** 2)


@cache
def orbit_images(table: Table) -> tuple[tuple[int, ...], ...]:
    """images[m][j]: the belief that orbit j becomes under move_orbits(table)[m]."""
    index = orbit_index(table)
    size = len(orbits(table))
    images = []
    for move in move_orbits(table):
        met = np.zeros((size, size), dtype=bool)  # met[j, k]: orbit j meets orbit k, moved
        met[index, index[added(move, table)]] = True
        rows = np.packbits(met, axis=1, bitorder="little")
        row = [int.from_bytes(bits.tobytes(), "little") for bits in rows]
        row[0] = GOAL  # the game is over: nothing moves
        images.append(tuple(row))
    return tuple(images)


def update(belief: int, move_orbit: int, table: Table) -> int:
    """The belief after a move (its number in move_orbits): the union of its orbits' images."""
    images = orbit_images(table)[move_orbit]
    image = 0
    while belief:
        lowest = belief & -belief
        image |= images[lowest.bit_length() - 1]
        belief ^= lowest
    return image


def start_belief(table: Table) -> int:
    return (1 << len(orbits(table))) - 1


GOAL = 1  # the belief {the goal}: orbit 0


@dataclass(frozen=True)
class Fact:
    """What one piece of evidence established: 'wins' in `length` moves (with the moves),
    'none-up-to' `length` moves, or 'impossible'."""

    kind: str
    length: int | None = None
    moves: tuple[int, ...] = field(default=(), compare=False, repr=False)


def check_reachability(layers: Iterable[Any], table: Table,
                       after: Callable[[int, int], int] | None = None) -> Fact:
    """What layers of beliefs show (docs/certificates.md, `reachability`): no strategy shorter
    than their number wins; closed, none at all. `after` is update, remembered. Each belief is
    checked as it is read, so the work bound is tested before the work."""
    ORBIT_TABLE.check(orbit_table_cells(table), f"the orbit images of {describe(table)}")
    start, moves = start_belief(table), len(move_orbits(table))
    steps = moves * start.bit_length()  # one update: every orbit of the belief, every move
    step = after or (lambda belief, move: update(belief, move, table))
    depth_of: dict[int, int] = {}
    last = -1
    for last, layer in enumerate(layers):
        expect(isinstance(layer, list), f"layer {last} must be a list of beliefs")
        expect(last > 0 or layer == [start], "layer 0 must be exactly the starting belief")
        BELIEF_WORK.check((len(depth_of) + len(layer)) * steps,
                          f"checking the reachability layers for {describe(table)}",
                          counted=True)
        for belief in layer:
            expect(is_count(belief) and 0 < belief <= start,
                   f"layer {last} holds {belief!r}, which is not a belief for "
                   f"{describe(table)}")
            expect(belief != GOAL, f"layer {last} contains the goal")
            expect(belief not in depth_of, "a belief is listed twice")
            depth_of[belief] = last
    expect(last >= 0, "layer 0 must be exactly the starting belief")
    closed = True
    for belief, depth in depth_of.items():
        for move in range(moves):
            reached = depth_of.get(step(belief, move))
            if depth < last:
                expect(reached is not None and reached <= depth + 1,
                       f"a move from layer {depth} leads to a belief that is not in the next "
                       "layers")
            elif reached is None:
                closed = False
    return Fact("impossible") if closed else Fact("none-up-to", last)


# --- Counting the shortest strategies -------------------------------------------------------
#
# Let the layers (L of them, 0..L-1) pass check_layers and let some strategy of L moves win.
# Its belief after d moves lies in layers 0..d (check_layers' induction), and from there the
# goal is L - d moves away; a belief in layer e < d could not be that: its images after k
# moves lie in layers 0..e + k, all listed while e + k <= L - 1, so the goal (listed in no
# layer) is more than L - 1 - e >= L - d moves away. So a winning strategy of L moves visits
# layer d after exactly d moves, and counting paths through the layers in order counts them
# all. Every member of an orbit of moves updates a belief alike (see "Beliefs over orbits").

def shortest_counts(layers: Sequence[Sequence[int]], table: Table,
                    after: Callable[[int, int], int]) -> tuple[int, int]:
    """(sequences, up to the group): the strategies of len(layers) moves from the start through
    layer 1, 2, ... to the goal, every move of Z_q^n counted, and one move per orbit of moves."""
    orbit_sizes = [int(k) for k in np.unique(least_members(table), return_counts=True)[1]]
    steps = [set(layer) for layer in layers[1:]] + [{GOAL}]
    ways = {start_belief(table): (1, 1)}  # belief -> (sequences, up to the group) reaching it
    for allowed in steps:
        reached: dict[int, tuple[int, int]] = {}
        for belief, (sequences, up_to_group) in ways.items():
            for move, size in enumerate(orbit_sizes):
                image = after(belief, move)
                if image in allowed:
                    known = reached.get(image, (0, 0))
                    reached[image] = (known[0] + sequences * size, known[1] + up_to_group)
        ways = reached
    return ways.get(GOAL, (0, 0))


# --- The devil's invariant ------------------------------------------------------------------

def escape(invariant: Sequence[int], table: Table) -> tuple[int, int] | None:
    """A state of the invariant (its members' orbits) and a move that leave it whatever the
    devil does, or None: s is kept iff some member of its orbit, moved, lands inside."""

    inside = np.zeros(table.size, dtype=bool)
    inside[list(invariant)] = True
    inside = spread(inside, table)
    for move in move_orbits(table):
        lands = inside[added(move, table)]  # lands[x]: x + move is in the invariant
        kept = spread(lands, table)
        escaping = inside & ~kept
        if escaping.any():
            return int(np.argmax(escaping)), move
    return None


def check_invariant(invariant: Sequence[int], table: Table) -> Fact:
    """A devil invariant: no strategy wins (docs/lemmas.md, Lemma 1, with the devil's group)."""
    expect(len(invariant) > 0, "the invariant must hold at least one orbit")
    for state in invariant:
        expect(0 <= state < table.size, f"{state} is not a state of {describe(table)}")
        expect(int(least_members(table)[state]) == state,
               f"{state} is not the least member of its orbit")
        expect(state not in goal_states(table), "the invariant holds a goal state")
    expect(len(set(invariant)) == len(invariant), "the invariant names an orbit twice")
    INVARIANT.check(len(move_orbits(table)) * table.size, "the invariant's check")
    found = escape(invariant, table)
    if found is not None:
        state, move = found
        raise Rejected(f"the devil cannot keep {dials_text(state, table)} in the invariant against "
                       f"the move {dials_text(move, table)}")
    return Fact("impossible")


# --- Evidence ------------------------------------------------------------------------------
#
# Format v1: the coin flip's claims (``devil.n<N>.*``, no options) may hold a strategy or layers
# inline or in a file, their counts optional; the other members' name a file with its counts,
# or (a strategy) hold it inline without them.

COIN_FLIP_STRATEGY = inline_or_file("the coin flip's strategy evidence", "strategy", "moves", LIST,
                                    {"length": count(0), "found_by": text()})
COIN_FLIP_REACHABILITY = inline_or_file("the coin flip's reachability evidence", "reachability",
                                        "layers", LIST,
                                        {"depths": count(0), "beliefs": count(0)})
STRATEGY = (Shape("strategy evidence", {"method": literal("strategy"), "moves": LIST},
                  {"found_by": text()}),
            Shape("strategy evidence", {"method": literal("strategy"), "file": FILE,
                                        "sha256": SHA256, "length": count(0)},
                  {"found_by": text()}))
REACHABILITY = Shape("reachability evidence",
                     {"method": literal("reachability"), "file": FILE, "sha256": SHA256,
                      "depths": count(1), "beliefs": count(1)})
INVARIANT_SHAPE = Shape("invariant evidence",
                        {"method": literal("invariant"),
                         "orbits": list_of(count(1), STATES.limit)})
COUNT = Shape("count evidence",
              {"method": literal("count"), "file": FILE, "sha256": SHA256,
               "depths": count(1), "beliefs": count(1)})
# Counts are JSON integers, read exactly however long (2^247 for 8 coins): never strings.
COUNT_VALUE = Shape("a count claim's value",
                    {"length": count(1), "sequences": count(1), "up_to_group": count(1)})
# The theorems each form of claim may cite: the coin flip's own (formal/devil/), or those about
# dials and groups (formal/table/).
COIN_FLIP_THEOREMS = tuple(name for name, t in theorems.THEOREMS.items() if t.about == "coins")
TABLE_THEOREMS = tuple(name for name, t in theorems.THEOREMS.items() if t.about != "coins")


def strategy_evidence(evidence: Evidence, artifacts: Artifacts, table: Table,
                      shapes: Sequence[Shape] = STRATEGY) -> Fact:
    """A strategy, read one move at a time (refused past a declared count), simulated exactly."""
    one_shape(evidence, *shapes)
    # What the strategy needs, known before reading it: inline, its length; in a file, the
    # length the evidence states (compared with the file as its lines arrive).
    if "moves" in evidence or "length" in evidence:
        length = len(evidence["moves"]) if "moves" in evidence else evidence["length"]
        STRATEGY_MOVES.check(length, "the strategy")
        SIMULATION.check(length * table.size, "the exact simulation")
    read = {"length": 0}
    strategy = moves_from_json(declared(payload(evidence, "moves", artifacts), evidence, read,
                                        lambda move: {"length": 1}), table)
    tally(evidence, read)
    lost = simulate(strategy, table)
    if lost is not None:
        goal = "all heads" if is_coin_flip(table) else "the goal"
        raise Rejected(f"the strategy does not win: {lost.shown(table)} avoid {goal}")
    return Fact("wins", len(strategy), tuple(strategy))


def _layers(evidence: Evidence, artifacts: Artifacts, read: dict[str, int]) -> Iterator[Any]:
    """The layers of beliefs, inline or one a line of the artifact, counted into `read`."""
    return declared(payload(evidence, "layers", artifacts), evidence, read,
                    lambda layer: {"depths": 1,
                                   "beliefs": len(layer) if isinstance(layer, list) else 0})


def _check_sizes(evidence: Evidence, table: Table) -> None:
    """The orbit images and the beliefs declared within their bounds, before the work: first
    with at least states / |G| orbits (known without finding them), then exactly."""
    few = table.size // len(group(table))
    ORBIT_TABLE.check(few * (table.size + few**2), f"the orbit images of {describe(table)}")
    ORBIT_TABLE.check(orbit_table_cells(table), f"the orbit images of {describe(table)}")
    if "beliefs" in evidence:
        BELIEF_WORK.check(evidence["beliefs"] * len(move_orbits(table)) * len(orbits(table)),
                          f"checking the reachability layers for {describe(table)}")


def reachability_evidence(evidence: Evidence, artifacts: Artifacts, table: Table,
                          shapes: Sequence[Shape] = (REACHABILITY,)) -> Fact:
    one_shape(evidence, *shapes)
    _check_sizes(evidence, table)
    read = {"depths": 0, "beliefs": 0}
    fact = check_reachability(_layers(evidence, artifacts, read), table)
    tally(evidence, read)
    return fact


def count_evidence(evidence: Evidence, artifacts: Artifacts, value: Mapping[str, int],
                   table: Table) -> None:
    """Layers and the kernel's count of the shortest strategies through them, as claimed."""
    COUNT.check(evidence)
    _check_sizes(evidence, table)
    layers: list[list[int]] = []
    read = {"depths": 0, "beliefs": 0}

    def kept() -> Iterator[list[int]]:  # each layer as check_reachability reads it, to count
        for layer in _layers(evidence, artifacts, read):
            layers.append(layer)
            yield layer

    after = cache(lambda belief, move: update(belief, move, table))  # counting meets them again
    fact = check_reachability(kept(), table, after)
    tally(evidence, read)
    expect(fact.kind != "impossible",
           f"the layers show that no strategy wins for {describe(table)}: there is nothing to "
           "count")
    expect(len(layers) == value["length"],
           f"count evidence holds {len(layers)} layers, not the claim's length "
           f"{value['length']}")
    sequences, up_to_group = shortest_counts(layers, table, after)
    expect(sequences > 0, f"no strategy of {value['length']} moves wins for {describe(table)}")
    expect((sequences, up_to_group) == (value["sequences"], value["up_to_group"]),
           f"the kernel counts {sequences:,} strategies of {value['length']} moves, "
           f"{up_to_group:,} up to the devil's group, not {value['sequences']:,} and "
           f"{value['up_to_group']:,}")


def invariant_evidence(evidence: Evidence, table: Table) -> Fact:
    INVARIANT_SHAPE.check(evidence)
    return check_invariant(evidence["orbits"], table)


def sizes(table: Table) -> theorems.Sizes:
    """The table as the theorems' side conditions read it; the group's order is n for the
    rotations, else counted as the kernel lists the group (within devil.group)."""
    order = table.n if is_rotations(table) else len(group(table))
    return theorems.Sizes(table.n, table.q, table.goal, is_rotations(table), order)


def check_table_work(table: Table) -> None:
    """The devil's group and the orbits within their bounds, for every certificate (the cached
    group() and least_members() check them only when they first compute)."""
    GROUP.check(len(group(table)), "the devil's group")
    ORBIT_WORK.check(len(group(table)) * table.size, "finding the orbits")


def theorem_evidence(evidence: Evidence, table: Table,
                     names: Sequence[str] = TABLE_THEOREMS) -> list[Fact]:
    """The conclusion of a Coq theorem (one of `names`, at theorems.FORMAL_SHA256) about this
    kind of table, once its side condition holds (plain arithmetic: no work bound)."""
    Shape("theorem evidence", {"method": literal("theorem"), "name": literal(*names),
                               "formal_sha256": SHA256}).check(evidence)
    theorems.check_sources(evidence)
    theorem = theorems.THEOREMS[evidence["name"]]
    seen = sizes(table)
    expect(theorems.ABOUT[theorem.about](seen),
           f"the theorem {theorem.name} is about {ABOUT_WORDS[theorem.about]}, not the "
           f"{table.group or 'given'} group and the goal {table.goal!r}")
    order = f" and a group of order {seen.order:,}" if theorem.about == "groups" else ""
    expect(theorem.holds(seen), f"the theorem {theorem.name} needs {theorem.condition}, which "
                                f"fails for {describe(table)}{order}")
    return [Fact(kind, length) for kind, length in theorem.facts(seen)]


ABOUT_WORDS = {"coins": "the coin flip (coins, the rotations, the goal all heads)",
               "dials": "the rotations and the goal every dial at 0",
               "groups": "every table"}


def adds_up(claim: Claim, facts: list[Fact], what: str) -> None:
    """Reject a shortest or impossible claim about `what` unless the facts establish it."""
    wins = {fact.length for fact in facts if fact.kind == "wins"}
    impossible = any(fact.kind == "impossible" for fact in facts)
    none_up_to = max((fact.length for fact in facts if fact.kind == "none-up-to"
                      and fact.length is not None), default=-1)
    expect(not (wins and impossible), "the evidence contradicts itself")
    if claim.kind == "impossible":
        expect(impossible, f"no evidence shows that no strategy wins for {what}")
    else:
        value = claim.value["length"] if claim.kind == "count" else claim.value
        expect(value in wins, f"no checked strategy of {value} moves wins")
        expect(none_up_to >= value - 1,
               f"no evidence rules out winning strategies of fewer than {value} moves")


def agrees_with_theorems(claim: Claim, table: Table) -> None:
    """Refuse a claim the Coq theorems refute: evidence that adds up to it could only rest on a
    wrong prose lemma (docs/lemmas.md) or a kernel bug. The theorems: docs/certificates.md,
    "`theorem` for the rotating-table family"."""
    seen = sizes(table)
    primes = seen.refuting_primes
    if claim.kind == "impossible":
        expect(primes is not None,
               f"the evidence says no strategy wins, but the Coq theorem table_shortest proves "
               f"that a strategy of {seen.length:,} moves wins for {describe(table)}: no prime "
               f"divides the order {seen.order:,} of the devil's group and a different one "
               f"{table.q}")
        return
    if is_rotations(table) and table.goal == "zero":
        _agrees_with_dial_theorems(claim, table)
    if primes is not None:
        raise Rejected(f"the evidence says a strategy wins, but the Coq theorem table_not_wins "
                       f"proves that none wins for {describe(table)}: {primes[0]} divides the "
                       f"order {seen.order:,} of the devil's group and {primes[1]} divides "
                       f"{table.q}")
    length = claim.value["length"] if claim.kind == "count" else claim.value
    expect(length == seen.length,
           f"the evidence says {length:,} moves, but the Coq theorems table_wins_size_lb and "
           f"table_shortest prove that the shortest winning strategy for {describe(table)} has "
           f"{seen.length:,} moves")


def _agrees_with_dial_theorems(claim: Claim, table: Table) -> None:
    """The same, in the words of the dial theorems (the rotations, the goal zero)."""
    primes = theorems.distinct_primes(table.n, table.q)
    if primes is not None:
        raise Rejected(f"the evidence says a strategy wins, but the Coq theorem dial_not_wins "
                       f"proves that none wins for {describe(table)}: {primes[0]} divides "
                       f"{table.n} and {primes[1]} divides {table.q}")
    length = claim.value["length"] if claim.kind == "count" else claim.value
    expect(length >= table.size - 1,
           f"the evidence says {length} moves, but the Coq theorem dial_wins_size_lb proves "
           f"that every winning strategy for {describe(table)} has at least "
           f"{table.size - 1:,} moves")
    expect(not theorems.THEOREMS["dial_shortest"].holds(sizes(table))
           or length <= table.size - 1,
           f"the evidence says {length} moves, but the Coq theorem dial_shortest proves that a "
           f"strategy of {table.size - 1:,} moves wins for {describe(table)}")


# --- Claims: ids, params and sentences -------------------------------------------------------

def describe_dials(n: int, q: int) -> str:
    """The dials in words, as messages use them: '3 coins', '2 dials with 3 states'."""
    return (f"{n} coin{'s' if n > 1 else ''}" if q == 2
            else f"{n} dial{'s' if n > 1 else ''} with {q} states")


def describe(table: Table) -> str:
    """The table in words, as messages use them."""
    return describe_dials(table.n, table.q)


def _group_words(group_name: str, n: int) -> str:
    if group_name.startswith("g"):
        order = len(group(table_of(n, 2, group_name, tables=False)))  # within devil.group
        return ("the devil applies any product of the permutations "
                f"{generated_words(generated(group_name, n))}, a group of {order:,}")
    return {"cyclic": "the devil rotates the table",
            "dihedral": "the devil rotates or reflects the table",
            "symmetric": "the devil permutes the positions as he likes",
            "trivial": "the devil never moves a dial",
            "klein": "the devil swaps the positions in two pairs, or not at all",
            "alternating": "the devil applies any even permutation of the positions"}[group_name]


PARAMS = Shape("a devil claim's params", {"n": count(1, MAX_N)},
               {"q": ANY, "group": ANY, "goal": ANY})  # the options, read by options()


def options(params: Mapping[str, Any]) -> tuple[int, int, str, str]:
    """(n, q, group, goal) of a devil claim's params: n and the options not the coin flip's."""
    PARAMS.check(params)
    n, q = params["n"], params.get("q", 2)
    group_name, goal = params.get("group", "cyclic"), params.get("goal", "zero")
    expect((type(q) is int and q >= 3) or "q" not in params,
           "a family claim's q is a whole number of at least 3 (q = 2 is left out)")
    expect(group_name in GROUPS[1:] or "group" not in params
           or (isinstance(group_name, str) and group_name.startswith("g")),
           f"a family claim's group is {' or '.join(GROUPS[1:])} or generators such as "
           "g0-1c2-3.g0-2 (cyclic is left out)")
    expect(goal == "equal" or "goal" not in params,
           "a family claim's goal is 'equal' (zero is left out)")
    assert isinstance(n, int) and isinstance(q, int)
    return n, q, group_name, goal


def claim_id(kind: str, n: int, q: int, group_name: str, goal: str) -> str:
    """devil.n<N>[.q<Q>][.<group>][.equal].<kind>: defaults (q = 2, cyclic, zero) left out."""
    parts = [f"devil.n{n}", f"q{q}" if q != 2 else "",
             group_name if group_name != "cyclic" else "", "equal" if goal == "equal" else "",
             kind]
    return ".".join(part for part in parts if part)


def params_of(n: int, q: int, group_name: str, goal: str) -> dict[str, Any]:
    """The params of a family claim: n and the options that differ from the coin flip."""
    params: dict[str, Any] = {"n": n}
    if q != 2:
        params["q"] = q
    if group_name != "cyclic":
        params["group"] = group_name
    if goal != "zero":
        params["goal"] = goal
    return params


def statement(kind: str, n: int, q: int, group_name: str, goal: str, value: Any) -> str:
    """The sentence a claim states: the coin flip's own words for its claims but counts."""
    if (q, group_name, goal) == (2, "cyclic", "zero") and kind != "count":
        return coin_flip_statement(kind, n, value)
    r_words = (f"{n} coin{'s' if n > 1 else ''}" if q == 2
               else f"{n} dial{'s' if n > 1 else ''} of {q} states")
    target = (("all heads" if q == 2 else "every dial at 0") if goal == "zero"
              else ("all coins showing the same face" if q == 2 else "all dials the same"))
    game = f"the rotating table with {r_words} ({_group_words(group_name, n)}; goal: {target})"
    if kind == "shortest":
        moves = "1 move" if value == 1 else f"{value} moves"
        return f"The shortest strategy that always wins {game} has {moves}."
    if kind == "impossible":
        return f"No strategy always wins {game}."
    if kind == "count":
        length, sequences, up_to_group = value["length"], value["sequences"], value["up_to_group"]
        moves = "1 move" if length == 1 else f"{length} moves"
        return (f"The strategies of {moves} (the fewest moves that can) that always win {game} "
                f"number exactly {sequences}; {up_to_group} up to the devil's group (one move "
                "per orbit of moves).")
    raise Rejected(f"unknown kind of devil claim {kind!r}")


def coin_flip_statement(kind: str, n: int, value: Any) -> str:
    """The sentence a claim about the coin flip states (its own words since format v1)."""
    coins = "1 coin" if n == 1 else f"{n} coins"
    if kind == "shortest":
        # Lengths too long to read (Lamping's for 64 coins and more, 2^N - 1 > 10^10) are written
        # 2^N - 1; bit lengths first, for 2^N alone takes minutes for an N past the bounds.
        huge = type(value) is int and value.bit_length() == n > 33 and value == 2**n - 1
        moves = "1 move" if value == 1 else f"2^{n} - 1 moves" if huge else f"{value} moves"
        return (f"The shortest strategy that always wins the devil's coin flip with {coins} "
                f"has {moves}.")
    if kind == "impossible":
        return f"No strategy always wins the devil's coin flip with {coins}."
    if kind == "lamping":
        return (f"John Lamping's recursive construction for {coins} is a strategy of {value} "
                "moves that always wins.")
    raise Rejected(f"unknown kind of devil claim {kind!r}")
