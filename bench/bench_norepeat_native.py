"""Benchmark of the native core of the No repeats solver against the core before the redesign.

Run: .venv/bin/python bench/bench_norepeat_native.py [--quick] [--opening]

In one run, on the same positions: the old core (bench/baseline/, before issue 23), today's
core, and today's core built without one of its speed-ups (native_baseline.variant_module):

* capacity: the entries each core's table holds in the same memory (no page is touched);
* keys: the time to compute the keys (after Lemma R) of random 6-coin positions, and how many
  orders of the coins the new keys try per key;
* five coins, each rule: the Python engine and both cores solving from scratch;
* six coins, misère: random positions some moves into a game (--depths, --samples each),
  solved by each core with the same table size (cleared first, so that no core pays for its
  pages in the timing): positions, CPU seconds, positions per CPU second, and the ratio of CPU
  times to today's core;
* with --opening: today's core from the opening with the budgeted tries of NoRepeats (about
  25 minutes of one core and up to 12 GiB): positions, wall and CPU seconds, peak memory.

CPU seconds are the process's own (time.process_time), so other work on the machine slows the
wall clock more than these; the load is printed beside them.
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import statistics
import time
from collections.abc import Callable
from typing import Any

from native_baseline import baseline_module, variant_module

from coinproofs.games import norepeat as engine
from coinproofs.games.norepeat import START, NoRepeats, legal_coins, native_solver, turn

ROUNDS = 5
Factory = Callable[[int, bool, int], Any]


def cores() -> dict[str, Factory]:
    """The solvers compared: name -> Solver(n, misere, table_bytes)."""
    from coinproofs.games._norepeat import Solver

    return {"old core": baseline_module().Solver,
            "new core": Solver,
            "no prefetch": variant_module("NR_PREFETCH=0").Solver,
            "no huge pages": variant_module("NR_HUGE_PAGES=0").Solver}


def load() -> str:
    return f"load {os.getloadavg()[0]:.1f}"


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


def keys(count: int) -> None:
    """The cost of a key (Lemma R, then the least image over orders of the coins)."""
    rng = random.Random(1)
    positions = [random_game(rng, 6, rng.randrange(0, 41)) for _ in range(count)]
    print(f"\nkeys of {count:,} random 6-coin positions 0 to 40 moves in ({load()})")
    timings = {}
    for name, make in list(cores().items())[:2]:
        solver = make(6, True, 1 << 16)
        start = time.process_time()
        for seen, pattern in positions:
            solver.key(seen, pattern)
        timings[name] = time.process_time() - start
        orders = solver.stats.get("arrangements")
        extra = f", {orders / count:.2f} orders of the coins a key" if orders else ""
        print(f"  {name:14} {timings[name]:7.2f} s ({count / timings[name]:10,.0f} keys/s{extra})")
    print(f"  ratio {timings['old core'] / timings['new core']:.2f}x (Python's call costs "
          "included in both)")


def capacity(gibibytes: tuple[int, ...] = (1, 4, 12)) -> None:
    """The entries each core's table holds in the same memory, from its own stats."""
    made = cores()
    print("\ntable capacity: entries in the same memory")
    print(f"{'memory':>8} {'old core':>15} {'new core':>15} {'new/old':>8}")
    for size in gibibytes:
        old, new = (made[name](6, True, size << 30).stats["capacity"]
                    for name in ("old core", "new core"))
        print(f"{size:5} GiB {old:15,} {new:15,} {new / old:7.2f}x")


def five_coins() -> None:
    print(f"\n5 coins, solved from scratch, best of {ROUNDS} ({load()})")
    print(f"{'rule':7} {'python s':>9} {'old core s':>11} {'new core s':>11} "
          f"{'new/python':>10} {'old/new':>8}")
    made = cores()
    for misere in (False, True):
        python = min(_python_solve(misere) for _ in range(ROUNDS))
        old, new = (min(_native_solve(made[name], 5, misere) for _ in range(ROUNDS))
                    for name in ("old core", "new core"))
        print(f"{'misère' if misere else 'normal':7} {python:9.4f} {old:11.4f} {new:11.4f} "
              f"{python / new:9.0f}x {old / new:7.2f}x")


def _python_solve(misere: bool) -> float:
    start = time.process_time()
    _ = NoRepeats(5, misere, native=False).winner
    return time.process_time() - start


def _native_solve(make: Factory, n: int, misere: bool) -> float:
    solver = make(n, misere, 1 << 24)
    start = time.process_time()
    solver.wins(1 << START, START)
    return time.process_time() - start


