"""Claims about the rotating-table family and the provers that find their evidence.

``devil.n<N>[.q<Q>][.<group>][.equal].shortest|impossible|count``: N dials with Q states (Q >=
3; left out for coins), the devil's group (dihedral, symmetric, trivial, klein for N = 4, or
alternating; the rotations when left out), the goal all equal (every dial at 0 when left
out). The devil's coin flip itself (no option) is ``proofs/devil.py``'s, but for its counts
(``devil.n4.count``). Breadth-first search (``games/devil.py``) decides the claim; its evidence
is checked by ``verify/family.py``:

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
  lower bound ``dial_wins_size_lb`` (shortest) and ``dial_not_wins`` (impossible), as the
  devil's certificates cite theirs.

The published results these reproduce are in docs/family.md (tests/test_family_table.py
checks its tables against these claims).
"""

from __future__ import annotations

from functools import cache, partial
from typing import Any

from coinproofs.proofs.registry import ClaimPattern, ClaimSpec, Evidence, OutOfLimits, ProofContext
from coinproofs.verify import theorems
from coinproofs.verify.family import claim_id, params_of, statement

MAX_STATES = 4096  # q^N: the kernel's tables stay small, the search's tables smaller still
# q^N for Bar-Yehuda, Etzion and Moran's construction: its q^N - 1 moves times q^N states stay
# within the kernel's exact simulation bound (family.simulation-work, 2^30 state updates).
MAX_CONSTRUCTED_STATES = 1 << 15
TEMPLATE = ("devil.n<N>[.q<Q>][.<group:dihedral|symmetric|trivial|klein|alternating>]"
            "[.<goal:equal>].<kind:shortest|impossible|count>")
LIMITS = (f"Q >= 3 (coins: leave .q out), N >= 1, Q^N <= {MAX_STATES:,} (Q^N <= "
          f"{MAX_CONSTRUCTED_STATES:,} for a shortest claim about the rotations and the goal zero "
          "with N and Q powers of one prime: no search), at least one "
          "option named (but for count), a table that can be won for count, beliefs over at "
          "most 352 orbits, a search meeting at most 40 million beliefs; N >= 2 with .equal; "
          "N = 4 with .klein")

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


def _table(n: int, q: int, group: str, goal: str) -> Any:
    """The engine's table, or OutOfLimits saying why it cannot be searched."""
    from coinproofs.games.devil import table

    if q ** min(n, 64) > MAX_STATES:
        raise OutOfLimits(f"{n} dials with {q} states have more than {MAX_STATES:,} states")
    if n == 1 and goal == "equal":
        raise OutOfLimits("one dial is always 'all equal': the game is won before any move")
    try:
        return table(n, q, group, goal)
    except ValueError as error:
        raise OutOfLimits(str(error)) from None


@cache
def _search(n: int, q: int, group: str, goal: str) -> Any:
    """The engine's breadth-first search (cached: the builder and the prover both need it)."""
    from coinproofs.games.devil import search

    try:
        return search(_table(n, q, group, goal))
    except ValueError as error:
        raise OutOfLimits(str(error)) from None


def family_claim(n: int, kind: str, q: int | None = None, group: str = "cyclic",
                 goal: str = "zero") -> ClaimSpec:
    """A family claim: its value from breadth-first search (and for a count, path counting),
    refused when it is false. `q` is None when the id leaves it out (coins): then each claim
    has one id."""
    if q is not None and q < 3:
        raise OutOfLimits(f"Q must be at least 3, not {q} (coins: leave .q out)")
    q = 2 if q is None else q
    if q == 2 and group == "cyclic" and goal == "zero" and kind != "count":
        raise OutOfLimits(f"with no option this is the devil's coin flip: devil.n{n}.{kind}")
    if constructed(n, q, group, goal) and kind != "count":
        return _constructed_claim(n, q, kind)
    _table(n, q, group, goal)
    found = _search(n, q, group, goal)
    wins = found.strategy is not None
    other = claim_id("shortest" if wins else "impossible", n, q, group, goal)
    if wins and kind == "impossible":
        raise OutOfLimits(f"a strategy of {len(found.strategy)} moves wins, so the claim is "
                          f"false (prove {other} instead)")
    if not wins and kind in ("shortest", "count"):
        raise OutOfLimits(f"no strategy wins (prove {other} instead)")
    value: int | dict[str, int] | None = len(found.strategy) if wins else None
    if kind == "count":
        value = _counts(n, q, group, goal)
    return ClaimSpec(id=claim_id(kind, n, q, group, goal), game="devil", kind=kind,
                     params=params_of(n, q, group, goal), value=value,
                     statement=statement(kind, n, q, group, goal, value),
                     prove=partial(prove, n, q, group, goal, kind=kind))


