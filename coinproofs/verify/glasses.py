"""Gardner's glasses with hands, written again from the rules and sharing no code with the
engine (``games/glasses.py``): ``strategy`` (a tree, played from every start against every
rotation and every feel at once), ``survival``, ``invariant`` and ``theorem`` evidence. Prose:
docs/design.md, "Gardner's glasses with hands"; docs/certificates.md, "Gardner's glasses";
docs/glasses.md (the tree format).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from typing import Any

from coinproofs.verify import theorems
from coinproofs.verify.certificate import (
    DOCUMENT_BYTES,
    Artifacts,
    Claim,
    Evidence,
    Rejected,
    expect,
    parse_json,
)
from coinproofs.verify.lines import counted_lines
from coinproofs.verify.schema import (
    ANY,
    FILE,
    OBJECT,
    SHA256,
    Shape,
    count,
    declare,
    list_of,
    literal,
    method_of,
    one_shape,
    text,
)
from coinproofs.verify.table import rotate, rotation_orbits

MAX_N = 9  # 512 states: the tables below stay small, and beliefs (60 orbits) are exact ints
# A claim may name more glasses: the theorem's side condition is arithmetic on N and K.
MAX_CLAIM_N = 64

TREE_NODES = declare("glasses.tree-nodes", 100_000, "turns of the tree",
                     "each turn is played on up to 2^N states")
# 8 glasses, 4 hands need 48,126,080 (about 60 s of CPU): the largest survival evidence proved
# (5 hands 19,650,624, 6 hands far fewer).
SURVIVAL_WORK = declare("glasses.survival-work", 80_000_000, "state-turns",
                        "every state of every belief is turned every way after every grab: "
                        "states x grabs up to rotation x 2^K")


# --- The rules ------------------------------------------------------------------------------

def everything(n: int) -> int:
    return (1 << n) - 1


def is_won(state: int, n: int) -> bool:
    """All glasses up (0) or all down."""
    return state == 0 or state == everything(n)


def letters(state: int, n: int) -> str:
    """A state as U/D letters, position 0 first: letters(0b0010, 4) = 'UDUU'."""
    return "".join("D" if state >> i & 1 else "U" for i in range(n))


def felt(state: int, hands: list[int]) -> str:
    """What the hands feel: the letters of the glasses at the named positions, in that order."""
    return "".join("D" if state >> p & 1 else "U" for p in hands)


def turn_over(state: int, positions: list[int]) -> int:
    """The state after turning over the glasses at `positions`."""
    for p in positions:
        state ^= 1 << p
    return state


# --- Playing a strategy against every start, rotation and feel -----------------------------
#
# From a state at the start of a turn (in the player's frame) the strategy's turn says which
# positions to grab; the state determines the feel, the feel the glasses turned over; if they
# then stand the same way the game ends, else the devil turns the tray every way it can. The
# worst case from each (turn of the strategy, state) is computed once and remembered, so a
# strategy whose turns are shared (written once and named, see below) is checked as fast as it
# is written. A losing game comes back as the exception Escape, with the rotations that lead
# to it.
#
# Shared turns: instead of a tree, a strategy may be {"first": T, "named": {name: turn, ...}},
# where T and every "then" is a turn object or the name of one. Nothing changes in the game:
# a named turn is the same turn written once.

NODE = Shape("a turn of the strategy", {"feel": ANY, "if": OBJECT})
RESPONSE = Shape("a response to a felt pattern", {"turn": ANY}, {"then": ANY})
SHARED = Shape("a strategy with named turns", {"first": ANY, "named": OBJECT})
MAX_TURNS = 200  # the longest game the kernel follows (a deeper strategy is rejected)


@dataclass(frozen=True)
class Game:
    """A concrete game: the start state and the devil's rotation after each turn."""

    start: int
    rotations: tuple[int, ...]


class Escape(Exception):
    """The strategy does not always win: a game it loses, and why (a sentence)."""

    def __init__(self, game: Game, why: str) -> None:
        super().__init__(why)
        self.game = game
        self.why = why


