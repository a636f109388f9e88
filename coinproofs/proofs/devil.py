"""Claims about the devil's coin flip and the provers that find their evidence.

* ``devil.n<N>.shortest`` for every power of two N <= 4096. Every certificate cites a Coq
  theorem (formal/, ``verify/theorems.py``). For N = 1, 2, 4, 8 a breadth-first search finds a
  shortest strategy (evidence: the strategy) and its layers of beliefs show that nothing
  shorter reaches the goal (evidence: reachability); for N <= 4 an LRAT proof also refutes
  length 2^N - 2, and the SAT model at 2^N - 1 is a second strategy; the theorem
  ``wins_size_lb`` (no winning strategy has fewer than 2^N - 1 moves) is a further road to the
  lower bound. For N = 16 the kernel simulates Lamping's strategy and cites ``wins_size_lb``.
  From N = 32 on nothing is simulated (2^32 - 1 moves): the certificate cites
  ``shortest_pow2`` (Lamping's strategy wins and has 2^N - 1 moves; none is shorter).
* ``devil.n<N>.impossible`` for every N <= 4096 that is not a power of two (N <= 64 by default,
  listed up to 1024): the Coq theorem ``odd_factor_not_wins``, the devil's invariant and the
  algebraic certificate; for N = 3, 5, 6, 7, 9, 10, 11, 12 also the closed set of reachable
  beliefs.
* ``devil.n<N>.lamping`` for N = 1, 2, 4, 8, 16 (16 by default): John Lamping's strategy of
  2^N - 1 moves wins.
* the rest of the rotating-table family, ``devil.n<N>[.q<Q>][.<group>][.equal].
  shortest|impossible|count``: N dials with Q states (Q >= 3; left out for coins), the devil's
  group (dihedral, symmetric, trivial, klein for N = 4, or alternating; the rotations when left
  out), the goal all equal (every dial at 0 when left out), and the coin flip's counts
  (``devil.n4.count``). Breadth-first search (``games/devil.py``) decides the claim:

  * shortest: the strategy the search found, and its layers of beliefs (nothing shorter wins);
    for the rotations and the goal zero with N and Q powers of one prime, no search: Bar-Yehuda,
    Etzion and Moran's strategy of Q^N - 1 moves (``games/family.py`` dial_strategy, built as
    Coq's ``dial_strategy``), which the kernel simulates, and the Coq theorem ``dial_shortest``
    (nothing shorter wins);
  * impossible: every reachable belief, closed under every move, and when one exists the
    largest devil invariant (``games/family.py``);
  * count: the shortest length and the number of shortest winning strategies, as sequences of
    moves and up to the devil's group (``games/counting.py``), with the search's layers of
    beliefs, through which the kernel counts them again;
  * for the rotations and the goal zero, the Coq theorems about dials: ``dial_shortest`` or the
    lower bound ``dial_wins_size_lb`` (shortest) and ``dial_not_wins`` (impossible), as the coin
    flip's certificates cite theirs.

  The published results these reproduce are in docs/family.md (tests/test_family_table.py
  checks its tables against these claims).

Every certificate is checked by the kernel's one set of rules for the table
(``verify/table.py``); the evidence is written by ``proofs/devil_evidence.py``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache, cached_property, partial
from typing import Any

from coinproofs.games.counting import count_paths
from coinproofs.games.devil import is_power_of_two, lamping, positions, search, table
from coinproofs.games.family import devil_invariant, dial_strategy, table_strategy
from coinproofs.proofs.devil_evidence import (
    INLINE_MOVES,
    algebraic_evidence,
    invariant_evidence,
    json_lines,
    lower_bound_evidence,
    sat_strategy_evidence,
    strategy_evidence,
    theorem_evidence,
)
from coinproofs.proofs.registry import (
    ClaimPattern,
    ClaimSpec,
    Evidence,
    OutOfLimits,
    ProofContext,
    within,
)
from coinproofs.verify import theorems
from coinproofs.verify.schema import Rejected
from coinproofs.verify.table import (
    GENERATED,
    MAX_N,
    ORBIT_WORK,
    claim_id,
    coin_flip_statement,
    generated,
    generated_name,
    generated_words,
    params_of,
    parse_generated,
    sizes,
    statement,
    table_of,
)

SEARCHED = (1, 2, 4, 8)  # breadth-first search finds their shortest strategies
SIMULATED_UP_TO = 16  # Lamping's strategy is simulated by the kernel up to here
LARGEST_SHORTEST = 64  # proved by a bare `coinproofs prove` (make prove); listed up to MAX_N
REACHABLE = range(3, 13)  # N that breadth-first search closes (games/devil.MAX_SEARCH_N)
LRAT_UP_TO = 4  # an LRAT lower bound is cheap up to here
LARGEST_IMPOSSIBLE = 64  # proved by a bare `coinproofs prove` (make prove)
FURTHEST_IMPOSSIBLE = 1024  # listed, on request: coinproofs prove --all 'devil.n*.impossible'
LAMPING_UP_TO = 16  # 65,535 moves; the kernel simulates them on all 2^16 states



def search_evidence(context: ProofContext, n: int) -> list[Evidence]:
    """Breadth-first search: the strategy it finds (if any) and its layers of beliefs."""
    context.progress(f"devil.n{n}: breadth-first search")
    result = search(n)
    layers = [[int(belief) for belief in layer] for layer in result.layers]
    evidence: list[Evidence] = []
    if result.strategy is not None:
        evidence.append(strategy_evidence(context, result.strategy,
                                          found_by="breadth-first search"))
    artifact = context.artifact("layers.jsonl", json_lines(layers))
    evidence.append({"method": "reachability", **artifact, "depths": len(layers),
                     "beliefs": sum(map(len, layers))})
    return evidence


def prove_shortest(n: int, context: ProofContext) -> list[Evidence]:
    if n > SIMULATED_UP_TO:
        return [theorem_evidence("shortest_pow2")]
    if n not in SEARCHED:
        return [*prove_lamping(n, context), theorem_evidence("wins_size_lb")]
    evidence = search_evidence(context, n)
    if n <= LRAT_UP_TO:
        length = 2**n - 1
        evidence.append(lower_bound_evidence(context, n, length - 1))
        evidence.append(sat_strategy_evidence(context, n, length))
    return [*evidence, theorem_evidence("wins_size_lb")]


def prove_impossible(n: int, context: ProofContext) -> list[Evidence]:
    evidence = [theorem_evidence("odd_factor_not_wins")]
    if n in REACHABLE:
        evidence += search_evidence(context, n)
    evidence += invariant_evidence(context, n)
    evidence.append(algebraic_evidence(context, n))
    return evidence


def prove_lamping(n: int, context: ProofContext) -> list[Evidence]:
    return [strategy_evidence(context, lamping(n), found_by="Lamping's construction")]


def shortest_claim(n: int) -> ClaimSpec:
    """devil.n<N>.shortest: N a power of two up to the kernel's largest table."""
    within("N", n, 1, MAX_N, "the largest table the kernel checks")
    if not is_power_of_two(n):
        raise OutOfLimits(f"no strategy wins with {n} coins (prove devil.n{n}.impossible)")
    return claim(n, "shortest", 2**n - 1, prove_shortest)


