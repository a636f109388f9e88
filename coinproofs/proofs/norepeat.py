"""Claims about no repeats (Enigma 1404) and their provers.

Who wins with best play, under normal play for 1 to 20 coins and under misère play for 3 to 5
coins. The search (coinproofs.games.norepeat) finds the winner and the winner's strategy; a
perfect matching of the hypercube, found by networkx, proves normal play for any number of coins.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import partial

from coinproofs.games.norepeat import TREE_COINS, perfect_matching, solve
from coinproofs.proofs.registry import ClaimSpec, Evidence, ProofContext
from coinproofs.verify.norepeat import claim_id, statement

MATCHING_COINS = range(1, 21)
DEFAULT_COINS = 16  # matchings beyond this take seconds and megabytes: proved only on request
INLINE_PAIRS = 512  # larger matchings go to an artifact file
SEARCHED = {  # claims proved by search, with the claimed winner (the prover fails otherwise)
    (3, False): "first", (4, False): "first",  # the seed's questions 1 and 2
    (3, True): "second",  # the seed's question 3
    (5, False): "first", (4, True): "second", (5, True): "second",
}

MATCHING_LEMMA = (
    "Fraenkel, Scheinerman and Ullman (1993): in undirected vertex geography the player to move "
    "from v wins iff every maximum matching covers v. The half used here: if M is a perfect "
    "matching of Q_n, the first player wins normal play by always moving to the M-partner of "
    "the current pattern (after her moves the seen set is a union of M-pairs, so the partner of "
    "any pattern the second player reaches is unseen).")


def claims() -> list[ClaimSpec]:
    """The seed's three questions, misère play on 4 and 5 coins, and normal play up to 20."""
    specs = [winner_claim(n, misere, winner, partial(search_evidence, n, misere))
             for (n, misere), winner in SEARCHED.items()]
    specs += [winner_claim(n, False, "first", partial(matching_evidence, n))
              for n in MATCHING_COINS if (n, False) not in SEARCHED]
    return sorted(specs, key=lambda spec: (spec.params["misere"], spec.params["n"]))


def winner_claim(n: int, misere: bool, winner: str,
                 prove: Callable[[ProofContext], list[Evidence]]) -> ClaimSpec:
    """The claim that `winner` wins on n coins under the rule."""
    return ClaimSpec(
        id=claim_id(n, misere), game="norepeat", kind="winner",
        params={"n": n, "misere": misere}, value=winner,
        statement=statement(n, misere, winner), prove=prove,
        default=n <= DEFAULT_COINS, lemmas=() if misere else (MATCHING_LEMMA,))


def search_evidence(n: int, misere: bool, ctx: ProofContext) -> list[Evidence]:
    """The winner's strategy found by search (and, for normal play, a perfect matching)."""
    ctx.progress(f"searching {n} coins")
    ctx.solvers.add("memoised search")
    game = solve(n, misere)
    if game.winner != SEARCHED[n, misere]:
        raise ValueError(f"the search finds that the {game.winner} player wins, "
                         f"not the {SEARCHED[n, misere]} as claimed")
    evidence: list[Evidence] = []
    if n <= TREE_COINS:
        evidence.append({"method": "strategy", "moves": game.strategy_tree()})
    moves = {str(key): coin for key, coin in sorted(game.strategy().items())}
    evidence.append({"method": "strategy-up-to-symmetry", "moves": moves})
    if not misere:
        evidence += matching_evidence(n, ctx)
    return evidence


def matching_evidence(n: int, ctx: ProofContext) -> list[Evidence]:
    """A perfect matching of Q_n found by networkx (in an artifact file if large)."""
    ctx.progress(f"matching Q_{n}")
    ctx.solvers.add("networkx")
    pairs = [list(pair) for pair in perfect_matching(n)]
    if len(pairs) <= INLINE_PAIRS:
        return [{"method": "matching", "pairs": pairs}]
    data = json.dumps(pairs, separators=(",", ":")).encode()
    # Not named *.json: `coinproofs verify DIR` takes every *.json file for a certificate.
    return [{"method": "matching"} | ctx.artifact("pairs", data)]