def count_nodes(value: Any) -> int:
    """The number of turn objects written in a strategy (before any is played)."""
    if isinstance(value, dict):
        return ("if" in value) + sum(count_nodes(inner) for inner in value.values())
    if isinstance(value, list):
        return sum(count_nodes(inner) for inner in value)
    return 0


class Strategy:
    """A strategy for n glasses and k hands, read from its JSON form, and played."""

    def __init__(self, raw: Any, n: int, k: int) -> None:
        expect(1 <= n <= MAX_N, f"the kernel plays strategies for 1..{MAX_N} glasses, not {n}")
        expect(0 <= k <= n, f"{k} hands cannot grab glasses on a tray of {n}")
        TREE_NODES.check(count_nodes(raw), "the strategy")
        self.n, self.k = n, k
        self.named: dict[str, Any] = {}
        self.first = raw
        if isinstance(raw, dict) and "named" in raw:
            SHARED.check(raw)
            self.named, self.first = raw["named"], raw["first"]
        self.worst: dict[tuple[int, int], int] = {}  # (id of a turn, state) -> turns
        self.busy: set[tuple[int, int]] = set()
        self.turns_read: dict[int, Any] = {}  # id -> turn object, once its shape is checked
        self.felt_at: set[tuple[int, str]] = set()
        self.went_on: set[tuple[int, str]] = set()

    def turn(self, ref: Any, where: str) -> Any:
        """The turn object `ref` stands for (itself, or the named turn)."""
        if isinstance(ref, str):
            expect(ref in self.named, f"{where} names the turn {_shown(ref)}, which is not "
                                      "among the named turns")
            ref = self.named[ref]
        expect(isinstance(ref, dict), f"{where} must be a turn object or the name of one")
        if id(ref) not in self.turns_read:
            NODE.check(ref)
            hands = ref["feel"]
            expect(isinstance(hands, list) and len(hands) == self.k
                   and len(set(map(repr, hands))) == self.k
                   and all(type(p) is int and 0 <= p < self.n for p in hands),
                   f"'feel' must name {self.k} different positions of 0..{self.n - 1}, not "
                   f"{_shown(hands)}")
            for pattern, response in ref["if"].items():
                RESPONSE.check(response)
                turn = response["turn"]
                expect(isinstance(turn, list) and len(set(map(repr, turn))) == len(turn)
                       and all(type(p) is int and p in hands for p in turn),
                       f"after feeling {_shown(pattern)}, 'turn' must list grabbed positions "
                       f"(of {hands}), each once, not {_shown(turn)}")
            self.turns_read[id(ref)] = ref
        return ref

    def play(self) -> int:
        """The most turns the strategy takes from any start (0 if every start is won). Raises
        Escape with a game it loses, Rejected when it is not a strategy for these glasses or
        says what never happens."""
        n = self.n
        starts = [s for s in range(1 << n) if not is_won(s, n)]
        if self.first is None and not self.named:
            if starts:
                raise Escape(Game(starts[0], ()), "the empty strategy leaves the glasses "
                                                  "unequal")
            return 0
        expect(starts != [], "one glass always stands the same way: the strategy must be null")
        first = self.turn(self.first, "the strategy's first turn")
        most = max(self._from(first, s, 1) for s in starts)
        for ref in self.turns_read.values():
            for pattern, response in ref["if"].items():
                expect((id(ref), pattern) in self.felt_at,
                       f"a turn grabbing {ref['feel']} answers {_shown(pattern)}, which the "
                       "hands never feel there")
                expect(("then" in response) == ((id(ref), pattern) in self.went_on),
                       f"a turn grabbing {ref['feel']} goes on after feeling {pattern}, where "
                       "the game is always over: 'then' must be left out")
        for name, ref in self.named.items():
            expect(id(ref) in self.turns_read, f"the named turn {_shown(name)} is never used")
        return most

    def _from(self, node: Any, state: int, depth: int) -> int:
        """The most turns `node` takes from `state` (this turn included)."""
        key = (id(node), state)
        if key in self.worst:
            return self.worst[key]
        if key in self.busy:
            raise Escape(Game(state, ()), "the strategy comes back to where it was, with the "
                                          "glasses as they were: the devil can go round forever")
        expect(depth <= MAX_TURNS, f"the strategy plays more than {MAX_TURNS} turns, the "
                                   "longest game the kernel follows")
        self.busy.add(key)
        n, hands = self.n, node["feel"]
        pattern = felt(state, hands)
        self.felt_at.add((id(node), pattern))
        if pattern not in node["if"]:
            raise Escape(Game(state, ()), f"the strategy has no answer when the hands at "
                                          f"{hands} feel {pattern}")
        response = node["if"][pattern]
        after = turn_over(state, response["turn"])
        most = 1
        if not is_won(after, n):
            if "then" not in response:
                raise Escape(Game(state, (0,)), f"the strategy stops after feeling {pattern} "
                                                f"at {hands}, with the glasses unequal")
            self.went_on.add((id(node), pattern))
            following = self.turn(response["then"], f"the 'then' after {pattern}")
            for r in range(n):
                try:
                    most = max(most, 1 + self._from(following, rotate(after, r, n), depth + 1))
                except Escape as escape:
                    raise Escape(Game(state, (r, *escape.game.rotations)), escape.why) from None
        self.busy.discard(key)
        self.worst[key] = most
        return most

    def replay(self, game: Game) -> Iterator[tuple[list[int], str, list[int], int]]:
        """One game's turns (grab, feel, turned over, rotation) while the strategy answers."""
        state, ref = game.start, self.first
        for r in game.rotations:
            node = self.turn(ref, "a turn")
            pattern = felt(state, node["feel"])
            response = node["if"].get(pattern)
            if response is None:
                return
            yield node["feel"], pattern, response["turn"], r
            state = rotate(turn_over(state, response["turn"]), r, self.n)
            ref = response.get("then")
            if ref is None:
                return

    def escape_text(self, escape: Escape) -> str:
        """A losing game in words: the start, each turn, and why the strategy loses it."""
        steps = [f"feels {pattern} at {hands}, turns {turn or 'nothing'}, the tray turns by {r}"
                 for hands, pattern, turn, r in self.replay(escape.game)]
        played = "; ".join(steps[:6]) + ("; ..." if len(steps) > 6 else "")
        return (f"from {letters(escape.game.start, self.n)}"
                + (f" ({played})" if played else "") + f": {escape.why}")


