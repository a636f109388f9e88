"""The devil's coin flip, for use from Python: ``import coinproofs as cp; cp.devil.solve(4)``.

N coins lie on a round table at positions 0..N-1. The blindfolded player names positions to
flip; before every flip the devil turns the table as he likes. A *strategy* is a list of moves,
each a list of positions (Norvig's notation, e.g. ``[[0, 1, 2, 3], [0, 2]]``); it *wins* if
all coins show heads by its last move whatever the start and the rotations.

>>> import coinproofs as cp
>>> cp.devil.solve(4)
Solution(n=4, length=15, moves=[[0, 1, 2, 3], [0, 2], [0, 1, 2, 3], ...])
>>> cp.devil.check([[0, 1], [0]], 2).wins
False

Every function takes and returns plain lists of positions; the engine's bitmasks stay inside.
"""

from __future__ import annotations

import json
import operator
import secrets
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from coinproofs.arguments import flag, whole
from coinproofs.display import html_table, paragraph
from coinproofs.explain import belief_story, explanation
from coinproofs.games.counting import count_paths
from coinproofs.games.devil import (
    GROUPS,
    MAX_SEARCH_N,
    Table,
    beliefs_along,
    coins_text,
    cycles_text,
    describe,
    elements,
    group_order,
    is_power_of_two,
    orbit,
    orbits,
    over,
    positions,
    search,
)
from coinproofs.games.devil import lamping as construction
from coinproofs.games.devil import table as engine_table
from coinproofs.games.random_devil import histogram, win_chances
from coinproofs.proofs.registry import OutOfLimits, UnknownClaim, pattern_of
from coinproofs.verify import table as kernel
from coinproofs.verify.certificate import Rejected
from coinproofs.verify.table import STRATEGY_MOVES, claim_id, generated_name

if TYPE_CHECKING:
    from matplotlib.figure import Figure

Moves = list[list[int]]

__all__ = ["Beliefs", "Check", "Count", "Counterexample", "NorvigTable", "RandomPlay", "Solution",
           "beliefs", "check", "count", "encode", "explain", "family_options", "in_words",
           "lamping", "moves_from", "play", "solve", "table", "table_of"]


# --- Strategies as people write them -----------------------------------------------------------

def moves_from(strategy: Iterable[Iterable[int]], n: int, states: int = 2) -> list[int]:
    """The moves of a strategy in Norvig's notation as the engine's bitmasks, or a ValueError
    that says which move is wrong and why. With dials of `states` > 2 states a move names a
    position once for each step it turns that dial (at most states - 1 times), and the move
    is the number whose base-`states` digit i is dial i's turn.

    >>> moves_from([[0, 1], [0], [0, 1]], 2)
    [3, 1, 3]
    >>> moves_from([[0, 0, 2]], 3, states=3)  # turn dial 0 twice, dial 2 once: 2 + 1 * 9
    [11]
    >>> moves_from([[0, 2]], 2)
    Traceback (most recent call last):
    ...
    ValueError: move 1 names position 2, outside 0..1 for 2 coins
    """
    if isinstance(strategy, (str, bytes)) or not isinstance(strategy, Iterable):
        raise ValueError("a strategy is a list of moves, each a list of positions, "
                         "e.g. [[0, 1, 2, 3], [0, 2]]")
    bitmasks = []
    for i, move in enumerate(strategy, 1):
        if isinstance(move, (str, bytes, int)) or not isinstance(move, Iterable):
            raise ValueError(f"move {i} must be a list of positions, not {move!r}")
        try:
            positions = [whole_position(p) for p in move]
        except TypeError:
            raise ValueError(f"move {i} must list whole-number positions") from None
        bad = [p for p in positions if not 0 <= p < n]
        if bad:
            raise ValueError(f"move {i} names position {bad[0]}, outside 0..{n - 1} "
                             f"for {n} coins")
        if states == 2 and len(set(positions)) < len(positions):
            raise ValueError(f"move {i} names a position twice")
        if max(map(positions.count, positions), default=0) >= states:
            raise ValueError(f"move {i} names a position more than {states - 1} times "
                             f"(a dial has {states} states)")
        bitmasks.append(sum(states**p for p in positions))
    return bitmasks


