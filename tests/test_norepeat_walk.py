"""Strategy walks (format NRWALK1): the native core's writer, the kernel's Python walk and the
native checker. Both checkers accept every walk the core writes for 1 to 5 coins (and from
late 6-coin positions), whatever the leaf size, and give the same verdict, word for word, on
every tampered file: each tampering is rejected with a one-line reason, or accepted by both as
the same proof (a listed reply changed to another that wins as well)."""

from __future__ import annotations

import hashlib
import random
import struct
import tempfile
from functools import cache
from itertools import permutations
from pathlib import Path

import pytest

from coinproofs.games import norepeat as engine
from coinproofs.verify import norepeat_walk as kernel
from coinproofs.verify.certificate import Artifacts
from coinproofs.verify.norepeat_dag import reduce
from coinproofs.verify.schema import Rejected, raised
from tests.test_norepeat_engine import image, random_position

RULES = [(n, misere) for n in range(1, 6) for misere in (False, True)]
LEAVES = (0, 8, 20)


@cache
def written(n: int, misere: bool, leaf: int) -> tuple[str, bytes]:
    """The winner and the native core's walk file for n coins."""
    return _written(n, misere, leaf, None)


def _written(n: int, misere: bool, leaf: int, root: tuple[int, int] | None) -> tuple[str, bytes]:
    with tempfile.TemporaryDirectory() as folder:  # not tmp_path: the result is cached
        path = Path(folder) / "walk.nrwalk"
        counts = engine.extract(n, misere, path, table_bytes=1 << 22, leaf=leaf, root=root)
        data = path.read_bytes()
    return ("first" if counts["winner"] == 1 else "second"), data


def verdict(folder: Path, data: bytes, n: int, misere: bool, winner: str, native: bool,
            nodes: int | None = None) -> str:
    """'' if the checker accepts the file as proof that `winner` wins, else its reason."""
    (folder / "x.nrwalk").write_bytes(data)
    item = {"method": "strategy-walk", "file": "x.nrwalk",
            "sha256": hashlib.sha256(data).hexdigest(),
            "nodes": int.from_bytes(data[16:24], "little") if nodes is None else nodes}
    try:
        method = kernel.check_walk(n, misere, winner, item, Artifacts(folder), use_native=native)
    except Rejected as rejection:
        return str(rejection)
    assert method == ("strategy-walk (native)" if native else "strategy-walk")
    return ""


def both(folder: Path, data: bytes, n: int, misere: bool, winner: str, **evidence: int) -> str:
    """The one verdict both checkers give (the test fails if they differ)."""
    python, native = (verdict(folder, data, n, misere, winner, use, **evidence)
                      for use in (False, True))
    assert python == native
    assert "\n" not in python
    return python


def late_verdict(data: bytes, misere: bool, root: tuple[int, int], native: bool) -> str:
    """The verdict on a walk from a lost position late in a 6-coin game (no kernel driver: the
    kernel only ever starts from the opening)."""
    _, coins, rule, winner, first, leaf, _, nodes, records = kernel.HEADER.unpack_from(data)
    checker: kernel.Checker
    if native:
        from coinproofs.verify._dagcheck import Walk

        checker = Walk(coins, bool(rule), winner, first, leaf, nodes, records,
                       root_seen=root[0], root_current=root[1])
    else:
        checker = kernel.Walk(coins, bool(rule), winner, first, leaf, nodes, records, root=root)
    try:
        checker.check(data[kernel.HEADER.size:])
    except (Rejected, ValueError) as rejection:
        return str(rejection)
    return ""


# --- Both checkers accept what the core writes -----------------------------------------------

@pytest.mark.parametrize("leaf", LEAVES)
@pytest.mark.parametrize("n, misere", RULES)
def test_both_checkers_accept_the_cores_walk(tmp_path: Path, n: int, misere: bool,
                                             leaf: int) -> None:
    winner, data = written(n, misere, leaf)
    assert winner == engine.NoRepeats(n, misere, native=False).winner
    assert both(tmp_path, data, n, misere, winner) == ""


@pytest.mark.parametrize("n, misere", [(4, True), (5, False), (5, True)])
def test_the_walk_does_not_prove_the_other_winner(tmp_path: Path, n: int, misere: bool) -> None:
    winner, data = written(n, misere, 0)
    other = "first" if winner == "second" else "second"
    assert "wins, not the" in both(tmp_path, data, n, misere, other)


