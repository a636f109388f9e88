"""The rotating-table family beyond search: the devil's invariants (the fast engine's road to
"no strategy wins" without listing every reachable belief), Bar-Yehuda, Etzion and Moran's
construction of a shortest winning strategy for N = p^a dials with q = p^b states, and, for
every group and either goal, the criterion that decides which tables can be won and the greedy
chain's strategy of the shortest length (Coq's table_strategy, formal/table/GroupShortest.v).

A member of the family is a :class:`~coinproofs.games.devil.Table`: n dials with q states, the
devil's group G of permutations of the positions, the goal "zero" or "equal" (rules and
conventions in ``games/devil.py``). States and moves are ints in base q.

A *devil invariant* is a nonempty set I of non-goal states, closed under G, such that for every
state s of I and every move m some permutation g keeps g(s) + m in I: then the devil keeps the
game in I forever and no strategy wins. devil_invariant computes the largest one (removing
the orbits from which some move escapes, until none does), or None. One move per orbit of
moves is enough: g(s) + g(m) = g(s + m) and I is closed under G.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import numpy.typing as npt

from coinproofs.games.devil import (
    Game,
    Table,
    added,
    as_table,
    digits,
    elements,
    from_dials,
    generators,
    goal_states,
    least_members,
    permuted,
    table,
)

Dials = list[int]  # a move as Coq writes it: how far it turns each dial, position 0 first


def _orbit_numbers(t: Table) -> tuple[npt.NDArray[np.intp], npt.NDArray[np.int64]]:
    """The devil's orbit number of every state (goal states keep their own orbits), and the
    least member of each orbit."""
    leaders, index = np.unique(least_members(t), return_inverse=True)
    return index.ravel(), leaders


def devil_invariant(game: Game) -> list[int] | None:
    """The largest devil invariant, as the least members of its orbits, or None if there is
    none (see the module's docstring).

    >>> devil_invariant(3)  # THH and TTH: the devil keeps a coin different from the others
    [1, 3]
    >>> devil_invariant(4) is None
    True
    """
    t = as_table(game)
    index, leaders = _orbit_numbers(t)
    inside = np.ones(t.size, dtype=bool)
    inside[goal_states(t)] = False
    moves = [int(m) for m in leaders]  # one move per orbit of moves is enough (I is closed)
    changed = True
    while changed and inside.any():
        changed = False
        for move in moves:
            stays = inside[added(move, t)]  # stays[x]: x + move is in I
            kept = np.bincount(index, weights=stays, minlength=len(leaders)) > 0
            shrunk = inside & kept[index]  # some member of s's orbit stays in I
            if not np.array_equal(shrunk, inside):
                inside, changed = shrunk, True
    if not inside.any():
        return None
    return sorted(int(x) for x in np.unique(least_members(t)[inside]))


# --- Bar-Yehuda, Etzion and Moran's strategy (formal/table/DialsShortest.v) -----------------------

def compose(inner: list[Dials], lift: Callable[[Dials], Dials], outer: list[Dials]) -> list[Dials]:
    """D (lift s_1) D (lift s_2) ... (lift s_L) D for D = inner and s = outer: `compose` of
    formal/table/DialsCompose.v. D wins on a part K of the states; the lifted moves play `outer` on
    the states' image outside K, until the image is zero, that is, the state is in K.

    >>> compose([[1]], lambda a: [2 * a[0]], [[1], [1]])
    [[1], [2], [1], [2], [1]]
    """
    strategy = list(inner)
    for move in outer:
        strategy += [lift(move), *inner]
    return strategy


def lower(x: Dials, p: int, m: int) -> Dials:
    """x turned by m positions plus p - 1 times x, mod p: `lower` of formal/table/DialsFold.v, which
    takes a move of the states whose folds 0..u-1 are zero to one of those with 0..u zero.

    >>> lower([1, 0, 0, 0], 2, 2)  # [0, 0, 1, 0] + [1, 0, 0, 0]
    [1, 0, 1, 0]
    """
    turned = x[-m:] + x[:-m]
    return [(a + (p - 1) * b) % p for a, b in zip(turned, x, strict=True)]


def climb(p: int, m: int, strategy: list[Dials]) -> list[Dials]:
    """From a strategy that wins for m dials mod the prime p, one for p m dials mod p whose length
    plus one is the p-th power of the given one's (`climb p m S p` of formal/table/DialsChain.v).

    >>> climb(2, 1, [[1]])  # two coins: Lamping's strategy
    [[1, 1], [1, 0], [1, 1]]
    """
    def lift(u: int) -> Callable[[Dials], Dials]:
        def lifted(a: Dials) -> Dials:
            x = a + [0] * ((p - 1) * m)
            for _ in range(u):
                x = lower(x, p, m)
            return x
        return lifted

    climbed: list[Dials] = []
    for k in range(1, p + 1):
        climbed = compose(climbed, lift(p - k), strategy)
    return climbed


def prime_strategy(p: int, a: int) -> list[Dials]:
    """The strategy for p^a dials mod the prime p: one dial turned by one p - 1 times, climbed
    a times (`prime_strategy p a`).

    >>> prime_strategy(3, 0), len(prime_strategy(3, 1))
    ([[1], [1]], 26)
    """
    strategy = [[1]] * (p - 1)
    for i in range(a):
        strategy = climb(p, p**i, strategy)
    return strategy


def coq_dial_strategy(p: int, a: int, b: int) -> list[Dials]:
    """`dial_strategy p a b` of formal/table/DialsShortest.v: for p^a dials mod p^b, the strategy
    for p^(b-1) states (outer) composed with p^(b-1) times prime_strategy p a (inner, which wins
    once every dial is a multiple of p^(b-1)).

    >>> coq_dial_strategy(2, 0, 2)  # one dial with 4 states: the inner strategy is [[2]]
    [[2], [1], [2]]
    """
    strategy: list[Dials] = []
    inner = prime_strategy(p, a)
    for i in range(b):
        scaled = [[p**i * d for d in move] for move in inner]
        strategy = compose(scaled, lambda move: move, strategy)
    return strategy


def prime_of(n: int, q: int) -> int | None:
    """The prime p with n and q both powers of p (2 when n = q = 1), or None if there is none.

    >>> prime_of(9, 3), prime_of(1, 8), prime_of(4, 6)
    (3, 2, None)
    """
    # deferred: 324 ms of CPU to load (docs/design.md, "Imports")
    from sympy import primefactors

    primes = primefactors(n * q)
    return primes[0] if len(primes) == 1 else 2 if not primes else None


def dial_strategy(n: int, q: int) -> list[int]:
    """A winning strategy of q^n - 1 moves (the fewest) for n dials with q states on a rotating
    table, the goal every dial at 0, when n and q are powers of one prime: Coq's
    `dial_strategy p a b` (formal/table/DialsShortest.v), as the engine's moves (base q).

    >>> dial_strategy(2, 2), dial_strategy(1, 4)  # two coins: bitmasks; one dial: 2, 1, 2
    ([3, 1, 3], [2, 1, 2])
    >>> len(dial_strategy(4, 4)), len(dial_strategy(2, 16))
    (255, 255)
    """
    p = prime_of(n, q)
    if n < 1 or q < 2 or p is None:
        raise ValueError(f"the construction needs n and q powers of one prime, not {n} and {q}")
    # deferred: 324 ms of CPU to load (docs/design.md, "Imports")
    from sympy import multiplicity

    a, b = multiplicity(p, n), multiplicity(p, q)
    t = table(n, q)
    return [from_dials(move, t) for move in coq_dial_strategy(p, a, b)]



# --- Any group of the devil (formal/Group*.v) -------------------------------------------------

def refuting_primes(game: Game) -> tuple[int, int] | None:
    """Primes p != r with p dividing the order of the devil's group and r dividing q, if any:
    then no strategy wins (Coq's table_not_wins); otherwise the shortest has shortest_length
    moves (table_shortest).

    >>> refuting_primes(Table(4, group="dihedral")), refuting_primes(Table(4, 3, "klein"))
    (None, (2, 3))
    """
    # deferred: 324 ms of CPU to load (docs/design.md, "Imports")
    from sympy import primefactors

    t = as_table(game)
    order = len(elements(t))
    return next(((p, r) for p in primefactors(order) for r in primefactors(t.q) if p != r),
                None)


def shortest_length(game: Game) -> int:
    """The length of the shortest winning strategy where one wins: q^N - 1 moves (goal zero),
    q^(N-1) - 1 moves (goal equal), whatever the group (Coq's bound).

    >>> shortest_length(4), shortest_length(Table(3, 3, goal="equal"))
    (15, 8)
    """
    t = as_table(game)
    return int(t.q ** (t.n - (t.goal == "equal"))) - 1


def table_chain(game: Game) -> list[tuple[int, int]]:
    """Coq's table_chain (formal/table/GroupShortest.v): from the goal states W, again and again the
    least state v outside W with g(v) - v in W for every generator g, and the least c > 0
    with c v in W; then W becomes W + <v> (c times as many states). It stops when there is no
    such v: every state is in W if the table can be won (refuting_primes is None).

    >>> table_chain(2)  # two coins: 11 is fixed by the rotation modulo {00}, then 10
    [(3, 2), (1, 2)]
    """
    t = as_table(game)
    every = digits(t)
    powers = t.q ** np.arange(t.n, dtype=np.int64)
    inside = np.zeros(t.size, dtype=bool)
    inside[goal_states(t)] = True
    # g(x) - x for every state x, once per generator
    moved = [powers @ ((every[:, permuted(g, t)] - every) % t.q) for g in generators(t)]
    chain: list[tuple[int, int]] = []
    while True:
        fixed = ~inside
        for difference in moved:
            fixed &= inside[difference]
        if not fixed.any():
            return chain
        v = int(np.argmax(fixed))
        multiples = [powers @ (k * every[:, v] % t.q) for k in range(t.q + 1)]
        c = next(k for k in range(1, t.q + 1) if inside[multiples[k]])
        members = np.flatnonzero(inside)
        for k in range(1, c):
            inside[powers @ ((every[:, members] + (k * every[:, v] % t.q)[:, None]) % t.q)] \
                = True
        chain.append((v, c))


def table_strategy(game: Game) -> list[int]:
    """Coq's table_strategy: the chain's links composed, D v D v ... v D (c - 1 moves v) for
    each link (v, c) of table_chain, D the strategy so far. When the table can be won it wins
    with shortest_length moves (table_shortest).

    >>> table_strategy(2), table_strategy(Table(3, group="trivial", goal="equal"))
    ([3, 1, 3], [1, 2, 1])
    """
    strategy: list[int] = []
    for v, c in table_chain(game):
        strategy = strategy + [move for _ in range(c - 1) for move in (v, *strategy)]
    return strategy
