"""The `coinproofs devil` commands: solve, check, lamping, show, encode (and play, in
`devil_play.py`)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from coinproofs.atomic import write_text_atomically
from coinproofs.cli.common import (
    UserError,
    given_once,
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
from coinproofs.cli.devil_play import register as register_play
from coinproofs.strategy_files import devil_moves, read
from coinproofs.text import plural

FORMATS = ("dimacs", "smt2")  # as encodings.devil_formats names them (imported lazily there)


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
    solve.add_argument("-o", "--out", "--output", dest="output", type=path_name, metavar="FILE",
                       help="also write the strategy to FILE (a JSON list of moves, as "
                            "`devil check N FILE` reads it)")
    add_table_options(solve)
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
    add_table_options(table)
    table.set_defaults(handler=table_command)

    check = sub.add_parser("check", help="check a strategy exactly (every start, every rotation)",
                           description="Check a strategy (a JSON list of moves, each a list of "
                                       "positions, or what `devil solve --json` prints) against "
                                       "every initial state and every rotation. Exit 0 iff "
                                       "it always wins; otherwise print a game it loses "
                                       "(initial coins and the devil's rotations).")
    check.add_argument("n", type=positive_int, metavar="N", help="number of coins")
    check.add_argument("file", type=path_name, metavar="FILE", help=STRATEGY_FILE)
    check.add_argument("--json", action="store_true", help="one JSON document on stdout")
    add_table_options(check)
    check.set_defaults(handler=check_command)

    lamping = sub.add_parser("lamping", help="John Lamping's strategy for N a power of 2",
                             description="Print John Lamping's recursive winning strategy "
                                         "(2^N - 1 moves) for N = 1, 2, 4, 8 or 16.")
    lamping.add_argument("n", type=positive_int, metavar="N", help="number of coins")
    lamping.add_argument("--json", action="store_true", help="one JSON document on stdout")
    lamping.add_argument("-o", "--out", "--output", dest="output", type=path_name,
                         metavar="FILE", help="also write the strategy to FILE (a JSON list "
                                              "of moves)")
    lamping.set_defaults(handler=lamping_command)

    show = sub.add_parser("show", help="how a strategy whittles the belief state down",
                          description="Print, move by move, the belief state (the rotation "
                                      "orbits the player cannot rule out) as in Norvig's "
                                      "table. Without --strategy, the shortest strategy.")
    show.add_argument("n", type=positive_int, metavar="N", help="number of coins")
    show.add_argument("--strategy", type=path_name, metavar="FILE", help=STRATEGY_FILE)
    show.add_argument("--plot", type=path_name, metavar="FILE.png",
                      help="also draw the beliefs as a heat map into this PNG or SVG file "
                           "(N <= 8)")
    add_table_options(show)
    show.set_defaults(handler=show_command)

    explain = sub.add_parser(
        "explain", help="walk a strategy through, in the words of Lamping's recursion",
        description="Explain a strategy phase by phase: pairs of opposite coins, the XOR of the "
                    "two halves, the runs D that play a smaller strategy on both halves and the "
                    "single moves that change the XOR, and what each phase does to the belief; "
                    "then D itself, one level down. N may be left out when FILE says it (what "
                    "`devil solve --json` prints, a certificate); `FILE N`, the older order, "
                    "is read too.")
    explain.add_argument("words", nargs="+", metavar="[N] FILE",
                         help="the number of coins, and the strategy file (" + STRATEGY_FILE
                         + ")")
    add_table_options(explain)
    explain.set_defaults(handler=explain_command)

    encode = sub.add_parser("encode", help="'a winning strategy of length L exists' as SAT/SMT",
                            description="Write the formula 'a winning strategy of L moves "
                                        "exists for N coins' (or for another table of the "
                                        "family, with --states, --group, --goal) in DIMACS CNF "
                                        "or SMT-LIB 2, for outside solvers (docs/encodings.md).")
    encode.add_argument("n", type=positive_int, metavar="N", help="number of coins")
    encode.add_argument("length", type=natural_int, metavar="L", nargs="?",
                        help="number of moves (or --length L; default: the shortest winning "
                             "length, found by breadth-first search, so the formula is "
                             "satisfiable)")
    encode.add_argument("--length", dest="length_option", type=natural_int, metavar="L",
                        help="number of moves, as the positional L")
    encode.add_argument("--format", choices=FORMATS, default=None,
                        help="dimacs (default) or smt2")
    encode.add_argument("--smt", action="store_true", help="SMT-LIB 2: the same as --format smt2")
    encode.add_argument("-o", "--output", "--out", type=path_name, metavar="FILE",
                        help="write here (default: stdout)")
    add_table_options(encode)
    encode.set_defaults(handler=encode_command)

    register_play(sub)

    count = sub.add_parser(
        "count", help="how many shortest winning strategies there are",
        description="Count the shortest winning strategies, as sequences of moves and up to "
                    "the devil's group (move by move, moves that are permutations of each "
                    "other by the group are the same), by exact path counting through the "
                    "breadth-first layers of beliefs (docs/family.md).")
    count.add_argument("n", type=positive_int, metavar="N", help="number of positions")
    count.add_argument("--json", action="store_true", help="one JSON document on stdout")
    add_table_options(count)
    count.set_defaults(handler=count_command)


def write_strategy(path: Path, moves: list[list[int]]) -> None:
    """Write a strategy file (a JSON list of moves) in one step."""
    write_text_atomically(path, json.dumps(moves) + "\n")
    print(f"wrote {path}", file=sys.stderr)


def solve_command(args: argparse.Namespace) -> int:
    # deferred: 36 ms of CPU to load (docs/design.md, "Imports")
    from coinproofs import devil

    options = table_options(args)
    if args.output is not None:
        writable(args.output)
    found = devil.solve(args.n, **options)
    which = f"N={args.n}" if is_coins(options) else describe(args.n, options)
    if args.json:
        print_json(found.as_json())
    elif found.moves is None:
        print(f"{which}: no winning strategy (every reachable belief state was explored).")
    else:
        print(f"{which}: a shortest winning strategy has {plural(len(found.moves), 'move')}:")
        print(json.dumps(found.moves))
    if found.claim is not None and not args.json:
        print(f"certified by the claim {found.claim} (coinproofs prove {found.claim})")
    if args.output is not None:
        if found.moves is None:
            print(f"no strategy to write: {args.output} left alone", file=sys.stderr)
        else:
            write_strategy(args.output, found.moves)
    return 0


def count_command(args: argparse.Namespace) -> int:
    # deferred: 36 ms of CPU to load (docs/design.md, "Imports")
    from coinproofs import devil
    from coinproofs.games.counting import count_paths

    options = table_options(args)
    counts = count_paths(devil.table_of(args.n, **options))
    if args.json:
        print_json({"n": args.n, **devil.family_options(**options), "length": counts.length,
                    "sequences": counts.sequences, "up_to_group": counts.up_to_group})
    elif counts.length is None:
        print(f"{describe(args.n, options)}: no winning strategy, so none to count.")
    else:
        print(f"{describe(args.n, options)}: {counts.sequences:,} shortest winning strategies "
              f"of {plural(counts.length, 'move')} as sequences of moves, "
              f"{counts.up_to_group:,} up to the devil's group.")
    return 0


def table_command(args: argparse.Namespace) -> int:
    # deferred: 36 ms of CPU to load (docs/design.md, "Imports")
    from coinproofs import devil
    from coinproofs.games.devil import describe as words
    from coinproofs.games.devil import group_order

    options = {"states": args.states, "group": args.group, "goal": args.goal}
    rows = devil.table(args.max, **options)
    cyclic = args.group == "cyclic"
    if not cyclic:  # the order of the devil's group, which grows with N
        for row in rows:
            row["group_order"] = group_order(devil.table_of(row["n"], **options))
    if args.json:
        print_json(rows)
        if rows.stopped:  # the document stays the list of rows; the reason goes beside it
            print(f"coinproofs: the table {rows.stopped}", file=sys.stderr)
        return 0
    if not is_coins(options):  # the table in words: N = 1..MAX dials with ...
        shown = len(rows)
        table = words(devil.table_of(shown, **options))
        print(f"N = 1..{shown}{table.removeprefix(str(shown))}")
    order = "" if cyclic else f" {'group':>7}"
    print(f"{'N':>3}{order} {'orbits':>8} {'searched':>8}  shortest winning strategy")
    for row in rows:
        length = "none" if row["length"] is None else plural(row["length"], "move")
        order = "" if cyclic else f" {row['group_order']:>7,}"
        print(f"{row['n']:>3}{order} {row['orbits']:>8,} {row['beliefs_explored']:>8,}  "
              f"{length}")
    if rows.stopped:
        print(f"The table {rows.stopped}.")
    return 0


def check_command(args: argparse.Namespace) -> int:
    # deferred: 36 ms of CPU to load (docs/design.md, "Imports")
    from coinproofs import devil
    from coinproofs.games.devil import over
    from coinproofs.verify.table import STATES, too_many_states

    if over(args.states, args.n, STATES.limit):
        raise UserError(too_many_states(args.n, args.states))
    options = table_options(args)
    moves = devil.notation(read_strategy(args.file, args.n, args.states), args.n, args.states)
    checked = devil.check(moves, args.n, **options)
    if args.json:
        lost = checked.counterexample
        turns = "rotations" if args.group == "cyclic" else "permutations"
        print_json({"n": args.n, **devil.family_options(**options), "length": checked.length,
                    "wins": checked.wins, "counterexample": None if lost is None else {
                        "initial": lost.tails, turns: lost.rotations}})
    else:
        print(checked)
    return 0 if checked.wins else 1


def lamping_command(args: argparse.Namespace) -> int:
    # deferred: 36 ms of CPU to load (docs/design.md, "Imports")
    from coinproofs import devil

    if args.output is not None:
        writable(args.output)
    moves = devil.lamping(args.n)
    if args.json:
        print_json({"n": args.n, "length": len(moves), "moves": moves})
    else:
        print(f"Lamping's strategy for N={args.n} ({plural(len(moves), 'move')}):")
        print(json.dumps(moves))
    if args.output is not None:
        write_strategy(args.output, moves)
    return 0


def show_command(args: argparse.Namespace) -> int:
    # deferred: 36 ms of CPU to load (docs/design.md, "Imports")
    from coinproofs import devil

    if args.plot is not None:  # refuse a picture we cannot draw before doing any work
        # deferred: 454 ms of CPU to load (docs/design.md, "Imports")
        from coinproofs.games.devil import necklaces
        from coinproofs.pictures import MAX_PLOT_N, check_format

        check_format(writable(args.plot))
        if args.n > MAX_PLOT_N:  # (counted only for an N whose count takes no time)
            orbits = f"{necklaces(args.n):,}" if args.n <= 64 else f"about 2^{args.n} / {args.n}"
            raise UserError(f"N = {args.n} has {orbits} rotation orbits, one row each: too "
                            f"large to draw; the limit is N = {MAX_PLOT_N}")
    options = table_options(args)
    if args.strategy is not None:
        moves = devil.notation(read_strategy(args.strategy, args.n, args.states), args.n,
                               args.states)
    else:
        found = devil.solve(args.n, **options)
        if found.moves is None:
            raise UserError(f"no strategy wins for N={args.n}; give one with --strategy FILE "
                            "to see how the devil defeats it")
        moves = found.moves
    beliefs = devil.beliefs(moves, args.n, **options)
    print(beliefs.table())
    if not beliefs.wins:
        left = [label for label in beliefs[-1] if not beliefs.is_goal(label)]
        shown = ", ".join(left[:12]) + (f" and {len(left) - 12:,} more" if len(left) > 12 else "")
        print(f"loses: after the last move the {beliefs.words['pieces']} may still be {shown} "
              f"(up to the devil's {'rotations' if args.group == 'cyclic' else 'group'}), not "
              f"only {beliefs.words['goal']}")
        if args.n <= MAX_CHECKED:
            print(devil.check(moves, args.n, **options))
    if args.plot is not None:
        # deferred: 454 ms of CPU to load (docs/design.md, "Imports")
        from coinproofs.pictures import save

        save(beliefs.figure(), args.plot)
        print(f"wrote {args.plot}", file=sys.stderr)
    return 0 if beliefs.wins else 1


MAX_CHECKED = 20  # the exact check's limit: a losing strategy is shown with a game it loses


def number_and_file(words: list[str], command: str) -> tuple[int | None, Path]:
    """`N FILE`, `FILE` or, the older order, `FILE N`: the number (None if not given) and the
    file."""
    if len(words) > 2:
        raise UserError(f"give N and FILE, e.g. `coinproofs {command} 8 eight.json`, not "
                        f"{' '.join(words)}")
    if len(words) == 1:
        return None, path_name(words[0])
    first, second = words
    number, file = (first, second) if first.isdigit() else (second, first)
    if not number.isdigit() or int(number) < 1:
        raise UserError(f"give the number of coins as a whole number >= 1, e.g. `coinproofs "
                        f"{command} 8 {file}`, not {number!r}")
    return int(number), path_name(file)


def explain_command(args: argparse.Namespace) -> int:
    # deferred: 36 ms of CPU to load (docs/design.md, "Imports")
    from coinproofs import devil

    n, file = number_and_file(args.words, "devil explain")
    try:
        moves, said = devil_moves(read(file), n, args.states)
    except ValueError as error:
        raise UserError(str(error)) from None
    n = n if n is not None else said.get("n")
    if n is None:
        raise UserError(f"{file} lists moves only: give the number of coins, "
                        f"`coinproofs devil explain N {file}`")
    if not isinstance(n, int) or isinstance(n, bool) or n < 1:
        raise UserError(f"{file} does not say how many coins (its 'n' is {n!r}): give the "
                        f"number, `coinproofs devil explain N {file}`")
    args.n = n
    options = table_options(args)
    try:
        strategy = devil.notation(devil.moves_from_json(moves, n, args.states), n, args.states)
    except ValueError as error:
        raise UserError(f"{file}: {error}") from None
    print(devil.explain(strategy, n, **options))
    return 0


def encode_command(args: argparse.Namespace) -> int:
    # deferred: 36 ms of CPU to load (docs/design.md, "Imports")
    from coinproofs import devil

    if args.output is not None:
        writable(args.output)
    if args.smt and args.format not in (None, "smt2"):
        raise UserError(f"--smt asks for SMT-LIB 2, --format {args.format} for another format: "
                        "give one")
    chosen = "smt2" if args.smt else args.format or "dimacs"
    options = table_options(args)
    if args.length is None and args.length_option is None:
        found = devil.solve(args.n, **options)
        if found.length is None:
            raise UserError(f"no strategy wins on {describe(args.n, options)}: give the number "
                            "of moves with --length L")
        length = found.length
    else:
        length = given_once(args.length, args.length_option, "--length", "the number of moves",
                            f"coinproofs devil encode {args.n} --length 3")
    text = devil.encode(args.n, length, chosen, **options)
    if args.output is None:
        print(text, end="")
    else:
        write_text_atomically(args.output, text)
        print(f"wrote {args.output}", file=sys.stderr)
    return 0
