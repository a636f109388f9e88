"""Benchmark of the two checkers of No repeats strategy DAGs: the kernel's Python walk against
the native checker (coinproofs/verify/_dagcheck.c), in the same run.

Run: .venv/bin/python bench/bench_norepeat_dag.py [--quick]

For 5 coins (each rule, the whole game, the engine's DAG) and for 6 coins (DAGs from positions
--moves random moves into a game, as large as the Python engine writes in seconds): the nodes,
the seconds and nodes per second of each checker (both passes, best of 3), and the ratio. The
nodes per second on 6 coins give the time to check a six-coin DAG of any size
(docs/certificates.md).
"""

from __future__ import annotations

import argparse
import random
import time

from coinproofs.games.norepeat import NoRepeats, dag_nodes, late_lost_position, strategy_dag
from coinproofs.verify import norepeat_dag as kernel
from coinproofs.verify._dagcheck import Dag

ROUNDS = 3


def seconds(make: type[kernel.Walk] | type[Dag], data: bytes, n: int, misere: bool,
            root: tuple[int, int]) -> float:
    """The fastest of ROUNDS checks of the DAG's nodes (both passes)."""
    nodes = dag_nodes(data)
    best = float("inf")
    for _ in range(ROUNDS):
        start = time.perf_counter()
        checker: kernel.Checker = (kernel.Walk(n, misere, 2, 255, nodes, root)
                                   if make is kernel.Walk
                                   else Dag(n, misere, 2, 255, nodes, *root))
        for feed, end in ((checker.positions, checker.end_positions),
                          (checker.replies, checker.end_replies)):
            feed(data[20:])
            end()
        best = min(best, time.perf_counter() - start)
    return best


def row(label: str, data: bytes, n: int, misere: bool, root: tuple[int, int]) -> None:
    nodes = dag_nodes(data)
    python, native = (seconds(make, data, n, misere, root) for make in (kernel.Walk, Dag))
    print(f"{label:28} {nodes:8,} {python:9.4f} {nodes / python:10,.0f} {native:9.5f} "
          f"{nodes / native:12,.0f} {python / native:7.0f}x")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="one late position per rule")
    parser.add_argument("--moves", type=int, nargs="+", default=[30, 26],
                        help="how far into a 6-coin game the late positions lie")
    args = parser.parse_args()
    print(f"{'DAG':28} {'nodes':>8} {'python s':>9} {'nodes/s':>10} {'native s':>9} "
          f"{'nodes/s':>12} {'ratio':>8}")
    for misere in (False, True):
        rule = "misère" if misere else "normal"
        game = NoRepeats(5, misere)
        data = strategy_dag(game)
        first = data[11]
        root = kernel.start(5, data[10], first)
        row(f"5 coins, {rule}, whole game", data, 5, misere, root)
    rng = random.Random(6)
    for misere in (False, True):
        rule = "misère" if misere else "normal"
        game = NoRepeats(6, misere, native=False)
        for moves in args.moves[:1] if args.quick else args.moves:
            seen, at = late_lost_position(game, moves, rng)
            data = strategy_dag(game, (seen, at))
            row(f"6 coins, {rule}, {moves} moves in", data, 6, misere,
                (kernel.reduce(seen, at, 6), at))


if __name__ == "__main__":
    main()
