"""The devil's coin flip: the fast engine.

N coins lie on a round table at positions 0..N-1. The blindfolded player names a set of
positions to flip (a *move*); the devil first rotates the table by any r, then flips the coins
now at those positions. The game ends as soon as all coins show heads. A *strategy* is a fixed
sequence of moves; it *wins* if every initial state and every sequence of rotations reaches all
heads by its last move.

Conventions (shared with the whole project):

- A coin state is an int bitmask: bit i is the coin at position i, 1 = tails, 0 = heads, so all
  heads is 0. A move is an int bitmask of the positions to flip. Rotating by r sends position
  i to (i + r) % n.
- The player reasons about a *belief*: the set of states the coins may be in. Since the devil
  rotates before every flip, a belief is closed under rotation, so it is a set of rotation
  orbits. A belief is an int bitset: bit j stands for the j-th orbit, orbits
  ordered by their least member (so bit 0 is all heads).
- As in Norvig's notebook, all heads stays in the belief once the game may have ended, the
  initial belief is every orbit and the goal is the belief {all heads} == GOAL == 1.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cache, lru_cache
from math import gcd

import numpy as np
import numpy.typing as npt

GOAL = 1  # the belief {all heads}: bit 0, the orbit of state 0

# search() packs a belief into 64 bits up to 9 coins (60 orbits); from 10 coins (108 orbits)
# it keeps beliefs as Python ints, which is slow per belief but fine because the reachable
# beliefs are few (3,174 for 8 coins, 2 for 9, 4 for 10, 22 for 12 with its 352 orbits).
MAX_SEARCH_N = 12
_MAX_PACKED_N = 9

# Tables over all 2^n states (orbit_of and the move images) stay below ~100 MB up to here.
_MAX_TABLE_N = 20

Beliefs = npt.NDArray[np.uint64]


# --- Coins, moves and rotations ----------------------------------------------------------------

def rotate(state: int, r: int, n: int) -> int:
    """Turn the table by r: the coin at position i goes to position (i + r) % n.

    >>> rotate(0b0011, 1, 4)  # the coins at 0 and 1 move to 1 and 2
    6
    >>> rotate(0b1000, 1, 4)  # position 3 wraps around to position 0
    1
    >>> rotate(0b0110, -1, 4)
    3
    """
    r %= n
    everything = (1 << n) - 1
    return ((state << r) | (state >> (n - r))) & everything


def flip(state: int, move: int) -> int:
    """Flip the coins at the positions of the move.

    >>> flip(0b0001, 0b0101)  # THHH, flip 0 and 2: HHTH
    4
    """
    return state ^ move


def orbit(state: int, n: int) -> frozenset[int]:
    """Every state the devil can turn `state` into.

    >>> sorted(orbit(0b0001, 4))
    [1, 2, 4, 8]
    >>> sorted(orbit(0b0101, 4))
    [5, 10]
    """
    return frozenset(rotate(state, r, n) for r in range(n))


def canonical(state: int, n: int) -> int:
    """The least member of the state's orbit: the name of its orbit.

    >>> canonical(0b1000, 4), canonical(0b1010, 4)
    (1, 5)
    """
    return min(orbit(state, n))


def positions(move: int) -> list[int]:
    """The positions a move flips.

    >>> positions(0b101)
    [0, 2]
    """
    return [i for i in range(move.bit_length()) if move >> i & 1]


def move_from_positions(ps: Iterable[int], n: int) -> int:
    """The move that flips the given positions (naming a position twice names it once).

    >>> move_from_positions([0, 2], 4)
    5
    """
    move = 0
    for p in ps:
        if isinstance(p, bool) or not isinstance(p, int):
            raise ValueError(f"position {p!r} is not a whole number")
        if not 0 <= p < n:
            raise ValueError(f"position {p} is not on a table of {n} coins "
                             f"(positions are 0..{n - 1})")
        move |= 1 << p
    return move


def coins_text(state: int, n: int) -> str:
    """The coins as Norvig writes them: position 0 first, H for heads, T for tails.

    >>> coins_text(0b0110, 4)
    'HTTH'
    """
    return "".join("T" if state >> i & 1 else "H" for i in range(n))


# --- Orbits (rotation orbits) -----------------------------------------------------------------

def _check_table_size(n: int) -> None:
    """Refuse sizes whose tables over all 2^n states cannot be built."""
    if n < 1:
        raise ValueError(f"the table needs at least 1 coin, not {n}")
    if n > _MAX_TABLE_N:
        raise ValueError(f"{n} coins is too many: tables over all 2^n coin states are built "
                         f"for at most {_MAX_TABLE_N} coins")


@cache
def _orbit_tables(n: int) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.intp]]:
    """The sorted least members of all orbits, and the orbit number of every state."""
    _check_table_size(n)
    states = np.arange(1 << n, dtype=np.int64)
    everything = (1 << n) - 1
    least, turned = states.copy(), states.copy()
    for _ in range(n - 1):  # vectorised rotate(state, r, n) for r = 1..n-1
        turned = ((turned << 1) | (turned >> (n - 1))) & everything
        np.minimum(least, turned, out=least)
    leaders = np.unique(least)
    index = np.searchsorted(leaders, least)
    leaders.flags.writeable = index.flags.writeable = False  # cached: nobody may change them
    return leaders, index


def orbits(n: int) -> list[int]:
    """The least member of every orbit, in increasing order.

    >>> orbits(4)  # HHHH, THHH, TTHH, THTH, TTTH, TTTT
    [0, 1, 3, 5, 7, 15]
    >>> [len(orbits(n)) for n in range(1, 13)]
    [2, 3, 4, 6, 8, 14, 20, 36, 60, 108, 188, 352]
    """
    return [int(least) for least in _orbit_tables(n)[0]]


def canonical_moves(n: int) -> list[int]:
    """One move per orbit of moves: the least member of each.

    Rotating a move does not change what it does to a belief (a belief is closed under
    rotation, and rotate(s, r) ^ rotate(m, r) = rotate(s ^ m, r)), so these are all the moves
    a search needs.

    >>> canonical_moves(3)
    [0, 1, 3, 7]
    """
    return orbits(n)


def orbit_of(n: int) -> npt.NDArray[np.intp]:
    """The orbit index of every state 0..2^n-1 (read-only).

    >>> orbit_of(4).tolist()
    [0, 1, 1, 2, 1, 3, 2, 4, 1, 2, 3, 4, 2, 4, 4, 5]
    """
    return _orbit_tables(n)[1]


def _orbit_count(n: int) -> int:
    """How many orbits n coins have: the width of a belief."""
    return len(_orbit_tables(n)[0])


def initial_belief(n: int) -> int:
    """Every orbit: at the start the coins may be in any state.

    >>> bin(initial_belief(4))
    '0b111111'
    """
    return (1 << _orbit_count(n)) - 1


# --- Updating beliefs ----------------------------------------------------------------------------

@lru_cache(maxsize=512)  # every canonical move of 12 coins (352), as the wide search cycles them
def _image(move: int, n: int) -> tuple[npt.NDArray[np.intp], npt.NDArray[np.intp]]:
    """The move's effect on orbits as edges (source j, target k), sorted and distinct:
    a state of orbit j can become a state of orbit k. All heads only goes to all heads."""
    if not 0 <= move < 1 << n:
        raise ValueError(f"move {move} names positions outside the {n} coins")
    # Every rotation of a state is a state of the same orbit, so pairing every state with its
    # flip covers "rotated every way, then flipped".
    index = orbit_of(n)
    unfinished = np.arange(1, 1 << n)  # the game is over in state 0: it is never flipped
    size = _orbit_count(n)
    edges = np.unique(index[unfinished] * size + index[unfinished ^ move])
    sources, targets = np.divmod(edges, size)
    return np.append(0, sources), np.append(0, targets)


def _after(belief: npt.NDArray[np.bool_], move: int, n: int) -> npt.NDArray[np.bool_]:
    """The belief (one bool per class) after the devil rotates and flips `move`."""
    sources, targets = _image(move, n)
    result = np.zeros_like(belief)
    result[targets[belief[sources]]] = True
    return result


def _as_array(belief: int, n: int) -> npt.NDArray[np.bool_]:
    """A belief int as one bool per class."""
    size = _orbit_count(n)
    if not 0 <= belief < 1 << size:
        raise ValueError(f"{belief} is not a belief for {n} coins (a set of {size} orbits)")
    packed = np.frombuffer(belief.to_bytes((size + 7) // 8, "little"), dtype=np.uint8)
    return np.unpackbits(packed, bitorder="little")[:size].astype(bool)


def _as_int(belief: npt.NDArray[np.bool_]) -> int:
    """One bool per orbit as a belief int."""
    return int.from_bytes(np.packbits(belief, bitorder="little").tobytes(), "little")


def update(belief: int, move: int, n: int) -> int:
    """Norvig's update: every orbit in the belief, rotated every way, then flipped by `move`.
    All heads stays all heads (the game is over).

    With 4 coins (orbits HHHH, THHH, TTHH, THTH, TTTH, TTTT = bits 0..5), flipping all four
    rules out TTTT; flipping one coin turns THHH into HHHH, TTHH or THTH:

    >>> bin(update(initial_belief(4), 0b1111, 4))
    '0b11111'
    >>> bin(update(0b10, 0b0001, 4))
    '0b1101'
    """
    return _as_int(_after(_as_array(belief, n), move, n))


def beliefs_along(strategy: list[int], n: int) -> list[int]:
    """The initial belief, then the belief after each move.

    >>> [bin(b) for b in beliefs_along([0b11, 0b01, 0b11], 2)]  # HH, HT, TT
    ['0b111', '0b11', '0b101', '0b1']
    """
    beliefs = [initial_belief(n)]
    for move in strategy:
        beliefs.append(update(beliefs[-1], move, n))
    return beliefs


def wins(strategy: list[int], n: int) -> bool:
    """Does the strategy reach all heads against every start and every rotation?

    >>> wins([0b11, 0b01, 0b11], 2), wins([0b11, 0b01], 2)
    (True, False)
    """
    belief = np.ones(_orbit_count(n), dtype=bool)
    for move in strategy:
        belief = _after(belief, move, n)
    return _as_int(belief) == GOAL


# --- Breadth-first search over beliefs -----------------------------------------------------------
#
# Beliefs (n <= 9: at most 60 orbits) are uint64 and a whole layer is one numpy array. For each
# canonical move a table maps each byte of a belief (8 orbits) to the union of those orbits'
# images, so the images of a layer under every move are a few table lookups OR-ed together.

@dataclass(frozen=True, eq=False)  # eq=False: numpy arrays have no single truth value for ==
class Search:
    """The result of search(n): a shortest winning strategy (or None if there is none) and the
    breadth-first layers of beliefs. layers[d] holds the beliefs first reached after d moves
    (layers[0] is the initial belief). With a strategy, the layers stop before the goal's depth,
    so len(layers) == len(strategy); without one, they are the whole reachable set, closed
    under every move."""

    n: int
    strategy: list[int] | None
    layers: list[Beliefs]


def is_power_of_two(n: int) -> bool:
    """Is n one of 1, 2, 4, 8, ...?

    >>> [n for n in range(1, 20) if is_power_of_two(n)]
    [1, 2, 4, 8, 16]
    """
    return n >= 1 and n & (n - 1) == 0


def necklaces(n: int) -> int:
    """How many rotation orbits n coins have, by Burnside's lemma (without listing them).

    >>> [necklaces(n) for n in (4, 12, 16)]
    [6, 352, 4116]
    """
    count: int = sum(2 ** gcd(r, n) for r in range(n)) // n
    return count


def _check_search_size(n: int) -> None:
    """Refuse sizes the search cannot handle, saying what to do instead."""
    if n < 1:
        raise ValueError(f"the game needs at least 1 coin, not {n}")
    if n > MAX_SEARCH_N:
        if is_power_of_two(n):
            instead = (f"`coinproofs devil lamping {n}` gives a winning strategy" if n <= 16
                       else f"Lamping's construction wins with 2^{n} - 1 moves")
        else:
            instead = (f"`coinproofs prove devil.n{n}.impossible` proves that none exists"
                       if n <= 1024 else "the devil's invariant shows that none exists: "
                       f"{n} has an odd factor (docs/lemmas.md)")
        how_many = f"{necklaces(n):,}" if n <= 40 else f"about 2^{n} / {n}"
        raise ValueError(
            f"breadth-first search handles at most {MAX_SEARCH_N} coins, not {n}: a belief "
            f"has one bit per rotation orbit and every orbit is a move to try, "
            f"{necklaces(MAX_SEARCH_N)} for {MAX_SEARCH_N} coins and {how_many} for {n} "
            f"({instead})")


def _byte_tables(n: int) -> Beliefs:
    """tables[m, k, byte]: the union of the images under canonical move m of the orbits
    8k..8k+7 present in `byte` (bit i of the byte stands for orbit 8k + i)."""
    moves = canonical_moves(n)
    nbytes = (_orbit_count(n) + 7) // 8
    images = np.zeros((len(moves), nbytes * 8), dtype=np.uint64)  # [m, j]: the image of orbit j
    for m, move in enumerate(moves):
        sources, targets = _image(move, n)
        np.bitwise_or.at(images[m], sources, np.left_shift(np.uint64(1), targets.astype(np.uint64)))
    has_bit = (np.arange(256)[:, None] >> np.arange(8) & 1).astype(bool)  # [byte, i]
    per_byte = images.reshape(len(moves), nbytes, 1, 8)  # [m, k, 1, i]
    chosen = np.where(has_bit, per_byte, np.uint64(0))  # [m, k, byte, i]
    tables: Beliefs = np.bitwise_or.reduce(chosen, axis=3)
    return tables


def _images(layer: Beliefs, tables: Beliefs) -> Beliefs:
    """images[m, i]: the belief layer[i] becomes under canonical move m."""
    images = np.zeros((tables.shape[0], len(layer)), dtype=np.uint64)
    for k in range(tables.shape[1]):
        byte = ((layer >> np.uint64(8 * k)) & np.uint64(255)).astype(np.intp)
        images |= tables[:, k, byte]
    return images


def _unseen(beliefs: Beliefs, seen: Beliefs) -> npt.NDArray[np.bool_]:
    """Which of `beliefs` are not in the sorted array `seen`."""
    at = np.minimum(np.searchsorted(seen, beliefs), len(seen) - 1)
    unseen: npt.NDArray[np.bool_] = seen[at] != beliefs
    return unseen


def search(n: int, progress: Callable[[int, int], None] | None = None) -> Search:
    """Breadth-first search over beliefs, one canonical move per orbit of moves, from the
    initial belief to GOAL. progress(depth, beliefs_seen) is called after each layer.

    >>> result = search(2)
    >>> [positions(move) for move in result.strategy], [layer.tolist() for layer in result.layers]
    ([[0, 1], [0], [0, 1]], [[7], [3], [5]])
    >>> search(3).strategy is None
    True
    """
    _check_search_size(n)
    if n > _MAX_PACKED_N:
        return _search_wide(n, progress)
    moves, tables = canonical_moves(n), _byte_tables(n)
    layers = [np.array([initial_belief(n)], dtype=np.uint64)]
    links: list[tuple[npt.NDArray[np.intp], npt.NDArray[np.intp]]] = []  # per layer d >= 1
    seen = layers[0]
    if progress:
        progress(0, 1)
    while True:
        frontier = layers[-1]
        beliefs, first = np.unique(_images(frontier, tables), return_index=True)
        fresh = _unseen(beliefs, seen)
        beliefs, first = beliefs[fresh], first[fresh]
        if len(beliefs) == 0:
            return Search(n, None, layers)
        move_index, parent = np.divmod(first, len(frontier))  # images are [move, belief]
        goal = np.flatnonzero(beliefs == GOAL)
        if len(goal):
            links.append((parent[goal], move_index[goal]))
            return Search(n, _strategy_to(links, moves), layers)
        layers.append(beliefs)
        links.append((parent, move_index))
        seen = np.sort(np.concatenate([seen, beliefs]), kind="stable")
        if progress:
            progress(len(layers) - 1, len(seen))


def _search_wide(n: int, progress: Callable[[int, int], None] | None) -> Search:
    """The same breadth-first search with beliefs as Python ints of any width, one belief
    and move at a time (for 10..12 coins, whose reachable sets of beliefs are small)."""
    moves = canonical_moves(n)
    came_from: dict[int, tuple[int, int] | None] = {initial_belief(n): None}
    layers = [[initial_belief(n)]]
    while True:
        fresh: dict[int, tuple[int, int]] = {}
        for belief in layers[-1]:
            for move in moves:
                image = update(belief, move, n)
                if image not in came_from and image not in fresh:
                    fresh[image] = (belief, move)
        as_arrays = [np.array(layer, dtype=object) for layer in layers]
        if not fresh:
            return Search(n, None, as_arrays)
        came_from.update(fresh)
        if GOAL in fresh:
            strategy, at = [], GOAL
            while (link := came_from[at]) is not None:
                at, move = link
                strategy.append(move)
            return Search(n, strategy[::-1], as_arrays)
        layers.append(sorted(fresh))
        if progress:
            progress(len(layers) - 1, len(came_from))


def _strategy_to(links: list[tuple[npt.NDArray[np.intp], npt.NDArray[np.intp]]],
                 moves: list[int]) -> list[int]:
    """The moves that lead to element 0 of the last layer, following the parent links back."""
    strategy, at = [], 0
    for parents, move_indices in reversed(links):
        strategy.append(moves[move_indices[at]])
        at = parents[at]
    return strategy[::-1]


def shortest_strategy(n: int) -> list[int] | None:
    """A shortest winning strategy for n coins, or None if the devil can always escape.

    >>> len(shortest_strategy(4)), shortest_strategy(3)
    (15, None)
    """
    return search(n).strategy


# --- John Lamping's construction -----------------------------------------------------------------

def lamping(n: int) -> list[int]:
    """John Lamping's winning strategy of 2^n - 1 moves for n a power of 2.

    One coin: flip it. From a strategy o_1..o_k for m coins, for 2m coins let d_i be o_i on
    both halves of the table and s_i be o_i on the first half only; play all the d's, then s_1,
    all the d's, s_2, ..., s_k, all the d's.

    >>> [coins_text(move, 2) for move in lamping(2)]  # T marks a flipped coin
    ['TT', 'TH', 'TT']
    >>> len(lamping(8))
    255
    """
    if n < 1 or n & (n - 1):
        raise ValueError(f"Lamping's construction needs a power of 2 coins, not {n}")
    if n > 16:
        raise ValueError(f"Lamping's strategy for {n} coins has 2^{n} - 1 moves, "
                         "too many to list (16 coins, 65,535 moves, is the largest)")
    strategy, m = [1], 1
    while m < n:
        doubles = [o | o << m for o in strategy]
        singles = strategy
        strategy = list(doubles)
        for s in singles:
            strategy += [s, *doubles]
        m *= 2
    return strategy
