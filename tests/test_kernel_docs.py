"""docs/certificates.md keeps in step with the kernel: its tables of shapes and bounds are the
ones coinproofs/kernel_docs.py makes from the kernel's declarations, and its MANIFEST example
is one the kernel reads, listing what `prove` writes."""

from __future__ import annotations

import re
from pathlib import Path

from coinproofs.kernel_docs import PAGE, bound_table, current_page, kernel_shapes, shape_tables
from coinproofs.verify.manifest import HEADER, NAME, read_manifest
from coinproofs.verify.schema import BOUNDS
from tests.examples import Built


def test_the_generated_tables_are_up_to_date() -> None:
    text = PAGE.read_text()
    assert current_page(text) == text, "run `python -m coinproofs.kernel_docs`"


def test_every_bound_is_listed_with_its_default_unit_and_option() -> None:
    table = bound_table()
    for bound in (bound for bound in BOUNDS.values() if bound.road == "kernel"):
        row = next(line for line in table.splitlines() if line.startswith(f"| `{bound.name}` "))
        assert f"| {bound.default:,} | {bound.unit} |" in row
        assert f"`--bound {bound.name}=VALUE`" in row


def test_every_shape_is_listed_with_every_field() -> None:
    tables = shape_tables()
    for module, shape in kernel_shapes():
        heading = next(part for part in tables.split("#### ")[1:]
                       if part.startswith(shape.what) and f"verify/{module}.py" in part
                       and all(f"| `{name}` |" in part for name in shape.fields()))
        assert heading.count("\n| `") == len(shape.fields())


def test_the_manifest_example_is_a_manifest_of_what_prove_writes(
        examples: dict[str, Built], tmp_path: Path) -> None:
    text = PAGE.read_text()
    example = re.search(rf"```\n({re.escape(HEADER)}\n.*?)```", text, re.DOTALL)
    assert example, "docs/certificates.md shows no MANIFEST"
    (tmp_path / NAME).write_text(example[1])
    claims, digests = read_manifest(tmp_path)
    written = {f"{built.example.claim}.json" for built in examples.values()
               if built.example.claim in claims and not built.example.rewrite}
    written |= {name for built in examples.values()
                if built.example.claim in claims and not built.example.rewrite
                for name in built.artifacts}
    assert set(digests) == written
