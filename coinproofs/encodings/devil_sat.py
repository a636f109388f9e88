"""SAT for the devil's coin flip: solve the kernel's reference formula, decode models to
strategies, count them, export the formula for outside solvers, and a faster variant.

The reference formula is the kernel's (``coinproofs/verify/devil_cnf.py``): satisfiable iff a
strategy of L moves wins, and its models projected on the move variables are exactly the
winning strategies of L orbit moves. Nothing here needs trusting: a decoded strategy goes to
the kernel's exact simulation, an UNSAT answer to its LRAT checker.

The variant "counted" adds, at every step t, a bound on the number of coin states in the
belief (the sum of the sizes of its orbits): at most L - t + 1. Every winning strategy of L
moves meets it with its true beliefs. Against a devil who keeps turning the table to the
same spot (rotating by r once, then never again), a state s the coins may be in after t
moves becomes s ^ Q_i after i more moves, Q_i being the XOR of the next i moves; the game
ends only if s = Q_i for some i = 0..L-t (Q_0 = 0: all heads, already over). So every
state of the belief's orbits is one of the L - t + 1 values Q_i. The bound makes the
search for a 255-move strategy for 8 coins take seconds to half a minute (CaDiCaL's time
varies with the order of the clauses) instead of more than five minutes (docs/encodings.md).
A model of the variant is a model of the reference formula, so the strategies it finds are
winning; but its UNSAT answers lean on the argument above, so lower bounds are proved with the
reference formula only.

>>> [len(strategy) for strategy in winning_strategies(2, 3)]
[3]
>>> find_strategy(2, 2) is None, find_strategy(2, 3)
(True, [3, 1, 3])
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator

from pysat.card import ITotalizer
from pysat.formula import CNF

from coinproofs.encodings.cadical import SolveResult, interrupts_kept, solve
from coinproofs.verify.devil import orbits, rotations
from coinproofs.verify.devil_cnf import MAX_N, Layout, clause_count, header, reference_cnf
from coinproofs.verify.dimacs import dimacs_text

FORMATS = ("dimacs", "smt2")
MAX_EXPORT_CLAUSES = 5_000_000  # about 2 GB in pysat; N = 8, L = 255 needs 1.9 million


def check_size(n: int, length: int) -> None:
    """Raise ValueError, in a sentence, for (n, length) the encodings do not handle."""
    if not 1 <= n <= MAX_N:
        raise ValueError(f"the SAT encoding handles 1..{MAX_N} coins, not {n} "
                         f"(beliefs over rotation orbits of more coins are too large)")
    if length < 0:
        raise ValueError(f"the number of moves must not be negative (got {length})")
    if clause_count(n, length) > MAX_EXPORT_CLAUSES:
        raise ValueError(f"the formula for {n} coins and {length} moves has "
                         f"{clause_count(n, length):,} clauses, more than the "
                         f"{MAX_EXPORT_CLAUSES:,} this tool builds in memory")


def counted_cnf(n: int, length: int) -> CNF:
    """The reference formula and, at every step t, at most `length` - t + 1 coin states in the
    belief (see the module's docstring): the same winning strategies, found much faster."""
    check_size(n, length)
    cnf = reference_cnf(n, length)
    at = Layout(n, length)
    for t in range(1, length + 1):
        weighted = [(at.belief(t, j), len(rotations(least, n)))
                    for j, least in enumerate(orbits(n))]
        cnf.extend(at_most_states(weighted, length - t + 1, cnf))
    return cnf


def at_most_states(weighted: list[tuple[int, int]], bound: int, cnf: CNF) -> list[list[int]]:
    """Clauses saying that the true variables of `weighted` (variable, weight) have weights
    summing to at most `bound`; new variables are numbered above `cnf.nv`, which grows.

    Weights are orbit sizes, so there are few distinct ones: one totalizer counts the true
    variables of each weight, and for every count of the lighter ones a clause caps the count
    of the heaviest.
    """
    groups: dict[int, list[int]] = {}
    for variable, weight in weighted:
        groups.setdefault(weight, []).append(variable)
    if sum(weight * len(group) for weight, group in groups.items()) <= bound:
        return []
    clauses: list[list[int]] = []
    at_least: dict[int, list[int]] = {}  # at_least[w][c - 1]: c or more of weight w are true
    for weight, group in sorted(groups.items(), reverse=True):
        counter = ITotalizer(lits=group, ubound=len(group), top_id=cnf.nv)
        cnf.nv = counter.top_id
        clauses += counter.cnf.clauses
        at_least[weight] = counter.rhs
    heaviest, *lighter = sorted(groups, reverse=True)
    for counts in itertools.product(*(range(len(groups[w]) + 1) for w in lighter)):
        if_counts = [-at_least[w][c - 1] for w, c in zip(lighter, counts, strict=True) if c > 0]
        left = bound - sum(w * c for w, c in zip(lighter, counts, strict=True))
        if left < 0:
            clauses.append(if_counts)
        elif left // heaviest < len(groups[heaviest]):
            clauses.append([*if_counts, -at_least[heaviest][left // heaviest]])
    return clauses


VARIANTS: dict[str, Callable[[int, int], CNF]] = {"reference": reference_cnf,
                                                   "counted": counted_cnf}


def solve_formula(n: int, length: int, variant: str = "reference", *,
                  proof: bool = False) -> SolveResult:
    """CaDiCaL's answer on the formula `variant` for n coins and `length` moves."""
    check_size(n, length)
    if variant not in VARIANTS:
        raise ValueError(f"unknown encoding {variant!r}; choose one of {', '.join(VARIANTS)}")
    return solve(VARIANTS[variant](n, length).clauses, proof=proof)


def decode(model: list[int], n: int, length: int) -> list[int]:
    """The strategy (move bitmasks) of a model of the reference formula: at each step, the least
    member of the orbit whose move variable is true."""
    at = Layout(n, length)
    true = {literal for literal in model if literal > 0}
    return [next(least for m, least in enumerate(orbits(n)) if at.move(t, m) in true)
            for t in range(1, length + 1)]


def find_strategy(n: int, length: int, variant: str = "reference") -> list[int] | None:
    """A winning strategy of exactly `length` moves found by CaDiCaL, or None if there is none.

    >>> len(find_strategy(4, 15, "counted")), find_strategy(4, 14, "counted")
    (15, None)
    """
    result = solve_formula(n, length, variant)
    return None if result.model is None else decode(result.model, n, length)


def winning_strategies(n: int, length: int) -> Iterator[list[int]]:
    """Every winning strategy of `length` orbit moves (one move per orbit: its least member),
    each once: the models of the reference formula projected on its move variables, found one
    by one with a clause that blocks each strategy found."""
    from pysat.solvers import Solver

    check_size(n, length)
    at = Layout(n, length)
    index = {least: m for m, least in enumerate(orbits(n))}
    with Solver(name="cadical195", bootstrap_with=reference_cnf(n, length).clauses) as solver, \
            interrupts_kept():
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