def play_strategy(raw: Any, n: int, k: int) -> int:
    """The most turns the strategy `raw` (JSON) takes; Escape or Rejected as Strategy.play."""
    return Strategy(raw, n, k).play()


def _shown(value: Any) -> str:
    """A value as a rejection quotes it: short, whatever a certificate put there."""
    shown = repr(value)
    return shown if len(shown) <= 60 else shown[:57] + "..."


# --- Beliefs over orbits, for the devil's evidence ------------------------------------------
#
# A belief is a set of rotation orbits, written as an int: bit j is the j-th orbit, orbits
# ordered by their least member (the devil game's order). Beliefs here never hold the two won
# orbits. The player's grab matters only up to rotation: the states of a belief are closed
# under rotation, so grabbing positions P + r splits the belief as grabbing P does, turned by r,
# and leads to the same beliefs.

@cache
def orbit_number(n: int) -> dict[int, int]:
    """The orbit number (bit of a belief) of every state."""
    number = {least: j for j, least in enumerate(rotation_orbits(n))}
    return {s: number[min(rotate(s, r, n) for r in range(n))] for s in range(1 << n)}


@cache
def orbit_members(n: int) -> list[list[int]]:
    members: list[list[int]] = [[] for _ in rotation_orbits(n)]
    for s, j in orbit_number(n).items():
        members[j].append(s)
    return members


@cache
def won_orbits(n: int) -> int:
    return 1 << orbit_number(n)[0] | 1 << orbit_number(n)[everything(n)]


@cache
def grabs(n: int, k: int) -> list[list[int]]:
    """The k-subsets of positions, one per rotation class (the least turned mask of each)."""
    masks = {min(rotate(sum(1 << p for p in c), r, n) for r in range(n))
             for c in itertools.combinations(range(n), k)}
    return [[p for p in range(n) if mask >> p & 1] for mask in sorted(masks)]


