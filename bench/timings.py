"""The README's timings, measured by one command anyone can run: `make timings`.

Runs each make target the README times (in a fresh clone of this repository when given
--fresh, so that setting up .venv is timed too), and prints the wall time of each with the
load average of the machine beside it, as the README quotes them. Nothing is timed in the
tests; this is for people.

Run: .venv/bin/python bench/timings.py [--fresh] [--targets prove,test,...]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TARGETS = ("setup", "prove", "verify", "test", "notebooks", "docs", "formal")


def timed(target: str, folder: Path) -> tuple[float, int]:
    """The wall seconds `make TARGET` took in `folder`, and its exit status."""
    start = time.perf_counter()
    result = subprocess.run(["make", "--no-print-directory", target], cwd=folder,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start, result.returncode


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fresh", action="store_true",
                        help="time everything in a fresh clone (setting up .venv included)")
    parser.add_argument("--targets", default=",".join(TARGETS),
                        help=f"the make targets to time, in order (default {','.join(TARGETS)})")
    args = parser.parse_args()
    targets = [target for target in args.targets.split(",") if target]
    with tempfile.TemporaryDirectory(prefix="coinproofs-timings-") as scratch:
        folder = ROOT
        if args.fresh:
            folder = Path(scratch) / "coinproofs"
            subprocess.run(["git", "clone", "--quiet", str(ROOT), str(folder)], check=True)
        print(f"| make target | seconds (wall) | load average before | exit |  ({os.cpu_count()} "
              "cores)")
        print("| --- | --- | --- | --- |")
        for target in targets:
            load = os.getloadavg()[0]
            seconds, status = timed(target, folder)
            print(f"| `make {target}` | {seconds:,.0f} | {load:.1f} | {status} |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
