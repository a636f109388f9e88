"""`coinproofs devil play`: a strategy against a devil who rotates at random (evidence from
random play, not a proof)."""

from __future__ import annotations

import argparse
import secrets
import sys
from pathlib import Path
from typing import Any

from coinproofs.cli.common import UserError, natural_int, positive_int, print_json, writable

NOT_A_PROOF = ("evidence from random play, not a proof: `coinproofs devil check` or "
               "`coinproofs prove` prove it")

# Up to this many move numbers the table has one line each; beyond, several to a line.
TALL_TABLE = 20


def register(devil_commands: Any) -> None:
    """Add `play` to the `devil` command group."""
    play = devil_commands.add_parser(
        "play", help="play a strategy against a devil who rotates at random (evidence only)",
        description="Play a strategy against a devil who turns the table at random before every "
                    "flip, K games from each of the 2^N starts, and count after how many moves "
                    "the coins first showed all heads (Norvig's check of his 15-move strategy: "
                    "about 1000 wins at each move count 0..15). This is evidence, not a proof: "
                    "the real devil picks the worst rotation, not a random one. Without "
                    "--strategy, the shortest winning strategy (N <= 12), or Lamping's for N = 16 "
                    "(with --random-starts).")
    play.add_argument("n", type=positive_int, metavar="N", help="number of coins")
    play.add_argument("--strategy", type=Path, metavar="FILE", help="JSON strategy file")
    play.add_argument("--games", type=positive_int, default=1000, metavar="K",
                      help="games from each of the 2^N initial states (default 1000)")
    play.add_argument("--seed", type=natural_int, metavar="S",
                      help="seed of the random devil, to repeat a run (default: a fresh one, "
                           "which is printed)")
    play.add_argument("--plot", type=Path, metavar="FILE.png",
                      help="also draw the counts as a bar chart into this PNG file")
    play.add_argument("--random-starts", action="store_true",
                      help="play K games in all, each from a start drawn at random, instead of "
                           "K from every start (for large N, e.g. Lamping's 65,535 moves for 16)")
    play.add_argument("--json", action="store_true", help="one JSON document on stdout")
    play.set_defaults(handler=play_command)


def play_command(args: argparse.Namespace) -> int:
    from coinproofs.games.random_devil import MAX_N, histogram

    if args.n > MAX_N:
        raise UserError(f"random play handles at most {MAX_N} coins, not {args.n}")
    if args.plot is not None:
        from coinproofs.pictures import check_png

        check_png(writable(args.plot))  # before the games, not after them
    if args.strategy is not None:
        from coinproofs.cli.devil import read_strategy

        strategy = read_strategy(args.strategy, args.n)
    else:
        strategy = default_strategy(args.n)
    seed = secrets.randbits(32) if args.seed is None else args.seed
    counts = histogram(strategy, args.n, args.games, seed, args.random_starts)
    wins = [counts[number] for number in range(len(strategy) + 1)]
    if args.json:
        print_json({"n": args.n, "length": len(strategy), "games": args.games, "seed": seed,
                    "random_starts": args.random_starts,
                    "wins_at_move": {str(number): won for number, won in enumerate(wins)},
                    "lost": counts[None]})
    else:
        starts = ("each from a random start" if args.random_starts
                  else f"from each of the {1 << args.n:,} starts")
        print(f"N={args.n}: a {len(strategy)}-move strategy against a devil who rotates at "
              f"random, {args.games:,} games {starts} (seed {seed})")
        print(table(wins))
        print(f"lost: {counts[None]:,} of {sum(counts.values()):,} games")
        print(NOT_A_PROOF)
    if args.plot is not None:
        from coinproofs.pictures import plot_histogram

        plot_histogram(counts, args.n, args.games, args.plot, args.random_starts, len(strategy))
        if not args.json:
            print(f"wrote {args.plot}", file=sys.stderr)
    return 0


def default_strategy(n: int) -> list[int]:
    """The shortest winning strategy (breadth-first search: N <= 12), or Lamping's for 16."""
    from coinproofs.games.devil import MAX_SEARCH_N, is_power_of_two, lamping, shortest_strategy

    if n > MAX_SEARCH_N and is_power_of_two(n):
        return lamping(n)
    found = shortest_strategy(n)
    if found is None:
        raise UserError(f"no strategy wins for N={n}; give one with --strategy FILE to see "
                        "how it fares against a random devil")
    return found


LONG_STRATEGY = 300  # beyond this many moves the table lists only the move numbers that won


def table(wins: list[int]) -> str:
    """The wins at each move number as a table: one line each, or several to a line when
    there are many.

    >>> print(table([3, 0, 12]))
    moves   wins
        0      3
        1      0
        2     12
    """
    cells = [f"{number:>5} {won:>6,}" for number, won in enumerate(wins)
             if won or len(wins) <= LONG_STRATEGY]  # long strategies: only the moves that won
    per_line = 1 if len(cells) <= TALL_TABLE else 6
    heading = "   ".join(["moves   wins"] * min(per_line, len(cells)))
    lines = ["   ".join(cells[i:i + per_line]) for i in range(0, len(cells), per_line)]
    return "\n".join([heading, *lines])

