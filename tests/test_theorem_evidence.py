"""Theorem evidence: a Coq theorem of formal/ cited by name and by the digest of the sources it
was checked at. The kernel checks the side condition on N and takes the conclusion as facts;
every tampered form is rejected, naming what is wrong."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest

from coinproofs.games import devil as engine
from coinproofs.proofs.devil_evidence import theorem_evidence
from coinproofs.verify import devil, theorems
from coinproofs.verify.certificate import Rejected, check_document
from coinproofs.verify.table import Fact
from tests.certificates import devil_certificate

TWO_COINS = [[0, 1], [0], [0, 1]]  # Lamping's strategy for 2 coins


def coins(n: int) -> theorems.Sizes:
    """The coin flip with n coins as the theorems read it."""
    return theorems.Sizes(n, 2, "zero", True, n)


def accepts(document: dict[str, Any], folder: Path) -> list[str]:
    return check_document(document, folder).methods


def rejects(document: dict[str, Any], folder: Path, reason: str) -> None:
    with pytest.raises(Rejected, match=reason):
        check_document(document, folder)


@pytest.mark.parametrize("n", [1, 32, 4096])
def test_shortest_for_a_power_of_two_by_the_theorem_alone(n: int, tmp_path: Path) -> None:
    document = devil_certificate("shortest", n, 2**n - 1, [theorem_evidence("shortest_pow2")])
    assert accepts(document, tmp_path) == ["theorem shortest_pow2"]


def test_the_lower_bound_theorem_completes_a_checked_strategy(tmp_path: Path) -> None:
    evidence = [{"method": "strategy", "moves": TWO_COINS}, theorem_evidence("wins_size_lb")]
    assert accepts(devil_certificate("shortest", 2, 3, evidence), tmp_path) == [
        "strategy", "theorem wins_size_lb"]


def test_the_lower_bound_alone_proves_no_shortest_claim(tmp_path: Path) -> None:
    rejects(devil_certificate("shortest", 2, 3, [theorem_evidence("wins_size_lb")]), tmp_path,
            "no checked strategy of 3 moves wins")


def test_a_shorter_strategy_contradicts_nothing_the_kernel_accepts(tmp_path: Path) -> None:
    """A claim below the bound needs a strategy that would have to win: none does."""
    evidence = [{"method": "strategy", "moves": TWO_COINS[:2]}, theorem_evidence("wins_size_lb")]
    rejects(devil_certificate("shortest", 2, 2, evidence), tmp_path, "does not win")


@pytest.mark.parametrize("n", [3, 6, 12, 4095])
def test_impossible_by_the_odd_factor_theorem(n: int, tmp_path: Path) -> None:
    document = devil_certificate("impossible", n, None, [theorem_evidence("odd_factor_not_wins")])
    assert accepts(document, tmp_path) == ["theorem odd_factor_not_wins"]


@pytest.mark.parametrize("kind, n, value, name, reason", [
    ("shortest", 6, 63, "shortest_pow2", "needs N is a power of two, which fails for 6 coins"),
    ("impossible", 8, None, "odd_factor_not_wins", "odd factor m > 1.*fails for 8 coins"),
    ("impossible", 1, None, "odd_factor_not_wins", "fails for 1 coin"),
    ("shortest", 32, 2**32 - 2, "shortest_pow2", "no checked strategy of 4294967294 moves"),
    ("shortest", 32, 2**32, "shortest_pow2", "no checked strategy of 4294967296 moves"),
])
def test_side_conditions_and_values_are_checked(kind: str, n: int, value: int | None, name: str,
                                                reason: str, tmp_path: Path) -> None:
    rejects(devil_certificate(kind, n, value, [theorem_evidence(name)]), tmp_path, reason)


def pow2_certificate() -> dict[str, Any]:
    return devil_certificate("shortest", 32, 2**32 - 1, [theorem_evidence("shortest_pow2")])


@pytest.mark.parametrize("field", ["method", "name", "formal_sha256"])
def test_every_field_is_required(field: str, tmp_path: Path) -> None:
    document = pow2_certificate()
    del document["evidence"][0][field]
    with pytest.raises(Rejected, match=f"no field '{field}'"):
        check_document(document, tmp_path)


@pytest.mark.parametrize("field, value", [
    ("name", "lamping_wins"),  # a theorem of formal/, but not one the kernel may cite
    ("name", "wins_size_lb "), ("name", 1), ("name", None), ("name", ["shortest_pow2"]),
    ("formal_sha256", theorems.FORMAL_SHA256.upper()),
    ("formal_sha256", theorems.FORMAL_SHA256[:-1]),
    ("formal_sha256", 0), ("formal_sha256", True),
    ("found_by", "a proof assistant"),  # no notes: nothing the kernel does not read
    ("lemmas", []),
])
def test_every_retyped_or_added_field_is_rejected(field: str, value: Any,
                                                  tmp_path: Path) -> None:
    document = pow2_certificate()
    document["evidence"][0][field] = value
    with pytest.raises(Rejected, match=f"theorem evidence.*'{field}'"):
        check_document(document, tmp_path)


def test_other_sources_are_rejected(tmp_path: Path) -> None:
    """A digest of other sources: the kernel cites only the theorems checked at its own."""
    document = pow2_certificate()
    document["evidence"][0]["formal_sha256"] = "0" * 64
    rejects(document, tmp_path, "cites the Coq sources 000000000000…, but the kernel's "
                                "theorems were checked at")


def test_the_method_is_exact(tmp_path: Path) -> None:
    document = pow2_certificate()
    document["evidence"][0]["method"] = "Theorem"
    rejects(document, tmp_path, "unknown evidence method 'Theorem'")


def test_the_digest_recorded_by_the_prover_is_the_kernels() -> None:
    evidence = theorem_evidence("wins_size_lb")
    assert evidence == {"method": "theorem", "name": "wins_size_lb",
                        "formal_sha256": theorems.FORMAL_SHA256}


def test_facts_follow_the_table() -> None:
    """The table's arithmetic: the bound for 4 coins is 15, the odd part of 12 is 3."""
    assert theorems.THEOREMS["wins_size_lb"].facts(coins(4)) == [("none-up-to", 14)]
    assert theorems.THEOREMS["shortest_pow2"].facts(coins(4)) == [("wins", 15), ("none-up-to", 14)]
    odd_factor = theorems.THEOREMS["odd_factor_not_wins"]
    assert [n for n in range(1, 20) if odd_factor.holds(coins(n))] == [
        3, 5, 6, 7, 9, 10, 11, 12, 13, 14, 15, 17, 18, 19]
    assert [n for n in range(1, 70) if theorems.THEOREMS["shortest_pow2"].holds(coins(n))] == [
        1, 2, 4, 8, 16, 32, 64]


