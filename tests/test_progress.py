"""Progress and resume: prove and verify print a line per claim as it finishes, flushed, off a
terminal too; a claim running long is reported; an interrupted prove is finished by the next,
which keeps what is proved and accepted; verify says a folder is unfinished and how to finish
it; prove --bound raises a kernel bound, and a claim refused for a bound leaves nothing."""

from __future__ import annotations

import json
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import coinproofs.progress as progress
from coinproofs.certificates import UNFINISHED
from coinproofs.proofs.runner import Outcome
from tests.cli import ROOT, fails_with_one_sentence, inside

# About 20 quick claims, proved one at a time: long enough to interrupt in the middle.
REQUEST = ["devil.n2?.impossible"]  # ten claims


def test_prove_and_verify_print_a_line_per_claim_off_a_terminal(tmp_path: Path) -> None:
    proved = inside("prove", "devil.n2.shortest", "penny.first-20", "--out", str(tmp_path))
    assert proved.status == 0
    lines = proved.err.splitlines()
    assert lines[0] == "proving 2 claims, seconds each"  # before the work starts (issue 33)
    assert lines[1].startswith("1/2 proved devil.n2.shortest (")
    assert lines[2].startswith("2/2 proved penny.first-20 (")
    checked = inside("verify", str(tmp_path))
    assert checked.err.splitlines()[1].startswith("2/2 accepted penny.first-20 (")
    quiet = inside("verify", "-q", str(tmp_path))
    assert quiet.status == 0 and quiet.err == ""


def test_a_claim_running_long_is_reported(monkeypatch: pytest.MonkeyPatch,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(progress, "LONG", 0.05)
    monkeypatch.setattr(progress, "TICK", 0.01)
    with progress.Watcher(1, "proving", True) as watcher:
        watcher.start("devil.n4.q4.dihedral.shortest")
        watcher.work("devil.n4.q4.dihedral.shortest",
                     "devil.n4.q4.dihedral.shortest: breadth-first search")
        time.sleep(0.3)
        # The outcome's own seconds (the time in the prover) are not what the line shows.
        watcher.done(Outcome("devil.n4.q4.dihedral.shortest", True, ("strategy",), 0.01))
    lines = capsys.readouterr().err.splitlines()
    still = [line for line in lines if line.startswith("still proving")]
    assert 2 <= len(still) <= 4  # after 0.05 s, then 0.1, 0.2: twice as long each time
    assert still[0].startswith("still proving devil.n4.q4.dihedral.shortest (")
    assert still[0].endswith("s): breadth-first search")
    # One clock, the wall time since the claim started, for the "still" lines and the last.
    last = re.fullmatch(r"1/1 proved devil\.n4\.q4\.dihedral\.shortest \((\d+\.\d\d) s\)",
                        lines[-1])
    assert last is not None, lines[-1]
    assert float(last[1]) >= max(float(re.search(r"\((\d+\.?\d*) s\)", line)[1])
                                 for line in still)


def interrupted_after(lines: int, folder: Path) -> str:
    """Run `prove REQUEST` and press Ctrl-C once it has printed `lines` progress lines (it
    flushes each as its claim finishes); what it printed on stderr."""
    command = [sys.executable, "-m", "coinproofs", "prove", *REQUEST, "--out", str(folder)]
    # Ctrl-C's usual handling, even when the tests run as a background job (which ignores it).
    run = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.DEVNULL,
                           stderr=subprocess.PIPE, text=True,
                           preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    assert run.stderr is not None
    seen: list[str] = []
    # The claims' lines, " 1/10 proved ..." (the count right-aligned to the total's width).
    while sum(bool(re.match(r" *\d+/\d+ ", line)) for line in seen) < lines:
        seen.append(run.stderr.readline())
        assert seen[-1], "".join(seen)  # the run ended before that many claims were done
    run.send_signal(signal.SIGINT)
    rest = run.stderr.read()
    assert run.wait(timeout=60) == 130
    return "".join(seen) + rest


def test_an_interrupted_prove_is_finished_by_the_next(tmp_path: Path) -> None:
    errors = interrupted_after(3, tmp_path)
    assert f"coinproofs prove 'devil.n2?.impossible' --out {tmp_path}" \
        in errors.splitlines()[-1]
    assert not (tmp_path / "MANIFEST").exists() and (tmp_path / UNFINISHED).exists()
    assert not list(tmp_path.glob(".*.tmp"))
    done = sorted(path.stem for path in tmp_path.glob("*.json"))
    assert len(done) >= 3
    verified = inside("verify", "--json", str(tmp_path))
    folder, *verdicts = json.loads(verified.out)
    assert verified.status == 1 and "unfinished `coinproofs prove`" in folder["reason"]
    assert "--out" in folder["reason"] and all(row["accepted"] for row in verdicts)

    tampered = tmp_path / f"{done[0]}.json"  # the kernel rejects it: it is proved again
    document = json.loads(tampered.read_text())
    document["evidence"] = [{"method": "invariant"}]
    tampered.write_text(json.dumps(document))
    finished = inside("prove", "--json", *REQUEST, "--out", str(tmp_path))
    assert finished.status == 0, finished.err
    outcomes = json.loads(finished.out)
    assert {row["id"] for row in outcomes if row["kept"]} == set(done[1:])
    assert all(row["proved"] for row in outcomes) and len(outcomes) > len(done)
    assert sum(" kept " in line for line in finished.err.splitlines()) == len(done) - 1
    assert not (tmp_path / UNFINISHED).exists()
    assert inside("verify", "-q", str(tmp_path)).status == 0


def test_prove_takes_bounds_and_a_refused_claim_leaves_nothing(tmp_path: Path) -> None:
    refused = inside("prove", "devil.n2.shortest", "--bound", "devil.strategy-moves=2",
                         "--out", str(tmp_path))
    assert refused.status == 1
    assert "needs 3 moves, over the kernel's bound devil.strategy-moves = 2" in refused.out
    assert "--bound devil.strategy-moves=VALUE" in refused.out
    assert list(tmp_path.iterdir()) == []  # no certificate, artifact or MANIFEST
    raised = inside("prove", "devil.n2.shortest", "--bound", "devil.strategy-moves=3",
                        "--out", str(tmp_path))
    assert raised.status == 0 and (tmp_path / "MANIFEST").exists()
    fails_with_one_sentence(inside("prove", "devil.n2.shortest", "--bound", "no.such=1",
                                       "--out", str(tmp_path)), "there is no bound named")
