"""Strategy DAGs (format NRDAG1): the engine's writer, the kernel's Python walk and the native
checker. Both checkers accept every DAG the engine writes for 1 to 5 coins, and give the same
verdict, word for word, on every tampered file: each tampering is rejected with a one-line
reason (or, for an automorphism swapped for another that fits as well, accepted by both)."""

from __future__ import annotations

import hashlib
import random
import re
import struct
from functools import cache
from itertools import permutations
from pathlib import Path

import pytest

from coinproofs.games import norepeat as engine
from coinproofs.verify import norepeat_dag as kernel
from coinproofs.verify.certificate import Artifacts
from coinproofs.verify.schema import Rejected

CHECKERS = {"python": False, "native": True}
RULES = [(n, misere) for n in range(1, 6) for misere in (False, True)]


@cache
def written(n: int, misere: bool) -> tuple[str, bytes]:
    """The winner and the engine's DAG file for n coins."""
    game = engine.NoRepeats(n, misere)
    return game.winner, engine.strategy_dag(game)


def verdict(folder: Path, data: bytes, n: int, misere: bool, winner: str,
            native: bool | None, nodes: int | None = None, sha256: str | None = None) -> str:
    """'' if the checker accepts the file as proof that `winner` wins, else its reason."""
    (folder / "x.nrdag").write_bytes(data)
    item = {"method": "strategy-dag", "file": "x.nrdag",
            "sha256": sha256 or hashlib.sha256(data).hexdigest(),
            "nodes": int.from_bytes(data[12:20], "little") if nodes is None else nodes}
    try:
        method = kernel.check_dag(n, misere, winner, item, Artifacts(folder), use_native=native)
    except Rejected as rejection:
        return str(rejection)
    assert method == ("strategy-dag (native)" if native else "strategy-dag")
    return ""


def both(folder: Path, data: bytes, n: int, misere: bool, winner: str | None = None,
         **evidence: int | str) -> str:
    """The one verdict both checkers give (the test fails if they differ)."""
    winner = winner or written(n, misere)[0]
    python, native = (verdict(folder, data, n, misere, winner, use, **evidence)  # type: ignore[arg-type]
                      for use in CHECKERS.values())
    assert python == native
    assert "\n" not in python
    return python


# --- Nodes and records, to tamper with ---------------------------------------------------------

def nodes_of(data: bytes) -> list[tuple[int, int, list[tuple[int, int, int]]]]:
    """The nodes of a DAG file: (seen, current, [(reply, automorphism, child), ...])."""
    found, at = [], kernel.HEADER.size
    while at < len(data):
        seen, current, moves = kernel.NODE.unpack_from(data, at)
        records = [kernel.RECORD.unpack_from(data, at + 10 + 9 * k) for k in range(moves)]
        found.append((seen, current, records))
        at += 10 + 9 * moves
    return found


def file_of(header: bytes, nodes: list[tuple[int, int, list[tuple[int, int, int]]]]) -> bytes:
    """A DAG file from its header's first 12 bytes and its nodes."""
    body = b"".join(kernel.NODE.pack(seen, current, len(records))
                    + b"".join(kernel.RECORD.pack(*record) for record in records)
                    for seen, current, records in nodes)
    return header[:12] + struct.pack("<Q", len(nodes)) + body


def record_offsets(data: bytes) -> list[tuple[int, int]]:
    """(node, byte offset) of every record in the file."""
    offsets, at, node = [], kernel.HEADER.size, 0
    while at < len(data):
        moves = data[at + 9]
        offsets += [(node, at + 10 + 9 * k) for k in range(moves)]
        at += 10 + 9 * moves
        node += 1
    return offsets


# --- Both checkers accept what the engine writes ------------------------------------------------

@pytest.mark.parametrize("n, misere", RULES)
def test_both_checkers_accept_the_engines_dag(tmp_path: Path, n: int, misere: bool) -> None:
    assert both(tmp_path, written(n, misere)[1], n, misere) == ""


