"""Claim ids are patterns: any id within a pattern's limits can be proved, ids outside them are
refused with the limit named, globs range over the listed claims, and the listed claims are the
ones coinproofs always had."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from coinproofs.proofs.registry import (
    ClaimPattern,
    ClaimSpec,
    OutOfLimits,
    UnknownClaim,
    all_claims,
    find,
    pattern_of,
    patterns,
    select,
    shown,
)
from tests.cli import coinproofs, fails_with_one_sentence


def test_every_listed_claim_is_built_by_its_pattern_from_its_id_alone() -> None:
    for spec in all_claims():
        pattern = pattern_of(spec.id)
        params = pattern.parameters(spec.id)
        assert params is not None
        rebuilt = pattern.claim(params)
        assert rebuilt.as_json() == spec.as_json() and rebuilt.lemmas == spec.lemmas


def is_family(spec: ClaimSpec) -> bool:
    """A claim about another member of the rotating-table family, or a count of shortest
    strategies (tests/test_family.py)."""
    return spec.game == "devil" and (set(spec.params) != {"n"} or spec.kind == "count")


def test_the_listed_claims_are_the_ones_coinproofs_always_had() -> None:
    earlier = [spec for spec in all_claims() if not is_family(spec)]
    ids = [spec.id for spec in earlier]
    # 1051, devil.n16..n4096.shortest (theorems), norepeat.n6.misere, penny.wythoff,
    # penny.fraenkel, penny.misere-wythoff (theorems), and 55 of the glasses:
    # 25 shortest, nine wins (8 glasses and 4 hands; eight by glasses_hands_suffice) and
    # 23 impossible (K below N - N/p, N <= 8)
    assert len(ids) == len(set(ids)) == 1064 + 57
    default = [spec.id for spec in earlier if spec.default]
    # glasses.n8.k4, n8.k5, n8.k6 and the four of 9 glasses .shortest only on request
    assert len(default) == 96 + 50
    assert {"devil.n4.shortest", "devil.n16.shortest", "devil.n64.shortest",
            "devil.n63.impossible", "devil.n16.lamping",
            "penny.p-positions.m10000", "penny.first-20", "penny.riddler-20-30",
            "penny.misere.m1000", "penny.a-wythoff.a3.m1000", "penny.unique.m30",
            "penny.wythoff", "penny.fraenkel", "penny.misere-wythoff",
            "norepeat.n16.normal", "norepeat.n5.misere", "glasses.n4.k2.shortest",
            "glasses.n8.k4.wins", "glasses.n8.k3.impossible",
            "glasses.n27.k18.wins", "glasses.n64.k32.wins"} <= set(default)
    assert {"devil.n1024.impossible" not in ids, "devil.n1023.impossible" in ids,
            "devil.n4096.shortest" in ids, "devil.n128.shortest" not in default,
            "penny.p-positions.m100000" in ids, "norepeat.n20.normal" in ids,
            "norepeat.n6.misere" in ids} == {True}
    assert not {"devil.n1023.impossible", "penny.p-positions.m100000",
                "norepeat.n20.normal", "norepeat.n6.misere", "glasses.n8.k4.shortest",
                "glasses.n8.k5.shortest", "glasses.n8.k6.shortest",
                "glasses.n9.k6.shortest"} & set(default)


@pytest.mark.parametrize("claim_id, value", [
    ("devil.n4095.impossible", None), ("devil.n8.lamping", 255),
    ("penny.p-positions.m20000", 7640), ("penny.first-3", [[0, 0], [1, 2], [3, 5]]),
    ("penny.unique.m60", 1), ("norepeat.n1.misere", "second"), ("norepeat.n2.misere", "second"),
])
def test_ids_beyond_the_listed_ones_are_built_within_the_limits(claim_id: str,
                                                                 value: object) -> None:
    spec = find(claim_id)
    assert spec.id == claim_id and spec.value == value and not spec.default


@pytest.mark.parametrize("claim_id, words", [
    ("devil.n5000.impossible", ["4,096", "not 5,000"]),
    ("devil.n2048.impossible", ["power of two", "false"]),
    ("devil.n6.shortest", ["no strategy wins", "devil.n6.impossible"]),
    ("devil.n8192.shortest", ["4,096", "not 8,192"]),
    ("devil.n32.lamping", ["power of two up to 16"]),
    ("penny.unique.m61", ["0..60", "not 61"]),
    ("penny.riddler-30-20", ["LO", "HI"]),
    ("norepeat.n7.misere", ["1..6"]),
    ("norepeat.n21.normal", ["1..20"]),
])
def test_ids_outside_the_limits_are_refused_naming_the_limit(claim_id: str,
                                                             words: list[str]) -> None:
    with pytest.raises(OutOfLimits) as refusal:
        find(claim_id)
    message = str(refusal.value)
    assert message.startswith(f"cannot prove {claim_id}: ") and "\n" not in message
    assert all(word in message for word in words), message


@pytest.mark.parametrize("claim_id", ["devil.n04.shortest", "devil.n4", "penny.p-positions.mx",
                                      "norepeat.n3.normall", "devil.n4.shortest.extra"])
def test_ids_no_pattern_matches_are_unknown(claim_id: str) -> None:
    with pytest.raises(UnknownClaim, match="no claim matches"):
        find(claim_id)


@pytest.mark.parametrize(("typed", "meant"), [
    ("devil.n4.shortes", "devil.n4.shortest"),
    ("penny.p-position.m30", "penny.p-positions.m30"),  # unlisted, with the typed number
    ("penny.riddler-20-3O", "penny.riddler-20-30"),  # not riddler-20-3, out of its limits
    ("norepeat.n4.normall", "norepeat.n4.normal"),
    ("glasses.n4.k2.shortest1", "glasses.n4.k2.shortest"),
])
def test_a_mistyped_id_gets_a_did_you_mean_from_the_api_and_the_cli(typed: str,
                                                                     meant: str) -> None:
    import coinproofs as cp
    from tests.cli import inside

    with pytest.raises(UnknownClaim, match=rf"\(did you mean {re.escape(meant)}\?\)"):
        cp.claims(typed)
    fails_with_one_sentence(inside("prove", typed), f"(did you mean {meant}?)")


def test_prove_says_how_long_the_claims_take_before_it_starts(tmp_path: Path) -> None:
    from tests.cli import inside

    run = inside("prove", "penny.riddler-20-30", "penny.p-positions.m30", "--out", str(tmp_path))
    assert run.status == 0, run.err
    assert run.err.splitlines()[0] == "proving 2 claims, seconds each"
    assert "proving" not in inside("prove", "penny.riddler-20-30", "-q", "--out",
                                   str(tmp_path)).err


def test_an_id_near_no_claim_gets_no_suggestion() -> None:
    with pytest.raises(UnknownClaim) as refused:
        find("xyz")
    assert "did you mean" not in str(refused.value)


def test_globs_range_over_the_listed_claims_and_ids_over_every_pattern() -> None:
    impossible = [spec for spec in select(["devil.n*.impossible"], every=True)
                  if not is_family(spec)]
    assert len(impossible) == len([n for n in range(3, 1025) if n & (n - 1)])
    default = [spec for spec in select(["devil.n*.impossible"]) if not is_family(spec)]
    assert len(default) == len([n for n in range(3, 65) if n & (n - 1)])
    named = ["devil.n4.*", "devil.n4.shortest", "devil.n2047.impossible"]
    chosen = [spec.id for spec in select(named) if not is_family(spec)]
    assert chosen == ["devil.n4.shortest", "devil.n2047.impossible"]
    with pytest.raises(UnknownClaim):
        select(["devil.n*.nothing"])
    assert [spec.id for spec in select([])] == [spec.id for spec in all_claims() if spec.default]


def test_a_template_reads_optional_parts_and_word_choices() -> None:
    """The form the rotating-table family will use, with a builder that echoes its keywords."""
    seen: list[dict[str, object]] = []

    def echo(**params: object) -> object:
        seen.append(params)
        raise OutOfLimits("echo")

    family = ClaimPattern("devil.n<N>[.q<Q>][.<group:dihedral|symmetric>][.<goal:equal>]"
                          ".<kind:shortest|impossible>", about="", limits="", build=echo)
    assert shown(family.template) == ("devil.n<N>[.q<Q>][.dihedral|symmetric][.equal]"
                                      ".shortest|impossible")
    assert family.parameters("devil.n4.shortest") == {"n": 4, "kind": "shortest"}
    assert family.parameters("devil.n3.q3.symmetric.equal.impossible") == {
        "n": 3, "q": 3, "group": "symmetric", "goal": "equal", "kind": "impossible"}
    assert family.parameters("devil.n3.equal.q3.impossible") is None
    with pytest.raises(OutOfLimits):
        family.claim({"n": 5, "q": 5, "kind": "shortest"})
    assert seen == [{"n": 5, "q": 5, "kind": "shortest"}]


def test_claims_json_lists_the_patterns() -> None:
    run = coinproofs("claims", "--json")
    document = json.loads(run.out)
    forms = {pattern["pattern"]: pattern for pattern in document["patterns"]}
    assert {shown(pattern.template) for pattern in patterns()} == set(forms)
    assert "4,096" in forms["devil.n<N>.impossible"]["limits"]
    assert "norepeat.n<n>.normal|misere" in forms
    claims = {claim["id"]: claim for claim in document["claims"]}
    assert claims["devil.n6.impossible"]["pattern"] == "devil.n<N>.impossible"
    assert all(claim["default"] for claim in claims.values())


def test_prove_takes_unlisted_ids_in_worker_processes_too(tmp_path: Path) -> None:
    run = coinproofs("prove", "devil.n1025.impossible", "penny.p-positions.m200",
                     "norepeat.n2.misere", "--jobs", "2", "--out", str(tmp_path), "--json")
    assert run.status == 0, run.err
    assert [row["id"] for row in json.loads(run.out)] == [
        "devil.n1025.impossible", "penny.p-positions.m200", "norepeat.n2.misere"]
    assert coinproofs("verify", str(tmp_path)).status == 0


def test_prove_refuses_an_id_outside_the_limits_in_one_sentence(tmp_path: Path) -> None:
    fails_with_one_sentence(coinproofs("prove", "devil.n5000.impossible", "--out", str(tmp_path)),
                            "cannot prove devil.n5000.impossible", "4,096")
    assert not list(tmp_path.iterdir())
