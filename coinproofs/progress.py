"""How proving and checking go, shown as they go: a line per claim on stderr as it finishes
(flushed, so a log or a pipe sees it at once), a bar on a terminal, a bar in a notebook, and a
line for any claim still running after LONG seconds, then after twice as long, and so on.

`Watcher` is what `cp.prove` and `cp.verify` hand their work to: it shows the progress as
asked and passes each event on to the caller's own listeners.

>>> lines = []
>>> with Watcher(2, "checking", False, on_start=lines.append) as watcher:
...     watcher.start("devil.n2.shortest")
>>> lines
['devil.n2.shortest']
"""

from __future__ import annotations

import html
import sys
import threading
import time
from collections.abc import Callable
from types import TracebackType
from typing import Any

LONG = 10.0  # seconds after which a claim still running is reported (then 20, 40, ...)
TICK = 0.5  # how often the watcher looks for claims running long

WORDS = {"proving": ("proved", "NOT proved"), "checking": ("accepted", "REJECTED"),
         "compiling": ("compiled", "REJECTED")}


def in_notebook() -> bool:
    """Is this a Jupyter kernel, where a bar is drawn in the cell's output?"""
    shell = sys.modules.get("IPython")
    if shell is None:
        return False
    kernel = shell.get_ipython()
    return kernel is not None and type(kernel).__name__ == "ZMQInteractiveShell"


def outcome_words(item: Any, doing: str) -> tuple[str, str, bool, float, str]:
    """The claim, the verdict word, whether it is good, the seconds and the reason of an
    outcome of proving (claim_id, proved, kept) or a verdict of checking (claim, accepted)."""
    good_word, bad_word = WORDS[doing]
    if hasattr(item, "claim_id"):
        good = item.proved
        word = "kept" if good and item.kept else good_word if good else bad_word
        return item.claim_id, word, good, item.seconds, item.reason
    good = item.accepted
    # A Coq proof compiled by an earlier run from the same files is kept, not compiled again.
    word = "kept" if good and getattr(item, "kept", False) else good_word if good else bad_word
    return item.claim, word, good, item.seconds, item.reason


class Watcher:
    """Shows how `total` claims go (`doing`: "proving" or "checking") and passes each event on
    to the listeners given. `progress` None: a bar in a notebook, nothing elsewhere; True: a
    bar in a notebook, elsewhere a line per claim on stderr (and a bar when stderr is a
    terminal); False: nothing shown."""

    def __init__(self, total: int, doing: str, progress: bool | None,
                 on_start: Callable[[str], None] | None = None,
                 on_done: Callable[[Any], None] | None = None,
                 on_note: Callable[[str], None] | None = None) -> None:
        self.total, self.doing = total, doing
        self.listeners = (on_start, on_done, on_note)
        notebook = progress is not False and in_notebook()
        self.view: View | None = (NotebookBar(total, doing) if notebook
                                  else Lines(total, doing) if progress else None)
        self.running: dict[str, float] = {}  # claim -> when it started
        self.told: dict[str, float] = {}  # claim -> how long it had run when last reported
        self.working: dict[str, str] = {}  # claim -> what its prover said it was doing last
        self.finished = 0
        self.lock = threading.Lock()
        self.stop = threading.Event()
        self.ticker: threading.Thread | None = None

    def __enter__(self) -> Watcher:
        if self.view is not None:
            self.view.open()
            self.ticker = threading.Thread(target=self._tick, daemon=True)
            self.ticker.start()
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.stop.set()
        if self.ticker is not None:
            self.ticker.join()
        if self.view is not None:
            self.view.close(self.finished, interrupted=kind is KeyboardInterrupt)

    def start(self, claim: str) -> None:
        """A claim starts (or its certificate is checked)."""
        with self.lock:
            self.running[claim] = time.monotonic()
        if self.listeners[0] is not None:
            self.listeners[0](claim)

    def done(self, item: Any) -> None:
        """A claim is done: its outcome (proving) or verdict (checking)."""
        claim, word, good, seconds, reason = outcome_words(item, self.doing)
        with self.lock:
            if claim in self.running:
                # One clock for the line and the "still running" lines before it: the wall
                # time since the claim started here (a waiting claim's clock runs too).
                seconds = time.monotonic() - self.running.pop(claim)
            elif self.doing == "checking":  # one at a time, started by file name: that one
                self.running.clear()
            self.finished += 1
            if self.view is not None:
                self.view.done(self.finished, claim, word, good, seconds, reason)
        if self.listeners[1] is not None:
            self.listeners[1](item)

    def note(self, message: str) -> None:
        """Something about the run as a whole (that it is stopping, say)."""
        if self.view is not None:
            with self.lock:
                self.view.note(message)
        if self.listeners[2] is not None:
            self.listeners[2](message)

    def work(self, claim: str, message: str) -> None:
        """What the prover of a running claim is doing: shown if the claim runs long."""
        with self.lock:
            self.working[claim] = message
        if self.listeners[2] is not None:
            self.listeners[2](message)

    def _tick(self) -> None:
        """Report each claim that has run LONG seconds, then twice as long, and so on."""
        while not self.stop.wait(TICK):
            now = time.monotonic()
            with self.lock:
                for claim, began in self.running.items():
                    ran = now - began
                    if ran >= max(LONG, 2 * self.told.get(claim, 0.0)):
                        self.told[claim] = ran
                        doing = self.working.get(claim, "")
                        shown = doing.removeprefix(f"{claim}: ") if doing else ""
                        assert self.view is not None
                        self.view.note(f"still {self.doing} {claim} ({ran:,.0f} s)"
                                       + (f": {shown}" if shown else ""))


