"""The `coinproofs norepeat` commands: solve the game, play it, check a strategy file."""

from __future__ import annotations

import argparse
import json
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from coinproofs import norepeat
from coinproofs.atomic import write_text_atomically
from coinproofs.cli.common import (
    UserError,
    given_once,
    path_name,
    positive_int,
    print_json,
    writable,
)
from coinproofs.games.norepeat import (
    PLAYERS,
    START,
    TREE_COINS,
    extract,
    legal_coins,
    search_progress,
    show,
    turn,
)
from coinproofs.strategy_files import norepeat_strategies, read
from coinproofs.text import plural
from coinproofs.verify import norepeat as kernel
from coinproofs.verify.certificate import Artifacts, Rejected
from coinproofs.verify.norepeat_dag import check_dag
from coinproofs.verify.norepeat_walk import check_walk

if TYPE_CHECKING:
    from coinproofs.games.norepeat import NoRepeats
    from coinproofs.norepeat import Solution

STRATEGY_COINS = 5  # the winner's strategy by key as JSON: up to here (six coins: a certificate)
LOG_EVERY = 60.0  # seconds between progress lines when stderr is not a terminal


def register(commands: Any) -> None:
    """Add the `norepeat` command group to the parser."""
    group = commands.add_parser(
        "norepeat", help="no repeats (Enigma 1404): turn one coin, never repeat a pattern",
        description="A row of n coins, all heads; players take turns to turn over one coin and "
                    "may never make a pattern that has occurred before. Normal play: whoever "
                    "cannot move loses; misère: whoever cannot move wins.")
    sub = group.add_subparsers(dest="norepeat_command", metavar="COMMAND", required=True)

    solve = sub.add_parser("solve", help="who wins with best play",
                           description="Find who wins by search (up to symmetry) and, if asked, "
                                       "write the winner's strategy to a file.")
    _game_arguments(solve)
    solve.add_argument("--json", action="store_true", help="one JSON document on stdout")
    solve.add_argument("-o", "--out", dest="output", type=path_name, metavar="FILE",
                       help="write the winner's strategy to FILE (JSON; see docs/norepeat.md)")
    solve.add_argument("--strategy", type=path_name, help=argparse.SUPPRESS)  # see solve_command
    solve.add_argument("--checkpoint", type=path_name, metavar="FILE",
                       help="six coins: save the search's table to FILE every ten minutes and "
                            "when it stops, and resume from FILE if it is there (as large as "
                            "the table: up to 12 GiB; six coins under misère play keep it in "
                            "the user's cache by default, shared with `coinproofs prove`)")
    solve.add_argument("--certificate", type=path_name, metavar="FILE",
                       help="write the winner's strategy to FILE as a strategy walk (binary, "
                            "format NRWALK1; see docs/certificates.md)")
    solve.set_defaults(handler=solve_command)

    play = sub.add_parser("play", help="play against the winning strategy in the terminal",
                          description="Play a game in the terminal; coinproofs plays the other "
                                      "side with best play.")
    _game_arguments(play)
    play.add_argument("--you", choices=("first", "second"),
                      help="your side (default: the side that loses with best play)")
    play.set_defaults(handler=play_command)

    check = sub.add_parser("check", help="check a strategy file with the kernel",
                           description="Check the strategies in FILE against every reply, with "
                                       "the kernel; exit 0 iff they win. N, when given, must be "
                                       "the number of coins FILE is about.")
    check.add_argument("words", nargs="+", metavar="[N] FILE",
                       help="a strategy: what `norepeat solve -o FILE` writes or `solve --json` "
                            "prints, a certificate, a strategy DAG, or a strategy walk "
                            "(`solve --certificate`); "
                            "- reads standard input")
    check.add_argument("--json", action="store_true", help="one JSON document on stdout")
    check.set_defaults(handler=check_command)


def _game_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("n", type=positive_int, nargs="?", metavar="N",
                        help="how many coins in the row")
    parser.add_argument("--coins", type=positive_int, metavar="N", dest="coins_option",
                        help="the same as N (the older spelling)")
    parser.add_argument("--misere", action="store_true",
                        help="misère play: whoever cannot move wins")
    parser.add_argument("--seconds", type=_positive_seconds,
                        help="give up the search after this long (default: 60; 10,800 for six "
                             "coins under misère play, which take about 25 minutes of one core)")


def _positive_seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not value > 0:
        raise argparse.ArgumentTypeError(f"{text} seconds must be more than 0")
    return value


def rule(misere: bool) -> str:
    """The rule in words."""
    return ("misère play (whoever cannot move wins)" if misere
            else "normal play (whoever cannot move loses)")


