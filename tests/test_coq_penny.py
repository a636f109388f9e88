"""The penny game in Coq (formal/rules/RulesPenny.v and the Penny files after it, and
coinproofs/coq/penny.py): every default penny claim's .v compiles and states its claim; a claim
whose value is changed (the numbers its statement is written from) fails to compile; no proof
reads the evidence; and Coq's answers agree with the kernel's on small squares.

The tests that run Coq skip when `coqc` is missing (Debian: apt-get install coq
libcoq-mathcomp).
"""

from __future__ import annotations

import copy
import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import coinproofs as cp
from coinproofs.coq import Unsupported, build
from coinproofs.coq.check import check_folder, coqc, run_coq
from coinproofs.coq.penny import (
    MOST_FIRST,
    MOST_RIDDLER_HI,
    first_pair_from,
    number,
    numbers,
    pairs,
    script,
    statement,
)
from coinproofs.verify.penny import check_losing_set, formula_pair, formula_pairs
from tests.corpus import Corpus

ROOT = Path(__file__).resolve().parent.parent
FORMAL = ROOT / "formal"
needs_coq = pytest.mark.skipif(shutil.which("coqc") is None or shutil.which("coqchk") is None,
                               reason="needs coqc and coqchk (apt-get install coq "
                                      "libcoq-mathcomp)")


def default_claims() -> list[str]:
    """The penny claims a bare `coinproofs prove` proves."""
    return [claim["id"] for claim in cp.claims()["claims"]
            if claim["game"] == "penny" and claim["default"]]


@pytest.fixture(scope="module")
def proved(corpus: Corpus) -> Path:
    """Certificates of every default penny claim (with their .v files), accepted by the
    kernel: under two seconds."""
    folder = corpus.proved(*default_claims())
    assert all((folder / f"{build.module_name(claim_id)}.v").exists()
               for claim_id in default_claims())
    return folder


def certificate(folder: Path, claim_id: str) -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads((folder / f"{claim_id}.json").read_text())
    return loaded


# --- The statements and the scripts, without Coq -------------------------------------------------

def test_statements_are_written_from_params_and_value(proved: Path) -> None:
    texts = {claim_id: statement(certificate(proved, claim_id)["claim"]).text
             for claim_id in default_claims()}
    assert texts["penny.p-positions.m10000"] == (
        r"forall x y, x <= 10 ^ 4 /\ y <= 10 ^ 4 /\ losing wythoff normal (x, y) <-> "
        "exists2 k, k < 3821 & wythoff_pair k (x, y)")
    assert texts["penny.a-wythoff.a3.m1000"] == (
        r"forall x y, x <= 1000 /\ y <= 1000 /\ losing 3 normal (x, y) <-> "
        "exists2 k, k < 233 & alpha_pair 3 k (x, y)")
    assert texts["penny.misere.m1000"].endswith(
        r"(x, y) \in [:: (0, 1); (1, 0); (2, 2)] \/ "
        "exists2 k, 2 <= k < 383 & wythoff_pair k (x, y)")
    assert texts["penny.first-20"].startswith(
        r"forall x y, x <= y -> x <= 30 -> (losing wythoff normal (x, y) <-> (x, y) \in "
        "[:: (0, 0); (1, 2); (3, 5);")
    assert texts["penny.riddler-20-30"].startswith(
        "let splits := [:: (8, 13); (9, 15); (11, 18)] in")
    assert r"n \in [:: 21; 24; 29]" in texts["penny.riddler-20-30"]
    assert r"n \in [:: 20; 22; 23; 25; 26; 27; 28; 30] <->" in texts["penny.riddler-20-30"]
    assert texts["penny.unique.m30"].startswith(r"solves 30 (losing wythoff normal) /\ ")
    assert all(statement(certificate(proved, claim_id)["claim"]).requires == ("RulesPenny",)
               for claim_id in default_claims())


