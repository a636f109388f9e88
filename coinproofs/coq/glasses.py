"""Gardner's glasses with hands as Coq theorems: every glasses claim in the terms of
formal/rules/RulesGlasses.v, proved by running a checker of formal/ on the certificate's evidence.

The statements (:func:`statement`), from the claim alone:

* ``glasses.n<N>.k<K>.shortest`` with value T: ``shortest_turns N K T`` (some strategy tree
  wins within T turns, and none within fewer);
* ``glasses.n<N>.k<K>.wins`` with value T: ``wins_within N K T``; with value null (the
  theorem's claim): ``exists T, wins_within N K T``;
* ``glasses.n<N>.k<K>.impossible``: ``no_strategy N K`` (no tree wins within any number of
  turns).

The proofs (:func:`script`) apply one lemma of formal/glasses/GlassesClaims.v and let ``vm_compute``
run its boolean check on the evidence, inlined as definitions:

* the strategy, as numbered *steps*: a turn of the tree together with the depth it is played
  at, the set of orbits it is played from (its belief) and the turns left. A tree whose turns
  are shared (the kernel's named turns) unfolds to far more turns than it names (8 glasses and
  4 hands: 24 named turns, 572,961 turns unfolded); its steps stay few (one per named turn and
  depth), and Coq checks each once (formal/glasses/GlassesStrategy.v);
* the survival layers, each belief with its layer (formal/glasses/GlassesSurvival.v);
* the invariant, as the set of its orbits (formal/glasses/GlassesInvariant.v);
* or, for an impossible claim that cites it, the theorem glasses_hands_needed
  (formal/glasses/GlassesNeeded.v) for the claim's N, K and p the largest prime factor of N,
  its side conditions decided by Coq; for a wins claim of value null, the theorem
  glasses_hands_suffice (formal/glasses/GlassesEndsDown.v, through hands_checked) for the
  claim's N and K, Coq deciding its side conditions for every prime dividing N.

The steps and layers are written as a string of base-32 digits (formal/glasses/GlassesCode.v reads
it): Coq reads a string of 50,000 characters in a fraction of a second, a list of numbers ten
times slower. Nothing written here is trusted: Coq checks whatever these functions make of a
certificate, and a wrong step, layer or orbit makes the proof fail to compile.
"""

from __future__ import annotations

import textwrap
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from coinproofs.coq import Script, Statement, Unsupported, nat
from coinproofs.verify.certificate import Artifacts, Rejected, parse_json
from coinproofs.verify.glasses import felt, is_won, orbit_number
from coinproofs.verify.table import rotate
from coinproofs.verify.theorems import prime_factors

RULES = ("RulesGlasses",)
CHECKERS = ("GlassesCode", "GlassesClaims")
FIRST_DIGIT = 48  # the character of digit d is chr(48 + d), and + 32 when more digits follow
LINE = 96  # characters of code on a line of the .v file


def statement(claim: Mapping[str, Any]) -> Statement:
    """The claim as a proposition of formal/rules/RulesGlasses.v.

    >>> statement({"kind": "shortest", "params": {"n": 4, "hands": 2}, "value": 5}).text
    'shortest_turns 4 2 5'
    >>> statement({"kind": "impossible", "params": {"n": 5, "hands": 2}, "value": None}).text
    'no_strategy 5 2'
    >>> statement({"kind": "wins", "params": {"n": 10, "hands": 8}, "value": None}).text
    'exists T, wins_within 10 8 T'
    """
    n, k = nat(claim["params"]["n"]), nat(claim["params"]["hands"])
    kind, value = claim["kind"], claim["value"]
    if kind == "shortest":
        return Statement(RULES, f"shortest_turns {n} {k} {nat(value)}")
    if kind == "wins" and value is None:
        return Statement(RULES, f"exists T, wins_within {n} {k} T")
    if kind == "wins":
        return Statement(RULES, f"wins_within {n} {k} {nat(value)}")
    if kind == "impossible":
        return Statement(RULES, f"no_strategy {n} {k}")
    raise Unsupported(f"glasses claims of kind {kind!r} have no Coq statement")


