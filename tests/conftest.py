"""Test-wide settings: hypothesis runs without per-example deadlines (a loaded CI machine must
not turn a slow example into a failure) and derandomized under CI, so a CI run is repeatable."""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("coinproofs", deadline=None)
settings.register_profile("coinproofs-ci", deadline=None, derandomize=True)
settings.load_profile("coinproofs-ci" if os.environ.get("CI") else "coinproofs")