def impossible_claim(n: int) -> ClaimSpec:
    """devil.n<N>.impossible: N not a power of two, up to the kernel's largest table."""
    if is_power_of_two(n):
        raise OutOfLimits(f"{n} is a power of two, so Lamping's strategy wins and the claim is "
                          f"false (prove devil.n{n}.shortest or devil.n{n}.lamping instead)")
    within("N", n, 3, MAX_N, "the largest table the kernel checks")
    return claim(n, "impossible", None, prove_impossible)


def lamping_claim(n: int) -> ClaimSpec:
    """devil.n<N>.lamping: Lamping's 2^N - 1 moves, listed and simulated up to 16 coins."""
    if not (is_power_of_two(n) and n <= LAMPING_UP_TO):
        raise OutOfLimits(f"N must be a power of two up to {LAMPING_UP_TO} (Lamping's "
                          f"strategy for 32 coins would have 2^32 - 1 moves)")
    return claim(n, "lamping", 2**n - 1, prove_lamping)


Prover = Callable[[int, ProofContext], list[Evidence]]


def claim(n: int, kind: str, value: int | None, prover: Prover) -> ClaimSpec:
    return ClaimSpec(id=f"devil.n{n}.{kind}", game="devil", kind=kind, params={"n": n},
                     value=value, statement=coin_flip_statement(kind, n, value),
                     prove=partial(prover, n))


