"""Words for people: counts with the right noun, numbers sorted as numbers, labels once each."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any


def plural(count: int, noun: str, nouns: str | None = None) -> str:
    """`count` and the noun, singular or plural as the count asks.

    >>> plural(1, "claim"), plural(90, "claim"), plural(1_000, "game"), plural(1, "coin")
    ('1 claim', '90 claims', '1,000 games', '1 coin')
    """
    return f"{count:,} {noun if count == 1 else nouns or noun + 's'}"


def natural_key(text: str) -> tuple[Any, ...]:
    """Sort key under which numbers compare as numbers: n2 before n10.

    >>> sorted(["devil.n10.impossible", "devil.n2.shortest", "devil.n1.shortest"],
    ...        key=natural_key)
    ['devil.n1.shortest', 'devil.n2.shortest', 'devil.n10.impossible']
    """
    return tuple((0, int(part), "") if part.isdigit() else (1, 0, part)
                 for part in re.split(r"(\d+)", text) if part)


def distinct(labels: Sequence[str]) -> tuple[str, ...]:
    """The labels, each named once, in order.

    >>> distinct(["invariant", "invariant", "algebraic"])
    ('invariant', 'algebraic')
    """
    return tuple(dict.fromkeys(labels))
