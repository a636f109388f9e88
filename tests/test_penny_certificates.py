"""Penny certificates: every claim is proved and accepted; every kind of tampering is rejected."""

from __future__ import annotations

import copy
import hashlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from coinproofs.proofs.registry import select
from coinproofs.verify.certificate import Rejected, check_document
from tests.certificates import Document, read
from tests.corpus import Corpus

LARGEST = "penny.p-positions.m1000000000000"  # an instance of the theorem, nothing computed
FAST = ["penny.p-positions.m10000", "penny.first-20", "penny.riddler-20-30",
        "penny.misere.m1000", "penny.a-wythoff.a1.m1000", "penny.a-wythoff.a2.m1000",
        "penny.a-wythoff.a3.m1000", "penny.a-wythoff.a4.m1000", "penny.unique.m30",
        "penny.wythoff", "penny.fraenkel", "penny.misere-wythoff"]


# The largest claims of their patterns: the theorem alone proves them.
THEOREM_ONLY = ["penny.misere.m1000000000000", "penny.a-wythoff.a16.m1000000000000"]


@pytest.fixture(scope="module")
def folder(corpus: Corpus) -> Path:
    """The penny claims (all but the slow one), proved into one folder (never written into)."""
    return corpus.proved(*FAST, LARGEST, *THEOREM_ONLY)


def rejection(document: Document, folder: Path) -> str:
    with pytest.raises(Rejected) as rejected:
        check_document(document, folder)
    return str(rejected.value)


def test_claims_are_registered_as_the_issue_names_them() -> None:
    ids = [spec.id for spec in select(["penny.*"], every=True)]
    assert set(FAST) | {"penny.p-positions.m100000"} == set(ids)
    assert set(FAST) == {spec.id for spec in select(["penny.*"])}  # the rest: on request
    assert all(spec.game == "penny" for spec in select(["penny.*"]))


def test_values_reproduce_the_seed() -> None:
    specs = {spec.id: spec for spec in select(["penny.*"])}
    assert specs["penny.first-20"].value[-1] == [30, 49]
    assert specs["penny.riddler-20-30"].value == {
        "losing": [[8, 13], [9, 15], [11, 18]], "losing_totals": [21, 24, 29],
        "winning_totals": [20, 22, 23, 25, 26, 27, 28, 30]}
    assert specs["penny.p-positions.m10000"].value == 3821


@pytest.mark.parametrize("claim_id", [*FAST, LARGEST, *THEOREM_ONLY])
def test_every_certificate_is_accepted(folder: Path, claim_id: str) -> None:
    verdict = check_document(read(folder, claim_id), folder)
    assert verdict.claim.id == claim_id


def set_in(path: list[Any], value: Any) -> Callable[[Document], None]:
    def change(document: Document) -> None:
        *parents, last = path
        for key in parents:
            document = document[key]
        document[last] = value(document[last]) if callable(value) else value
    return change


def delete(path: list[Any]) -> Callable[[Document], None]:
    def change(document: Document) -> None:
        *parents, last = path
        for key in parents:
            document = document[key]
        del document[last]
    return change


POSITIONS = ["evidence", 0, "positions"]

