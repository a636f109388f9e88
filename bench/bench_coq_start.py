"""Benchmark: what a coqc run spends before its first proof, loading MathComp and formal/.

Run as `.venv/bin/python bench/bench_coq_start.py [--quick]`. Skips, saying so, when coqc is
missing or formal/ is not built (`make formal`). Every file the Coq road writes, and every file
of formal/, starts by importing MathComp; `verify --coq` runs coqc once per proof and once for
the statements, so this start is most of a small claim's check. Each row is the median CPU
time (user + system of the child) of compiling a file that only imports, with its ratio to the
baseline measured in the same run: MathComp's `all_ssreflect`, which formal/ imported before it
named the files it needs (coinproofs.coq.MATHCOMP; a proof file `prove` writes imports only
their first six, PROOF_MATHCOMP_IMPORT).
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

from budget import cpu_seconds

from coinproofs.coq import MATHCOMP_IMPORT, PROOF_MATHCOMP_IMPORT
from coinproofs.coq.check import coqc
from coinproofs.coq.library import formal_folder

BASELINE = "all_ssreflect"
FILES = {
    BASELINE: "From mathcomp Require Import all_ssreflect.",
    "MathComp by name": MATHCOMP_IMPORT,
    "a coin flip proof's imports":
        f"{PROOF_MATHCOMP_IMPORT}\nFrom CoinProofs Require Import Claims Rules TableClaims.",
    "a penny proof's imports":
        f"{PROOF_MATHCOMP_IMPORT}\nFrom CoinProofs Require Import Claims RulesPenny PennyClaims.",
}


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description="CPU time of a coqc run's imports")
    parser.add_argument("--quick", action="store_true", help="3 runs of each file, not 11")
    args = parser.parse_args(argv)
    formal = formal_folder()
    if shutil.which("coqc") is None or not (formal / "table" / "TableClaims.vo").is_file():
        print("skipped: needs coqc and a built formal/ (make formal)")
        return
    runs = 3 if args.quick else 11
    seconds: dict[str, list[float]] = {name: [] for name in FILES}
    with tempfile.TemporaryDirectory(prefix="bench-coq-start-") as name:
        folder = Path(name)
        for number, text in enumerate(FILES.values()):
            (folder / f"Start{number}.v").write_text(text + "\n")
        for _ in range(runs):  # interleaved, so that a busy moment of the machine hits every row
            for number, row in enumerate(FILES):
                seconds[row].append(cpu_seconds(coqc(formal, folder, f"Start{number}"), folder))
    base = statistics.median(seconds[BASELINE])
    print(f"{'imports':32} {'CPU s':>7} {'x baseline':>10}   (median of {runs})")
    for row, spent in seconds.items():
        median = statistics.median(spent)
        print(f"{row:32} {median:7.2f} {median / base:10.2f}")


if __name__ == "__main__":
    main(sys.argv[1:])
