"""Test-wide settings: hypothesis runs without per-example deadlines (a loaded CI machine must
not turn a slow example into a failure) and derandomized under CI, so a CI run is repeatable;
verify --coq keeps what it compiles in a cache of the run's own."""

from __future__ import annotations

import fcntl
import hashlib
import os
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
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
    """`make TARGET` in the checkout, once per test run however many processes ask for it (the
    Coq builds print the headline theorems and recompile Headline.v every time: 20 s)."""
    run = os.environ.get("PYTEST_XDIST_TESTRUNUID", str(os.getpid()))
    done = Path(tempfile.gettempdir()) / f"coinproofs-{target}-{CHECKOUT}-{run}.done"
    with one_at_a_time("make"):
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
def corpus(tmp_path_factory: pytest.TempPathFactory) -> Corpus:
    """Certificates proved once for the whole run (tests/corpus.py): `corpus.proved(*ids)`,
    `corpus.copy(*ids, to=tmp_path / "certificates")`."""
    return run_corpus(tmp_path_factory.getbasetemp())
