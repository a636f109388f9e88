"""Claims about no repeats (Enigma 1404) and their provers.

Who wins with best play (claims ``norepeat.n<n>.normal|misere``), under normal play for 1 to 20
coins and under misère play for 1 to 6 coins (3 to 5 listed by default, 6 on request). The
search (coinproofs.games.norepeat) finds the winner and the winner's strategy, written also as a
strategy DAG (the native core's for 6 coins, which takes long); a perfect matching of the
hypercube, found by networkx, proves normal play for any number of coins.
"""

from __future__ import annotations

import hashlib
import json
import tempfile
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

from coinproofs.games import norepeat as engine
from coinproofs.games.norepeat import TREE_COINS, OutOfBudget, perfect_matching, solve, strategy_dag
from coinproofs.proofs.registry import ClaimPattern, ClaimSpec, Evidence, ProofContext, within
from coinproofs.verify.norepeat import claim_id, statement

MATCHING_COINS = range(1, 21)
DEFAULT_COINS = 16  # matchings beyond this take seconds and megabytes: proved only on request
INLINE_PAIRS = 512  # larger matchings go to an artifact file
SEARCHED_NORMAL = (3, 4, 5)  # normal play proved by search as well as by a matching
MISERE_COINS = range(1, 7)  # misère play, proved by search (6 coins by the native core)
SEEN_MISERE = (3, 4, 5, 6)  # the misère claims listed: the seed's question 3, and beyond
NATIVE_MISERE = 6  # proved only on request: the native search and its DAG take long
NATIVE_SECONDS = 3 * 3600  # the native search's budget; beyond it the claim is "not settled"
# (it settles six coins in about 25 minutes of one core's CPU: docs/norepeat.md)
# The winner the claims state: found by search for 1 to 5 coins; for 6 the claim states the
# same, and its prover fails, saying so, if the search finds the other winner.
MISERE_WINNER = "second"

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
        within("n", n, 1, MISERE_COINS[-1], "misère play is settled by search, whose strategy "
               "DAG the kernel reads for up to 6 coins")
        winner = MISERE_WINNER
        prove = partial(native_evidence if n == NATIVE_MISERE else search_evidence, n, misere,
                        winner)
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
        defaults=[{"n": n, "rule": rule} for n, rule in listed if not on_request(n, rule)],
        on_request=[{"n": n, "rule": rule} for n, rule in listed if on_request(n, rule)],
        takes={claim_id(NATIVE_MISERE, True): "about 40 minutes of CPU and 14 GiB; its "
                                              f"search stops after {NATIVE_SECONDS // 3600} "
                                              "hours"})]


def on_request(n: int, rule: str) -> bool:
    """Is the claim left out of a bare `coinproofs prove` (it takes long or makes big files)?"""
    return n > DEFAULT_COINS or (rule == "misere" and n >= NATIVE_MISERE)


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
    dag = strategy_dag(game)
    evidence.append({"method": "strategy-dag", **ctx.artifact("nrdag", dag),
                     "nodes": engine.dag_nodes(dag)})
    if not misere:
        evidence += matching_evidence(n, ctx)
    return evidence


def native_evidence(n: int, misere: bool, winner: str, ctx: ProofContext) -> list[Evidence]:
    """The winner's strategy as a walk file (NRWALK1), found and written by the native core: the
    search from the opening (about 25 minutes of one core for six coins: docs/norepeat.md), then
    the walk of its strategy, written to the file as it goes. The search keeps its table in the
    user's cache (`engine.saved_table`, every ten minutes and when it stops), as `norepeat
    solve` does, and starts from it when the claim is proved again or after `norepeat solve`:
    a search stopped goes on, one settled answers at once."""
    ctx.solvers.add("native search")
    checkpoint = engine.saved_table(n, misere)
    # The progress line reads the solver from a list, not from the game: a callback that
    # referred to the game would make a cycle keeping its table (12 GiB) mapped through the
    # kernel's check, until a garbage collection.
    shown: list[Any] = []
    game = engine.NoRepeats(n, misere, seconds=NATIVE_SECONDS, native=True,
                            table_bytes=engine.table_size(n, misere), checkpoint=checkpoint,
                            progress=lambda positions: ctx.progress(
                                f"{n} coins: {engine.search_progress(shown[0])}"))
    shown.append(game.native)
    if game.table_note:
        ctx.progress(f"{n} coins: {game.table_note}")
    try:
        settled = game.wins(game.start)
    except OutOfBudget:
        raise OutOfBudget(f"{n} coins under {'misère' if misere else 'normal'} play is not "
                          f"settled: the native search stopped at its budget of "
                          f"{NATIVE_SECONDS:,} s after {game.positions:,} positions; its table "
                          f"is kept in {checkpoint}, from which proving the claim again goes "
                          "on") from None
    ctx.progress(f"{n} coins: settled, {game.searched:,} positions searched in this run")
    found = "first" if settled else "second"
    if found != winner:
        raise ValueError(f"the search finds that the {found} player wins, not the {winner} as "
                         "claimed")
    solver = game.native
    write = partial(engine.extract, solver=solver, progress=lambda nodes, records: ctx.progress(
        f"{n} coins: the strategy walked, {nodes:,} nodes, {records:,} records written"))
    if ctx.out_dir is None:  # a cluster's worker: the file goes back to the client in memory
        with tempfile.TemporaryDirectory() as folder:
            evidence = native_walk(n, misere, ctx, Path(folder), write)
            name = evidence["file"]
            ctx.kept[name] = (Path(folder) / name).read_bytes()
        return [evidence]
    return [native_walk(n, misere, ctx, ctx.out_dir, write)]


def native_walk(n: int, misere: bool, ctx: ProofContext, folder: Path,
                write: Callable[..., dict[str, int]]) -> Evidence:
    """The strategy-walk evidence for the walk the native core writes into `folder` (hashed as
    it is read back, never held whole)."""
    path = folder / f"{ctx.claim_id}.nrwalk"
    counts = write(n, misere, path)
    hasher = hashlib.sha256()
    with path.open("rb") as handle:
        while chunk := handle.read(1 << 20):
            hasher.update(chunk)
    return {"method": "strategy-walk", "file": path.name, "sha256": hasher.hexdigest(),
            "nodes": counts["nodes"]}


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
