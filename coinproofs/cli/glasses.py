"""The `coinproofs glasses` commands: solve, check, show, play (Gardner's glasses with hands)."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from coinproofs.atomic import write_text_atomically
from coinproofs.cli.common import (
    UserError,
    natural_int,
    path_name,
    positive_int,
    print_json,
    writable,
)
from coinproofs.strategy_files import glasses_tree, read
from coinproofs.text import plural

if TYPE_CHECKING:
    from coinproofs.games.glasses import Solution

RULES = ("N glasses stand on a rotating tray at positions 0..N-1, each up (U) or down (D). "
         "The blindfolded player has K hands: each turn it names K positions, feels how those "
         "glasses stand, and turns over any of them, chosen from what it felt; then the devil "
         "turns the tray by any rotation. The player wins the moment all glasses stand the "
         "same way. Strategies are trees in JSON (docs/glasses.md).")


STRATEGY_FILE = ("a strategy: a JSON tree (glasses solve -o), what glasses solve --json prints, "
                 "or a certificate; - reads standard input")


def register(commands: Any) -> None:
    group = commands.add_parser("glasses", help="Gardner's four glasses puzzle with K hands",
                                description=RULES)
    sub = group.add_subparsers(dest="glasses_command", metavar="COMMAND", required=True)

    solve = sub.add_parser(
        "solve", help="the shortest worst-case number of turns, and a strategy",
        description="Find, by AND-OR search over beliefs, the shortest worst-case number of "
                    "turns and a strategy that achieves it, or show the devil's invariant when "
                    "no strategy wins. --within T looks for any strategy of at most T turns "
                    "instead (much faster where the shortest is hard to prove, e.g. 8 glasses "
                    "and 4 hands).")
    _game(solve)
    solve.add_argument("--within", type=natural_int, metavar="T",
                       help="any strategy of at most T turns, not necessarily the shortest")
    solve.add_argument("-o", "--out", dest="output", type=path_name, metavar="FILE",
                       help="also write the strategy to FILE (JSON, for `glasses check`)")
    solve.add_argument("--strategy", type=path_name, help=argparse.SUPPRESS)  # see solve_command
    solve.add_argument("--json", action="store_true", help="one JSON document on stdout")
    solve.set_defaults(handler=solve_command)

    check = sub.add_parser(
        "check", help="check a strategy exactly (every start, every rotation, every feel)",
        description="Play a strategy from every start against every rotation, with the trusted "
                    "kernel. Exit 0 iff it always wins; otherwise print a game it loses and "
                    "exit 1. The hands may be left out when FILE says them; `N K FILE`, the "
                    "older order, is read too.")
    check.add_argument("n", type=positive_int, metavar="N", help="number of glasses")
    check.add_argument("words", nargs="+", metavar="FILE", help=STRATEGY_FILE)
    check.add_argument("--hands", type=natural_int, metavar="K", help="number of hands")
    check.add_argument("--json", action="store_true", help="one JSON document on stdout")
    check.set_defaults(handler=check_command)

    show = sub.add_parser(
        "show", help="a strategy as a readable tree (and a picture)",
        description="Print a strategy as an indented tree: what to grab, and for each felt "
                    "pattern what to turn over and what to do next. Without --strategy, the "
                    "shortest strategy the search finds.")
    _game(show)
    show.add_argument("--strategy", type=path_name, metavar="FILE", help=STRATEGY_FILE)
    show.add_argument("--plot", type=path_name, metavar="FILE.png",
                      help="also draw the tree into this PNG file")
    show.set_defaults(handler=show_command)

    play = sub.add_parser(
        "play", help="play against the devil in the terminal",
        description="Play the puzzle yourself against the devil. Each turn name the positions "
                    "to feel, then the ones to turn over. The devil does not fix the glasses in "
                    "advance: it lets you feel whatever keeps the game longest (any start and "
                    "rotations it could have chosen would agree with what you felt). With too "
                    "few hands (e.g. 4 glasses, 1 hand) you cannot win.")
    _game(play)
    play.add_argument("--turns", type=positive_int, default=30, metavar="T",
                      help="the devil wins if the bell has not rung after T turns "
                           "(default 30)")
    play.set_defaults(handler=play_command)


def _game(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("n", type=positive_int, metavar="N", help="number of glasses (1..8)")
    parser.add_argument("--hands", type=natural_int, required=True, metavar="K",
                        help="number of hands (0..N)")


def _checked(n: int, k: int) -> None:
    # deferred: 29 ms of CPU to load (docs/design.md, "Imports")
    from coinproofs.games.glasses import check_size

    try:
        check_size(n, k)
    except ValueError as error:
        raise UserError(str(error)) from None


def solved(n: int, k: int, within: int | None = None) -> Solution:
    """The puzzle solved, with a spinner on a terminal while the search deepens."""
    # deferred: 29 ms of CPU to load (docs/design.md, "Imports")
    from coinproofs.games.glasses import solve

    _checked(n, k)
    with deepening() as progress:
        return solve(n, k, progress, within)


@contextmanager
def deepening() -> Iterator[Any]:
    """A progress callback that shows, on a terminal only, how deep the search has gone."""
    # deferred: 22 ms of CPU to load (docs/design.md, "Imports")
    from rich.console import Console

    console = Console(stderr=True)
    if not console.is_terminal:
        yield None
        return
    # deferred: 36 ms of CPU to load (docs/design.md, "Imports")
    from rich.progress import Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

    with Progress(SpinnerColumn(), TextColumn("{task.description}"), TimeElapsedColumn(),
                  console=console, transient=True) as bar:
        task = bar.add_task("searching")

        def progress(turns: int, beliefs: int) -> None:
            bar.update(task, description=f"no strategy of fewer than {turns} turns; "
                                         f"{beliefs:,} beliefs searched")
        yield progress


def _orbit_names(n: int, belief: int) -> list[str]:
    # deferred: 29 ms of CPU to load (docs/design.md, "Imports")
    from coinproofs.games.devil import orbits
    from coinproofs.games.glasses import glasses_text

    return [glasses_text(least, n) for j, least in enumerate(orbits(n)) if belief >> j & 1]


def solve_command(args: argparse.Namespace) -> int:
    # deferred: 29 ms of CPU to load (docs/design.md, "Imports")
    from coinproofs.games.glasses import distinct_turns, strategy_to_json, written_size

    if args.strategy is not None:
        raise UserError(f"--strategy FILE reads a strategy, in every command; to write the one "
                        f"found use -o {args.strategy}")
    if args.output is not None:
        writable(args.output)  # before the search
    solution = solved(args.n, args.hands, args.within)
    raw = strategy_to_json(solution.tree)
    kept = _orbit_names(args.n, solution.invariant) if solution.length is None else None
    if args.output is not None and solution.length is not None:
        write_text_atomically(args.output, json.dumps(raw) + "\n")
    if args.json:
        print_json({"n": args.n, "hands": args.hands, "length": solution.length,
                    "shortest": solution.shortest if solution.length is not None else None,
                    "strategy": raw, "invariant": kept})
        return 0
    setting = f"{plural(args.n, 'glass', 'glasses')}, {plural(args.hands, 'hand')}"
    if solution.length is None:
        assert kept is not None
        print(f"{setting}: no strategy wins. The devil can keep the glasses in these orbits "
              f"forever: {', '.join(kept)}.")
        return 0
    which = "the shortest strategy" if solution.shortest else "a strategy"
    print(f"{setting}: {which} takes {plural(solution.length, 'turn')} in the worst case "
          f"({plural(written_size(solution.tree), 'turn')} written out as a tree, "
          f"{len(distinct_turns(solution.tree))} different).")
    if raw is None:
        return 0
    for line in first_turn_lines(raw):
        print(line)
    show = f"coinproofs glasses show {args.n} --hands {args.hands}"
    # The whole tree is JSON for programs (4 KB on one line for 4 glasses): a person gets the
    # first turn here and the rest from `show`, a program from --json or -o.
    if args.output is not None:
        print(f"Strategy written to {args.output}; `{show} --strategy {args.output}` prints it "
              "as a tree.")
    elif args.within is not None:  # show alone would print the shortest strategy, not this one
        print(f"-o FILE writes the whole strategy and `{show} --strategy FILE` prints it as a "
              "tree; --json prints it as JSON.")
    else:
        print(f"`{show}` prints the whole strategy as a tree; -o FILE writes it, --json prints "
              "it as JSON.")
    return 0


def first_turn_lines(raw: Any) -> list[str]:
    """The strategy's first turn, to read: what to feel, and for each pattern felt what to turn
    over and whether the game is then surely won.

    >>> print("\\n".join(first_turn_lines({"feel": [0], "if": {
    ...     "U": {"turn": [0], "then": {"feel": [0], "if": {"D": {"turn": [0]}}}},
    ...     "D": {"turn": []}}})))
    First turn: feel 0
      U: turn 0, then the next turn
      D: turn nothing: won
    """
    first = raw["named"][raw["first"]] if "named" in raw else raw
    lines = [f"First turn: feel {' '.join(map(str, first['feel'])) or 'nothing'}"]
    for pattern, case in first["if"].items():
        turned_over = " ".join(map(str, case["turn"])) or "nothing"
        after = ", then the next turn" if "then" in case else ": won"
        lines.append(f"  {pattern or '(nothing felt)'}: turn {turned_over}{after}")
    return lines


def read_strategy(path: Path, n: int, k: int | None) -> tuple[Any, int]:
    """The strategy tree in a file of any form coinproofs writes (coinproofs.strategy_files),
    and the hands it is for (k, or what the file says when k is None)."""
    try:
        return glasses_tree(read(path), n, k)
    except ValueError as error:
        raise UserError(str(error)) from None


def check_command(args: argparse.Namespace) -> int:
    # deferred: 29 ms of CPU to load (docs/design.md, "Imports")
    from coinproofs.verify.glasses import MAX_N, Escape, Strategy

    if len(args.words) > 2:
        raise UserError("give N, the strategy FILE and --hands K, e.g. `coinproofs glasses "
                        "check 4 four.json --hands 2`")
    hands = args.hands
    if len(args.words) == 2:  # the older order: N K FILE
        given, file = args.words
        if not given.isdigit() or (hands is not None and int(given) != hands):
            raise UserError(f"give the hands once, as --hands K: `coinproofs glasses check "
                            f"{args.n} {file} --hands K`")
        hands = int(given)
    file = path_name(args.words[-1])

    def sizes(k: int) -> None:
        if not 1 <= args.n <= MAX_N or not 0 <= k <= args.n:
            raise UserError(f"the exact check handles 1..{MAX_N} glasses and 0..N hands, "
                            f"not {args.n} glasses and {k} hands")

    if hands is not None:
        sizes(hands)  # before the file is read
    raw, k = read_strategy(file, args.n, hands)
    sizes(k)
    args.k = k
    strategy = Strategy(raw, args.n, args.k)  # a malformed strategy: Rejected, exit 2
    try:
        turns, escape = strategy.play(), None
    except Escape as lost:
        turns, escape = None, lost
    if args.json:
        # deferred: 29 ms of CPU to load (docs/design.md, "Imports")
        from coinproofs.verify.glasses import letters

        print_json({"n": args.n, "hands": args.k, "wins": escape is None, "turns": turns,
                    "counterexample": None if escape is None else {
                        "start": letters(escape.game.start, args.n),
                        "rotations": list(escape.game.rotations), "why": escape.why}})
    elif escape is None:
        print(f"wins: this strategy makes all glasses stand the same way within "
              f"{plural(turns or 0, 'turn')}, from every start against every rotation")
    else:
        print(f"loses: {strategy.escape_text(escape)}")
    return 0 if escape is None else 1


def show_command(args: argparse.Namespace) -> int:
    # deferred: 29 ms of CPU to load (docs/design.md, "Imports")
    from coinproofs.games.glasses import strategy_lines, strategy_to_json

    if args.plot is not None:
        # deferred: 472 ms of CPU to load (docs/design.md, "Imports")
        from coinproofs.pictures import check_format

        check_format(writable(args.plot))
    _checked(args.n, args.hands)
    if args.strategy is not None:
        # deferred: 29 ms of CPU to load (docs/design.md, "Imports")
        from coinproofs.verify.glasses import Escape, Strategy

        raw, _ = read_strategy(args.strategy, args.n, args.hands)
        strategy = Strategy(raw, args.n, args.hands)
        try:
            length = strategy.play()
            print(f"A strategy of {plural(length, 'turn')} (it always wins):")
        except Escape as lost:
            if args.plot is not None:
                raise UserError(f"the strategy loses, so it has no number of turns to draw "
                                f"({strategy.escape_text(lost)})") from None
            length = 0
            print(f"This strategy loses ({strategy.escape_text(lost)}):")
    else:
        solution = solved(args.n, args.hands)
        if solution.length is None:
            raise UserError(f"no strategy wins with {plural(args.n, 'glass', 'glasses')} and "
                            f"{plural(args.hands, 'hand')}; give one with --strategy FILE")
        raw, length = strategy_to_json(solution.tree), solution.length
        print(f"A shortest strategy, {plural(length, 'turn')} in the worst case:")
    for line in strategy_lines(raw):
        print(line)
    if args.plot is not None:
        # deferred: 472 ms of CPU to load (docs/design.md, "Imports")
        from coinproofs.pictures import save, strategy_figure

        if raw is None:
            raise UserError("the empty strategy has no turn to draw")
        save(strategy_figure(raw, args.n, args.hands, length), args.plot)
        print(f"wrote {args.plot}", file=sys.stderr)
    return 0


# --- Playing against the devil ----------------------------------------------------------------

def play_command(args: argparse.Namespace) -> int:
    # deferred: 29 ms of CPU to load (docs/design.md, "Imports")
    from coinproofs.games.glasses import Devil, glasses_text, pattern_text

    n, k = args.n, args.hands
    _checked(n, k)
    devil = Devil(n, k)
    print(f"{plural(n, 'glass', 'glasses')} on a rotating tray, positions 0 to {n - 1}; you "
          f"have {plural(k, 'hand')}. You win when all glasses stand the same way (a bell "
          f"rings). After each of your turns the devil turns the tray. Type q to give up.")
    if not devil.games:
        print("The bell rings at once: one glass always stands the same way. You won.")
        return 0
    for number in range(1, args.turns + 1):
        hands = _ask_hands(n, k, number)
        if hands is None:
            return _gave_up(devil, n)
        pattern = devil.feel(hands)
        letters = pattern_text(pattern, k)
        felt = ", ".join(f"{p} {'down' if letter == 'D' else 'up'}"
                         for p, letter in zip(hands, letters, strict=True))
        print(f"You feel: {felt or 'nothing'}.")
        turn = _ask_turn(hands)
        if turn is None:
            return _gave_up(devil, n)
        if devil.turn(hands, pattern, turn):
            print(f"The bell rings: all glasses stand the same way. You won in "
                  f"{plural(number, 'turn')}.")
            return 0
        print("No bell. The devil turns the tray.")
    start, rotations, now = devil.a_game()
    print(f"The devil wins: after {plural(args.turns, 'turn')} the glasses still differ. They "
          f"could have started as {glasses_text(start, n)}, the devil turning the tray by "
          f"{', '.join(map(str, rotations))}; now they stand {glasses_text(now, n)}.")
    if devil.kept:
        print(f"No strategy wins with {plural(k, 'hand')}: the devil can keep the glasses in "
              f"{', '.join(_orbit_names(n, devil.kept))} (up to rotation) forever.")
    return 0


def _gave_up(devil: Any, n: int) -> int:
    # deferred: 29 ms of CPU to load (docs/design.md, "Imports")
    from coinproofs.games.glasses import glasses_text

    start, rotations, now = devil.a_game()
    turned = f", the devil turning the tray by {', '.join(map(str, rotations))}" \
        if rotations else ""
    print(f"You gave up. The glasses could have started as {glasses_text(start, n)}{turned}; "
          f"now they stand {glasses_text(now, n)}.")
    return 1


def _read(prompt: str) -> str | None:
    """A line typed by the player (None at the end of input or on q)."""
    print(prompt, end="", flush=True)
    line = sys.stdin.readline()
    if not line or line.strip().lower() in ("q", "quit"):
        print()
        return None
    return line.strip()


def _positions(text: str) -> list[int] | None:
    words = text.replace(",", " ").split()
    if not all(word.isdigit() for word in words):
        return None
    return [int(word) for word in words]


def _ask_hands(n: int, k: int, number: int) -> tuple[int, ...] | None:
    example = " ".join(str(i * n // k) for i in range(k)) if k else ""  # spread around
    while True:
        answer = _read(f"Turn {number}: which {plural(k, 'position')} do you feel"
                       + (f" (e.g. {example})" if k else " (press Enter)") + "? ")
        if answer is None:
            return None
        chosen = _positions(answer)
        if chosen is None or not all(0 <= p < n for p in chosen):
            print(f"Name positions from 0 to {n - 1}, separated by spaces.")
        elif len(set(chosen)) != len(chosen) or len(chosen) != k:
            print(f"Name exactly {plural(k, 'position')}, each once.")
        else:
            return tuple(chosen)


def _ask_turn(hands: tuple[int, ...]) -> tuple[int, ...] | None:
    if not hands:
        return ()
    while True:
        answer = _read("Which of them do you turn over (positions, or - for none)? ")
        if answer is None:
            return None
        chosen = [] if answer in ("", "-", "none") else _positions(answer)
        if chosen is None or not set(chosen) <= set(hands) or len(set(chosen)) != len(chosen):
            print(f"Name some of the positions you hold ({' '.join(map(str, hands))}), each "
                  "once, or - for none.")
        else:
            return tuple(chosen)
