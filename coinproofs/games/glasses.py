"""Gardner's four glasses puzzle with hands: the fast engine.

N glasses stand on a round tray at positions 0..N-1, each up or down. The blindfolded player
has k hands. Each turn the player names k positions (in its own frame), feels how the glasses
there stand, and turns over any of them, chosen from what it felt; then the devil turns the
tray by any rotation. The player wins the moment all glasses stand the same way (all up or all
down), the start included. A *strategy* is a tree: what to grab first, and for each felt
pattern what to turn over and what to do next.

Conventions (shared with the whole project):

- A state is an int bitmask: bit i is the glass at position i, 1 = down, 0 = up. Written out,
  position 0 first, U for up and D for down: 0b0010 with 4 glasses is ``UDUU``. Rotating by r
  sends position i to (i + r) % n (``coinproofs.games.devil.rotate``).
- A *felt pattern* is an int: bit j is the glass at the j-th named position (in the order the
  positions were named); written as U/D letters in that order.
- The player reasons about a *belief*: the states the glasses may be in, in its own frame, at
  the start of a turn. The devil has just turned the tray, so a belief is a set of rotation
  orbits (the orbits of ``coinproofs.games.devil``: bit j of a belief is the j-th orbit, orbits
  ordered by their least member). A won state ends the game, so beliefs never hold the two won
  orbits (all up, all down), and the empty belief 0 means the game is surely over.

Order of play: the player acts, then the devil turns the tray. A game that starts with the
devil turning is the same game, because the starting state is arbitrary anyway.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import cache, cached_property
from typing import Any

import numpy as np
import numpy.typing as npt

from coinproofs.games.devil import orbit_of, orbits, rotate

# Beliefs of up to 9 glasses (60 orbits; 10 glasses have 108) fit in a uint64, and the tables of
# every action's effect stay below ~130 MB (9 glasses, 9 hands: 60 orbits x 512 feels x 512 turns;
# 8 glasses, 8 hands: 19 MB).
MAX_GLASSES = 9
MAX_TURNS = 64  # solve() gives up (undecided) beyond this many turns

Table = npt.NDArray[np.uint64]


# --- Glasses, positions and feels --------------------------------------------------------------

def everything(n: int) -> int:
    """The state with every glass down.

    >>> everything(4)
    15
    """
    return (1 << n) - 1


def is_won(state: int, n: int) -> bool:
    """Do all glasses stand the same way?

    >>> is_won(0b0000, 4), is_won(0b1111, 4), is_won(0b0100, 4)
    (True, True, False)
    """
    return state in (0, everything(n))


def glasses_text(state: int, n: int) -> str:
    """The glasses as letters, position 0 first: U up, D down.

    >>> glasses_text(0b0010, 4)
    'UDUU'
    """
    return "".join("D" if state >> i & 1 else "U" for i in range(n))


def feel(state: int, hands: tuple[int, ...]) -> int:
    """The felt pattern: bit j is the glass at the j-th named position.

    >>> feel(0b0100, (2, 0))  # position 2 is down, position 0 up
    1
    """
    return sum((state >> p & 1) << j for j, p in enumerate(hands))


def pattern_text(pattern: int, k: int) -> str:
    """A felt pattern as letters, in the order the positions were named.

    >>> pattern_text(0b01, 2)
    'DU'
    """
    return "".join("D" if pattern >> j & 1 else "U" for j in range(k))


def turned_over(hands: tuple[int, ...], choice: int) -> int:
    """The state mask of the glasses turned over: bit j of `choice` turns hands[j].

    >>> turned_over((2, 0), 0b10)  # turn the second named glass, at position 0
    1
    """
    return sum(1 << p for j, p in enumerate(hands) if choice >> j & 1)


def positions_of(mask: int) -> tuple[int, ...]:
    """The positions in a mask, in increasing order.

    >>> positions_of(0b1010)
    (1, 3)
    """
    return tuple(i for i in range(mask.bit_length()) if mask >> i & 1)


def reflect(state: int, n: int) -> int:
    """The mirror image of the tray: position i goes to (-i) % n.

    >>> glasses_text(reflect(0b0011, 4), 4)  # DDUU -> DUUD
    'DUUD'
    """
    return sum(1 << (-i % n) for i in range(n) if state >> i & 1)


# --- The rules on beliefs, as tables ----------------------------------------------------------

@dataclass(frozen=True, eq=False)
class Rules:
    """The game with n glasses and k hands, tabled for the search.

    `actions` are the k-subsets of positions up to rotation (a belief is a set of rotation
    orbits, so grabbing the positions turned by r does what grabbing them unturned does, with
    the felt patterns relabelled). For action a, orbit j, felt pattern f and choice t of glasses
    to turn (bit j of t turns the j-th grabbed glass), ``images[a, j, f, t]`` is the belief
    (set of orbits) the states of orbit j that feel like f become, less the won ones, and
    ``feels[a, j, f]`` says whether some state of orbit j feels like f.
    """

    n: int
    k: int
    actions: list[tuple[int, ...]]
    images: Table
    feels: npt.NDArray[np.bool_]
    start: int  # every orbit that is not won
    mirror: list[int]  # mirror[j]: the orbit of the mirror images of orbit j
    upside_down: list[int]  # upside_down[j]: the orbit of orbit j with every glass turned
    mirror_action: list[int]  # the action of the mirrored positions

    @property
    def orbit_count(self) -> int:
        return len(self.mirror)

    def successors(self, belief: int) -> tuple[Table, npt.NDArray[np.bool_]]:
        """next[a, f, t]: the belief after action a, feel f and turn t; and which feels can
        happen: possible[a, f]."""
        present = [j for j in range(self.orbit_count) if belief >> j & 1]
        nexts: Table = np.bitwise_or.reduce(self.images[:, present], axis=1)
        possible: npt.NDArray[np.bool_] = np.asarray(self.feels[:, present].any(axis=1))
        return nexts, possible

    def after(self, belief: int, action: int, pattern: int, choice: int) -> int:
        """The belief after one action, felt pattern and choice of glasses to turn."""
        image = 0
        for j in range(self.orbit_count):
            if belief >> j & 1:
                image |= int(self.images[action, j, pattern, choice])
        return image

    @cached_property
    def mirror_bytes(self) -> list[list[int]]:
        return byte_images(self.mirror)

    @cached_property
    def upside_down_bytes(self) -> list[list[int]]:
        return byte_images(self.upside_down)

    @cached_property
    def size_bytes(self) -> list[list[int]]:
        """For byte i of a belief and each value of it, the states in those orbits."""
        sizes = np.bincount(orbit_of(self.n), minlength=self.orbit_count)
        return [[sum(int(sizes[j]) for j in range(8 * i, min(8 * i + 8, self.orbit_count))
                     if value >> (j - 8 * i) & 1) for value in range(256)]
                for i in range((self.orbit_count + 7) // 8)]

    def states_in(self, belief: int) -> int:
        """The number of states in the belief's orbits."""
        return sum(table[belief >> 8 * i & 255] for i, table in enumerate(self.size_bytes))

    @staticmethod
    def mapped(belief: int, by_byte: list[list[int]]) -> int:
        """The belief whose orbits are the images of the belief's orbits, by the table of
        `byte_images`: one look-up per byte of the belief."""
        image = 0
        for i, table in enumerate(by_byte):
            image |= table[belief >> 8 * i & 255]
        return image

    def symmetric(self, belief: int) -> list[int]:
        """The belief, its mirror image, and both with every glass turned over: the player can
        win from each as fast as from the others (the game looks the same in a mirror and with
        up and down swapped)."""
        mirrored = self.mapped(belief, self.mirror_bytes)
        return [belief, mirrored, self.mapped(belief, self.upside_down_bytes),
                self.mapped(mirrored, self.upside_down_bytes)]

    def canonical(self, belief: int) -> int:
        """The least of the belief's symmetric images: the key the search memoises."""
        return min(self.symmetric(belief))

    def actions_for(self, belief: int) -> list[int]:
        """The actions worth trying: all, or one of each mirror pair when the belief is its
        own mirror image (then the mirrored grab does what the grab does, mirrored)."""
        if self.mapped(belief, self.mirror_bytes) != belief:
            return list(range(len(self.actions)))
        return [a for a in range(len(self.actions)) if self.mirror_action[a] >= a]