def whole_position(p: Any) -> int:
    """A position as an int: numpy integers too; a TypeError for a bool, a float or a string.

    >>> import numpy as np
    >>> whole_position(np.int64(3))
    3
    """
    if isinstance(p, bool):
        raise TypeError(f"{p!r} is not a position")
    return operator.index(p)


def notation(moves: Iterable[int], n: int = 0, states: int = 2) -> Moves:
    """Bitmask moves in Norvig's notation (with dials of `states` states on `n` positions,
    each position named once per step it turns).

    >>> notation([3, 1, 3])
    [[0, 1], [0], [0, 1]]
    >>> notation([11], 3, states=3)
    [[0, 0, 2]]
    """
    if states == 2:
        return [positions(move) for move in moves]
    return [positions(move, Table(n, states)) for move in moves]


def moves_from_json(document: Any, n: int, states: int = 2) -> list[int]:
    """The strategy in a JSON document: a list of moves, or what `devil solve --json` and
    `devil lamping --json` print (an object with "n" and "moves").

    >>> moves_from_json({"n": 2, "length": 3, "moves": [[0, 1], [0], [0, 1]]}, 2)
    [3, 1, 3]
    """
    if isinstance(document, dict):
        if "moves" not in document:
            raise ValueError("a strategy file holds a list of moves, or an object with "
                             "'moves' (as `coinproofs devil solve --json` prints)")
        if document.get("n", n) != n:
            raise ValueError(f"the strategy is for {document['n']} coins, not {n}")
        if document.get("states", 2) != states:
            raise ValueError(f"the strategy is for dials with {document['states']} states, "
                             f"not {states} (the option --states)")
        if document["moves"] is None:
            raise ValueError(f"the file holds no strategy: no strategy wins for {n} coins")
        document = document["moves"]
    if not isinstance(document, list):
        raise ValueError("a strategy file holds a JSON list of moves, each a list of "
                         "positions, e.g. [[0,1,2,3],[0,2]]")
    if len(document) > STRATEGY_MOVES.limit:  # `show` and `explain` would run for minutes
        raise ValueError(f"the strategy has {len(document):,} moves, more than the "
                         f"{STRATEGY_MOVES.limit:,} a strategy file may hold (Lamping's for 16 "
                         f"coins has 65,535)")
    return moves_from(document, n, states)


def _shortened(moves: Moves, shown: int = 3) -> str:
    """A long list of moves with its tail left out."""
    if len(moves) <= shown:
        return json.dumps(moves).replace("],[", "], [")
    return "[" + ", ".join(json.dumps(move) for move in moves[:shown]) + ", ...]"


# --- Solving --------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Solution:
    """What breadth-first search found for n coins: a shortest winning strategy (`moves`, with
    `length` moves) or none (both None), and how many beliefs it examined."""

    n: int
    moves: Moves | None = field(repr=False)
    searched: int = field(repr=False)
    options: dict[str, Any] = field(default_factory=dict, repr=False)  # non-default table
    claim: str | None = field(default=None, repr=False)  # the claim id that certifies it

    @property
    def length(self) -> int | None:
        """How many moves the strategy has (None: no strategy wins)."""
        return None if self.moves is None else len(self.moves)

    @property
    def wins(self) -> bool:
        """Does some strategy always win?"""
        return self.moves is not None

    def __repr__(self) -> str:
        if self.moves is None:
            return f"Solution(n={self.n}, no winning strategy, {self.searched:,} beliefs searched)"
        return f"Solution(n={self.n}, length={self.length}, moves={_shortened(self.moves)})"

    def as_json(self) -> dict[str, Any]:
        """What `coinproofs devil solve --json` prints."""
        return {"n": self.n, **self.options, "length": self.length, "moves": self.moves,
                "beliefs_explored": self.searched, "claim": self.claim}

    def _repr_html_(self) -> str:
        if self.moves is None:
            return paragraph(f"n = {self.n}: no winning strategy ({self.searched:,} beliefs "
                             "searched)")
        return paragraph(f"n = {self.n}: a shortest winning strategy of {self.length:,} moves "
                         f"({self.searched:,} beliefs searched)", json.dumps(self.moves))


