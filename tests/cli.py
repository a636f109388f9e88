"""Running the `coinproofs` command as a user would: a separate process."""

from __future__ import annotations

import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


@dataclass
class Run:
    status: int
    out: str
    err: str


def coinproofs(*args: str, cwd: Path | None = None) -> Run:
    """Run `python -m coinproofs ARGS` and capture what it prints."""
    result = subprocess.run([sys.executable, "-m", "coinproofs", *args], capture_output=True,
                            text=True, cwd=cwd or ROOT, timeout=600)
    return Run(result.returncode, result.stdout, result.stderr)


def fails_with_one_sentence(run: Run, *words: str) -> None:
    """A user error: non-zero exit, nothing on stdout, one line on stderr, no traceback."""
    assert run.status != 0, run
    assert "Traceback" not in run.err, run.err
    lines = [line for line in run.err.splitlines() if line.strip()]
    assert len(lines) == 1 or lines[0].startswith("usage:"), run.err
    for word in words:
        assert word in run.err, (word, run.err)