def check_belief(belief: Any, n: int, where: str) -> None:
    everything_but_won = (1 << len(rotation_orbits(n))) - 1 & ~won_orbits(n)
    expect(type(belief) is int and belief > 0 and belief & ~everything_but_won == 0,
           f"{where} holds {belief!r}, which is not a nonempty set of unequal orbits of "
           f"{n} glasses")


def outcomes(belief: int, hands: list[int], n: int) -> dict[str, list[int]]:
    """For each pattern felt: the belief after each subset of the grab turned, won states out."""
    number = orbit_number(n)
    parts: dict[str, list[int]] = {}
    for j, members in enumerate(orbit_members(n)):
        if belief >> j & 1:
            for state in members:
                parts.setdefault(felt(state, hands), []).append(state)
    result = {}
    for pattern, states in parts.items():
        result[pattern] = [sum({1 << number[turn_over(s, list(turn))] for s in states
                                if not is_won(turn_over(s, list(turn)), n)})
                           for size in range(len(hands) + 1)
                           for turn in itertools.combinations(hands, size)]
    return result


def devil_holds(belief: int, n: int, k: int, good: Any) -> str | None:
    """None if, whatever the player grabs, the devil has a feel after which every choice of
    glasses to turn leads to a belief `good` accepts; else the grab that escapes, in words."""
    for hands in grabs(n, k):
        if not any(all(good(after) for after in choices)
                   for choices in outcomes(belief, hands, n).values()):
            return f"grabbing {hands}"
    return None


# --- Evidence -------------------------------------------------------------------------------

@dataclass(frozen=True)
class Fact:
    """What one piece of evidence established: 'wins' or 'none-within' `turns`, or 'impossible'."""

    kind: str
    turns: int | None = None


STRATEGY_SHAPES = (
    Shape("strategy evidence", {"method": literal("strategy"), "tree": ANY,
                                "turns": count(0)}, {"found_by": text()}),
    Shape("strategy evidence", {"method": literal("strategy"), "file": FILE, "sha256": SHA256,
                                "turns": count(0)}, {"found_by": text()}),
)
SURVIVAL_SHAPES = (
    Shape("survival evidence", {"method": literal("survival"), "layers": ANY,
                                "turns": count(1), "beliefs": count(1)}),
    Shape("survival evidence", {"method": literal("survival"), "file": FILE, "sha256": SHA256,
                                "turns": count(1), "beliefs": count(1)}),
)
INVARIANT = Shape("invariant evidence", {"method": literal("invariant"),
                                         "orbits": list_of(text(MAX_N), 2**MAX_N)})


def strategy_evidence(evidence: Evidence, n: int, k: int, artifacts: Artifacts) -> Fact:
    """The tree, inline or in a JSON file, played out: it wins within `turns` turns."""
    shape = one_shape(evidence, *STRATEGY_SHAPES)
    # A file holds one JSON document, parsed whole: as large as a certificate may be.
    tree = (evidence["tree"] if "tree" in shape.required
            else parse_json(artifacts.text(evidence, DOCUMENT_BYTES), "the strategy file"))
    strategy = Strategy(tree, n, k)
    try:
        turns = strategy.play()
    except Escape as escape:
        raise Rejected(f"the strategy does not win: {strategy.escape_text(escape)}") from None
    expect(evidence["turns"] == turns,
           f"strategy evidence says turns = {evidence['turns']}, but the strategy takes {turns}")
    return Fact("wins", turns)


