"""Benchmark: how long Coq takes to check the penny claims' proofs (formal/ built first).

Run as `.venv/bin/python bench/bench_coq_penny.py [--quick] [ID ...]` (default: every default
penny claim and, unless --quick, three squares of 100,000). Skips, saying so, when coqc is
missing or formal/ is not built (`make formal`). Proves the claims into a temporary folder,
then compiles each `.v` that `prove` wrote with coqc, one at a time, and prints the CPU seconds
of each (user and system time of the child) with its ratio to the baseline measured in the
same run: penny.unique.m30, whose proof computes nothing, so that its time is that of loading
MathComp.
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
from pathlib import Path

from budget import cpu_seconds

import coinproofs as cp
from coinproofs.coq import module_name
from coinproofs.coq.check import coqc, formal_folder

BASELINE = "penny.unique.m30"
LARGE = ["penny.p-positions.m100000", "penny.misere.m100000", "penny.a-wythoff.a2.m100000"]


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description="CPU time of coqc on penny proofs")
    parser.add_argument("ids", nargs="*", help="claims to prove and check")
    parser.add_argument("--quick", action="store_true", help="the default claims only")
    args = parser.parse_args(argv)
    if shutil.which("coqc") is None or not (formal_folder() / "penny" / "PennyClaims.vo").is_file():
        print("skipped: needs coqc and a built formal/ (make formal)")
        return
    defaults = [claim["id"] for claim in cp.claims()["claims"]
                if claim["game"] == "penny" and claim["default"]]
    ids = args.ids or (defaults if args.quick else [*defaults, *LARGE])
    with tempfile.TemporaryDirectory(prefix="bench-coq-penny-") as name:
        folder = Path(name)
        proofs = cp.prove(*dict.fromkeys([BASELINE, *ids]), out=folder, jobs=2)
        if not proofs.proved:
            sys.exit("some claim was not proved")
        seconds = {claim_id: cpu_seconds(coqc(formal_folder(), folder, module_name(claim_id)),
                                         folder)
                   for claim_id in dict.fromkeys([BASELINE, *ids])}
    base = seconds[BASELINE]
    print(f"{'claim':32} {'CPU s':>7} {'x baseline':>10}")
    for claim_id, spent in seconds.items():
        print(f"{claim_id:32} {spent:7.2f} {spent / base:10.1f}")


if __name__ == "__main__":
    main(sys.argv[1:])
