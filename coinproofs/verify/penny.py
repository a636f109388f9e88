"""The penny game (Wythoff's game, its misère form and Fraenkel's a-Wythoff game), written again
from its definition: ``p-positions`` (the losing positions of a square, checked against the
rules), ``formula`` (its pairs in exact integers, compared, never assumed), ``lrat`` (uniqueness,
against ``penny_cnf.py``) and ``theorem`` evidence. Prose: docs/design.md, "The penny game";
docs/certificates.md, "The penny game" (with why the check is the definition); docs/penny.md.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from itertools import pairwise
from math import isqrt
from typing import Any

import numpy as np
import numpy.typing as npt

from coinproofs.verify import lrat, penny_cnf, theorems
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
    method_of,
    one_shape,
)
from coinproofs.verify.theorems import check_sources

Position = tuple[int, int]

MAX_PILE = 100_000  # the default of the bound penny.pile
MAX_A = 16
MAX_UNIQUE_PILE = 60  # the default of the bound penny.unique-pile
PILE = declare("penny.pile", MAX_PILE, "pennies",
               "the side M of the square checked: about (M / 10,000)^2 seconds")
MAX_FORMULA_PILE = 10 ** 12  # the default of the bound penny.formula-pile
FORMULA_PILE = declare("penny.formula-pile", MAX_FORMULA_PILE, "pennies",
                       "the side M of a square whose losing positions are counted by the formula "
                       "(a theorem's instance): about log2(M) square roots")
UNIQUE_PILE = declare("penny.unique-pile", MAX_UNIQUE_PILE, "pennies",
                      "the side M of the uniqueness CNF: about 2 M^3 clauses")
UNIQUE_ENCODING = "penny_cnf.losing_cnf + excluding"  # names the kernel's encoder
PAIR_LINE = re.compile(rb"(0|[1-9][0-9]{0,19}) (0|[1-9][0-9]{0,19})\n")  # a line "x y"
ABSENT = np.iinfo(np.int64).max  # "no listed position here": larger than any row or column

# Evidence each kind of claim needs: exactly these methods, once each.
REQUIRED = {
    "p-positions": ("p-positions", "formula"),
    "misere": ("p-positions", "formula"),
    "a-wythoff": ("p-positions", "formula"),
    "first": ("p-positions",),
    "riddler": ("p-positions",),
    "unique": ("p-positions", "lrat"),
    **{kind: ("theorem",) for kind in theorems.PENNY_THEOREMS},
}

# The theorem for every position (theorems.PENNY_THEOREMS) of which each kind of claim about a
# square or a list is an instance: cited, it proves the claim with the value the formula gives,
# instead of the computed evidence of REQUIRED or besides it (then both are checked).
INSTANCE_OF = {"p-positions": "wythoff_theorem", "misere": "misere_wythoff_theorem",
               "a-wythoff": "fraenkel_theorem", "first": "wythoff_theorem",
               "riddler": "wythoff_theorem"}

# The parameters of each kind of claim (how large a square they need is bounded by the
# evidence's square: penny.pile, penny.unique-pile).
PARAMS = {
    "p-positions": Shape("a penny p-positions claim's params", {"max": count(0)}),
    "misere": Shape("a penny misere claim's params", {"max": count(2)}),
    "a-wythoff": Shape("a penny a-wythoff claim's params", {"a": count(1, MAX_A),
                                                            "max": count(0)}),
    "first": Shape("a penny first claim's params", {"count": count(1)}),
    "riddler": Shape("a penny riddler claim's params", {"lo": count(0), "hi": count(0)}),
    "unique": Shape("a penny unique claim's params", {"max": count(0)}),
    **dict.fromkeys(theorems.PENNY_THEOREMS,
                    Shape("a penny wythoff, fraenkel or misere-wythoff claim's params", {})),
}
P_POSITIONS = inline_or_file("p-positions evidence", "p-positions", "positions", LIST,
                             required={"max": count(0)})
FORMULA = Shape("formula evidence", {"method": literal("formula")})
THEOREM = Shape("penny theorem evidence", {"method": literal("theorem"),
                                           "name": literal(*theorems.PENNY_THEOREMS.values()),
                                           "formal_sha256": SHA256})
LRAT = Shape("penny lrat evidence", {"method": literal("lrat"),
                                     "encoding": literal(UNIQUE_ENCODING), **lrat.FILES})


# --- The losing positions, from the rules ---------------------------------------------------

def check_losing_set(pairs: list[Position], max_pile: int, a: int = 1,
                     misere: bool = False) -> None:
    """Reject unless `pairs` (x <= y) and their mirror images are exactly the losing positions
    with both piles <= max_pile (the argument: docs/certificates.md, "`p-positions`").

    >>> check_losing_set([(0, 0), (1, 2), (3, 5)], 6)
    >>> check_losing_set([(0, 0), (1, 2)], 6)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    coinproofs.verify.schema.Rejected: (3, 5) is not listed, yet no move from it ...
    """
    _in_square(pairs, max_pile)
    xs = np.array([x for x, _ in pairs] + [y for x, y in pairs if x != y], dtype=np.int64)
    ys = np.array([y for _, y in pairs] + [x for x, y in pairs if x != y], dtype=np.int64)
    expect(not (misere and (0, 0) in pairs),
           "(0, 0) is listed, but in misère play the player facing it has won")
    # The list is mirrored, so its columns are its rows: checking rows covers both.
    for line, keys in (("row", xs), ("diagonal", ys - xs)):
        expect(len(np.unique(keys)) == len(keys),
               f"two listed positions share a {line}, so a move joins them")
    size = max_pile + 1
    in_row = _table(size, xs, ys)  # in_row[x]: the column of the listed position in row x
    in_column = _table(size, ys, xs)  # in_column[y]: the row of the listed position in column y
    offset = max_pile + a - 1  # diagonal d is entry d + offset; every d + e with |e| < a fits
    on_diagonal = _table(2 * offset + 1, ys - xs + offset, xs)  # ... the row of the one on it
    columns = np.arange(size, dtype=np.int64)
    for x in range(size):
        reaches = (in_row[x] < columns) | (in_column < x)
        for e in range(1 - a, a):
            start = offset + e - x  # the entry of diagonal (0 - x) + e, for column 0
            reaches |= on_diagonal[start:start + size] < min(x, x - e)
        wrong = (columns == in_row[x]) == reaches
        if misere and x == 0:
            wrong[0] = False  # (0, 0) is won, whatever it reaches (and it is not listed)
        if wrong.any():
            y = int(wrong.argmax())
            if y == in_row[x]:
                raise Rejected(f"({x}, {y}) is listed as losing, "
                               "yet a move from it reaches a listed position")
            raise Rejected(f"({x}, {y}) is not listed, yet no move from it reaches a listed "
                           "position, so it is losing")


def _table(size: int, keys: npt.NDArray[np.int64],
           values: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """An array of `size` entries: values[i] at keys[i], ABSENT elsewhere."""
    table = np.full(size, ABSENT, dtype=np.int64)
    table[keys] = values
    return table


# --- The formula, in exact integers ---------------------------------------------------------

def formula_pair(k: int, a: int = 1) -> Position:
    """(floor(k*alpha), floor(k*alpha) + a*k), alpha = (2 - a + sqrt(a^2 + 4)) / 2.

    For every integer m and real t, floor((m + t) / 2) = floor((m + floor(t)) / 2); with
    m = k*(2 - a) and t = k*sqrt(a^2 + 4), whose floor is isqrt(k^2 * (a^2 + 4)), this gives
    floor(k*alpha) in integers. For a = 1 it is floor(k*phi) = (k + isqrt(5*k*k)) // 2.

    >>> [formula_pair(k) for k in range(6)]
    [(0, 0), (1, 2), (3, 5), (4, 7), (6, 10), (8, 13)]
    """
    x = (k * (2 - a) + isqrt(k * k * (a * a + 4))) // 2
    return x, x + a * k


def formula_pairs(max_pile: int, a: int = 1, misere: bool = False) -> list[Position]:
    """The formula's pairs with both piles <= max_pile (the larger pile grows with k); in
    misère play (a = 1), (0, 0) and (1, 2) give way to (0, 1) and (2, 2).

    >>> formula_pairs(10, misere=True)
    [(0, 1), (2, 2), (3, 5), (4, 7), (6, 10)]
    """
    pairs: list[Position] = []
    k = 0
    while formula_pair(k, a)[1] <= max_pile:
        pairs.append(formula_pair(k, a))
        k += 1
    if misere:
        pairs = [pair for pair in [(0, 1), (2, 2)] if pair[1] <= max_pile] + pairs[2:]
    return pairs


def formula_count(max_pile: int, a: int = 1) -> int:
    """How many of the formula's pairs have both piles <= max_pile: by bisection, the least k
    in 0..max_pile + 1 whose pair does not fit (its larger pile grows with k and exceeds k).

    >>> formula_count(10), formula_count(10 ** 12)
    (5, 381966011251)
    """
    low, high = 0, max_pile + 1  # the pair of `high` does not fit; those below `low` do
    while low < high:
        middle = (low + high) // 2
        if formula_pair(middle, a)[1] <= max_pile:
            low = middle + 1
        else:
            high = middle
    return low


# --- Claims ---------------------------------------------------------------------------------

def claim_id(kind: str, params: Mapping[str, int]) -> str:
    """The id a claim of this kind with these parameters has."""
    names = {
        "p-positions": "penny.p-positions.m{max}",
        "misere": "penny.misere.m{max}",
        "a-wythoff": "penny.a-wythoff.a{a}.m{max}",
        "first": "penny.first-{count}",
        "riddler": "penny.riddler-{lo}-{hi}",
        "unique": "penny.unique.m{max}",
        **{kind: f"penny.{kind}" for kind in theorems.PENNY_THEOREMS},
    }
    return names[kind].format(**params)


def _pairs_text(pairs: list[list[int]]) -> str:
    return ", ".join(f"({x}, {y})" for x, y in pairs)


def statement(kind: str, params: Mapping[str, int], value: Any) -> str:
    """The sentence a claim of this kind states, for these parameters and this value."""
    if kind == "p-positions":
        return (f"The losing positions of the penny game with both piles at most "
                f"{params['max']:,} are exactly the {value:,} pairs (floor(k*phi), "
                f"floor(k*phi^2)), k = 0..{value - 1:,}, and their mirror images.")
    if kind == "misere":
        return (f"In misère play (whoever takes the last penny loses) the losing positions "
                f"with both piles at most {params['max']:,} are exactly (0, 1), (2, 2) and "
                f"the pairs (floor(k*phi), floor(k*phi^2)) with k >= 2 that fit, and their "
                f"mirror images: {value:,} pairs in all.")
    if kind == "a-wythoff":
        a = params["a"]
        return (f"In Fraenkel's a-Wythoff game with a = {a} (a move takes k >= 1 pennies from "
                f"one pile, or k >= 1 from one and l >= 1 from the other with |k - l| < {a}), "
                f"the losing positions with both piles at most {params['max']:,} are exactly "
                f"the {value:,} pairs (floor(k*alpha), floor(k*alpha) + {a}*k), "
                f"k = 0..{value - 1:,}, alpha = (2 - {a} + sqrt({a * a + 4})) / 2, and their "
                f"mirror images.")
    if kind == "first":
        return (f"The first {params['count']} losing positions (a, b) of the penny game, "
                f"a <= b, in order of the smaller pile, are {_pairs_text(value)}.")
    if kind == "riddler":
        lo, hi = params["lo"], params["hi"]
        return (f"With {lo} to {hi} pennies split into two piles, the first player to move "
                f"loses (against best play) only from {_pairs_text(value['losing'])} and their "
                f"mirror images, that is with "
                f"{', '.join(map(str, value['losing_totals'])) or 'no total'} pennies; "
                f"{', '.join(map(str, value['winning_totals'])) or 'no total'} pennies "
                f"guarantee the first player a win however they are split.")
    if kind == "wythoff":
        return ("For every position of the penny game, the player to move loses (against best "
                "play) exactly at the pairs (floor(k*phi), floor(k*phi^2)), k >= 0, and their "
                "mirror images: Wythoff's theorem.")
    if kind == "fraenkel":
        return ("For every a >= 1 and every position of Fraenkel's a-Wythoff game (a move takes "
                "k >= 1 pennies from one pile, or k >= 1 from one and l >= 1 from the other with "
                "|k - l| < a), the player to move loses exactly at the pairs (floor(k*alpha), "
                "floor(k*alpha) + a*k), k >= 0, alpha = (2 - a + sqrt(a^2 + 4)) / 2, and their "
                "mirror images: Fraenkel's theorem.")
    if kind == "misere-wythoff":
        return ("For every position of the penny game in misère play (whoever takes the last "
                "penny loses), the player to move loses exactly at (0, 1), (1, 0), (2, 2) and "
                "the pairs (floor(k*phi), floor(k*phi^2)) with k >= 2 and their mirror images.")
    if kind == "unique":
        return (f"The constraints 'p(x, y) iff no move from (x, y) reaches a position where p "
                f"holds', for both piles at most {params['max']}, have exactly one solution: "
                f"the losing positions.")
    raise Rejected(f"unknown kind of penny claim {kind!r}")


def check_form(claim: Claim) -> dict[str, int]:
    """The params of a claim of a known kind, once they give its id (the evidence decides the
    value, and so the statement)."""
    expect(claim.kind in REQUIRED, f"unknown kind of penny claim {claim.kind!r}; the kernel "
                                   f"knows {', '.join(REQUIRED)}")
    PARAMS[claim.kind].check(claim.params)
    params: dict[str, int] = dict(claim.params)
    expect(params.get("lo", 0) <= params.get("hi", 0), "lo must be at most hi")
    expect(claim.id == claim_id(claim.kind, params),
           f"claim id {claim.id!r} does not match {claim_id(claim.kind, params)!r}")
    return params


def check_claim(claim: Claim, evidence: list[Evidence], artifacts: Artifacts) -> list[str]:
    """Accept `claim` only if its evidence proves it exactly as stated."""
    params = check_form(claim)
    methods = [method_of(item, ("p-positions", "formula", "lrat", "theorem"), "the penny game")
               for item in evidence]
    computed = REQUIRED[claim.kind]
    allowed = [sorted(computed)]
    if claim.kind in INSTANCE_OF:
        allowed += [["theorem"], sorted((*computed, "theorem"))]
    expect(sorted(methods) in allowed,
           f"a {claim.kind} claim needs exactly the evidence "
           f"{' or '.join(' and '.join(evidence) for evidence in allowed)}, "
           f"not {', '.join(map(repr, methods))}")
    by_method = dict(zip(methods, evidence, strict=True))
    if claim.kind in theorems.PENNY_THEOREMS:
        _check_theorem(claim, by_method["theorem"])
        return methods
    values = []
    if "theorem" in by_method:
        values.append(_instance_value(claim.kind, params, by_method["theorem"]))
    if "p-positions" in by_method:
        values.append(_computed_value(claim.kind, params, by_method, artifacts))
    for value in values:
        # Compared as JSON text, so that 3821.0 or true do not pass for 3821 or 1.
        expect(json.dumps(claim.value) == json.dumps(value),
               f"the claim's value is not {json.dumps(value)}, which the evidence shows")
    expect(claim.statement == statement(claim.kind, params, claim.value),
           f"the statement does not say what a {claim.kind} claim with these parameters says")
    return methods


def _computed_value(kind: str, params: Mapping[str, int], by_method: Mapping[str, Evidence],
                    artifacts: Artifacts) -> Any:
    """The claim's value as the listed losing positions show it, once checked (with the
    formula and the LRAT proof, when given)."""
    a = params.get("a", 1)
    misere = kind == "misere"
    max_pile = _square(kind, params, by_method["p-positions"])
    pairs = _p_positions(by_method["p-positions"], artifacts)
    check_losing_set(pairs, max_pile, a, misere)
    if "formula" in by_method:
        FORMULA.check(by_method["formula"])
        expect(pairs == formula_pairs(max_pile, a, misere),
               "the losing positions are not the formula's pairs")
    if "lrat" in by_method:
        _check_uniqueness(max_pile, pairs, by_method["lrat"], artifacts)
    return _value(kind, params, pairs)


def _instance_value(kind: str, params: Mapping[str, int], item: Evidence) -> Any:
    """The claim's value as the formula gives it, once the evidence cites the theorem the claim
    is an instance of (the losing positions are then its pairs: arithmetic only)."""
    THEOREM.check(item)
    check_sources(item)
    expect(item["name"] == INSTANCE_OF[kind],
           f"a {kind} claim is an instance of {INSTANCE_OF[kind]}, not of {item['name']}")
    if kind in ("p-positions", "misere", "a-wythoff"):
        FORMULA_PILE.check(params["max"], "the square of positions")
        count = formula_count(params["max"], params.get("a", 1))
        # Misère play swaps (0, 0) and (1, 2) for (0, 1) and (2, 2): both fit, as max >= 2.
        return count
    if kind == "first":
        # The larger pile of pair k is at least k: the count is bounded before any square root.
        PILE.check(params["count"] - 1, "the larger pile of the last pair listed")
        PILE.check(formula_pair(params["count"] - 1)[1], "the larger pile of the last pair listed")
        return [list(formula_pair(k)) for k in range(params["count"])]
    PILE.check(params["hi"], "the pennies of a riddler claim")
    pairs = []
    k = 0
    while sum(formula_pair(k)) <= params["hi"]:  # the totals grow with k
        pairs.append(formula_pair(k))
        k += 1
    return _value(kind, params, pairs)


def _check_theorem(claim: Claim, item: Evidence) -> None:
    """A claim about every position: its evidence cites the Coq theorem that states it."""
    THEOREM.check(item)
    check_sources(item)
    theorem = theorems.PENNY_THEOREMS[claim.kind]
    expect(item["name"] == theorem,
           f"a {claim.kind} claim cites the theorem {theorem}, not {item['name']}")
    expect(claim.value is None, f"a {claim.kind} claim has no value (null)")
    expect(claim.statement == statement(claim.kind, {}, None),
           f"the statement does not say what a {claim.kind} claim says")


def _square(kind: str, params: Mapping[str, int], item: Evidence) -> int:
    """The side of the p-positions evidence's square, within the bounds and fitting the claim."""
    one_shape(item, *P_POSITIONS)
    max_pile: int = item["max"]
    (UNIQUE_PILE if kind == "unique" else PILE).check(max_pile, "the square of positions")
    if "max" in params:
        expect(max_pile == params["max"],
               f"the evidence's square has side {max_pile}, not the claim's {params['max']}")
    if kind == "riddler":
        expect(max_pile >= params["hi"],
               f"every split of {params['hi']} pennies needs piles up to {params['hi']}, "
               f"beyond the evidence's square of side {max_pile}")
    return max_pile


