"""The `coinproofs norepeat` commands (being written: see the norepeat issue)."""

from __future__ import annotations

from typing import Any


def register(commands: Any) -> None:
    """Add the `norepeat` command group to the parser."""