def six_coins(depths: list[int], samples: int, table_bytes: int, seconds: float) -> None:
    """Each core on the same random 6-coin misère positions."""
    made = cores()
    print(f"\n6 coins, misère: random positions `moves` into a game, each core with a "
          f"{table_bytes >> 20:,} MiB table ({samples} per depth, {seconds:g} s each at most)")
    print(f"{'moves':>5} {'core':14} {'solved':>6} {'median positions':>17} "
          f"{'CPU s':>8} {'positions/CPU s':>16} {'CPU time / new':>15}  load")
    rng = random.Random(6)
    for moves in depths:
        positions = [random_game(rng, 6, moves) for _ in range(samples)]
        rows = {}
        for name, make in made.items():
            counts, cpu, solved = [], 0.0, 0
            for seen, pattern in positions:
                solver = make(6, True, table_bytes)
                solver.clear()  # every page touched before the clock starts
                start = time.process_time()
                solved += solver.wins(seen, pattern, seconds=seconds) is not None
                cpu += time.process_time() - start
                counts.append(solver.stats["nodes"])
            rows[name] = (solved, statistics.median(counts), cpu, sum(counts))
        for name, (solved, median, cpu, total) in rows.items():
            print(f"{moves:5} {name:14} {solved:6} {median:17,.0f} {cpu:8.1f} "
                  f"{total / cpu:16,.0f} {cpu / rows['new core'][2]:14.2f}x  {load()}")


def opening() -> None:
    """Today's core from the opening, as `coinproofs norepeat solve 6 --misere` runs it."""
    table = engine.table_size(6, True)
    solver = native_solver(6, True, table)
    print(f"\n6 coins, misère, from the opening: table {table / 2**30:.1f} GiB, budgeted tries "
          f"{engine.TRIES} ({load()})", flush=True)
    wall, cpu = time.perf_counter(), time.process_time()
    result = solver.wins(1 << START, START, tries=engine.TRIES,
                         seconds=engine.OPENING_SECONDS)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    stats = solver.stats
    outcome = "not settled" if result is None else f"the {'first' if result else 'second'} " \
                                                   "player wins"
    print(f"  {outcome}: {stats['nodes']:,} positions in {wall:,.0f} s wall, {cpu:,.0f} s CPU "
          f"({stats['nodes'] / cpu:,.0f} per CPU second); table {stats['stored']:,} of "
          f"{stats['capacity']:,} entries, {stats['replaced']:,} given up ({load()})")
    tries_made(solver.tries)


def tries_made(tries: list[tuple[int, list[tuple[int, int, int]]]]) -> None:
    """The budgeted tries: how many nodes had them, and each node where a budget ran out."""
    print(f"  budgeted tries at {len(tries)} nodes; where a move ran out of its budget "
          "(each move: positions searched under it, the budget it last ran out of, and how it "
          "settled: won for the opponent, lost for her, or not):")
    words = {1: "won", -1: "lost", 0: "open"}
    for depth, moves in tries:
        if any(failed for _, failed, _ in moves):
            shown = "; ".join(f"{spent:,} ({failed:,}) {words[settled]}"
                              for spent, failed, settled in moves)
            print(f"    depth {depth}: {shown}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--table-mib", type=int, default=1024,
                        help="each core's table for the random positions, in MiB (default 1024)")
    parser.add_argument("--depths", type=int, nargs="*", default=[26, 22, 19],
                        help="moves into a random game (default 26 22 19; none: skip)")
    parser.add_argument("--samples", type=int, default=3, help="positions per depth (default 3)")
    parser.add_argument("--sample-seconds", type=float, default=120.0,
                        help="budget per position and core (default 120)")
    parser.add_argument("--keys", type=int, default=200_000,
                        help="random positions whose keys are timed (default 200,000)")
    parser.add_argument("--opening", action="store_true",
                        help="also solve six coins from the opening (about 25 min, 12 GiB)")
    parser.add_argument("--quick", action="store_true",
                        help="a short run: 50,000 keys, depths 30 and 26, 2 samples")
    args = parser.parse_args()
    if args.quick:
        args.keys, args.depths, args.samples = 50_000, [30, 26], 2
    capacity()
    keys(args.keys)
    five_coins()
    if args.depths:
        six_coins(args.depths, args.samples, args.table_mib << 20, args.sample_seconds)
    if args.opening:
        opening()
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux
    print(f"peak memory of this run (resident): {peak:,.0f} MiB")


if __name__ == "__main__":
    main()
