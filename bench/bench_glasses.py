"""Benchmark of Gardner's glasses with hands: the AND-OR search over beliefs of orbits against
value iteration over explicit sets of states (bench/glasses_baseline.py), and the kernel's check.

Run: .venv/bin/python bench/bench_glasses.py [--baseline-seconds S] [--quick]

For each (N, K): the shortest worst-case number of turns, the seconds the engine takes to find
it with a strategy, the seconds of the baseline (stopped after --baseline-seconds) and the
ratio, and the seconds the kernel takes to check the strategy and the survival layers.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path
from typing import Any

import glasses_baseline
from budget import timed, within_budget
from rich.console import Console
from rich.table import Table

from coinproofs.games.glasses import solve, strategy_to_json
from coinproofs.verify.certificate import Artifacts
from coinproofs.verify.glasses import play_strategy, survival_evidence

SIZES = [(3, 2), (4, 2), (4, 3), (5, 4), (6, 4), (6, 5), (8, 6)]
QUICK = [(3, 2), (4, 2), (4, 3), (5, 4)]


def baseline(n: int, k: int, budget: float) -> tuple[float | None, float]:
    """The baseline in a child process, stopped after `budget` seconds (value None)."""
    value, seconds = within_budget(glasses_baseline.brute_force_value, (n, k), budget)
    return value, seconds


def kernel_check(n: int, k: int, solution: Any) -> float:
    """Seconds for the kernel to play the strategy and check survival one turn short."""
    start = time.perf_counter()
    assert play_strategy(strategy_to_json(solution.tree), n, k) == solution.length
    if solution.length >= 2:
        layers = solution.search.survival(solution.search.rules.start, solution.length - 1)
        evidence = {"method": "survival", "layers": layers, "turns": len(layers),
                    "beliefs": sum(map(len, layers))}
        survival_evidence(evidence, n, k, Artifacts(Path(".")))  # inline: no file read
    return time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline-seconds", type=float, default=60.0)
    parser.add_argument("--quick", action="store_true", help="small sizes, 10 s baseline")
    args = parser.parse_args()
    budget = 10.0 if args.quick else args.baseline_seconds
    table = Table(title="glasses: AND-OR search over orbit beliefs vs explicit sets of states",
                  caption=f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    for column in ("N", "K", "turns", "engine s", "baseline s", "speed-up", "kernel s"):
        table.add_column(column, justify="right", no_wrap=True)
    for n, k in QUICK if args.quick else SIZES:
        solution, engine = timed(solve, n, k)
        value, seconds = baseline(n, k, budget)
        if value is not None and value != solution.length:
            raise SystemExit(f"the baseline finds {value} turns for ({n}, {k}), "
                             f"the engine {solution.length}")
        shown = f"{seconds:.3f}" if value is not None else f">{budget:.0f}"
        ratio = f"{'>' if value is None else ''}{seconds / engine:.1f}x"
        table.add_row(str(n), str(k), str(solution.length), f"{engine:.3f}", shown, ratio,
                      f"{kernel_check(n, k, solution):.3f}")
    Console(width=110).print(table)
    return 0


if __name__ == "__main__":
    sys.exit(main())