def test_five_coins_misere_takes_a_few_hundred_bytes() -> None:
    """The 5-coin misère strategy: 1,156 nodes, one reply in thirteen listed (173 records),
    259 bytes, against 33,875 bytes as an NRDAG1 file of the native writer's nodes."""
    winner, data = written(5, True, 0)
    _, _, _, _, _, leaf, _, nodes, records = kernel.HEADER.unpack_from(data)
    assert (winner, leaf, len(data)) == ("second", 0, kernel.HEADER.size + records +
                                         sum(1 for b in data[32:] if b & 128))
    assert 1000 < nodes < 1300 and records < nodes // 5 and len(data) < 400


@pytest.mark.parametrize("misere", [False, True])
def test_both_checkers_accept_walks_from_late_six_coin_positions(misere: bool) -> None:
    rng = random.Random(6 + misere)
    for moves in (34, 30):
        for leaf in (0, 12):
            root = late_lost(rng, moves, misere)
            _, data = _written(6, misere, leaf, root)
            assert late_verdict(data, misere, root, False) == ""
            assert late_verdict(data, misere, root, True) == ""


def test_the_walks_progress_counts_nodes_and_records_only() -> None:
    """progress(nodes, records) is called every 4,096 nodes entered, and never by the searches
    the walk makes (a small table makes it search hundreds of thousands of positions), whose
    counts are of another kind."""
    root = late_lost(random.Random(3), 28, True)
    calls: list[tuple[int, int]] = []
    solver = engine.native_solver(6, True, 1 << 16)
    with tempfile.TemporaryDirectory() as folder:
        counts = engine.extract(6, True, Path(folder) / "w.nrwalk", solver=solver, leaf=0,
                                root=root, progress=lambda nodes, records: calls.append(
                                    (nodes, records)))
    assert solver.stats["nodes"] > 3 * 65_536
    assert [nodes for nodes, _ in calls] == [4096 * k for k in range(1, len(calls) + 1)]
    assert len(calls) == counts["nodes"] // 4096 >= 2
    assert all(records <= counts["records"] for _, records in calls)


def late_lost(rng: random.Random, moves: int, misere: bool) -> tuple[int, int]:
    """A position `moves` into a random 6-coin game, lost for the player to move."""
    solver = engine.native_solver(6, misere, 1 << 22)
    while True:
        seen, pattern = 1 << engine.START, engine.START
        for _ in range(moves):
            coins = engine.legal_coins(seen, pattern, 6)
            if not coins:
                break
            pattern = engine.turn(pattern, rng.choice(coins))
            seen |= 1 << pattern
        else:
            if engine.legal_coins(seen, pattern, 6) and solver.wins(seen, pattern) is False:
                return seen, pattern


# --- The pieces of the walk: normal form, default reply, leaves -------------------------------

def test_the_normal_form_is_an_image_shared_by_every_image() -> None:
    """Lemma N (docs/norepeat.md): the normal form of a position is its reduced seen set moved
    by an automorphism of the cube that takes the current pattern to all heads, and every image
    of the position has the same normal form; the three implementations (the kernel's, the
    native checker's through its walks, the solver's keys) agree."""
    rng = random.Random(14)
    solver = {n: engine.native_solver(n, True, 1 << 16) for n in range(1, 7)}
    for _ in range(400):
        n = rng.randint(1, 6)
        seen, pattern = random_position(rng, n)
        form = kernel.normal_form(seen, pattern, n)
        reduced = reduce(seen, pattern, n)
        if n <= 5:
            assert any(image(reduced, pattern, pattern, order) == (form, 0)
                       for order in permutations(range(n)))
        flip, order = rng.randrange(1 << n), tuple(rng.sample(range(n), n))
        assert kernel.normal_form(*image(seen, pattern, flip, order), n) == form
        assert solver[n].key(seen, pattern) == form


def test_the_default_reply_follows_its_rule() -> None:
    """Against a brute-force reading of the rule on random positions of 3 to 6 coins."""
    rng = random.Random(9)
    for _ in range(500):
        n, misere = rng.randint(3, 6), rng.random() < 0.5
        seen, moved = random_position(rng, n)
        replies = engine.legal_coins(seen, moved, n)
        if not replies:
            continue
        after = {coin: (seen | 1 << (moved ^ 1 << coin), moved ^ 1 << coin) for coin in replies}
        stuck = [coin for coin in replies if not engine.legal_coins(*after[coin], n)]
        if stuck and not misere:
            expected: int | None = stuck[0]
        else:
            live = {coin: sum(1 for c in engine.legal_coins(*after[coin], n)
                              if engine.legal_coins(after[coin][0] | 1 << (after[coin][1] ^ 1 << c),
                                                    after[coin][1] ^ 1 << c, n))
                    for coin in replies if coin not in stuck}
            expected = min(live, key=lambda coin: (live[coin], coin)) if live else None
        assert kernel.default_reply(seen, moved, n, misere) == expected


