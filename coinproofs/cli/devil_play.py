"""`coinproofs devil play`: a strategy against a devil who rotates at random (being written)."""

from __future__ import annotations

from typing import Any


def register(devil_commands: Any) -> None:
    """Add `play` to the `devil` command group."""
