"""What every command shares: argument types that fail with a sentence, JSON output."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any


class UserError(Exception):
    """A problem with the user's input, told in one sentence."""


def whole_number(text: str, least: int) -> int:
    """`text` as a whole number of at least `least`, or an argparse error saying why not."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < least:
        raise argparse.ArgumentTypeError(
            f"{value} must be at least {least}" if least else f"{value} must not be negative")
    return value


def positive_int(text: str) -> int:
    """An argparse type: a whole number >= 1."""
    return whole_number(text, 1)


def natural_int(text: str) -> int:
    """An argparse type: a whole number >= 0."""
    return whole_number(text, 0)


def print_json(document: Any) -> None:
    """One JSON document on stdout."""
    json.dump(document, sys.stdout)
    sys.stdout.write("\n")
