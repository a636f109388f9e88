"""`coinproofs devil play`: a strategy against a devil who rotates at random (evidence from
random play, not a proof), on any table of the family (--states, --group, --goal)."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from coinproofs.cli.common import (
    UserError,
    natural_int,
    path_name,
    positive_int,
    print_json,
    writable,
)
from coinproofs.cli.devil_common import (
    STRATEGY_FILE,
    add_table_options,
    describe,
    is_coins,
    read_strategy,
    table_options,
)
from coinproofs.text import plural

NOT_A_PROOF = ("evidence from random play, not a proof: `coinproofs devil check` or "
               "`coinproofs prove` prove it")

# Up to this many move numbers the table has one line each; beyond, lines sum ranges of them.
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
                    "(with --random-starts). With --states, --group or --goal, on another table "
                    "of the family, against a devil who applies a random permutation of the "
                    "group before every move.")
    play.add_argument("n", type=positive_int, metavar="N", help="number of coins")
    play.add_argument("--strategy", type=path_name, metavar="FILE", help=STRATEGY_FILE)
    play.add_argument("--games", type=positive_int, default=1000, metavar="K",
                      help="games from each of the 2^N initial states (default 1000)")
    play.add_argument("--seed", type=natural_int, metavar="S",
                      help="seed of the random devil, to repeat a run (default: a fresh one, "
                           "which is printed)")
    play.add_argument("--plot", type=path_name, metavar="FILE.png",
                      help="also draw the counts, with the expected ones, as a bar chart into "
                           "this PNG or SVG file")
    play.add_argument("--random-starts", action="store_true",
                      help="play K games in all, each from a start drawn at random, instead of "
                           "K from every start (for large N, e.g. Lamping's 65,535 moves for 16)")
    play.add_argument("--json", action="store_true", help="one JSON document on stdout")
    add_table_options(play)
    play.set_defaults(handler=play_command)


def play_command(args: argparse.Namespace) -> int:
    # deferred: 36 ms of CPU to load (docs/design.md, "Imports")
    from coinproofs import devil
    from coinproofs.games.random_devil import MAX_N

    if args.n > MAX_N:
        raise UserError(f"random play handles at most {MAX_N} coins, not {args.n}")
    options = table_options(args)
    if args.plot is not None:
        # deferred: 469 ms of CPU to load (docs/design.md, "Imports")
        from coinproofs.pictures import check_format

        check_format(writable(args.plot))  # before the games, not after them
    if args.strategy is not None:

        moves = devil.notation(read_strategy(args.strategy, args.n, args.states), args.n,
                               args.states)
    else:
        moves = default_strategy(args.n, options)
    played = devil.play(moves, args.n, args.games, args.seed, args.random_starts, **options)
    wins = [played.counts[number] for number in range(played.length + 1)]
    if args.json:
        print_json({"n": args.n, **devil.family_options(**options), "length": played.length,
                    "games": args.games,
                    "seed": played.seed, "random_starts": args.random_starts,
                    "wins_at_move": {str(number): won for number, won in enumerate(wins)},
                    "lost": played.lost,
                    "expected_at_move": None if played.expected is None else {
                        str(number): round(value, 3)
                        for number, value in enumerate(played.expected)}})
    else:
        starts = ("each from a random start" if args.random_starts
                  else f"from each of the {played.starts:,} starts")
        which, turns = ((f"N={args.n}", "rotates") if is_coins(options)
                        else (describe(args.n, options), "permutes"))
        print(f"{which}: a {played.length:,}-move strategy against a devil who {turns} at "
              f"random, {plural(args.games, 'game')} {starts} (seed {played.seed})")
        print(table(wins, played.expected))
        print(f"lost: {played.lost:,} of {plural(played.played, 'game')}")
        print(NOT_A_PROOF)
    if args.plot is not None:
        # deferred: 469 ms of CPU to load (docs/design.md, "Imports")
        from coinproofs.pictures import save

        save(played.figure(), args.plot)
        if not args.json:
            print(f"wrote {args.plot}", file=sys.stderr)
    return 0


def default_strategy(n: int, options: dict[str, Any] | None = None) -> list[list[int]]:
    """The shortest winning strategy (breadth-first search: N <= 12), or Lamping's for 16
    coins; on another table of the family (options), its shortest winning strategy."""
    # deferred: 36 ms of CPU to load (docs/design.md, "Imports")
    from coinproofs import devil
    from coinproofs.games.devil import MAX_SEARCH_N, is_power_of_two

    options = options or {"states": 2, "group": "cyclic", "goal": "zero"}
    if is_coins(options) and n > MAX_SEARCH_N and is_power_of_two(n):
        return devil.lamping(n)
    found = devil.solve(n, **options)
    if found.moves is None:
        which = f"N={n}" if is_coins(options) else describe(n, options)
        raise UserError(f"no strategy wins for {which}; give one with --strategy FILE to see "
                        "how it fares against a random devil")
    return found.moves


GROUPS = 16  # a long strategy's table sums its move numbers into this many ranges


def table(wins: list[int], expected: list[float] | None = None) -> str:
    """The wins at each move number as a table, with the expected count when it is known;
    beyond TALL_TABLE move numbers, summed over GROUPS ranges of move numbers.

    >>> print(table([3, 0, 12]))
    moves   wins
        0      3
        1      0
        2     12
    >>> print(table([1] * 64, [1.0] * 64).splitlines()[:3])
    ['moves   wins  expected', '0-3        4       4.0', '4-7        4       4.0']
    """
    size = 1 if len(wins) <= TALL_TABLE else -(-len(wins) // GROUPS)
    starts = range(0, len(wins), size)
    labels = [f"{start:>5,}" if size == 1 else f"{start:,}-{min(start + size, len(wins)) - 1:,}"
              for start in starts]
    width = max(5, *map(len, labels))
    heading = f"{'moves':<{width}} {'wins':>6}" + ("" if expected is None else "  expected")
    rows = []
    for label, start in zip(labels, starts, strict=True):
        row = f"{label:<{width}} {sum(wins[start:start + size]):>6,}"
        if expected is not None:
            row += f" {sum(expected[start:start + size]):>9,.1f}"
        rows.append(row)
    return "\n".join([heading, *rows])
