"""Running the `coinproofs` command as a user would: in this process (`coinproofs`), in a
process of its own (`separate`), or on a terminal (`on_terminal`)."""

from __future__ import annotations

import contextlib
import io
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from coinproofs.cli import main

ROOT = Path(__file__).resolve().parents[1]


@dataclass
class Run:
    status: int
    out: str
    err: str


def separate(*args: str, cwd: Path | None = None) -> Run:
    """Run `python -m coinproofs ARGS` in a process of its own and capture what it prints: for
    the few tests of what only a real process shows (start-up, signals, exit codes, bytes)."""
    result = subprocess.run([sys.executable, "-m", "coinproofs", *args], capture_output=True,
                            text=True, cwd=cwd or ROOT, timeout=600)
    return Run(result.returncode, result.stdout, result.stderr)


def coinproofs(*args: str, cwd: Path | None = None, stdin: bytes = b"") -> Run:
    """Run the command in this process (its claim registry built once for all tests), with
    stdout and stderr captured as a pipe would take them (no terminal), `stdin` as its standard
    input, in the folder `cwd`. Usage errors and --help end as the command's exit status."""
    out, err = io.StringIO(), io.StringIO()
    given = io.TextIOWrapper(io.BytesIO(stdin))
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err), \
            contextlib.chdir(cwd or ROOT):
        before, sys.stdin = sys.stdin, given
        try:
            status = main(list(args))
        except SystemExit as exit:  # argparse: a usage error, or --help
            status = exit.code if isinstance(exit.code, int) else 1
        finally:
            sys.stdin = before
    return Run(status, out.getvalue(), err.getvalue())


inside = coinproofs  # the name older tests use


def fails_with_one_sentence(run: Run, *words: str) -> None:
    """A user error: non-zero exit, nothing on stdout, one line on stderr, no traceback."""
    assert run.status != 0, run
    assert "Traceback" not in run.err, run.err
    lines = [line for line in run.err.splitlines() if line.strip()]
    assert len(lines) == 1 or lines[0].startswith("usage:"), run.err
    for word in words:
        assert word in run.err, (word, run.err)


def on_terminal(*args: str, columns: int = 80, cwd: Path | None = None) -> Run:
    """Run `python -m coinproofs ARGS` on a terminal `columns` wide (a pseudo-terminal, as
    stdout and stderr both); `out` is what the screen shows, without colour codes."""
    import fcntl
    import os
    import pty
    import re
    import struct
    import termios

    leader, follower = pty.openpty()
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", 50, columns, 0, 0))
    environment = {key: value for key, value in os.environ.items()
                   if key not in ("COLUMNS", "LINES", "NO_COLOR", "TERM")} | {"TERM": "xterm"}
    process = subprocess.Popen([sys.executable, "-m", "coinproofs", *args], stdin=follower,
                               stdout=follower, stderr=follower, cwd=cwd or ROOT, env=environment)
    os.close(follower)
    chunks = []
    while True:
        try:
            chunk = os.read(leader, 1 << 16)
        except OSError:  # the terminal closed: the command has ended
            break
        if not chunk:
            break
        chunks.append(chunk)
    os.close(leader)
    status = process.wait(timeout=600)
    text = b"".join(chunks).decode("utf-8", "replace").replace("\r\n", "\n")
    text = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07|\r", "", text)
    return Run(status, text, "")
