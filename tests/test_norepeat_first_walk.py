"""Strategy walks (NRWALK1) in their first player's form: normal play, which Amber wins. The
header names her first move (a coin, where the second player's form has 255) and the walk
starts after it. The native core writes such walks, both kernel checkers accept them and refuse
them changed; Coq's walk checker proves `first_wins` from them (walk_first_wins,
formal/norepeat/NoRepeatsWalk.v) and gets the kernel's verdict on each changed byte.

No claim has a first player's walk as its only proof (`verify --coq` hands one over
COQ_WALK_NODES to the extracted walk checker: tests/test_coq_norepeat_walkcheck.py). Normal
play is proved for every n by `normal_first_wins` whatever the evidence, and misère play,
which a walk proves for six coins, is the second player's for 1 to 6 coins (the last test says
so). The Coq tests skip when `coqc` is missing."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from coinproofs.coq import MATHCOMP_IMPORT
from coinproofs.coq.norepeat import read_walk, script, walk_script
from coinproofs.games import norepeat as engine
from coinproofs.verify import norepeat_walk as kernel
from coinproofs.verify.schema import Rejected
from tests.test_coq_norepeat import claim, compile_text, needs_coq
from tests.test_norepeat_walk import both, changed_bytes, written

WALKS = [(2, 0), (3, 0), (4, 0), (4, 8), (5, 0), (5, 8), (5, 20)]  # (coins, leaf)


def header(data: bytes) -> tuple[int, ...]:
    """The walk's header: magic, coins, misère, winner, first move, leaf, zeros, nodes,
    records."""
    return kernel.HEADER.unpack_from(data)


# --- The kernel --------------------------------------------------------------------------------

@pytest.mark.parametrize("n, leaf", WALKS)
def test_the_core_writes_a_first_players_walk_both_checkers_accept(tmp_path: Path, n: int,
                                                                   leaf: int) -> None:
    winner, data = written(n, False, leaf)
    assert winner == "first" == engine.NoRepeats(n, False, native=False).winner
    _, coins, misere, player, first, written_leaf, _, _, _ = header(data)
    assert (coins, misere, player, written_leaf) == (n, 0, 1, leaf)
    assert first < n  # her first move, a coin
    assert both(tmp_path, data, n, False, "first") == ""


@pytest.mark.parametrize("n, leaf", [(4, 0), (5, 0), (5, 8)])
def test_a_first_players_walk_proves_nothing_else(tmp_path: Path, n: int, leaf: int) -> None:
    """Not the second player's win, nor the first player's under misère play (Ben wins that),
    nor from the opening without her first move."""
    _, data = written(n, False, leaf)
    assert "wins, not the" in both(tmp_path, data, n, False, "second")
    assert "the header says misère 0, not 1" in both(tmp_path, data, n, True, "first")
    no_first = data[:11] + bytes([kernel.NO_FIRST]) + data[12:]
    assert "the header's first move 255 is not a coin" in both(tmp_path, no_first, n, False,
                                                               "first")
    beyond = data[:11] + bytes([n]) + data[12:]
    assert f"the header's first move {n} is not a coin" in both(tmp_path, beyond, n, False,
                                                               "first")


@pytest.mark.parametrize("n, leaf", [(4, 0), (5, 0), (5, 8)])
def test_changed_bytes_of_a_first_players_walk_are_refused(tmp_path: Path, n: int,
                                                           leaf: int) -> None:
    """Each byte set to three other values: both checkers give the same verdict, and accept
    only what still proves the claim (another coin as her first move, which a symmetry of the
    cube maps onto hers; leaves one pattern larger, which the checker solves all the same; a
    listed reply changed into another that wins as well)."""
    _, data = written(n, False, leaf)
    refused = accepted = 0
    for changed in changed_bytes(data, random.Random(n * 100 + leaf)):
        if both(tmp_path, changed, n, False, "first"):
            refused += 1
            continue
        accepted += 1
        at = next(at for at in range(len(data)) if changed[at] != data[at])
        assert at in (11, 12) or at >= kernel.HEADER.size, at  # first move, leaf, a record
    assert refused >= 10 * accepted and refused > 60


# --- The Coq road ------------------------------------------------------------------------------

def proof_text(n: int, data: bytes) -> str:
    """A .v file proving that Amber wins n coins under normal play from the walk `data`, by
    walk_first_wins (coinproofs/coq/norepeat.py's walk_script, not `prove`'s script)."""
    proof = walk_script(n, False, "first", data)
    return (f"{MATHCOMP_IMPORT}\n"
            f"From CoinProofs Require Import Claims RulesNoRepeats {' '.join(proof.requires)}.\n"
            f"{proof.definitions}\nLemma claim : first_wins {n} normal.\nProof.\n"
            f"{proof.proof}\nQed.\n")


def test_the_expansion_names_her_first_move() -> None:
    _, data = written(5, False, 0)
    nodes, first = read_walk(data, 5, False, "first")
    # Node 0 is the opening, before her first move; the walk counts the nodes after it.
    assert first == header(data)[4] and len(nodes) == header(data)[7] + 1
    assert "walk_first_wins 5 normal" in walk_script(5, False, "first", data).proof
    with pytest.raises(Rejected, match="the header says player 1 wins, not the second"):
        read_walk(data, 5, False, "second")


@needs_coq
@pytest.mark.parametrize("n, leaf", [(4, 0), (5, 0), (5, 8)])
def test_coq_proves_first_wins_from_the_walk(formal: Path, tmp_path: Path, n: int,
                                             leaf: int) -> None:
    _, data = written(n, False, leaf)
    accepted, said = compile_text(tmp_path, "first", proof_text(n, data))
    assert accepted, said


@needs_coq
@pytest.mark.parametrize("n", [4, pytest.param(5, marks=pytest.mark.slow)])
def test_every_changed_byte_gets_the_kernels_verdict_in_coq(formal: Path, tmp_path: Path,
                                                            n: int) -> None:
    """Each byte of the walk (leaf 0) changed in its lowest bit and its highest: Coq accepts
    the file exactly when the kernel does (refused by the expansion, which Coq need not see,
    or by walk_ok)."""
    _, data = written(n, False, 0)
    compiled = refused_by_coq = 0
    for at in range(len(data)):
        for mask in (0x01, 0x80):
            changed = bytearray(data)
            changed[at] ^= mask
            kernel_says = both(tmp_path, bytes(changed), n, False, "first")
            try:
                text = proof_text(n, bytes(changed))
            except Rejected:
                assert kernel_says, (at, mask)
                continue
            compiled += 1
            accepted, said = compile_text(tmp_path, "changed", text)
            refused_by_coq += not accepted
            assert accepted == (kernel_says == ""), (at, mask, kernel_says, said)
    assert compiled > 0


def test_verify_coq_proves_normal_play_without_the_walk(tmp_path: Path) -> None:
    """The claim's proof on the Coq road is normal_first_wins, walk or no walk; no misère claim
    is the first player's, so no certificate reaches walk_first_wins through `verify --coq`."""
    _, data = written(5, False, 0)
    (tmp_path / "w.nrwalk").write_bytes(data)
    walk = {"method": "strategy-walk", "file": "w.nrwalk", "sha256": "0" * 64,
            "nodes": header(data)[7]}
    assert script({"claim": claim(5, False, "first"), "evidence": [walk]}, tmp_path).proof \
        == "exact: normal_first_wins."
    assert {engine.NoRepeats(n, True).winner for n in range(1, 6)} == {"second"}
