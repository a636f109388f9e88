"""Theorem evidence for the rotating-table family: the Coq theorems about N dials with q states
(rotations, goal zero: formal/table/Dials.v, formal/table/DialsImpossible.v) cited by name and
digest. The kernel checks that the claim is about those rules and the side condition on N and q,
takes the conclusion as facts, refuses every tampered form, and refuses the claims the theorems
refute whatever the evidence."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from coinproofs.proofs.devil import cited_theorems
from coinproofs.proofs.devil_evidence import theorem_evidence
from coinproofs.proofs.registry import OutOfLimits, ProofContext, find
from coinproofs.verify import devil, theorems
from coinproofs.verify import table as kernel
from coinproofs.verify.certificate import Rejected, check_document
from coinproofs.verify.table import Fact
from tests.certificates import certificate, devil_certificate


def dials(n: int, q: int) -> theorems.Sizes:
    """N dials with q states on a rotating table, the goal zero, as the theorems read it."""
    return theorems.Sizes(n, q, "zero", True, n)


def accepts(document: dict[str, Any], folder: Path) -> list[str]:
    return check_document(document, folder).methods


def rejects(document: dict[str, Any], folder: Path, reason: str) -> None:
    with pytest.raises(Rejected, match=reason):
        check_document(document, folder)


@pytest.mark.parametrize("n, q", [(2, 3), (3, 4), (4, 3), (6, 3), (10, 3), (2, 9), (3, 8)])
def test_impossible_by_the_theorem_alone(n: int, q: int, tmp_path: Path) -> None:
    document = devil_certificate("impossible", n, None, [theorem_evidence("dial_not_wins")], q=q)
    assert accepts(document, tmp_path) == ["theorem dial_not_wins"]


@pytest.mark.parametrize("n, q, what", [
    (3, 3, "3 dials with 3 states"), (4, 4, "4 dials with 4 states"),
    (2, 8, "2 dials with 8 states"), (1, 6, "1 dial with 6 states"),
])
def test_the_side_condition_is_checked(n: int, q: int, what: str, tmp_path: Path) -> None:
    """N and q powers of one prime (or N = 1): dial_not_wins says nothing."""
    document = devil_certificate("impossible", n, None, [theorem_evidence("dial_not_wins")], q=q)
    rejects(document, tmp_path, f"needs primes p != r.*which fails for {what}")


@pytest.mark.parametrize("group, goal", [("dihedral", "zero"), ("symmetric", "zero"),
                                         ("cyclic", "equal")])
def test_the_theorems_are_about_rotations_and_the_goal_zero(group: str, goal: str,
                                                            tmp_path: Path) -> None:
    document = devil_certificate("impossible", 2, None, [theorem_evidence("dial_not_wins")], q=3,
                              group=group, goal=goal)
    rejects(document, tmp_path, f"about the rotations.*not the {group} group")


def test_the_lower_bound_completes_a_checked_strategy(tmp_path: Path) -> None:
    strategy = searched_strategy(2, 4, tmp_path)
    evidence = [{"method": "strategy", "moves": strategy}, theorem_evidence("dial_wins_size_lb")]
    assert len(strategy) == 15
    assert accepts(devil_certificate("shortest", 2, 15, evidence, q=4), tmp_path) == [
        "strategy", "theorem dial_wins_size_lb"]


def test_the_lower_bound_alone_proves_no_shortest_claim(tmp_path: Path) -> None:
    rejects(devil_certificate("shortest", 2, 15, [theorem_evidence("dial_wins_size_lb")], q=4),
            tmp_path, "no checked strategy of 15 moves wins")


def searched_strategy(n: int, q: int, folder: Path) -> list[list[int]]:
    """The winning strategy the prover finds (breadth-first search), in the kernel's notation."""
    spec = find(kernel.claim_id("shortest", n, q, "cyclic", "zero"))
    evidence = spec.prove(ProofContext(folder, spec.id))
    return next(item["moves"] for item in evidence if item["method"] == "strategy")


def dials_certificate() -> dict[str, Any]:
    return devil_certificate("impossible", 2, None, [theorem_evidence("dial_not_wins")], q=3)


@pytest.mark.parametrize("field", ["method", "name", "formal_sha256"])
def test_every_field_is_required(field: str, tmp_path: Path) -> None:
    document = dials_certificate()
    del document["evidence"][0][field]
    rejects(document, tmp_path, f"no field '{field}'")


