"""Test-wide settings: hypothesis runs without per-example deadlines (a loaded CI machine must
not turn a slow example into a failure) and derandomized under CI, so a CI run is repeatable;
verify --coq keeps what it compiles in a cache of the run's own."""

from __future__ import annotations

import fcntl
import hashlib
import os
import shutil
import subprocess
import tempfile
import threading
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

import pytest
from hypothesis import settings

from tests.corpus import Corpus, run_corpus
from tests.examples import Built, build_all

settings.register_profile("coinproofs", deadline=None)
settings.register_profile("coinproofs-ci", deadline=None, derandomize=True)
settings.load_profile("coinproofs-ci" if os.environ.get("CI") else "coinproofs")


@pytest.fixture(scope="session", autouse=True)
def own_cache(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """verify --coq keeps what coqc compiles in the user's cache (coinproofs/coq/cache.py): the
    tests keep theirs in a folder of the run, and leave the user's alone."""
    before = os.environ.get("COINPROOFS_CACHE")
    os.environ["COINPROOFS_CACHE"] = str(tmp_path_factory.mktemp("cache"))
    yield
    if before is None:
        del os.environ["COINPROOFS_CACHE"]
    else:
        os.environ["COINPROOFS_CACHE"] = before


@pytest.fixture(scope="session")
def examples(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Built]:
    """A valid certificate of every kind of evidence (tests/examples.py), built once."""
    return build_all(tmp_path_factory.mktemp("examples"))


ROOT = Path(__file__).resolve().parents[1]
CHECKOUT = hashlib.sha256(str(ROOT).encode()).hexdigest()[:16]  # names this checkout's locks


@contextmanager
def one_at_a_time(name: str) -> Iterator[None]:
    """Hold a lock that the other test processes of this checkout wait for (pytest-xdist runs
    the tests in several): one `make` at a time in formal/."""
    path = Path(tempfile.gettempdir()) / f"coinproofs-{name}-{CHECKOUT}.lock"
    with path.open("a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def make(target: str) -> None:
    """`make TARGET` in the checkout, once per test run however many processes ask for it."""
    with one_at_a_time("make"):
        make_unlocked(target)


def make_unlocked(target: str) -> None:
    """make(), its lock held already."""
    run = os.environ.get("PYTEST_XDIST_TESTRUNUID", str(os.getpid()))
    done = Path(tempfile.gettempdir()) / f"coinproofs-{target}-{CHECKOUT}-{run}.done"
    if done.exists():
        return
    result = subprocess.run(["make", "--no-print-directory", target], cwd=ROOT,
                            capture_output=True, text=True, timeout=1800)
    assert result.returncode == 0, result.stdout + result.stderr
    done.touch()


@pytest.fixture(scope="session")
def formal() -> Path:
    """formal/ built (`make formal`), once for all the Coq tests of a run."""
    make("formal")
    return ROOT / "formal"


@pytest.fixture(scope="session")
def coq_ready(request: pytest.FixtureRequest) -> None:
    """formal/ built (the fixture above) wherever coqc is installed: for a module whose Coq
    tests skip without Coq and whose other tests run all the same (a fresh clone has no .vo
    files yet). Such a module says `pytestmark = pytest.mark.usefixtures("coq_ready")`."""
    if shutil.which("coqc") is not None:
        request.getfixturevalue("formal")


def uses_coq(item: pytest.Item) -> bool:
    return not {"formal", "coq_ready"}.isdisjoint(getattr(item, "fixturenames", ()))


@pytest.hookimpl(trylast=True)  # after -k and -m have deselected what they deselect
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The modules that need formal/ built go last, each whole and in its place among them: the
    others run while the first process builds formal/ in the background (below), where they
    used to wait for it (a fresh clone's build is 90 s of CPU, not all of it in parallel)."""
    coq = {item.path for item in items if uses_coq(item)}
    items.sort(key=lambda item: item.path in coq)  # stable: each module's tests keep their order


BUILDING: list[threading.Thread] = []


def pytest_collection_finish(session: pytest.Session) -> None:
    """The first test process starts `make formal` at once when a test it collected needs
    formal/, holding the lock that make("formal") waits for."""
    if os.environ.get("PYTEST_XDIST_WORKER", "gw0") != "gw0" or shutil.which("coqc") is None:
        return
    if any(uses_coq(item) for item in session.items):
        started = threading.Event()

        def build() -> None:
            with one_at_a_time("make"):
                started.set()
                with suppress(AssertionError):  # the test that needs formal/ will say why
                    make_unlocked("formal")

        BUILDING.append(threading.Thread(target=build, daemon=True))
        BUILDING[0].start()
        started.wait()


def pytest_sessionfinish() -> None:
    for thread in BUILDING:  # a run that needed no Coq at last still leaves formal/ whole
        thread.join()


@pytest.fixture(scope="session")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> Corpus:
    """Certificates proved once for the whole run (tests/corpus.py): `corpus.proved(*ids)`,
    `corpus.copy(*ids, to=tmp_path / "certificates")`."""
    return run_corpus(tmp_path_factory.getbasetemp())