def test_leaves_are_solved_by_plain_recursion() -> None:
    """The checker's plain recursion against the Python engine (keys, memo) on random 5-coin
    positions of at most 20 unseen patterns."""
    rng = random.Random(20)
    games = {misere: engine.NoRepeats(5, misere, native=False) for misere in (False, True)}
    for _ in range(200):
        seen, pattern = random_position(rng, 5)
        if kernel.unseen_reached(seen, pattern, 5) > 20:
            continue
        for misere, game in games.items():
            assert kernel.to_move_wins(seen, pattern, 5, misere) == \
                game.wins(game.key(seen, pattern))


# --- Tampering: both checkers refuse, with the same words ------------------------------------

def changed_bytes(data: bytes, rng: random.Random) -> list[bytes]:
    """The file with each of its bytes in turn set to three other values."""
    return [data[:at] + bytes([value]) + data[at + 1:] for at in range(len(data))
            for value in sorted({data[at] ^ 1, data[at] ^ 128, rng.randrange(256)} - {data[at]})]


def refused_or_the_same(folder: Path, changed: list[bytes], n: int, misere: bool,
                        winner: str) -> tuple[int, int]:
    """How many of the changed files both checkers refuse, and how many they accept (a listed
    reply changed into another that wins as well: the same claim, proved another way)."""
    reasons = [both(folder, data, n, misere, winner) for data in changed]
    return sum(1 for reason in reasons if reason), sum(1 for reason in reasons if not reason)


def test_every_byte_of_the_four_coin_walk_changed_is_refused(tmp_path: Path) -> None:
    winner, data = written(4, True, 0)
    refused, accepted = refused_or_the_same(tmp_path, changed_bytes(data, random.Random(4)),
                                            4, True, winner)
    assert accepted == 0 and refused > 90


def test_bytes_of_the_five_coin_walk_changed_are_refused(tmp_path: Path) -> None:
    """A sample here; every byte in the slow run (next test)."""
    winner, data = written(5, True, 8)
    rng = random.Random(5)
    sample = rng.sample(changed_bytes(data, rng), 40)
    refused, _ = refused_or_the_same(tmp_path, sample, 5, True, winner)
    assert refused >= 36


@pytest.mark.slow
def test_every_byte_of_the_five_coin_walk_changed_is_refused(tmp_path: Path) -> None:
    winner, data = written(5, True, 8)
    refused, accepted = refused_or_the_same(tmp_path, changed_bytes(data, random.Random(5)),
                                            5, True, winner)
    assert refused > 20 * accepted


@pytest.mark.parametrize(("change", "reason"), [
    (lambda d: d[:-1], "is cut off by the end of the file"),
    (lambda d: d + b"\x00", "the file goes on after its last record"),
    (lambda d: b"NRDAG1\n\0" + d[8:], "does not start with the NRWALK1 magic bytes"),
    (lambda d: d[:8] + bytes([4]) + d[9:], "the header says 4 coins, not 5"),
    (lambda d: d[:9] + bytes([0]) + d[10:], "the header says misère 0, not 1"),
    (lambda d: d[:11] + bytes([0]) + d[12:], "the header's first move 0 is not a coin"),
    (lambda d: d[:12] + bytes([21]) + d[13:], "norepeat.walk-leaf"),
    (lambda d: d[:13] + bytes([1]) + d[14:], "the header's bytes 13 to 15 are not 0"),
    (lambda d: d[:16] + struct.pack("<Q", int.from_bytes(d[16:24], "little") - 1) + d[24:],
     "the header says 1,155 nodes, the evidence 1,156"),
    (lambda d: d[:24] + struct.pack("<Q", int.from_bytes(d[24:32], "little") + 1) + d[32:],
     "record 173 is cut off by the end of the file"),
])
def test_a_tampered_header_or_end_is_refused(tmp_path: Path, change: object, reason: str) -> None:
    winner, data = written(5, True, 0)
    assert callable(change)
    assert reason in both(tmp_path, change(data), 5, True, winner, nodes=1156)


def records_of(body: bytes) -> list[tuple[int, int]]:
    """The records of a walk's body: (gap, reply) for each varint."""
    records, value, shift = [], 0, 0
    for byte in body:
        value |= (byte & 127) << shift
        shift += 7
        if not byte & 128:
            records.append((value >> 3, value & 7))
            value, shift = 0, 0
    return records


