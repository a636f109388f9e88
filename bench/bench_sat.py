"""Benchmark of the SAT evidence for the devil's coin flip (issue 3).

    .venv/bin/python bench/bench_sat.py                 # claims, LRAT check vs solve, N = 8
    .venv/bin/python bench/bench_sat.py --large         # also LRAT proofs of larger formulas
    .venv/bin/python bench/bench_sat.py --naive 300     # also the reference formula for N = 8

Prints one markdown table per part:

1. seconds to prove each ``devil.nN.shortest`` claim that has SAT evidence (all its evidence,
   certificate re-checked by the kernel), and of its SAT parts alone;
2. LRAT: seconds to refute the reference formula with CaDiCaL and write the proof, against
   seconds for the kernel to rebuild the formula, hash it and check the proof (target: the
   check is no slower than the solve);
3. the stretch goal: a winning strategy of 255 moves for 8 coins found by SAT, with the faster
   "counted" encoding (and, with --naive, the reference formula given that many seconds).
"""

from __future__ import annotations

import argparse
import multiprocessing
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

from coinproofs.encodings.cadical import solve
from coinproofs.encodings.devil_sat import VARIANTS, decode
from coinproofs.proofs.devil_evidence import lower_bound_evidence, sat_strategy_evidence
from coinproofs.proofs.registry import ProofContext, select
from coinproofs.proofs.runner import prove_one
from coinproofs.verify.certificate import Artifacts
from coinproofs.verify.devil_cnf import check_lrat_evidence
from coinproofs.verify.table import coin_flip, simulate

SAT_CLAIMS = {1: 1, 2: 3, 4: 15}  # the claims whose provers add SAT evidence
LRAT_CASES = [(2, 2), (4, 14), (3, 8), (5, 32), (6, 64)]
LARGE_LRAT_CASES = [(7, 128), (8, 32), (8, 64)]


def timed(action: Callable[[], Any]) -> tuple[Any, float]:
    start = time.perf_counter()
    result = action()
    return result, time.perf_counter() - start


def table(title: str, columns: list[str], rows: list[list[Any]]) -> None:
    print(f"\n### {title}\n")
    print("| " + " | ".join(columns) + " |")
    print("|" + "|".join("---" for _ in columns) + "|")
    for row in rows:
        print("| " + " | ".join(f"{cell:.3f}" if isinstance(cell, float) else str(cell)
                                for cell in row) + " |")


def claims_part(folder: Path) -> None:
    rows = []
    for n, length in SAT_CLAIMS.items():
        (claim,) = select([f"devil.n{n}.shortest"])
        outcome, seconds = timed(partial(prove_one, claim, folder))
        assert outcome.proved, outcome.reason
        context = ProofContext(out_dir=folder, claim_id=f"bench.n{n}")
        _, strategy_seconds = timed(partial(sat_strategy_evidence, context, n, length))
        bound_seconds = check_seconds = 0.0
        if length >= 1:
            evidence, bound_seconds = timed(partial(lower_bound_evidence, context, n, length - 1))
            _, check_seconds = timed(partial(check_lrat_evidence, n, evidence, Artifacts(folder)))
        rows.append([claim.id, ", ".join(outcome.methods), seconds, strategy_seconds,
                     bound_seconds, check_seconds])
    table("Claims with SAT evidence (seconds)",
          ["claim", "evidence", "prove + kernel check", "SAT strategy", "LRAT lower bound",
           "kernel LRAT check"], rows)


def lrat_part(folder: Path, cases: list[tuple[int, int]]) -> None:
    rows = []
    for n, length in cases:
        context = ProofContext(out_dir=folder, claim_id=f"bench.lrat.n{n}")
        evidence, solve_seconds = timed(partial(lower_bound_evidence, context, n, length))
        _, check_seconds = timed(partial(check_lrat_evidence, n, evidence, Artifacts(folder)))
        size = (folder / evidence["proof"]).stat().st_size
        rows.append([n, length, f"{size:,}", solve_seconds, check_seconds,
                     f"{check_seconds / solve_seconds:.2f}"])
    table("LRAT: no strategy of L moves (reference formula)",
          ["N", "L", "proof bytes", "solve + write (s)", "kernel check (s)", "check / solve"],
          rows)


def find_and_check(n: int, length: int, variant: str) -> tuple[float, float, bool]:
    """Seconds to build the formula, seconds for CaDiCaL to load and solve it, and whether the
    strategy it finds wins."""
    cnf, build_seconds = timed(partial(VARIANTS[variant], n, length))
    result = solve(cnf.clauses, proof=False)
    assert result.model is not None, f"{variant}: no strategy of {length} moves for {n} coins"
    strategy = decode(result.model, n, length)
    return build_seconds, result.seconds, simulate(strategy, coin_flip(n)) is None


def _child(n: int, length: int, variant: str, answers: Any) -> None:
    answers.put(find_and_check(n, length, variant))


def stretch_part(naive_seconds: float) -> None:
    rows = []
    build, solve, wins = find_and_check(8, 255, "counted")
    rows.append(["counted", build, solve, "yes" if wins else "NO"])
    if naive_seconds > 0:
        context = multiprocessing.get_context("spawn")
        answers = context.Queue()
        child = context.Process(target=_child, args=(8, 255, "reference", answers))
        child.start()
        child.join(naive_seconds)
        if child.is_alive():
            child.terminate()
            child.join()
            rows.append(["reference", "", f"> {naive_seconds:g} (stopped)", ""])
        else:
            build, solve, wins = answers.get()
            rows.append(["reference", build, solve, "yes" if wins else "NO"])
    table("Stretch: a 255-move strategy for 8 coins by SAT (CaDiCaL 1.9.5)",
          ["encoding", "build (s)", "load + solve (s)", "kernel: wins"], rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--large", action="store_true",
                        help="also refute larger formulas (N = 7, 8; about a minute)")
    parser.add_argument("--naive", type=float, default=0, metavar="SECONDS",
                        help="also give the reference formula for N = 8 this many seconds")
    parser.add_argument("--quick", action="store_true",
                        help="a shorter run: leave out the 8-coin stretch")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="coinproofs-bench-sat-") as name:
        folder = Path(name)
        claims_part(folder)
        lrat_part(folder, LRAT_CASES + (LARGE_LRAT_CASES if args.large else []))
        if not args.quick:
            stretch_part(args.naive)


if __name__ == "__main__":
    main()
