"""The `coinproofs penny` commands (being written: see the penny issue)."""

from __future__ import annotations

from typing import Any


def register(commands: Any) -> None:
    """Add the `penny` command group to the parser."""