TAMPERING = [
    # (certificate, change, words of the reason)
    ("penny.misere.m1000", set_in([*POSITIONS, 5], [8, 14]), "share a row"),
    ("penny.misere.m1000", delete([*POSITIONS, -1]), "not listed"),
    ("penny.misere.m1000", set_in(POSITIONS, lambda p: [*p, [999, 1000]]), "share a"),
    ("penny.misere.m1000", set_in([*POSITIONS, 0], [0, 0]), "misère"),
    ("penny.a-wythoff.a2.m1000", set_in(POSITIONS, lambda p: p[::-1]), "increasing order"),
    ("penny.a-wythoff.a3.m1000", set_in([*POSITIONS, 2], [2, 5]), "listed"),
    ("penny.a-wythoff.a4.m1000", set_in([*POSITIONS, 1], [1, 1001]), "both piles <= 1000"),
    ("penny.a-wythoff.a4.m1000", set_in([*POSITIONS, 1], [1, True]), "pairs of integers"),
    ("penny.a-wythoff.a2.m1000", set_in(["evidence", 0, "max"], 999), "side 999"),
    ("penny.a-wythoff.a2.m1000", set_in(["claim", "params", "max"], 999), "claim id"),
    ("penny.a-wythoff.a2.m1000", set_in(["claim", "params", "a"], 3), "claim id"),
    ("penny.a-wythoff.a2.m1000", set_in(["claim", "id"], "penny.a-wythoff.a3.m1000"),
     "claim id"),
    ("penny.a-wythoff.a1.m1000", set_in(["claim", "kind"], "p-positions"), "params"),
    ("penny.misere.m1000", set_in(["claim", "kind"], "p-positions"), "claim id"),
    ("penny.misere.m1000", set_in(["claim", "value"], 384), "value"),
    ("penny.misere.m1000", set_in(["claim", "statement"], lambda s: s.replace("(2, 2)", "(1, 2)")),
     "statement"),
    ("penny.first-20", set_in(["claim", "value", 19], [30, 48]), "value"),
    ("penny.first-20", set_in(["claim", "statement"], lambda s: s.replace("20", "twenty", 1)),
     "statement"),
    ("penny.first-20", set_in(["evidence", 0], {"method": "p-positions", "max": 40,
                                                "positions": [[0, 0], [1, 2], [3, 5]]}),
     "not listed"),
    ("penny.riddler-20-30", set_in(["claim", "value", "winning_totals"], lambda t: t[1:]),
     "value"),
    ("penny.riddler-20-30", set_in(["claim", "value", "losing"], lambda t: t[1:]), "value"),
    ("penny.riddler-20-30", set_in(["claim", "params", "hi"], 31), "claim id"),
    ("penny.p-positions.m10000", set_in(["evidence", 0, "sha256"], "0" * 64), "SHA-256"),
    ("penny.p-positions.m10000", set_in(["evidence", 0, "file"], "../x.txt"), "plain file"),
    ("penny.p-positions.m10000", delete(["evidence", 1]), "needs exactly"),
    ("penny.p-positions.m10000", set_in(["evidence", 1], {"method": "z3"}),
     "unknown evidence method 'z3'"),
    ("penny.p-positions.m10000", set_in(["evidence", 1, "pairs"], 3821), "unknown field 'pairs'"),
    ("penny.p-positions.m10000", set_in(["evidence"], lambda e: [*e, e[1]]), "needs exactly"),
    ("penny.p-positions.m10000", set_in(["claim", "value"], 3820), "value"),
    ("penny.unique.m30", set_in(["evidence", 1, "cnf_sha256"], "0" * 64), "CNF hash"),
    ("penny.unique.m30", set_in(["evidence", 1, "encoding"], "mine"), "encoding"),
    ("penny.unique.m30", set_in(["claim", "value"], 2), "value"),
    ("penny.unique.m30", set_in(["claim", "value"], True), "value"),
    ("penny.p-positions.m10000", set_in(["claim", "value"], 3821.0), "value"),
    ("penny.first-20", set_in(["claim", "value", 0], [0.0, 0]), "value"),
    ("penny.unique.m30", set_in(["claim", "params", "max"], 31), "claim id"),
    # A theorem about every position: the one that states the claim, at the kernel's sources.
    ("penny.wythoff", set_in(["evidence", 0, "name"], "fraenkel_theorem"),
     "cites the theorem wythoff_theorem"),
    ("penny.fraenkel", set_in(["evidence", 0, "name"], "fraenkel"), "theorem evidence"),
    ("penny.misere-wythoff", set_in(["evidence", 0, "formal_sha256"], "0" * 64),
     "Coq sources 000000000000"),
    ("penny.wythoff", set_in(["claim", "value"], 3821), "no value"),
    ("penny.wythoff", set_in(["claim", "params"], {"max": 10}), "params"),
    ("penny.fraenkel", set_in(["claim", "statement"], lambda s: s.replace("a >= 1", "a >= 0")),
     "statement"),
    ("penny.misere-wythoff", set_in(["claim", "kind"], "wythoff"), "claim id"),
    ("penny.wythoff", set_in(["evidence"], lambda e: [*e, {"method": "formula"}]),
     "needs exactly"),
    # An instance of a theorem for every position: the right theorem, the formula's value.
    ("penny.misere.m1000", set_in(["evidence", 2, "name"], "wythoff_theorem"),
     "an instance of misere_wythoff_theorem"),
    ("penny.first-20", set_in(["evidence", 1, "formal_sha256"], "0" * 64),
     "Coq sources 000000000000"),
    ("penny.riddler-20-30", set_in(["evidence"], lambda e: [*e, e[1]]), "needs exactly"),
    (LARGEST, set_in(["claim", "value"], lambda v: v - 1), "value"),
    (LARGEST, set_in(["evidence", 0, "name"], "fraenkel_theorem"), "an instance of"),
    (LARGEST, set_in(["claim"], lambda c: {**c, "id": "penny.p-positions.m1000000000001",
                                           "params": {"max": 10 ** 12 + 1}}),
     "penny.formula-pile"),
    (LARGEST, set_in(["evidence"], lambda e: [*e, {"method": "formula"}]), "needs exactly"),
]

