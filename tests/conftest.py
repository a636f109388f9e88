"""Test-wide settings: hypothesis runs without per-example deadlines (a loaded CI machine must
not turn a slow example into a failure) and derandomized under CI, so a CI run is repeatable."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest
from hypothesis import settings

from tests.examples import Built, build_all

settings.register_profile("coinproofs", deadline=None)
settings.register_profile("coinproofs-ci", deadline=None, derandomize=True)
settings.load_profile("coinproofs-ci" if os.environ.get("CI") else "coinproofs")


@pytest.fixture(scope="session")
def examples(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Built]:
    """A valid certificate of every kind of evidence (tests/examples.py), built once."""
    return build_all(tmp_path_factory.mktemp("examples"))


@pytest.fixture(scope="session")
def formal() -> Path:
    """formal/ built (`make formal`: quick when it is built already), once for the Coq tests."""
    root = Path(__file__).resolve().parents[1]
    result = subprocess.run(["make", "--no-print-directory", "formal"], cwd=root,
                            capture_output=True, text=True, timeout=1800)
    assert result.returncode == 0, result.stdout + result.stderr
    return root / "formal"
