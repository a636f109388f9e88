"""A guard against hangs in tests: a test that should finish in milliseconds must not be able
to hang the suite. It is a hang detector with a generous limit, not a speed measurement (speed
is measured in bench/)."""

from __future__ import annotations

import contextlib
import signal
from collections.abc import Iterator
from types import FrameType

HANG = 30.0  # seconds: far beyond what any guarded call needs, even on a loaded machine


class Hung(Exception):
    """The guarded block was still running when the limit ran out."""


@contextlib.contextmanager
def no_hang(seconds: float = HANG) -> Iterator[None]:
    """Raise Hung in the block if it is still running after `seconds` (wall clock)."""
    def interrupt(signum: int, frame: FrameType | None) -> None:
        raise Hung(f"still running after {seconds} s")

    previous = signal.signal(signal.SIGALRM, interrupt)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