def survival_evidence(evidence: Evidence, n: int, k: int, artifacts: Artifacts) -> Fact:
    """Survival layers 1..D: no strategy wins within D turns (docs/certificates.md says why)."""
    shape = one_shape(evidence, *SURVIVAL_SHAPES)
    expect(1 <= n <= MAX_N, f"the kernel checks survival layers of 1..{MAX_N} glasses, not {n}")
    declared = {"turns": evidence["turns"], "beliefs": evidence["beliefs"]}
    if "layers" in shape.required:
        layers = evidence["layers"]
        expect(isinstance(layers, list) and all(isinstance(layer, list) for layer in layers),
               "survival layers must be a list of lists of beliefs")
        beliefs = sum(map(len, layers))
        expect(declared == {"turns": len(layers), "beliefs": beliefs},
               f"survival evidence says turns = {evidence['turns']} and beliefs = "
               f"{evidence['beliefs']}, but it holds {len(layers)} layers and {beliefs} beliefs")
    else:  # read a line at a time, the counts compared as the lines arrive
        layers = counted_lines(evidence, artifacts, declared,
                               lambda layer: {"turns": 1, "beliefs": len(layer)})
    sizes = [len(members) for members in orbit_members(n)]
    work_each = len(grabs(n, k)) << k  # for each state of a belief
    states = 0
    layer_of: dict[int, int] = {}
    for d, layer in enumerate(layers, 1):
        expect(len(layer) > 0, "every survival layer holds a belief")
        for belief in layer:
            check_belief(belief, n, f"survival layer {d}")
            expect(belief not in layer_of, f"the belief {belief} is listed twice")
            layer_of[belief] = d
            states += sum(sizes[j] for j in range(len(sizes)) if belief >> j & 1)
            SURVIVAL_WORK.check(states * work_each, "the survival evidence")
    for belief, d in layer_of.items():
        def good(after: int, d: int = d) -> bool:
            return after != 0 and (d == 1 or layer_of.get(after, 0) >= d - 1)
        escape = devil_holds(belief, n, k, good)
        expect(escape is None, f"the belief {belief} of survival layer {d} is escaped by "
                               f"{escape}: every feel allows a turn to a belief not listed "
                               f"in layers {max(d - 1, 1)} and later")
    return Fact("none-within", evidence["turns"])


def invariant_evidence(evidence: Evidence, n: int, k: int) -> Fact:
    """A devil invariant of unequal orbits: no strategy wins (docs/certificates.md says why)."""
    INVARIANT.check(evidence)
    expect(1 <= n <= MAX_N, f"the kernel checks invariants of 1..{MAX_N} glasses, not {n}")
    expect(0 <= k <= n, f"{k} hands cannot grab glasses on a tray of {n}")
    named = evidence["orbits"]
    expect(len(named) > 0, "the invariant names no orbit")
    invariant = 0
    for word in named:
        expect(len(word) == n and set(word) <= {"U", "D"},
               f"the invariant names {word!r}, which is not {n} letters U and D")
        state = sum(1 << i for i, letter in enumerate(word) if letter == "D")
        expect(not is_won(state, n), f"the invariant names {word}, where all glasses are equal")
        bit = 1 << orbit_number(n)[state]
        expect(invariant & bit == 0, f"the invariant names the orbit of {word} twice")
        invariant |= bit
    for word in named:
        orbit = 1 << orbit_number(n)[sum(1 << i for i, c in enumerate(word) if c == "D")]
        escape = devil_holds(orbit, n, k, lambda after: after & invariant != 0)
        expect(escape is None, f"the player leaves the invariant from {word} by {escape}")
    return Fact("impossible")


THEOREM = Shape("theorem evidence", {"method": literal("theorem"),
                                     "name": literal(*theorems.GLASSES_THEOREMS),
                                     "formal_sha256": SHA256})


def theorem_evidence(evidence: Evidence, n: int, k: int) -> Fact:
    """A Coq theorem whose side condition holds for (n, k): no strategy wins, or one wins
    within a number of turns it does not give (Fact 'wins' with turns None)."""
    THEOREM.check(evidence)
    theorems.check_sources(evidence)
    theorem = theorems.GLASSES_THEOREMS[evidence["name"]]
    expect(theorem.holds(n, k), f"the theorem {theorem.name} needs {theorem.condition}, which "
                                f"fails for {n} glasses and {k} hands")
    return Fact(theorem.gives)


# --- Claims ---------------------------------------------------------------------------------

def _many(number: int, one: str, more: str) -> str:
    """'1 turn', '5 turns'."""
    return f"{number} {one if number == 1 else more}"


