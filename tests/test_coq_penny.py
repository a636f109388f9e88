"""The penny game in Coq (formal/rules/RulesPenny.v and the Penny files after it, and
coinproofs/coq/penny.py): every default penny claim's .v compiles (one of each kind in the
default run) and states its claim; a claim whose value is changed is refused, and if its
statement is written from the value (a count) it fails to compile; first and riddler claims
are checked at the kernel's largest bounds in seconds; no proof reads the evidence; and Coq's
answers agree with the kernel's on small squares and lists.

The tests that run Coq skip when `coqc` is missing (Debian: apt-get install coq
libcoq-mathcomp).
"""

from __future__ import annotations

import copy
import json
import shutil
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import pytest

import coinproofs as cp
from coinproofs.coq import MATHCOMP_IMPORT, build
from coinproofs.coq.check import check_folder, coqc, run_coq
from coinproofs.coq.penny import first_pair_from, number, script, statement
from coinproofs.proofs.devil_evidence import theorem_evidence
from coinproofs.proofs.registry import find
from coinproofs.verify.penny import check_losing_set, formula_pair, formula_pairs
from tests.certificates import certificate, read
from tests.corpus import Corpus

ROOT = Path(__file__).resolve().parent.parent
FORMAL = ROOT / "formal"
needs_coq = pytest.mark.skipif(shutil.which("coqc") is None or shutil.which("coqchk") is None,
                               reason="needs coqc and coqchk (apt-get install coq "
                                      "libcoq-mathcomp)")


def numbers(values: Iterable[int]) -> str:
    """A Coq list of numbers: ``[:: 21; 24; 29]``."""
    return "[:: " + "; ".join(map(number, values)) + "]"


def pairs(values: Iterable[Iterable[int]]) -> str:
    """A Coq list of positions: ``[:: (8, 13); (9, 15)]``."""
    return "[:: " + "; ".join("(" + ", ".join(map(number, pair)) + ")" for pair in values) + "]"


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


# --- The statements and the scripts, without Coq -------------------------------------------------