def test_large_numbers_are_not_unary_literals() -> None:
    assert [number(n) for n in (0, 4999, 5000, 10 ** 5, 38_197, 60_000)] == [
        "0", "4999", "5 * 10 ^ 3", "10 ^ 5", "38 * 1000 + 197", "6 * 10 ^ 4"]
    assert pairs([[8, 13], [6765, 10946]]) == "[:: (8, 13); (6 * 1000 + 765, 10 * 1000 + 946)]"


def test_no_proof_reads_the_evidence(proved: Path) -> None:
    """The checkers compute all they need from the claim's numbers: a certificate without
    evidence gets the same proof, and the artifacts are never opened."""
    for claim_id in default_claims():
        whole = certificate(proved, claim_id)
        bare = whole | {"evidence": []}
        assert script(bare, proved / "absent") == script(whole, proved), claim_id


def test_long_lists_have_no_proof() -> None:
    """The statements of first-C and riddler claims list numbers that Coq's checker reads in
    unary: beyond the limits the proof is not written (the claim is still proved)."""
    first = {"id": "penny.first-X", "kind": "first", "params": {"count": MOST_FIRST + 1},
             "value": [list(formula_pair(k)) for k in range(MOST_FIRST + 1)]}
    with pytest.raises(Unsupported, match="more than the"):
        script({"claim": first, "evidence": []}, Path())
    riddler = {"id": "penny.riddler-X", "kind": "riddler",
               "params": {"lo": 0, "hi": MOST_RIDDLER_HI + 1}, "value": {}}
    with pytest.raises(Unsupported, match="more than the"):
        script({"claim": riddler, "evidence": []}, Path())


# --- Compiling the proofs ------------------------------------------------------------------------

@needs_coq
def test_every_default_claim_compiles(formal: Path, proved: Path) -> None:
    """`verify --coq`'s check: each .v compiles, its theorem proves exactly the claim's
    statement, and coqchk finds no assumption in it."""
    certificates = [proved / f"{claim_id}.json" for claim_id in default_claims()]
    verdicts, assumptions = check_folder(proved, certificates, jobs=2, norec=True)
    assert all(verdict.accepted for verdict in verdicts), verdicts
    assert assumptions is not None and assumptions.none


def more_losing(value: int) -> int:
    return value + 1


def moved_pair(value: list[list[int]]) -> list[list[int]]:
    return [*value[:-1], [value[-1][0], value[-1][1] + 1]]


def riddler_total_moved(value: dict[str, Any]) -> dict[str, Any]:
    """29 pennies listed as a winning total, not a losing one."""
    return value | {"losing_totals": value["losing_totals"][:-1],
                    "winning_totals": sorted([*value["winning_totals"],
                                              value["losing_totals"][-1]])}


def riddler_split_moved(value: dict[str, Any]) -> dict[str, Any]:
    return value | {"losing": moved_pair(value["losing"])}


# A changed value for each kind of claim whose statement is written from its value.
TAMPERED: dict[str, Callable[[Any], Any]] = {
    "penny.p-positions.m10000": more_losing,
    "penny.a-wythoff.a2.m1000": more_losing,
    "penny.misere.m1000": more_losing,
    "penny.first-20": moved_pair,
    "penny.riddler-20-30": riddler_split_moved,
}


@needs_coq
def test_a_changed_value_fails_to_compile(formal: Path, proved: Path, tmp_path: Path) -> None:
    """A claim that says something else than the rules is refused by `verify --coq` before
    Coq runs (it is not the claim its id states); written into a .v all the same, it is a
    false statement, and its checker returns false."""
    changes = [*TAMPERED.items(), ("penny.riddler-20-30", riddler_total_moved)]
    certificates = []
    for index, (claim_id, change) in enumerate(changes):
        tampered = copy.deepcopy(certificate(proved, claim_id))
        tampered["claim"]["value"] = change(tampered["claim"]["value"])
        folder = tmp_path / str(index)
        folder.mkdir()
        path = folder / f"{claim_id}.json"
        path.write_text(json.dumps(tampered))
        build.write_proof(path)
        certificates.append(path)
    for path in certificates:
        [verdict] = check_folder(path.parent, [path], norec=True)[0]
        assert not verdict.accepted and "is not the one" in verdict.reason, verdict
        module = build.module_name(path.stem)
        text = (path.parent / f"{module}.v").read_text()
        compiled, said = compile_text(path.parent, module, text)
        assert not compiled, (path.name, said[-300:])