@pytest.mark.parametrize("n, misere", [(4, True), (5, False)])
def test_the_dag_does_not_prove_the_other_winner(tmp_path: Path, n: int, misere: bool) -> None:
    winner, data = written(n, misere)
    other = "first" if winner == "second" else "second"
    assert "wins, not the" in both(tmp_path, data, n, misere, other)


def test_the_two_reduces_agree() -> None:
    """The kernel's reduce (bitset flood) and the engine's (breadth-first search over
    patterns) agree on random positions of 1 to 6 coins."""
    rng = random.Random(15)
    for _ in range(3000):
        n = rng.randint(1, 6)
        seen = rng.getrandbits(1 << n) | 1
        current = rng.choice([x for x in range(1 << n) if seen >> x & 1])
        assert kernel.reduce(seen, current, n) == engine.reachable_part(seen, current, n)


def test_the_automorphisms_are_numbered_as_the_engine_orders_them() -> None:
    for n in range(1, 5):
        assert kernel.automorphisms(n) == [[engine._reorder(x, order) for x in range(1 << n)]
                                           for order in permutations(range(n))]


# --- Every tampering is rejected by both, in the same words -------------------------------------

def flipped_bytes(folder: Path, n: int, misere: bool, masks: list[int]) -> None:
    """Each byte flipped by each mask: rejected by both in the same words, except a changed
    automorphism that still maps the position onto its node, which both accept."""
    _, data = written(n, misere)
    automorphism_bytes = {at + 1 + k for _, at in record_offsets(data) for k in range(4)}
    rejected = 0
    for at in range(len(data)):
        for mask in masks:
            changed = data[:at] + bytes([data[at] ^ mask]) + data[at + 1:]
            reason = both(folder, changed, n, misere)
            assert reason or at in automorphism_bytes, (at, mask)
            rejected += bool(reason)
    assert rejected > 0.75 * len(data) * len(masks)


@pytest.mark.parametrize("n, misere", [(3, True), (4, False)])
def test_every_flipped_byte_is_rejected_or_a_fitting_automorphism(
        tmp_path: Path, n: int, misere: bool) -> None:
    flipped_bytes(tmp_path, n, misere, [0xFF])


@pytest.mark.slow
@pytest.mark.parametrize("n, misere", [(4, True), (4, False)])
def test_every_bit_flipped_is_rejected_or_a_fitting_automorphism(
        tmp_path: Path, n: int, misere: bool) -> None:
    flipped_bytes(tmp_path, n, misere, [1 << bit for bit in range(8)])


@pytest.mark.parametrize("n, misere", [(4, True), (5, False)])
def test_a_cut_or_extended_file_is_rejected(tmp_path: Path, n: int, misere: bool) -> None:
    _, data = written(n, misere)
    cuts = sorted({*range(0, 40), *range(len(data) - 40, len(data))})
    for end in cuts:
        assert both(tmp_path, data[:end], n, misere), end
    for extra in (b"\0", b"\0" * 9, b"\0" * 10, data[20:40], data[20:]):
        assert both(tmp_path, data + extra, n, misere)
        assert both(tmp_path, data + extra, n, misere, nodes=len(nodes_of(data)))


def test_the_header_must_say_what_the_claim_says(tmp_path: Path) -> None:
    _, data = written(3, True)
    header = [("magic", 0, b"NRDAG2"), ("coins", 8, b"\x04"), ("rule", 9, b"\x00"),
              ("winner", 10, b"\x01"), ("first move", 11, b"\x00")]
    reasons = {what: both(tmp_path, data[:at] + value + data[at + len(value):], 3, True)
               for what, at, value in header}
    assert "NRDAG1 magic" in reasons["magic"]
    assert "4 coins, not 3" in reasons["coins"]
    assert "misère 0, not 1" in reasons["rule"]
    assert "player 1 wins, not the second" in reasons["winner"]
    assert "first move 0 is not a coin" in reasons["first move"]
    count = data[:12] + struct.pack("<Q", 4) + data[20:]
    assert "the header says 4 nodes, the evidence 5" in both(tmp_path, count, 3, True, nodes=5)
    assert "131 bytes of nodes, but 20 nodes take from 200 to 740" in both(
        tmp_path, data, 3, True, nodes=20)


