"""Claims about Gardner's glasses with hands, and the provers that find their evidence.

* ``glasses.n<N>.k<K>.shortest``: the shortest worst-case number of turns. The AND-OR search
  (coinproofs.games.glasses) finds it with a strategy (evidence: the strategy, played out by
  the kernel) and the devil's layers of beliefs that no shorter strategy escapes (evidence:
  survival).
* ``glasses.n<N>.k<K>.wins``: a strategy wins. For 8 glasses and 4 hands within 10 turns, a
  strategy the search finds in seconds (the shortest, 9 turns, takes minutes: docs/glasses.md);
  for every other N <= 64 and K >= N - N/p, within some number of turns (value null), by the
  Coq theorem glasses_hands_suffice, whose side conditions the kernel checks.
* ``glasses.n<N>.k<K>.impossible``: no strategy wins; the devil's invariant (a set of orbits it
  keeps the glasses in forever) is the evidence for N <= 8; from 9 to 64 glasses the Coq
  theorem glasses_hands_needed, whose side condition the kernel checks.

The values are the statements of the claims: the prover fails if the search finds otherwise,
and the kernel accepts none it cannot check.
"""

from __future__ import annotations

import json
from functools import partial

from coinproofs.games.devil import orbits
from coinproofs.games.glasses import (
    INLINE_TURNS,
    MAX_GLASSES,
    Node,
    Search,
    glasses_text,
    invariant,
    rules,
    strategy_to_json,
    written_size,
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
from coinproofs.verify.glasses import MAX_CLAIM_N, statement

# The shortest worst-case number of turns, (N, K) -> turns, for every K that wins with N <= 9
# glasses (the engine's beliefs stop at 9: docs/glasses.md, "How many turns"). (8, 4), (8, 5),
# (8, 6) and (9, 6) take from half a minute to many minutes to prove and verify: proved on
# request, not by a bare `coinproofs prove` (docs/glasses.md gives the times); so are the other
# rows of 9 glasses, which would add claims to the default run.
SHORTEST = {(1, 0): 0, (1, 1): 0, (2, 1): 1, (2, 2): 1, (3, 2): 2, (3, 3): 1,
            (4, 2): 5, (4, 3): 2, (4, 4): 1, (5, 4): 2, (5, 5): 1,
            (6, 4): 5, (6, 5): 2, (6, 6): 1, (7, 6): 2, (7, 7): 1,
            (8, 4): 9, (8, 5): 8, (8, 6): 5, (8, 7): 2, (8, 8): 1,
            (9, 6): 5, (9, 7): 5, (9, 8): 2, (9, 9): 1}
ON_REQUEST = {(8, 4), (8, 5), (8, 6), (9, 6), (9, 7), (9, 8), (9, 9)}
# The largest N whose impossible claims carry the devil's invariant, computed by the engine;
# beyond, they cite glasses_hands_needed (9 glasses would add claims to the default run).
INVARIANT_GLASSES = 8
# A strategy of this many turns, found in seconds: the default claims show that 4 hands win with
# 8 glasses, and glasses.n8.k4.shortest (on request) that 9 turns are the fewest.
WINS = {(8, 4): 10}
# The wins claims of the default run that cite glasses_hands_suffice, the fewest hands for a few
# N: a prime factor 5 (10, 15, 20), 3 beside 2 (12), powers of 2, and 27 and 63, where 3 is
# peeled with 9 still dividing what is left (the case the columns step could not reach).
THEOREM_WINS = [(10, 8), (12, 8), (15, 12), (16, 8), (20, 16), (27, 18), (63, 54), (64, 32)]
INLINE_BELIEFS = 200  # larger survival layers go to an artifact file

SURVIVAL_LEMMA = (
    "The devil's survival layers (docs/glasses.md): if from every belief of layer d, whatever "
    "the player grabs, the devil has a feel after which every choice of glasses to turn leads "
    "to a belief of layer d - 1 or later (d = 1: to a nonempty belief), then from any state of "
    "a layer-d belief the devil keeps the glasses unequal for d turns (induction on d); every "
    "state is a possible start.")


def largest_prime_factor(n: int) -> int:
    """The largest prime factor of n >= 2.

    >>> [largest_prime_factor(n) for n in (2, 6, 8, 9, 15)]
    [2, 3, 2, 3, 5]
    """
    factor, largest = 2, 1
    while factor * factor <= n:
        while n % factor == 0:
            largest, n = factor, n // factor
        factor += 1
    return max(largest, n)


def hands_needed(n: int) -> int:
    """N - N/p, p the largest prime factor of N (Laaser and Ramshaw 1981); 0 for one glass.

    >>> [hands_needed(n) for n in range(1, 9)]
    [0, 1, 2, 2, 4, 4, 6, 4]
    """
    return 0 if n == 1 else n - n // largest_prime_factor(n)


def _limits(n: int, k: int) -> None:
    within("N", n, 1, MAX_GLASSES, "the engine keeps a belief in 64 bits")
    within("K", k, 0, n, "the hands grab different glasses")


def shortest_claim(n: int, k: int) -> ClaimSpec:
    """glasses.n<N>.k<K>.shortest, for the (N, K) of SHORTEST."""
    _limits(n, k)
    if (n, k) not in SHORTEST:  # every (N, K) that wins is listed: these hands are too few
        raise OutOfLimits(f"with {n} glasses and {k} hands no strategy wins (prove "
                          f"glasses.n{n}.k{k}.impossible)")
    return claim(n, k, "shortest", SHORTEST[n, k], partial(prove_shortest, n, k),
                 lemmas=(SURVIVAL_LEMMA,))


def wins_claim(n: int, k: int) -> ClaimSpec:
    """glasses.n<N>.k<K>.wins: within the turns of WINS, or else within some number of turns
    by the theorem, for K >= N - N/p."""
    within("N", n, 1, MAX_CLAIM_N, "the kernel's largest glasses claim")
    within("K", k, 0, n, "the hands grab different glasses")
    if (n, k) in WINS:
        return claim(n, k, "wins", WINS[n, k], partial(prove_wins, n, k))
    if k < hands_needed(n):
        raise OutOfLimits(f"{n} glasses need {hands_needed(n)} hands, so {k} never win (prove "
                          f"glasses.n{n}.k{k}.impossible)")
    return claim(n, k, "wins", None, partial(prove_wins_by_theorem, n))


def impossible_claim(n: int, k: int) -> ClaimSpec:
    """glasses.n<N>.k<K>.impossible, for K below N - N/p."""
    within("N", n, 1, MAX_CLAIM_N, "the kernel's largest impossible claim")
    within("K", k, 0, n, "the hands grab different glasses")
    if k >= hands_needed(n):
        instead = (f"prove glasses.n{n}.k{k}.shortest" if n <= MAX_GLASSES
                   else f"no claim of more than {MAX_GLASSES} glasses says how fast")
        raise OutOfLimits(f"{n} glasses need {hands_needed(n)} hands, so {k} win ({instead})")
    return claim(n, k, "impossible", None, partial(prove_impossible, n, k))


def claim(n: int, k: int, kind: str, value: int | None, prove: partial[list[Evidence]],
          lemmas: tuple[str, ...] = ()) -> ClaimSpec:
    return ClaimSpec(id=f"glasses.n{n}.k{k}.{kind}", game="glasses", kind=kind,
                     params={"n": n, "hands": k}, value=value,
                     statement=statement(kind, n, k, value), prove=prove, lemmas=lemmas)


def strategy_evidence(context: ProofContext, tree: Node | None, turns: int) -> Evidence:
    """The strategy, inline when small, else in the artifact `<claim id>.strategy` (JSON; not
    named *.json, which `coinproofs verify DIR` takes for certificates)."""
    raw = strategy_to_json(tree, inline=INLINE_TURNS)  # large trees: each turn named once
    found_by = "AND-OR search over beliefs"
    if written_size(tree) <= INLINE_TURNS:
        return {"method": "strategy", "tree": raw, "turns": turns, "found_by": found_by}
    artifact = context.artifact("strategy", json.dumps(raw, separators=(",", ":")).encode())
    return {"method": "strategy", **artifact, "turns": turns, "found_by": found_by}


def survival_evidence(context: ProofContext, search: Search, turns: int) -> Evidence:
    """The devil's layers: no strategy wins within `turns` turns."""
    layers = search.survival(search.rules.start, turns)
    counts = {"turns": len(layers), "beliefs": sum(map(len, layers))}
    if counts["beliefs"] <= INLINE_BELIEFS:
        return {"method": "survival", "layers": layers, **counts}
    data = "".join(json.dumps(layer) + "\n" for layer in layers).encode()
    return {"method": "survival", **context.artifact("survival.jsonl", data), **counts}


def prove_shortest(n: int, k: int, context: ProofContext) -> list[Evidence]:
    # The search asks about the claimed value and one turn fewer only, not about every number of
    # turns from 0 as solve() does: the exhaustive search one turn short is the cost, and the
    # earlier depths would only repeat part of it (8 glasses, 4 hands: minutes saved).
    turns = SHORTEST[n, k]
    context.progress(f"glasses.n{n}.k{k}: AND-OR search within {turns} and {turns - 1} turns")
    context.solvers.add("AND-OR search")
    search = Search(rules(n, k))
    start = search.rules.start
    if not search.winnable(start, turns):
        raise ValueError(f"the search finds no strategy of {turns} turns")
    if turns >= 1 and search.winnable(start, turns - 1):
        raise ValueError(f"the search finds a strategy of {turns - 1} turns")
    evidence = [strategy_evidence(context, search.tree(start, turns), turns)]
    if turns >= 2:  # fewer than 1 turn never wins: the kernel knows unequal starts
        evidence.append(survival_evidence(context, search, turns - 1))
    return evidence


def prove_wins(n: int, k: int, context: ProofContext) -> list[Evidence]:
    context.progress(f"glasses.n{n}.k{k}: AND-OR search within {WINS[n, k]} turns")
    context.solvers.add("AND-OR search")
    search = Search(rules(n, k))
    turns = WINS[n, k]
    if not search.winnable(search.rules.start, turns):
        raise ValueError(f"the search finds no strategy of {turns} turns")
    return [strategy_evidence(context, search.tree(search.rules.start, turns), turns)]


def prove_wins_by_theorem(n: int, context: ProofContext) -> list[Evidence]:
    context.progress(f"glasses.n{n}: the theorem glasses_hands_suffice")
    return [{"method": "theorem", "name": "glasses_hands_suffice",
             "formal_sha256": theorems.FORMAL_SHA256}]


def prove_impossible(n: int, k: int, context: ProofContext) -> list[Evidence]:
    if n > INVARIANT_GLASSES:  # the theorem, for every N
        return [{"method": "theorem", "name": "glasses_hands_needed",
                 "formal_sha256": theorems.FORMAL_SHA256}]
    context.solvers.add("greatest fixed point over orbits")
    kept = invariant(n, k)
    if not kept:
        raise ValueError(f"the devil has no invariant set of orbits with {k} hands")
    names = [glasses_text(least, n) for j, least in enumerate(orbits(n)) if kept >> j & 1]
    return [{"method": "invariant", "orbits": names}]


def patterns() -> list[ClaimPattern]:
    """The claims about the glasses puzzle, as patterns."""
    impossible = [{"n": n, "k": k} for n in range(1, INVARIANT_GLASSES + 1)
                  for k in range(hands_needed(n))]
    shortest = [{"n": n, "k": k} for n, k in SHORTEST]
    return [
        ClaimPattern("glasses.n<N>.k<K>.shortest", build=shortest_claim,
                     about="the shortest worst-case number of turns with N glasses, K hands",
                     limits=f"N = 1..{MAX_GLASSES}, K >= N - N/p (p the largest prime "
                            "factor of N)",
                     defaults=[p for p in shortest if (p["n"], p["k"]) not in ON_REQUEST],
                     on_request=[p for p in shortest if (p["n"], p["k"]) in ON_REQUEST],
                     takes={"glasses.n8.k4.shortest": "about 3 minutes",  # docs/glasses.md
                            "glasses.n8.k5.shortest": "about 2 minutes",
                            "glasses.n8.k6.shortest": "about 30 s",
                            "glasses.n9.k6.shortest": "about 2 minutes",
                            "glasses.n9.k7.shortest": "about 2 minutes"}),
        ClaimPattern("glasses.n<N>.k<K>.wins", build=wins_claim,
                     about="a strategy wins within the stated number of turns (null: some)",
                     limits=f"N = 1..{MAX_CLAIM_N}, K >= N - N/p (by the Coq theorem "
                            "glasses_hands_suffice; "
                            + ", ".join(f"N = {n}, K = {k}: {t} turns" for (n, k), t
                                        in WINS.items()) + ")",
                     defaults=[{"n": n, "k": k} for n, k in [*WINS, *THEOREM_WINS]]),
        ClaimPattern("glasses.n<N>.k<K>.impossible", build=impossible_claim,
                     about="no strategy wins with N glasses and K hands",
                     limits=f"N = 1..{MAX_CLAIM_N}, K < N - N/p (beyond N = "
                            f"{INVARIANT_GLASSES} on request, by the Coq theorem "
                            "glasses_hands_needed)",
                     defaults=impossible),
    ]
