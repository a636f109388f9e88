"""What every command shares: argument types that fail with a sentence, JSON output."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any


class UserError(Exception):
    """A problem with the user's input, told in one sentence."""


def positive_int(text: str) -> int:
    """An argparse type: a whole number >= 1."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} must be at least 1")
    return value


def natural_int(text: str) -> int:
    """An argparse type: a whole number >= 0."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"{value} must not be negative")
    return value


def print_json(document: Any) -> None:
    """One JSON document on stdout."""
    json.dump(document, sys.stdout)
    sys.stdout.write("\n")
