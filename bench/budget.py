"""Helpers the benchmarks share: time a call or a command, and run a slow baseline with a time
budget."""

from __future__ import annotations

import multiprocessing
import resource
import subprocess
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any


def timed(function: Callable[..., Any], *args: Any) -> tuple[Any, float]:
    """The function's result on `args` and the seconds it took."""
    start = time.perf_counter()
    result = function(*args)
    return result, time.perf_counter() - start


def _worker(function: Callable[..., Any], args: tuple[Any, ...], results: Any) -> None:
    results.put(timed(function, *args))


def within_budget(function: Callable[..., Any], args: tuple[Any, ...],
                  budget: float) -> tuple[Any, float]:
    """`timed(function, *args)` in a child process, stopped after `budget` seconds: then the
    result is None and the seconds are the budget. `function` must be a module's own."""
    results: Any = multiprocessing.Queue()
    worker = multiprocessing.Process(target=_worker, args=(function, args, results))
    worker.start()
    worker.join(budget)
    if worker.is_alive():
        worker.terminate()
        worker.join()
        return None, budget
    result, seconds = results.get()
    return result, seconds


def cpu_seconds(command: list[str], folder: Path) -> float:
    """The CPU time (user + system) that `command`, run in `folder`, took."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(command, cwd=folder, check=True, capture_output=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
