"""Benchmark: how fast the penny game's losing positions come out of the rules alone.

Run as `.venv/bin/python bench/bench_penny.py [--max M] [--blog-max B]`. Prints positions per
second of the rules-only scan (coinproofs.games.penny) at M = 10,000 (10^8 positions; target
under 10 s), of the kernel's check of its answer, of the formula and the mex construction, and
the ratio against the blog's memoised recursion (re-implemented below) at a size it can reach,
measured in the same run.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import namedtuple
from collections.abc import Callable, Iterator
from itertools import chain
from typing import Any

from coinproofs.games.penny import losing_by_formula, losing_by_mex, losing_by_rules
from coinproofs.verify.penny import check_losing_set


class GameState(namedtuple("GameState", "a b")):
    """The blog's method: a state (a, b) equal to (b, a), valued 1 (win) or -1 (loss) for the
    player to move by a recursion over every move, memoised in a class-wide dictionary."""

    _cache: dict[Any, int] = {}  # noqa: RUF012 (the blog's class-wide memo, on purpose)

    def __hash__(self) -> int:
        return hash((min(self), max(self)))

    def __eq__(self, other: object) -> bool:
        return hash(self) == hash(other)

    def __sub__(self, move: tuple[int, int]) -> GameState:
        return GameState(self.a - move[0], self.b - move[1])

    def available_moves(self) -> Iterator[tuple[int, int]]:
        """Take x from pile a, x from pile b, or x from both."""
        return chain(((x, 0) for x in range(1, self.a + 1)),
                     ((0, x) for x in range(1, self.b + 1)),
                     ((x, x) for x in range(1, min(self) + 1)))

    def expected_value(self) -> int:
        """1 if the player to move wins, -1 if not: the best over all moves of minus the value
        the opponent then faces."""
        if self not in self._cache:
            if self.a == self.b == 0:
                self._cache[self] = -1
            else:
                self._cache[self] = max(-(self - move).expected_value()
                                        for move in self.available_moves())
        return self._cache[self]

    @classmethod
    def losing_states(cls, max_coins: int) -> list[GameState]:
        """Fill the memo from (max_coins, max_coins) down; list the losing states in it."""
        GameState(max_coins, max_coins).expected_value()
        return [state for state, value in cls._cache.items() if value == -1]


def blog_losing(max_pile: int) -> list[tuple[int, int]]:
    """The losing positions (x <= y) with both piles <= max_pile, by the blog's method."""
    GameState._cache = {}
    states = GameState.losing_states(max_pile)
    return sorted((min(state), max(state)) for state in states)


def timed(function: Callable[[], Any]) -> tuple[Any, float]:
    start = time.perf_counter()
    result = function()
    return result, time.perf_counter() - start


def row(method: str, max_pile: int, seconds: float, visits: bool = True) -> str:
    """A table row; `visits` says whether the method decides every position one by one."""
    positions = (max_pile + 1) ** 2
    rate = f"{positions / seconds:>13,.0f}" if visits else f"{'-':>13}"
    return f"| {method:<32} | {max_pile:>7,} | {positions:>13,} | {seconds:>9.4f} | {rate} |"


def main() -> int:
    options = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    options.add_argument("--max", type=int, default=10_000, help="square side (default 10,000)")
    options.add_argument("--blog-max", type=int, default=120,
                         help="square side for the blog's recursion (default 120; its time "
                              "grows as M^3: about 8 s at 150, 70 s at 300)")
    options.add_argument("--quick", action="store_true",
                         help="a shorter run: the blog's recursion at M = 60")
    args = options.parse_args()
    if args.quick:
        args.blog_max = 60
    sys.setrecursionlimit(100_000)  # the blog's recursion goes about 2 * blog-max levels deep

    blog, blog_seconds = timed(lambda: blog_losing(args.blog_max))
    small, small_seconds = timed(lambda: losing_by_rules(args.blog_max))
    assert blog == small, "the blog's method and the rules-only scan disagree"
    pairs, rules_seconds = timed(lambda: losing_by_rules(args.max))
    _, check_seconds = timed(lambda: check_losing_set(pairs, args.max))
    formula, formula_seconds = timed(lambda: losing_by_formula(args.max))
    mex, mex_seconds = timed(lambda: losing_by_mex(args.max))
    assert pairs == formula == mex, "the three roads disagree"

    print(f"| {'method':<32} | {'M':>7} | {'positions':>13} | {'seconds':>9} "
          f"| {'positions/s':>13} |")
    print(f"|{'-' * 34}|{'-' * 9}:|{'-' * 14}:|{'-' * 10}:|{'-' * 14}:|")
    print(row("blog's memoised recursion", args.blog_max, blog_seconds))
    print(row("rules-only scan (numpy)", args.blog_max, small_seconds))
    print(row("rules-only scan (numpy)", args.max, rules_seconds))
    print(row("kernel's check of that answer", args.max, check_seconds))
    print(row("formula (exact integers)", args.max, formula_seconds, visits=False))
    print(row("mex construction", args.max, mex_seconds, visits=False))
    print(f"\nrules-only scan vs the blog's method at M = {args.blog_max}: "
          f"{blog_seconds / small_seconds:,.0f} times faster; at M = {args.max:,}: "
          f"{(args.max + 1) ** 2 / rules_seconds:,.0f} positions/s "
          f"({'meets' if rules_seconds < 10 else 'misses'} the 10 s target: "
          f"{rules_seconds:.2f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
