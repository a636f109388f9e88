"""Claims about the penny game and their provers (being written: see the penny issue)."""

from __future__ import annotations

from coinproofs.proofs.registry import ClaimSpec


def claims() -> list[ClaimSpec]:
    """Every registered penny claim."""
    return []
