"""The kernel's check of a No repeats strategy DAG (``strategy-dag``, format NRDAG1): local
at each node (the loser's moves listed, the reply played, the position reduced by Lemma R, the
named automorphism applied, the named node compared), never a search. The Python walk here
(:class:`Walk`, files of up to PYTHON_DAG_NODES nodes) and the native one (``_dagcheck.c``,
larger files) say the same words. Prose: docs/certificates.md, "`strategy-dag`" (the format,
why acceptance proves the claim, the two checkers and their trade); docs/norepeat.md, Lemma R.
"""

from __future__ import annotations

import struct
from collections.abc import Iterator
from functools import cache
from itertools import permutations
from typing import Protocol

from coinproofs.verify.certificate import Artifacts, Evidence
from coinproofs.verify.schema import (
    FILE,
    SHA256,
    Rejected,
    Shape,
    count,
    declare,
    expect,
    literal,
)

MAX_DAG_COINS = 6  # a seen set of 2^6 patterns fits one u64
PYTHON_DAG_NODES = 1 << 16  # larger files go to the native checker (docs/certificates.md)

DAG_NODES = declare("norepeat.dag-nodes", 1 << 28, "nodes",
                    "the positions of a strategy DAG, kept in memory (10 bytes each in the "
                    "native checker) while their replies are checked")

STRATEGY_DAG = Shape("strategy-dag evidence",
                     {"method": literal("strategy-dag"), "file": FILE, "sha256": SHA256,
                      "nodes": count(1)})

MAGIC = b"NRDAG1\n\0"
HEADER = struct.Struct("<8sBBBBQ")  # magic, n, misère, winner (1 or 2), first move, nodes
NODE = struct.Struct("<QBB")  # seen set, current pattern, the loser's number of moves
RECORD = struct.Struct("<BII")  # the winner's reply, automorphism, child node
NO_REPLY = 255  # the winner is stuck after the loser's move (misère: the winner wins)
NO_CHILD = 0xFFFFFFFF  # the loser is stuck after the reply (normal play: the loser loses)
NO_FIRST = 255  # the header's first move when the second player wins

Seen = int
Position = tuple[Seen, int]


# The rules the check needs: moves, Lemma R, automorphisms.

def legal_coins(seen: Seen, current: int, n: int) -> list[int]:
    """The coins whose turn makes a pattern that has not occurred, in increasing order."""
    return [coin for coin in range(n) if not seen >> (current ^ 1 << coin) & 1]


def reduce(seen: Seen, current: int, n: int) -> Seen:
    """Lemma R: every unseen pattern `current` cannot reach through unseen ones marked seen
    (the reached set grows by its neighbours: turning coin c swaps blocks of 2^c patterns).

    >>> bin(reduce(0b10111, 0, 3))  # at HHH, all three neighbours seen: the rest is cut off
    '0b11111111'
    """
    everything = (1 << (1 << n)) - 1
    unseen = everything & ~seen
    reached = frontier = 1 << current
    while frontier:
        around = 0
        for width, heads in _sides(n):
            around |= (frontier & heads) << width | (frontier >> width) & heads
        frontier = around & unseen & ~reached
        reached |= frontier
    return seen | (unseen & ~reached)


@cache
def _sides(n: int) -> list[tuple[int, int]]:
    """For each coin c, 2^c and the set of the patterns of n coins that show heads on c."""
    blocks = [(coin, (1 << (1 << coin)) - 1) for coin in range(n)]  # 2^c heads, 2^c tails, ...
    return [(1 << coin, sum(block << start for start in range(0, 1 << n, 2 << coin)))
            for coin, block in blocks]


def automorphisms(n: int) -> list[list[int]]:
    """For each permutation pi of the coins, in lexicographic order, the image pi(x) of each
    pattern x: bit pi[i] of pi(x) is bit i of x.

    >>> automorphisms(2)
    [[0, 1, 2, 3], [0, 2, 1, 3]]
    """
    return [[sum(1 << order[coin] for coin in range(n) if x >> coin & 1) for x in range(1 << n)]
            for order in permutations(range(n))]


def start(n: int, winner: int, first: int) -> Position:
    """The first position where the loser is to move, reduced."""
    seen, current = (1, 0) if winner == 2 else (1 | 1 << (1 << first), 1 << first)
    return reduce(seen, current, n), current


# The Python walk.

class Checker(Protocol):
    """What the driver feeds: the two passes over the nodes (the bytes after the header)."""

    def positions(self, chunk: bytes) -> None: ...
    def end_positions(self) -> None: ...
    def replies(self, chunk: bytes) -> None: ...
    def end_replies(self) -> None: ...