def byte_images(image_of: list[int]) -> list[list[int]]:
    """A map of orbits (orbit j to orbit image_of[j]) as tables for Rules.mapped: for byte i of
    a belief (orbits 8i..8i+7) and each value of it, the belief of their images. The search maps
    beliefs at every step (its memo's key, `canonical`); orbit by orbit, that was most of its
    time.

    >>> byte_images([1, 0])[0][:4]  # orbits 0 and 1 swapped: {}, {0}, {1}, {0, 1}
    [0, 2, 1, 3]
    """
    return [[sum(1 << image_of[j] for j in range(8 * i, min(8 * i + 8, len(image_of)))
                 if value >> (j - 8 * i) & 1) for value in range(256)]
            for i in range((len(image_of) + 7) // 8)]


def check_size(n: int, k: int) -> None:
    """Refuse games the engine cannot table, saying why."""
    if not 1 <= n <= MAX_GLASSES:
        raise ValueError(f"the engine handles 1..{MAX_GLASSES} glasses, not {n} (a belief is "
                         f"a set of rotation orbits kept in 64 bits)")
    if not 0 <= k <= n:
        raise ValueError(f"the number of hands must lie in 0..{n} for {n} glasses, not {k}")


def canonical_grab(positions: tuple[int, ...], n: int) -> int:
    """The least rotation of a set of positions, as a mask: its name up to rotation."""
    mask = sum(1 << p for p in positions)
    return min(rotate(mask, r, n) for r in range(n))


@cache
def rules(n: int, k: int) -> Rules:
    """The tables of the game with n glasses and k hands (built once per game)."""
    check_size(n, k)
    index = orbit_of(n)
    size = len(orbits(n))
    won = {int(index[0]), int(index[everything(n)])}
    grabs = sorted({canonical_grab(c, n) for c in itertools.combinations(range(n), k)})
    actions = [positions_of(mask) for mask in grabs]
    if k == 0:
        actions = [()]
    states = np.arange(1 << n)
    unfinished = states[[int(index[s]) not in won for s in states]]
    patterns = 1 << k
    images = np.zeros((len(actions), size, patterns, patterns), dtype=np.uint64)
    feels = np.zeros((len(actions), size, patterns), dtype=bool)
    won_mask = np.zeros(size, dtype=bool)
    won_mask[list(won)] = True
    source = index[unfinished]
    for a, hands in enumerate(actions):
        felt = np.zeros_like(unfinished)
        for j, p in enumerate(hands):
            felt |= ((unfinished >> p) & 1) << j
        feels[a, source, felt] = True
        for choice in range(patterns):
            target = index[unfinished ^ turned_over(hands, choice)]
            keep = ~won_mask[target]
            bits = np.left_shift(np.uint64(1), target[keep].astype(np.uint64))
            np.bitwise_or.at(images[a, :, :, choice], (source[keep], felt[keep]), bits)
    leaders = orbits(n)
    mirror = [int(index[reflect(s, n)]) for s in leaders]
    upside_down = [int(index[s ^ everything(n)]) for s in leaders]
    mirror_action = [grabs.index(canonical_grab(tuple(-p % n for p in hands), n))
                     if k else 0 for hands in actions]
    start = sum(1 << j for j in range(size) if j not in won)
    images.flags.writeable = feels.flags.writeable = False
    return Rules(n, k, actions, images, feels, start, mirror, upside_down, mirror_action)


# --- Strategies: trees, with shared turns ------------------------------------------------------

INLINE_TURNS = 400  # strategies whose written-out tree is larger name their shared turns


@dataclass(frozen=True, eq=False)  # eq=False: compared (and remembered) by identity
class Node:
    """One turn of a strategy: the positions to grab, and for each felt pattern that can
    happen (keyed by the pattern as an int, see `feel`) the response. The same Node may follow
    several branches: a strategy is a tree written as a directed acyclic graph."""

    hands: tuple[int, ...]
    responses: dict[int, Response] = field(default_factory=dict)


@dataclass(frozen=True, eq=False)
class Response:
    """What to do after feeling one pattern: the positions to turn over, and the next turn
    (None when the game is surely won by then)."""

    turn: tuple[int, ...]
    then: Node | None


def turns_of(tree: Node | None) -> int:
    """The most turns the strategy takes: the depth of the tree (0 for the empty strategy)."""
    depth: dict[int, int] = {}

    def deep(node: Node) -> int:
        if id(node) not in depth:
            depth[id(node)] = 1 + max((deep(r.then) for r in node.responses.values() if r.then),
                                      default=0)
        return depth[id(node)]
    return 0 if tree is None else deep(tree)


def distinct_turns(tree: Node | None) -> list[Node]:
    """Every turn of the strategy once, the first turn first (depth-first order)."""
    seen: dict[int, Node] = {}

    def visit(node: Node) -> None:
        if id(node) not in seen:
            seen[id(node)] = node
            for pattern in sorted(node.responses):
                if node.responses[pattern].then is not None:
                    visit(node.responses[pattern].then)  # type: ignore[arg-type]
    if tree is not None:
        visit(tree)
    return list(seen.values())


def written_size(tree: Node | None) -> int:
    """The number of turns in the strategy written out as a tree (shared turns repeated)."""
    size: dict[int, int] = {}

    def count(node: Node) -> int:
        if id(node) not in size:
            size[id(node)] = 1 + sum(count(r.then) for r in node.responses.values() if r.then)
        return size[id(node)]
    return 0 if tree is None else count(tree)


def strategy_to_json(tree: Node | None, inline: int = INLINE_TURNS) -> Any:
    """A strategy in the format of docs/glasses.md: a tree {"feel": positions, "if":
    {pattern: {"turn": positions, "then": next turn}}} ("then" left out when the game is surely
    won), or, when the tree written out has more than `inline` turns, {"first": "t1",
    "named": {"t1": turn, ...}} with every turn written once and each "then" a name."""
    if tree is None:
        return None
    if written_size(tree) <= inline:
        return _turn_json(tree, None)
    names = {id(node): f"t{i}" for i, node in enumerate(distinct_turns(tree), 1)}
    return {"first": names[id(tree)],
            "named": {names[id(node)]: _turn_json(node, lambda then: names[id(then)])
                      for node in distinct_turns(tree)}}


def _turn_json(node: Node, then: Callable[[Node], Any] | None) -> dict[str, Any]:
    """One turn as JSON; `then` writes the next turn (None: write it out in full)."""
    cases: dict[str, Any] = {}
    for pattern in sorted(node.responses):
        response = node.responses[pattern]
        case: dict[str, Any] = {"turn": list(response.turn)}
        if response.then is not None:
            case["then"] = (then(response.then) if then else
                            _turn_json(response.then, None))
        cases[pattern_text(pattern, len(node.hands))] = case
    return {"feel": list(node.hands), "if": cases}


def shared_form(raw: Any) -> dict[str, Any]:
    """Any strategy (JSON, already checked, not null) with every turn written once: turns
    that are written alike, with alike turns after them, are one named turn. Names are t1,
    t2, ... in the order a breadth-first walk from the first turn meets them.

    >>> shared_form({"feel": [0], "if": {"U": {"turn": [0]}}})
    {'first': 't1', 'named': {'t1': {'feel': [0], 'if': {'U': {'turn': [0]}}}}}
    """
    named = raw.get("named", {}) if isinstance(raw, dict) else {}
    first = raw["first"] if "named" in raw else raw
    names: dict[str, str] = {}  # the turn written with its successors' names -> its name
    written: dict[str, Any] = {}
    resolved: dict[int, str] = {}

    def name_of(ref: Any) -> str:
        turn = named[ref] if isinstance(ref, str) else ref
        if id(turn) in resolved:
            return resolved[id(turn)]
        key_holder: dict[str, Any] = {"feel": turn["feel"], "if": {}}
        for pattern, case in turn["if"].items():
            key_holder["if"][pattern] = {"turn": case["turn"]}
            if "then" in case:
                key_holder["if"][pattern]["then"] = name_of(case["then"])
        key = json.dumps(key_holder, sort_keys=True)
        if key not in names:
            names[key] = f"t{len(names) + 1}"
            written[names[key]] = key_holder
        resolved[id(turn)] = names[key]
        return names[key]

    start = name_of(first)
    order = [start]  # breadth first from the first turn
    for name in order:
        for case in written[name]["if"].values():
            if "then" in case and case["then"] not in order:
                order.append(case["then"])
    renamed = {old: f"t{i}" for i, old in enumerate(order, 1)}
    result: dict[str, Any] = {}
    for old in order:
        turn = written[old]
        result[renamed[old]] = {"feel": turn["feel"], "if": {
            pattern: {**case, "then": renamed[case["then"]]} if "then" in case else case
            for pattern, case in turn["if"].items()}}
    return {"first": renamed[start], "named": result}


def strategy_lines(raw: Any) -> Iterator[str]:
    """A strategy (in its JSON form, already checked) as indented text, one line per felt
    pattern; named turns are written once each, under their names.

    >>> print("\\n".join(strategy_lines({"feel": [0], "if": {"U": {"turn": [0]},
    ...                                                       "D": {"turn": []}}})))
    feel 0
      U: turn 0
      D: turn nothing
    """
    if raw is None:
        yield "nothing to do: the glasses already stand the same way"
        return
    if "named" in raw:
        yield f"start with {raw['first']}" if isinstance(raw["first"], str) else "start:"
        if not isinstance(raw["first"], str):
            yield from _turn_lines(raw["first"], "  ")
        for name, turn in raw["named"].items():
            yield f"{name}:"
            yield from _turn_lines(turn, "  ")
        return
    yield from _turn_lines(raw, "")


def _turn_lines(turn: Any, indent: str) -> Iterator[str]:
    yield f"{indent}feel {' '.join(map(str, turn['feel'])) or 'nothing'}"
    for pattern, case in turn["if"].items():
        turned_over = " ".join(map(str, case["turn"])) or "nothing"
        then = case.get("then")
        follow = f", then {then}" if isinstance(then, str) else ""
        yield f"{indent}  {pattern or '(nothing felt)'}: turn {turned_over}{follow}"
        if isinstance(then, dict):
            yield from _turn_lines(then, indent + "    ")


# --- Playing a strategy on beliefs ---------------------------------------------------------------

def split(belief: int, hands: tuple[int, ...], n: int) -> dict[int, list[int]]:
    """For each pattern the hands can feel from `belief`: the belief after each choice of
    glasses to turn (choice t turns the hands[j] with bit j of t set), won states left out."""
    index = orbit_of(n)
    members = np.flatnonzero([belief >> int(j) & 1 for j in index])  # the states of the belief
    felt = np.zeros_like(members)
    for j, p in enumerate(hands):
        felt |= ((members >> p) & 1) << j
    won = {int(index[0]), int(index[everything(n)])}
    result = {}
    for pattern in np.unique(felt):
        part = members[felt == pattern]
        result[int(pattern)] = [
            sum(1 << o for o in {int(o) for o in index[part ^ turned_over(hands, choice)]} - won)
            for choice in range(1 << len(hands))]
    return result


def worst_case(tree: Node | None, n: int, k: int) -> int | None:
    """The most turns the strategy takes against the devil, or None if some game escapes it
    (played on beliefs: the engine's own reading of the rules, for the agreement tests)."""
    start = rules(n, k).start
    memo: dict[tuple[int, int], int | None] = {}

    def worst(node: Node | None, belief: int) -> int | None:
        if belief == 0:
            return 0
        if node is None:
            return None
        if (id(node), belief) not in memo:
            memo[id(node), belief] = None  # a strategy that comes back here loses
            most = 1
            for pattern, afters in split(belief, node.hands, n).items():
                response = node.responses.get(pattern)
                choice = sum(1 << j for j, p in enumerate(node.hands)
                             if response and p in response.turn)
                rest = None if response is None else worst(response.then, afters[choice])
                if rest is None:
                    return None
                most = max(most, 1 + rest)
            memo[id(node), belief] = most
        return memo[id(node), belief]
    return worst(tree, start)


# --- The search ------------------------------------------------------------------------------

@dataclass
class Search:
    """Iterative deepening AND-OR search over beliefs, memoised on the canonical belief.

    winnable(belief, d): can the player force a win within d turns? The player picks an action
    (OR), the devil a felt pattern that can happen (AND), the player a choice of glasses to turn
    (OR). `fails[key]` is the largest d known not to suffice, `wins[key]` the least known to.
    """

    rules: Rules
    fails: dict[int, int] = field(default_factory=dict)
    wins: dict[int, int] = field(default_factory=dict)
    keys: dict[int, int] = field(default_factory=dict)  # belief -> its canonical belief
    visited: int = 0

    def winnable(self, belief: int, turns: int) -> bool:
        if belief == 0:
            return True
        if turns == 0:
            return False
        key = self.keys.get(belief)
        if key is None:  # most calls meet a belief met before: its key is remembered
            key = self.keys[belief] = self.rules.canonical(belief)
        if self.wins.get(key, turns + 1) <= turns:
            return True
        if self.fails.get(key, -1) >= turns:
            return False
        self.visited += 1
        nexts, possible = self.rules.successors(belief)
        for a in self._ordered(belief, nexts, possible):
            if all(self._answer(nexts[a, f], turns - 1) is not None
                   for f in np.flatnonzero(possible[a])):
                self.wins[key] = turns
                return True
        self.fails[key] = max(turns, self.fails.get(key, -1))
        return False

    def _answer(self, choices: Table, turns: int) -> int | None:
        """A choice of glasses to turn that wins within `turns`, or None."""
        if turns == 0:
            zero = np.flatnonzero(choices == 0)
            return int(zero[0]) if len(zero) else None
        beliefs, first = np.unique(choices, return_index=True)
        order = np.argsort(_popcounts(beliefs), kind="stable")
        for i in order:
            if self.winnable(int(beliefs[i]), turns):
                return int(first[i])
        return None

    def _ordered(self, belief: int, nexts: Table, possible: npt.NDArray[np.bool_]) -> list[int]:
        """The actions to try, most promising first: the least worst-case size of the belief
        after the best choice."""
        sizes = _popcounts(nexts).min(axis=2)  # [a, f]: the smallest next belief
        worst = np.where(possible, sizes, -1).max(axis=1)
        candidates = self.rules.actions_for(belief)
        return sorted(candidates, key=lambda a: int(worst[a]))

    def tree(self, belief: int, turns: int,
             made: dict[tuple[int, int], Node] | None = None) -> Node | None:
        """A strategy that wins from `belief` within `turns` (which must be possible). The
        same belief with the same turns to go gets the same Node: the tree is shared."""
        if belief == 0:
            return None
        made = {} if made is None else made
        if (belief, turns) in made:
            return made[belief, turns]
        nexts, possible = self.rules.successors(belief)
        for a in self._ordered(belief, nexts, possible):
            answers = {int(f): self._answer(nexts[a, f], turns - 1)
                       for f in np.flatnonzero(possible[a])}
            if all(answer is not None for answer in answers.values()):
                hands = self.rules.actions[a]
                responses = {}
                for f, t in answers.items():
                    assert t is not None
                    then = self.tree(int(nexts[a, f, t]), turns - 1, made)
                    responses[f] = Response(tuple(p for j, p in enumerate(hands)
                                                  if t >> j & 1), then)
                made[belief, turns] = Node(hands, responses)
                return made[belief, turns]
        raise AssertionError(f"no strategy wins within {turns} turns")


    def survival(self, belief: int, turns: int) -> list[list[int]]:
        """The devil's evidence that no strategy wins from `belief` within `turns` (which must
        be so): layers 1..turns, layer d holding beliefs the devil survives d turns from, the
        given belief in the last. For each belief of layer d and every grab (all of them, up
        to rotation only, as the kernel tries them), a feel after which every choice leads to
        a belief not winnable within d - 1 turns; those beliefs go to layer d - 1 (unless
        listed higher), except for d = 1, where being nonempty is enough.

        The layers are filled from the top down, and each grab is answered by the feel whose
        beliefs after it add the fewest states not yet listed high enough: the kernel and Coq
        check every state listed (8 glasses, 4 hands: 2,447,648 states in 53,392 beliefs with
        the first feel that will do, 300,788 in 7,778 with the cheapest)."""
        layer_of = {belief: turns}
        for d in range(turns, 1, -1):
            for current in [b for b, e in layer_of.items() if e == d]:
                nexts, possible = self.rules.successors(current)
                for a in range(len(self.rules.actions)):
                    feels = sorted(np.flatnonzero(possible[a]), key=lambda f: self._unlisted(
                        nexts[a, f], layer_of, d - 1))
                    for f in feels:
                        afters = {int(after) for after in nexts[a, f]}
                        if not any(self.winnable(after, d - 1) for after in afters):
                            for after in afters:
                                layer_of[after] = max(layer_of.get(after, 0), d - 1)
                            break
                    else:
                        raise AssertionError(f"the player escapes {current} within {d} turns")
        return [sorted(b for b, e in layer_of.items() if e == d) for d in range(1, turns + 1)]

    def _unlisted(self, afters: Table, layer_of: dict[int, int], least: int) -> int:
        """The states of the beliefs `afters` not listed in layer `least` or higher."""
        return sum(self.rules.states_in(after) for after in {int(after) for after in afters}
                   if layer_of.get(after, 0) < least)


def _popcounts(beliefs: Table) -> npt.NDArray[np.int64]:
    """The number of orbits in each belief (numpy's own popcount: the search asks for it at
    every grab and feel, and a loop over the bits took most of the search's time)."""
    return np.bitwise_count(beliefs).astype(np.int64)


@dataclass(frozen=True)
class Solution:
    """The result of solve(n, k): the worst-case number of turns of the strategy found
    (`length`, the shortest unless `within` was given) and the strategy, or length None and the
    devil's `invariant` (a belief) when the devil can keep the glasses unequal forever."""

    n: int
    k: int
    length: int | None
    tree: Node | None
    shortest: bool = True
    invariant: int = 0
    search: Search | None = field(default=None, compare=False, repr=False)


def invariant(n: int, k: int) -> int:
    """The largest set of unequal orbits the devil can keep the glasses in forever, one orbit
    at a time: from any state of an orbit in it, whatever k positions the player grabs, the
    devil has a feel after which every choice of glasses to turn leaves a state of some orbit
    in it. When it is not empty, no strategy wins (docs/glasses.md). It is the greatest such
    set: orbits are removed while some action escapes from them.

    >>> [glasses_text(orbits(4)[j], 4) for j in range(6) if invariant(4, 1) >> j & 1]
    ['DUUU', 'DDUU', 'DUDU', 'DDDU']
    >>> invariant(4, 2)
    0
    """
    table = rules(n, k)
    alive = table.start
    changed = True
    while changed:
        changed = False
        for j in range(table.orbit_count):
            if alive >> j & 1 and escapes(table, j, alive):
                alive &= ~(1 << j)
                changed = True
    return alive


def escapes(table: Rules, j: int, alive: int) -> bool:
    """Can the player, from orbit j, leave the set `alive` whatever the devil does? (Some
    action has, for every feel of orbit j, a choice leading to no orbit of `alive`.)"""
    reach = table.images[:, j] & np.uint64(alive)  # [a, f, t]
    leaves = (reach == 0).any(axis=2) | ~table.feels[:, j]  # [a, f]
    return bool(leaves.all(axis=1).any())


def solve(n: int, k: int, progress: Callable[[int, int], None] | None = None,
          within: int | None = None) -> Solution:
    """The shortest worst-case number of turns for n glasses and k hands, and a strategy;
    with `within`, a strategy of at most that many turns, not necessarily the shortest
    (ValueError if there is none). progress(turns, beliefs searched) is called as the
    iterative deepening goes one turn deeper.

    >>> solution = solve(4, 2)
    >>> solution.length, turns_of(solution.tree)
    (5, 5)
    >>> solve(4, 1).length is None
    True
    """
    if within is not None and not 0 <= within <= MAX_TURNS:
        # The search recurses a few frames per turn: far deeper than MAX_TURNS, Python's stack
        # would overflow before the search gave an answer.
        raise ValueError(f"the search looks at most {MAX_TURNS} turns ahead: give a number of "
                         f"turns in 0..{MAX_TURNS}, not {within}")
    table = rules(n, k)
    kept = invariant(n, k)
    if kept:
        return Solution(n, k, None, None, invariant=kept)
    search = Search(table)
    if within is not None:
        if not search.winnable(table.start, within):
            raise ValueError(f"no strategy wins within {within} turns with {n} glasses and "
                             f"{k} hands")
        tree = search.tree(table.start, within)
        return Solution(n, k, turns_of(tree), tree, shortest=False, search=search)
    turns = 0
    while not search.winnable(table.start, turns):
        turns += 1
        if turns > MAX_TURNS:
            raise ValueError(f"no strategy of at most {MAX_TURNS} turns wins with {n} glasses "
                             f"and {k} hands, and the devil has no invariant: undecided")
        if progress:
            progress(turns, search.visited)
    return Solution(n, k, turns, search.tree(table.start, turns), search=search)


# --- The devil of `glasses play` ---------------------------------------------------------------

SCORED_ORBITS = 20  # up to 7 glasses the devil weighs beliefs by the turns they need (fast)


class Devil:
    """An adversary for a person who plays in the terminal. It does not fix the start or the
    rotations in advance: it keeps every state the glasses may be in (in the player's frame,
    each with a game that leads there) and answers each grab with the feel that keeps the game
    longest (a belief inside its invariant first, then the most turns the player needs from
    it, then the most orbits). Any state it keeps, with its game, is a start and a choice of
    rotations that gives the player exactly what it felt."""

    def __init__(self, n: int, k: int) -> None:
        self.n, self.k = n, k
        self.rules = rules(n, k)
        self.kept = invariant(n, k)
        self.search = Search(self.rules)
        self.games: dict[int, tuple[int, tuple[int, ...]]] = {
            s: (s, ()) for s in range(1 << n) if not is_won(s, n)}

    def belief(self, states: Iterator[int] | list[int] | dict[int, Any]) -> int:
        index = orbit_of(self.n)
        return sum({1 << int(index[s]) for s in states})

    def _score(self, belief: int) -> tuple[int, int, int]:
        forever = int(belief & self.kept != 0)
        turns = 0
        if not forever and belief and self.rules.orbit_count <= SCORED_ORBITS:
            while not self.search.winnable(belief, turns):
                turns += 1
        return forever, turns, bin(belief).count("1")

    def feel(self, hands: tuple[int, ...]) -> int:
        """The pattern the devil lets the hands at `hands` feel."""
        parts: dict[int, list[int]] = {}
        for state in self.games:
            parts.setdefault(feel(state, hands), []).append(state)
        best: dict[int, tuple[int, int, int]] = {}
        for pattern, states in parts.items():
            best[pattern] = min(
                self._score(self.belief(s ^ turned_over(hands, choice) for s in states
                                        if not is_won(s ^ turned_over(hands, choice), self.n)))
                for choice in range(1 << len(hands)))
        return max(sorted(best), key=lambda pattern: best[pattern])

    def turn(self, hands: tuple[int, ...], pattern: int, turn: tuple[int, ...]) -> bool:
        """The player turns the glasses at `turn` after feeling `pattern`; the devil turns the
        tray every way. True if the game is surely won (the bell rings)."""
        after: dict[int, tuple[int, tuple[int, ...]]] = {}
        for state, (start, rotations) in sorted(self.games.items()):
            if feel(state, hands) != pattern:
                continue
            unequal = state ^ sum(1 << p for p in turn)
            if not is_won(unequal, self.n):
                for r in range(self.n):
                    after.setdefault(rotate(unequal, r, self.n), (start, (*rotations, r)))
        self.games = after
        return not after

    def a_game(self) -> tuple[int, tuple[int, ...], int]:
        """A start, the rotations and the state now that agree with everything felt."""
        state = min(self.games)
        start, rotations = self.games[state]
        return start, rotations, state
