"""The check of ``strategy-walk`` evidence (format NRWALK1): the winner's strategy for No
repeats walked from the start, a default reply of the winner's unless a record lists another,
leaves solved by plain recursion, positions named by a normal form. The Python walk here
(:class:`Walk`, up to PYTHON_WALK_NODES nodes) and the native one (``_dagcheck.c``, larger
files) say the same words. Prose: docs/certificates.md, "`strategy-walk`" (the format, the
walk, the default reply, the normal form, why acceptance proves the claim); docs/norepeat.md.
"""

from __future__ import annotations

import struct
from functools import cache
from itertools import permutations, product
from typing import Protocol

from coinproofs.verify.certificate import Artifacts, Evidence
from coinproofs.verify.norepeat_dag import MAX_DAG_COINS, legal_coins, reduce
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

PYTHON_WALK_NODES = 1 << 14  # larger files go to the native checker (docs/certificates.md)
MAGIC = b"NRWALK1\n"
HEADER = struct.Struct("<8sBBBBB3sQQ")  # magic, n, misère, winner, first, leaf, 0 0 0, nodes,
# records
NO_FIRST = 255
RECORD_BYTES = 9  # a record's varint: at most 9 bytes (63 bits)

WALK_NODES = declare("norepeat.walk-nodes", 1 << 27, "nodes",
                     "the positions a strategy walk enters, whose normal forms are kept in "
                     "memory (at most 16 bytes each in the native checker)")
WALK_LEAF = declare("norepeat.walk-leaf", 20, "unseen patterns",
                    "the largest leaf of a strategy walk, a position the checker solves by "
                    "plain recursion over the game")

STRATEGY_WALK = Shape("strategy-walk evidence",
                      {"method": literal("strategy-walk"), "file": FILE, "sha256": SHA256,
                       "nodes": count(0)})

Seen = int


# The rules the walk needs beyond the moves and Lemma R: unseen patterns, the default reply,
# plain recursion for leaves, the normal form.

def unseen_reached(seen: Seen, current: int, n: int) -> int:
    """How many unseen patterns `current` reaches through unseen patterns.

    >>> unseen_reached(0b1, 0, 2), unseen_reached(0b1011, 3, 2)
    (3, 1)
    """
    everything = (1 << (1 << n)) - 1
    return (everything & ~reduce(seen, current, n)).bit_count()


def live_moves(seen: Seen, current: int, n: int) -> int:
    """The moves of the player to move not into a dead end (no unseen neighbour once seen)."""
    return sum(1 for coin in legal_coins(seen, current, n)
               if legal_coins(seen | 1 << (current ^ 1 << coin), current ^ 1 << coin, n))


def default_reply(seen: Seen, moved: int, n: int, misere: bool) -> int | None:
    """The winner's default reply at (seen, moved), the loser having just moved there
    (docs/certificates.md, "`strategy-walk`"); None when every reply leaves the loser stuck
    under misère play.

    >>> default_reply(0b1011, 3, 2, misere=False), default_reply(0b1011, 3, 2, misere=True)
    (0, None)
    """
    best: tuple[int, int] | None = None
    for coin in legal_coins(seen, moved, n):
        current = moved ^ 1 << coin
        after = seen | 1 << current
        if not legal_coins(after, current, n):
            if not misere:
                return coin
            continue
        rank = (live_moves(after, current, n), coin)
        best = rank if best is None else min(best, rank)
    return None if best is None else best[1]


def to_move_wins(seen: Seen, current: int, n: int, misere: bool) -> bool:
    """Does the player to move win? Plain recursion over the game (the leaves of a walk).

    >>> to_move_wins(0b1, 0, 2, misere=True)  # Ben wins two coins under misère play
    False
    """
    coins = legal_coins(seen, current, n)
    if not coins:
        return misere
    return any(not to_move_wins(seen | 1 << (current ^ 1 << coin), current ^ 1 << coin, n, misere)
               for coin in coins)


def normal_form(seen: Seen, current: int, n: int) -> int:
    """The normal form of a position (docs/certificates.md, "`strategy-walk`"): its seen set
    after Lemma R, moved by x -> pi(x ^ current), pi putting the coins in order of
    non-increasing signature and giving the least word.

    >>> bin(normal_form(0b11, 1, 2))  # HH then TH: the same as HH then HT
    '0b11'
    """
    rest = reduce(seen, current, n)
    patterns = [(x ^ current) for x in range(1 << n) if rest >> x & 1]
    translated = sum(1 << x for x in patterns)
    masks = _tails_by_weight(n)
    signature = [0] * n
    for coin in range(n):
        for weight in range(1, n + 1):
            signature[coin] = signature[coin] << 4 | (translated & masks[coin][weight]).bit_count()
    order = sorted(range(n), key=lambda coin: -signature[coin])  # the coins, place by place
    groups: list[list[int]] = []
    for coin in order:
        if groups and signature[groups[-1][0]] == signature[coin]:
            groups[-1].append(coin)
        else:
            groups.append([coin])
    images = _images(n)
    best = None
    for arrangement in product(*(permutations(group) for group in groups)):
        placed = [0] * n  # placed[coin]: its place
        for at, coin in enumerate(c for group in arrangement for c in group):
            placed[coin] = at
        image = images[tuple(placed)]
        word = sum(1 << image[x] for x in patterns)
        best = word if best is None else min(best, word)
    assert best is not None
    return best