# --- Coq agrees with the kernel ------------------------------------------------------------------

def mirrored(listed: list[tuple[int, int]], side: int) -> str:
    """Positions x <= y and their mirror images, row by row, as Coq lists `below (side, side)`."""
    every = sorted({*listed, *((y, x) for x, y in listed)})
    assert all(max(p) <= side for p in every)
    return pairs(every)


def square_verdicts(a: int, side: int) -> list[tuple[str, bool]]:
    """square_check (p-positions, a-wythoff) with the kernel's count of losing positions, and
    with one more and one fewer."""
    count = len(formula_pairs(side, a))
    check_losing_set(formula_pairs(side, a), side, a)
    return [(f"square_check {a} {side} {v}", v == count) for v in (count - 1, count, count + 1)]


def misere_verdicts(side: int) -> list[tuple[str, bool]]:
    listed = formula_pairs(side, misere=True)
    check_losing_set(listed, side, misere=True)
    return [(f"misere_check {side} {v}", v == len(listed))
            for v in (len(listed) - 1, len(listed), len(listed) + 1)]


def first_verdicts(count: int) -> list[tuple[str, bool]]:
    first = [list(formula_pair(k)) for k in range(count)]
    return [(f"first_check {first[-1][0]} {pairs(first)}", True),
            (f"first_check {first[-1][0]} {pairs(moved_pair(first))}", False),
            (f"first_check {first[-1][0] + 1} {pairs(first)}", False)]


def riddler_verdicts(lo: int, hi: int) -> list[tuple[str, bool]]:
    """riddler_check with the kernel's value (the losing splits from the checked losing
    positions of the square), and with a total moved."""
    listed = formula_pairs(hi)
    check_losing_set(listed, hi)
    losing = [[x, y] for x, y in listed if lo <= x + y <= hi]
    totals = sorted({x + y for x, y in losing})
    value = {"losing": losing, "losing_totals": totals,
             "winning_totals": [t for t in range(lo, hi + 1) if t not in totals]}
    k0 = first_pair_from(lo)

    def check(value: dict[str, Any]) -> str:
        return (f"riddler_check {lo} {hi} {k0} {pairs(value['losing'])} "
                f"{numbers(value['losing_totals'])} {numbers(value['winning_totals'])}")
    verdicts = [(check(value), True)]
    if totals:
        verdicts.append((check(riddler_total_moved(value)), False))
    return verdicts


