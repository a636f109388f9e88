"""Tables for people and for pipes, at any width.

On a terminal a table is drawn in boxes when it fits the width with every column whole
(the columns that may wrap keep at least WRAPPED_WIDTH characters); otherwise it is stacked:
one line per row with the short columns, each long column below it on lines of its own,
wrapped at the width and indented. No column is ever squeezed to nothing and no verdict,
claim id or reason is cut. Off a terminal (a pipe, a log) each row is one plain line: the
columns are separated by two spaces and padded only while they are short, so `grep` finds
every name whole and no line is padded out to hundreds of blanks. A column empty in every
row is left out.
"""

from __future__ import annotations

import io
import textwrap
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

WRAPPED_WIDTH = 24  # a boxed column that wraps keeps at least this many characters
PADDED_WIDTH = 40  # off a terminal, columns at most this wide are padded to line up
INDENT = "    "  # a stacked row's long columns, below its first line
VERDICT_COLOURS = {"proved": "green", "accepted": "green", "kept": "green",
                   "NOT proved": "red", "REJECTED": "red"}


@dataclass(frozen=True)
class Grid:
    """A table's cells, with the columns empty in every row left out."""

    title: str
    headings: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    wrap: frozenset[str]  # the headings of the columns that may wrap

    @classmethod
    def of(cls, title: str, headings: Sequence[str], rows: Sequence[Sequence[str]],
           wrap: Sequence[str] = ()) -> Grid:
        """The grid of these cells (printable, control characters escaped).

        >>> Grid.of("t", ["a", "b"], [["1", ""], ["2", ""]]).headings
        ('a',)
        """
        cells = [[printable(cell) for cell in row] for row in rows]
        kept = [i for i in range(len(headings)) if not rows or any(row[i] for row in cells)]
        return cls(title, tuple(headings[i] for i in kept),
                   tuple(tuple(row[i] for i in kept) for row in cells), frozenset(wrap))

    def width(self, i: int) -> int:
        """The widest cell of column i, its heading included."""
        return max([len(self.headings[i]), *(len(row[i]) for row in self.rows)])

    @property
    def short(self) -> list[int]:
        """The columns that never wrap (ids, verdicts, numbers): a stacked row's first line."""
        return [i for i, heading in enumerate(self.headings) if heading not in self.wrap]

    def least(self, i: int) -> int:
        """The fewest characters column i may have in boxes: its widest cell if it never
        wraps; if it wraps, WRAPPED_WIDTH (or less when all fits) but never less than its
        longest word, which would be cut.

        >>> Grid.of("t", ["says"], [["a " * 30 + "b" * 30]], wrap=["says"]).least(0)
        30
        """
        if self.headings[i] not in self.wrap:
            return self.width(i)
        longest = max(len(word) for row in [self.headings, *self.rows] for word in row[i].split())
        return max(min(self.width(i), WRAPPED_WIDTH), longest)

    def boxed_width(self) -> int:
        """The width of the boxed table with every column at its least (each column has a
        space either side and a rule after it, and the first has a rule before it)."""
        return 1 + sum(3 + self.least(i) for i in range(len(self.headings)))


def plain_lines(grid: Grid) -> list[str]:
    """The table off a terminal: the title, the headings, one line per row.

    >>> print("\\n".join(plain_lines(Grid.of("t", ["id", "says"], [["a", "x y"], ["bb", "z"]]))))
    t
    id  says
    a   x y
    bb  z
    """
    widths = [grid.width(i) for i in range(len(grid.headings))]
    lines = [grid.title]
    for row in [grid.headings, *grid.rows]:
        cells = [cell.ljust(width) if width <= PADDED_WIDTH else cell
                 for cell, width in zip(row, widths, strict=True)]
        lines.append("  ".join(cells).rstrip())
    return lines