@cache
def _tails_by_weight(n: int) -> list[list[int]]:
    """masks[coin][w]: the patterns of n coins with tails on `coin` and w tails in all."""
    return [[sum(1 << x for x in range(1 << n) if x >> coin & 1 and x.bit_count() == weight)
             for weight in range(n + 1)] for coin in range(n)]


@cache
def _images(n: int) -> dict[tuple[int, ...], list[int]]:
    """For each reordering (coin -> place), every pattern's image: bit place[i] is its bit i."""
    return {places: [sum(1 << places[coin] for coin in range(n) if x >> coin & 1)
                     for x in range(1 << n)] for places in permutations(range(n))}


# The Python walk.

class Records:
    """The records of an NRWALK1 file (the bytes after its header), decoded as the walk meets
    them: the loser move the next one is for (None once all are used) and the reply it lists.
    The Coq road's expansion of a walk (coinproofs/coq/norepeat.py) reads them here too."""

    def __init__(self, n: int, records: int, data: bytes) -> None:
        self.n, self.records, self.data = n, records, data
        self.at = self.used = 0
        self.next_move: int | None = None
        self.reply = 0
        self.read()

    def read(self) -> None:
        """Decode the next record, if the header says there is one: the move it is for."""
        if self.used == self.records:
            self.next_move = None
            return
        value, shift, start = 0, 0, self.at
        while True:
            expect(self.at < len(self.data), f"record {self.used:,} is cut off by the end of "
                                             "the file")
            expect(self.at - start < RECORD_BYTES,
                   f"record {self.used:,} runs over {RECORD_BYTES} bytes")
            byte = self.data[self.at]
            self.at += 1
            value |= (byte & 127) << shift
            shift += 7
            if not byte & 128:
                break
        expect(byte != 0 or self.at - start == 1,
               f"record {self.used:,} is not written in the fewest bytes")
        gap, reply = value >> 3, value & 7
        expect(reply < self.n, f"record {self.used:,} names the reply {reply}, which is not a "
                               "coin")
        expect(gap > 0 or self.used == 0,
               f"record {self.used:,} repeats the loser's move of the record before it")
        self.next_move = (0 if self.next_move is None else self.next_move) + gap
        self.reply = reply

    def take(self) -> None:
        """The listed reply is played: on to the next record."""
        self.used += 1
        self.read()

    def finish(self, moves: int) -> None:
        """At the walk's end, after `moves` loser moves: every record used, the file read to
        its last byte."""
        if self.next_move is not None:
            raise Rejected(f"record {self.used:,} is for the loser's move {self.next_move:,}, "
                           f"but the walk met only {moves:,}")
        expect(self.at == len(self.data), "the file goes on after its last record")


class Checker(Protocol):
    """What the driver hands the records to (the bytes after the header)."""

    def check(self, records: bytes) -> None: ...


class Walk:
    """The kernel's own walk of an NRWALK1 file, in plain Python (its Rejected says what the
    native checker's ValueError says)."""

    def __init__(self, n: int, misere: bool, winner: int, first: int, leaf: int, nodes: int,
                 records: int, root: tuple[Seen, int] = (1, 0)) -> None:
        """`root`, in place of the start, is for tests and benchmarks (never the kernel's)."""
        self.n, self.misere, self.winner, self.first = n, misere, winner, first
        self.root = root
        self.leaf, self.nodes, self.records = leaf, nodes, records
        self.entered: set[int] = set()
        self.moves = 0  # the loser's moves numbered so far
        self.listed: Records  # the file's records, from `check`

    def check(self, records: bytes) -> None:
        """Walk from the start, reading the records as the walk meets them."""
        self.listed = Records(self.n, self.records, records)
        if self.winner == 2:
            self._arrive(*self.root, "the start")
        else:
            current = 1 << self.first
            self._arrive(1 | 1 << current, current, f"the first move {self.first}")
        expect(len(self.entered) == self.nodes, f"the walk entered {len(self.entered):,} "
                                                f"nodes, not the {self.nodes:,} the header says")
        self.listed.finish(self.moves)

    def _node(self, key: int) -> None:
        """Walk the node `key` (a normal form: current pattern 0, the loser to move)."""
        number = len(self.entered) - 1
        n = self.n
        for coin in legal_coins(key, 0, n):
            where = f"node {number:,}, loser coin {coin}"
            moved = 1 << coin
            seen = key | 1 << moved
            if not legal_coins(seen, moved, n):
                expect(self.misere, f"{where}: the winner is stuck, which loses under normal "
                                    "play")
                continue
            move = self.moves
            self.moves += 1
            default = default_reply(seen, moved, n, self.misere)
            if move == self.listed.next_move:
                reply = self.listed.reply
                where = f"{where} (loser move {move:,})"
                expect(reply != default, f"{where}: the listed reply {reply} is the default "
                                         "reply")
                expect(not seen >> (moved ^ 1 << reply) & 1,
                       f"{where}: the listed reply {reply} is not a legal move")
                self.listed.take()
            elif default is None:
                raise Rejected(f"{where}: every reply leaves the loser stuck, which loses "
                               "under misère play")
            else:
                reply = default
            current = moved ^ 1 << reply
            self._arrive(seen | 1 << current, current, f"{where}, reply {reply}")

    def _arrive(self, seen: Seen, current: int, where: str) -> None:
        """The winner has moved to `current`: the loser must be stuck (normal play), lose a
        leaf, or be at a node, walked unless entered before."""
        n = self.n
        unseen = unseen_reached(seen, current, n)
        if unseen == 0:
            expect(not self.misere, f"{where}: leaving the loser stuck loses under misère play")
        elif unseen <= self.leaf:
            expect(not to_move_wins(seen, current, n, self.misere),
                   f"{where}: the loser wins this leaf of {unseen} unseen patterns")
        else:
            key = normal_form(seen, current, n)
            if key not in self.entered:
                expect(len(self.entered) < self.nodes,
                       f"{where}: the walk enters more nodes than the {self.nodes:,} the "
                       "header says")
                self.entered.add(key)
                self._node(key)


