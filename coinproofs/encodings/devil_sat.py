"""SAT for the devil's coin flip and its family: solve the kernel's reference formula, decode
models to strategies, count them, export the formula for outside solvers, and a faster variant.

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

Every other member of the rotating-table family (a :class:`~coinproofs.games.devil.Table`: q-state
dials, any group of permutations, the goal "zero" or "equal") has the same formula over its own
orbits (``family_cnf``, encoding ``FAMILY_ENCODING``; docs/encodings.md): for the devil's coin
flip it is the reference formula, clause for clause.

>>> [len(strategy) for strategy in winning_strategies(2, 3)]
[3]
>>> find_strategy(2, 2) is None, find_strategy(2, 3)
(True, [3, 1, 3])
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from functools import cache

from pysat.card import CardEnc, EncType, ITotalizer
from pysat.formula import CNF
from pysat.solvers import Solver

from coinproofs.encodings.cadical import SolveResult, interrupts_kept, solve
from coinproofs.games.devil import Game, Table, as_table, coins_text, cycles_text, describe
from coinproofs.games.devil import generators as group_generators
from coinproofs.verify import table as kernel
from coinproofs.verify.certificate import Rejected
from coinproofs.verify.devil_cnf import MAX_N, Layout, clause_count, header, reference_cnf
from coinproofs.verify.dimacs import dimacs_text
from coinproofs.verify.table import rotation_orbits, rotations

MAX_EXPORT_CLAUSES = 5_000_000  # about 2 GB in pysat; N = 8, L = 255 needs 1.9 million


def check_size(n: int, length: int) -> None:
    """Raise ValueError, in a sentence, for (n, length) the encodings do not handle."""
    if not 1 <= n <= MAX_N:
        raise ValueError(f"the SAT encoding handles 1..{MAX_N} coins, not {n} "
                         f"(beliefs over rotation orbits of more coins are too large)")
    check_length(f"{n} coins", length, lambda: clause_count(n, length))


def check_length(table: str, length: int, clauses: Callable[[], int]) -> None:
    """Raise ValueError, in a sentence, for a negative length or a formula with more clauses
    (counted by `clauses`, called only for a length that is not negative) than is built."""
    if length < 0:
        raise ValueError(f"the number of moves must not be negative (got {length})")
    if clauses() > MAX_EXPORT_CLAUSES:
        raise ValueError(f"the formula for {table} and {length} moves has {clauses():,} "
                         f"clauses, more than the {MAX_EXPORT_CLAUSES:,} this tool builds in "
                         "memory")


def counted_cnf(n: int, length: int) -> CNF:
    """The reference formula and, at every step t, at most `length` - t + 1 coin states in the
    belief (see the module's docstring): the same winning strategies, found much faster."""
    check_size(n, length)
    cnf = reference_cnf(n, length)
    at = Layout(n, length)
    for t in range(1, length + 1):
        weighted = [(at.belief(t, j), len(rotations(least, n)))
                    for j, least in enumerate(rotation_orbits(n))]
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


# --- The rotating-table family ------------------------------------------------------------------
#
# The same formula for any Table, over the kernel's orbits of that table (``verify/table.py``):
# M orbits of states (the goal's merged into orbit 0) for the beliefs, and K orbits of moves
# (one move per orbit, its least member) for the moves. A move is one variable per orbit of
# moves (one-hot), not one variable per dial's turn (q > 2: one-hot or binary digits of each
# turn mod q): a belief's image depends only on the move's orbit, so per-dial variables would
# need a transition clause for each of the q^N moves (instead of K, about q^N / |G|) and would
# multiply every strategy's models by its moves' orbit sizes; with one variable per orbit the
# models projected on the moves are exactly the strategies up to the group, which the tests
# count. For coins on a rotating table with the goal all heads K = M and the formula is the
# kernel's reference formula, clause for clause (a test).

FAMILY_ENCODING = "family-beliefs-onehot/v1"
MAX_ENCODED_STATES = 1 << 12  # the kernel's orbit images take about a second at 4,096 states


@cache
def rules_of(t: Table) -> kernel.Table:
    """The kernel's rules for a table (its group given by the engine's generators), or a
    ValueError in a sentence for a table too large to encode."""
    if t.size > MAX_ENCODED_STATES:
        raise ValueError(f"the SAT and SMT encodings handle tables of at most "
                         f"{MAX_ENCODED_STATES:,} states, but {describe(t)} have "
                         f"{t.q}^{t.n} = {t.size:,}")
    try:
        return kernel.table_of(t.n, t.q, goal=t.goal, generators=group_generators(t))
    except Rejected as error:
        raise ValueError(str(error)) from None


class FamilyLayout:
    """The variable numbers of the family formula for a table and `length` moves: after the
    belief variables of the reference layout, K move variables per step (K = M for coins)."""

    def __init__(self, t: Table, length: int) -> None:
        r = rules_of(t)
        self.length = length
        self.orbits = len(kernel.orbits(r))
        self.moves = len(kernel.move_orbits(r))
        self.nvars = (length + 1) * self.orbits + length * self.moves

    def belief(self, t: int, j: int) -> int:
        """The variable "after t moves the belief contains orbit j" (t = 0..length)."""
        return 1 + t * self.orbits + j

    def move(self, t: int, m: int) -> int:
        """The variable "move t is the least member of orbit of moves m" (t = 1..length)."""
        return 1 + (self.length + 1) * self.orbits + (t - 1) * self.moves + m


def family_clause_count(t: Table, length: int) -> int:
    """The number of clauses of family_cnf(t, length), counted without building it."""
    r = rules_of(t)
    m, k = len(kernel.orbits(r)), len(kernel.move_orbits(r))
    transitions = sum(image.bit_count() for row in kernel.orbit_images(r) for image in row)
    return m + length * (1 + k * (k - 1) // 2 + transitions) + (m - 1)


def check_table_size(game: Game, length: int) -> None:
    """Raise ValueError, in a sentence, for a (table, length) the encodings do not handle."""
    t = as_table(game)
    if t.is_coins:
        check_size(t.n, length)
    else:
        check_length(describe(t), length, lambda: family_clause_count(t, length))


def family_cnf(game: Game, length: int) -> CNF:
    """Satisfiable iff a strategy of `length` moves wins on the table: the reference formula's
    clauses, in its order, over the table's orbits (see the comment above).

    >>> family_cnf(2, 3).clauses == reference_cnf(2, 3).clauses
    True
    >>> len(family_cnf(Table(3, q=3), 2).clauses)
    587
    """
    t = as_table(game)
    check_table_size(t, length)
    r = rules_of(t)
    at = FamilyLayout(t, length)
    cnf = CNF()
    for j in range(at.orbits):
        cnf.append([at.belief(0, j)])
    for step in range(1, length + 1):
        moves = [at.move(step, m) for m in range(at.moves)]
        cnf.append(moves)
        cnf.extend(CardEnc.atmost(moves, 1, encoding=EncType.pairwise).clauses)
        for m, row in enumerate(kernel.orbit_images(r)):
            for j, image in enumerate(row):
                for k in range(at.orbits):
                    if image >> k & 1:
                        cnf.append([-at.move(step, m), -at.belief(step - 1, j),
                                    at.belief(step, k)])
    for j in range(1, at.orbits):
        cnf.append([-at.belief(length, j)])
    cnf.nv = at.nvars
    return cnf


def family_header(game: Game, length: int) -> list[str]:
    """The DIMACS comment lines of the family formula: its question and its variables (for the
    devil's coin flip, the reference formula's own header)."""
    t = as_table(game)
    if t.is_coins:
        return header(t.n, length)
    r = rules_of(t)
    at = FamilyLayout(t, length)
    moves = "1 move" if length == 1 else f"{length} moves"
    goal = "every dial at 0" if t.goal == "zero" else "every dial the same"
    return [
        f"coinproofs {FAMILY_ENCODING}: {describe(t)}, {moves}",
        f"claim: a strategy of {moves} wins on {describe(t)} (SAT iff true; UNSAT proves "
        f"that no strategy of at most {moves} wins)",
        f"a state lists the dials at positions 0..{t.n - 1}; the devil's group is generated by "
        + (", ".join(cycles_text(g) for g in r.generators) or "() (no permutation)")
        + f"; the goal: {goal}",
        f"M = {at.orbits} orbits of states, numbered 0..{at.orbits - 1}: orbit 0 holds every "
        "goal state, the others in increasing order of their least member",
        f"K = {at.moves} orbits of moves, numbered 0..{at.moves - 1} in increasing order of "
        "their least member",
        f"variable 1 + t*{at.orbits} + j (t = 0..{length}, j = 0..{at.orbits - 1}): "
        "after t moves the belief contains orbit j",
        f"variable {at.move(1, 0)} + (t-1)*{at.moves} + m (t = 1..{length}, "
        f"m = 0..{at.moves - 1}): move t is the least member of orbit of moves m",
        *(f"orbit {j}: least member {coins_text(least, t)}"
          for j, least in enumerate(kernel.orbits(r))),
        *(f"orbit of moves {m}: least member {coins_text(least, t)}"
          for m, least in enumerate(kernel.move_orbits(r))),
    ]


# --- Solving, decoding, exporting (any table) ---------------------------------------------------

VARIANTS: dict[str, Callable[[int, int], CNF]] = {"reference": reference_cnf,
                                                   "counted": counted_cnf}


def formula(game: Game, length: int, variant: str = "reference") -> CNF:
    """The formula `variant` for the table and `length` moves: for the devil's coin flip the
    kernel's reference formula or its counted variant, for any other table family_cnf."""
    t = as_table(game)
    if variant not in VARIANTS:
        raise ValueError(f"unknown encoding {variant!r}; choose one of {', '.join(VARIANTS)}")
    if t.is_coins:
        check_size(t.n, length)
        return VARIANTS[variant](t.n, length)
    if variant != "reference":
        raise ValueError(f"the {variant} encoding is for coins on a rotating table with the "
                         "goal all heads only")
    return family_cnf(t, length)


def solve_formula(game: Game, length: int, variant: str = "reference", *,
                  proof: bool = False) -> SolveResult:
    """CaDiCaL's answer on the formula `variant` for the table (n coins) and `length` moves."""
    return solve(formula(game, length, variant).clauses, proof=proof)


def decode(model: list[int], game: Game, length: int) -> list[int]:
    """The strategy (moves) of a model of the formula: at each step, the least member of the
    orbit of moves whose variable is true."""
    t = as_table(game)
    at = FamilyLayout(t, length)  # for coins, the reference layout (K = M)
    true = {literal for literal in model if literal > 0}
    return [next(least for m, least in enumerate(kernel.move_orbits(rules_of(t)))
                 if at.move(step, m) in true)
            for step in range(1, length + 1)]


def find_strategy(game: Game, length: int, variant: str = "reference") -> list[int] | None:
    """A winning strategy of exactly `length` moves found by CaDiCaL, or None if there is none.

    >>> len(find_strategy(4, 15, "counted")), find_strategy(4, 14, "counted")
    (15, None)
    >>> find_strategy(Table(4, goal="equal"), 7), find_strategy(Table(4, goal="equal"), 6)
    ([5, 3, 5, 1, 5, 3, 5], None)
    """
    result = solve_formula(game, length, variant)
    return None if result.model is None else decode(result.model, game, length)


def winning_strategies(game: Game, length: int) -> Iterator[list[int]]:
    """Every winning strategy of `length` moves up to the devil's group (one move per orbit of
    moves: its least member), each once: the models of the formula projected on its move
    variables, found one by one with a clause that blocks each strategy found."""
    t = as_table(game)
    cnf = formula(t, length)
    at = FamilyLayout(t, length)
    index = {least: m for m, least in enumerate(kernel.move_orbits(rules_of(t)))}
    with Solver(name="cadical195", bootstrap_with=cnf.clauses) as solver, interrupts_kept():
        while solver.solve():
            strategy = decode(solver.get_model(), t, length)
            yield strategy
            solver.add_clause([-at.move(step, index[move])
                               for step, move in enumerate(strategy, 1)])


def dimacs(game: Game, length: int) -> str:
    """The formula as DIMACS, with the header saying what each variable means (for coins: the
    exact text whose SHA-256 LRAT evidence names)."""
    cnf = formula(game, length)
    return dimacs_text(cnf.clauses, cnf.nv, family_header(game, length))

