"""The arguments of the public functions (`cp.devil`, `cp.penny`, `cp.norepeat`), checked at
the door: a wrong type is a TypeError, a number out of range a ValueError, each one sentence
that names the argument, rather than an error from deep inside the engines."""

from __future__ import annotations

import math
import operator
from typing import Any


def whole(value: Any, name: str, least: int = 0) -> int:
    """`value` as a whole number of at least `least` (numpy integers too; never a bool or a
    float, even 4.0), or an error saying what is wrong with argument `name`.

    >>> whole(4, "n", 1)
    4
    >>> whole("4", "n")
    Traceback (most recent call last):
    ...
    TypeError: n must be a whole number, not '4'
    >>> whole(0, "n", 1)
    Traceback (most recent call last):
    ...
    ValueError: n must be at least 1, not 0
    """
    if isinstance(value, bool):
        raise TypeError(f"{name} must be a whole number, not {value!r}")
    try:
        number = operator.index(value)
    except TypeError:
        raise TypeError(f"{name} must be a whole number, not {value!r}") from None
    if number < least:
        raise ValueError(f"{name} must be at least {least}, not {number}" if least else
                         f"{name} must not be negative, not {number}")
    return number


def flag(value: Any, name: str) -> bool:
    """`value` if it is True or False, or a TypeError naming argument `name` (a string such as
    'yes' would otherwise count as True)."""
    if not isinstance(value, bool):
        raise TypeError(f"{name} must be True or False, not {value!r}")
    return value


def seconds(value: Any, name: str = "seconds") -> float:
    """`value` as a number of seconds, more than 0 (infinity allowed), or an error naming
    argument `name`."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError(f"{name} must be a number of seconds, not {value!r}")
    if math.isnan(value) or value <= 0:
        raise ValueError(f"{name} must be more than 0, not {value!r}")
    return float(value)