def test_a_first_players_dag_names_her_first_move(tmp_path: Path) -> None:
    _, data = written(4, False)  # Amber wins normal play
    assert data[11] < 4
    for coin in range(4):
        changed = data[:11] + bytes([coin]) + data[12:]
        reason = both(tmp_path, changed, 4, False)
        assert reason == "" if coin == data[11] else "node 0 is not the reduced position" in reason
    assert "first move 255" in both(tmp_path, data[:11] + b"\xff" + data[12:], 4, False)


def test_a_hash_mismatch_is_rejected(tmp_path: Path) -> None:
    _, data = written(3, True)
    assert "does not match its SHA-256" in both(tmp_path, data, 3, True, sha256="0" * 64)


def tampered(data: bytes, node: int, change: str) -> bytes:
    """The file with one node changed."""
    nodes = nodes_of(data)
    seen, current, records = nodes[node]
    records = list(records)
    if change == "missing loser move":
        records.pop()
    elif change == "extra record":
        records.append(records[-1])
    elif change == "wrong root":
        seen |= 1 << next(x for x in range(64) if not seen >> x & 1)
    nodes[node] = (seen, current, records)
    return file_of(data, nodes)


@pytest.mark.parametrize("node, change, reason", [
    (0, "missing loser move", r"node 0 lists 2 loser moves, but the loser has 3"),
    (0, "extra record", r"node 0 lists 4 loser moves, more than 3 coins allow"),
    (1, "missing loser move", r"node 1 lists 1 loser moves, but the loser has 2"),
    (1, "extra record", r"node 1 lists 3 loser moves, but the loser has 2"),
    (0, "wrong root", r"node 0 is not the reduced position")])
def test_a_changed_node_is_rejected(tmp_path: Path, node: int, change: str, reason: str) -> None:
    _, data = written(3, True)
    assert len(nodes_of(data)[1][2]) == 2
    assert re.search(reason, both(tmp_path, tampered(data, node, change), 3, True))


def with_record(data: bytes, node: int, index: int, reply: int | None = None,
                automorphism: int | None = None, child: int | None = None) -> bytes:
    nodes = nodes_of(data)
    seen, current, records = nodes[node]
    old = records[index]
    records = [*records[:index], (old[0] if reply is None else reply,
                                  old[1] if automorphism is None else automorphism,
                                  old[2] if child is None else child), *records[index + 1:]]
    nodes[node] = (seen, current, records)
    return file_of(data, nodes)


def test_a_wrong_reply_is_rejected(tmp_path: Path) -> None:
    _, data = written(4, True)
    for node, (seen, current, records) in enumerate(nodes_of(data)):
        coins = kernel.legal_coins(seen, current, 4)
        for index, (reply, _, _) in enumerate(records):
            if reply == kernel.NO_REPLY:
                continue
            moved = current ^ 1 << coins[index]
            for other in range(4):
                if other != reply:
                    why = both(tmp_path, with_record(data, node, index, reply=other), 4, True)
                    legal = other in kernel.legal_coins(seen | 1 << moved, moved, 4)
                    assert why.endswith("does not map the position to node "
                                        f"{records[index][2]}" if legal
                                        else f"the reply {other} is not a legal move"), why


def fits(n: int, seen: int, current: int, automorphism: int, node: tuple[int, int]) -> bool:
    """Does the automorphism map the position onto the node? (By the engine's functions.)"""
    order = list(permutations(range(n)))[automorphism >> n]
    flip = automorphism & ((1 << n) - 1)
    reduced = engine.reachable_part(seen, current, n)
    image = sum(1 << (engine._reorder(x, order) ^ flip) for x in range(1 << n)
                if reduced >> x & 1)
    return (image, engine._reorder(current, order) ^ flip) == node