def script(certificate: Mapping[str, Any], folder: Path) -> Script:
    """The evidence of the certificate as Coq definitions, and the proof of its statement."""
    claim = certificate["claim"]
    n, k = claim["params"]["n"], claim["params"]["hands"]
    kind, value = claim["kind"], claim["value"]
    evidence = {item["method"]: item for item in certificate["evidence"]}
    artifacts = Artifacts(folder)
    theorem = evidence.get("theorem", {}).get("name")
    try:
        if kind == "impossible" and theorem == "glasses_hands_needed":  # N = 1: p = 1, refused
            return Script(("GlassesNeeded",), "",
                          proof(f"@needed_checked {n} {k} {max(prime_factors(n), default=1)}"))
        if kind == "wins" and value is None:  # no number of turns: only a theorem proves it
            if theorem != "glasses_hands_suffice":
                raise ValueError("a wins claim of value null cites glasses_hands_suffice")
            return Script(("GlassesEndsDown",), "", proof(f"@hands_checked {n} {k}"))
        if kind == "impossible":
            orbits = belief_of_words(evidence["invariant"]["orbits"], n)
            return Script(CHECKERS, definition("invariant_evidence", "invariant_code", [orbits]),
                          proof(f"@impossible_checked {n} {k} invariant_evidence"))
        tree = strategy_tree(evidence["strategy"], artifacts)
        definitions = [definition("strategy_evidence", f"strategy_code {n}",
                                  strategy_numbers(tree, n, value))]
        if kind == "wins":
            return Script(CHECKERS, "\n\n".join(definitions),
                          proof(f"@wins_checked {n} {k} {value} strategy_evidence"))
        if value >= 2:
            layers = survival_layers(evidence["survival"], artifacts)
            definitions.append(definition("survival_evidence", "survival_code",
                                          layer_numbers(layers)))
        else:  # fewer than one turn never wins with two glasses or more: no layers
            definitions.append("Definition survival_evidence := no_layers.")
        return Script(CHECKERS, "\n\n".join(definitions),
                      proof(f"@shortest_checked {n} {k} {value} strategy_evidence "
                            "survival_evidence"))
    except (KeyError, TypeError, ValueError) as error:
        raise Unsupported(f"the evidence of {claim['id']} cannot be written for Coq "
                          f"({error!r})") from None


def proof(lemma: str) -> str:
    """Apply the lemma and let Coq's kernel run its check on the evidence (once, at Qed)."""
    return f"apply: ({lemma}).\nvm_cast_no_check (erefl true)."


def definition(name: str, reader: str, numbers: list[int]) -> str:
    """A Coq definition of `name`: the `reader` applied to the numbers written as a code, a
    list of lines (Coq's parser overflows its stack on one string of 30,000 characters).

    >>> print(definition("x", "invariant_code", [5]))
    Definition x := invariant_code (codes [::
      "5"]%code).
    """
    lines = textwrap.wrap(code(numbers), LINE) or [""]
    body = ";\n  ".join(f'"{line}"' for line in lines)
    return f"Definition {name} := {reader} (codes [::\n  {body}]%code)."


# --- Numbers as a code (formal/glasses/GlassesCode.v reads it back) -------------------------------

def digits(number: int) -> str:
    """A number in base 32, least significant digit first; each character but the last says
    that more digits follow.

    >>> digits(0), digits(31), digits(32), digits(1025)
    ('0', 'O', 'P1', 'QP1')
    """
    if number < 0:
        raise ValueError(f"Coq's code has no negative numbers ({number})")
    out = []
    while number >= 32:
        out.append(chr(FIRST_DIGIT + 32 + number % 32))
        number //= 32
    return "".join(out) + chr(FIRST_DIGIT + number)


def code(numbers: list[int]) -> str:
    """The numbers, one after the other."""
    return "".join(map(digits, numbers))


# --- Strategy evidence as steps ------------------------------------------------------------

@dataclass
class Step:
    """A turn of the tree played at one depth: the states it is played from (in the player's
    frame, every rotation of them), and for each felt pattern the positions turned over and
    the next step."""

    turn: dict[str, Any]
    depth: int
    states: set[int] = field(default_factory=set)
    answers: dict[str, tuple[int, int | None]] = field(default_factory=dict)


def strategy_tree(evidence: Mapping[str, Any], artifacts: Artifacts) -> Any:
    """The strategy's JSON tree, inline or read from its artifact file (hash checked)."""
    if "tree" in evidence:
        return evidence["tree"]
    try:
        return parse_json(artifacts.text(evidence), "the strategy file")
    except Rejected as rejection:
        raise ValueError(str(rejection)) from None