class Walk:
    """The kernel's own check of the nodes of a DAG file, in plain Python (its Rejected says
    what the native checker's ValueError says)."""

    def __init__(self, n: int, misere: bool, winner: int, first: int, nodes: int,
                 root: Position | None = None) -> None:
        """`root`, in place of the start, is for tests and benchmarks (never the kernel's)."""
        self.n, self.misere, self.nodes = n, misere, nodes
        self.root = root or start(n, winner, first)
        self.images = automorphisms(n)
        self.seen = [0] * nodes
        self.current = bytearray(nodes)
        self.named = bytearray(nodes)
        self.carry = b""
        self.node = 0  # the next node to read

    def _split(self, chunk: bytes) -> Iterator[tuple[int, bytes, int, int]]:
        """Each node `chunk` completes: index, bytes, offset there, loser moves (the rest waits)."""
        data = self.carry + chunk
        at = 0
        while len(data) - at >= NODE.size:
            expect(self.node < self.nodes,
                   f"the file goes on after its last node (node {self.nodes - 1:,})")
            _, _, moves = NODE.unpack_from(data, at)
            expect(moves <= self.n, f"node {self.node:,} lists {moves} loser moves, "
                                    f"more than {self.n} coins allow")
            end = at + NODE.size + moves * RECORD.size
            if end > len(data):
                break
            yield self.node, data, at, moves
            self.node += 1
            at = end
        self.carry = data[at:]

    def _end(self) -> None:
        """The file ended: after its last node exactly."""
        expect(self.node == self.nodes,
               f"the file ends inside node {self.node:,} (of {self.nodes:,})")
        expect(not self.carry, f"the file goes on after its last node (node {self.nodes - 1:,})")
        self.node, self.carry = 0, b""

    def positions(self, chunk: bytes) -> None:
        """First pass: each node's position, checked to be one and kept."""
        n = self.n
        for i, data, at, _ in self._split(chunk):
            seen, current, _ = NODE.unpack_from(data, at)
            expect(seen >> (1 << n) == 0,
                   f"node {i:,}'s seen set holds patterns of more than {n} coins")
            expect(current < 1 << n, f"node {i:,}'s current pattern {current} is not a "
                                     f"pattern of {n} coins")
            expect(seen >> current & 1,
                   f"node {i:,}'s current pattern {current} is not in its seen set")
            self.seen[i], self.current[i] = seen, current

    def end_positions(self) -> None:
        self._end()
        expect((self.seen[0], self.current[0]) == self.root,
               "node 0 is not the reduced position after the winner's first move (or the "
               "start, when the second player wins)")

    def replies(self, chunk: bytes) -> None:
        """Second pass: each node's replies, one for each legal move of the loser."""
        for i, data, at, moves in self._split(chunk):
            seen, current = self.seen[i], self.current[i]
            coins = legal_coins(seen, current, self.n)
            expect(moves == len(coins), f"node {i:,} lists {moves} loser moves, but the "
                                        f"loser has {len(coins)}")
            expect(bool(coins) or not self.misere,
                   f"node {i:,} leaves the loser stuck, which wins under misère play")
            for k, coin in enumerate(coins):
                reply, auto, child = RECORD.unpack_from(data, at + NODE.size + k * RECORD.size)
                self._reply(f"node {i:,}, loser coin {coin}", seen, current ^ 1 << coin,
                            reply, auto, child)

    def _reply(self, where: str, seen: Seen, moved: int, reply: int, auto: int,
               child: int) -> None:
        """The record for one loser move (to the pattern `moved`) holds."""
        n, seen = self.n, seen | 1 << moved
        if reply == NO_REPLY:
            expect(self.misere, f"{where}: no reply (255) is allowed only under misère play")
            expect(not legal_coins(seen, moved, n), f"{where}: no reply (255), but the winner can "
                                              "move")
            expect(auto == 0 and child == NO_CHILD,
                   f"{where}: no reply (255) takes automorphism 0 and no child")
            return
        expect(reply < n and not seen >> (moved ^ 1 << reply) & 1,
               f"{where}: the reply {reply} is not a legal move")
        where = f"{where}, reply {reply}"
        current = moved ^ 1 << reply
        seen |= 1 << current
        if child == NO_CHILD:
            expect(not self.misere, f"{where}: leaving the loser stuck loses under misère "
                                    "play")
            expect(not legal_coins(seen, current, n), f"{where}: no child is named, but the loser "
                                                "can move")
            expect(auto == 0, f"{where}: no child takes automorphism 0")
            return
        expect(child < self.nodes, f"{where}: the child {child:,} is not a node (the file "
                                   f"has {self.nodes:,})")
        expect(auto < len(self.images) << n, f"{where}: the automorphism {auto:,} is not one "
                                             f"(there are {len(self.images) << n:,})")
        image, flip = self.images[auto >> n], auto & ((1 << n) - 1)
        mapped, rest = 0, reduce(seen, current, n)
        while rest:
            low = rest & -rest
            mapped |= 1 << (image[low.bit_length() - 1] ^ flip)
            rest ^= low
        expect(mapped == self.seen[child] and image[current] ^ flip == self.current[child],
               f"{where}: automorphism {auto:,} does not map the position to node {child:,}")
        self.named[child] = 1

    def end_replies(self) -> None:
        self._end()
        unnamed = self.named.find(0, 1)
        expect(unnamed < 0, f"node {unnamed:,} is named by no record")