@pytest.mark.parametrize("field, value", [
    ("name", "odd_factor_not_wins"),  # a theorem about coins, not dials
    ("name", "dial_coprime_not_wins"),  # a theorem of formal/ the kernel does not cite
    ("name", "dial_not_wins "), ("name", 1), ("name", None), ("name", ["dial_not_wins"]),
    ("formal_sha256", theorems.FORMAL_SHA256.upper()),
    ("formal_sha256", theorems.FORMAL_SHA256[:-1]),
    ("formal_sha256", 0), ("formal_sha256", True),
    ("found_by", "a proof assistant"), ("primes", [2, 3]),
])
def test_every_retyped_or_added_field_is_rejected(field: str, value: Any,
                                                  tmp_path: Path) -> None:
    document = dials_certificate()
    document["evidence"][0][field] = value
    rejects(document, tmp_path, f"theorem evidence.*'{field}'")


def test_other_sources_are_rejected(tmp_path: Path) -> None:
    document = dials_certificate()
    document["evidence"][0]["formal_sha256"] = "0" * 64
    rejects(document, tmp_path, "cites the Coq sources 000000000000…, but the kernel's")


def test_a_dial_theorem_proves_nothing_about_coins(tmp_path: Path) -> None:
    rejects(devil_certificate("impossible", 6, None, [theorem_evidence("dial_not_wins")]),
            tmp_path, "theorem evidence.*'name'")


def test_the_side_condition_follows_the_factors() -> None:
    def holds(n: int, q: int) -> bool:
        return theorems.THEOREMS["dial_not_wins"].holds(dials(n, q))

    assert [n for n in range(1, 13) if holds(n, 4)] == [3, 5, 6, 7, 9, 10, 11, 12]
    assert [q for q in range(3, 13) if holds(9, q)] == [4, 5, 6, 7, 8, 10, 11, 12]
    assert theorems.distinct_primes(12, 18) == (2, 3)
    assert theorems.prime_factors(360) == [2, 3, 5] and theorems.prime_factors(1) == []
    assert theorems.THEOREMS["dial_wins_size_lb"].facts(dials(3, 3)) == [("none-up-to", 25)]


# --- dial_shortest (formal/table/DialsShortest.v): q^N - 1 moves win, and no fewer ----------------

@pytest.mark.parametrize("n, q", [(2, 4), (4, 4), (3, 3), (1, 5), (9, 3), (2, 16), (1, 8)])
def test_shortest_by_the_theorem_alone(n: int, q: int, tmp_path: Path) -> None:
    document = devil_certificate("shortest", n, q**n - 1, [theorem_evidence("dial_shortest")], q=q)
    assert accepts(document, tmp_path) == ["theorem dial_shortest"]


@pytest.mark.parametrize("n, q, what", [
    (2, 3, "2 dials with 3 states"), (6, 4, "6 dials with 4 states"),
    (1, 6, "1 dial with 6 states"), (3, 4, "3 dials with 4 states"),
])
def test_the_shortest_side_condition_is_checked(n: int, q: int, what: str,
                                                tmp_path: Path) -> None:
    """N and q not powers of one prime: dial_shortest says nothing (even when N = 1 and the
    claim is true: 1 dial with 6 states needs 5 moves)."""
    document = devil_certificate("shortest", n, q**n - 1, [theorem_evidence("dial_shortest")], q=q)
    rejects(document, tmp_path, f"dial_shortest needs N >= 1 and q >= 1 powers of one prime.*"
                                f"which fails for {what}")


@pytest.mark.parametrize("value, reason", [
    (14, "no checked strategy of 14 moves wins"), (16, "no checked strategy of 16 moves wins"),
    (0, "a shortest claim's value must be a whole number of at least 1")])
def test_the_shortest_theorem_proves_only_its_length(value: int, reason: str,
                                                     tmp_path: Path) -> None:
    rejects(devil_certificate("shortest", 2, value, [theorem_evidence("dial_shortest")], q=4),
            tmp_path, reason)


def test_the_shortest_theorem_completes_a_checked_strategy(tmp_path: Path) -> None:
    strategy = searched_strategy(2, 4, tmp_path)
    evidence = [{"method": "strategy", "moves": strategy}, theorem_evidence("dial_shortest")]
    assert accepts(devil_certificate("shortest", 2, 15, evidence, q=4), tmp_path) == [
        "strategy", "theorem dial_shortest"]


def test_the_shortest_side_condition_follows_the_factors() -> None:
    def holds(n: int, q: int) -> bool:
        return theorems.THEOREMS["dial_shortest"].holds(dials(n, q))

    assert [n for n in range(0, 17) if holds(n, 4)] == [1, 2, 4, 8, 16]
    assert [q for q in range(0, 28) if holds(9, q)] == [1, 3, 9, 27]
    assert [q for q in range(1, 10) if holds(1, q)] == [1, 2, 3, 4, 5, 7, 8, 9]
    assert not holds(6, 1) and holds(1, 1)
    assert theorems.THEOREMS["dial_shortest"].facts(dials(3, 3)) == [("wins", 26),
                                                                   ("none-up-to", 25)]