def table_of(n: int, states: int = 2, group: str = "cyclic", goal: str = "zero") -> Any:
    """The member of the rotating-table family with these options (the engine's Table), or a
    ValueError saying in one sentence what is wrong. `group` is cyclic, dihedral, symmetric,
    trivial, klein, alternating, or generators in cycle notation such as "(0 1 2 3),(0 2)"."""
    if not isinstance(group, str):
        raise TypeError(f"group must be a name or generators in cycle notation, not {group!r}")
    return engine_table(whole(n, "n", 1), whole(states, "states", 2), group, goal)


def in_words(table: Any) -> str:
    """A member of the family in words, with the order of a group other than the rotations.

    >>> in_words(table_of(3, 3)), in_words(table_of(4, group="(0 1 2 3),(0 2)", goal="equal"))
    ('3 dials with 3 states', '4 coins, the group generated by (0 1 2 3), (0 2) (order 8), \
goal: all coins equal')
    """
    text = describe(table)
    if table.group == "cyclic":
        return str(text)
    group, goal, rest = text.partition(", goal:")
    return f"{group} (order {group_order(table):,}){goal}{rest}"


def family_options(states: int, group: str, goal: str) -> dict[str, Any]:
    """The options that differ from the devil's coin flip, as JSON output names them."""
    chosen: dict[str, Any] = {"states": states, "group": group, "goal": goal}
    return {key: value for key, value in chosen.items()
            if value != {"states": 2, "group": "cyclic", "goal": "zero"}[key]}


def solve(n: int, *, states: int = 2, group: str = "cyclic", goal: str = "zero") -> Solution:
    """A shortest winning strategy for n coins (n <= 12), by breadth-first search over beliefs;
    with options, for another member of the rotating-table family: dials of `states` states,
    the devil's `group`, the `goal` "zero" or "equal" (see table_of).

    >>> solve(2)
    Solution(n=2, length=3, moves=[[0, 1], [0], [0, 1]])
    >>> solve(6)
    Solution(n=6, no winning strategy, 4 beliefs searched)
    >>> solve(3, states=3).length, solve(8, goal="equal").length
    (26, 127)
    """
    t = table_of(n, states, group, goal)
    result = search(t)
    moves = None if result.strategy is None else notation(result.strategy, n, states)
    return Solution(n, moves, sum(len(layer) for layer in result.layers),
                    family_options(states, group, goal),
                    certifying_claim(t, wins=result.strategy is not None))


def certifying_claim(t: Any, wins: bool) -> str | None:
    """The id of the claim that certifies a solution (`coinproofs prove ID` writes its
    certificate): the shortest claim when a strategy wins, else the impossible one; a group
    given by generators is named by them in canonical form. None when no claim pattern proves
    it within its limits.

    >>> certifying_claim(table_of(4, group="(0 2)(1 3),(0 1)(2 3)"), wins=True)
    'devil.n4.g0-1c2-3.g0-2c1-3.shortest'
    """
    kind = "shortest" if wins else "impossible"
    if t.is_coins:
        name = f"devil.n{t.n}.{kind}"
    else:
        group = t.group if t.group != "generated" else generated_name(t.generators)
        name = claim_id(kind, t.n, t.q, group, t.goal)
    try:
        pattern = pattern_of(name)
        parameters = pattern.parameters(name)
        assert parameters is not None  # pattern_of found the pattern that matches it
        pattern.claim(parameters)
    except (OutOfLimits, UnknownClaim):
        return None
    return name


