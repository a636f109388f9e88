"""The `coinproofs devil` commands: solve, check, lamping, show, encode (and play, in
`devil_play.py`)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from coinproofs.cli.common import (
    UserError,
    load_json,
    natural_int,
    positive_int,
    print_json,
    writable,
)


def register(commands: Any) -> None:
    devil = commands.add_parser(
        "devil", help="the devil's coin flip (blindfolded player, rotating table)",
        description="N coins on a round table; the blindfolded player names positions to flip; "
                    "the devil rotates the table before every flip. A strategy wins if all "
                    "coins show heads by its last move, whatever the start and the rotations. "
                    "Moves are written as lists of positions 0..N-1, e.g. [[0,1,2,3],[0,2]].")
    sub = devil.add_subparsers(dest="devil_command", metavar="COMMAND", required=True)

    solve = sub.add_parser("solve", help="shortest winning strategy by breadth-first search",
                           description="Find a shortest winning strategy for N coins by "
                                       "breadth-first search over belief states, or report "
                                       "that none exists.")
    solve.add_argument("n", type=positive_int, metavar="N", help="number of coins")
    solve.add_argument("--json", action="store_true", help="one JSON document on stdout")
    solve.set_defaults(handler=solve_command)

    table = sub.add_parser("table", help="Norvig's results for N = 1..8 in one table",
                           description="For N = 1..MAX: the number of rotation orbits, the "
                                       "number of belief states breadth-first search examined "
                                       "(before it reached the goal, or all it can reach when "
                                       "there is none), and the length of a shortest winning "
                                       "strategy (or none).")
    table.add_argument("--max", type=positive_int, default=8, metavar="MAX",
                       help="the largest N (default 8; at most 12)")
    table.add_argument("--json", action="store_true", help="one JSON document on stdout")
    table.set_defaults(handler=table_command)

    check = sub.add_parser("check", help="check a strategy exactly (every start, every rotation)",
                           description="Check a strategy (a JSON list of moves, each a list of "
                                       "positions) against every initial state and every "
                                       "rotation. Exit 0 iff it always wins; otherwise print a "
                                       "game it loses (initial coins and the devil's rotations).")
    check.add_argument("n", type=positive_int, metavar="N", help="number of coins")
    check.add_argument("file", type=Path, metavar="FILE", help="JSON strategy file")
    check.add_argument("--json", action="store_true", help="one JSON document on stdout")
    check.set_defaults(handler=check_command)

    lamping = sub.add_parser("lamping", help="John Lamping's strategy for N a power of 2",
                             description="Print John Lamping's recursive winning strategy "
                                         "(2^N - 1 moves) for N = 1, 2, 4, 8 or 16.")
    lamping.add_argument("n", type=positive_int, metavar="N", help="number of coins")
    lamping.add_argument("--json", action="store_true", help="one JSON document on stdout")
    lamping.set_defaults(handler=lamping_command)

    show = sub.add_parser("show", help="how a strategy whittles the belief state down",
                          description="Print, move by move, the belief state (the rotation "
                                      "orbits the player cannot rule out) as in Norvig's "
                                      "table. Without --strategy, the shortest strategy.")
    show.add_argument("n", type=positive_int, metavar="N", help="number of coins")
    show.add_argument("--strategy", type=Path, metavar="FILE", help="JSON strategy file")
    show.add_argument("--plot", type=Path, metavar="FILE.png",
                      help="also draw the beliefs as a heat map into this PNG file")
    show.set_defaults(handler=show_command)

    encode = sub.add_parser("encode", help="'a winning strategy of length L exists' as SAT/SMT",
                            description="Write the formula 'a winning strategy of L moves "
                                        "exists for N coins' in DIMACS CNF or SMT-LIB 2, for "
                                        "outside solvers.")
    encode.add_argument("n", type=positive_int, metavar="N", help="number of coins")
    encode.add_argument("length", type=natural_int, metavar="L", help="number of moves")
    encode.add_argument("--format", choices=("dimacs", "smt2"), default="dimacs")
    encode.add_argument("-o", "--output", type=Path, metavar="FILE",
                        help="write here (default: stdout)")
    encode.set_defaults(handler=encode_command)

    from coinproofs.cli import devil_play

    devil_play.register(sub)


def notation(moves: list[int]) -> list[list[int]]:
    """Moves in Norvig's notation: each a list of positions."""
    from coinproofs.games.devil import positions

    return [positions(move) for move in moves]


def read_strategy(path: Path, n: int) -> list[int]:
    """The strategy in a JSON file (a list of position lists), as move bitmasks."""
    raw = load_json(path)
    if not isinstance(raw, list) or not all(isinstance(move, list) for move in raw):
        raise UserError(f"{path} must hold a JSON list of moves, each a list of positions, "
                        "e.g. [[0,1,2,3],[0,2]]")
    strategy = []
    for i, move in enumerate(raw, 1):
        if not all(isinstance(p, int) and not isinstance(p, bool) for p in move):
            raise UserError(f"move {i} in {path} must list whole-number positions")
        bad = [p for p in move if not 0 <= p < n]
        if bad:
            raise UserError(f"move {i} in {path} names position {bad[0]}, outside 0..{n - 1} "
                            f"for {n} coins")
        if len(set(move)) < len(move):
            raise UserError(f"move {i} in {path} names a position twice")
        strategy.append(sum(1 << p for p in move))
    return strategy


