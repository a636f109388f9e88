"""Writing files so that an interrupted run never leaves a partial one behind."""

from __future__ import annotations

import os
import signal
import tempfile
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


@contextmanager
def no_interrupts() -> Iterator[None]:
    """Hold back Ctrl-C (SIGINT) until the block is done, so that it cannot land between
    creating a temporary file and renaming or removing it: while the block runs, a SIGINT is
    only noted, and it is delivered to the previous handler when the block ends. Python runs
    signal handlers in the main thread only, so elsewhere the block runs as it is."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    noted: list[int] = []
    previous = signal.signal(signal.SIGINT, lambda signum, frame: noted.append(signum))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
        if noted and callable(previous):
            previous(signal.SIGINT, None)
        elif noted and previous != signal.SIG_IGN:
            raise KeyboardInterrupt


def temporary_beside(path: Path) -> tuple[int, str]:
    """A new hidden temporary file in `path`'s folder (descriptor, name), or an OSError that
    names `path`, the file the user asked for, rather than the temporary name."""
    try:
        return tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    except OSError as error:
        raise OSError(error.errno, error.strerror, str(path)) from None


def write_bytes_atomically(path: Path, data: bytes) -> None:
    """Write `data` to a temporary file beside `path`, then rename it into place."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with no_interrupts():
        fd, temp = temporary_beside(path)
        try:
            # mkstemp makes the file private; a certificate is for everyone to read.
            umask = os.umask(0)
            os.umask(umask)
            os.chmod(temp, 0o666 & ~umask)
            with os.fdopen(fd, "wb") as handle:
                handle.write(data)
                handle.flush()
                os.fsync(handle.fileno())
            os.replace(temp, path)
        except BaseException:
            Path(temp).unlink(missing_ok=True)
            raise


def write_text_atomically(path: Path, text: str) -> None:
    write_bytes_atomically(path, text.encode("utf-8"))


@contextmanager
def atomic_path(path: Path) -> Iterator[Path]:
    """A temporary path beside `path` for a writer that opens the file itself (a native one):
    renamed onto `path` when the block ends normally, removed when it raises. Ctrl-C may stop
    the block (a long write); it is held back only while the file is created or renamed."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with no_interrupts():
        fd, name = temporary_beside(path)
        os.close(fd)
    temp = Path(name)
    try:
        yield temp
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(temp, 0o666 & ~umask)
        with no_interrupts():
            os.replace(temp, path)
    except BaseException:
        temp.unlink(missing_ok=True)
        raise