def statement(kind: str, n: int, k: int, value: Any) -> str:
    """The sentence a claim of this kind states."""
    glasses, hands = _many(n, "glass", "glasses"), _many(k, "hand", "hands")
    setting = f"With {glasses} on a rotating tray and {hands}"
    if kind == "shortest":
        return (f"{setting}, the shortest strategy that always makes all glasses stand the "
                f"same way takes {_many(value, 'turn', 'turns')} in the worst case.")
    if kind == "wins":  # null: the theorem's claim, which gives no number of turns
        turns = "some number of turns" if value is None else _many(value, "turn", "turns")
        return f"{setting}, a strategy always makes all glasses stand the same way within {turns}."
    if kind == "impossible":
        return f"{setting}, no strategy always makes all glasses stand the same way."
    raise Rejected(f"unknown kind of glasses claim {kind!r}")


def check_form(claim: Claim) -> tuple[int, int]:
    """(n, hands) of a claim once it has its exact form (no evidence read)."""
    n, k = claim.params.get("n"), claim.params.get("hands")
    expect(set(claim.params) == {"n", "hands"} and type(n) is int and type(k) is int
           and 1 <= n <= MAX_CLAIM_N and 0 <= k <= n,
           f"a glasses claim's params must be exactly {{'n': N, 'hands': K}} with "
           f"1 <= N <= {MAX_CLAIM_N} and 0 <= K <= N")
    assert isinstance(n, int) and isinstance(k, int)
    expect(claim.id == f"glasses.n{n}.k{k}.{claim.kind}",
           f"claim id {claim.id!r} does not match glasses.n{n}.k{k}.{claim.kind}")
    expect(claim.statement == statement(claim.kind, n, k, claim.value),
           f"the statement does not say what a {claim.kind} claim for n={n}, hands={k} says")
    return n, k


def check_claim(claim: Claim, evidence: list[Evidence], artifacts: Artifacts) -> list[str]:
    """Accept `claim` only if its evidence proves it exactly as stated."""
    n, k = check_form(claim)
    facts, methods = [], []
    for item in evidence:
        method = method_of(item, ("strategy", "survival", "invariant", "theorem"),
                           "the glasses puzzle")
        if method == "strategy":
            facts.append(strategy_evidence(item, n, k, artifacts))
        elif method == "survival":
            facts.append(survival_evidence(item, n, k, artifacts))
        elif method == "invariant":
            facts.append(invariant_evidence(item, n, k))
        else:
            facts.append(theorem_evidence(item, n, k))
            method = f"theorem {item['name']}"
        methods.append(method)
    _establishes(claim, n, facts)
    return methods


def _establishes(claim: Claim, n: int, facts: list[Fact]) -> None:
    """Reject unless the checked facts add up to the claim."""
    wins = {fact.turns for fact in facts if fact.kind == "wins"}
    impossible = any(fact.kind == "impossible" for fact in facts)
    # Nothing wins within 0 turns when some start is unequal: any start but all up, for N >= 2.
    none_within = max([fact.turns for fact in facts if fact.kind == "none-within"
                       and fact.turns is not None] + [0 if n >= 2 else -1])
    expect(not (wins and impossible), "the evidence contradicts itself")
    expect(not any(w is not None and w <= none_within for w in wins),
           "the evidence contradicts itself")
    value = claim.value
    if claim.kind == "impossible":
        expect(value is None, "an impossible claim has the value null")
        expect(impossible, "no evidence shows that no strategy wins")
    elif claim.kind == "wins" and value is None:
        expect(None in wins, "no theorem shows that a strategy wins")
    elif claim.kind in ("shortest", "wins"):
        expect(type(value) is int and value >= 0,
               f"a {claim.kind} claim's value is a number of turns"
               + (" (or null, citing a theorem)" if claim.kind == "wins" else ""))
        expect(value in wins, f"no checked strategy takes {value} turns")
        if claim.kind == "shortest":
            expect(none_within >= value - 1,
                   f"no evidence rules out strategies of fewer than {value} turns")
    else:
        raise Rejected(f"unknown kind of glasses claim {claim.kind!r}")