def patterns() -> list[ClaimPattern]:
    """The claims about the devil's coin flip, as patterns."""
    not_powers = [n for n in range(3, FURTHEST_IMPOSSIBLE + 1) if not is_power_of_two(n)]
    powers = [2**k for k in range(MAX_N.bit_length())]
    return [
        ClaimPattern("devil.n<N>.shortest", build=shortest_claim,
                     about="the shortest winning strategy has 2^N - 1 moves",
                     limits=f"N = 1, 2, 4, ..., {MAX_N:,}, a power of two",
                     defaults=[{"n": n} for n in powers if n <= LARGEST_SHORTEST],
                     on_request=[{"n": n} for n in powers if n > LARGEST_SHORTEST]),
        ClaimPattern("devil.n<N>.impossible", build=impossible_claim,
                     about="no strategy always wins with N coins",
                     limits=f"N = 3..{MAX_N:,}, not a power of two",
                     defaults=[{"n": n} for n in not_powers if n <= LARGEST_IMPOSSIBLE],
                     on_request=[{"n": n} for n in not_powers if n > LARGEST_IMPOSSIBLE]),
        ClaimPattern("devil.n<N>.lamping", build=lamping_claim,
                     about="Lamping's strategy of 2^N - 1 moves always wins",
                     limits=f"N = 1, 2, 4, 8 or {LAMPING_UP_TO}",
                     defaults=[{"n": LAMPING_UP_TO}]),
        *table_patterns(),  # after the coin flip's: its template also matches their ids
    ]


# --- The other tables of the family -------------------------------------------------------

MAX_STATES = 4096  # q^N for a search (counts) and a devil invariant beside the theorem
# q^N for a shortest claim: the strategy's q^N - 1 moves times q^N states stay within the
# kernel's exact simulation bound (devil.simulation-work, 2^32 state updates).
MAX_CONSTRUCTED_STATES = 1 << 15
TEMPLATE = ("devil.n<N>[.q<Q>][.<group:dihedral|symmetric|trivial|klein|alternating>]"
            "[.<goal:equal>].<kind:shortest|impossible|count>")
# A group written by its generators (verify/table.py GENERATED): g and a generator's cycles
# joined by c, a cycle's positions joined by -, the generators joined by '.'.
GENERATED_TEMPLATE = ("devil.n<N>[.q<Q>].g<i-j-...>[c<k-l-...>...][.g<...>...][.<goal:equal>]"
                      ".<kind:shortest|impossible|count>")
BOUNDS = ("Q^N <= 2^4096 for shortest and impossible (decided by the theorems; also a strategy "
          f"simulated where Q^N <= {MAX_CONSTRUCTED_STATES:,}, an invariant checked where Q^N <= "
          f"{MAX_STATES:,}), Q^N <= {MAX_STATES:,} for count (beliefs over at most 352 orbits, "
          "at most 40 million beliefs met); a group of <= 40,320 permutations; N >= 2 "
          "with .equal")
LIMITS = (f"Q >= 3 (coins: leave .q out), N >= 1, at least one option named (but for count), "
          f"a table that can be won for count, {BOUNDS}; N = 4 with .klein")
GENERATED_LIMITS = ("Q >= 3 (coins: leave .q out), N >= 1, permutations of 0..N-1 in "
                    "canonical form (docs/family.md; a refusal names the canonical id), "
                    f"{BOUNDS}")

