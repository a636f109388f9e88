"""SAT for the devil's coin flip: solve the kernel's reference formula, decode models to
strategies, count them, and export the formula for outside solvers.

The formula itself is the kernel's (``coinproofs/verify/devil_cnf.py``): satisfiable iff a
strategy of L moves wins, and its models projected on the move variables are exactly the
winning strategies of L orbit moves. Nothing here needs trusting: a decoded strategy goes to
the kernel's exact simulation, an UNSAT answer to its LRAT checker.

>>> [len(strategy) for strategy in winning_strategies(2, 3)]
[3]
>>> find_strategy(2, 2) is None, find_strategy(2, 3)
(True, [3, 1, 3])
"""

from __future__ import annotations

from collections.abc import Iterator

from coinproofs.encodings.cadical import SolveResult, solve
from coinproofs.verify.devil import orbits
from coinproofs.verify.devil_cnf import MAX_N, Layout, header, reference_cnf
from coinproofs.verify.dimacs import dimacs_text

FORMATS = ("dimacs", "smt2")


def check_size(n: int, length: int) -> None:
    """Raise ValueError, in a sentence, for (n, length) the encodings do not handle."""
    if not 1 <= n <= MAX_N:
        raise ValueError(f"the SAT encoding handles 1..{MAX_N} coins, not {n} "
                         f"(beliefs over rotation orbits of more coins are too large)")
    if length < 0:
        raise ValueError(f"the number of moves must not be negative (got {length})")


def solve_reference(n: int, length: int, *, proof: bool = False) -> SolveResult:
    """CaDiCaL's answer on the reference formula for n coins and `length` moves."""
    check_size(n, length)
    return solve(reference_cnf(n, length).clauses, proof=proof)


def decode(model: list[int], n: int, length: int) -> list[int]:
    """The strategy (move bitmasks) of a model of the reference formula: at each step, the least
    member of the orbit whose move variable is true."""
    at = Layout(n, length)
    true = {literal for literal in model if literal > 0}
    return [next(least for m, least in enumerate(orbits(n)) if at.move(t, m) in true)
            for t in range(1, length + 1)]


def find_strategy(n: int, length: int) -> list[int] | None:
    """A winning strategy of exactly `length` moves found by CaDiCaL, or None if there is none."""
    result = solve_reference(n, length)
    return None if result.model is None else decode(result.model, n, length)


def winning_strategies(n: int, length: int) -> Iterator[list[int]]:
    """Every winning strategy of `length` orbit moves (one move per orbit: its least member),
    each once: the models of the reference formula projected on its move variables, found one
    by one with a clause that blocks each strategy found."""
    from pysat.solvers import Solver

    check_size(n, length)
    at = Layout(n, length)
    index = {least: m for m, least in enumerate(orbits(n))}
    with Solver(name="cadical195", bootstrap_with=reference_cnf(n, length).clauses) as solver:
        while solver.solve():
            strategy = decode(solver.get_model(), n, length)
            yield strategy
            solver.add_clause([-at.move(t, index[move]) for t, move in enumerate(strategy, 1)])


def dimacs(n: int, length: int) -> str:
    """The reference formula as DIMACS, with the header saying what each variable means: the
    exact text whose SHA-256 LRAT evidence names."""
    check_size(n, length)
    cnf = reference_cnf(n, length)
    return dimacs_text(cnf.clauses, cnf.nv, header(n, length))


def encode(n: int, length: int, format: str) -> str:
    """'A winning strategy of `length` moves exists for n coins' as DIMACS CNF or SMT-LIB 2."""
    if format == "dimacs":
        return dimacs(n, length)
    if format == "smt2":
        from coinproofs.encodings.devil_smt import smt2

        return smt2(n, length)
    raise ValueError(f"unknown format {format!r}; choose one of {', '.join(FORMATS)}")