def coin_count(args: argparse.Namespace) -> int:
    """The number of coins, given as N or as --coins N."""
    return given_once(args.n, args.coins_option, "--coins", "the number of coins",
                      "coinproofs norepeat solve 3")


def solved(n: int, misere: bool, seconds: float | None,
           checkpoint: Path | None = None) -> Solution:
    """The game solved within the time budget, or a UserError that says what to do instead."""
    holder: list[NoRepeats] = []
    try:
        with searching(holder):
            game = norepeat.solve(n, misere, seconds, started=holder.append,
                                  checkpoint=checkpoint)
    except ValueError as error:
        raise UserError(str(error)) from None
    return game


@contextmanager
def searching(started: list[NoRepeats]) -> Iterator[None]:
    """Show on stderr, while the search runs, how far it has got: on a terminal a live line (the
    positions, and for the native core its table and the moves under way near the opening);
    in a log, a line a minute once the search has run for a minute."""
    # deferred: 37 ms of CPU to load (docs/design.md, "Imports")
    from rich.console import Console
    from rich.progress import Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

    console = Console(stderr=True)
    done = threading.Event()

    def state() -> str:
        game = started[0]
        return (f"searching: {search_progress(game.native)}" if game.native is not None
                else f"searching: {game.positions:,} positions")

    if not console.is_terminal:
        def log() -> None:
            start = time.perf_counter()
            while not done.wait(LOG_EVERY):
                if started:
                    print(f"{time.perf_counter() - start:,.0f} s, {state()}", file=sys.stderr,
                          flush=True)

        logger = threading.Thread(target=log, daemon=True)
        logger.start()
        try:
            yield
        finally:
            done.set()
            logger.join()
        return
    columns = (SpinnerColumn(), TextColumn("{task.description}"), TimeElapsedColumn())
    with Progress(*columns, console=console, transient=True) as progress:
        task = progress.add_task("searching")

        def report() -> None:
            while not done.wait(0.2):
                if started:
                    progress.update(task, description=state())

        reporter = threading.Thread(target=report, daemon=True)
        reporter.start()
        try:
            yield
        finally:
            done.set()
            reporter.join()


def solve_command(args: argparse.Namespace) -> int:
    n = coin_count(args)
    if args.strategy is not None:
        raise UserError(f"--strategy FILE reads a strategy, in every command; to write the "
                        f"winner's strategy use -o {args.strategy}")
    if args.output and n > STRATEGY_COINS:
        raise UserError(f"a strategy of {n} coins is too large for a JSON file: write it as a "
                        "certificate with --certificate FILE")
    for path in (args.output, args.certificate, args.checkpoint):
        if path:
            writable(path)  # before the search, which may take a minute
    start, cpu = time.perf_counter(), time.process_time()
    game = solved(n, args.misere, args.seconds, args.checkpoint)
    seconds, positions = time.perf_counter() - start, game.positions
    cpu_seconds = time.process_time() - cpu
    if args.output:
        _write_strategy(args.output, game)
    certificate = _write_certificate(args.certificate, game) if args.certificate else None
    if args.json:
        strategy = ({} if n > STRATEGY_COINS else {"strategy-up-to-symmetry": {
            str(key): coin for key, coin in sorted(game.strategy_up_to_symmetry().items())}})
        print_json({"coins": game.n, "misere": game.misere, "winner": game.winner,
                    "player": _name(game.winner), "positions": positions,
                    "seconds": round(seconds, 3), "cpu_seconds": round(cpu_seconds, 3)}
                   | strategy | ({} if certificate is None else {"certificate": certificate}))
        return 0
    print(f"{plural(game.n, 'coin')}, {rule(game.misere)}: the {game.winner} player "
          f"({_name(game.winner)}) wins.")
    print(f"Positions searched (up to symmetry): {positions:,} in {seconds:,.2f} s "
          f"({cpu_seconds:,.2f} s of CPU).")
    if game.table_note:
        print(f"Table: {game.table_note}; {game.searched:,} positions searched in this run.")
    elif game.checkpoint is not None and game.native is not None:
        print(f"Table saved in {game.checkpoint} for later runs and `coinproofs prove` (delete "
              "it and its .json record to free the space).")
    if args.output:
        print(f"Strategy written to {args.output}.")
    if certificate is not None:
        print(f"Certificate written to {args.certificate}: {certificate['nodes']:,} nodes, "
              f"{certificate['records']:,} records, {certificate['bytes']:,} bytes.")
    return 0


def _name(player: str) -> str:
    return PLAYERS[player]


