"""Strategy walks (NRWALK1) on the Coq road: coinproofs/coq/norepeat.py expands a walk as the
kernel walks it (read_walk, not trusted) and formal/norepeat/NoRepeatsWalk.v's walk_ok, run by
vm_compute, decides. A five-coin walk is accepted (by `verify --coq`'s check too); every
changed byte of one gets the kernel's verdict (refused by the expansion or by Coq; a listed
reply changed to another that wins as well is accepted by both).

The tests that run Coq skip when `coqc` is missing (Debian: apt-get install coq
libcoq-mathcomp).
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from coinproofs.coq import MATHCOMP_IMPORT, Unsupported, build
from coinproofs.coq.check import check_folder
from coinproofs.coq.norepeat import COQ_WALK_NODES, read_walk, script, walk_script
from coinproofs.verify import norepeat_walk as kernel
from coinproofs.verify.certificate import Artifacts
from coinproofs.verify.schema import Rejected
from tests.corpus import Corpus
from tests.test_coq_norepeat import claim, compile_text, needs_coq
from tests.test_norepeat_walk import written


def proof_text(n: int, data: bytes) -> str:
    """A .v file proving that Ben wins n coins under misère play from the walk `data`, as
    `prove` writes one (coinproofs/coq/build.py adds only the driver's checks)."""
    script = walk_script(n, True, "second", data)
    return (f"{MATHCOMP_IMPORT}\n"
            f"From CoinProofs Require Import Claims RulesNoRepeats {' '.join(script.requires)}.\n"
            f"{script.definitions}\nLemma claim : second_wins {n} misere.\nProof.\n"
            f"{script.proof}\nQed.\n")


def kernel_accepts(folder: Path, data: bytes, n: int) -> bool:
    """Does the kernel's native walk accept `data` as proof that Ben wins?"""
    (folder / "x.nrwalk").write_bytes(data)
    item = {"method": "strategy-walk", "file": "x.nrwalk",
            "sha256": hashlib.sha256(data).hexdigest(),
            "nodes": int.from_bytes(data[16:24], "little")}
    try:
        kernel.check_walk(n, True, "second", item, Artifacts(folder), use_native=True)
    except Rejected:
        return False
    return True


def test_read_walk_refuses_a_cut_or_padded_file() -> None:
    _, data = written(5, True, 8)
    with pytest.raises(Rejected, match="cut off"):
        read_walk(data[:-1], 5, True, "second")
    with pytest.raises(Rejected, match="goes on after"):
        read_walk(data + b"\0", 5, True, "second")
    with pytest.raises(Rejected, match="the header says misère 1, not 0"):
        read_walk(data, 5, False, "second")
    with pytest.raises(Rejected, match="starts at a leaf"):
        read_walk(written(3, True, 20)[1], 3, True, "second")


def test_walk_evidence_gets_the_walk_checker(tmp_path: Path) -> None:
    """A certificate with walk evidence (as six coins' has) is proved by walk_second_wins
    when its walk is small enough; else it has no .v, and says why."""
    _, data = written(5, True, 20)
    (tmp_path / "w.nrwalk").write_bytes(data)
    item = {"method": "strategy-walk", "file": "w.nrwalk",
            "sha256": hashlib.sha256(data).hexdigest(),
            "nodes": int.from_bytes(data[16:24], "little")}
    certificate = {"claim": claim(5, True, "second"), "evidence": [item]}
    assert "walk_second_wins 5 misere" in script(certificate, tmp_path).proof
    huge = {"claim": claim(6, True, "second"),
            "evidence": [{**item, "nodes": COQ_WALK_NODES + 1}]}
    with pytest.raises(Unsupported, match="strategy walk has 16,385 nodes"):
        script(huge, tmp_path)


# (5 coins, leaf 20) compiles in test_verify_coq_accepts_a_walk_certificate below.
@needs_coq
@pytest.mark.parametrize("n, leaf", [(2, 0), (5, 0)])
def test_walk_compiles(formal: Path, tmp_path: Path, n: int, leaf: int) -> None:
    winner, data = written(n, True, leaf)
    assert winner == "second"
    accepted, said = compile_text(tmp_path, "walk", proof_text(n, data))
    assert accepted, said


@needs_coq
@pytest.mark.parametrize("leaf", [pytest.param(8, marks=pytest.mark.slow), 20])
def test_every_changed_byte_gets_the_kernels_verdict(formal: Path, tmp_path: Path,
                                                     leaf: int) -> None:
    """Each byte of the five-coin walk changed (its lowest bit, its highest): Coq's road
    accepts the file exactly when the kernel does. With leaves of 8, some changed replies lead
    to leaves the loser wins, which the expansion passes on and Coq refuses (slow: about 4
    minutes, most of it expanding 482 files in Python)."""
    _, data = written(5, True, leaf)
    compiled = refused_by_coq = 0
    for at in range(len(data)):
        for mask in (0x01, 0x80):
            changed = bytearray(data)
            changed[at] ^= mask
            try:
                text = proof_text(5, bytes(changed))
            except Rejected:
                assert not kernel_accepts(tmp_path, bytes(changed), 5), (at, mask)
                continue
            compiled += 1
            accepted, said = compile_text(tmp_path, "changed", text)
            refused_by_coq += not accepted
            assert accepted == kernel_accepts(tmp_path, bytes(changed), 5), (at, mask, said)
            assert accepted or "walk_second_wins" in said or "erefl" in said, said
    assert compiled > 0
    assert refused_by_coq > 0 or leaf == 20


@needs_coq
def test_verify_coq_accepts_a_walk_certificate(formal: Path, corpus: Corpus,
                                               tmp_path: Path) -> None:
    """`verify --coq`'s check (driver, statement, coqchk) on the five-coin claim with walk
    evidence in place of its DAG: accepted, no assumption."""
    path = corpus.copy("norepeat.n5.misere", to=tmp_path) / "norepeat.n5.misere.json"
    _, data = written(5, True, 20)
    (tmp_path / "norepeat.n5.misere.nrwalk").write_bytes(data)
    certificate = json.loads(path.read_text())
    certificate["evidence"] = [{"method": "strategy-walk", "file": "norepeat.n5.misere.nrwalk",
                                "sha256": hashlib.sha256(data).hexdigest(),
                                "nodes": int.from_bytes(data[16:24], "little")}]
    path.write_text(json.dumps(certificate))
    build.write_proof(path)
    assert "walk_second_wins" in path.with_name("norepeat_n5_misere.v").read_text()
    verdicts, assumptions = check_folder(tmp_path, [path], norec=True)
    assert [verdict.accepted for verdict in verdicts] == [True], verdicts
    assert assumptions is not None and assumptions.none