class NorvigTable(list[dict[str, Any]]):
    """Norvig's table: a list of rows (dicts with n, orbits, beliefs_explored, length), shown
    as a table in a notebook; `stopped` says why it ends before the largest n asked for ("" if
    it does not)."""

    stopped: str = ""

    def __repr__(self) -> str:
        stopped = f"; {self.stopped}" if self.stopped else ""
        return f"NorvigTable({len(self)} rows: n = 1..{len(self)}{stopped})"

    def _repr_html_(self) -> str:
        return html_table(["n", "orbits", "beliefs searched", "shortest winning strategy"],
                          [[row["n"], f"{row['orbits']:,}", f"{row['beliefs_explored']:,}",
                            "none" if row["length"] is None else f"{row['length']:,} moves"]
                           for row in self])


def table(largest: int = 8, *, states: int = 2, group: str = "cyclic",
          goal: str = "zero") -> NorvigTable:
    """Norvig's table for n = 1..largest: orbits, beliefs searched, shortest length (or None);
    with options (see solve; a named group, since generators name the positions of one n),
    the same for another member of the family at every n. It stops at the first n past what
    the engine handles, and `stopped` says where and why (a ValueError if that is n = 1).

    >>> table(3)[-1]
    {'n': 3, 'orbits': 4, 'beliefs_explored': 2, 'length': None}
    >>> [row["length"] for row in table(3, states=3)]
    [2, None, 26]
    >>> table(8, states=5)
    NorvigTable(4 rows: n = 1..4; stopped at n = 5: breadth-first search handles beliefs over \
at most 352 orbits (12 coins), but 5 dials with 5 states have 629 orbits)
    """
    if whole(largest, "largest", 1) > MAX_SEARCH_N:  # say so before the first 12 searches
        raise ValueError(f"the table goes up to {MAX_SEARCH_N} coins, the most breadth-first "
                         f"search handles, not {largest}")
    if group not in GROUPS or group == "klein":
        raise ValueError(f"a table for n = 1..{largest} needs a group every n has (cyclic, "
                         "dihedral, symmetric, trivial or alternating), not "
                         f"{group!r}: give generators to solve one n")
    rows = NorvigTable()
    for n in range(1, largest + 1):
        try:  # each n's table and search are bounded: past them, the rows so far are the answer
            shown = len(orbits(table_of(n, states, group, goal)))
            found = solve(n, states=states, group=group, goal=goal)
        except ValueError as limit:
            if n == 1:
                raise
            rows.stopped = f"stopped at n = {n}: {limit}"
            break
        rows.append({"n": n, "orbits": shown, "beliefs_explored": found.searched,
                     "length": found.length})
    return rows


def lamping(n: int) -> Moves:
    """John Lamping's winning strategy of 2^n - 1 moves, n a power of 2 up to 16.

    >>> lamping(2)
    [[0, 1], [0], [0, 1]]
    """
    return notation(construction(whole(n, "n")))


def encode(n: int, length: int, format: str = "dimacs", *, states: int = 2,
           group: str = "cyclic", goal: str = "zero") -> str:
    """The formula 'a winning strategy of `length` moves exists for n coins', as DIMACS CNF or
    SMT-LIB 2 text ("dimacs" or "smt2"), for outside solvers; with options (see solve), for
    another member of the family.

    >>> encode(2, 3).splitlines()[0].startswith("c ")
    True
    >>> encode(3, 26, states=3).splitlines()[0]
    'c coinproofs family-beliefs-onehot/v1: 3 dials with 3 states, 26 moves'
    """
    # deferred: 44 ms of CPU to load (docs/design.md, "Imports")
    from coinproofs.encodings.devil_formats import encode as formula

    whole(n, "n", 1)
    whole(length, "length")
    if (states, group, goal) == (2, "cyclic", "zero"):
        return formula(n, length, format)
    return formula(table_of(n, states, group, goal), length, format)


@dataclass(frozen=True)
class Count:
    """How many shortest winning strategies a table has: `length` moves each (None: none
    wins), as `sequences` of moves and `up_to_group` (moves that are permutations of each
    other by the devil's group counted once, move by move)."""

    n: int
    length: int | None
    sequences: int
    up_to_group: int
    table: str = ""  # the table in words

    def __repr__(self) -> str:
        if self.length is None:
            return f"Count(n={self.n}, no winning strategy)"
        return (f"Count(n={self.n}, length={self.length}, sequences={self.sequences}, "
                f"up_to_group={self.up_to_group})")

    def _repr_html_(self) -> str:
        if self.length is None:
            return paragraph(f"{self.table}: no winning strategy, so none to count")
        return paragraph(f"{self.table}: {self.sequences:,} shortest winning strategies of "
                         f"{self.length:,} moves as sequences of moves, {self.up_to_group:,} up "
                         "to the devil's group")