def _p_positions(item: Evidence, artifacts: Artifacts) -> list[Position]:
    """The listed losing positions of p-positions evidence, at most max + 1 (one a row)."""
    most = item["max"] + 1
    too_many = f"the p-positions list more pairs than the square has rows ({most:,})"
    if "file" in item:
        pairs = []
        for number, line in enumerate(artifacts.lines(item), 1):
            expect(number <= most, too_many)
            match = PAIR_LINE.fullmatch(line)
            expect(match is not None, f"line {number:,} of the p-positions file is not a line "
                                      "'x y' of two whole numbers")
            assert match is not None
            pairs.append((int(match[1]), int(match[2])))
        return pairs
    raw = item["positions"]
    expect(len(raw) <= most, too_many)
    expect(all(isinstance(pair, list) and len(pair) == 2 and all(map(is_count, pair))
               for pair in raw), "the p-positions must be a list of [x, y] pairs of integers")
    return [(pair[0], pair[1]) for pair in raw]


def _in_square(pairs: list[Position], max_pile: int) -> None:
    """Reject pairs outside 0 <= x <= y <= max_pile, or not in increasing order of x."""
    for x, y in pairs:
        expect(0 <= x <= y <= max_pile,
               f"the pair ({x}, {y}) is not a position x <= y with both piles <= {max_pile}")
    expect(all(p[0] < q[0] for p, q in pairwise(pairs)),
           "the p-positions are not listed in increasing order of the smaller pile")