def constructed(n: int, q: int, group: str, goal: str) -> bool:
    """Bar-Yehuda, Etzion and Moran's construction decides the table without search: the
    rotations, the goal zero, N and q powers of one prime (the side condition of dial_shortest)."""
    return (group == "cyclic" and goal == "zero"
            and theorems.DIAL_THEOREMS["dial_shortest"].holds(n, q))


def _constructed_claim(n: int, q: int, kind: str) -> ClaimSpec:
    """A shortest claim settled by the construction (q^N - 1 moves win, none fewer); an
    impossible one is refused as false."""
    if q ** min(n, 64) > MAX_CONSTRUCTED_STATES:
        raise OutOfLimits(f"{n} dials with {q} states have more than {MAX_CONSTRUCTED_STATES:,} "
                          "states: the kernel's simulation of the strategy would exceed its bound")
    if kind == "impossible":
        other = claim_id("shortest", n, q, "cyclic", "zero")
        raise OutOfLimits(f"a strategy of {q**n - 1:,} moves wins (Bar-Yehuda, Etzion and "
                          f"Moran), so the claim is false (prove {other} instead)")
    value = q**n - 1
    return ClaimSpec(id=claim_id(kind, n, q, "cyclic", "zero"), game="devil", kind=kind,
                     params=params_of(n, q, "cyclic", "zero"), value=value,
                     statement=statement(kind, n, q, "cyclic", "zero", value),
                     prove=partial(prove_constructed, n, q))


def prove_constructed(n: int, q: int, context: ProofContext) -> list[Evidence]:
    """Bar-Yehuda, Etzion and Moran's strategy (the kernel simulates it) and the Coq theorem
    dial_shortest (no strategy is shorter)."""
    from coinproofs.games.devil import positions, table
    from coinproofs.games.family import dial_strategy
    from coinproofs.proofs.devil import theorem_evidence

    context.progress(f"{context.claim_id}: Bar-Yehuda, Etzion and Moran's construction")
    t = table(n, q)
    notation = [positions(move, t) for move in dial_strategy(n, q)]
    return [_strategy_evidence(notation, context, "Bar-Yehuda, Etzion and Moran's construction"),
            theorem_evidence("dial_shortest")]


def _strategy_evidence(notation: list[list[int]], context: ProofContext,
                       found_by: str) -> Evidence:
    """A strategy in Norvig's notation, inline when short, else in the artifact moves.jsonl."""
    from coinproofs.proofs.devil import INLINE_MOVES, json_lines

    if len(notation) <= INLINE_MOVES:
        return {"method": "strategy", "moves": notation, "found_by": found_by}
    return {"method": "strategy", **context.artifact("moves.jsonl", json_lines(notation)),
            "length": len(notation), "found_by": found_by}


def _counts(n: int, q: int, group: str, goal: str) -> dict[str, int]:
    """A count claim's value: the shortest length and the numbers of shortest strategies."""
    from coinproofs.games.counting import count_paths

    counts = count_paths(_table(n, q, group, goal))
    assert counts.length is not None  # family_claim calls this for a table that can be won
    return {"length": counts.length, "sequences": counts.sequences,
            "up_to_group": counts.up_to_group}


def prove(n: int, q: int, group: str, goal: str, context: ProofContext,
          kind: str = "shortest") -> list[Evidence]:
    """The search's strategy (if any) and layers; for an impossible claim, the invariant; for
    a count, the layers alone (the kernel counts through them)."""
    from coinproofs.games.devil import positions
    from coinproofs.games.family import devil_invariant
    from coinproofs.proofs.devil import json_lines

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
    """The Coq theorems about dials (rotations, goal zero) that prove the claim beside its
    computed evidence: for a shortest claim dial_shortest when N and q are powers of one prime,
    else the lower bound q^N - 1; Bar-Yehuda, Etzion and Moran's impossibility (primes p != r
    dividing N and q) for an impossible one."""
    from coinproofs.proofs.devil import theorem_evidence

    if group != "cyclic" or goal != "zero":
        return []
    if wins:
        return [theorem_evidence("dial_shortest" if constructed(n, q, group, goal)
                                 else "dial_wins_size_lb")]
    if theorems.DIAL_THEOREMS["dial_not_wins"].holds(n, q):
        return [theorem_evidence("dial_not_wins")]
    return []


def patterns() -> list[ClaimPattern]:
    """The family's claims, as one pattern."""
    return [ClaimPattern(TEMPLATE, build=family_claim,
                         about="the rotating table: Q-state dials, other groups, all equal",
                         limits=LIMITS, defaults=DEFAULTS, on_request=ON_REQUEST,
                         takes={"devil.n9.q3.shortest": "about 40 s"})]