def count(n: int, *, states: int = 2, group: str = "cyclic", goal: str = "zero") -> Count:
    """How many shortest winning strategies there are, by exact path counting through the
    breadth-first layers of beliefs; with options (see solve), for another member of the
    family.

    >>> count(2)
    Count(n=2, length=3, sequences=2, up_to_group=1)
    >>> count(3, states=3).up_to_group > 1
    True
    """
    table = table_of(n, states, group, goal)
    found = count_paths(table)
    return Count(n, found.length, found.sequences, found.up_to_group, in_words(table))


# --- Checking -------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Counterexample:
    """A game the strategy loses: the coins at the start (H/T, position 0 first), the tails'
    positions, and the devil's rotation before each move."""

    coins: str
    tails: list[int]
    rotations: list[int]


@dataclass(frozen=True)
class Check:
    """The exact check of a strategy: `wins`, or a `counterexample` game it loses."""

    n: int
    length: int
    counterexample: Counterexample | None
    table: str = ""  # another member of the family, in words ("" for the coin flip)

    def __repr__(self) -> str:
        """As the dataclass writes it, without the table for the coin flip.

        >>> check([[0, 1], [0]], 2)
        Check(n=2, length=2, counterexample=Counterexample(coins='TH', tails=[0], \
rotations=[0, 0]))
        """
        table = f", table={self.table!r}" if self.table else ""
        return (f"Check(n={self.n}, length={self.length}, "
                f"counterexample={self.counterexample!r}{table})")

    @property
    def wins(self) -> bool:
        """Does the strategy win against every start and every turn of the devil?"""
        return self.counterexample is None

    def _repr_html_(self) -> str:
        return paragraph(str(self))

    def __str__(self) -> str:
        moves = f"{self.length:,}-move"
        if self.counterexample is None and self.table:
            return (f"wins: this {moves} strategy reaches the goal for every start and every "
                    f"permutation the devil may apply ({self.table})")
        if self.counterexample is None:
            return (f"wins: this {moves} strategy reaches all heads for every start and every "
                    "rotation")
        lost = self.counterexample
        if all(isinstance(turn, int) for turn in lost.rotations):
            return (f"loses: starting from {lost.coins} (tails at {lost.tails}), the devil "
                    f"turns the table by {lost.rotations} and all heads is never reached")
        return (f"loses: starting from {lost.coins}, the devil permutes the positions by "
                f"{' '.join(map(str, lost.rotations))} and the goal is never reached")


def check(moves: Iterable[Iterable[int]], n: int, *, states: int = 2, group: str = "cyclic",
          goal: str = "zero") -> Check:
    """Check a strategy exactly, against every start and every rotation (n <= 20), with the
    kernel's simulation; with options (see solve), for another member of the family, where
    a counterexample lists the devil's permutations in cycle notation (rotations by r when
    the group is cyclic).

    >>> check([[0, 1], [0], [0, 1]], 2).wins
    True
    >>> check([[0, 1], [0]], 2).counterexample
    Counterexample(coins='TH', tails=[0], rotations=[0, 0])
    >>> check([[0, 1], [0], [0, 1]], 2, group="trivial").wins
    True
    >>> check([[0], [0, 0]], 1, states=3).counterexample
    Counterexample(coins='1', tails=[0], rotations=[0, 0])
    """
    t = table_of(n, states, group, goal)
    if over(t.q, t.n, kernel.STATES.limit):
        raise ValueError(kernel.too_many_states(t.n, t.q))
    strategy = moves_from(moves, t.n, t.q)
    try:
        rules = (kernel.table_of(t.n, t.q, goal=t.goal, generators=elements(t))
                 if t.group == "generated" else kernel.table_of(t.n, t.q, t.group, t.goal))
        lost = kernel.simulate(strategy, rules)
    except Rejected as error:
        raise ValueError(str(error)) from None
    words = "" if t.is_coins else in_words(t)
    if lost is None:
        return Check(t.n, len(strategy), None, words)
    turns: list[Any] = ([g[0] for g in lost.permutations] if t.group == "cyclic"
                        else [cycles_text(g) for g in lost.permutations])
    game = t.n if t.is_coins else t
    return Check(t.n, len(strategy), Counterexample(
        coins_text(lost.initial, game), positions(lost.initial, game), turns), words)


