"""The `coinproofs penny` commands: losing, totals, move (Wythoff's game)."""

from __future__ import annotations

import argparse
import sys
import textwrap
from pathlib import Path
from typing import Any

from coinproofs.cli.common import UserError, natural_int, print_json, writable

# The rules-only scan takes time proportional to M^2 (half a second at M = 30,000); the
# formula and the mex construction take memory proportional to M.
MAX_BY_RULES = 100_000
MAX_LISTED = 1_000_000
MAX_TOTALS = 1_000_000  # totals LO..HI are listed one by one

ROADS = ("rules", "formula", "mex")


def register(commands: Any) -> None:
    """Add the `penny` command group to the parser."""
    penny = commands.add_parser(
        "penny", help="the penny game (Wythoff's game): two piles, take from one or both",
        description="Two piles of pennies; a move takes k >= 1 pennies from one pile, or k from "
                    "both; whoever takes the last penny wins. A position (x, y) is losing when "
                    "every move leaves the opponent a winning one.")
    sub = penny.add_subparsers(dest="penny_command", metavar="COMMAND", required=True)

    losing = sub.add_parser("losing", help="the losing positions with both piles <= M",
                            description="List the losing positions (x, y), x <= y, with both "
                                        "piles at most M (each mirror image (y, x) loses too).")
    losing.add_argument("--max", type=natural_int, required=True, metavar="M",
                        help="the largest pile")
    losing.add_argument("--by", choices=ROADS, default="rules",
                        help="from the rules alone (default; time grows as M^2), by Wythoff's "
                             "formula (floor(k*phi), floor(k*phi^2)), or by the mex construction")
    losing.add_argument("--json", action="store_true", help="one JSON document on stdout")
    losing.add_argument("--plot", type=Path, metavar="FILE.png",
                        help="also draw the losing positions and the two golden-ratio lines")
    losing.set_defaults(handler=losing_command)

    totals = sub.add_parser("totals", help="which totals of pennies admit a losing split",
                            description="For every total of pennies in LO..HI: the splits into "
                                        "two piles from which the first player loses, and the "
                                        "totals that guarantee the first player a win however "
                                        "they are split (the Riddler of 24 Jan 2020: 20..30).")
    totals.add_argument("lo", type=natural_int, metavar="LO", help="the smallest total")
    totals.add_argument("hi", type=natural_int, metavar="HI", help="the largest total")
    totals.add_argument("--json", action="store_true", help="one JSON document on stdout")
    totals.set_defaults(handler=totals_command)

    move = sub.add_parser("move", help="the winning moves from (A, B), if any",
                          description="Every move from piles (A, B) that leaves the opponent a "
                                      "losing position, or a statement that (A, B) is losing.")
    move.add_argument("a", type=natural_int, metavar="A", help="pennies in the first pile")
    move.add_argument("b", type=natural_int, metavar="B", help="pennies in the second pile")
    move.add_argument("--json", action="store_true", help="one JSON document on stdout")
    move.set_defaults(handler=move_command)


def losing_command(args: argparse.Namespace) -> int:
    from coinproofs.games import penny

    if args.by == "rules" and args.max > MAX_BY_RULES:
        raise UserError(f"--max {args.max:,} is too large for the rules-only scan, whose time "
                        f"grows as M^2: choose at most {MAX_BY_RULES:,} (or --by formula)")
    if args.max > MAX_LISTED:
        raise UserError(f"--max {args.max:,} is too large: its losing positions would not fit "
                        f"in memory; choose at most {MAX_LISTED:,}")
    if args.plot is not None:
        from coinproofs.pictures import check_png

        check_png(writable(args.plot))
    find = {"rules": penny.losing_by_rules, "formula": penny.losing_by_formula,
            "mex": penny.losing_by_mex}[args.by]
    pairs = find(args.max)
    if args.plot is not None:
        from coinproofs.pictures import plot_penny

        plot_penny(pairs, args.max, args.plot)
        print(f"wrote {args.plot}", file=sys.stderr)
    if args.json:
        print_json({"max": args.max, "by": args.by, "losing": [list(pair) for pair in pairs]})
        return 0
    count = "1 losing position" if len(pairs) == 1 else f"{len(pairs):,} losing positions"
    print(f"{count} (x, y), x <= y, with both piles at most "
          f"{args.max:,} (by the {args.by}); each mirror image (y, x) loses too:")
    print(textwrap.fill(" ".join(f"({x}, {y})" for x, y in pairs), width=100,
                        break_on_hyphens=False))
    return 0


def totals_command(args: argparse.Namespace) -> int:
    from coinproofs.games import penny

    if args.lo > args.hi:
        raise UserError(f"LO ({args.lo}) must not exceed HI ({args.hi})")
    if args.hi - args.lo >= MAX_TOTALS:
        raise UserError(f"LO..HI spans {args.hi - args.lo + 1:,} totals; choose a range of at "
                        f"most {MAX_TOTALS:,}")
    losing = penny.losing_splits(args.lo, args.hi)
    losing_totals = sorted({x + y for x, y in losing})
    winning = sorted(set(range(args.lo, args.hi + 1)) - set(losing_totals))
    if args.json:
        print_json({"lo": args.lo, "hi": args.hi, "losing": [list(pair) for pair in losing],
                    "losing_totals": losing_totals, "winning_totals": winning})
        return 0
    splits = ", ".join(f"({x}, {y})" for x, y in losing) or "no split"
    print(f"With {args.lo}..{args.hi} pennies the first player loses only from {splits} "
          f"(totals: {', '.join(map(str, losing_totals)) or 'none'}).")
    print(f"Totals that guarantee the first player a win however they are split: "
          f"{', '.join(map(str, winning)) or 'none'}.")
    return 0


def move_command(args: argparse.Namespace) -> int:
    from coinproofs.games import penny

    moves = penny.winning_moves(args.a, args.b)
    if args.json:
        print_json({"position": [args.a, args.b], "losing": not moves,
                    "moves": [{"take": [args.a - x, args.b - y], "to": [x, y]}
                              for x, y in moves]})
        return 0
    if args.a == args.b == 0:
        print("(0, 0) is a losing position: the opponent took the last penny.")
        return 0
    if not moves:
        print(f"({args.a}, {args.b}) is a losing position: every move leaves the opponent a "
              f"winning one.")
        return 0
    print(f"From ({args.a}, {args.b}) the winning moves are:")
    for x, y in moves:
        print(f"  {describe(args.a - x, args.b - y)} -> ({x}, {y})")
    return 0


def describe(first: int, second: int) -> str:
    """A move in words, from the pennies it takes from each pile."""
    if first and second:
        return f"take {first} from both piles"
    if first:
        return f"take {first} from the first pile"
    return f"take {second} from the second pile"