# Proved by a bare `coinproofs prove` (make prove): each well under a second. docs/family.md
# sets each beside the published result it reproduces (tests/test_family_table.py).
DEFAULTS: list[dict[str, Any]] = [
    # Bar-Yehuda, Etzion & Moran: winnable iff N = 1 or N and Q are powers of one prime.
    {"n": 1, "q": 3, "kind": "shortest"}, {"n": 1, "q": 5, "kind": "shortest"},
    {"n": 1, "q": 6, "kind": "shortest"}, {"n": 1, "q": 7, "kind": "shortest"},
    {"n": 2, "q": 3, "kind": "impossible"}, {"n": 2, "q": 4, "kind": "shortest"},
    {"n": 2, "q": 5, "kind": "impossible"}, {"n": 2, "q": 6, "kind": "impossible"},
    {"n": 2, "q": 7, "kind": "impossible"}, {"n": 3, "q": 3, "kind": "shortest"},
    {"n": 3, "q": 4, "kind": "impossible"}, {"n": 3, "q": 5, "kind": "impossible"},
    {"n": 4, "q": 3, "kind": "impossible"}, {"n": 4, "q": 5, "kind": "impossible"},
    {"n": 5, "q": 3, "kind": "impossible"},
    {"n": 6, "q": 3, "kind": "impossible"},
    # ... and for N, Q powers of one prime, Q^N - 1 moves: their strategy, built without search.
    {"n": 2, "q": 8, "kind": "shortest"}, {"n": 2, "q": 16, "kind": "shortest"},
    {"n": 3, "q": 9, "kind": "shortest"}, {"n": 4, "q": 4, "kind": "shortest"},
    {"n": 4, "q": 8, "kind": "shortest"}, {"n": 5, "q": 5, "kind": "shortest"},
    # Benbernou, Demaine, Demaine & Rossman: no rearranging (the trivial group), all equal:
    # 2^(N-1) - 1 moves for coins, Q^(N-1) - 1 for Q-sided dice.
    {"n": 2, "group": "trivial", "goal": "equal", "kind": "shortest"},
    {"n": 3, "group": "trivial", "goal": "equal", "kind": "shortest"},
    {"n": 4, "group": "trivial", "goal": "equal", "kind": "shortest"},
    {"n": 2, "q": 3, "group": "trivial", "goal": "equal", "kind": "shortest"},
    {"n": 3, "q": 3, "group": "trivial", "goal": "equal", "kind": "shortest"},
    {"n": 2, "q": 4, "group": "trivial", "goal": "equal", "kind": "shortest"},
    {"n": 2, "q": 5, "group": "trivial", "goal": "equal", "kind": "shortest"},
    {"n": 2, "q": 6, "group": "trivial", "goal": "equal", "kind": "shortest"},
    {"n": 3, "group": "trivial", "kind": "shortest"},
    {"n": 2, "q": 3, "group": "trivial", "kind": "shortest"},
    # All equal under the rotations.
    {"n": 2, "goal": "equal", "kind": "shortest"}, {"n": 3, "goal": "equal", "kind": "impossible"},
    {"n": 4, "goal": "equal", "kind": "shortest"}, {"n": 6, "goal": "equal", "kind": "impossible"},
    {"n": 8, "goal": "equal", "kind": "shortest"},
    {"n": 3, "q": 3, "goal": "equal", "kind": "shortest"},
    {"n": 2, "q": 3, "goal": "equal", "kind": "impossible"},
    {"n": 2, "q": 4, "goal": "equal", "kind": "shortest"},
    # Other groups (Korsky; Kagey): Z_Q wr G of prime-power order wins; the dihedral group is a
    # 2-group for N = 2^k, the symmetric and alternating ones are not for N >= 3 and N >= 4.
    {"n": 2, "group": "dihedral", "kind": "shortest"},
    {"n": 3, "group": "dihedral", "kind": "impossible"},
    {"n": 4, "group": "dihedral", "kind": "shortest"},
    {"n": 5, "group": "dihedral", "kind": "impossible"},
    {"n": 6, "group": "dihedral", "kind": "impossible"},
    {"n": 7, "group": "dihedral", "kind": "impossible"},
    {"n": 8, "group": "dihedral", "kind": "shortest"},
    {"n": 2, "q": 3, "group": "dihedral", "kind": "impossible"},
    {"n": 3, "q": 3, "group": "dihedral", "kind": "impossible"},
    {"n": 2, "q": 4, "group": "dihedral", "kind": "shortest"},
    {"n": 2, "group": "symmetric", "kind": "shortest"},
    {"n": 3, "group": "symmetric", "kind": "impossible"},
    {"n": 4, "group": "symmetric", "kind": "impossible"},
    {"n": 5, "group": "symmetric", "kind": "impossible"},
    {"n": 6, "group": "symmetric", "kind": "impossible"},
    {"n": 7, "group": "symmetric", "kind": "impossible"},
    {"n": 8, "group": "symmetric", "kind": "impossible"},
    {"n": 2, "q": 3, "group": "symmetric", "kind": "impossible"},
    {"n": 3, "q": 3, "group": "symmetric", "kind": "impossible"},
    {"n": 2, "q": 4, "group": "symmetric", "kind": "shortest"},
    {"n": 4, "group": "klein", "kind": "shortest"},
    {"n": 4, "group": "klein", "goal": "equal", "kind": "shortest"},
    {"n": 4, "q": 3, "group": "klein", "kind": "impossible"},
    {"n": 4, "group": "alternating", "kind": "impossible"},
    {"n": 5, "group": "alternating", "kind": "impossible"},
    {"n": 6, "group": "alternating", "kind": "impossible"},
    {"n": 7, "group": "alternating", "kind": "impossible"},
    {"n": 8, "group": "dihedral", "goal": "equal", "kind": "shortest"},
    {"n": 4, "q": 4, "group": "dihedral", "kind": "shortest"},
    {"n": 4, "group": "symmetric", "goal": "equal", "kind": "impossible"},
    {"n": 4, "group": "alternating", "goal": "equal", "kind": "impossible"},
    # Counts of shortest strategies (docs/family.md, "Counts of shortest strategies").
    {"n": 1, "kind": "count"}, {"n": 2, "kind": "count"}, {"n": 4, "kind": "count"},
    {"n": 1, "q": 3, "kind": "count"}, {"n": 3, "q": 3, "kind": "count"},
    {"n": 1, "q": 4, "kind": "count"}, {"n": 2, "q": 4, "kind": "count"},
    {"n": 1, "q": 5, "kind": "count"},
    {"n": 2, "goal": "equal", "kind": "count"}, {"n": 4, "goal": "equal", "kind": "count"},
    {"n": 8, "goal": "equal", "kind": "count"},
    {"n": 3, "q": 3, "goal": "equal", "kind": "count"},
    {"n": 2, "group": "dihedral", "kind": "count"}, {"n": 4, "group": "dihedral", "kind": "count"},
    {"n": 8, "group": "dihedral", "kind": "count"},
]
# Listed, proved when named: a search of seconds (`claims --all` builds them all), or a long
# simulation. Beyond: devil.n4.q4.dihedral.shortest (255 moves, a search of 15 s) exceeds the
# kernel's default bound on reachability layers.
ON_REQUEST: list[dict[str, Any]] = [
    {"n": 9, "q": 3, "kind": "shortest"},  # 40 s: the kernel simulates 19,682 moves
    {"n": 4, "q": 4, "goal": "equal", "kind": "shortest"},
    {"n": 3, "q": 7, "kind": "impossible"},
    {"n": 5, "q": 4, "kind": "impossible"},
    {"n": 4, "group": "trivial", "kind": "shortest"},
    {"n": 5, "group": "trivial", "goal": "equal", "kind": "shortest"},
    {"n": 8, "group": "alternating", "kind": "impossible"},
    {"n": 8, "kind": "count"},  # 0.6 s to prove and check: 255 layers over 36 orbits
]