# --- Beliefs --------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Beliefs:
    """The belief after each move of a strategy: the rotation orbits the player cannot rule out.

    `orbits` names each orbit by its least H/T word (position 0 first), `sets[t]` is the belief
    after t moves as a bitset over them (bit j = orbits[j]; t = 0 is the start).
    """

    n: int
    moves: Moves = field(repr=False)
    orbits: list[str] = field(repr=False)
    sets: list[int] = field(repr=False)
    states: int = field(default=2, repr=False)  # each dial's states (2: coins, H and T)
    goal: str = field(default="zero", repr=False)  # "zero": all heads, all 0; "equal": alike
    described: str = field(default="", repr=False)  # another table of the family, in words

    def __len__(self) -> int:
        return len(self.sets)

    def __getitem__(self, t: int) -> list[str]:
        """The orbits in the belief after t moves.

        >>> beliefs([[0, 1], [0], [0, 1]], 2)[1]
        ['HH', 'HT']
        """
        return [label for j, label in enumerate(self.orbits) if self.sets[t] >> j & 1]

    @property
    def sizes(self) -> list[int]:
        """How many orbits each belief holds.

        >>> beliefs([[0, 1], [0], [0, 1]], 2).sizes
        [3, 2, 2, 1]
        """
        return [belief.bit_count() for belief in self.sets]

    @property
    def wins(self) -> bool:
        """Does the last belief hold the goal alone (all heads, or all alike)?"""
        return self.sets[-1] == 1

    @property
    def words(self) -> dict[str, str]:
        """How text and pictures name this table's things: its pieces ("coins" or "dials"),
        what a move does ("flips" or "turns"), the goal, and how orbits are written."""
        coins = self.states == 2
        goal = ("all heads" if coins else "all dials at 0") if self.goal == "zero" else (
            f"all {'coins' if coins else 'dials'} alike")
        return {"pieces": "coins" if coins else "dials", "moves": "Flips" if coins else "Turns",
                "goal": goal,
                "orbits": "H = heads, T = tails" if coins else
                          f"a digit 0..{self.states - 1} per dial"}

    def is_goal(self, label: str) -> bool:
        """Is this orbit (its least word) the goal?

        >>> beliefs([[0, 1], [0], [0, 1]], 2).is_goal("HH")
        True
        """
        if self.goal == "equal":
            return len(set(label)) == 1
        return set(label) <= {"H", "0"}

    def move_text(self, t: int) -> str:
        """Move t (from 1) as the table shows it: the positions it flips, one digit each, for
        coins ("0 2"); for dials each position once per step it turns, with commas ("0,0,2"),
        which no state's word has.

        >>> beliefs([[0, 2]], 3).move_text(1), beliefs([[0, 0, 2]], 3, states=3).move_text(1)
        ('0 2', '0,0,2')
        """
        move = self.moves[t - 1]
        if self.states == 2:
            return "".join(str(p % 10) if p in move else " " for p in range(self.n))
        return ",".join(map(str, sorted(move)))

    def eliminated(self) -> list[int | None]:
        """For each orbit, the number of moves after which it has left the belief for good
        (None: still possible at the end).

        >>> beliefs([[0, 1], [0], [0, 1]], 2).eliminated()  # HH stays; HT goes after 2, TT 3
        [None, 2, 3]
        """
        result: list[int | None] = []
        for j in range(len(self.orbits)):
            present = [t for t, belief in enumerate(self.sets) if belief >> j & 1]
            last = present[-1] if present else -1
            result.append(None if last == len(self.sets) - 1 else last + 1)
        return result

    def __str__(self) -> str:
        return self.table()

    def _repr_html_(self) -> str:
        """Norvig's table, and beside it the picture when it is small (n <= 8, 64 moves)."""
        verdict = "wins" if self.wins else "does not win"
        text = paragraph(f"The belief after each of {len(self.moves):,} moves "
                         f"({verdict}):", self.table())
        if self.n > 8 or len(self.moves) > 64:
            return text
        # deferred: 458 ms of CPU to load (docs/design.md, "Imports")
        from coinproofs.pictures import inline_png

        return text + inline_png(self.figure(), dpi=50)

    def __repr__(self) -> str:
        return (f"Beliefs(n={self.n}, {len(self.moves)} moves, sizes "
                f"{' '.join(map(str, self.sizes[:8]))}{' ...' if len(self.sets) > 8 else ''})")

    def table(self) -> str:
        """Norvig's `show` table: the move, the positions it flips, the belief after it.

        >>> print(beliefs([[0, 1], [0], [0, 1]], 2).table())
        Move | Flips | Belief state
        -----+-------+--------------
           0 |       | HH HT TT
           1 | 01    | HH HT
           2 | 0     | HH    TT
           3 | 01    | HH
        """
        heading = self.words["moves"]
        width = max([len(heading), *(len(self.move_text(t)) for t in range(1, len(self.sets)))])
        lines = [f"{'Move':>4} | {heading:<{width}} | Belief state",
                 f"{'-' * 4}-+-{'-' * width}-+-{'-' * 13}"]
        for t, belief in enumerate(self.sets):
            flips = "" if t == 0 else self.move_text(t)
            shown = " ".join(label if belief >> j & 1 else " " * len(label)
                             for j, label in enumerate(self.orbits))
            lines.append(f"{t:>4} | {flips:<{width}} | {shown}".rstrip())
        return "\n".join(lines)

    def figure(self) -> Figure:
        """The beliefs as a picture: one row per orbit, ordered by when it leaves the belief,
        one column per move, and a strip of the belief's size (n <= 8)."""
        # deferred: 458 ms of CPU to load (docs/design.md, "Imports")
        from coinproofs.pictures import belief_figure

        return belief_figure(self)


