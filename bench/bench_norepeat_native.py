"""Benchmark of the native core of the No repeats solver against the Python engine.

Run: .venv/bin/python bench/bench_norepeat_native.py [--six-seconds S] [--quick]

For 5 coins, each rule, in this run: the seconds and positions per second of the Python engine
and of the native core (each solving from scratch, 5 rounds, best taken), and the ratio. Then
how far the native core gets on 6 coins, misère, within --six-seconds (positions, positions per
second, table entries), the positions it needs to solve random positions some moves into a
game (--depths, --samples each, to see how the work grows towards the opening position), and
the process's peak memory. With --proof-sizes, how large a proof is: the nodes of the winner's
strategy DAG (the certificate) against the positions searched, for lost positions some moves in,
and how many positions up to symmetry each move of the game reaches.
"""

from __future__ import annotations

import argparse
import random
import resource
import statistics
import time
from collections.abc import Callable
from typing import Any

from coinproofs.games.norepeat import (
    START,
    NoRepeats,
    dag_nodes,
    late_lost_position,
    legal_coins,
    native_solver,
    strategy_dag,
    turn,
)

ROUNDS = 5


def python_solve(n: int, misere: bool) -> tuple[float, int]:
    """Seconds and positions of the Python engine solving n coins from scratch."""
    start = time.perf_counter()
    game = NoRepeats(n, misere, native=False)
    _ = game.winner
    return time.perf_counter() - start, game.positions


def native_solve(n: int, misere: bool) -> tuple[float, int]:
    """Seconds and positions of the native core solving n coins from scratch."""
    start = time.perf_counter()
    solver = native_solver(n, misere, 1 << 24)
    solver.wins(1 << START, START)
    return time.perf_counter() - start, solver.stats["nodes"]


def best_of(solve: Callable[[int, bool], tuple[float, int]], n: int,
            misere: bool) -> tuple[float, int]:
    """The fastest of ROUNDS runs."""
    return min(solve(n, misere) for _ in range(ROUNDS))


def five_coins() -> None:
    print(f"{'coins':>5} {'rule':7} {'python s':>9} {'pos/s':>10} {'native s':>9} "
          f"{'pos/s':>12} {'time ratio':>10}")
    for misere in (False, True):
        py_seconds, py_positions = best_of(python_solve, 5, misere)
        c_seconds, c_positions = best_of(native_solve, 5, misere)
        print(f"{5:5} {'misère' if misere else 'normal':7} {py_seconds:9.4f} "
              f"{py_positions / py_seconds:10,.0f} {c_seconds:9.4f} "
              f"{c_positions / c_seconds:12,.0f} {py_seconds / c_seconds:9.0f}x")


def six_coins(seconds: float, table_bytes: int) -> None:
    solver = native_solver(6, True, table_bytes)
    start = time.perf_counter()
    result = solver.wins(1 << START, START, seconds=seconds)
    elapsed = time.perf_counter() - start
    stats = solver.stats
    outcome = ("not solved" if result is None
               else f"the {'first' if result else 'second'} player wins")
    print(f"\n6 coins, misère, native core, {seconds:g} s budget: {outcome}; "
          f"{stats['nodes']:,} positions in {elapsed:.1f} s "
          f"({stats['nodes'] / elapsed:,.0f} per second); table {stats['stored']:,} of "
          f"{stats['capacity']:,} entries ({stats['table_bytes'] / 2**20:,.0f} MiB), "
          f"{stats['replaced']:,} given up; {stats['collapsed']:,} parts replaced (Lemma C)")


def random_game(rng: random.Random, n: int, moves: int) -> tuple[int, int]:
    """The position after `moves` random legal moves (games that end sooner are replayed)."""
    while True:
        seen, pattern = 1 << START, START
        for _ in range(moves):
            coins = legal_coins(seen, pattern, n)
            if not coins:
                break
            pattern = turn(pattern, rng.choice(coins))
            seen |= 1 << pattern
        else:
            return seen, pattern


def depth_profile(depths: list[int], samples: int, seconds: float, table_bytes: int) -> None:
    print(f"\n6 coins, misère: positions the native core searches to solve a random position "
          f"`moves` into a game ({samples} per row, {seconds:g} s each at most)")
    print(f"{'moves':>5} {'solved':>6} {'median positions':>17} {'most':>13} {'pos/s':>10}")
    rng = random.Random(6)
    for moves in depths:
        counts, total_seconds, solved = [], 0.0, 0
        for _ in range(samples):
            seen, pattern = random_game(rng, 6, moves)
            solver = native_solver(6, True, table_bytes)
            start = time.perf_counter()
            result = solver.wins(seen, pattern, seconds=seconds)
            total_seconds += time.perf_counter() - start
            solved += result is not None
            counts.append(solver.stats["nodes"])
        most = f"{max(counts):,}" + ("" if solved == samples else "+")
        print(f"{moves:5} {solved:6} {statistics.median(counts):17,.0f} {most:>13} "
              f"{sum(counts) / total_seconds:10,.0f}")


