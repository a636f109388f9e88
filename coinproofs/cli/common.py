"""What every command shares: argument types that fail with a sentence, JSON output."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
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


def load_json(path: Path) -> Any:
    """The JSON document in a user's file, read as strictly as the kernel reads certificates
    (no repeated keys, NaN, absurd nesting or integers), or a UserError saying why not."""
    from coinproofs.verify.certificate import ARTIFACT_BYTES, Rejected, open_regular, parse_json

    # A pipe or a device is refused before it is opened (it would make the command wait, or
    # read forever); of a file, a bounded prefix is read, in case it grows.
    limit = ARTIFACT_BYTES.limit
    if not path.exists():
        raise UserError(f"no such file: {path}")
    try:
        with open_regular(path) as handle:
            size = os.fstat(handle.fileno()).st_size
            # (read(n) holds n bytes at once: the file's size, not the bound)
            data = handle.read(size + 1) if size <= limit else b""
    except Rejected as error:
        raise UserError(str(error)) from None
    if max(size, len(data)) > limit:
        raise UserError(f"{path} is larger than the {limit:,} bytes a JSON file may be")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise UserError(f"{path} is not a UTF-8 text file") from None
    try:
        return parse_json(text, str(path))
    except Rejected as error:
        raise UserError(str(error)) from None


def writable(path: Path) -> Path:
    """`path`, after checking that a file can be written there (before any long work)."""
    if not path.parent.is_dir():
        raise UserError(f"cannot write {path}: the folder {path.parent} does not exist")
    if path.is_dir():
        raise UserError(f"cannot write {path}: it is a folder")
    from coinproofs.atomic import temporary_beside

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
    """A table on stdout: drawn by rich on a terminal (the columns named in `wrap` may wrap);
    elsewhere (pipes, logs) plain columns separated by two spaces, never wrapped, so that every
    name stays whole and `grep` finds it. Cells are shown without markup or control codes."""
    from rich.console import Console

    rows = [[printable(cell) for cell in row] for row in rows]
    console = Console()
    if not console.is_terminal:
        widths = [max([len(heading), *(len(row[i]) for row in rows)])
                  for i, heading in enumerate(headings)]
        print(title)
        for row in [list(headings), *rows]:
            print("  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)
                            ).rstrip())
        return
    from rich.table import Table
    from rich.text import Text

    table = Table(title=title)
    for heading in headings:
        table.add_column(heading, no_wrap=heading not in wrap, overflow="fold",
                         min_width=len(heading))
    for row in rows:
        table.add_row(*(Text(cell, style=VERDICT_COLOURS.get(cell, "")) for cell in row))
    console.print(table)


VERDICT_COLOURS = {"proved": "green", "accepted": "green", "NOT proved": "red", "REJECTED": "red"}


def printable(text: str) -> str:
    r"""`text` with control characters escaped (names can come from a hostile file).

    >>> print(printable("a\x1b[31mb"))
    a\x1b[31mb
    """
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)
