"""What every command shares: argument types that fail with a sentence, JSON output."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from coinproofs.atomic import temporary_beside
from coinproofs.cli.tables import Grid, plain_lines, show


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


def path_name(text: str) -> Path:
    """An argparse type: the name of a file or folder, never empty (Path("") would be the
    current folder, where nobody meant to write)."""
    if not text:
        raise argparse.ArgumentTypeError("an empty name names no file or folder")
    return Path(text)


def given_once(positional: int | None, option: int | None, flag: str, what: str,
               example: str) -> int:
    """A number the user may give as a positional argument or, as before, with `flag` (one
    argument style across games): the one given, or a UserError if neither or two differ."""
    if positional is not None and option is not None and positional != option:
        raise UserError(f"give {what} once: {positional} or {flag} {option}")
    value = positional if positional is not None else option
    if value is None:
        raise UserError(f"give {what}, e.g. `{example}`")
    return value


def writable(path: Path) -> Path:
    """`path`, after checking that a file can be written there (before any long work)."""
    if not path.parent.is_dir():
        raise UserError(f"cannot write {path}: the folder {path.parent} does not exist")
    if path.is_dir():
        raise UserError(f"cannot write {path}: it is a folder")
    try:  # the folder may refuse new files (permissions, a read-only or virtual file system)
        fd, name = temporary_beside(path)
    except OSError as error:
        raise UserError(f"cannot write {path}: {error.strerror or error}") from None
    os.close(fd)
    os.unlink(name)
    return path


def print_json(document: Any) -> None:
    """One JSON document on stdout."""
    json.dump(document, sys.stdout)
    sys.stdout.write("\n")


def print_table(title: str, headings: Sequence[str], rows: Sequence[Sequence[str]],
                wrap: Sequence[str] = ()) -> None:
    """A table on stdout that fits the terminal (boxed, or stacked when narrow; the columns
    named in `wrap` may wrap), or plain lines off a terminal (coinproofs.cli.tables)."""
    # deferred: 25 ms of CPU to load (docs/design.md, "Imports")
    from rich.console import Console

    grid = Grid.of(title, headings, rows, wrap)
    console = Console()
    if console.is_terminal:
        show(grid, console)
    else:
        print("\n".join(plain_lines(grid)), flush=True)
