"""No Repeats (Enigma 1404) in the kernel: who wins with best play, from winning strategies
(``strategy``, ``strategy-up-to-symmetry``; ``strategy-dag`` and ``strategy-walk`` in their own
modules) and perfect matchings (``matching``). Prose, with why each check proves the claim:
docs/design.md, "No Repeats" and "Conventions"; docs/certificates.md, "No repeats".
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import permutations
from typing import Any

import numpy as np
import numpy.typing as npt

from coinproofs.verify.certificate import Artifacts, Claim, Evidence, parse_json
from coinproofs.verify.norepeat_dag import check_dag, legal_coins
from coinproofs.verify.norepeat_walk import check_walk
from coinproofs.verify.schema import (
    BOOLEAN,
    LIST,
    OBJECT,
    Bound,
    Rejected,
    Shape,
    count,
    declare,
    expect,
    inline_or_file,
    literal,
    method_of,
    one_shape,
)

START = 0  # all heads
PLAYERS = {"first": "Amber", "second": "Ben"}
MAX_PLAYED_COINS = 6  # games of at most 63 moves: the recursion stays shallow; and a seen set
                      # of 2^6 patterns fits one uint64 (for keys up to symmetry)
MAX_PLAYED_MATCHING_COINS = 4  # the matching strategy is also played out up to here
MAX_MATCHING_COINS = 26  # the largest n of a claim (a matching of 2^25 pairs)

STRATEGY_ENTRIES = declare("norepeat.strategy-entries", 1 << 14, "entries",
                           "a strategy's moves, each played against every reply")
MATCHING_PAIRS = declare("norepeat.matching-pairs", 1 << 20, "pairs",
                         "the 2^(n-1) pairs of a perfect matching, read whole")

PARAMS = Shape("a norepeat claim's params", {"n": count(1, MAX_MATCHING_COINS),
                                             "misere": BOOLEAN})
WINNER = literal(*PLAYERS)
STRATEGY = inline_or_file("strategy evidence", "strategy", "moves", OBJECT)
SYMMETRIC = inline_or_file("strategy-up-to-symmetry evidence", "strategy-up-to-symmetry",
                           "moves", OBJECT)
MATCHING = inline_or_file("matching evidence", "matching", "pairs", LIST)

Pattern = int
Seen = int
History = tuple[int, ...]


# The rules and the claims.

def turn(pattern: Pattern, coin: int) -> Pattern:
    """The pattern after turning over `coin`."""
    return pattern ^ (1 << coin)


def claim_id(n: int, misere: bool) -> str:
    """The id of the claim about who wins on n coins under one rule."""
    return f"norepeat.n{n}.{'misere' if misere else 'normal'}"


def statement(n: int, misere: bool, winner: str) -> str:
    """The claim in words."""
    coins = "1 coin" if n == 1 else f"{n} coins"
    rule = ("misère play (whoever cannot move wins)" if misere
            else "normal play (whoever cannot move loses)")
    return (f"No repeats with {coins} under {rule}: the {winner} player "
            f"({PLAYERS[winner]}) wins with best play.")


def stuck_player_wins(misere: bool) -> bool:
    """Does the player who cannot move win?"""
    return misere


# Strategies keyed by history.

Chooser = Callable[[History, Seen, Pattern], int]


def check_plays(n: int, misere: bool, winner: str, choose: Chooser) -> None:
    """Play every game, the loser trying each legal reply and the winner turning the coin
    `choose(history, seen, pattern)` names; reject unless each ends with the right player stuck."""
    expect(1 <= n <= MAX_PLAYED_COINS, f"games are played out for 1 to {MAX_PLAYED_COINS} coins")
    first_wins = winner == "first"

    def play(history: History, seen: Seen, pattern: Pattern) -> None:
        winner_to_move = (len(history) % 2 == 0) == first_wins
        coins = legal_coins(seen, pattern, n)
        if not coins:
            expect(winner_to_move == stuck_player_wins(misere),
                   f"after the history '{_text(history)}' the {winner} player loses")
            return
        if winner_to_move:
            coin = choose(history, seen, pattern)
            expect(coin in coins, f"the move {coin!r} after the history '{_text(history)}' "
                                  "is not a legal move")
            coins = [coin]
        for coin in coins:
            after = turn(pattern, coin)
            play((*history, coin), seen | 1 << after, after)

    play((), 1 << START, START)


def check_strategy(n: int, misere: bool, winner: str, moves: Any) -> None:
    """The strategy (a map from history to coin) wins every game for `winner`."""
    expect(isinstance(moves, dict), "a strategy must be a JSON object from history to coin")
    used: set[str] = set()

    def lookup(history: History, seen: Seen, pattern: Pattern) -> int:
        key = _text(history)
        expect(key in moves, f"the strategy has no move after the history '{key}'")
        used.add(key)
        return _coin(moves[key], f"after the history '{key}'")

    check_plays(n, misere, winner, lookup)
    unused = sorted(set(moves) - used)
    if unused:
        raise Rejected(f"the strategy has entries for histories that never arise, "
                       f"such as {unused[0]!r}")


def _text(history: History) -> str:
    return ",".join(map(str, history))


def _coin(value: Any, where: str) -> int:
    """A coin number from JSON (where a bool is not one)."""
    expect(type(value) is int, f"the move {where} must be a coin number, not {value!r}")
    assert isinstance(value, int)
    return value


# Strategies up to symmetry.

class Symmetries:
    """The reorderings of n coins, and the key of a position under them. weight[r, x] is
    2 ** r(x): the image of a seen set under r is the sum of its patterns' weights."""

    def __init__(self, n: int) -> None:
        expect(1 <= n <= MAX_PLAYED_COINS,
               f"strategies up to symmetry are checked for 1 to {MAX_PLAYED_COINS} coins")
        self.n = n
        self.weight: npt.NDArray[np.uint64] = np.array(
            [[1 << _reorder(x, order) for x in range(1 << n)] for order in permutations(range(n))],
            dtype=np.uint64)

    def key(self, seen: Seen, pattern: Pattern) -> Seen:
        """The least image of the seen set under x -> r(x ^ pattern), over every reordering r."""
        moved = [x ^ pattern for x in range(1 << self.n) if seen >> x & 1]
        return int(self.weight[:, moved].sum(axis=1).min())


