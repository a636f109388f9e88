"""Count claims (devil.n<N>[.q<Q>][.<group>][.equal].count): the kernel counts the shortest
winning strategies itself, through the certificate's layers of beliefs, and accepts only the
claim's exact numbers; every tampered value, evidence item and layer file is rejected, and the
kernel's count equals both of the engine's (games/counting.py) on every small table."""

from __future__ import annotations

import contextlib
import copy
import hashlib
import json
from functools import partial
from pathlib import Path
from typing import Any

import pytest

from coinproofs.games.counting import count_by_enumeration, count_paths
from coinproofs.games.devil import Table, search
from coinproofs.proofs.registry import OutOfLimits, find
from coinproofs.verify import table as kernel
from coinproofs.verify.certificate import Claim, Rejected, check_document
from tests.certificates import Document, read
from tests.corpus import Corpus

COUNTS = ("devil.n3.q3.count", "devil.n4.count", "devil.n8.equal.count")


@pytest.fixture(scope="module")
def proved(corpus: Corpus) -> tuple[Path, dict[str, Document]]:
    """The folder `prove` wrote for COUNTS (never written into) and their certificates."""
    folder = corpus.proved(*COUNTS)
    return folder, {claim_id: read(folder, claim_id) for claim_id in COUNTS}


def rejects(document: Document, folder: Path, *words: str) -> None:
    with pytest.raises(Rejected) as rejection:
        check_document(document, folder)
    assert all(word in str(rejection.value) for word in words), str(rejection.value)


def test_count_certificates_are_accepted(proved: tuple[Path, dict[str, Document]]) -> None:
    folder, documents = proved
    for claim_id in COUNTS:
        assert check_document(documents[claim_id], folder).methods == ["count"]
    assert documents["devil.n4.count"]["claim"]["params"] == {"n": 4}
    assert documents["devil.n3.q3.count"]["claim"]["value"] == {
        "length": 26, "sequences": 483_729_408, "up_to_group": 73_728}
    # 2^247, written and read as an exact JSON integer.
    assert documents["devil.n8.equal.count"]["claim"]["value"]["sequences"] == 2**247


def with_value(document: Document, change: Any) -> Document:
    """A copy whose claim value is changed by change(value), its statement said again (so
    that only the value is wrong)."""
    copied = copy.deepcopy(document)
    claim = copied["claim"]
    change(claim["value"])
    with contextlib.suppress(KeyError):  # a value without its fields: the statement stays
        claim["statement"] = kernel.statement("count", 3, 3, "cyclic", "zero", claim["value"])
    return copied


def put(key: str, value: Any) -> Any:
    return lambda obj: obj.__setitem__(key, value)


def add(key: str, amount: int) -> Any:
    return lambda obj: obj.__setitem__(key, obj[key] + amount)


@pytest.mark.parametrize("change, words", [
    (add("sequences", 1), ["the kernel counts 483,729,408 strategies of 26 moves"]),
    (add("sequences", -1), ["the kernel counts 483,729,408"]),
    (add("up_to_group", 1), ["73,728 up to the devil's group"]),
    (add("length", 1), ["27"]),
    (add("length", -1), ["holds 26 layers, not the claim's length 25"]),
    (lambda value: value.pop("up_to_group"), ["no field 'up_to_group'"]),
    (lambda value: value.pop("length"), ["no field 'length'"]),
    (put("note", "trust me"), ["unknown field 'note'"]),
    (put("sequences", 483_729_408.0), ["'sequences' must be a whole number"]),
    (put("up_to_group", True), ["'up_to_group' must be a whole number"]),
    (put("sequences", "483729408"), ["'sequences' must be a whole number"]),
    (put("sequences", 0), ["'sequences' must be a whole number of at least 1"]),
    (put("length", 26.0), ["'length' must be a whole number"]),
])
def test_every_tampered_count_value_is_rejected(proved: tuple[Path, dict[str, Document]],
                                                change: Any, words: list[str]) -> None:
    folder, documents = proved
    rejects(with_value(documents["devil.n3.q3.count"], change), folder, *words)


def test_a_count_claim_value_must_be_an_object(proved: tuple[Path, dict[str, Document]]) -> None:
    folder, documents = proved
    document = copy.deepcopy(documents["devil.n3.q3.count"])
    document["claim"]["value"] = 26
    rejects(document, folder, "a count claim's value must be a JSON object")


def with_evidence(document: Document, change: Any) -> Document:
    copied = copy.deepcopy(document)
    change(copied["evidence"][0])
    return copied