def test_a_wrong_automorphism_is_rejected(tmp_path: Path) -> None:
    """Every automorphism index for one record: accepted exactly when it fits; refused when it
    is not an automorphism of 3 coins (3! * 2^3 = 48 of them)."""
    _, data = written(3, True)
    nodes = nodes_of(data)
    seen, current, records = nodes[0]
    coin = kernel.legal_coins(seen, current, 3)[0]
    reply, _, child = records[0]
    after = seen | 1 << (current ^ 1 << coin) | 1 << (current ^ 1 << coin ^ 1 << reply)
    outcomes = []
    for automorphism in range(50):
        why = both(tmp_path, with_record(data, 0, 0, automorphism=automorphism), 3, True)
        if automorphism >= 48:
            assert f"the automorphism {automorphism} is not one (there are 48)" in why
        else:
            assert (why == "") == fits(3, after, current ^ 1 << coin ^ 1 << reply, automorphism,
                                       nodes[child][:2]), automorphism
            outcomes.append(why == "")
    assert True in outcomes and False in outcomes


def test_a_child_pointing_to_a_wrong_node_is_rejected(tmp_path: Path) -> None:
    _, data = written(4, True)
    count = len(nodes_of(data))
    _, _, child = nodes_of(data)[0][2][0]
    for other in range(count):
        if other != child:
            why = both(tmp_path, with_record(data, 0, 0, child=other), 4, True)
            assert f"does not map the position to node {other}" in why
    why = both(tmp_path, with_record(data, 0, 0, child=count), 4, True)
    assert f"the child {count} is not a node (the file has {count})" in why


def test_a_node_no_record_names_is_rejected(tmp_path: Path) -> None:
    _, data = written(3, True)
    nodes = nodes_of(data)
    assert "node 5 is named by no record" in both(tmp_path, file_of(data, [*nodes, nodes[-1]]),
                                                  3, True)


def test_the_terminal_rules_of_each_play_are_kept(tmp_path: Path) -> None:
    """A normal-play DAG read as misère (and back) breaks the rule of who wins when stuck."""
    _, normal = written(1, False)  # Amber turns the coin, Ben is stuck: node 0 has no moves
    as_misere = normal[:9] + b"\x01" + normal[10:]
    assert "node 0 leaves the loser stuck, which wins under misère play" in both(
        tmp_path, as_misere, 1, True, "first")
    _, misere = written(1, True)  # Amber turns the coin, Ben cannot reply: reply 255
    as_normal = misere[:9] + b"\x00" + misere[10:]
    assert "no reply (255) is allowed only under misère play" in both(
        tmp_path, as_normal, 1, False, "second")
    _, normal2 = written(2, False)  # Amber, Ben, Amber, and Ben is stuck
    assert nodes_of(normal2)[0][2][0][2] == kernel.NO_CHILD
    as_misere = normal2[:9] + b"\x01" + normal2[10:]
    assert "leaving the loser stuck loses under misère play" in both(
        tmp_path, as_misere, 2, True, "first")
    _, normal4 = written(4, False)
    stuck = next((node, index) for node, (_, _, records) in enumerate(nodes_of(normal4))
                 for index, record in enumerate(records) if record[2] == kernel.NO_CHILD)
    # A stuck loser claimed where the loser can move, and a stuck winner where she can move:
    assert "no child is named, but the loser can move" in both(
        tmp_path, with_record(normal4, 0, 0, child=kernel.NO_CHILD, automorphism=0), 4, False)
    _, misere3 = written(3, True)
    assert "no reply (255), but the winner can move" in both(
        tmp_path, with_record(misere3, 0, 0, reply=255, automorphism=0,
                              child=kernel.NO_CHILD), 3, True)
    assert "no child takes automorphism 0" in both(
        tmp_path, with_record(normal4, *stuck, automorphism=1), 4, False)
    assert "no reply (255) takes automorphism 0 and no child" in both(
        tmp_path, with_record(misere, 0, 0, automorphism=1), 1, True)