def _write_strategy(path: Path, game: Solution) -> None:
    document: dict[str, Any] = {"coins": game.n, "misere": game.misere, "winner": game.winner}
    if game.n <= TREE_COINS:
        document["strategy"] = game.strategy_tree()
    document["strategy-up-to-symmetry"] = {str(key): coin
                                           for key, coin in
                                           sorted(game.strategy_up_to_symmetry().items())}
    write_text_atomically(path, json.dumps(document, indent=1) + "\n")


def _write_certificate(path: Path, game: Solution) -> dict[str, int]:
    """Write the winner's strategy walk (searched again by the native core where the game's
    search was the Python engine's); its counts and size."""
    counts = extract(game.n, game.misere, path, solver=game.native)
    return {"nodes": counts["nodes"], "records": counts["records"],
            "bytes": path.stat().st_size}


def check_command(args: argparse.Namespace) -> int:
    if len(args.words) > 2 or (len(args.words) == 2 and not args.words[0].isdigit()):
        raise UserError("give the strategy FILE, and before it the number of coins if you "
                        "like: `coinproofs norepeat check 3 three.json`")
    file = path_name(args.words[-1])
    try:
        found = norepeat_strategies(read(file))
    except ValueError as error:
        raise UserError(str(error)) from None
    n, misere, winner = found.n, found.misere, found.winner
    if len(args.words) == 2 and int(args.words[0]) != n:
        raise UserError(f"{file} holds a strategy for {n} coins, not {args.words[0]}")
    def check_the_dag(n: int, misere: bool, winner: str, item: Any) -> None:
        check_dag(n, misere, winner, item, Artifacts(found.folder))

    def check_the_walk(n: int, misere: bool, winner: str, item: Any) -> None:
        check_walk(n, misere, winner, item, Artifacts(found.folder))

    checks: dict[str, Callable[[int, bool, str, Any], None]] = {
        "strategy": kernel.check_strategy,
        "strategy-up-to-symmetry": kernel.check_symmetric_strategy,
        "strategy-dag": check_the_dag,
        "strategy-walk": check_the_walk}
    results = {}
    for name, strategy in found.strategies.items():
        try:
            checks[name](n, misere, winner, strategy)
            results[name] = ""
        except Rejected as rejection:
            results[name] = str(rejection)
    if args.json:
        print_json([{"strategy": name, "accepted": not reason, "reason": reason}
                    for name, reason in results.items()])
    else:
        for name, reason in results.items():
            print(f"{name}: " + (f"REJECTED: {reason}" if reason else
                                 f"wins every game for the {winner} player"))
    return 0 if not any(results.values()) else 1


def play_command(args: argparse.Namespace) -> int:
    game = solved(coin_count(args), args.misere, args.seconds)
    n = game.n
    loser = "second" if game.winner == "first" else "first"
    you = args.you or loser
    print(f"No repeats with {plural(n, 'coin')}, {rule(game.misere)}. Coins are numbered 0 "
          f"to {n - 1} from the left.")
    print(f"You play {you} ({_name(you)}); coinproofs plays the other side.")
    seen, pattern, mover = 1 << START, START, "first"
    print(f"Start: {show(pattern, n)}")
    while coins := legal_coins(seen, pattern, n):
        if mover == you:
            coin = _ask(seen, pattern, n)
            if coin is None:
                print("Game abandoned.")
                return 1
        else:
            coin = game.winning_coin(seen, pattern)
            coin = coins[0] if coin is None else coin
        pattern = turn(pattern, coin)
        seen |= 1 << pattern
        print(f"{_name(mover)} turns coin {coin}: {show(pattern, n)}")
        mover = "second" if mover == "first" else "first"
    winner = mover if game.misere else ("second" if mover == "first" else "first")
    print(f"{_name(mover)} cannot move, so {_name(winner)} wins"
          + (" (you)." if winner == you else "."))
    return 0


def _ask(seen: int, pattern: int, n: int) -> int | None:
    """A legal coin typed by the player, or None at the end of input or on 'q'."""
    coins = legal_coins(seen, pattern, n)
    while True:
        print(f"Your move: a coin from {', '.join(map(str, coins))} (q to quit)? ",
              end="", flush=True)
        line = sys.stdin.readline()
        answer = line.strip()
        if not line or answer.lower() in ("q", "quit"):
            print()
            return None
        if not answer.isdigit() or int(answer) >= n:
            print(f"{answer!r} is not a coin: coins are numbered 0 to {n - 1}.")
        elif int(answer) not in coins:
            print(f"Turning coin {answer} would repeat {show(turn(pattern, int(answer)), n)}.")
        else:
            return int(answer)