def encoded(records: list[tuple[int, int]]) -> bytes:
    """The records as varints, fewest bytes."""
    out = bytearray()
    for gap, reply in records:
        value = gap * 8 + reply
        while value >= 128:
            out.append(value & 127 | 128)
            value >>= 7
        out.append(value)
    return bytes(out)


def test_records_that_say_nothing_new_are_refused(tmp_path: Path) -> None:
    """A record listing the default reply, or repeating the move of the one before, or naming
    a coin that does not exist, or written in more bytes than needed."""
    winner, data = written(5, True, 0)
    header, body = data[:kernel.HEADER.size], data[kernel.HEADER.size:]
    records = records_of(body)
    assert encoded(records) == body
    (gap, _), (_, second) = records[:2]
    first = encoded(records[:1])
    cases = {
        "is the default reply": [(gap, default_at(data, gap)), *records[1:]],
        "names the reply 7, which is not a coin": [(gap, 7), *records[1:]],
        "repeats the loser's move of the record before it": [*records[:1], (0, second),
                                                              *records[2:]],
    }
    for reason, changed in cases.items():
        assert reason in both(tmp_path, header + encoded(changed), 5, True, winner)
    longer = first[:-1] + bytes([first[-1] | 128, 0]) + body[len(first):]
    assert "is not written in the fewest bytes" in both(tmp_path, header + longer, 5, True,
                                                         winner)


def default_at(data: bytes, move: int) -> int:
    """The default reply at the loser's move number `move` of the 5-coin misère walk (the
    kernel's walk, stopped there)."""
    _, n, rule, winner, first, leaf, _, nodes, records = kernel.HEADER.unpack_from(data)
    walk = kernel.Walk(n, bool(rule), winner, first, leaf, nodes, records)
    found: list[int] = []
    original = kernel.default_reply

    def spy(seen: int, moved: int, coins: int, misere: bool) -> int | None:
        reply = original(seen, moved, coins, misere)
        if walk.moves == move + 1 and not found:
            found.append(-1 if reply is None else reply)
        return reply

    kernel.default_reply = spy  # type: ignore[assignment]
    try:
        walk.check(data[kernel.HEADER.size:])
    finally:
        kernel.default_reply = original  # type: ignore[assignment]
    return found[0]


def test_a_walk_for_a_won_position_is_refused(tmp_path: Path) -> None:
    """The misère 5-coin walk read under normal play (whose first player wins) is refused."""
    _, data = written(5, True, 0)
    changed = data[:9] + bytes([0]) + data[10:]
    assert both(tmp_path, changed, 5, False, "second") != ""


def test_a_leaf_the_loser_wins_is_refused(tmp_path: Path) -> None:
    """The same walk with a larger leaf size in its header: the walk meets leaves it did not
    mean, and either enters fewer nodes than the header says or finds a leaf the loser wins."""
    winner, data = written(5, True, 8)
    reasons = {both(tmp_path, data[:12] + bytes([leaf]) + data[13:], 5, True, winner)
               for leaf in range(9, 21)}
    assert "" not in reasons


