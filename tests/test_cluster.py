"""Proving on a Dask cluster (`coinproofs prove --scheduler ADDRESS`): a LocalCluster of two
worker processes proves a handful of claims, and every file it leads to (certificates,
artifacts, MANIFEST) is byte for byte what local processes write; the kernel accepts them.
The errors a user can meet are one sentence each."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from coinproofs.certificates import Verdicts, verify
from coinproofs.cli import main
from coinproofs.proofs.registry import find, select
from coinproofs.proofs.runner import (
    Checked,
    ClusterUnavailable,
    Found,
    connect,
    prove_all,
    prove_on_worker,
    record,
    record_checked,
)
from coinproofs.verify.manifest import NAME
from tests.cli import coinproofs, fails_with_one_sentence

distributed = pytest.importorskip("distributed", reason="dask.distributed is not installed "
                                  "(pip install 'coinproofs[cluster]')")

# Family claims (q = 3 dials, the all-equal goal), the coin flip with its CNF and LRAT
# artifacts, and a penny claim.
CLAIMS = ("devil.n3.q3.shortest", "devil.n2.q3.impossible", "devil.n4.equal.shortest",
          "devil.n4.shortest", "penny.first-20")


@pytest.fixture(scope="module")
def scheduler() -> Iterator[str]:
    """The address of a LocalCluster of two single-threaded worker processes."""
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=":0") as cluster:
        yield cluster.scheduler_address


def files(folder: Path) -> dict[str, bytes]:
    return {path.name: path.read_bytes() for path in sorted(folder.iterdir())}


def proved_locally(folder: Path, jobs: int) -> dict[str, bytes]:
    outcomes = prove_all(select(CLAIMS), folder, jobs, lambda message: None,
                         lambda outcome: None)
    assert all(outcome.proved for outcome in outcomes), outcomes
    return files(folder)


def test_a_cluster_writes_the_same_bytes_as_local_processes(scheduler: str,
                                                            tmp_path: Path) -> None:
    run = coinproofs("prove", *CLAIMS, "--out", str(tmp_path / "cluster"),
                     "--scheduler", scheduler, "--json")
    assert run.status == 0, run.err
    rows = json.loads(run.out)
    assert all(row["proved"] for row in rows)
    assert sorted(row["id"] for row in rows) == sorted(CLAIMS)
    on_cluster = files(tmp_path / "cluster")
    assert {f"{claim}.json" for claim in CLAIMS} | {NAME, "devil.n4.shortest.L14.cnf",
                                                    "devil.n4.shortest.L14.lrat"} <= set(on_cluster)
    assert proved_locally(tmp_path / "one", 1) == on_cluster
    assert proved_locally(tmp_path / "two", 2) == on_cluster
    verdicts = verify(tmp_path / "cluster")  # the kernel, here, on the folder the client wrote
    assert isinstance(verdicts, Verdicts)
    assert not verdicts.problem and all(verdict.accepted for verdict in verdicts)
    assert sorted(verdict.claim for verdict in verdicts) == sorted(CLAIMS)


def test_the_python_api_proves_on_a_cluster(scheduler: str, tmp_path: Path) -> None:
    import coinproofs as cp

    seen: list[str] = []
    proofs = cp.prove("devil.n2.q3.impossible", out=tmp_path, scheduler=scheduler,
                      on_note=seen.append)
    assert proofs.proved
    assert any(scheduler in message for message in seen)
    with pytest.raises(ValueError, match="not both"):
        cp.prove("devil.n2.q3.impossible", out=tmp_path, jobs=2, scheduler=scheduler)


def test_a_task_the_cluster_fails_fails_its_claim_alone(monkeypatch: pytest.MonkeyPatch,
                                                        tmp_path: Path) -> None:
    from coinproofs.proofs import runner

    original = runner.prove_on_worker

    def lost(claim_id: str, bounds: Any = None) -> Checked:  # as if its worker had died
        if claim_id == "devil.n2.q3.impossible":
            raise RuntimeError("worker lost")
        return original(claim_id, bounds)

    monkeypatch.setattr(runner, "prove_on_worker", lost)
    # Workers in threads of this process: they run the function as patched here.
    with distributed.LocalCluster(n_workers=1, processes=False, dashboard_address=":0") as cluster:
        outcomes = prove_all(select(["devil.n2.q3.impossible", "devil.n3.q3.shortest"]),
                             tmp_path, 1, lambda message: None, lambda outcome: None,
                             scheduler=cluster.scheduler_address)
    assert [outcome.proved for outcome in outcomes] == [False, True]
    assert outcomes[0].reason == "the cluster did not run it: RuntimeError: worker lost"
    assert (tmp_path / NAME).exists() and not (tmp_path / "devil.n2.q3.impossible.json").exists()


def test_artifacts_sent_back_must_lie_in_the_folder_under_the_claims_name(
        tmp_path: Path) -> None:
    claim = find("devil.n2.q3.impossible")
    for name in ("../escaped", f"{claim.id}.json", f"{claim.id}./x", "other.cnf"):
        found = Found(claim.id, [], frozenset(), {name: b"x"}, 0.0)
        outcome = record(claim, found, tmp_path / "out")
        assert not outcome.proved and repr(name) in outcome.reason
    assert not (tmp_path / "escaped").exists()
    assert not (tmp_path / "out").exists()


def test_a_worker_verdict_stands_only_for_the_certificate_it_checked(tmp_path: Path) -> None:
    claim = find("devil.n2.q3.impossible")
    checked = prove_on_worker(claim.id)  # as a worker runs it, in this process
    assert checked.outcome.proved and len(checked.certificate_sha256) == 64
    assert record_checked(claim, checked, tmp_path / "same").proved
    other = Checked(checked.found, checked.outcome, "0" * 64)  # another version's certificate
    outcome = record_checked(claim, other, tmp_path / "other")
    assert not outcome.proved
    assert "not the one the worker's kernel checked" in outcome.reason
    misnamed = Checked(Found(claim.id, checked.found.evidence, checked.found.solvers,
                             {"../escaped": b"x"}, 0.0), checked.outcome,
                       checked.certificate_sha256)
    assert "'../escaped'" in record_checked(claim, misnamed, tmp_path / "misnamed").reason
    assert not (tmp_path / "escaped").exists() and not (tmp_path / "misnamed").exists()


def test_jobs_and_scheduler_together_are_refused() -> None:
    run = coinproofs("prove", "devil.n2.shortest", "--jobs", "2", "--scheduler",
                     "tcp://127.0.0.1:9")
    assert run.status == 2
    fails_with_one_sentence(run, "--jobs and --scheduler cannot be combined")


def test_an_unreachable_scheduler_is_one_sentence_after_dasks_timeout(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    import dask

    with dask.config.set({"distributed.comm.timeouts.connect": "1s"}):
        status = main(["prove", "devil.n2.shortest", "--out", str(tmp_path),
                       "--scheduler", "tcp://127.0.0.1:9"])
    assert status == 2
    assert capsys.readouterr().err.strip() == (
        "coinproofs: error: no Dask scheduler answered at tcp://127.0.0.1:9 within 1s (Dask's "
        "distributed.comm.timeouts.connect)")
    assert not list(tmp_path.glob("*.json"))


def test_a_malformed_address_is_one_sentence() -> None:
    with pytest.raises(ClusterUnavailable, match="not a Dask scheduler's address"):
        connect("nowhere://x")


def test_without_dask_the_user_is_told_what_to_install(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        tmp_path: Path) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # as if it were not installed
    status = main(["prove", "devil.n2.shortest", "--out", str(tmp_path),
                   "--scheduler", "tcp://127.0.0.1:9"])
    assert status == 2
    assert capsys.readouterr().err.strip() == (
        "coinproofs: error: proving on a Dask cluster needs dask.distributed: "
        "pip install 'coinproofs[cluster]'")
