"""Custom groups as claims: an id writes the devil's generators (devil.n4.g0-1c2-3.g0-2c1-3...,
verify/table.py GENERATED), one id per generator list in canonical form; the id round-trips
through `claims`, `prove`, `verify` and cp.prove, names its certificate file and Coq module,
and meets the named groups' limits and errors; `devil solve` names the claim that certifies
its answer."""

from __future__ import annotations

import itertools
import json
import random
from pathlib import Path

import pytest

import coinproofs as cp
from coinproofs.coq import module_name
from coinproofs.proofs.registry import OutOfLimits, UnknownClaim, find
from coinproofs.verify import table as kernel
from tests.cli import coinproofs

KLEIN = "devil.n4.g0-1c2-3.g0-2c1-3.shortest"


def test_the_id_writes_the_generators_in_canonical_form() -> None:
    assert kernel.generated_name([(2, 3, 0, 1), (1, 0, 3, 2)]) == "g0-1c2-3.g0-2c1-3"
    assert kernel.generated_name([(1, 2, 0), (1, 2, 0), (0, 1, 2)]) == "g0-1-2"
    assert kernel.generated_name([(0, 1, 2)]) == "trivial"
    assert kernel.generated("g0-1-2-3.g0-2", 4) == ((1, 2, 3, 0), (2, 1, 0, 3))


def test_claims_shows_the_order_and_the_canonical_form() -> None:
    listing = cp.claims(KLEIN)["claims"]
    assert [claim["id"] for claim in listing] == [KLEIN]
    assert "(0 1)(2 3), (0 2)(1 3), a group of 4;" in listing[0]["statement"]
    assert listing[0]["value"] == 15 and listing[0]["params"] == {"n": 4,
                                                                  "group": "g0-1c2-3.g0-2c1-3"}


@pytest.mark.parametrize("claim_id, words", [
    ("devil.n4.g1-0.shortest", ["not in canonical form", "devil.n4.g0-1.shortest"]),
    ("devil.n4.g0-2.g0-1.shortest", ["devil.n4.g0-1.g0-2.shortest"]),
    ("devil.n4.g0-1.g0-1.shortest", ["devil.n4.g0-1.shortest"]),
    ("devil.n4.g0-4.shortest", ["moves position 4", "positions 0..3"]),
    ("devil.n4.g0-1-0.shortest", ["names a position twice"]),
    ("devil.n3.g0-1-2.shortest", ["no strategy wins", "table_not_wins",
                                  "devil.n3.g0-1-2.impossible"]),
    ("devil.n4.g0-1.impossible", ["15 moves wins", "devil.n4.g0-1.shortest"]),
    ("devil.n2600.q3.g0-1.impossible", ["devil.theorem-bits"]),
    ("devil.n2.g0-1.q3.shortest", ["no claim matches"]),
    ("devil.n9.g0-1.g0-1-2-3-4-5-6-7-8.impossible", ["devil.group", "40,320"]),
    ("devil.n4.q2.g0-1.shortest", ["at least 3", "leave .q out"]),
])
def test_ids_outside_the_limits_are_refused_with_a_reason(claim_id: str,
                                                          words: list[str]) -> None:
    with pytest.raises((OutOfLimits, UnknownClaim)) as refusal:
        find(claim_id)
    assert all(word in str(refusal.value) for word in words), refusal.value


def test_the_id_round_trips_through_prove_and_verify(tmp_path: Path) -> None:
    ids = [KLEIN, "devil.n6.g0-1-2c3-4-5.impossible", "devil.n4.g0-1.g2-3.equal.shortest"]
    proofs = cp.prove(*ids, out=tmp_path)
    assert proofs.proved, proofs
    for claim_id in ids:
        document = json.loads((tmp_path / f"{claim_id}.json").read_text())
        assert document["claim"]["id"] == claim_id
    verdicts = cp.verify(tmp_path)
    assert all(v.accepted for v in verdicts.items)
    assert sorted(v.claim for v in verdicts.items) == sorted(ids)


def test_the_cli_round_trip(tmp_path: Path) -> None:
    shown = coinproofs("claims", KLEIN, "--json")
    assert shown.status == 0 and json.loads(shown.out)["claims"][0]["id"] == KLEIN
    assert coinproofs("prove", KLEIN, "--out", str(tmp_path)).status == 0
    checked = coinproofs("verify", str(tmp_path), "--json")
    assert checked.status == 0, checked.err
    assert [row["id"] for row in json.loads(checked.out)] == [KLEIN]


def test_solve_names_the_claim_that_certifies_it() -> None:
    assert cp.devil.solve(4, group="(0 2)(1 3),(0 1)(2 3)").claim == KLEIN
    assert cp.devil.solve(3, group="dihedral").claim == "devil.n3.dihedral.impossible"
    assert cp.devil.solve(4).claim == "devil.n4.shortest"
    assert cp.devil.solve(3, group="()").claim == "devil.n3.trivial.shortest"
    solved = coinproofs("devil", "solve", "6", "--group", "(0 1 2)(3 4 5)", "--goal", "equal",
                        "--json")
    assert json.loads(solved.out)["claim"] == "devil.n6.g0-1-2c3-4-5.equal.impossible"


def test_module_names_tell_the_ids_apart() -> None:
    """Coq module names turn every character but letters and digits into '_': the ids of
    different groups still give different modules ('-' only stands between two digits, '.'
    only before a letter)."""
    rng = random.Random(24)
    names: dict[str, str] = {}
    for _ in range(400):
        n = rng.randint(2, 8)
        perms = [tuple(rng.sample(range(n), n)) for _ in range(rng.randint(1, 3))]
        group = kernel.generated_name(perms)
        if group == "trivial":
            continue
        for kind, goal in itertools.product(("shortest", "impossible"), ("zero", "equal")):
            claim_id = kernel.claim_id(kind, n, 2, group, goal)
            assert names.setdefault(module_name(claim_id), claim_id) == claim_id
