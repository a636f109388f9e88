"""Rich display in a notebook: what a result's `_repr_html_` returns, as small HTML tables.

>>> html_table(["claim", "verdict"], [["devil.n2.shortest", "accepted"]]).count("<td")
2
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

COLOURS = {"proved": "#070", "accepted": "#070", "kept": "#070", "wins": "#070",
           "NOT proved": "#b00", "REJECTED": "#b00", "loses": "#b00"}


def cell(value: Any) -> str:
    """A table cell, escaped, coloured when it is a verdict."""
    text = html.escape(str(value))
    colour = COLOURS.get(str(value))
    return f"<td style='color:{colour}'>{text}</td>" if colour else f"<td>{text}</td>"


def html_table(headings: Sequence[str], rows: Sequence[Sequence[Any]], caption: str = "") -> str:
    """An HTML table with these headings and rows (and a caption above it, if given)."""
    head = "".join(f"<th>{html.escape(heading)}</th>" for heading in headings)
    body = "".join("<tr>" + "".join(map(cell, row)) + "</tr>" for row in rows)
    above = f"<caption>{html.escape(caption)}</caption>" if caption else ""
    return f"<table>{above}<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def paragraph(text: str, code: str = "") -> str:
    """A line of text, and below it some code (a strategy) in a scrolling box."""
    shown = (f"<pre style='max-height:12em;overflow:auto'>{html.escape(code)}</pre>"
             if code else "")
    return f"<p>{html.escape(text)}</p>{shown}"