def test_a_certificate_with_two_theorems_and_a_strategy(tmp_path: Path) -> None:
    evidence = [theorem_evidence("shortest_pow2"), {"method": "strategy", "moves": TWO_COINS},
                theorem_evidence("wins_size_lb")]
    document = devil_certificate("shortest", 2, 3, copy.deepcopy(evidence))
    assert accepts(document, tmp_path) == ["theorem shortest_pow2", "strategy",
                                           "theorem wins_size_lb"]


@pytest.mark.parametrize("kind, n, value, fact, reason", [
    ("impossible", 8, None, Fact("impossible"), "a strategy of 255 moves wins"),
    ("shortest", 4, 16, Fact("none-up-to", 15), "the evidence says 16 moves"),
])
def test_a_claim_the_theorems_refute_is_refused(kind: str, n: int, value: int | None,
                                                 fact: Fact, reason: str,
                                                 tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """Were a prose lemma wrong (here: an algebraic checker that proves anything), evidence
    could add up to a false claim; the Coq theorems still refuse it."""
    monkeypatch.setitem(devil.COIN_FLIP, "algebraic", lambda *_: fact)
    evidence = [{"method": "algebraic", "h": "11"}]
    if kind == "shortest":  # Lamping's 15 moves and one more still win
        evidence.append({"method": "strategy", "moves": [
            engine.positions(m) for m in [*engine.lamping(4), 1]]})
    rejects(devil_certificate(kind, n, value, evidence), tmp_path, reason)