# Groups a reader would try (docs/family.md, "Groups given by generators"): products of
# cycles, direct and wreath products on up to 9 positions. Proved by a bare `prove`, each well
# under a second ...
GENERATED_DEFAULTS: list[dict[str, Any]] = [
    {"n": 4, "gens": "g0-1c2-3", "kind": "shortest"},
    {"n": 4, "gens": "g0-1.g2-3", "kind": "shortest"},
    {"n": 4, "gens": "g0-1.g2-3", "goal": "equal", "kind": "shortest"},
    {"n": 3, "gens": "g0-1-2", "kind": "impossible"},
    {"n": 3, "q": 3, "gens": "g0-1-2", "kind": "shortest"},
    {"n": 6, "gens": "g0-1-2c3-4-5", "goal": "equal", "kind": "impossible"},
    {"n": 4, "gens": "g0-1.g0-2c1-3", "kind": "shortest"},
    {"n": 4, "q": 4, "gens": "g0-1.g0-2c1-3", "kind": "shortest"},
    {"n": 8, "gens": "g0-1.g0-2c1-3.g0-4c1-5c2-6c3-7", "kind": "shortest"},
    {"n": 8, "gens": "g0-1.g0-2-4-6c1-3-5-7", "kind": "shortest"},
    {"n": 8, "gens": "g0-1-2-3c4-5-6-7", "goal": "equal", "kind": "shortest"},
    {"n": 6, "q": 3, "gens": "g0-1-2.g0-3c1-4c2-5", "kind": "impossible"},
    {"n": 6, "gens": "g0-1.g0-1-2.g3-4.g3-4-5", "kind": "impossible"},
    {"n": 4, "q": 3, "gens": "g0-1c2-3.g0-2c1-3", "goal": "equal", "kind": "impossible"},
]
# ... and on request: the kernel simulates 19,682 moves over 19,683 states (about 40 s).
GENERATED_ON_REQUEST: list[dict[str, Any]] = [
    {"n": 9, "q": 3, "gens": "g0-1-2c3-4-5c6-7-8.g0-3-6c1-4-7c2-5-8", "kind": "shortest"},
]


