"""The kernel's shapes and work bounds as Markdown tables, for docs/certificates.md.

The tables are made from the kernel's own declarations (every ``Shape`` a module of
``coinproofs/verify/`` holds, and every declared ``Bound``), so the page cannot drift from the
code: ``python -m coinproofs.kernel_docs`` rewrites the generated parts of the page, and
tests/test_kernel_docs.py fails when they are out of date. (This module lies outside the
kernel: the kernel only declares, it never writes documentation.)
"""

from __future__ import annotations

import importlib
import pkgutil
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from coinproofs.verify.certificate import load_kernel
from coinproofs.verify.schema import BOUNDS, Shape

PAGE = Path(__file__).resolve().parents[1] / "docs" / "certificates.md"
KERNEL = Path(__file__).resolve().parent / "verify"


def _shapes_in(value: Any) -> Iterator[Shape]:
    """The shapes a module-level value is or holds (a dict or tuple of shapes, say)."""
    if isinstance(value, Shape):
        yield value
    elif isinstance(value, dict):
        for inner in value.values():
            yield from _shapes_in(inner)
    elif isinstance(value, tuple):
        for inner in value:
            yield from _shapes_in(inner)


def kernel_shapes() -> list[tuple[str, Shape]]:
    """Every shape the kernel declares, with its module's name: module by module in
    alphabetical order, each module's in the order it declares them, each shape once."""
    load_kernel()
    found: list[tuple[str, Shape]] = []
    for module in sorted(info.name for info in pkgutil.iter_modules([str(KERNEL)])):
        for value in vars(importlib.import_module(f"coinproofs.verify.{module}")).values():
            for shape in _shapes_in(value):
                if all(shape is not known for _, known in found):
                    found.append((module, shape))
    return found


def shape_tables() -> str:
    """One Markdown table per shape: each field, whether it is required, what it must hold."""
    parts = []
    for module, shape in kernel_shapes():
        form = " in an artifact file" if "file" in shape.required else ""
        rows = [f"| `{name}` | {'yes' if name in shape.required else 'no'} | "
                f"{_cell(kind.says)} |"
                for name, kind in [*shape.required.items(), *shape.optional.items()]]
        parts.append("\n".join([f"#### {shape.what}{form} (`coinproofs/verify/{module}.py`)",
                                "", "| field | required | must be |", "| --- | --- | --- |",
                                *rows]))
    return "\n\n".join(parts)


def bound_table() -> str:
    """The declared work bounds: name, default, unit, what each limits, how to raise it."""
    load_kernel()
    rows = [f"| `{bound.name}` | {bound.default:,} | {bound.unit} | {_cell(bound.why)} | "
            f"`--bound {bound.name}=VALUE` |"
            for bound in sorted(BOUNDS.values(), key=lambda bound: bound.name)
            if bound.road == "kernel"]
    return "\n".join(["| bound | default | unit | what it limits | raised by "
                      "`coinproofs verify` with |", "| --- | --- | --- | --- | --- |", *rows])


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def generated(name: str) -> re.Pattern[str]:
    """The generated part `name` of the page, between its two marker comments."""
    return re.compile(rf"(<!-- generated {name}: python -m coinproofs\.kernel_docs -->\n)"
                      rf"(.*?)(<!-- end of generated {name} -->)", re.DOTALL)


def current_page(text: str) -> str:
    """The page `text` with its generated parts made from the kernel as it is now."""
    for name, table in (("shapes", shape_tables()), ("bounds", bound_table())):
        found = generated(name).search(text)
        if found is None:
            raise ValueError(f"{PAGE.name} has no generated part named {name}")
        start, end = found.span(2)
        text = text[:start] + table + "\n" + text[end:]
    return text


def main() -> int:
    """Rewrite the generated parts of docs/certificates.md."""
    PAGE.write_text(current_page(PAGE.read_text()))
    print(f"updated {PAGE}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