def solve_command(args: argparse.Namespace) -> int:
    from coinproofs.games.devil import search

    result = search(args.n)
    moves = result.strategy
    if args.json:
        print_json({"n": args.n, "length": None if moves is None else len(moves),
                    "moves": None if moves is None else notation(moves),
                    "beliefs_explored": sum(len(layer) for layer in result.layers)})
    elif moves is None:
        print(f"N={args.n}: no winning strategy (every reachable belief state was explored).")
    else:
        print(f"N={args.n}: a shortest winning strategy has {len(moves)} moves:")
        print(json.dumps(notation(moves)))
    return 0


def table_command(args: argparse.Namespace) -> int:
    from coinproofs.games.devil import orbits, search

    rows = []
    for n in range(1, args.max + 1):
        result = search(n)
        rows.append({"n": n, "orbits": len(orbits(n)),
                     "beliefs_explored": sum(len(layer) for layer in result.layers),
                     "length": None if result.strategy is None else len(result.strategy)})
    if args.json:
        print_json(rows)
        return 0
    print(f"{'N':>3} {'orbits':>8} {'searched':>8}  shortest winning strategy")
    for row in rows:
        length = {None: "none", 1: "1 move"}.get(row["length"], f"{row['length']} moves")
        print(f"{row['n']:>3} {row['orbits']:>8} {row['beliefs_explored']:>8}  {length}")
    return 0


def check_command(args: argparse.Namespace) -> int:
    from coinproofs.games.devil import positions
    from coinproofs.verify.devil import MAX_SIMULATION_N, simulate

    if args.n > MAX_SIMULATION_N:
        raise UserError(f"the exact check handles at most {MAX_SIMULATION_N} coins "
                        f"(it keeps one bit for each of the 2^N states)")
    strategy = read_strategy(args.file, args.n)
    counterexample = simulate(strategy, args.n)
    if args.json:
        print_json({"n": args.n, "length": len(strategy), "wins": counterexample is None,
                    "counterexample": None if counterexample is None else {
                        "initial": positions(counterexample.initial),
                        "rotations": counterexample.rotations}})
    elif counterexample is None:
        print(f"wins: this {len(strategy)}-move strategy reaches all heads for every start and "
              "every rotation")
    else:
        from coinproofs.games.devil import coins_text

        print(f"loses: starting from {coins_text(counterexample.initial, args.n)} (tails at "
              f"{positions(counterexample.initial)}), the devil rotates by "
              f"{counterexample.rotations} and all heads is never reached")
    return 0 if counterexample is None else 1


def lamping_command(args: argparse.Namespace) -> int:
    from coinproofs.games.devil import lamping

    moves = lamping(args.n)
    if args.json:
        print_json({"n": args.n, "length": len(moves), "moves": notation(moves)})
    else:
        print(f"Lamping's strategy for N={args.n} ({len(moves)} moves):")
        print(json.dumps(notation(moves)))
    return 0


def show_command(args: argparse.Namespace) -> int:
    from coinproofs.games.devil import (
        beliefs_along,
        coins_text,
        orbit,
        orbits,
        shortest_strategy,
    )

    if args.plot is not None:  # refuse a picture we cannot draw before doing any work
        from coinproofs.games.devil import necklaces
        from coinproofs.pictures import MAX_PLOT_N, check_png

        check_png(writable(args.plot))
        if args.n > MAX_PLOT_N:
            raise UserError(f"N = {args.n} has {necklaces(args.n):,} rotation orbits, one row "
                            f"each: too large to draw; the limit is N = {MAX_PLOT_N}")
    if args.strategy is not None:
        moves = read_strategy(args.strategy, args.n)
    else:
        found = shortest_strategy(args.n)
        if found is None:
            raise UserError(f"no strategy wins for N={args.n}; give one with --strategy FILE "
                            "to see how the devil defeats it")
        moves = found
    labels = [min(coins_text(s, args.n) for s in orbit(least, args.n))
              for least in orbits(args.n)]
    beliefs = beliefs_along(moves, args.n)
    width = max(len("Flips"), args.n)
    print(f"{'Move':>4} | {'Flips':<{width}} | Belief state")
    print(f"{'-' * 4}-+-{'-' * width}-+-{'-' * 13}")
    for i, belief in enumerate(beliefs):
        flips = "" if i == 0 else "".join(str(p % 10) if moves[i - 1] >> p & 1 else " "
                                          for p in range(args.n))
        shown = " ".join(label if belief >> j & 1 else " " * len(label)
                         for j, label in enumerate(labels))
        print(f"{i:>4} | {flips:<{width}} | {shown.rstrip()}")
    if args.plot is not None:
        from coinproofs.pictures import plot_beliefs

        plot_beliefs(args.n, moves, beliefs, labels, args.plot)
        print(f"wrote {args.plot}", file=sys.stderr)
    return 0


def encode_command(args: argparse.Namespace) -> int:
    from coinproofs.encodings.devil_sat import encode

    if args.output is not None:
        writable(args.output)
    text = encode(args.n, args.length, args.format)
    if args.output is None:
        print(text, end="")
    else:
        from coinproofs.atomic import write_text_atomically

        write_text_atomically(args.output, text)
        print(f"wrote {args.output}", file=sys.stderr)
    return 0