def test_a_large_walk_without_the_native_checker_is_refused_clearly(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    import sys

    monkeypatch.setitem(sys.modules, "coinproofs.verify._dagcheck", None)  # import fails
    monkeypatch.setattr(kernel, "PYTHON_WALK_NODES", 4)
    winner, data = written(4, True, 0)
    (tmp_path / "x.nrwalk").write_bytes(data)
    item = {"method": "strategy-walk", "file": "x.nrwalk",
            "sha256": hashlib.sha256(data).hexdigest(),
            "nodes": int.from_bytes(data[16:24], "little")}
    with pytest.raises(Rejected, match=r"needs the native checker coinproofs\.verify\._dagcheck"):
        kernel.check_walk(4, True, winner, item, Artifacts(tmp_path))


def test_the_node_bound_is_checked_before_reading(tmp_path: Path) -> None:
    winner, data = written(5, True, 0)
    with raised({"norepeat.walk-nodes": 1000}):
        assert "norepeat.walk-nodes" in verdict(tmp_path, data, 5, True, winner, native=True)


# --- The prover of six coins, with the native solver stood in for -----------------------------

@pytest.fixture
def own_tables(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """The native prover keeps its table in the user's cache: a cache of the test's own, so
    that no test starts from a table another one saved."""
    cache = tmp_path / "cache"
    monkeypatch.setenv("COINPROOFS_CACHE", str(cache))
    return cache


def test_the_native_prover_says_not_settled_when_the_search_stops_at_its_budget(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path, own_tables: Path) -> None:
    from coinproofs.proofs.norepeat import winner_claim
    from coinproofs.proofs.runner import prove_one

    class Unsettled:
        def __init__(self) -> None:
            self.stats = {"nodes": 123}
            self.loaded: list[str] = []

        def wins(self, *args: object, **kwargs: object) -> None:
            return None  # what the native core answers at its budget

        def save(self, path: str) -> None:
            Path(path).write_bytes(b"the table")

        def load(self, path: str) -> None:
            self.loaded.append(Path(path).read_bytes().decode())

    solvers: list[Unsettled] = []
    monkeypatch.setattr(engine, "native_solver",
                        lambda n, misere, table_bytes: solvers.append(Unsettled()) or solvers[-1])
    certificates = tmp_path / "certificates"
    certificates.mkdir()
    for _ in range(2):
        outcome = prove_one(winner_claim(6, "misere"), certificates)
        assert not outcome.proved
        assert "6 coins under misère play is not settled: the native search stopped at its " \
               "budget of 10,800 s after 123 positions; its table is kept in " \
               f"{engine.saved_table(6, True)}, from which proving the claim again goes on" \
               in outcome.reason
    assert not list(certificates.iterdir())
    assert sorted(p.name for p in (own_tables / "norepeat").iterdir()) == [
        "n6.misere.nrtable", "n6.misere.nrtable.json"]
    assert [solver.loaded for solver in solvers] == [[], ["the table"]]  # the second goes on


@pytest.mark.parametrize("winner, proved", [("second", True), ("first", False)])
def test_the_native_prover_writes_the_walk_the_kernel_checks(tmp_path: Path, winner: str,
                                                             proved: bool,
                                                             own_tables: Path) -> None:
    """The prover of six coins, run on 5 coins: it refuses a winner other than the search's,
    writes the walk beside the certificate (or keeps it, on a cluster's worker), and the
    kernel's native checker accepts it."""
    from coinproofs.proofs import norepeat as prover
    from coinproofs.proofs.registry import ProofContext

    certificates = tmp_path / "certificates"
    certificates.mkdir()
    context = ProofContext(out_dir=certificates, claim_id="norepeat.n5.misere")
    if not proved:
        with pytest.raises(ValueError, match="finds that the second player wins, not the first"):
            prover.native_evidence(5, True, winner, context)
        return
    [item] = prover.native_evidence(5, True, winner, context)
    assert item["file"] == "norepeat.n5.misere.nrwalk" and item["method"] == "strategy-walk"
    assert [p.name for p in certificates.iterdir()] == [item["file"]]  # the table elsewhere
    assert kernel.check_walk(5, True, winner, item, Artifacts(certificates),
                             use_native=True) == "strategy-walk (native)"
    on_a_worker = ProofContext(out_dir=None, claim_id="norepeat.n5.misere")
    assert prover.native_evidence(5, True, winner, on_a_worker) == [item]
    assert on_a_worker.kept == {item["file"]: (certificates / item["file"]).read_bytes()}


def test_the_native_prover_leaves_no_cycle_holding_its_table(tmp_path: Path,
                                                            own_tables: Path) -> None:
    """Once the prover returns, its solver (a 12 GiB table for six coins) goes at once, not at
    the next garbage collection: the kernel's check runs next, in the same process."""
    import gc

    from coinproofs.proofs import norepeat as prover
    from coinproofs.proofs.registry import ProofContext

    gc.collect()
    gc.disable()
    try:
        prover.native_evidence(5, True, "second",
                               ProofContext(out_dir=tmp_path, claim_id="norepeat.n5.misere"))
        assert gc.collect() == 0
    finally:
        gc.enable()


@pytest.mark.slow
def test_six_coins_misere_is_proved_and_verified_end_to_end(tmp_path: Path) -> None:
    """`coinproofs prove norepeat.n6.misere`: the native search (about 25 minutes and 12 GiB),
    the walk written, the kernel's native check. Needs 16 GiB of memory."""
    from coinproofs.proofs.norepeat import winner_claim
    from coinproofs.proofs.runner import prove_one

    if engine.available_memory() < 14 << 30:
        pytest.skip("six coins need about 14 GiB of free memory")
    outcome = prove_one(winner_claim(6, "misere"), tmp_path)
    assert outcome.proved, outcome.reason
    assert outcome.methods == ["strategy-walk (native)"]
