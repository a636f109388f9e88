"""The `coinproofs penny` commands: losing, totals, move (Wythoff's game)."""

from __future__ import annotations

import argparse
import sys
import textwrap
from typing import Any

from coinproofs import penny
from coinproofs.cli.common import (
    UserError,
    given_once,
    natural_int,
    path_name,
    print_json,
    writable,
)
from coinproofs.penny import ROADS
from coinproofs.text import plural


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
    losing.add_argument("m", type=natural_int, nargs="?", metavar="M", help="the largest pile")
    losing.add_argument("--max", type=natural_int, metavar="M", dest="max_option",
                        help="the same as M (the older spelling)")
    losing.add_argument("--by", choices=ROADS, default="rules",
                        help="from the rules alone (default; time grows as M^2), by Wythoff's "
                             "formula (floor(k*phi), floor(k*phi^2)), or by the mex construction")
    losing.add_argument("--json", action="store_true", help="one JSON document on stdout")
    losing.add_argument("--plot", type=path_name, metavar="FILE.png",
                        help="also draw the losing positions and the two golden-ratio lines "
                           "into this PNG or SVG file")
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
    args.max = given_once(args.m, args.max_option, "--max", "the largest pile",
                          "coinproofs penny losing 30")
    if args.by == "rules" and args.max > penny.MAX_BY_RULES:  # said as the command line says it
        raise UserError(f"{args.max:,} is too large for the rules-only scan, whose time grows as "
                        f"M^2: choose at most {penny.MAX_BY_RULES:,}, or --by formula")
    if args.plot is not None:
        # deferred: 413 ms of CPU to load (docs/design.md, "Imports")
        from coinproofs.pictures import check_format

        check_format(writable(args.plot))
    pairs = penny.losing_positions(args.max, args.by)
    if args.plot is not None:
        # deferred: 413 ms of CPU to load (docs/design.md, "Imports")
        from coinproofs.pictures import penny_figure, save

        save(penny_figure(pairs, args.max), args.plot)
        print(f"wrote {args.plot}", file=sys.stderr)
    if args.json:
        print_json({"max": args.max, "by": args.by, "losing": [list(pair) for pair in pairs]})
        return 0
    print(f"{plural(len(pairs), 'losing position')} (x, y), x <= y, with both piles at most "
          f"{args.max:,} (by the {args.by}); each mirror image (y, x) loses too:")
    print(textwrap.fill(" ".join(f"({x}, {y})" for x, y in pairs), width=100,
                        break_on_hyphens=False))
    return 0


def totals_command(args: argparse.Namespace) -> int:
    found = penny.totals(args.lo, args.hi)
    if args.json:
        print_json(found.as_json())
        return 0
    losing, losing_totals, winning = found.losing, found.losing_totals, found.winning_totals
    splits = ", ".join(f"({x}, {y})" for x, y in losing) or "no split"
    print(f"With {args.lo}..{args.hi} pennies the first player loses only from {splits} "
          f"(totals: {', '.join(map(str, losing_totals)) or 'none'}).")
    print(f"Totals that guarantee the first player a win however they are split: "
          f"{', '.join(map(str, winning)) or 'none'}.")
    return 0


def move_command(args: argparse.Namespace) -> int:
    moves = penny.winning_moves(args.a, args.b)
    if args.json:
        print_json({"position": [args.a, args.b], "losing": not moves,
                    "moves": [{"take": list(move.take), "to": list(move.to)} for move in moves]})
        return 0
    if args.a == args.b == 0:
        print("(0, 0) is a losing position: the opponent took the last penny.")
        return 0
    if not moves:
        print(f"({args.a}, {args.b}) is a losing position: every move leaves the opponent a "
              f"winning one.")
        return 0
    print(f"From ({args.a}, {args.b}) the winning moves are:")
    for move in moves:
        print(f"  {move}")
    return 0