# The driver: header, bounds, hashing, and the choice of checker.

def native(n: int, misere: bool, winner: int, first: int, leaf: int, nodes: int,
           records: int) -> Checker:
    """The native checker (built by `pip install`), for files too large for the Python walk."""
    try:
        from coinproofs.verify._dagcheck import Walk as NativeWalk
    except ImportError:
        raise Rejected(f"a strategy walk of {nodes:,} nodes needs the native checker "
                       "coinproofs.verify._dagcheck, which is not built (run "
                       "`pip install -e .`)") from None
    return NativeWalk(n, misere, winner, first, leaf, nodes, records)


def check_walk(n: int, misere: bool, winner: str, item: Evidence, artifacts: Artifacts,
               use_native: bool | None = None) -> str:
    """Accept the strategy-walk evidence `item` only if its file proves that `winner` wins;
    the checker that read it (`use_native`: by default past PYTHON_WALK_NODES nodes)."""
    STRATEGY_WALK.check(item)
    expect(n <= MAX_DAG_COINS, f"strategy walks are read for 1 to {MAX_DAG_COINS} coins")
    nodes: int = item["nodes"]
    WALK_NODES.check(nodes, "the strategy-walk evidence")
    name = f"the strategy-walk file {item['file']!r}"
    largest = HEADER.size + n * RECORD_BYTES * nodes  # at most n records a node
    path = artifacts.folder / item["file"]
    if path.is_file() and not path.is_symlink():  # else the reading says what is wrong
        size = path.stat().st_size
        expect(size <= largest, f"{name} has {size:,} bytes, but {nodes:,} nodes take at most "
                                f"{largest:,}")
    passes = artifacts.readings(item, WALK_NODES, HEADER.size + n * RECORD_BYTES, times=1)
    try:
        data = b"".join(next(passes))
    finally:
        passes.close()
    if use_native is None:
        use_native = nodes > PYTHON_WALK_NODES
    try:
        player, first, leaf, records = read_header(data, n, misere, winner, nodes)
        checker = (native(n, misere, player, first, leaf, nodes, records) if use_native
                   else Walk(n, misere, player, first, leaf, nodes, records))
        checker.check(data[HEADER.size:])
    except Rejected as rejection:
        raise Rejected(f"{name}: {rejection}") from None
    except ValueError as error:  # the native checker's rejection (the walk raises none)
        if not use_native:
            raise
        raise Rejected(f"{name}: {error}") from None
    return "strategy-walk (native)" if use_native else "strategy-walk"


def read_header(data: bytes, n: int, misere: bool, winner: str,
                nodes: int) -> tuple[int, int, int, int]:
    """The winner (1 or 2), first move, leaf size and records the header names, once it agrees
    with the claim and the evidence (`nodes`). The Coq road reads headers here too."""
    expect(len(data) >= HEADER.size, "the file is shorter than its header")
    magic, coins, rule, player, first, leaf, zeros, count_, records = HEADER.unpack_from(data)
    expect(magic == MAGIC, "the file does not start with the NRWALK1 magic bytes")
    expect(coins == n, f"the header says {coins} coins, not {n}")
    expect(rule == int(misere), f"the header says misère {rule}, not {int(misere)}")
    expect(player == (1 if winner == "first" else 2),
           f"the header says player {player} wins, not the {winner}")
    expect(first < n if player == 1 else first == NO_FIRST,
           f"the header's first move {first} is not a coin (nor 255 when the second player wins)")
    expect(zeros == bytes(3), "the header's bytes 13 to 15 are not 0")
    WALK_LEAF.check(leaf, "the header's leaf size")
    expect(count_ == nodes, f"the header says {count_:,} nodes, the evidence {nodes:,}")
    expect(records <= n * nodes, f"the header says {records:,} records, more than the "
                                 f"{n * nodes:,} loser moves {nodes:,} nodes can have")
    return player, first, leaf, records