@pytest.mark.parametrize("change, words", [
    (put("depths", 26.0), ["'depths' must be a whole number"]),
    (put("beliefs", True), ["'beliefs' must be a whole number"]),
    (put("beliefs", 10**9), ["devil.belief-work"]),
    (put("depths", 3), ["says depths = 3"]),
    (lambda item: item.pop("sha256"), ["no field 'sha256'"]),
    (put("layers", []), ["unknown field 'layers'"]),
    (put("method", "reachability"), ["unknown evidence method 'reachability' for a count"]),
])
def test_every_tampered_count_evidence_is_rejected(proved: tuple[Path, dict[str, Document]],
                                                   change: Any, words: list[str]) -> None:
    folder, documents = proved
    rejects(with_evidence(documents["devil.n3.q3.count"], change), folder, *words)


def test_count_evidence_proves_no_other_claim(proved: tuple[Path, dict[str, Document]]) -> None:
    """Count evidence is for count claims only, and a count claim rests on it alone."""
    folder, documents = proved
    document = copy.deepcopy(documents["devil.n3.q3.count"])
    claim = document["claim"]
    claim.update(id="devil.n3.q3.shortest", kind="shortest", value=26,
                 statement=kernel.statement("shortest", 3, 3, "cyclic", "zero", 26))
    rejects(document, folder, "unknown evidence method 'count'")


def rewritten(document: Document, layers: list[Any], folder: Path) -> Document:
    """A copy whose count evidence holds `layers` in a new artifact file (hash and sizes
    updated: the layers themselves are checked)."""
    text = "".join(json.dumps(layer) + "\n" for layer in layers)
    (folder / "layers.jsonl").write_text(text)
    return with_evidence(document, lambda item: item.update(
        file="layers.jsonl", sha256=hashlib.sha256(text.encode()).hexdigest(),
        depths=len(layers), beliefs=sum(map(len, layers))))


def test_tampered_layer_files_are_rejected(proved: tuple[Path, dict[str, Document]],
                                           tmp_path: Path) -> None:
    folder, documents = proved
    document = documents["devil.n3.q3.count"]
    layers = [json.loads(line) for line in
              (folder / document["evidence"][0]["file"]).read_text().splitlines()]
    for changed, words in [([*layers[:1], [], *layers[1:]], ["not in the next layers"]),
                           ([*layers[:5], layers[5][1:], *layers[6:]], ["not in the next"]),
                           ([*layers, [kernel.GOAL]], ["contains the goal"]),
                           (layers[1:], ["layer 0"]),
                           (layers[:-1], ["holds 25 layers, not the claim's length 26"]),
                           ([*layers[:3], layers[3] + layers[3][:1], *layers[4:]], ["twice"]),
                           ([*layers[:3], [*layers[3], 1 << 40], *layers[4:]], ["not a belief"])]:
        rejects(rewritten(document, changed, tmp_path), tmp_path, *words)


def test_an_extra_layer_of_real_beliefs_moved_down_is_caught(
        proved: tuple[Path, dict[str, Document]], tmp_path: Path) -> None:
    """The last layer split in two (a claim one move longer, counts unchanged): the layers
    close no longer or the count is 0 at that length; either way it is refused."""
    folder, documents = proved
    document = with_value(documents["devil.n3.q3.count"], add("length", 1))
    layers = [json.loads(line) for line in
              (folder / document["evidence"][0]["file"]).read_text().splitlines()]
    split = [*layers[:-1], layers[-1][:1], layers[-1][1:]]
    with pytest.raises(Rejected):
        check_document(rewritten(document, split, tmp_path), tmp_path)


def test_a_shorter_length_with_fewer_layers_counts_nothing(
        proved: tuple[Path, dict[str, Document]], tmp_path: Path) -> None:
    """The first 25 layers pass check_layers (nothing of 24 moves wins), but no strategy of 25
    moves goes through them to the goal: the kernel's own count is 0, so it refuses."""
    folder, documents = proved
    document = with_value(documents["devil.n3.q3.count"], add("length", -1))
    layers = [json.loads(line) for line in
              (folder / document["evidence"][0]["file"]).read_text().splitlines()]
    rejects(rewritten(document, layers[:-1], tmp_path), tmp_path,
            "no strategy of 25 moves wins")