def steps(tree: Any, n: int, turns: int) -> list[Step]:
    """The steps of a tree for n glasses that is to win within `turns` turns, first step first,
    each step's states complete: a step at depth d gets its states from steps at depth d - 1,
    all made and played before it. Steps deeper than the turns allow are not made (Coq then
    finds a state with nowhere to go).

    >>> tree = {"feel": [0], "if": {"U": {"turn": [0]}, "D": {"turn": [0]}}}
    >>> [(step.depth, sorted(step.states), step.answers) for step in steps(tree, 2, 1)]
    [(0, [1, 2], {'U': (1, None), 'D': (1, None)})]
    """
    if tree is None:
        return []
    named = tree["named"] if isinstance(tree, dict) and "named" in tree else {}
    first = tree["first"] if named else tree
    made: dict[tuple[int, int], int] = {}
    made_steps: list[Step] = []

    def step_of(ref: Any, depth: int) -> int:
        turn = named[ref] if isinstance(ref, str) else ref
        key = (id(turn), depth)
        if key not in made:
            made[key] = len(made_steps)
            made_steps.append(Step(turn, depth))
        return made[key]

    root = step_of(first, 0)
    made_steps[root].states = {s for s in range(1 << n) if not is_won(s, n)}
    for step in made_steps:  # grows while it is read: breadth first
        for pattern, response in step.turn["if"].items():
            mask = sum(1 << p for p in set(response["turn"]))
            following = None
            if "then" in response and step.depth + 1 < turns:
                following = step_of(response["then"], step.depth + 1)
            step.answers[pattern] = (mask, following)
        for state in step.states:
            answer = step.answers.get(felt(state, step.turn["feel"]))
            if answer is None or answer[1] is None or is_won(state ^ answer[0], n):
                continue
            after = state ^ answer[0]
            made_steps[answer[1]].states |= {rotate(after, r, n) for r in range(n)}
    return made_steps


def patterns(size: int) -> Iterator[str]:
    """The patterns `size` hands can feel, in the order of formal/glasses/GlassesCode.v's tables: as
    binary numbers, the first glass felt the most significant digit, D = 1.

    >>> list(patterns(2))
    ['UU', 'UD', 'DU', 'DD']
    """
    for number in range(1 << size):
        yield "".join("D" if number >> (size - 1 - j) & 1 else "U" for j in range(size))


def strategy_numbers(tree: Any, n: int, turns: int) -> list[int]:
    """The steps as numbers: how many; then for each, the number of positions grabbed, the
    positions, its belief (the kernel's set of orbits), its turns left, and for each pattern
    the positions turned over (a set of positions) plus 2^n times 1 + the next step (0:
    none)."""
    made = steps(tree, n, turns)
    number = orbit_number(n)
    out = [len(made)]
    for step in made:
        hands = step.turn["feel"]
        belief = sum({1 << number[s] for s in step.states})
        out += [len(hands), *hands, belief, turns - step.depth]
        for pattern in patterns(len(hands)):
            mask, following = step.answers.get(pattern, (0, None))
            out.append(mask + (0 if following is None else following + 1 << n))
    return out


# --- Survival and invariant evidence -------------------------------------------------------

def survival_layers(evidence: Mapping[str, Any], artifacts: Artifacts) -> list[list[int]]:
    """The layers of beliefs, inline or read from their artifact file (hash checked)."""
    if "layers" in evidence:
        layers: list[list[int]] = evidence["layers"]
        return layers
    try:
        return [parse_json(line, "a line of the survival file")
                for line in artifacts.text(evidence).splitlines()]
    except Rejected as rejection:
        raise ValueError(str(rejection)) from None


def layer_numbers(layers: list[list[int]]) -> list[int]:
    """Each belief followed by its layer (1 for the first).

    >>> layer_numbers([[5, 6], [7]])
    [5, 1, 6, 1, 7, 2]
    """
    return [number for d, layer in enumerate(layers, 1) for belief in layer
            for number in (belief, d)]


def belief_of_words(words: list[str], n: int) -> int:
    """The set of orbits named by states in U/D letters (bit j: the kernel's j-th orbit).

    >>> belief_of_words(["DUU"], 3), belief_of_words(["DUU", "DDU"], 3)
    (2, 6)
    """
    number = orbit_number(n)
    states = [sum(1 << i for i, letter in enumerate(word) if letter == "D") for word in words]
    if any(len(word) != n or set(word) - {"U", "D"} for word in words):
        raise ValueError(f"an orbit is not named by {n} letters U and D")
    return sum({1 << number[s] for s in states})
