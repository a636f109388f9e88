"""One fast end-to-end run: `coinproofs prove` writes certificates, `coinproofs verify` accepts
them, and rejects them once tampered with."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli import coinproofs, fails_with_one_sentence

FAST_CLAIMS = ("devil.n1.shortest", "devil.n8.shortest", "devil.n3.impossible",
               "devil.n10.impossible", "penny.first-20", "norepeat.n3.normal")


def test_prove_then_verify_then_tamper(tmp_path: Path) -> None:
    proved = coinproofs("prove", *FAST_CLAIMS, "--out", str(tmp_path), "--json")
    assert proved.status == 0, proved.out + proved.err
    assert all(row["proved"] for row in json.loads(proved.out))
    certificates = sorted(tmp_path.glob("*.json"))
    assert {path.stem for path in certificates} == set(FAST_CLAIMS)
    assert not list(tmp_path.glob(".*.tmp")), "no temporary files are left behind"

    verified = coinproofs("verify", str(tmp_path), "--json")
    assert verified.status == 0, verified.out + verified.err
    assert {row["id"] for row in json.loads(verified.out)} == set(FAST_CLAIMS)

    shortest = tmp_path / "devil.n8.shortest.json"
    document = json.loads(shortest.read_text())
    document["evidence"][0]["moves"][100] = [0]
    shortest.write_text(json.dumps(document))
    rejected = coinproofs("verify", str(tmp_path), "--json")
    assert rejected.status == 1
    verdicts = {row["id"]: row for row in json.loads(rejected.out)}
    assert not verdicts[str(shortest)]["accepted"]
    assert "does not win" in verdicts[str(shortest)]["reason"]


def test_prove_rejects_unknown_claims_and_verify_needs_certificates(tmp_path: Path) -> None:
    fails_with_one_sentence(coinproofs("prove", "devil.n99.nothing", "--out", str(tmp_path)),
                            "no claim matches")
    fails_with_one_sentence(coinproofs("verify", str(tmp_path)), "no certificates")
    fails_with_one_sentence(coinproofs("verify", str(tmp_path / "absent")), "neither")


@pytest.mark.parametrize(("args", "words"), [
    # Once a pool of 10**9 processes (a fork bomb on Linux), hung until killed.
    (("--jobs", "1000000000"), ("--jobs 1000000000 is too many", "at most 256")),
    # Once Path(""): the certificates and a MANIFEST went into the current folder.
    (("--out", ""), ("--out", "empty name")),
])
def test_prove_refuses_absurd_options_in_one_sentence(tmp_path: Path, args: tuple[str, ...],
                                                      words: tuple[str, ...]) -> None:
    run = coinproofs("prove", "devil.n1.shortest", *args, cwd=tmp_path)
    assert run.status == 2
    fails_with_one_sentence(run, *words)
    assert not list(tmp_path.iterdir())


def test_verify_refuses_an_empty_name(tmp_path: Path) -> None:
    """`verify ""` once checked the current folder."""
    run = coinproofs("verify", "", cwd=tmp_path)
    assert run.status == 2
    fails_with_one_sentence(run, "empty name")


def test_claims_lists_the_registry() -> None:
    run = coinproofs("claims", "--json")
    ids = {claim["id"] for claim in json.loads(run.out)["claims"]}
    assert {"devil.n4.shortest", "devil.n6.impossible", "devil.n16.lamping",
            "penny.riddler-20-30", "norepeat.n3.misere"} <= ids


def test_tables_are_plain_text_when_piped(tmp_path: Path) -> None:
    """Colours are for terminals; CI logs and pipes get plain text."""
    run = coinproofs("prove", "devil.n1.shortest", "--out", str(tmp_path))
    assert run.status == 0
    assert "\x1b[" not in run.out + run.err
    assert "devil.n1.shortest" in run.out and "proved" in run.out
    listing = coinproofs("claims")
    assert "\x1b[" not in listing.out and "devil.n4.shortest" in listing.out


# Certificates written before Ctrl-C: enough that the run is well under way (and more than the
# slack of the count below), few enough to keep the test quick.
WRITTEN = 6


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_an_interrupted_prove_leaves_only_whole_certificates(tmp_path: Path, jobs: str) -> None:
    """Ctrl-C in the middle of a long run, one claim at a time or in parallel: exit 130 soon,
    no temporary or partial file, and every certificate already written checks."""
    import signal
    import subprocess
    import sys
    import time

    from tests.cli import ROOT

    command = [sys.executable, "-m", "coinproofs", "prove", "devil.n*.impossible",
               "--out", str(tmp_path), "--jobs", jobs]
    # A shell that starts a job in the background (`make test &`) ignores SIGINT in it, and
    # Python then never raises KeyboardInterrupt: the child gets Ctrl-C's usual handling back.
    run = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.DEVNULL,
                           stderr=subprocess.PIPE, text=True,
                           preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    deadline = time.monotonic() + 600  # a machine under load proves claims slowly
    while len(list(tmp_path.glob("*.json"))) < WRITTEN and time.monotonic() < deadline:
        time.sleep(0.05)
    before = len(list(tmp_path.glob("*.json")))
    run.send_signal(signal.SIGINT)
    _, errors = run.communicate(timeout=30)
    assert run.returncode == 130 and "interrupted" in errors
    written = list(tmp_path.glob("*.json"))
    # Only the claims under way finish (at most one per job, and a little slack for claims
    # that finished between counting and signalling): nothing new starts after Ctrl-C. A claim
    # under way whose certificate was counted before its check and its Coq proof were done is
    # discarded whole (at most one per job).
    assert before >= WRITTEN and before - int(jobs) <= len(written) <= before + int(jobs) + 2
    # No temporary file: the one hidden file marks the run unfinished, for the next to finish.
    assert [path.name for path in tmp_path.iterdir() if path.name.startswith(".")] == [
        ".coinproofs-unfinished"]
    # The run did not finish, so it wrote no manifest: the folder is not accepted as a whole,
    # but every certificate in it is.
    verified = coinproofs("verify", str(tmp_path), "--json")
    manifest, *verdicts = json.loads(verified.out)
    assert verified.status == 1 and "unfinished `coinproofs prove`" in manifest["reason"]
    assert len(verdicts) == len(written) and all(row["accepted"] for row in verdicts)


def test_a_prove_stopped_before_its_first_claim_leaves_the_folder_marked(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Stopped while the claims are listed (the default set takes seconds), `prove` leaves its
    folder with the unfinished marker, so `verify` says how to finish it; an id that names no
    claim leaves nothing."""
    import coinproofs as cp
    from coinproofs.certificates import finishing_command, verify
    from coinproofs.proofs import registry

    def stopped(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt
    folder = tmp_path / "certificates"
    with monkeypatch.context() as patched:
        patched.setattr(registry, "select", stopped)
        with pytest.raises(KeyboardInterrupt):
            cp.prove(out=folder, progress=False)
    assert [path.name for path in folder.iterdir()] == [".coinproofs-unfinished"]
    assert finishing_command(folder) is not None
    assert "unfinished `coinproofs prove`" in verify(folder, progress=False).reason
    with pytest.raises(ValueError, match="no claim matches"):
        cp.prove("devil.n4.nothing", out=tmp_path / "fresh", progress=False)
    assert not (tmp_path / "fresh").exists()