@pytest.mark.parametrize("n, q", [(n, q) for n in range(1, 7) for q in (3, 4, 5, 6, 8, 9)
                                  if q**n <= 4096])
def test_the_prover_cites_what_the_kernel_accepts(n: int, q: int) -> None:
    """Shortest claims cite dial_shortest when N and q are powers of one prime, else (N = 1,
    q = 6) the lower bound; impossible ones dial_not_wins exactly when its side condition
    holds, which is when N and q are not powers of one prime (N >= 2)."""
    one_prime = len(theorems.prime_factors(n * q)) == 1
    winnable = n == 1 or one_prime
    cited = [item["name"] for item in cited_theorems(n, q, "cyclic", "zero", winnable)]
    assert cited == [("dial_shortest" if one_prime else "dial_wins_size_lb") if winnable
                     else "dial_not_wins"]
    assert [item["name"] for item in cited_theorems(n, q, "dihedral", "zero", winnable)] == [
        "table_shortest" if winnable else "table_not_wins"]


@pytest.mark.parametrize("n, q, value, facts, reason", [
    (2, 3, 8, [Fact("wins", 8), Fact("none-up-to", 7)], "dial_not_wins proves that none wins "
     "for 2 dials with 3 states: 2 divides 2 and 3 divides 3"),
    (2, 4, 14, [Fact("wins", 14), Fact("none-up-to", 13)], "dial_wins_size_lb proves that "
     "every winning strategy for 2 dials with 4 states has at least 15 moves"),
    (2, 4, 16, [Fact("wins", 16), Fact("none-up-to", 15)], "the evidence says 16 moves, but the "
     "Coq theorem dial_shortest proves that a strategy of 15 moves wins for 2 dials with 4 "
     "states"),
    (3, 3, 40, [Fact("wins", 40), Fact("none-up-to", 39)], "dial_shortest proves that a "
     "strategy of 26 moves wins for 3 dials with 3 states"),
])
def test_a_claim_the_theorems_refute_is_refused(n: int, q: int, value: int, facts: list[Fact],
                                                 reason: str, tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """Were a checker wrong (here: strategy and reachability evidence that prove anything),
    evidence could add up to a false claim; the Coq theorems still refuse it."""
    wins, none_up_to = facts
    monkeypatch.setitem(devil.OTHER_TABLES, "strategy", lambda *_: wins)
    monkeypatch.setitem(devil.OTHER_TABLES, "reachability", lambda *_: none_up_to)
    evidence = [{"method": "strategy", "moves": []}, {"method": "reachability"}]
    rejects(devil_certificate("shortest", n, value, evidence, q=q), tmp_path, reason)


def test_a_count_the_shortest_theorem_refutes_is_refused(tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """A count of strategies longer than q^N - 1 (were the count check wrong): refused."""
    monkeypatch.setattr(kernel, "count_evidence", lambda *_: None)
    value = {"length": 16, "sequences": 1, "up_to_group": 1}
    rejects(devil_certificate("count", 2, value, [{"method": "count"}], q=4), tmp_path,
            "the evidence says 16 moves, but the Coq theorem dial_shortest")


@pytest.mark.parametrize("n, q", [(2, 4), (1, 5), (4, 4), (2, 16)])
def test_the_prover_builds_the_strategy_without_search(n: int, q: int, tmp_path: Path) -> None:
    """N and q powers of one prime: Bar-Yehuda, Etzion and Moran's strategy and dial_shortest,
    no layers; the kernel accepts the certificate."""
    spec = find(kernel.claim_id("shortest", n, q, "cyclic", "zero"))
    assert spec.value == q**n - 1
    evidence = spec.prove(ProofContext(tmp_path, spec.id))
    assert [item["method"] for item in evidence] == ["strategy", "theorem"]
    assert evidence[0]["found_by"] == "Bar-Yehuda, Etzion and Moran's construction"
    assert accepts(certificate(spec, evidence), tmp_path) == ["strategy", "theorem dial_shortest"]


@pytest.mark.parametrize("claim, reason", [
    ("devil.n4.q4.impossible", r"a strategy of 255 moves wins .*prove devil\.n4\.q4\.shortest"),
    ("devil.n2049.q4.shortest", "devil.theorem-bits"),
])
def test_the_construction_refuses(claim: str, reason: str) -> None:
    with pytest.raises(OutOfLimits, match=reason):
        find(claim)