def beliefs(moves: Iterable[Iterable[int]], n: int, *, states: int = 2, group: str = "cyclic",
            goal: str = "zero") -> Beliefs:
    """The belief after each move of a strategy (n <= 20; pictures up to 8); with options
    (see solve), for another member of the family.

    >>> beliefs([[0, 1, 2, 3], [0, 2]], 4)[2]
    ['HHHH', 'HHHT', 'HHTT', 'HTTT', 'TTTT']
    >>> beliefs([[0]], 2, goal="equal").wins  # HT or TH: turn coin 0, all equal
    True
    """
    table = table_of(n, states, group, goal)
    strategy = moves_from(moves, n, states)
    labels = [min(coins_text(state, table) for state in orbit(least, table))
              for least in orbits(table)]
    return Beliefs(n, notation(strategy, n, states), labels, beliefs_along(strategy, table),
                   states, goal, "" if table.is_coins else in_words(table))


# --- A random devil -------------------------------------------------------------------------------

@dataclass(frozen=True)
class RandomPlay:
    """Games against a devil who turns the table at random (evidence, not proof): `counts[t]`
    games first reached the goal (all heads, or all alike) after t moves, `counts[None]` were
    lost; `expected[t]` is the exact expected count at t, when it could be computed."""

    n: int
    length: int
    games: int
    seed: int
    random_starts: bool
    counts: Counter[int | None] = field(repr=False)
    expected: list[float] | None = field(repr=False)
    states: int = 2  # each dial's states (2: coins)
    goal: str = "zero"  # "zero": all heads (all dials at 0); "equal": all alike

    @property
    def starts(self) -> int:
        """How many starts there are: states^n."""
        return int(self.states**self.n)

    @property
    def played(self) -> int:
        """How many games were played."""
        return sum(self.counts.values())

    @property
    def lost(self) -> int:
        """How many games never reached the goal."""
        return self.counts[None]

    def __repr__(self) -> str:
        return (f"RandomPlay(n={self.n}, {self.length:,} moves, {self.played:,} games, "
                f"{self.lost:,} lost, seed {self.seed})")

    def _repr_html_(self) -> str:
        rows = [[t, f"{self.counts[t]:,}",
                 "" if self.expected is None else f"{self.expected[t]:,.1f}"]
                for t in range(self.length + 1) if self.counts[t] or self.length <= 40]
        return html_table(["moves", "wins", "expected"], rows,
                          f"{self.played:,} games against a random devil, {self.lost:,} lost "
                          f"(seed {self.seed}): evidence, not proof")

    def figure(self) -> Figure:
        """The counts as a bar chart, with the expected count drawn over it."""
        # deferred: 458 ms of CPU to load (docs/design.md, "Imports")
        from coinproofs.pictures import histogram_figure

        return histogram_figure(self)