FIELDS = [("penny.misere.m1000", ["evidence", 0, field]) for field in ("max", "positions")] + [
    ("penny.p-positions.m10000", ["evidence", 0, field]) for field in ("file", "sha256")] + [
    ("penny.unique.m30", ["evidence", 1, field]) for field in ("proof", "cnf", "proof_sha256")] + [
    ("penny.first-20", ["claim", "params", "count"])]


@pytest.mark.parametrize("claim_id, change, words", TAMPERING)
def test_tampering_is_rejected_with_a_reason(folder: Path, claim_id: str,
                                             change: Callable[[Document], None],
                                             words: str) -> None:
    document = copy.deepcopy(read(folder, claim_id))
    change(document)
    assert words in rejection(document, folder)


@pytest.mark.parametrize("claim_id, path", FIELDS)
def test_a_removed_field_is_rejected(folder: Path, claim_id: str, path: list[Any]) -> None:
    document = copy.deepcopy(read(folder, claim_id))
    delete(path)(document)
    assert rejection(document, folder)


def rewrite_artifact(folder: Path, document: Document, item: int, name_key: str,
                     hash_key: str, edit: Callable[[bytes], bytes], tmp_path: Path) -> Document:
    """Copy the certificate's artifacts to tmp_path with one edited (and its hash updated)."""
    for path in folder.iterdir():
        (tmp_path / path.name).write_bytes(path.read_bytes())
    name = document["evidence"][item][name_key]
    data = edit((folder / name).read_bytes())
    (tmp_path / name).write_bytes(data)
    document = copy.deepcopy(document)
    document["evidence"][item][hash_key] = hashlib.sha256(data).hexdigest()
    return document


@pytest.mark.parametrize("edit, words", [
    (lambda data: data.replace(b"\n61 99\n", b"\n61 98\n"), "share a row"),
    (lambda data: data.replace(b"\n3 5\n", b"\n"), "not listed"),
    (lambda data: data + b"10000 10000\n", "share a"),
    (lambda data: data.replace(b"\n3 5\n", b"\n3 05\n"), "not a line 'x y'"),
    (lambda data: data.replace(b"\n3 5\n", b"\n3\t5\n"), "not a line 'x y'"),
])
def test_an_edited_positions_file_is_rejected(folder: Path, tmp_path: Path,
                                              edit: Callable[[bytes], bytes],
                                              words: str) -> None:
    document = read(folder, "penny.p-positions.m10000")
    edited = rewrite_artifact(folder, document, 0, "file", "sha256", edit, tmp_path)
    assert words in rejection(edited, tmp_path)
    assert "SHA-256" in rejection(document, tmp_path)  # the old hash no longer fits


def test_an_edited_lrat_proof_is_rejected(folder: Path, tmp_path: Path) -> None:
    document = read(folder, "penny.unique.m30")

    def drop_a_hint(proof: bytes) -> bytes:
        """Drop the first hint of the first addition line."""
        lines = proof.split(b"\n")
        number = next(i for i, line in enumerate(lines) if line.split()[1] != b"d")
        words = lines[number].split()
        hints = words.index(b"0", 1) + 1
        lines[number] = b" ".join(words[:hints] + words[hints + 1:])
        return b"\n".join(lines)

    edited = rewrite_artifact(folder, document, 1, "proof", "proof_sha256", drop_a_hint,
                              tmp_path)
    assert "proof line 2" in rejection(edited, tmp_path)


def test_a_losing_set_that_is_not_the_model_is_rejected(folder: Path) -> None:
    document = copy.deepcopy(read(folder, "penny.unique.m30"))
    document["evidence"][0]["positions"].pop()
    assert "not listed" in rejection(document, folder)


@pytest.mark.parametrize("claim_id", ["penny.first-20", "penny.riddler-20-30",
                                      "penny.p-positions.m10000"])
def test_the_theorem_alone_proves_a_claim_the_rules_cross_check(folder: Path,
                                                                 claim_id: str) -> None:
    """Within the kernel's square the rules' evidence cross-checks the theorem; either alone
    proves the claim, and the kernel checks both when both are given."""
    document = copy.deepcopy(read(folder, claim_id))
    methods = [item["method"] for item in document["evidence"]]
    assert methods[-1] == "theorem"
    cited, computed = copy.deepcopy(document), copy.deepcopy(document)
    cited["evidence"] = document["evidence"][-1:]
    computed["evidence"] = document["evidence"][:-1]
    for alone in (cited, computed):
        assert check_document(alone, folder).claim.id == claim_id
