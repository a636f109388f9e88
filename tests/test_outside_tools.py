"""Re-checking without coinproofs (the README's section): every CNF beside a certificate is
unsatisfiable for Debian's CaDiCaL, every LRAT proof checks with drat-trim's lrat-check, every
artifact matches its SHA-256 under `sha256sum -c`, and a strategy checks with a short plain
Python script. Each tool's test skips when the tool is absent."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.cli import ROOT, coinproofs

RECHECK = ROOT / "docs" / "recheck"
# drat-trim is not packaged by Debian: a reader builds lrat-check from its source (README).
LRAT_CHECK = os.environ.get("LRAT_CHECK") or shutil.which("lrat-check")


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("certificates")
    run = coinproofs("prove", "devil.n4.shortest", "devil.n6.impossible", "devil.n9.impossible",
                     "penny.unique.m30", "--out", str(out))
    assert run.status == 0, run.err
    return out


def proofs(folder: Path) -> list[tuple[Path, Path]]:
    pairs = [(cnf, cnf.with_suffix(".lrat")) for cnf in sorted(folder.glob("*.cnf"))]
    assert len(pairs) == 4 and all(proof.exists() for _, proof in pairs)
    return pairs


@pytest.mark.skipif(shutil.which("cadical") is None, reason="Debian's cadical is not installed")
def test_cadical_finds_every_cnf_unsatisfiable(folder: Path) -> None:
    for cnf, _ in proofs(folder):
        run = subprocess.run(["cadical", "-q", str(cnf)], capture_output=True, text=True)
        assert run.returncode == 20 and "s UNSATISFIABLE" in run.stdout, cnf.name


@pytest.mark.skipif(LRAT_CHECK is None, reason="drat-trim's lrat-check is not built here "
                                                "(set LRAT_CHECK to its path)")
def test_lrat_check_verifies_every_proof_and_rejects_a_changed_one(folder: Path,
                                                                    tmp_path: Path) -> None:
    assert LRAT_CHECK is not None
    for cnf, proof in proofs(folder):
        run = subprocess.run([LRAT_CHECK, str(cnf), str(proof)], capture_output=True, text=True)
        assert run.returncode == 0 and "c VERIFIED" in run.stdout, cnf.name
    cnf, proof = proofs(folder)[0]
    lines = proof.read_text().splitlines()
    lemma = next(i for i, line in enumerate(lines) if " d " not in line and line.count(" 0") == 2
                 and len(line.split(" 0")[1].split()) > 1)
    words = lines[lemma].split()
    del words[words.index("0") + 1]  # one hint fewer: the step no longer follows
    lines[lemma] = " ".join(words)
    changed = tmp_path / "changed.lrat"
    changed.write_text("\n".join(lines) + "\n")
    run = subprocess.run([LRAT_CHECK, str(cnf), str(changed)], capture_output=True, text=True)
    assert run.returncode != 0 and "c VERIFIED" not in run.stdout


@pytest.mark.skipif(shutil.which("sha256sum") is None, reason="sha256sum is not installed")
def test_sha256sum_confirms_every_artifact(folder: Path, tmp_path: Path) -> None:
    sums = subprocess.run([sys.executable, str(RECHECK / "sha256s.py"), str(folder)],
                          capture_output=True, text=True, check=True).stdout
    assert len(sums.splitlines()) >= 9  # 4 CNFs, 4 proofs, belief layers
    listing = tmp_path / "sums"
    listing.write_text(sums)
    run = subprocess.run(["sha256sum", "-c", str(listing)], cwd=folder, capture_output=True,
                         text=True)
    assert run.returncode == 0 and run.stdout.count(": OK") == len(sums.splitlines())


def test_a_strategy_checks_with_plain_python(tmp_path: Path) -> None:
    strategy = tmp_path / "eight.json"
    assert coinproofs("devil", "solve", "8", "-o", str(strategy)).status == 0
    script = [sys.executable, "-I", str(RECHECK / "check_strategy.py")]  # -I: no coinproofs
    run = subprocess.run([*script, "8", str(strategy)], capture_output=True, text=True)
    assert run.returncode == 0 and run.stdout.strip() == "255 moves, 8 coins: wins"
    short = tmp_path / "short.json"
    short.write_text("[[0, 1, 2, 3], [0, 2], [0, 1, 2, 3]]")
    run = subprocess.run([*script, "4", str(short)], capture_output=True, text=True)
    assert run.returncode == 1 and run.stdout.startswith("3 moves, 4 coins: loses")