def _table(n: int, q: int, group: str, goal: str) -> Any:
    """The engine's table, or OutOfLimits saying why it cannot be searched."""
    if q ** min(n, 64) > MAX_STATES:
        raise OutOfLimits(f"{n} dials with {q} states have more than {MAX_STATES:,} states")
    if n == 1 and goal == "equal":
        raise OutOfLimits("one dial is always 'all equal': the game is won before any move")
    try:
        return table(n, q, engine_group(group, n), goal)
    except ValueError as error:
        raise OutOfLimits(str(error)) from None


@cache
def _search(n: int, q: int, group: str, goal: str) -> Any:
    """The engine's breadth-first search (cached: the builder and the prover both need it)."""
    try:
        return search(_table(n, q, group, goal))
    except ValueError as error:
        raise OutOfLimits(str(error)) from None


def engine_group(group: str, n: int) -> str:
    """The group as the engine's table() reads it: a name, or generators in cycle notation for
    a group an id writes by its generators (g0-1c2-3.g0-2 is "(0 1)(2 3), (0 2)")."""
    if not group.startswith("g"):
        return group
    try:
        return generated_words(generated(group, n))
    except Rejected as error:
        raise OutOfLimits(str(error)) from None


def family_claim(n: int, kind: str, q: int | None = None, group: str = "cyclic",
                 goal: str = "zero") -> ClaimSpec:
    """A family claim, refused when it is false. Shortest and impossible claims are decided by
    the Coq theorems about every group (no search): which tables can be won, and in how many
    moves; a count by breadth-first search and path counting. `q` is None when the id leaves
    it out (coins): then each claim has one id."""
    if q is not None and q < 3:
        raise OutOfLimits(f"Q must be at least 3, not {q} (coins: leave .q out)")
    q = 2 if q is None else q
    if q == 2 and group == "cyclic" and goal == "zero" and kind != "count":
        raise OutOfLimits(f"with no option this is the devil's coin flip: devil.n{n}.{kind}")
    if kind == "count":
        return _count_claim(n, q, group, goal)
    return _decided_claim(n, q, group, goal, kind)


def verdict(n: int, q: int, group: str, goal: str) -> theorems.Sizes:
    """The table as the group theorems read it (the order of the devil's group listed by the
    kernel, within its bounds), or OutOfLimits saying why the kernel could not check it."""
    if n == 1 and goal == "equal":
        raise OutOfLimits("one dial is always 'all equal': the game is won before any move")
    try:
        return sizes(table_of(n, q, group, goal, tables=False))
    except Rejected as error:
        raise OutOfLimits(str(error)) from None


def computed(devil: theorems.Sizes, kind: str) -> bool:
    """Does the certificate carry computed evidence beside the theorem: a strategy the kernel
    simulates (shortest), a devil invariant it checks (impossible, when there is one)? Where
    the kernel's bounds allow it."""
    size: int = devil.q**devil.n
    return bool(size <= (MAX_CONSTRUCTED_STATES if kind == "shortest" else MAX_STATES)
            and devil.order * size <= ORBIT_WORK.limit)


def _decided_claim(n: int, q: int, group: str, goal: str, kind: str) -> ClaimSpec:
    """A shortest or impossible claim as the Coq theorems decide it: table_shortest when no
    prime divides the order of the devil's group and a different one q, else table_not_wins."""
    devil = verdict(n, q, group, goal)
    primes = devil.refuting_primes
    other = claim_id("shortest" if primes is None else "impossible", n, q, group, goal)
    if primes is None and kind == "impossible":
        raise OutOfLimits(f"a strategy of {devil.length:,} moves wins (the Coq theorem "
                          f"table_shortest), so the claim is false (prove {other} instead)")
    if primes is not None and kind == "shortest":
        raise OutOfLimits(f"no strategy wins (the Coq theorem table_not_wins: {primes[0]} "
                          f"divides the order {devil.order:,} of the devil's group and "
                          f"{primes[1]} divides {q}), so prove {other} instead")
    value = devil.length if kind == "shortest" else None
    how = prove_constructed if constructed(n, q, group, goal) else prove_decided
    return ClaimSpec(id=claim_id(kind, n, q, group, goal), game="devil", kind=kind,
                     params=params_of(n, q, group, goal), value=value,
                     statement=statement(kind, n, q, group, goal, value),
                     prove=partial(how, n, q, group, goal, kind, computed(devil, kind)))