def stacked_lines(grid: Grid, width: int) -> Iterator[tuple[str, str]]:
    """The table stacked for a narrow terminal, as (text, colour) lines: the title, the short
    columns' headings, then per row a line of its short cells and one paragraph per long cell,
    wrapped at `width` (a long id may overrun a narrow terminal, which wraps it whole).

    >>> grid = Grid.of("t", ["id", "says"], [["a", "x " * 20]], wrap=["says"])
    >>> for text, colour in stacked_lines(grid, 30): print(text)
    t
    a
        says: x x x x x x x x x x
          x x x x x x x x x x
    """
    short = grid.short
    widths = {i: grid.width(i) for i in short}
    aligned = sum(widths.values()) + 2 * (len(short) - 1) <= width
    if not aligned:  # a long path: the short cells follow it, unaligned, rather than overrun
        widths = dict.fromkeys(short, 0)
    yield grid.title, "bold"
    if len(short) > 1 and aligned:  # one column (an id) needs no heading
        yield "  ".join(grid.headings[i].ljust(widths[i]) for i in short).rstrip(), "bold"
    for row in grid.rows:
        verdicts = [row[i] for i in short if row[i] in VERDICT_COLOURS]
        yield ("  ".join(row[i].ljust(widths[i]) for i in short).rstrip(),
               VERDICT_COLOURS[verdicts[0]] if verdicts else "")
        for i, heading in enumerate(grid.headings):
            if i in widths or not row[i]:
                continue
            paragraph = textwrap.wrap(f"{heading}: {row[i]}", width=width,
                                      initial_indent=INDENT, subsequent_indent=INDENT + "  ",
                                      break_long_words=False, break_on_hyphens=False)
            for line in paragraph:
                yield line, ""


def boxed(grid: Grid) -> Any:
    """The table as rich draws it in boxes (call only when it fits: see Grid.boxed_width)."""
    # deferred: 18 ms of CPU to load (docs/design.md, "Imports")
    from rich.table import Table
    from rich.text import Text

    table = Table(title=grid.title)
    for i, heading in enumerate(grid.headings):
        wraps = heading in grid.wrap
        numbers = all(is_number(row[i]) for row in grid.rows)
        table.add_column(heading, no_wrap=not wraps, overflow="fold",
                         justify="right" if numbers else "left",
                         min_width=grid.least(i))
    for row in grid.rows:
        table.add_row(*(Text(cell, style=VERDICT_COLOURS.get(cell, "")) for cell in row))
    return table


def show(grid: Grid, console: Any) -> None:
    """Print the table on a terminal (`console`, a rich Console) at its width."""
    # deferred: 14 ms of CPU to load (docs/design.md, "Imports")
    from rich.text import Text

    if grid.boxed_width() <= console.width:
        console.print(boxed(grid))
        return
    for text, colour in stacked_lines(grid, console.width):
        console.print(Text(text, style=colour), soft_wrap=True)


def on_terminal(grid: Grid, width: int) -> str:
    """What a terminal `width` columns wide shows, without colours (for tests and captures).

    >>> print(on_terminal(Grid.of("t", ["id", "verdict"], [["a", "accepted"]]), 80))
            t
    ┏━━━━┳━━━━━━━━━━┓
    ┃ id ┃ verdict  ┃
    ┡━━━━╇━━━━━━━━━━┩
    │ a  │ accepted │
    └────┴──────────┘
    """
    # deferred: 22 ms of CPU to load (docs/design.md, "Imports")
    from rich.console import Console

    buffer = io.StringIO()
    show(grid, Console(file=buffer, width=width, color_system=None, force_terminal=False))
    return "\n".join(line.rstrip() for line in buffer.getvalue().splitlines())


def is_number(text: str) -> bool:
    """Is the cell a number (right-aligned in boxes)?

    >>> is_number("1,234.50"), is_number("n4")
    (True, False)
    """
    return text.replace(",", "").replace(".", "", 1).isdigit()


def printable(text: str) -> str:
    r"""`text` with control characters escaped (names can come from a hostile file).

    >>> print(printable("a\x1b[31mb"))
    a\x1b[31mb
    """
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)