def test_statements_are_written_from_params_and_value(proved: Path) -> None:
    texts = {claim_id: statement(read(proved, claim_id)["claim"]).text
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
    assert texts["penny.first-20"] == (
        "forall x y, x <= y -> x <= floor_phi 19 -> (losing wythoff normal (x, y) <-> "
        "exists2 k, k <= 19 & wythoff_pair k (x, y))")
    assert texts["penny.riddler-20-30"].startswith(
        "(forall x y, 20 <= x + y <= 30 -> (losing wythoff normal (x, y) <-> "
        "exists2 k, 5 <= k < 8 & wythoff_pair k (x, y))) /\\ ")
    assert texts["penny.unique.m30"].startswith(r"solves 30 (losing wythoff normal) /\ ")
    assert all(statement(read(proved, claim_id)["claim"]).requires == ("RulesPenny",)
               for claim_id in default_claims())


def test_large_numbers_are_not_unary_literals() -> None:
    assert [number(n) for n in (0, 4999, 5000, 10 ** 5, 38_197, 60_000)] == [
        "0", "4999", "5 * 10 ^ 3", "10 ^ 5", "38 * 1000 + 197", "6 * 10 ^ 4"]
    assert pairs([[8, 13], [6765, 10946]]) == "[:: (8, 13); (6 * 1000 + 765, 10 * 1000 + 946)]"


def test_no_proof_reads_the_evidence(proved: Path) -> None:
    """The checkers compute all they need from the claim's numbers: a certificate without
    evidence gets the same proof, and the artifacts are never opened."""
    for claim_id in default_claims():
        whole = read(proved, claim_id)
        bare = whole | {"evidence": []}
        assert script(bare, proved / "absent") == script(whole, proved), claim_id


def test_lists_are_written_from_the_id() -> None:
    """A first or riddler statement is a line long at every bound: it names the pairs by
    floor_phi, and the kernel's value only through its params."""
    first = find("penny.first-38197").as_json()
    assert len(statement(first).text) < 200
    assert "floor_phi (38 * 1000 + 196)" in statement(first).text
    assert (first["value"][-1][0], len(first["value"])) == (61_802, 38_197)
    riddler = find("penny.riddler-0-100000").as_json()
    assert "0 <= k < 23 * 1000 + 608" in statement(riddler).text
    assert len(statement(riddler).text) < 600
    assert len(riddler["value"]["losing"]) == 23_608


# --- Compiling the proofs ------------------------------------------------------------------------

def one_of_each_kind() -> list[str]:
    """The first default claim of each kind: one of each road to a Coq proof (the four
    a-wythoff claims differ only in a)."""
    first: dict[str, str] = {}
    for claim_id in default_claims():
        first.setdefault(find(claim_id).kind, claim_id)
    return list(first.values())


@needs_coq
@pytest.mark.parametrize("claims", [
    pytest.param(one_of_each_kind, id="one of each kind"),
    pytest.param(default_claims, id="every default claim", marks=pytest.mark.slow)])
def test_default_claims_compile(formal: Path, proved: Path,
                                claims: Callable[[], list[str]]) -> None:
    """`verify --coq`'s check: each .v compiles, its theorem proves exactly the claim's
    statement, and coqchk finds no assumption in it."""
    certificates = [proved / f"{claim_id}.json" for claim_id in claims()]
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


# A changed value for each kind of claim that has one.
TAMPERED: dict[str, Callable[[Any], Any]] = {
    "penny.p-positions.m10000": more_losing,
    "penny.a-wythoff.a2.m1000": more_losing,
    "penny.misere.m1000": more_losing,
    "penny.first-20": moved_pair,
    "penny.riddler-20-30": riddler_split_moved,
}

# The claims whose Coq statement is written from the value (a count). First and riddler
# statements are written from the id alone, so their .v is the same whatever the value.
FROM_VALUE = ("penny.p-positions.m10000", "penny.a-wythoff.a2.m1000", "penny.misere.m1000")


@needs_coq
def test_a_changed_value_is_refused(formal: Path, proved: Path, tmp_path: Path) -> None:
    """A claim that says something else than the rules is refused by `verify --coq` before
    Coq runs (it is not the claim its id states); a count written into a .v all the same is a
    false statement, and its checker returns false."""
    changes = [*TAMPERED.items(), ("penny.riddler-20-30", riddler_total_moved)]
    certificates = []
    for index, (claim_id, change) in enumerate(changes):
        tampered = copy.deepcopy(read(proved, claim_id))
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
        if path.stem not in FROM_VALUE:
            assert proof_text(text) == proof_text((proved / f"{module}.v").read_text())
            continue
        compiled, said = compile_text(path.parent, module, text)
        assert not compiled, (path.name, said[-300:])


def proof_text(text: str) -> str:
    """A .v file without its opening comment (which quotes the claim's sentence)."""
    return text[text.index("From "):]


@needs_coq
def test_a_wrong_range_of_pairs_fails(formal: Path, proved: Path, tmp_path: Path) -> None:
    """A riddler proof's range of pairs k0 <= k < k1 is a hint that Coq checks: one pair too
    many or too few at either end, and riddler_range is false."""
    text = (proved / "penny_riddler_20_30.v").read_text()
    line = "apply: (@riddler_instance 20 30 5 8)."
    assert line in text
    for k0, k1 in ((4, 8), (6, 8), (5, 7), (5, 9)):
        wrong = text.replace(line, f"apply: (@riddler_instance 20 30 {k0} {k1}).")
        compiled, said = compile_text(tmp_path, "penny_riddler_20_30", wrong)
        assert not compiled, (k0, k1, said[-300:])


# --- The lists at the kernel's largest bounds, in seconds ---------------------------------------

LISTS = ["penny.first-38197", "penny.riddler-0-100000"]


def cited(folder: Path, claim_id: str) -> Path:
    """The certificate of a first or riddler claim that cites the theorem alone (the kernel
    computes the value by the formula), with its Coq proof."""
    path = folder / f"{claim_id}.json"
    path.write_text(json.dumps(certificate(find(claim_id), [theorem_evidence("wythoff_theorem")])))
    assert cp.verify(path).accepted
    build.write_proof(path)
    return path


@needs_coq
def test_lists_at_the_largest_bounds_are_checked(formal: Path, tmp_path: Path) -> None:
    """first-38197 and riddler-0-100000 (the kernel's largest bounds) compile in about a
    second each, and `verify --coq` accepts them; a riddler proof whose range of pairs ends
    one pair late is refused."""
    certificates = [cited(tmp_path, claim_id) for claim_id in LISTS]
    verdicts, assumptions = check_folder(tmp_path, certificates, jobs=2, norec=True)
    assert all(verdict.accepted for verdict in verdicts), verdicts
    assert assumptions is not None and assumptions.none
    proof = tmp_path / "penny_riddler_0_100000.v"
    line = "apply: (@riddler_instance 0 (10 ^ 5) 0 (23 * 1000 + 608))."
    proof.write_text(proof.read_text().replace(line, line.replace("608", "609")))
    [verdict] = check_folder(tmp_path, certificates[1:], norec=True)[0]
    assert not verdict.accepted, verdict


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


def first_lemma(count: int) -> str:
    """first-C's statement names the pairs by floor_phi: they are the kernel's first C losing
    positions (checked against the rules on a square that shows them)."""
    listed = formula_pairs(40)
    check_losing_set(listed, 40)
    return (f"[seq (floor_phi k, floor_phi k + k) | k <- iota 0 {count}] = "
            f"{pairs(listed[:count])}")


def riddler_lemma_and_verdicts(lo: int, hi: int) -> tuple[str, list[tuple[str, bool]]]:
    """riddler's statement names the losing splits as the pairs k0 <= k < k1: their totals are
    the kernel's losing totals, and riddler_range holds for that range and no range one pair
    longer or shorter at either end."""
    listed = formula_pairs(hi)
    check_losing_set(listed, hi)
    totals = [x + y for x, y in listed]  # they grow with the pairs
    k0 = sum(total < lo for total in totals)
    k1 = k0 + sum(lo <= total <= hi for total in totals)
    lemma = (f"[seq floor_phi k + (floor_phi k + k) | k <- iota {k0} {k1 - k0}] = "
             f"{numbers(totals[k0:k1])}")

    def check(k0: int, k1: int) -> str:
        return f"riddler_range {lo}%num {hi}%num {k0}%num {k1}%num"
    ranges = {(k0, k1 + 1), (k0 + 1, k1), (k0, k1 - 1), (k0 - 1, k1)} - {(k0, k1)}
    return lemma, [(check(k0, k1), True),
                   *((check(*other), False) for other in sorted(ranges) if min(other) >= 0)]


def agreement(flip: bool = False) -> str:
    """A Coq file of the kernel's answers. The losing positions of a small square (normal and
    misère play), accepted by the kernel against the rules, are those Coq computes from the mex
    (pairb, misere_pair); Fraenkel's pairs for a = 1..4 by the kernel's formula are Coq's mex
    pairs; the pairs and totals first and riddler statements name by floor_phi are the kernel's;
    and each claim checker says true exactly where the kernel accepts the claim. Each answer is
    a lemma on a line of its own; `flip`: the first with one position changed."""
    side = 10
    normal, misere = formula_pairs(side), formula_pairs(side, misere=True)
    check_losing_set(normal, side)
    check_losing_set(misere, side, misere=True)
    if flip:
        normal = [*normal[:-1], (normal[-1][0], normal[-1][1] - 1)]
    lines = [MATHCOMP_IMPORT,
             "From CoinProofs Require Import RulesPenny PennyPlay PennyMex PennyMisere "
             "PennyGold PennyClaims PennyLists. From Coq Require Import NArith.",
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
    # floor_phi's isqrt is a maximum over an ordinal, which vm_compute does not open: it is
    # computed as PennyGold.v's gold, in binary numbers.
    lines.append("Lemma phi_gold k : floor_phi k = N.to_nat (gold (N.of_nat 1) (N.of_nat k)). "
                 "Proof. by rewrite gold_nat Nat2N.id floor_phiE. Qed.")
    by_gold = "Proof. under eq_map do rewrite !phi_gold. by vm_compute. Qed."
    lines += [f"Lemma first_{count} : {first_lemma(count)}. {by_gold}"
              for count in range(1, 15, 2)]
    for n, (lo, hi) in enumerate(((0, 0), (20, 30), (22, 23), (5, 60), (60, 61))):
        lemma, ranges = riddler_lemma_and_verdicts(lo, hi)
        lines.append(f"Lemma riddler_{n} : {lemma}. {by_gold}")
        verdicts += ranges
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


# --- On request: squares of 100,000 -------------------------------------------------------------

LARGE = ["penny.p-positions.m100000", "penny.misere.m100000", "penny.a-wythoff.a16.m100000"]


@pytest.mark.slow
@needs_coq
def test_large_claims_compile(formal: Path, tmp_path: Path) -> None:
    proofs = cp.prove(*LARGE, out=tmp_path, jobs=2)
    assert proofs.proved and all(proof.coq for proof in proofs), proofs
    certificates = [tmp_path / f"{claim_id}.json" for claim_id in LARGE]
    verdicts, assumptions = check_folder(tmp_path, certificates, jobs=2, norec=True)
    assert all(verdict.accepted for verdict in verdicts), verdicts
    assert assumptions is not None and assumptions.none