def test_layers_of_a_table_no_strategy_wins_count_nothing(
        proved: tuple[Path, dict[str, Document]], tmp_path: Path) -> None:
    """A count claim for 2 dials of 3 states (no strategy wins), given the search's closed
    layers: the kernel refuses, there being nothing to count."""
    _, documents = proved
    layers = [[int(belief) for belief in layer] for layer in search(Table(2, 3)).layers]
    value = {"length": len(layers), "sequences": 1, "up_to_group": 1}
    document = copy.deepcopy(documents["devil.n3.q3.count"])
    document["claim"].update(id="devil.n2.q3.count", params={"n": 2, "q": 3}, value=value,
                             statement=kernel.statement("count", 2, 3, "cyclic", "zero", value))
    rejects(rewritten(document, layers, tmp_path), tmp_path, "nothing to count")


@pytest.mark.parametrize("claim_id, words", [
    ("devil.n3.count", ["no strategy wins", "devil.n3.impossible"]),
    ("devil.n2.q3.equal.count", ["no strategy wins", "devil.n2.q3.equal.impossible"]),
    ("devil.n4.q2.count", ["leave .q out"]),
])
def test_count_ids_of_tables_that_cannot_be_won_are_refused(claim_id: str,
                                                             words: list[str]) -> None:
    with pytest.raises(OutOfLimits) as refusal:
        find(claim_id)
    assert all(word in str(refusal.value) for word in words), refusal.value


# Every small table that can be won (test_devil_counting.py's, and the trivial group's).
SMALL = [(1, 2, "cyclic", "zero"), (2, 2, "cyclic", "zero"), (4, 2, "cyclic", "zero"),
         (1, 3, "cyclic", "zero"), (1, 4, "cyclic", "zero"), (1, 5, "cyclic", "zero"),
         (3, 3, "cyclic", "equal"), (2, 2, "cyclic", "equal"), (4, 2, "cyclic", "equal"),
         (2, 2, "dihedral", "zero"), (4, 2, "dihedral", "zero"), (2, 2, "symmetric", "zero"),
         (3, 2, "trivial", "equal"), (4, 2, "klein", "zero"),
         pytest.param(2, 3, "trivial", "zero", marks=pytest.mark.slow)]  # 8 s of enumeration


@pytest.mark.parametrize("n, q, group, goal", SMALL)
def test_the_kernel_counts_as_both_roads_of_the_engine(n: int, q: int, group: str,
                                                       goal: str) -> None:
    table = Table(n, q=q, group=group, goal=goal)
    layers = [[int(belief) for belief in layer] for layer in search(table).layers]
    r = kernel.table_of(n, q, group, goal)
    after = partial(kernel.update, table=r)
    assert kernel.check_reachability(layers, r).kind == "none-up-to"
    counted = kernel.shortest_counts(layers, r, after)
    for road in (count_paths, count_by_enumeration):
        counts = road(table)
        assert (len(layers), *counted) == (counts.length, counts.sequences, counts.up_to_group)


def test_a_count_claim_the_dial_theorems_refute_is_refused() -> None:
    """Whatever its evidence, a count claim shorter than q^N - 1 moves on rotating dials with
    the goal zero is refused: the Coq theorem dial_wins_size_lb rules it out; on the dihedral
    group of order 6 with 3 states, table_not_wins rules out every count."""
    value = {"length": 25, "sequences": 1, "up_to_group": 1}
    claim = Claim("devil.n3.q3.count", "devil", "count", {"n": 3, "q": 3}, value,
                  kernel.statement("count", 3, 3, "cyclic", "zero", value))
    with pytest.raises(Rejected, match="dial_wins_size_lb"):
        kernel.agrees_with_theorems(claim, kernel.table_of(3, 3))
    with pytest.raises(Rejected, match="table_not_wins"):
        kernel.agrees_with_theorems(claim, kernel.table_of(3, 3, "dihedral"))


@pytest.mark.parametrize("length, accepted", [(6, False), (7, True), (8, False)])
def test_a_count_claim_of_another_length_than_the_group_theorems_is_refused(
        length: int, accepted: bool) -> None:
    """Three coins the devil never moves: table_shortest and table_wins_size_lb give exactly
    2^3 - 1 moves, so a count claim of any other length is refused, whatever its evidence."""
    value = {"length": length, "sequences": 1, "up_to_group": 1}
    claim = Claim("devil.n3.trivial.count", "devil", "count", {"n": 3, "group": "trivial"},
                  value, kernel.statement("count", 3, 2, "trivial", "zero", value))
    if accepted:
        kernel.agrees_with_theorems(claim, kernel.table_of(3, 2, "trivial"))
    else:
        with pytest.raises(Rejected, match="table_shortest"):
            kernel.agrees_with_theorems(claim, kernel.table_of(3, 2, "trivial"))
