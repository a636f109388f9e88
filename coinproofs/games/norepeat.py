"""No repeats (Enigma 1404): turn one coin at a time and never repeat a pattern.

A row of n coins starts all heads. Amber (first) and Ben (second) take turns to turn over one
coin; the new pattern of heads and tails must not have occurred earlier in the game. Under
normal play the player who cannot move loses; under misère play that player wins.

A *pattern* is an int: bit i is coin i, 1 = tails, so all heads is 0. The patterns that have
occurred form the *seen* set, a bitset over patterns (bit p set iff pattern p occurred). The
game is undirected vertex geography on the hypercube Q_n, started at vertex 0.

Symmetry: the map x -> perm(x ^ flip) (read heads as tails on the coins in `flip`, then reorder
the coins) keeps "differs in exactly one coin", so it carries a position onto one with the same
future, move for move. The solver moves the current pattern to all heads (x -> x ^ current) and
reorders the coins to make the seen set's bitmask smallest; that *key* names the position up to
symmetry, and the seen set of the key (with the current pattern all heads) is a position too.

From NATIVE_COINS coins on, `wins` asks the native core (`_norepeat.c`, built by `pip install`):
keys of its own up to the same symmetries, after marking seen the patterns the current one can
no longer reach (Lemma R in docs/norepeat.md), searched in C with a transposition table of
bounded size and budgeted tries of the moves near the opening (docs/norepeat.md, "The native
core"). It also writes the winner's strategy as a certificate (`extract`, format NRWALK1).

>>> [NoRepeats(3).winner, NoRepeats(4).winner, NoRepeats(3, misere=True).winner]
['first', 'first', 'second']
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import time
from collections.abc import Callable, Iterator
from functools import cache, cached_property
from importlib.util import find_spec
from itertools import permutations
from pathlib import Path
from typing import Any

import numpy as np

from coinproofs.atomic import atomic_path, write_text_atomically
from coinproofs.caches import cache_root
from coinproofs.games._norepeat import Solver

START = 0  # all heads
MAX_SEARCH_COINS = 6  # a seen set of 2^6 patterns still fits one uint64 word
TREE_COINS = 4  # up to here the strategy by history is small (for 5 coins it has millions)
NATIVE_COINS = 6  # from here on the native core searches (the Python search stays for fewer)
TABLE_BYTES = 64 << 20  # the native core's transposition table, at most (64 MiB), unless...
OPENING_TABLE_BYTES = 12 << 30  # ... it solves six coins from the opening: up to 12 GiB
TABLE_SPARE_BYTES = 2 << 30  # memory left to the rest of the machine when the table is sized
# Budgeted tries (docs/norepeat.md): at these depths (moves made) each candidate move gets this
# many positions, then `growth` times more a round, before the next one is tried.
TRIES = (TRIES_FROM, TRIES_TO, TRIES_BUDGET, TRIES_GROWTH) = (7, 7, 400_000_000, 4)
WALK_LEAF = 20  # certificates leave positions of at most this many unseen patterns to the checker
CHECKPOINT_SECONDS = 600.0  # a native search with a checkpoint file saves its table this often
SEARCH_SECONDS = 60.0  # a search's default time budget, but...
OPENING_SECONDS = 3 * 3600.0  # ... six coins under misère play: about 25 min of CPU


def from_the_opening(n: int, misere: bool) -> bool:
    """Is this the game the native core settles only by a long search from the opening (six
    coins under misère play), with a large table that is saved for later runs?

    >>> from_the_opening(5, True), from_the_opening(6, False), from_the_opening(6, True)
    (False, False, True)
    """
    return n == NATIVE_COINS and misere


def search_seconds(n: int, misere: bool) -> float:
    """The default time budget of a search of n coins: OPENING_SECONDS for the game the
    native core settles from the opening (six coins, misère), else SEARCH_SECONDS.

    >>> search_seconds(5, True), search_seconds(6, False), search_seconds(6, True)
    (60.0, 60.0, 10800.0)
    """
    return OPENING_SECONDS if from_the_opening(n, misere) else SEARCH_SECONDS
PLAYERS = {"first": "Amber", "second": "Ben"}

Pattern = int
Seen = int  # bitset over patterns
Key = int  # the seen set of a canonical position (its current pattern is all heads)


def turn(pattern: Pattern, coin: int) -> Pattern:
    """The pattern after turning over `coin`.

    >>> turn(0b000, 2)
    4
    """
    return pattern ^ (1 << coin)


def legal_coins(seen: Seen, pattern: Pattern, n: int) -> list[int]:
    """The coins that can be turned without repeating a pattern.

    >>> legal_coins(0b11, 1, 2)  # HH then TH: back to HH is barred, on to TT is not
    [1]
    """
    return [coin for coin in range(n) if not seen >> turn(pattern, coin) & 1]


def show(pattern: Pattern, n: int) -> str:
    """The pattern as the seed writes it, coin 0 first.

    >>> show(0b001, 3)
    'THH'
    """
    return "".join("T" if pattern >> coin & 1 else "H" for coin in range(n))


def flip_all(seen: Seen, flip: Pattern, n: int) -> Seen:
    """The seen set with every pattern x replaced by x ^ flip.

    XOR with a single bit 2^i swaps neighbouring blocks of 2^i patterns, so each coin in `flip`
    costs one shift-and-mask on the whole set.

    >>> bin(flip_all(0b0011, 0b10, 2))  # {0, 1} -> {2, 3}
    '0b1100'
    """
    for coin in range(n):
        if flip >> coin & 1:
            width = 1 << coin
            low = _low_halves(n, coin)  # patterns with this coin heads
            seen = ((seen & low) << width) | ((seen >> width) & low)
    return seen


@cache
def _low_halves(n: int, coin: int) -> int:
    """The set of the patterns of n coins in which `coin` shows heads."""
    return sum(1 << x for x in range(1 << n) if not x >> coin & 1)


class Reorderings:
    """Every reordering of the coins, applied at once to a seen set, eight patterns at a time.

    table[k][b] holds, for each of the n! reorderings, the image of the byte `b` of the seen
    set's byte `k` (patterns 8k .. 8k+7), so an image is the OR of a few table rows.
    """

    def __init__(self, n: int) -> None:
        if not 1 <= n <= MAX_SEARCH_COINS:
            raise ValueError(f"search handles 1 to {MAX_SEARCH_COINS} coins, not {n}")
        self.n = n
        self.orders = list(permutations(range(n)))
        images = np.array([[_reorder(x, order) for x in range(1 << n)] for order in self.orders],
                          dtype=np.uint64)
        weights = np.left_shift(np.uint64(1), images)  # the bit of each image pattern
        self.nbytes = ((1 << n) + 7) // 8
        self.table = np.zeros((self.nbytes, 256, len(self.orders)), dtype=np.uint64)
        for k in range(self.nbytes):
            for bit in range(8):
                if 8 * k + bit < 1 << n:
                    for byte in range(256):
                        if byte >> bit & 1:
                            self.table[k, byte] |= weights[:, 8 * k + bit]

    def smallest(self, seen: Seen) -> int:
        """The smallest bitmask among the images of `seen` under every reordering."""
        return self.least(seen)[0]

    def least(self, seen: Seen) -> tuple[int, int]:
        """The smallest image of `seen` under a reordering, and the index of that reordering
        in `orders` (lexicographic order)."""
        images = np.zeros(len(self.orders), dtype=np.uint64)
        for k, byte in enumerate(seen.to_bytes(self.nbytes, "little")):
            if byte:
                images |= self.table[k, byte]
        best = int(images.argmin())
        return int(images[best]), best


def _reorder(pattern: Pattern, order: tuple[int, ...]) -> Pattern:
    """The pattern with coin i moved to place order[i]."""
    return sum(1 << order[coin] for coin in range(len(order)) if pattern >> coin & 1)


class OutOfBudget(RuntimeError):
    """The search stopped at its time or position budget before it knew the winner."""


class NoRepeats:
    """The game on n coins, solved by memoised search over positions up to symmetry.

    `wins(key)` is True iff the player to move from the canonical position `key` wins.
    Optional budgets (seconds, positions) stop a hopeless search with OutOfBudget. `native`
    (default: from NATIVE_COINS coins on) hands `wins` to the native core, whose table takes at
    most `table_bytes` (by default `table_size(n, misere)`); `progress(positions)` is then
    called every 65,536 positions. With a `checkpoint` file (`saved_table(n, misere)` in the
    user's cache, or another), the native search saves its table there every ten minutes and
    when it stops, and starts from the table saved there if its record vouches for it
    (`read_table`): `table_note` says which, `reused` how many positions the table read had
    searched, and `searched` how many this run searched.
    """

    def __init__(self, n: int, misere: bool = False, seconds: float | None = None,
                 max_positions: int | None = None, native: bool | None = None,
                 table_bytes: int | None = None,
                 progress: Callable[[int], object] | None = None,
                 checkpoint: Path | None = None) -> None:
        self.n = n
        self.misere = misere
        self.reorderings = Reorderings(n)
        self.memo: dict[Key, bool] = {}
        self.deadline = None if seconds is None else time.perf_counter() + seconds
        self.max_positions = max_positions
        self.native = native_solver(n, misere, table_size(n, misere) if table_bytes is None
                                    else table_bytes) \
            if (n >= NATIVE_COINS if native is None else native) else None
        self.progress = progress
        self.checkpoint, self.saved = checkpoint, time.perf_counter()
        self.table_note = ""
        if self.native is not None and checkpoint is not None:
            self.table_note = read_table(self.native, checkpoint, n, misere)
        self.reused = self.positions

    def key(self, seen: Seen, pattern: Pattern) -> Key:
        """The canonical key of the position: current pattern to all heads, coins reordered."""
        return self.reorderings.smallest(flip_all(seen, pattern, self.n))

    def children(self, seen: Seen, pattern: Pattern = START) -> Iterator[tuple[int, Key]]:
        """Each legal coin of the position, with the key of the result (by default the
        position is the canonical one whose seen set is `seen`)."""
        for coin in legal_coins(seen, pattern, self.n):
            after = turn(pattern, coin)
            yield coin, self.key(seen | 1 << after, after)

    def replies(self, key: Key) -> int:
        """How many moves the player to move has from the canonical position `key`."""
        return len(legal_coins(key, START, self.n))

    def wins(self, key: Key) -> bool:
        """Does the player to move from `key` win? (Stuck: wins iff misère.)"""
        known = self.memo.get(key)
        if known is not None:
            return known
        if self.native is not None:
            return self._native_wins(key)
        self._check_budget()
        children = [child for _, child in self.children(key)]
        if not children:
            result = self.misere
        elif any(self.memo.get(child) is False for child in children):
            result = True  # a move into a position already known lost: no search needed
        else:
            # Positions that leave the opponent few replies are quick to decide: try them first.
            children.sort(key=self.replies)
            result = any(not self.wins(child) for child in children)
        self.memo[key] = result
        return result

    def _native_wins(self, key: Key) -> bool:
        """`wins` by the native core, within what is left of the budgets."""
        assert self.native is not None
        seconds = -1.0 if self.deadline is None else self.deadline - time.perf_counter()
        nodes = -1 if self.max_positions is None else self.max_positions - self.positions
        result = None
        if (self.deadline is None or seconds > 0) and (self.max_positions is None or nodes > 0):
            try:
                result = self.native.wins(key, START, seconds=seconds, max_nodes=nodes,
                                          progress=self._native_progress, tries=TRIES,
                                          moves=key.bit_count() - 1)
            finally:
                self._save()
        if result is None:
            if self.max_positions is not None and self.positions >= self.max_positions:
                raise OutOfBudget(f"stopped after {self.positions:,} positions")
            raise OutOfBudget(f"stopped at the time budget after {self.positions:,} positions")
        return bool(result)

    def _native_progress(self, nodes: int, stored: int) -> None:
        if time.perf_counter() - self.saved > CHECKPOINT_SECONDS:
            self._save()
        if self.progress is not None:
            self.progress(nodes)

    def _save(self) -> None:
        """Save the native table to the checkpoint file, if there is one (a search stopped, or
        killed, resumes from it; one settled answers at once: docs/norepeat.md, "The saved
        table")."""
        if self.native is not None and self.checkpoint is not None:
            save_table(self.native, self.checkpoint, self.n, self.misere)
            self.saved = time.perf_counter()

    def _check_budget(self) -> None:
        if self.max_positions is not None and len(self.memo) >= self.max_positions:
            raise OutOfBudget(f"stopped after {len(self.memo):,} positions")
        if self.deadline is not None and len(self.memo) % 1024 == 0 \
                and time.perf_counter() > self.deadline:
            raise OutOfBudget(f"stopped at the time budget after {len(self.memo):,} positions")

    @cached_property
    def start(self) -> Key:
        """The key of the opening position: all heads, seen once."""
        return self.key(1 << START, START)

    @cached_property
    def winner(self) -> str:
        """'first' (Amber) or 'second' (Ben): who wins with best play."""
        return "first" if self.wins(self.start) else "second"

    @property
    def positions(self) -> int:
        """How many positions (up to symmetry) the search has solved (the native core: how
        many it has expanded, counting again one whose table entry was given up, those of a
        table read from the checkpoint included)."""
        return len(self.memo) if self.native is None else self.native.stats["nodes"]

    @property
    def searched(self) -> int:
        """How many of `positions` this run searched (the rest: the table it read)."""
        return self.positions - self.reused

    def winning_coin(self, seen: Seen, pattern: Pattern) -> int | None:
        """A coin whose turn leaves the opponent lost, or None if there is none."""
        options = sorted(self.children(seen, pattern), key=lambda option: (
            self.memo.get(option[1]) is not False, self.replies(option[1])))
        return next((coin for coin, child in options if not self.wins(child)), None)

    def strategy(self) -> dict[Key, int]:
        """The winner's strategy up to symmetry: key of each position the winner moves from,
        reachable against any defence, to the coin to turn there (in the key's own frame).

        >>> NoRepeats(2).strategy()  # HH: turn coin 0, and after any reply the other one
        {1: 0, 11: 1}
        """
        plan: dict[Key, int] = {}
        todo = [self.start] if self.wins(self.start) else [child for _, child in
                                                           self.children(self.start)]
        while todo:
            key = todo.pop()
            if key in plan or not self.replies(key):
                continue  # known, or the winner is stuck (misère: that is the win)
            coin = self.winning_coin(key, START)
            assert coin is not None, "the winner always has a winning move"
            plan[key] = coin
            after = turn(START, coin)
            todo.extend(child for _, child in self.children(key | 1 << after, after))
        return plan

    def strategy_tree(self) -> dict[str, int]:
        """The winner's strategy as a map from history (coins turned so far, as '0,2,1'; the
        empty string at the start) to the coin the winner turns there.

        >>> NoRepeats(1).strategy_tree()
        {'': 0}
        """
        plan: dict[str, int] = {}
        first_wins = self.winner == "first"

        def walk(history: tuple[int, ...], seen: Seen, pattern: Pattern) -> None:
            winner_to_move = (len(history) % 2 == 0) == first_wins
            coins = legal_coins(seen, pattern, self.n)
            if winner_to_move and coins:
                coin = self.winning_coin(seen, pattern)
                assert coin is not None, "the winner always has a winning move"
                plan[",".join(map(str, history))] = coin
                coins = [coin]
            elif winner_to_move:
                return
            for coin in coins:
                after = turn(pattern, coin)
                walk((*history, coin), seen | 1 << after, after)

        walk((), 1 << START, START)
        return plan


def table_size(n: int, misere: bool) -> int:
    """The native table for n coins: TABLE_BYTES, but for six coins under misère play (the
    search from the opening that finishes) OPENING_TABLE_BYTES, or what the machine has
    available less TABLE_SPARE_BYTES if that is less (and not below TABLE_BYTES)."""
    if not from_the_opening(n, misere):
        return TABLE_BYTES
    return max(TABLE_BYTES, min(OPENING_TABLE_BYTES, available_memory() - TABLE_SPARE_BYTES))


# The table saved between runs (docs/norepeat.md, "The saved table"): the native core's own
# file (NRTABLE1), and beside it a record of what wrote it and the SHA-256 of its bytes.

TABLE_RECORD_FORMAT = "coinproofs/norepeat-table/v1"
TABLE_RECORD_BYTES = 4096  # a record is about 300 bytes: a larger file is not one
TABLE_RECORD_KEYS = {"format", "n", "misere", "core", "bytes", "sha256", "positions"}
DIGEST_CHUNK = 1 << 24


def saved_table(n: int, misere: bool) -> Path:
    """Where `norepeat solve` and `prove` alike keep the native search's table of n coins
    under the rule between runs: `norepeat/n<n>.<normal|misere>.nrtable` in the user's cache
    (coinproofs/caches.py), its record beside it (`<name>.json`)."""
    return cache_root() / "norepeat" / f"n{n}.{'misere' if misere else 'normal'}.nrtable"


def table_record(path: Path) -> Path:
    """The record of the table saved at `path`."""
    return path.with_name(path.name + ".json")


def file_digest(path: Path) -> str:
    """The SHA-256 of the file's bytes, read a chunk at a time (a table is up to 12 GiB)."""
    hasher = hashlib.sha256()
    with path.open("rb") as handle:
        while chunk := handle.read(DIGEST_CHUNK):
            hasher.update(chunk)
    return hasher.hexdigest()


@cache
def native_core() -> str:
    """The SHA-256 of the native core's compiled module: a table saved by another build is not
    read, as its keys, hashes or entries may mean something else there."""
    spec = find_spec("coinproofs.games._norepeat")
    if spec is None or spec.origin is None:
        raise ImportError("the native core coinproofs.games._norepeat is not built")
    return file_digest(Path(spec.origin))


def save_table(solver: Any, path: Path, n: int, misere: bool) -> None:
    """Save the native solver's table of n coins to `path`, then its record beside it. The
    old record goes first, so that a run stopped between the two leaves a table without a
    record, which is never read."""
    # One line, by json's native encoder: the indenting one, in Python, leaves closures in
    # reference cycles, and the prover leaves none (tests/test_norepeat_walk.py).
    record = table_record(path)
    record.unlink(missing_ok=True)
    with atomic_path(path) as temp:
        solver.save(str(temp))
        size, digest = temp.stat().st_size, file_digest(temp)
    write_text_atomically(record, json.dumps(
        {"format": TABLE_RECORD_FORMAT, "n": n, "misere": misere, "core": native_core(),
         "bytes": size, "sha256": digest, "positions": solver.stats["nodes"]}) + "\n")


def read_table(solver: Any, path: Path, n: int, misere: bool) -> str:
    """Read the table saved at `path` into the native solver of n coins if its record vouches
    for it (written by this build of the native core, for these coins and rule, of these
    bytes); a sentence that says what was done ("" when nothing is saved there). A table
    refused is left where it is, and the next save replaces it. Nothing read is trusted
    further: a wrong entry can only make a walk the kernel refuses."""
    if not path.exists():
        return ""
    refused = table_refusal(path, n, misere)
    if not refused:
        try:
            solver.load(str(path))
            return (f"the search starts from the table saved in {path} after "
                    f"{solver.stats['nodes']:,} positions")
        except (OSError, ValueError) as error:
            refused = str(error)
    return f"the table saved in {path} is not read ({refused}): the search starts afresh"


def table_refusal(path: Path, n: int, misere: bool) -> str:
    """Why the table saved at `path` may not be read, or "" if its record vouches for it."""
    record = table_record(path)
    try:
        with record.open("rb") as handle:
            text = handle.read(TABLE_RECORD_BYTES + 1)
        if len(text) > TABLE_RECORD_BYTES:
            return f"its record {record} is larger than {TABLE_RECORD_BYTES:,} bytes"
        fields = json.loads(text)
        size = path.stat().st_size
    except FileNotFoundError:
        return f"it has no record {record}"
    except (OSError, ValueError) as error:
        return f"its record {record} cannot be read: {error}"
    if not isinstance(fields, dict) or set(fields) != TABLE_RECORD_KEYS \
            or fields["format"] != TABLE_RECORD_FORMAT:
        return f"its record {record} is not one that coinproofs writes"
    if type(fields["n"]) is not int or fields["n"] != n or fields["misere"] is not misere:
        return "its record is of other coins or another rule"
    if fields["core"] != native_core():
        return "it was saved by another build of the native core"
    if fields["bytes"] != size:
        return f"it has {size:,} bytes, not the {fields['bytes']} its record gives"
    if fields["sha256"] != file_digest(path):
        return "its SHA-256 is not the one its record gives"
    return ""


def available_memory() -> int:
    """The bytes the system says it can give without swapping (Linux's MemAvailable; else the
    free physical pages)."""
    try:
        with open("/proc/meminfo") as meminfo:
            for line in meminfo:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    return os.sysconf("SC_AVPHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")


def search_progress(solver: Any, shown: int = TRIES_TO + 3) -> str:
    """Where the native search is, in a line: positions searched, how full its table is, and
    the moves under way at the first `shown` depths (which move of how many, and its budget
    under a budgeted try).

    >>> solver = native_solver(3, misere=True)
    >>> solver.wins(1 << START, START)
    False
    >>> search_progress(solver)
    '9 positions, table 0% full; moves under way: none'
    """
    stats = solver.stats
    steps = " ".join(f"{tried + 1}/{count}" + (f"({budget / 1e6:,.0f}M)" if budget > 0 else "")
                     for tried, count, budget in solver.path[:shown])
    return (f"{stats['nodes']:,} positions, table {100 * stats['stored'] / stats['capacity']:.0f}%"
            f" full; moves under way: {steps or 'none'}")


def native_solver(n: int, misere: bool, table_bytes: int = TABLE_BYTES) -> Any:
    """The native core's solver for n coins, with a table of at most `table_bytes`.

    >>> solver = native_solver(3, misere=True)
    >>> solver.wins(1 << START, START), solver.key(0b11, 1, reduce=False)  # Ben wins; HH TH
    (False, 3)
    """
    return Solver(n, misere, table_bytes)


# The winner's strategy as a DAG file (format NRDAG1, docs/certificates.md), for few coins.

DAG_MAGIC = b"NRDAG1\n\0"
NO_REPLY, NO_CHILD, NO_FIRST = 255, 0xFFFFFFFF, 255


def dag_nodes(data: bytes) -> int:
    """The number of nodes a DAG file's header gives (bytes 12 to 19, little-endian)."""
    return int.from_bytes(data[12:20], "little")


def reachable_part(seen: Seen, pattern: Pattern, n: int) -> Seen:
    """The seen set with every unseen pattern that `pattern` cannot reach by a path through
    unseen patterns marked seen (Lemma R of docs/norepeat.md), by breadth-first search.

    >>> bin(reachable_part(0b10111, 0, 3))  # at HHH, all three neighbours seen
    '0b11111111'
    """
    reached, frontier = {pattern}, [pattern]
    while frontier:
        frontier = [turn(x, coin) for x in frontier for coin in legal_coins(seen, x, n)
                    if turn(x, coin) not in reached]
        reached.update(frontier)
    unreached = [x for x in range(1 << n) if not seen >> x & 1 and x not in reached]
    return seen | sum(1 << x for x in unreached)


def strategy_dag(game: NoRepeats, loser_at: tuple[Seen, Pattern] | None = None) -> bytes:
    """The winner's strategy as a DAG file: node 0 the reduced position where the loser first
    moves, then each canonical position (key, all heads) the winner's replies lead to. Each
    record names the automorphism x -> order(x) ^ order(v) that takes the reduced position
    (seen, v) to its key (the reordering `order` that makes the key least). From `loser_at`,
    if given (a position where the player to move loses), in place of the start: the header
    then names the second player and no first move.

    >>> data = strategy_dag(NoRepeats(1))  # Amber turns the coin; Ben is stuck at once
    >>> data[8:12], dag_nodes(data), data[20:]
    (b'\\x01\\x00\\x01\\x00', 1, b'\\x03\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x01\\x00')
    """
    n = game.n
    first_wins = loser_at is None and game.winner == "first"
    first = game.winning_coin(1 << START, START) if first_wins else None
    seen, pattern = (1 << START, START) if first is None else (1 << START | 1 << turn(START, first),
                                                            turn(START, first))
    if loser_at is not None:
        seen, pattern = loser_at
    nodes = [(reachable_part(seen, pattern, n), pattern)]
    numbers: dict[Key, int] = {}
    body = bytearray()
    for seen, pattern in nodes:  # grows as new keys are met
        coins = legal_coins(seen, pattern, n)
        body += (seen.to_bytes(8, "little") + bytes([pattern, len(coins)]))
        for coin in coins:
            moved = turn(pattern, coin)
            after = seen | 1 << moved
            reply = game.winning_coin(after, moved) if legal_coins(after, moved, n) else None
            if reply is None:
                assert game.misere and not legal_coins(after, moved, n), "the winner loses"
                body += bytes([NO_REPLY]) + (0).to_bytes(4, "little") + \
                    NO_CHILD.to_bytes(4, "little")
                continue
            current = turn(moved, reply)
            final = after | 1 << current
            auto, child = 0, NO_CHILD
            if legal_coins(final, current, n):
                reduced = reachable_part(final, current, n)
                key, order = game.reorderings.least(flip_all(reduced, current, n))
                if key not in numbers:
                    numbers[key] = len(nodes)
                    nodes.append((key, START))
                flip = _reorder(current, game.reorderings.orders[order])
                auto, child = order << n | flip, numbers[key]
            body += bytes([reply]) + auto.to_bytes(4, "little") + child.to_bytes(4, "little")
    header = bytes([n, game.misere, 1 if first_wins else 2, NO_FIRST if first is None else first])
    return DAG_MAGIC + header + len(nodes).to_bytes(8, "little") + bytes(body)


def late_lost_position(game: NoRepeats, moves: int, rng: random.Random) -> tuple[Seen, Pattern]:
    """A position `moves` random legal moves into a game (games that end sooner are replayed)
    from which the player to move has a move, and loses: a root for a strategy DAG of a part
    of a game too large to solve whole (tests and benchmarks of the DAG checkers).

    >>> seen, pattern = late_lost_position(NoRepeats(3, misere=True), 2, random.Random(1))
    >>> bin(seen).count("1"), NoRepeats(3, misere=True).wins(NoRepeats(3).key(seen, pattern))
    (3, False)
    """
    while True:
        seen, pattern = 1 << START, START
        for _ in range(moves):
            coins = legal_coins(seen, pattern, game.n)
            if not coins:
                break
            pattern = turn(pattern, rng.choice(coins))
            seen |= 1 << pattern
        else:
            if legal_coins(seen, pattern, game.n) and not game.wins(game.key(seen, pattern)):
                return seen, pattern


WALK_MAGIC = b"NRWALK1\n"


def extract(n: int, misere: bool, path: Path, table_bytes: int = TABLE_BYTES,
            solver: Any = None, progress: Callable[[int, int], object] | None = None,
            leaf: int = WALK_LEAF, root: tuple[Seen, Pattern] | None = None) -> dict[str, int]:
    """Write the winner's strategy to `path` in the format NRWALK1 (docs/certificates.md: the
    checker walks the strategy, playing a default reply where the file lists none; positions
    whose current pattern reaches at most `leaf` unseen patterns it solves itself), walked by
    the native core (`solver`, or a new one with a table of `table_bytes`), which searches
    what its table does not know. The file is written as the walk goes; the counts it made
    (winner, first, nodes, records, moves, leaves, finishes). `progress(nodes, records)` is
    called now and then. Nothing is left at `path` if it stops. `root`, a lost position, in
    place of the start: tests and benchmarks.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     file = Path(folder) / "n3.nrwalk"
    ...     counts = extract(3, misere=True, path=file, leaf=0)
    ...     data = file.read_bytes()
    >>> counts["nodes"], counts["records"], data[:8] == WALK_MAGIC, list(data[8:13])
    (5, 0, True, [3, 1, 2, 255, 0])
    """
    if solver is None:
        solver = native_solver(n, misere, table_bytes)
    with atomic_path(path) as temp:
        counts: dict[str, int] = solver.certificate(str(temp), leaf=leaf, progress=progress,
                                                    root=root)
    return counts


def solve(n: int, misere: bool = False) -> NoRepeats:
    """The game on n coins, with its winner already found."""
    game = NoRepeats(n, misere)
    _ = game.winner
    return game


def perfect_matching(n: int, found_up_to: int = 10) -> list[tuple[Pattern, Pattern]]:
    """A perfect matching of Q_n (n >= 1): pairs of patterns one coin apart, covering all.

    networkx (Hopcroft-Karp on the bipartite Q_k, k = min(n, found_up_to)) finds a perfect
    matching of the first k coins; for more coins each pattern is paired like its first k
    coins, the other coins unchanged (a product with Q_{n-k}), which is again perfect.

    >>> perfect_matching(2)
    [(0, 1), (2, 3)]
    """
    # deferred: 164 ms of CPU to load (docs/design.md, "Imports")
    import networkx as nx

    k = min(n, found_up_to)
    cube = nx.Graph()
    cube.add_nodes_from(range(1 << k))
    cube.add_edges_from((x, turn(x, coin)) for x in range(1 << k) for coin in range(k))
    evens = [x for x in range(1 << k) if x.bit_count() % 2 == 0]
    mate = nx.bipartite.hopcroft_karp_matching(cube, top_nodes=evens)
    if len(mate) != 1 << k:
        raise RuntimeError(f"networkx found no perfect matching of Q_{k}")
    low = (1 << k) - 1

    def partner(x: Pattern) -> Pattern:
        return int(mate[x & low]) | (x & ~low)

    return sorted((x, partner(x)) for x in range(1 << n) if x < partner(x))


def plain_winner(n: int, misere: bool = False) -> str:
    """The winner by the seed's method: plain recursion over the whole history, no memo.

    >>> plain_winner(3, misere=True)
    'second'
    """

    def to_move_wins(history: list[Pattern]) -> bool:
        replies = [turn(history[-1], coin) for coin in range(n)]
        replies = [p for p in replies if p not in history]
        if not replies:
            return misere
        return any(not to_move_wins([*history, p]) for p in replies)

    return "first" if to_move_wins([START]) else "second"
