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
  shortest|impossible``: ``proofs/family.py``.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from coinproofs.games.devil import is_power_of_two
from coinproofs.proofs import family
from coinproofs.proofs.devil_evidence import json_lines, strategy_evidence, theorem_evidence
from coinproofs.proofs.registry import (
    ClaimPattern,
    ClaimSpec,
    Evidence,
    OutOfLimits,
    ProofContext,
    within,
)
from coinproofs.verify.devil import MAX_N, statement

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
    from coinproofs.games.devil import search

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
        from coinproofs.proofs.devil_sat import lower_bound_evidence, sat_strategy_evidence

        length = 2**n - 1
        evidence.append(lower_bound_evidence(context, n, length - 1))
        evidence.append(sat_strategy_evidence(context, n, length))
    return [*evidence, theorem_evidence("wins_size_lb")]


def prove_impossible(n: int, context: ProofContext) -> list[Evidence]:
    from coinproofs.proofs.devil_nonexistence import algebraic_evidence, invariant_evidence

    evidence = [theorem_evidence("odd_factor_not_wins")]
    if n in REACHABLE:
        evidence += search_evidence(context, n)
    evidence += invariant_evidence(context, n)
    evidence.append(algebraic_evidence(context, n))
    return evidence


def prove_lamping(n: int, context: ProofContext) -> list[Evidence]:
    from coinproofs.games.devil import lamping

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
                     value=value, statement=statement(kind, n, value), prove=partial(prover, n))


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
        *family.patterns(),  # after the coin flip's: its template also matches their ids
    ]
