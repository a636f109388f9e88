"""Claims about no repeats (Enigma 1404) and their provers.

Who wins with best play (claims ``norepeat.n<n>.normal|misere``), under normal play for 1 to 20
coins and under misère play for 1 to 5 coins (3 to 5 listed). The search
(coinproofs.games.norepeat) finds the winner and the winner's strategy; a perfect matching of the
hypercube, found by networkx, proves normal play for any number of coins.
"""

from __future__ import annotations

import json
from functools import partial

from coinproofs.games.norepeat import TREE_COINS, perfect_matching, solve
from coinproofs.proofs.registry import ClaimPattern, ClaimSpec, Evidence, ProofContext, within
from coinproofs.verify.norepeat import claim_id, statement

MATCHING_COINS = range(1, 21)
DEFAULT_COINS = 16  # matchings beyond this take seconds and megabytes: proved only on request
INLINE_PAIRS = 512  # larger matchings go to an artifact file
SEARCHED_NORMAL = (3, 4, 5)  # normal play proved by search as well as by a matching
MISERE_COINS = range(1, 6)  # misère play, proved by search (6 coins is not solved)
SEEN_MISERE = (3, 4, 5)  # the misère claims listed: the seed's question 3, and beyond
MISERE_WINNER = "second"  # for 1 to 5 coins (the prover fails if the search finds otherwise)

MATCHING_LEMMA = (
    "Fraenkel, Scheinerman and Ullman (1993): in undirected vertex geography the player to move "
    "from v wins iff every maximum matching covers v. The half used here: if M is a perfect "
    "matching of Q_n, the first player wins normal play by always moving to the M-partner of "
    "the current pattern (after her moves the seen set is a union of M-pairs, so the partner of "
    "any pattern the second player reaches is unseen).")


def winner_claim(n: int, rule: str) -> ClaimSpec:
    """norepeat.n<n>.normal|misere: who wins on n coins under the rule."""
    misere = rule == "misere"
    if misere:
        within("n", n, 1, MISERE_COINS[-1], "misère play is settled by search, which the "
               "kernel replays for a strategy up to symmetry only that far")
        winner = MISERE_WINNER
        prove = partial(search_evidence, n, misere, winner)
    else:
        within("n", n, 1, MATCHING_COINS[-1], "the perfect matching is listed pair by pair")
        winner = "first"
        prove = (partial(search_evidence, n, misere, winner) if n in SEARCHED_NORMAL
                 else partial(matching_evidence, n))
    return ClaimSpec(
        id=claim_id(n, misere), game="norepeat", kind="winner",
        params={"n": n, "misere": misere}, value=winner,
        statement=statement(n, misere, winner), prove=prove,
        lemmas=() if misere else (MATCHING_LEMMA,))


def patterns() -> list[ClaimPattern]:
    """Who wins with best play, normal and misère, as one pattern."""
    listed = [(n, "normal") for n in MATCHING_COINS] + [(n, "misere") for n in SEEN_MISERE]
    return [ClaimPattern(
        "norepeat.n<n>.<rule:normal|misere>", build=winner_claim,
        about="who wins no repeats with n coins under normal or misère play",
        limits=f"n = 1..{MATCHING_COINS[-1]} for normal play, 1..{MISERE_COINS[-1]} for misère",
        defaults=[{"n": n, "rule": rule} for n, rule in listed if n <= DEFAULT_COINS],
        on_request=[{"n": n, "rule": rule} for n, rule in listed if n > DEFAULT_COINS])]


def search_evidence(n: int, misere: bool, winner: str, ctx: ProofContext) -> list[Evidence]:
    """The winner's strategy found by search (and, for normal play, a perfect matching)."""
    ctx.progress(f"searching {n} coins")
    ctx.solvers.add("memoised search")
    game = solve(n, misere)
    if game.winner != winner:
        raise ValueError(f"the search finds that the {game.winner} player wins, "
                         f"not the {winner} as claimed")
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