def agreement(flip: bool = False) -> str:
    """A Coq file of the kernel's answers. The losing positions of a small square (normal and
    misère play), accepted by the kernel against the rules, are those Coq computes from the mex
    (pairb, misere_pair); Fraenkel's pairs for a = 1..4 by the kernel's formula are Coq's mex
    pairs; and each claim checker says true exactly where the kernel accepts the claim. Each
    answer is a lemma on a line of its own; `flip`: the first with one position changed."""
    side = 10
    normal, misere = formula_pairs(side), formula_pairs(side, misere=True)
    check_losing_set(normal, side)
    check_losing_set(misere, side, misere=True)
    if flip:
        normal = [*normal[:-1], (normal[-1][0], normal[-1][1] - 1)]
    lines = ["From mathcomp Require Import all_ssreflect.",
             "From CoinProofs Require Import RulesPenny PennyPlay PennyMex PennyMisere "
             "PennyGold PennyClaims.",
             f"Lemma normal_square : [seq p <- below ({side}, {side}) | pairb p] = "
             f"{mirrored(normal, side)}. Proof. by vm_compute. Qed.",
             f"Lemma misere_square : [seq p <- below ({side}, {side}) | misere_pair p] = "
             f"{mirrored(misere, side)}. Proof. by vm_compute. Qed."]
    lines += [f"Lemma mex_{a} : [seq (A {a} k, B {a} k) | k <- iota 0 8] = "
              f"{pairs(formula_pair(k, a) for k in range(8))}. Proof. by vm_compute. Qed."
              for a in range(1, 5)]
    verdicts = [verdict for a in range(1, 5) for side in range(0, 30, 3)
                for verdict in square_verdicts(a, side)]
    verdicts += [verdict for side in range(2, 30, 3) for verdict in misere_verdicts(side)]
    verdicts += [verdict for count in range(1, 15, 2) for verdict in first_verdicts(count)]
    verdicts += [verdict for lo, hi in ((0, 0), (20, 30), (22, 23), (5, 60), (60, 61))
                 for verdict in riddler_verdicts(lo, hi)]
    lines += [f"Lemma verdict_{n} : {check} = {'true' if holds else 'false'}. "
              "Proof. by vm_compute. Qed." for n, (check, holds) in enumerate(verdicts)]
    return "\n".join(lines) + "\n"


def compile_text(folder: Path, name: str, text: str) -> tuple[bool, str]:
    (folder / f"{name}.v").write_text(text)
    return run_coq(coqc(FORMAL, folder, name), folder)


@needs_coq
def test_coq_agrees_with_the_kernel(formal: Path, tmp_path: Path) -> None:
    compiled, said = compile_text(tmp_path, "agree", agreement())
    assert compiled, said


@needs_coq
def test_a_changed_answer_fails(formal: Path, tmp_path: Path) -> None:
    compiled, said = compile_text(tmp_path, "flipped", agreement(flip=True))
    assert not compiled and "line 3" in said, said


# --- Squares of 10^12: instances of the theorems, checked in seconds ----------------------------

HUGE = ["penny.p-positions.m1000000000000", "penny.misere.m1000000000000",
        "penny.a-wythoff.a16.m1000000000000"]


@needs_coq
def test_squares_of_a_trillion_are_instances_of_the_theorems(formal: Path,
                                                             tmp_path: Path) -> None:
    proofs = cp.prove(*HUGE, out=tmp_path)
    assert proofs.proved and all(proof.coq for proof in proofs), proofs
    for claim_id in HUGE:
        text = (tmp_path / f"{claim_id.replace('.', '_').replace('-', '_')}.v").read_text()
        assert "_numeral" in text and "10 ^ 12" in text, claim_id
    certificates = [tmp_path / f"{claim_id}.json" for claim_id in HUGE]
    verdicts, assumptions = check_folder(tmp_path, certificates, jobs=1, norec=True)
    assert all(verdict.accepted for verdict in verdicts), verdicts
    assert assumptions is not None and assumptions.none


# --- On request: squares of 100,000 and the longest lists written ---------------------------------

LARGE = ["penny.p-positions.m100000", "penny.misere.m100000", "penny.a-wythoff.a16.m100000",
         f"penny.first-{MOST_FIRST}", f"penny.riddler-0-{MOST_RIDDLER_HI}"]


@pytest.mark.slow
@needs_coq
def test_large_claims_compile(formal: Path, tmp_path: Path) -> None:
    proofs = cp.prove(*LARGE, out=tmp_path, jobs=2)
    assert proofs.proved and all(proof.coq for proof in proofs), proofs
    certificates = [tmp_path / f"{claim_id}.json" for claim_id in LARGE]
    verdicts, assumptions = check_folder(tmp_path, certificates, jobs=2, norec=True)
    assert all(verdict.accepted for verdict in verdicts), verdicts
    assert assumptions is not None and assumptions.none