class View:
    """Where progress is shown."""

    def open(self) -> None:
        """Before the first claim."""

    def done(self, finished: int, claim: str, word: str, good: bool, seconds: float,
             reason: str) -> None:
        """A claim is done (`finished` of the total so far)."""

    def note(self, message: str) -> None:
        """A message about the run, or about a claim running long."""

    def close(self, finished: int, interrupted: bool) -> None:
        """After the last claim (or an interruption)."""


class Lines(View):
    """A line per claim on stderr as it finishes, flushed; on a terminal also a bar."""

    def __init__(self, total: int, doing: str) -> None:
        # deferred: 38 ms of CPU to load (docs/design.md, "Imports")
        from rich.console import Console

        self.total, self.doing = total, doing
        self.console = Console(stderr=True, highlight=False)
        self.bar: Any = None

    def open(self) -> None:
        if self.console.is_terminal:
            # deferred: 52 ms of CPU to load (docs/design.md, "Imports")
            from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn

            self.bar = Progress(BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                                console=self.console, transient=True)
            self.bar.add_task(self.doing, total=self.total)
            self.bar.start()

    def write(self, text: str, style: str = "") -> None:
        if self.bar is not None:
            # deferred: 18 ms of CPU to load (docs/design.md, "Imports")
            from rich.text import Text

            self.console.print(Text(text, style=style), soft_wrap=True)
        else:
            print(text, file=sys.stderr, flush=True)

    def done(self, finished: int, claim: str, word: str, good: bool, seconds: float,
             reason: str) -> None:
        width = len(f"{self.total:,}")
        self.write(f"{finished:>{width},}/{self.total:,} {word} {claim} ({seconds:,.2f} s)"
                   + (f": {reason}" if reason else ""), "" if good else "red")
        if self.bar is not None:
            self.bar.advance(self.bar.task_ids[0])

    def note(self, message: str) -> None:
        self.write(message, "dim")

    def close(self, finished: int, interrupted: bool) -> None:
        if self.bar is not None:
            self.bar.stop()


class NotebookBar(View):
    """A bar in the notebook cell's output, redrawn in place (plain HTML: no widget library),
    with the last few claims that failed below it."""

    def __init__(self, total: int, doing: str) -> None:
        self.total, self.doing = total, doing
        self.finished = 0
        self.failures: list[str] = []
        self.handle: Any = None

    def html(self, words: str) -> Any:
        # deferred: 86 ms of CPU to load (docs/design.md, "Imports")
        from IPython.display import HTML

        past = {"proving": "proved", "checking": "checked"}[self.doing]
        failures = "".join(f"<br><span style='color:#b00'>{html.escape(line)}</span>"
                           for line in self.failures[-5:])
        return HTML(f"<progress value='{self.finished}' max='{max(self.total, 1)}' "
                    f"style='width:20em'></progress> {self.finished:,} of {self.total:,} "
                    f"{past}{html.escape(words)}{failures}")

    def open(self) -> None:
        # deferred: 86 ms of CPU to load (docs/design.md, "Imports")
        from IPython.display import display

        self.handle = display(self.html(""), display_id=True)

    def done(self, finished: int, claim: str, word: str, good: bool, seconds: float,
             reason: str) -> None:
        self.finished = finished
        if not good:
            self.failures.append(f"{word} {claim}: {reason}")
        self.handle.update(self.html(f"; last: {claim} {word}"))

    def note(self, message: str) -> None:
        self.handle.update(self.html(f" ({message})"))

    def close(self, finished: int, interrupted: bool) -> None:
        self.finished = finished
        self.handle.update(self.html(" (interrupted)" if interrupted else ""))