def test_a_node_that_is_no_position_is_rejected(tmp_path: Path) -> None:
    _, data = written(3, True)
    nodes = nodes_of(data)
    seen, current, records = nodes[1]
    for (changed_seen, changed_current), reason in [
            ((seen | 1 << 8, current), "seen set holds patterns of more than 3 coins"),
            ((seen, 8), "current pattern 8 is not a pattern of 3 coins"),
            ((seen & ~(1 << current), current), "is not in its seen set")]:
        changed = file_of(data, [*nodes[:1], (changed_seen, changed_current, records),
                                 *nodes[2:]])
        assert reason in both(tmp_path, changed, 3, True)
    too_many = file_of(data, [*nodes[:1], (seen, current, records * 2 + records), *nodes[2:]])
    assert "more than 3 coins allow" in both(tmp_path, too_many, 3, True)


def test_the_node_bound_is_checked_before_the_file_is_read(tmp_path: Path) -> None:
    from coinproofs.verify.schema import raised

    _, data = written(3, True)
    with raised({"norepeat.dag-nodes": 4}):
        assert "bound norepeat.dag-nodes = 4" in both(tmp_path, data, 3, True)


# --- Six coins: DAGs from positions late in a game ----------------------------------------------

def late_verdict(data: bytes, misere: bool, root: tuple[int, int], native: bool) -> str:
    """The verdict of one checker on a DAG from a late position (read as the kernel reads the
    nodes after the header)."""
    from coinproofs.verify._dagcheck import Dag

    nodes = int.from_bytes(data[12:20], "little")
    checker: kernel.Checker = (Dag(6, misere, 2, 255, nodes, *root) if native
                               else kernel.Walk(6, misere, 2, 255, nodes, root))
    try:
        for feed, end in ((checker.positions, checker.end_positions),
                          (checker.replies, checker.end_replies)):
            feed(data[20:])
            end()
    except (Rejected, ValueError) as rejection:
        return str(rejection)
    return ""


@pytest.mark.parametrize("misere", [True, False])
def test_six_coin_dags_from_late_positions_get_the_same_verdicts(misere: bool) -> None:
    """For 6 coins (a seen set of all 64 bits): the engine's DAG from a position 38 moves into
    a game is accepted by both checkers, and each of 40 random bytes flipped gets the same
    verdict from both."""
    rng = random.Random(6 + misere)
    game = engine.NoRepeats(6, misere, native=False)
    seen, at = engine.late_lost_position(game, 38, rng)
    data = engine.strategy_dag(game, (seen, at))
    root = (kernel.reduce(seen, at, 6), at)
    assert late_verdict(data, misere, root, False) == late_verdict(data, misere, root, True) == ""
    rejected = 0
    for _ in range(40):
        where = rng.randrange(20, len(data))
        changed = data[:where] + bytes([data[where] ^ rng.randrange(1, 256)]) + data[where + 1:]
        python = late_verdict(changed, misere, root, False)
        assert python == late_verdict(changed, misere, root, True)
        rejected += bool(python)
    assert rejected > 25


def test_a_large_dag_without_the_native_checker_is_refused_clearly(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    import sys

    monkeypatch.setitem(sys.modules, "coinproofs.verify._dagcheck", None)  # import fails
    monkeypatch.setattr(kernel, "PYTHON_DAG_NODES", 4)
    winner, data = written(3, True)  # 5 nodes: more than the walk now takes
    assert "needs the native checker coinproofs.verify._dagcheck, which is not built" in \
        verdict(tmp_path, data, 3, True, winner, native=None)
