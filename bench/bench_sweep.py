"""Benchmark of the family sweep: every claim of the rotating-table family that `coinproofs
claims --all` lists, proved by `coinproofs prove` with --jobs 1 (the baseline), --jobs 2, and
--scheduler on a Dask LocalCluster of 2 single-threaded worker processes.

Run: .venv/bin/python bench/bench_sweep.py [--repeats R] [--quick]

Each way is timed as a user meets it (the command from start to exit: start-up, proving, writing,
the kernel's check of every certificate), R times in turn; the table gives the best and the first
run of each and the ratio of the best against --jobs 1's best in this run; then the seconds the
claims took in all and the longest of them (a bound on any parallel run). The cluster is started
and warmed up (one claim proved) once, before its runs, as an existing cluster would be. The
folders must hold the same bytes (certificates, artifacts, MANIFEST), and the kernel must accept
them. --quick: the default claims of the family only, each way once.
"""

from __future__ import annotations

import argparse
import filecmp
import json
import logging
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from rich.console import Console
from rich.table import Table

from coinproofs.certificates import claims
from coinproofs.proofs.devil import TEMPLATE
from coinproofs.proofs.registry import shown
from coinproofs.proofs.runner import prove_on_worker

ROOT = Path(__file__).resolve().parents[1]


def family_claims(every: bool) -> list[str]:
    """The ids of the family's listed claims (with `every`, those proved on request too)."""
    return [claim["id"] for claim in claims(every=every)["claims"]
            if claim["pattern"] == shown(TEMPLATE)]


def sweep(ids: list[str], folder: Path, *options: str) -> tuple[float, dict[str, float]]:
    """Seconds for `coinproofs prove IDS --out FOLDER OPTIONS` to run (it must prove them all),
    and the seconds of each claim (proving and checking) that it reports."""
    start = time.perf_counter()
    run = subprocess.run([sys.executable, "-m", "coinproofs", "prove", *ids, "--out",
                          str(folder), "--json", *options], cwd=ROOT, check=True,
                         capture_output=True, text=True)
    return time.perf_counter() - start, {row["id"]: row["seconds"]
                                         for row in json.loads(run.stdout)}


def same_bytes(first: Path, second: Path) -> bool:
    """Do the two folders hold the same files with the same bytes?"""
    names = sorted(path.name for path in first.iterdir())
    if names != sorted(path.name for path in second.iterdir()):
        return False
    matching, _, _ = filecmp.cmpfiles(first, second, names, shallow=False)
    return len(matching) == len(names)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3, help="runs of each way (default 3)")
    parser.add_argument("--quick", action="store_true",
                        help="the family's default claims only, each way once")
    args = parser.parse_args()
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        print("dask.distributed is not installed (pip install 'coinproofs[cluster]'): "
              "the sweep needs it for its cluster runs", file=sys.stderr)
        return 1
    repeats = 1 if args.quick else args.repeats
    ids = family_claims(every=not args.quick)
    start = time.perf_counter()
    with tempfile.TemporaryDirectory() as scratch, \
            LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                         dashboard_address=":0", silence_logs=logging.CRITICAL) as cluster:
        # Warm, as a cluster that has proved before is: every worker proves a claim once, so
        # coinproofs, the provers and the kernel are imported there.
        with Client(cluster.scheduler_address) as client:
            client.run(prove_on_worker, ids[0])
        cluster_start = time.perf_counter() - start
        ways = {"--jobs 1": ["--jobs", "1"], "--jobs 2": ["--jobs", "2"],
                "--scheduler (LocalCluster, 2 workers)": ["--scheduler",
                                                          cluster.scheduler_address]}
        seconds: dict[str, list[float]] = {way: [] for way in ways}
        claim_seconds: dict[str, float] = {}  # each claim's best, over the runs with --jobs 1
        for run in range(repeats):
            for way, options in ways.items():  # in turn, so that load drifts hit every way
                folder = Path(scratch) / f"{list(ways).index(way)}.{run}"
                wall, claims_took = sweep(ids, folder, *options)
                seconds[way].append(wall)
                if way == "--jobs 1":
                    claim_seconds = {claim: min(took, claim_seconds.get(claim, took))
                                     for claim, took in claims_took.items()}
        folders = sorted(Path(scratch).iterdir())
        identical = all(same_bytes(folders[0], folder) for folder in folders[1:])
        accepted = subprocess.run([sys.executable, "-m", "coinproofs", "verify",
                                   str(folders[0])], cwd=ROOT,
                                  stdout=subprocess.DEVNULL).returncode == 0
    baseline = min(seconds["--jobs 1"])
    table = Table(title=f"the family sweep: {len(ids)} claims "
                        f"({'default' if args.quick else 'default and on request'}), "
                        f"best of {repeats}",
                  caption=f"LocalCluster start-up and warm-up {cluster_start:.1f} s (not "
                          f"counted); load average {os.getloadavg()[0]:.1f} on "
                          f"{os.cpu_count()} cores")
    for column in ("prove", "best s", "first s", "speed-up vs --jobs 1"):
        table.add_column(column, justify="left" if column == "prove" else "right")
    for way, times in seconds.items():
        table.add_row(way, f"{min(times):.2f}", f"{times[0]:.2f}",
                      f"{baseline / min(times):.2f}x")
    Console().print(table)
    longest = max(claim_seconds, key=claim_seconds.__getitem__)
    print(f"with --jobs 1 the claims took {sum(claim_seconds.values()):.2f} s in all (proving "
          f"and checking, best of {repeats} each), the longest {claim_seconds[longest]:.2f} s "
          f"({longest}): no way can take less than that plus start-up")
    print(f"the {len(folders)} folders hold the same bytes: {'yes' if identical else 'NO'}; "
          f"the kernel {'accepts' if accepted else 'REJECTS'} them")
    return 0 if identical and accepted else 1


if __name__ == "__main__":
    raise SystemExit(main())