# The driver: header, bounds, hashing, and the choice of checker.

def native(n: int, misere: bool, winner: int, first: int, nodes: int) -> Checker:
    """The native checker (built by `pip install`), for files too large for the Python walk."""
    try:
        from coinproofs.verify._dagcheck import Dag
    except ImportError:
        raise Rejected(f"a strategy DAG of {nodes:,} nodes needs the native checker "
                       "coinproofs.verify._dagcheck, which is not built (run "
                       "`pip install -e .`)") from None
    return Dag(n, misere, winner, first, nodes)


def check_dag(n: int, misere: bool, winner: str, item: Evidence, artifacts: Artifacts,
              use_native: bool | None = None) -> str:
    """Accept the strategy-dag evidence `item` only if its file proves that `winner` wins;
    the checker that read it (`use_native`: by default past PYTHON_DAG_NODES nodes)."""
    STRATEGY_DAG.check(item)
    expect(n <= MAX_DAG_COINS, f"strategy DAGs are read for 1 to {MAX_DAG_COINS} coins")
    nodes: int = item["nodes"]
    DAG_NODES.check(nodes, "the strategy-dag evidence")
    name = f"the strategy-dag file {item['file']!r}"
    largest = NODE.size + n * RECORD.size
    path = artifacts.folder / item["file"]
    if path.is_file() and not path.is_symlink():  # else the reading says what is wrong
        size = path.stat().st_size - HEADER.size
        expect(NODE.size * nodes <= size <= largest * nodes,
               f"{name} has {max(size, 0):,} bytes of nodes, but {nodes:,} nodes take from "
               f"{NODE.size * nodes:,} to {largest * nodes:,}")
    if use_native is None:
        use_native = nodes > PYTHON_DAG_NODES
    passes = artifacts.readings(item, DAG_NODES, HEADER.size + largest, times=2)
    checker: Checker | None = None
    try:
        for number, chunks in enumerate(passes):
            rest = _header(next(chunks, b""), n, misere, winner, nodes)
            if checker is None:
                first = rest[1]
                checker = (native(n, misere, rest[0], first, nodes) if use_native
                           else Walk(n, misere, rest[0], first, nodes))
            feed, end = ((checker.positions, checker.end_positions) if number == 0
                         else (checker.replies, checker.end_replies))
            feed(rest[2])
            for chunk in chunks:
                feed(chunk)
            end()
    except Rejected as rejection:
        raise Rejected(f"{name}: {rejection}") from None
    except ValueError as error:  # the native checker's rejection (the walk raises none)
        if not use_native:
            raise
        raise Rejected(f"{name}: {error}") from None
    finally:
        passes.close()  # the file, at once, when a rejection stops the reading
    return "strategy-dag (native)" if use_native else "strategy-dag"


def _header(chunk: bytes, n: int, misere: bool, winner: str, nodes: int) -> tuple[int, int, bytes]:
    """The winner (1 or 2) and first move the header names, once it says what the claim and
    the evidence say; and the bytes of `chunk` after it."""
    expect(len(chunk) >= HEADER.size, "the file is shorter than its header")
    magic, coins, rule, player, first, count_ = HEADER.unpack_from(chunk)
    expect(magic == MAGIC, "the file does not start with the NRDAG1 magic bytes")
    expect(coins == n, f"the header says {coins} coins, not {n}")
    expect(rule == int(misere), f"the header says misère {rule}, not {int(misere)}")
    expect(player == (1 if winner == "first" else 2),
           f"the header says player {player} wins, not the {winner}")
    expect(first < n if player == 1 else first == NO_FIRST,
           f"the header's first move {first} is not a coin (nor 255 when the second player wins)")
    expect(count_ == nodes, f"the header says {count_:,} nodes, the evidence {nodes:,}")
    return player, first, chunk[HEADER.size:]
