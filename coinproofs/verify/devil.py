"""The devil's coin flip, written again from its definition, for the kernel.

N coins lie on a round table at positions 0..N-1. A coin state is an int: bit i is the coin at
position i, 1 = tails, so all heads is 0. A move is an int: the positions to flip. Before each
move the devil rotates the table by any r (position i goes to (i + r) mod N); then the named
positions are flipped. The game ends as soon as all coins show heads. A strategy (a fixed list
of moves) wins if every initial state and every choice of rotations reaches all heads by its
last move.

This module shares no code with the fast engine (``coinproofs/games/devil.py``); the tests make
the two agree. It checks three kinds of evidence:

* ``strategy``: exact simulation of every initial state against every rotation sequence;
* ``reachability``: layers of beliefs (sets of rotation orbits) that contain the start, are
  closed under every move, and never contain the goal, so no strategy can reach it;
* the SAT, invariant and algebraic evidence of ``devil_cnf.py`` and ``devil_invariant.py``;
* ``theorem``: a Coq theorem of formal/ (``theorems.py``) whose side condition holds for N.

The Coq theorems behind each kind (``theorems.BEHIND``) say why what is computed here holds
for every strategy.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

import numpy as np
import numpy.typing as npt

from coinproofs.verify import theorems
from coinproofs.verify.certificate import Artifacts, Claim, Evidence
from coinproofs.verify.schema import (
    LIST,
    SHA256,
    Rejected,
    Shape,
    count,
    declare,
    expect,
    inline_or_file,
    is_count,
    literal,
    one_shape,
    text,
)

MAX_SIMULATION_N = 20  # 2^20 states: a strategy is simulated exactly on every state
MAX_N = 4096  # the largest table any devil claim may speak of: bounds the kernel's work
MAX_BELIEF_N = 12  # 352 rotation orbits: the orbit images take the kernel about a second

STRATEGY_MOVES = declare("devil.strategy-moves", 1 << 17, "moves",
                         "the longest strategy read (Lamping's for 16 coins: 65,535)")
STRATEGY_WORK = declare("devil.strategy-work", 1 << 35, "state translations",
                        "moves x their distinct rotations x 2^N states simulated")
REACHABILITY_WORK = declare("devil.reachability-work", 1 << 25, "orbit steps",
                            "beliefs x orbits^2 in the layers of reachability evidence")

PARAMS = Shape("a devil claim's params", {"n": count(1, MAX_N)})
VALUES = {"shortest": count(1), "impossible": literal(None), "lamping": count(1)}
STRATEGY = inline_or_file("strategy evidence", "strategy", "moves", LIST,
                          {"length": count(0), "found_by": text()})
REACHABILITY = inline_or_file("reachability evidence", "reachability", "layers", LIST,
                              {"depths": count(0), "beliefs": count(0)})

Bits = npt.NDArray[np.uint8]


# --- The rules ------------------------------------------------------------------------------

def coins(state: int, n: int) -> str:
    """A state as H/T letters, position 0 first (Norvig's notation): coins(0b0010, 4) = 'HTHH'."""
    return "".join("T" if state >> i & 1 else "H" for i in range(n))


def rotate(state: int, r: int, n: int) -> int:
    """The state after turning the table by r: the coin at position i moves to (i + r) mod n."""
    r %= n
    everything = (1 << n) - 1
    return ((state << r) | (state >> (n - r))) & everything


def rotations(state: int, n: int) -> list[int]:
    """The distinct states the devil can turn `state` into (sorted)."""
    return sorted({rotate(state, r, n) for r in range(n)})


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


# --- Exact simulation of a strategy, on every state at once ----------------------------------
#
# The set of states the game may be in after the devil's rotation is closed under rotation.
# If V is such a set, the states after flipping `move` and letting the devil rotate again are
# the union over the rotations m' of `move` of V XOR m' (rotate(v ^ m, r) = rotate(v, r) ^
# rotate(m, r)), less all heads, where the game has ended. So a strategy wins iff this set,
# started from every state but all heads, is empty after the last move. Sets of states are
# bit-packed (bit x of the array is state x) and XOR-translated a byte at a time.

@cache
def _bit_shuffles() -> npt.NDArray[np.uint8]:
    """table[t][byte]: the byte whose bit b ^ t is bit b of `byte` (XOR by t < 8 within a byte)."""
    table = np.zeros((8, 256), dtype=np.uint8)
    for t in range(8):
        for byte in range(256):
            table[t, byte] = sum(1 << (b ^ t) for b in range(8) if byte >> b & 1)
    return table


@cache
def _byte_numbers(size: int) -> npt.NDArray[np.intp]:
    return np.arange(size)


def _translate(states: Bits, m: int) -> Bits:
    """The packed set {x ^ m : x in states}."""
    low, high = m & 7, m >> 3
    moved: Bits = states.take(_byte_numbers(len(states)) ^ high) if high else states
    shuffled: Bits = _bit_shuffles()[low].take(moved) if low else moved.copy()
    return shuffled


def _packed(members: npt.NDArray[np.bool_]) -> Bits:
    """A set of states as bits (bit x of the result is state x), padded to a whole byte."""
    return np.packbits(members, bitorder="little")


def _contains(states: Bits, x: int) -> bool:
    return bool(states[x >> 3] >> (x & 7) & 1)


def _start(n: int) -> Bits:
    """Every state but all heads (an all-heads start has already won)."""
    members = np.ones(1 << n, dtype=np.bool_)
    members[0] = False
    return _packed(members)


def _after(states: Bits, turned: list[int]) -> Bits:
    """The rotation-closed set of unfinished states after a move whose distinct rotations are
    `turned`, from rotation-closed `states`."""
    result = np.zeros_like(states)
    for m in turned:
        result |= _translate(states, m)
    result[0] &= 0xFE  # all heads: the game is over
    return result


@dataclass(frozen=True)
class Counterexample:
    """Initial coins and the devil's rotations (one per move) that escape the strategy."""

    initial: int
    rotations: list[int]


def play(initial: int, devil: Sequence[int], strategy: Sequence[int], n: int) -> int:
    """The final state of one concrete game (all heads, 0, as soon as it is reached)."""
    state = initial
    for r, move in zip(devil, strategy, strict=False):  # a game may end early
        if state == 0:
            break
        state = rotate(state, r, n) ^ move
    return state


def check_moves(strategy: Sequence[int], n: int) -> None:
    """Reject moves that name positions outside 0..n-1."""
    for i, move in enumerate(strategy, 1):
        expect(isinstance(move, int) and 0 <= move < 1 << n,
               f"move {i} names a position outside 0..{n - 1}")


def simulate(strategy: Sequence[int], n: int) -> Counterexample | None:
    """None if `strategy` wins for n coins; otherwise a game that it does not win."""
    expect(1 <= n <= MAX_SIMULATION_N, f"exact simulation handles 1..{MAX_SIMULATION_N} coins")
    STRATEGY_MOVES.check(len(strategy), "the strategy")
    check_moves(strategy, n)
    turned = [rotations(move, n) for move in strategy]
    STRATEGY_WORK.check(sum(map(len, turned)) << n, f"simulating the strategy on {n} coins")
    # Keep every k-th set so that a losing game can be traced back without storing them all.
    k = int(len(strategy) ** 0.5) + 1
    checkpoints = {0: _start(n)}
    states = checkpoints[0]
    for t, move_turned in enumerate(turned, 1):
        if not states.any():
            return None  # every game is over: the moves left cannot undo that
        states = _after(states, move_turned)
        if t % k == 0:
            checkpoints[t] = states
    if not states.any():
        return None
    return _trace_back(strategy, turned, n, checkpoints, k)


def _trace_back(strategy: Sequence[int], turned: list[list[int]], n: int,
                checkpoints: dict[int, Bits], k: int) -> Counterexample:
    """A concrete losing game, found backwards through the stored sets of states."""
    sets: dict[int, Bits] = {}

    def possible(t: int) -> Bits:  # the rotation-closed set after t moves
        if t not in sets:
            base = t - t % k
            sets.clear()
            states = checkpoints[base]
            sets[base] = states
            for i in range(base + 1, min(base + k, len(strategy) + 1)):
                states = _after(states, turned[i - 1])
                sets[i] = states
        return sets[t]

    def unfinished(u: int, t: int) -> bool:  # can the game be at u, unrotated, after t moves?
        return u != 0 and (t == 0 or _contains(possible(t - 1), u ^ strategy[t - 1]))

    big_l = len(strategy)
    state = next(u for u in range(1, 1 << n) if unfinished(u, big_l))
    devil: list[int] = []
    for t in range(big_l, 0, -1):
        before_flip = state ^ strategy[t - 1]  # = rotate(previous, r) for some r
        r, previous = next((r, rotate(before_flip, -r, n)) for r in range(n)
                           if unfinished(rotate(before_flip, -r, n), t - 1))
        devil.append(r)
        state = previous
    devil.reverse()
    counterexample = Counterexample(state, devil)
    assert play(state, devil, strategy, n) != 0, "traced game must escape the strategy"
    return counterexample


# --- Beliefs over rotation orbits (for reachability evidence) -------------------------------
#
# A belief is the set of rotation orbits the player cannot rule out, as an int: bit j stands
# for the j-th orbit, orbits ordered by their least member (bit 0 is all heads). As in Norvig's
# notebook, all heads stays in the belief once reached, the start is every orbit and the goal is
# the belief {all heads} = 1. Because a belief is rotation-closed, its image under a move
# depends only on the move's orbit, so one move per orbit covers all 2^n moves.

@cache
def orbits(n: int) -> tuple[int, ...]:
    """The least member of every rotation orbit of n-coin states, in increasing order."""
    return tuple(sorted({min(rotations(s, n)) for s in range(1 << n)}))


@cache
def orbit_index(n: int) -> dict[int, int]:
    """The orbit number (bit position in a belief) of every state."""
    number = {least: j for j, least in enumerate(orbits(n))}
    return {s: number[min(rotations(s, n))] for s in range(1 << n)}


def start_belief(n: int) -> int:
    return (1 << len(orbits(n))) - 1


GOAL = 1


@cache
def orbit_images(n: int) -> list[list[int]]:
    """images[m][j]: the belief that orbit j becomes under move orbits(n)[m]."""
    index = orbit_index(n)
    images = []
    for move in orbits(n):
        row = [1]  # all heads stays all heads
        for least in orbits(n)[1:]:
            row.append(sum({1 << index[rotate(least, r, n) ^ move] for r in range(n)}))
        images.append(row)
    return images


def update(belief: int, move_orbit: int, n: int) -> int:
    """The belief after a move (given by its orbit number), one orbit at a time."""
    image = 0
    for j, orbit_image in enumerate(orbit_images(n)[move_orbit]):
        if belief >> j & 1:
            image |= orbit_image
    return image


@dataclass(frozen=True)
class Fact:
    """What one piece of evidence established: a strategy of `length` moves wins
    ('wins'), no strategy of at most `length` moves wins ('none-up-to'), or none at all
    ('impossible'). A winning strategy's moves come along, for claims about the strategy."""

    kind: str
    length: int | None = None
    moves: tuple[int, ...] = field(default=(), compare=False, repr=False)


def check_reachability(n: int, layers: Iterable[Any]) -> Fact:
    """Check layers of beliefs over the rotation orbits of n coins (see check_layers)."""
    expect(1 <= n <= MAX_BELIEF_N, f"reachability evidence handles 1..{MAX_BELIEF_N} coins")
    return check_layers(layers, start_belief(n), len(orbits(n)),
                        lambda belief, move: update(belief, move, n), f"{n} coins")


def check_layers(layers: Iterable[Any], start: int, moves: int,
                 after: Callable[[int, int], int], what: str) -> Fact:
    """Check layers of beliefs: layer 0 is the start, every move (0..moves-1, in `after`)
    takes layer d into layers 0..d+1, the goal is in none. Then, by induction on d, every
    belief a strategy of d moves can reach lies in layers 0..d, so no strategy of fewer moves
    than there are layers wins (a winning strategy ends in exactly the goal: the goal is in the
    start and never leaves). If every move also keeps the last layer inside the layers, no
    strategy wins at all. A belief is a positive int, at most `start` (start: every orbit).

    The layers are read one at a time, and each belief is checked as it is read, so that the
    work bound is tested before the work and no belief is held twice."""
    steps = moves * start.bit_length()  # one update: every orbit of the belief, every move
    depth_of: dict[int, int] = {}
    last = -1
    for last, layer in enumerate(layers):
        expect(isinstance(layer, list), f"layer {last} must be a list of beliefs")
        expect(last > 0 or layer == [start], "layer 0 must be exactly the starting belief")
        REACHABILITY_WORK.check((len(depth_of) + len(layer)) * steps,
                                f"checking the reachability layers for {what}", counted=True)
        for belief in layer:
            expect(is_count(belief) and 0 < belief <= start,
                   f"layer {last} holds {belief!r}, which is not a belief for {what}")
            expect(belief != GOAL, f"layer {last} contains the goal")
            expect(belief not in depth_of, "a belief is listed twice")
            depth_of[belief] = last
    expect(last >= 0, "layer 0 must be exactly the starting belief")
    closed = True
    for belief, depth in depth_of.items():
        for move in range(moves):
            reached = depth_of.get(after(belief, move))
            if depth < last:
                expect(reached is not None and reached <= depth + 1,
                       f"a move from layer {depth} leads to a belief that is not in the next "
                       "layers")
            elif reached is None:
                closed = False
    return Fact("impossible") if closed else Fact("none-up-to", last)


# --- Evidence and claims --------------------------------------------------------------------

# A line of a devil artifact: one JSON list of whole numbers (a move's positions, or a layer
# of beliefs), read without a JSON parser so that nothing but digits reaches int().
NUMBERS_LINE = re.compile(rb"\[ *(?:(?:0|[1-9][0-9]*) *(?:, *(?:0|[1-9][0-9]*) *)*)?\]\n?")
NUMBER = re.compile(rb"[0-9]+")


def numbers_lines(lines: Iterable[bytes], name: str) -> Iterator[list[int]]:
    """The list of whole numbers on each line of the artifact file `name`."""
    for number, line in enumerate(lines, 1):
        expect(NUMBERS_LINE.fullmatch(line) is not None,
               f"line {number:,} of artifact file {name!r} is not a list of whole numbers "
               "such as [0, 2, 3]")
        try:
            yield [int(digits) for digits in NUMBER.findall(line)]
        except ValueError:  # more digits than Python converts
            raise Rejected(f"line {number:,} of artifact file {name!r} holds a number too "
                           "long to read") from None


def counted_lines(evidence: Evidence, artifacts: Artifacts, most: Mapping[str, int],
                  counted: Callable[[list[int]], Mapping[str, int]]) -> Iterator[list[int]]:
    """The list of whole numbers on each line of the artifact evidence['file'], as the lines
    are read; `counted(item)` says what each adds to the counts the evidence declares,
    `most`. They are compared as the lines arrive (more is refused at once, before the next
    line is read) and at the end (fewer is refused once the file is read to its end)."""
    read = dict.fromkeys(most, 0)

    def holds(counts: Mapping[str, int]) -> str:
        return " and ".join(f"{key} = {value:,}" for key, value in counts.items())

    for item in numbers_lines(artifacts.lines(evidence), evidence["file"]):
        for key, amount in counted(item).items():
            read[key] += amount
        expect(all(read[key] <= most[key] for key in most),
               f"{evidence['method']} evidence says {holds(most)}, but its file holds more")
        yield item
    expect(read == most, f"{evidence['method']} evidence says {holds(most)}, but its file "
                         f"holds {holds(read)}")


def payload(evidence: Evidence, key: str, artifacts: Artifacts) -> Iterator[Any]:
    """The items of evidence[key] inline, or of the JSON-lines artifact evidence['file'] (one
    item per line: a move, or a layer of beliefs), one at a time."""
    if key in evidence:
        return iter(evidence[key])
    return numbers_lines(artifacts.lines(evidence), evidence["file"])


def moves_from_json(raw: Iterable[Any], n: int) -> list[int]:
    """A strategy in Norvig's notation (a list of position lists) as move bitmasks, reading at
    most one move over the bound devil.strategy-moves."""
    strategy = []
    for i, positions in enumerate(raw, 1):
        if i > STRATEGY_MOVES.limit:
            STRATEGY_MOVES.check(i, "the strategy", counted=True)
        expect(isinstance(positions, list), f"move {i} must be a list of positions")
        expect(all(is_count(p) and 0 <= p < n for p in positions),
               f"move {i} names a position outside 0..{n - 1}")
        expect(len(set(positions)) == len(positions), f"move {i} names a position twice")
        strategy.append(sum(1 << p for p in positions))
    return strategy


def _declared(items: Iterable[Any], evidence: Evidence, read: dict[str, int],
              counts: Callable[[Any], Mapping[str, int]]) -> Iterator[Any]:
    """The items, counted into `read` as they arrive (`counts(item)` says what each adds), and
    refused at the first one past a count the evidence declares (for the coin flip the counts
    are optional; _counts compares them with what was read at the end)."""
    for item in items:
        for key, amount in counts(item).items():
            read[key] += amount
            expect(read[key] <= evidence.get(key, read[key]),
                   f"{evidence['method']} evidence says {key} = {evidence.get(key)!r}, but it "
                   "holds more")
        yield item


def _counts(evidence: Evidence, counts: dict[str, int]) -> None:
    """Reject counts for readers that are not true: nothing in a certificate may say what
    the kernel has not checked."""
    for key, actual in counts.items():
        expect(evidence.get(key, actual) == actual,
               f"{evidence['method']} evidence says {key} = {evidence.get(key)!r}, "
               f"but it holds {actual}")


def strategy_evidence(n: int, evidence: Evidence, artifacts: Artifacts) -> Fact:
    one_shape(evidence, *STRATEGY)
    expect(1 <= n <= MAX_SIMULATION_N, f"exact simulation handles 1..{MAX_SIMULATION_N} coins")
    # What the strategy needs, known before reading it: inline, its length; in a file, the
    # length the evidence states (compared with the file as its lines arrive).
    if "moves" in evidence or "length" in evidence:
        STRATEGY_MOVES.check(len(evidence["moves"]) if "moves" in evidence
                             else evidence["length"], "the strategy")
    read = {"length": 0}
    strategy = moves_from_json(_declared(payload(evidence, "moves", artifacts), evidence, read,
                                         lambda move: {"length": 1}), n)
    _counts(evidence, read)
    counterexample = simulate(strategy, n)
    if counterexample is not None:
        devil = counterexample.rotations
        shown = f"{devil[:8]}".rstrip("]") + (", ...]" if len(devil) > 8 else "]")
        raise Rejected(f"the strategy does not win: from {coins(counterexample.initial, n)} "
                       f"the devil's rotations {shown} avoid all heads")
    return Fact("wins", len(strategy), tuple(strategy))


def reachability_evidence(n: int, evidence: Evidence, artifacts: Artifacts) -> Fact:
    one_shape(evidence, *REACHABILITY)
    read = {"depths": 0, "beliefs": 0}
    layers = _declared(payload(evidence, "layers", artifacts), evidence, read,
                       lambda layer: {"depths": 1,
                                      "beliefs": len(layer) if isinstance(layer, list) else 0})
    fact = check_reachability(n, layers)
    _counts(evidence, read)
    return fact


THEOREM = Shape("theorem evidence", {"method": literal("theorem"),
                                     "name": literal(*theorems.THEOREMS),
                                     "formal_sha256": SHA256})


def check_sources(evidence: Evidence) -> None:
    """Theorem evidence names the digest of the Coq sources its theorem was checked at: the
    kernel cites only the theorems checked at its own, theorems.FORMAL_SHA256."""
    expect(evidence["formal_sha256"] == theorems.FORMAL_SHA256,
           f"theorem evidence cites the Coq sources {evidence['formal_sha256'][:12]}…, but the "
           f"kernel's theorems were checked at {theorems.FORMAL_SHA256[:12]}…")


def theorem_evidence(n: int, evidence: Evidence) -> list[Fact]:
    """A Coq theorem, proved for every N at the sources theorems.FORMAL_SHA256: the kernel
    checks its side condition for n (arithmetic on n <= MAX_N: no work bound is needed) and
    takes its conclusion as facts."""
    THEOREM.check(evidence)
    check_sources(evidence)
    theorem = theorems.THEOREMS[evidence["name"]]
    expect(theorem.holds(n), f"the theorem {theorem.name} needs {theorem.condition}, which "
                             f"fails for {n} coins")
    return [Fact(kind, length) for kind, length in theorem.facts(n)]


def statement(kind: str, n: int, value: Any) -> str:
    """The sentence a claim of this kind states."""
    coins = "1 coin" if n == 1 else f"{n} coins"
    if kind == "shortest":
        # Lengths too long to read (Lamping's for 64 coins and more) are written 2^N - 1.
        moves = ("1 move" if value == 1 else f"2^{n} - 1 moves" if value == 2**n - 1 > 10**10
                 else f"{value} moves")
        return (f"The shortest strategy that always wins the devil's coin flip with {coins} "
                f"has {moves}.")
    if kind == "impossible":
        return f"No strategy always wins the devil's coin flip with {coins}."
    if kind == "lamping":
        return (f"John Lamping's recursive construction for {coins} is a strategy of {value} "
                "moves that always wins.")
    raise Rejected(f"unknown kind of devil claim {kind!r}")


def adds_up(claim: Claim, facts: list[Fact], what: str) -> None:
    """Reject a shortest or impossible claim about `what` unless the facts establish it."""
    wins = {fact.length for fact in facts if fact.kind == "wins"}
    impossible = any(fact.kind == "impossible" for fact in facts)
    none_up_to = max((fact.length for fact in facts if fact.kind == "none-up-to"
                      and fact.length is not None), default=-1)
    expect(not (wins and impossible), "the evidence contradicts itself")
    if claim.kind == "impossible":
        expect(claim.value is None, "an impossible claim has the value null")
        expect(impossible, f"no evidence shows that no strategy wins for {what}")
    elif claim.kind == "shortest":
        value = claim.value
        expect(value in wins, f"no checked strategy of {value} moves wins")
        expect(none_up_to >= value - 1,
               f"no evidence rules out winning strategies of fewer than {value} moves")
    else:
        raise Rejected(f"unknown kind of devil claim {claim.kind!r}")