def _reorder(pattern: Pattern, order: tuple[int, ...]) -> Pattern:
    """The pattern with coin i moved to place order[i]."""
    return sum(1 << order[coin] for coin in range(len(order)) if pattern >> coin & 1)


def check_symmetric_strategy(n: int, misere: bool, winner: str, moves: Any) -> None:
    """The strategy (a map from key to coin) wins every game for `winner`."""
    expect(isinstance(moves, dict), "a strategy must be a JSON object from position key to coin")
    symmetries = Symmetries(n)
    won: set[str] = set()  # keys from which the strategy has been shown to win

    def winner_moves(seen: Seen, pattern: Pattern) -> None:
        if not legal_coins(seen, pattern, n):
            expect(stuck_player_wins(misere),
                   f"the {winner} player is stuck and loses in the position with seen set "
                   f"{seen} and current pattern {pattern}")
            return
        key = symmetries.key(seen, pattern)
        name = str(key)
        if name in won:
            return
        expect(name in moves, f"the strategy has no move for the position with key {name}")
        coin = _coin(moves[name], f"in the position with key {name}")
        expect(coin in legal_coins(key, START, n),
               f"the move {coin} in the position with key {name} is not a legal move")
        after = turn(START, coin)
        loser_moves(key | 1 << after, after)
        won.add(name)

    def loser_moves(seen: Seen, pattern: Pattern) -> None:
        coins = legal_coins(seen, pattern, n)
        if not coins:
            expect(not stuck_player_wins(misere),
                   f"the strategy leaves the other player stuck (and so the winner) in the "
                   f"position with seen set {seen} and current pattern {pattern}")
        for coin in coins:
            after = turn(pattern, coin)
            winner_moves(seen | 1 << after, after)

    if winner == "first":
        winner_moves(1 << START, START)
    else:
        loser_moves(1 << START, START)
    unused = sorted(set(moves) - won)
    if unused:
        raise Rejected(f"the strategy has entries for positions that never arise, "
                       f"such as key {unused[0]!r}")


# Perfect matchings.

Pairs = npt.NDArray[np.int64]


