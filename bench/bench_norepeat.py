"""Benchmark of no repeats (Enigma 1404): the search, the kernel, the seed's method, 6 coins.

Run: .venv/bin/python bench/bench_norepeat.py [--plain-seconds S] [--six-seconds S] [--quick]

For each number of coins and rule: the winner, the positions searched (up to symmetry), the
seconds to solve, the size of the winner's strategy up to symmetry, the seconds the kernel takes
to check it, and the seconds of the seed's plain recursion over histories (stopped after
--plain-seconds) with the ratio. Then the perfect matchings for normal play, and how far the
search of 6 coins gets within --six-seconds for each rule (120 s in all by default).
"""

from __future__ import annotations

import argparse
import time

from budget import timed, within_budget

from coinproofs.games.norepeat import NoRepeats, OutOfBudget, perfect_matching, plain_winner
from coinproofs.verify.norepeat import check_matching, check_symmetric_strategy

TARGET_SECONDS = 30.0  # misère, 5 coins: solved and its certificate checked


def plain(n: int, misere: bool, budget: float) -> tuple[str | None, float]:
    """The seed's method in a child process, stopped after `budget` seconds (winner None)."""
    winner, seconds = within_budget(plain_winner, (n, misere), budget)
    return winner, seconds


def search_table(plain_budget: float) -> float:
    """Print one row per (coins, rule); return the misère 5-coin solve-and-check seconds."""
    print(f"{'coins':>5} {'rule':7} {'winner':7} {'positions':>10} {'solve s':>8} "
          f"{'strategy':>8} {'check s':>8} {'seed s':>9} {'ratio':>8}")
    target = 0.0
    for misere in (False, True):
        for n in range(1, 6):
            game, solve_seconds = timed(NoRepeats, n, misere)
            winner, seconds = timed(getattr, game, "winner")
            solve_seconds += seconds  # the symmetry tables are part of solving
            positions = game.positions
            moves, extract_seconds = timed(game.strategy)
            moves = {str(key): coin for key, coin in moves.items()}
            _, check_seconds = timed(check_symmetric_strategy, n, misere, winner, moves)
            seed_winner, seed_seconds = plain(n, misere, plain_budget)
            if seed_winner is not None and seed_winner != winner:
                raise SystemExit(f"the seed's method disagrees on {n} coins")
            seed = f"{seed_seconds:9.3f}" if seed_winner else f">{plain_budget:8.0f}"
            ratio = (f"{'>' if not seed_winner else ''}{seed_seconds / solve_seconds:.1f}x"
                     if seed_seconds >= 0.005 else "-")
            print(f"{n:5} {'misère' if misere else 'normal':7} {winner:7} {positions:10,} "
                  f"{solve_seconds:8.3f} {len(moves):8,} {check_seconds:8.3f} {seed} "
                  f"{ratio:>8}")
            if misere and n == 5:
                target = solve_seconds + extract_seconds + check_seconds
    return target


def matching_table() -> None:
    import networkx  # noqa: F401  (imported before the clock starts)

    print(f"\n{'coins':>5} {'pairs':>9} {'find s':>7} {'check s':>8}   (normal play: matching)")
    for n in (5, 10, 16, 20):
        pairs, find_seconds = timed(perfect_matching, n)
        pairs = [list(pair) for pair in pairs]  # as a certificate holds them
        _, check_seconds = timed(check_matching, n, pairs)
        print(f"{n:5} {len(pairs):9,} {find_seconds:7.2f} {check_seconds:8.2f}")


def six_coins(budget: float) -> None:
    print(f"\n6 coins, search stopped after {budget:.0f} s per rule:")
    for misere in (False, True):
        game = NoRepeats(6, misere, seconds=budget)
        rule = "misère" if misere else "normal"
        start = time.perf_counter()
        try:
            winner = game.winner
            print(f"  {rule}: the {winner} player wins; {game.positions:,} positions in "
                  f"{time.perf_counter() - start:.1f} s")
        except OutOfBudget:
            seconds = time.perf_counter() - start
            print(f"  {rule}: not solved; {game.positions:,} positions in {seconds:.1f} s "
                  f"({game.positions / seconds:,.0f} per second)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--plain-seconds", type=float, default=90.0,
                        help="stop the seed's plain recursion after this long (default 90)")
    parser.add_argument("--six-seconds", type=float, default=60.0,
                        help="search budget for 6 coins, per rule (default 60)")
    parser.add_argument("--quick", action="store_true",
                        help="a short run: 10 s for the seed's method and per rule for 6 coins")
    args = parser.parse_args()
    if args.quick:
        args.plain_seconds = args.six_seconds = 10.0
    target = search_table(args.plain_seconds)
    verdict = "met" if target < TARGET_SECONDS else "MISSED"
    print(f"\nmisère, 5 coins, solved and its strategy checked by the kernel in {target:.2f} s "
          f"(target {TARGET_SECONDS:.0f} s: {verdict})")
    matching_table()
    six_coins(args.six_seconds)


if __name__ == "__main__":
    main()