def _count_claim(n: int, q: int, group: str, goal: str) -> ClaimSpec:
    """A count claim: the shortest length and the numbers of shortest strategies, by search."""
    _table(n, q, group, goal)
    found = _search(n, q, group, goal)
    if found.strategy is None:
        other = claim_id("impossible", n, q, group, goal)
        raise OutOfLimits(f"no strategy wins (prove {other} instead)")
    value = _counts(n, q, group, goal)
    return ClaimSpec(id=claim_id("count", n, q, group, goal), game="devil", kind="count",
                     params=params_of(n, q, group, goal), value=value,
                     statement=statement("count", n, q, group, goal, value),
                     prove=partial(prove_table, n, q, group, goal, kind="count"))


def _dials(n: int, q: int) -> theorems.Sizes:
    """N dials with q states on a rotating table, the goal zero, as the theorems read it."""
    return theorems.Sizes(n, q, "zero", True, n)


def constructed(n: int, q: int, group: str, goal: str) -> bool:
    """Bar-Yehuda, Etzion and Moran's construction decides the table: the rotations, the goal
    zero, N and q powers of one prime (the side condition of dial_shortest)."""
    return (group == "cyclic" and goal == "zero"
            and theorems.THEOREMS["dial_shortest"].holds(_dials(n, q)))


def prove_constructed(n: int, q: int, group: str, goal: str, kind: str, with_strategy: bool,
                      context: ProofContext) -> list[Evidence]:
    """Bar-Yehuda, Etzion and Moran's strategy (the kernel simulates it, `with_strategy`) and
    the Coq theorem dial_shortest (it wins, and no strategy is shorter)."""
    if not with_strategy:
        return [theorem_evidence("dial_shortest")]
    context.progress(f"{context.claim_id}: Bar-Yehuda, Etzion and Moran's construction")
    t = table(n, q)
    notation = [positions(move, t) for move in dial_strategy(n, q)]
    return [_strategy_evidence(notation, context, "Bar-Yehuda, Etzion and Moran's construction"),
            theorem_evidence("dial_shortest")]


def prove_decided(n: int, q: int, group: str, goal: str, kind: str, with_computation: bool,
                  context: ProofContext) -> list[Evidence]:
    """A shortest claim: the Coq theorem table_shortest (a strategy of that length wins, and
    none is shorter) and, `with_computation`, the greedy chain's strategy (games/family.py
    table_strategy, built as Coq's), which the kernel simulates. An impossible one: the Coq
    theorem table_not_wins (dial_not_wins for the rotations and the goal zero) and, `with_
    computation`, the largest devil invariant, which the kernel checks."""
    rotations = (group == "cyclic" and goal == "zero"
                 and theorems.THEOREMS["dial_not_wins"].holds(_dials(n, q)))
    cited = theorem_evidence("table_shortest" if kind == "shortest"
                             else "dial_not_wins" if rotations else "table_not_wins")
    if not with_computation:
        return [cited]
    t = table(n, q, engine_group(group, n), goal)
    if kind == "shortest":
        context.progress(f"{context.claim_id}: the greedy chain of the group theorems")
        notation = [positions(move, t) for move in table_strategy(t)]
        return [_strategy_evidence(notation, context, "the greedy chain (table_strategy)"),
                cited]
    context.progress(f"{context.claim_id}: the largest devil invariant")
    invariant = devil_invariant(t)
    return [cited] + ([] if invariant is None else [{"method": "invariant",
                                                     "orbits": invariant}])


def _strategy_evidence(notation: list[list[int]], context: ProofContext,
                       found_by: str) -> Evidence:
    """A strategy in Norvig's notation, inline when short, else in the artifact moves.jsonl."""

    if len(notation) <= INLINE_MOVES:
        return {"method": "strategy", "moves": notation, "found_by": found_by}
    return {"method": "strategy", **context.artifact("moves.jsonl", json_lines(notation)),
            "length": len(notation), "found_by": found_by}


def _counts(n: int, q: int, group: str, goal: str) -> dict[str, int]:
    """A count claim's value: the shortest length and the numbers of shortest strategies."""
    counts = count_paths(_table(n, q, group, goal))
    assert counts.length is not None  # family_claim calls this for a table that can be won
    return {"length": counts.length, "sequences": counts.sequences,
            "up_to_group": counts.up_to_group}


