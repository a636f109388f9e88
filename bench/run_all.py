"""`make bench`: run every benchmark script under bench/ in turn, each in its own process.

Each script measures its engine against a baseline in the same run (ratios, not absolute
times alone) and prints its own table. Pass --quick to ask each for a shorter run.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def main(argv: list[str]) -> int:
    failures = []
    for script in sorted(HERE.glob("bench_*.py")):
        print(f"\n=== {script.name} ===", flush=True)
        if subprocess.run([sys.executable, str(script), *argv], cwd=HERE.parent).returncode:
            failures.append(script.name)
    if failures:
        print(f"\nfailed: {', '.join(failures)}", file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
