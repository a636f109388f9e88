"""Benchmark: the devil's coin flip engine against the notebook's algorithm.

    .venv/bin/python bench/bench_devil.py [--quick]

Times the notebook's breadth-first search (bench/norvig_baseline.py) for N = 4, 7 and 8, the
whole process `coinproofs devil solve N --json` for the same N (best of 3), and their ratio;
then `coinproofs devil check 16 FILE` on John Lamping's 65,535-move strategy and
`coinproofs devil lamping 16 --json`. --quick leaves out N = 8 (the baseline takes about a
minute), so there is no speed-up target to meet: N = 7 is quick for both (2 beliefs). Exit
status 1 if a target is missed.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sized
from functools import partial
from pathlib import Path
from typing import TypeVar

import norvig_baseline
from rich.console import Console
from rich.table import Table

from coinproofs.games.devil import lamping, positions, search

SOLVE_SPEEDUP_TARGET = 100  # `devil solve 8 --json`, whole process, vs the notebook's search
CHECK_16_TARGET = 10.0  # seconds for `devil check 16` on Lamping's strategy
SHORTEST = {4: 15, 7: None, 8: 255}

T = TypeVar("T")


def timed(run: Callable[[], T]) -> tuple[float, T]:
    """Seconds one call takes, and what it returned."""
    start = time.perf_counter()
    value = run()
    return time.perf_counter() - start, value


def coinproofs(*args: str) -> list[str]:
    """The command line that runs `coinproofs` with these arguments from this interpreter's
    environment."""
    script = Path(sys.executable).with_name("coinproofs")
    return [str(script), *args] if script.exists() else [sys.executable, "-m", "coinproofs", *args]


def best_process_time(command: list[str], repeats: int = 3) -> tuple[float, str]:
    """The fastest of `repeats` runs of the whole process, and its stdout (it must succeed)."""
    best, output = float("inf"), ""
    for _ in range(repeats):
        seconds, done = timed(lambda: subprocess.run(command, capture_output=True, text=True))
        if done.returncode != 0:
            sys.exit(f"{' '.join(command)} failed ({done.returncode}): {done.stderr.strip()}")
        best, output = min(best, seconds), done.stdout
    return best, output


def length(strategy: Sized | None) -> int | None:
    """The number of moves, or None for no strategy."""
    return None if strategy is None else len(strategy)


def speedup(ratio: float) -> str:
    """A ratio of times as people read it: 340x, 8.1x, 0.05x."""
    return f"{ratio:,.0f}x" if ratio >= 10 else f"{ratio:.2g}x"


def main() -> int:
    options = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    options.add_argument("--quick", action="store_true",
                         help="skip the notebook's search for N = 8 (about a minute)")
    quick = options.parse_args().quick
    sizes = [4, 7] if quick else [4, 7, 8]
    table = Table(title="devil's coin flip: coinproofs vs the notebook's search",
                  caption=f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    for column in ("what", "N", "seconds", "result", "speed-up / target"):
        table.add_column(column, justify="right" if column in ("N", "seconds") else "left",
                         no_wrap=True)
    missed = []

    for n in sizes:
        baseline, found = timed(partial(norvig_baseline.coin_search, n))
        assert length(found) == SHORTEST[n], f"the baseline found {length(found)} moves for {n}"
        engine, result = timed(partial(search, n))
        assert length(result.strategy) == SHORTEST[n]
        process, output = best_process_time(coinproofs("devil", "solve", str(n), "--json"))
        assert json.loads(output)["length"] == SHORTEST[n], output
        ratio = baseline / process
        target = n == 8
        if target and ratio < SOLVE_SPEEDUP_TARGET:
            missed.append(f"solve {n}: {ratio:.0f}x < {SOLVE_SPEEDUP_TARGET}x")
        moves = "no strategy" if found is None else f"{len(found)} moves"
        table.add_row("notebook coin_search", str(n), f"{baseline:.3f}", moves, "")
        table.add_row("search() in process", str(n), f"{engine:.4f}",
                      f"{sum(map(len, result.layers))} beliefs", speedup(baseline / engine))
        table.add_row("devil solve --json", str(n), f"{process:.3f}", "whole process",
                      speedup(ratio) + (f" (target {SOLVE_SPEEDUP_TARGET}x)" if target else ""))

    with tempfile.TemporaryDirectory() as folder:
        strategy_file = Path(folder) / "lamping16.json"
        strategy_file.write_text(json.dumps([positions(move) for move in lamping(16)]))
        check, _ = best_process_time(coinproofs("devil", "check", "16", str(strategy_file)),
                                     repeats=1)
    if check >= CHECK_16_TARGET:
        missed.append(f"check 16: {check:.1f} s >= {CHECK_16_TARGET} s")
    table.add_row("devil check 16 FILE", "16", f"{check:.2f}", "Lamping's strategy wins",
                  f"target < {CHECK_16_TARGET:.0f} s")
    listing, output = best_process_time(coinproofs("devil", "lamping", "16", "--json"))
    assert json.loads(output)["length"] == 2**16 - 1
    table.add_row("devil lamping 16 --json", "16", f"{listing:.3f}", "65,535 moves", "")

    console = Console(width=110)
    console.print(table)
    for problem in missed:
        console.print(f"[red]missed target:[/red] {problem}")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