def play(moves: Iterable[Iterable[int]], n: int, games: int = 1000, seed: int | None = None,
         random_starts: bool = False, *, states: int = 2, group: str = "cyclic",
         goal: str = "zero") -> RandomPlay:
    """Play a strategy against a devil who rotates at random: `games` games from each of the
    2^n starts (or in all, each from a random start); with options (see solve), on another
    member of the family, against a devil who applies a random permutation of its group.
    Norvig's experiment:

    >>> result = play(solve(4).moves, 4, seed=1)
    >>> result.played, result.lost, round(result.expected[7])
    (16000, 0, 1000)
    >>> result = play(solve(3, states=3).moves, 3, 10, seed=1, states=3)
    >>> result.played, result.lost, round(result.expected[26])
    (270, 0, 10)
    """
    whole(n, "n", 1)
    whole(games, "games", 1)
    if seed is not None:
        whole(seed, "seed")
    flag(random_starts, "random_starts")

    coins = (states, group, goal) == (2, "cyclic", "zero")
    game = n if coins else table_of(n, states, group, goal)
    strategy = moves_from(moves, n, states)
    seed = secrets.randbits(32) if seed is None else seed
    counts = histogram(strategy, game, games, seed, random_starts)
    played = games if random_starts else games * states**n
    chances = win_chances(strategy, game)
    if chances is None and coins and len(strategy) == (1 << n) - 1 and winning(strategy, n):
        chances = [1 / (1 << n)] * (1 << n)  # see win_chances: each move number equally likely
    expected = None if chances is None else [played * chance for chance in chances]
    return RandomPlay(n, len(strategy), games, seed, random_starts, counts, expected, states,
                      goal)


def winning(strategy: list[int], n: int) -> bool:
    """Does the strategy win? Lamping's construction is known to (Lamping's theorem, and the
    certificate devil.n16.lamping); any other strategy is checked exactly."""
    if is_power_of_two(n) and n <= 16 and strategy == construction(n):
        return True
    return check(notation(strategy), n).wins


# --- Explaining -----------------------------------------------------------------------------------

def explain(moves: Iterable[Iterable[int]], n: int, *, states: int = 2, group: str = "cyclic",
            goal: str = "zero") -> str:
    """A strategy walked through phase by phase, in the words of Lamping's recursion; with
    options (see solve), for another member of the family, which that recursion does not
    read, how the belief shrinks move by move.

    >>> print(explain([[0, 1], [0], [0, 1]], 2).splitlines()[0])
    A 3-move strategy for 2 coins (it wins), read as Lamping's recursion.
    >>> print(explain([[0], [0]], 1, states=3).splitlines()[-1])
      after move 2: 1 orbit, the goal's alone
    """
    n = whole(n, "n", 1)
    table = table_of(n, states, group, goal)
    strategy = moves_from(moves, n, states)
    if table.is_coins:
        return explanation(strategy, n)
    return belief_story(strategy, table, in_words(table))