def prove_table(n: int, q: int, group: str, goal: str, context: ProofContext,
          kind: str = "shortest") -> list[Evidence]:
    """The search's strategy (if any) and layers; for an impossible claim, the invariant; for
    a count, the layers alone (the kernel counts through them)."""
    t = _table(n, q, group, goal)
    context.progress(f"{context.claim_id}: breadth-first search")
    found = _search(n, q, group, goal)
    layers = [[int(belief) for belief in layer] for layer in found.layers]
    layers_file = {**context.artifact("layers.jsonl", json_lines(layers)),
                   "depths": len(layers), "beliefs": sum(map(len, layers))}
    if kind == "count":
        return [{"method": "count", **layers_file}]
    evidence: list[Evidence] = []
    if found.strategy is not None:
        notation = [positions(move, t) for move in found.strategy]
        evidence.append(_strategy_evidence(notation, context, "breadth-first search"))
    evidence.append({"method": "reachability", **layers_file})
    if found.strategy is None:
        invariant = devil_invariant(t)
        if invariant is not None:
            evidence.append({"method": "invariant", "orbits": invariant})
    return evidence + cited_theorems(n, q, group, goal, wins=found.strategy is not None)


def cited_theorems(n: int, q: int, group: str, goal: str, wins: bool) -> list[Evidence]:
    """The Coq theorem that proves a searched claim beside its computed evidence: for the
    rotations and the goal zero the theorems about dials (dial_shortest when N and q are powers
    of one prime, else the lower bound q^N - 1; dial_not_wins when primes p != r divide N and
    q), for every other table the theorems about every group (table_shortest, table_not_wins)."""

    if group != "cyclic" or goal != "zero":
        return [theorem_evidence("table_shortest" if wins else "table_not_wins")]
    if wins:
        return [theorem_evidence("dial_shortest" if constructed(n, q, group, goal)
                                 else "dial_wins_size_lb")]
    if theorems.THEOREMS["dial_not_wins"].holds(_dials(n, q)):
        return [theorem_evidence("dial_not_wins")]
    return []


@dataclass(frozen=True)
class GeneratedPattern(ClaimPattern):
    """The claims about a group an id writes by its generators: the template is for people,
    the ids are matched by verify/table.py's GENERATED, which no word of a template
    expresses."""

    @cached_property
    def regex(self) -> re.Pattern[str]:
        number = "0|[1-9][0-9]*"
        return re.compile(rf"devil\.n(?P<n>{number})(?:\.q(?P<q>{number}))?"
                          rf"\.(?P<gens>{GENERATED.pattern})(?:\.(?P<goal>equal))?"
                          r"\.(?P<kind>shortest|impossible|count)")


def generated_claim(n: int, kind: str, gens: str, q: int | None = None,
                    goal: str = "zero") -> ClaimSpec:
    """A family claim about the group generated by the permutations gens writes, refused
    (naming the canonical id) when they are not written in canonical form."""
    try:
        canonical = generated_name(parse_generated(gens, n))
    except Rejected as error:
        raise OutOfLimits(str(error)) from None
    if canonical != gens:
        name = claim_id(kind, n, 2 if q is None else q, canonical, goal)
        raise OutOfLimits(f"the generators {gens} are not in canonical form: the claim is {name}")
    return family_claim(n, kind, q, group=gens, goal=goal)


def table_patterns() -> list[ClaimPattern]:
    """The claims about the other tables: the named groups, and groups written by their
    generators."""
    return [ClaimPattern(TEMPLATE, build=family_claim,
                         about="the rotating table: Q-state dials, other groups, all equal",
                         limits=LIMITS, defaults=DEFAULTS, on_request=ON_REQUEST,
                         takes={"devil.n9.q3.shortest": "about 40 s",
                                # Their Coq proofs read the largest evidence (docs/formal.md,
                                # "Coverage"): verify --coq gives them the long bounds.
                                "devil.n4.q4.equal.shortest": "seconds; its Coq proof about 4 "
                                                              "minutes",
                                "devil.n5.trivial.equal.shortest": "seconds; its Coq proof "
                                                                   "about 4 minutes",
                                "devil.n4.trivial.shortest": "seconds; its Coq proof about 80 s",
                                "devil.n8.count": "seconds; its Coq proof about 90 s"}),
            GeneratedPattern(GENERATED_TEMPLATE, build=generated_claim,
                             about="the rotating table, the devil's group given by generators",
                             limits=GENERATED_LIMITS, defaults=GENERATED_DEFAULTS,
                             on_request=GENERATED_ON_REQUEST)]
