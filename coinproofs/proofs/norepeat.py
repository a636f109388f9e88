"""Claims about the norepeat game and their provers (being written: see the norepeat issue)."""

from __future__ import annotations

from coinproofs.proofs.registry import ClaimSpec


def claims() -> list[ClaimSpec]:
    """Every registered norepeat claim."""
    return []