def check_matching(n: int, pairs: Any) -> Pairs:
    """The pairs as a table, if they form a perfect matching of Q_n."""
    size = 1 << (n - 1)
    expect(isinstance(pairs, list) and len(pairs) == size,
           f"a perfect matching of {n} coins has {size} pairs")
    # numpy would read true and false as 1 and 0: only JSON integers are patterns.
    expect(all(isinstance(pair, list) and all(type(p) is int for p in pair) for pair in pairs),
           "every pair must be a list of two patterns (whole numbers)")
    try:
        table = np.array(pairs)
    except ValueError:
        raise Rejected("every pair must be a list of two patterns") from None
    expect(table.shape == (size, 2) and table.dtype.kind in "iu",
           "every pair must be a list of two patterns (whole numbers)")
    table = table.astype(np.int64)
    expect(bool(((table >= 0) & (table < 1 << n)).all()),
           f"every pattern of {n} coins is a whole number from 0 to {(1 << n) - 1}")
    difference = table[:, 0] ^ table[:, 1]
    one_coin = (difference > 0) & (difference & (difference - 1) == 0)
    expect(bool(one_coin.all()), f"the pair {table[np.argmin(one_coin)].tolist()} does not "
                                 "differ in exactly one coin")
    times = np.bincount(table.ravel(), minlength=1 << n)
    expect(bool((times == 1).all()), f"the pattern {int(np.argmax(times != 1))} is in "
                                     f"{int(times[np.argmax(times != 1)])} pairs, not 1")
    return table


def play_matching(n: int, pairs: Pairs) -> None:
    """Play the matching strategy (turn the coin that leads to the partner) against every reply."""
    partner = {int(a): int(b) for a, b in pairs} | {int(b): int(a) for a, b in pairs}

    def to_partner(history: History, seen: Seen, pattern: Pattern) -> int:
        return (pattern ^ partner[pattern]).bit_length() - 1

    check_plays(n, False, "first", to_partner)


# Claims and evidence.

def payload(item: Evidence, field: str, artifacts: Artifacts, bound: Bound, bytes_each: int,
            items_in: Callable[[str], int], values_each: int) -> Any:
    """The evidence's `field`, inline or in the JSON artifact `file`, within `bound`: a file is
    parsed only once its bytes (`bytes_each` an item) and the items `items_in` counts in them
    are within it, so parsing builds at most `values_each` JSON values an item."""
    if field in item:
        return item[field]
    text = artifacts.text(item, bound, bytes_each)
    bound.check(items_in(text), f"the artifact file {item['file']!r}")
    return parse_json(text, f"the artifact file {item['file']!r}", bound, values_each)


def strategy_moves(item: Evidence, artifacts: Artifacts) -> Any:
    """The moves of strategy evidence, at most norepeat.strategy-entries of them."""
    moves = payload(item, "moves", artifacts, STRATEGY_ENTRIES, 256,
                    lambda text: text.count(":"), 1)
    STRATEGY_ENTRIES.check(len(moves), f"the {item['method']} evidence")
    return moves


def check_form(claim: Claim) -> tuple[int, bool]:
    """(n, misère) of a claim once it has its exact form (no evidence read)."""
    expect(claim.kind == "winner", f"norepeat claims are of kind 'winner', not {claim.kind!r}")
    PARAMS.check(claim.params)
    WINNER.check(claim.value, "the winner")
    n, misere = claim.params["n"], claim.params["misere"]
    expect(claim.id == claim_id(n, misere), f"the claim id must be {claim_id(n, misere)!r}")
    expect(claim.statement == statement(n, misere, claim.value),
           "the statement does not say what the claim's params and value say")
    return n, misere


def check_claim(claim: Claim, evidence: list[Evidence], artifacts: Artifacts) -> list[str]:
    """Accept the claim only if every evidence item proves it as stated."""
    n, misere = check_form(claim)
    methods: list[str] = []
    for item in evidence:
        method = method_of(item, ("strategy", "strategy-up-to-symmetry", "matching",
                                  "strategy-dag", "strategy-walk"), "no repeats")
        if method == "strategy-dag":
            method = check_dag(n, misere, claim.value, item, artifacts)
        elif method == "strategy-walk":
            method = check_walk(n, misere, claim.value, item, artifacts)
        elif method == "strategy":
            one_shape(item, *STRATEGY)
            check_strategy(n, misere, claim.value, strategy_moves(item, artifacts))
        elif method == "strategy-up-to-symmetry":
            one_shape(item, *SYMMETRIC)
            check_symmetric_strategy(n, misere, claim.value, strategy_moves(item, artifacts))
        else:
            one_shape(item, *MATCHING)
            expect(not misere and claim.value == "first",
                   "a perfect matching proves only that the first player wins normal play")
            MATCHING_PAIRS.check(1 << (n - 1), f"a perfect matching for {n} coins")
            pairs = payload(item, "pairs", artifacts, MATCHING_PAIRS, 32,
                            lambda text: text.count("[") - 1, 3)
            table = check_matching(n, pairs)
            if n <= MAX_PLAYED_MATCHING_COINS:
                play_matching(n, table)
                method = "matching (played out)"
        methods.append(method)
    return methods
