"""`coinproofs prove` then `coinproofs verify` for the penny claims, as a user runs them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli import coinproofs

FAST = ["penny.p-positions.m10000", "penny.first-20", "penny.riddler-20-30",
        "penny.misere.m1000", "penny.a-wythoff.a*.m1000", "penny.unique.m30"]


def test_prove_verify_and_reject_a_tampered_certificate(tmp_path: Path) -> None:
    proved = coinproofs("prove", *FAST, "--out", str(tmp_path), "--json")
    assert proved.status == 0, proved.out + proved.err
    assert len(json.loads(proved.out)) == 9

    verified = coinproofs("verify", str(tmp_path), "--json")
    assert verified.status == 0, verified.out + verified.err
    assert all(row["accepted"] for row in json.loads(verified.out))

    riddler = tmp_path / "penny.riddler-20-30.json"
    document = json.loads(riddler.read_text())
    document["evidence"][0]["positions"][6] = [9, 16]
    riddler.write_text(json.dumps(document))
    rejected = coinproofs("verify", str(riddler), "--json")
    assert rejected.status == 1
    (row,) = json.loads(rejected.out)
    assert not row["accepted"] and "share a row" in row["reason"]


@pytest.mark.slow
def test_every_penny_claim_including_the_slow_one(tmp_path: Path) -> None:
    proved = coinproofs("prove", "penny.*", "--out", str(tmp_path), "--json")
    assert proved.status == 0, proved.out + proved.err
    assert "penny.p-positions.m100000" in {row["id"] for row in json.loads(proved.out)}
    verified = coinproofs("verify", str(tmp_path / "penny.p-positions.m100000.json"))
    assert verified.status == 0, verified.out + verified.err