def _value(kind: str, params: Mapping[str, int], pairs: list[Position]) -> Any:
    """The claim's value, as the (checked) losing positions of the evidence's square show it."""
    if kind in ("p-positions", "misere", "a-wythoff"):
        return len(pairs)
    if kind == "unique":
        return 1  # the solution is the losing set; the LRAT proof shows there is no other
    if kind == "first":
        return _first(params["count"], pairs)
    lo, hi = params["lo"], params["hi"]
    losing = [[x, y] for x, y in pairs if lo <= x + y <= hi]
    present = {x + y for x, y in losing}  # a set: up to 100,000 totals are looked up
    totals = sorted(present)
    return {"losing": losing, "losing_totals": totals,
            "winning_totals": [t for t in range(lo, hi + 1) if t not in present]}


def _first(count: int, pairs: list[Position]) -> list[list[int]]:
    """The first `count` losing positions by smaller pile, if the square shows them all: one
    outside it with smaller pile x <= the last listed would share row x with a listed one,
    unless row x holds none; so every such row must hold one."""
    expect(len(pairs) >= count, f"the evidence lists fewer than {count} losing positions")
    last_row = pairs[count - 1][0]
    rows = {x for x, _ in pairs} | {y for _, y in pairs}
    expect(all(x in rows for x in range(last_row + 1)),
           f"the evidence's square is too small to show that no losing position with smaller "
           f"pile <= {last_row} lies outside it")
    return [[x, y] for x, y in pairs[:count]]


def _check_uniqueness(max_pile: int, pairs: list[Position], item: Evidence,
                      artifacts: Artifacts) -> None:
    """Reject unless the losing set solves the kernel's CNF and LRAT refutes every other one."""
    LRAT.check(item)
    losing = set(pairs) | {(y, x) for x, y in pairs}
    clauses = penny_cnf.losing_cnf(max_pile)
    true = {penny_cnf.variable(x, y, max_pile) for x, y in losing}
    for clause in clauses:
        expect(any((literal > 0) == (abs(literal) in true) for literal in clause),
               f"the losing positions do not satisfy the clause {clause} of the CNF")
    formula = [*clauses, penny_cnf.excluding(losing, max_pile)]
    lrat.check_lrat_evidence(formula, penny_cnf.variables(max_pile),
                             penny_cnf.comments(max_pile), item, artifacts)