def proof_sizes(depths: list[int], samples: int, table_bytes: int) -> None:
    """For lost positions `moves` into a 6-coin misère game: the positions the native core
    searches to solve each, and the nodes of the winner's strategy DAG written from it."""
    print(f"\n6 coins, misère: proof size against search for lost positions `moves` in "
          f"({samples} per row)")
    print(f"{'moves':>5} {'positions searched':>19} {'DAG nodes':>10} {'searched/nodes':>15}")
    rng = random.Random(15)
    for moves in depths:
        for _ in range(samples):
            probe = NoRepeats(6, True, table_bytes=table_bytes)
            seen, pattern = late_lost_position(probe, moves, rng)  # solved once to pick it
            game = NoRepeats(6, True, table_bytes=table_bytes)  # and again, counted
            assert not game.wins(game.key(seen, pattern))
            searched = game.positions
            nodes = dag_nodes(strategy_dag(game, (seen, pattern)))
            print(f"{moves:5} {searched:19,} {nodes:10,} {searched / nodes:15.1f}")


def positions_by_move(last: int) -> None:
    """How many positions up to symmetry (keys after Lemma R) 1, 2, ..., `last` moves reach."""
    solver = native_solver(6, True, 1 << 20)
    level = {solver.key(1 << START, START)}
    print("\n6 coins: positions up to symmetry after each move (keys after Lemma R)")
    for moves in range(1, last + 1):
        level = {solver.key(key | 1 << (1 << coin), 1 << coin)
                 for key in level for coin in legal_coins(key, START, 6)}
        print(f"{moves:5} {len(level):12,}")


def proof_tree(solver: Any, key: int, smallest: bool, sizes: dict[int, int]) -> int:
    """Nodes of the winner's proof tree below the lost canonical position `key` (transpositions
    counted again). At each loser move the winner takes, among the replies that leave the loser
    lost, the one with the smallest proof below it (`smallest`), or else the one the search
    tries first (fewest replies for the loser). `sizes` memoises it."""
    if key not in sizes:
        sizes[key] = 1
        for lost in lost_replies(solver, key):
            if smallest:
                sizes[key] += min(proof_tree(solver, k, True, sizes) for k in lost)
            else:
                first = min(lost, key=lambda k: len(legal_coins(k, START, 6)))
                sizes[key] += proof_tree(solver, first, False, sizes)
    return sizes[key]


def lost_replies(solver: Any, key: int) -> list[list[int]]:
    """For each move of the loser from `key` that is not into a dead end, the keys of the
    winner's replies that leave the loser lost."""
    options = []
    for coin in legal_coins(key, START, 6):
        moved = turn(START, coin)
        after = key | 1 << moved
        replies = [turn(moved, reply) for reply in legal_coins(after, moved, 6)]
        if replies:
            options.append([solver.key(after | 1 << r, r) for r in replies
                            if not solver.wins(after | 1 << r, r)])
    return options


def reply_choice(depths: list[int], samples: int, table_bytes: int) -> None:
    """Proof trees when the winner takes the reply the search tries first (fewest replies for
    the loser) against the reply with the smallest proof below it (every reply solved)."""
    print(f"\n6 coins, misère: proof tree nodes, first reply against smallest-proof reply "
          f"({samples} per row)")
    print(f"{'moves':>5} {'first reply':>12} {'smallest':>10} {'ratio':>6}")
    rng = random.Random(16)
    solver = native_solver(6, True, table_bytes)
    for moves in depths:
        for _ in range(samples):
            seen, pattern = late_lost_position(NoRepeats(6, True, table_bytes=1 << 26),
                                               moves, rng)
            key = solver.key(seen, pattern)
            first = proof_tree(solver, key, False, {})
            smallest = proof_tree(solver, key, True, {})
            print(f"{moves:5} {first:12,} {smallest:10,} {first / smallest:6.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--six-seconds", type=float, default=60.0,
                        help="native search budget for 6 coins, misère (default 60; 0: skip)")
    parser.add_argument("--table-mib", type=int, default=1024,
                        help="the native table for 6 coins, in MiB (default 1024)")
    parser.add_argument("--depths", type=int, nargs="*", default=[30, 26, 22, 18, 16],
                        help="moves into a random game (default 30 26 22 18 16; none: skip)")
    parser.add_argument("--samples", type=int, default=5, help="positions per depth (default 5)")
    parser.add_argument("--sample-seconds", type=float, default=60.0,
                        help="budget per random position (default 60)")
    parser.add_argument("--proof-sizes", type=int, nargs="*", metavar="MOVES",
                        help="also measure proof sizes at these depths (e.g. 30 26 22)")
    parser.add_argument("--levels", type=int, default=14,
                        help="with --proof-sizes: count positions after 1..LEVELS moves (14)")
    parser.add_argument("--reply-choice", type=int, nargs="*", metavar="MOVES",
                        help="also compare proof trees of two reply choices at these depths")
    parser.add_argument("--quick", action="store_true",
                        help="a short run: 10 s for 6 coins, depths 30 and 24 with 3 samples")
    args = parser.parse_args()
    if args.quick:
        args.six_seconds, args.depths, args.samples = 10.0, [30, 24], 3
    five_coins()
    if args.six_seconds > 0:
        six_coins(args.six_seconds, args.table_mib << 20)
    if args.depths:
        depth_profile(args.depths, args.samples, args.sample_seconds, args.table_mib << 20)
    if args.proof_sizes:
        proof_sizes(args.proof_sizes, args.samples, args.table_mib << 20)
        positions_by_move(args.levels)
    if args.reply_choice:
        reply_choice(args.reply_choice, args.samples, args.table_mib << 20)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux
    print(f"peak memory of this run (resident): {peak:,.0f} MiB")


if __name__ == "__main__":
    main()
