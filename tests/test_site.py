"""The reference site: every public name has a docstring and a page (the reference page names
every public module for autodoc; `make docs` then checks each name's entry in the built site,
docs/check_site.py), and the site's own pages exist."""

from __future__ import annotations

import importlib
import inspect
import re
import sys

import pytest

from tests.cli import ROOT

sys.path.insert(0, str(ROOT / "docs"))
from check_site import MODULES, public_names

REFERENCE = ROOT / "docs" / "reference" / "index.md"


def documented(obj: object) -> bool:
    return bool(inspect.getdoc(obj))


def test_the_reference_page_names_every_public_module() -> None:
    named = set(re.findall(r"\.\. automodule:: ([\w.]+)", REFERENCE.read_text()))
    assert named == set(MODULES)


@pytest.mark.parametrize("name", public_names())
def test_every_public_name_has_a_docstring(name: str) -> None:
    module_name, _, attribute = name.rpartition(".")
    obj = getattr(importlib.import_module(module_name), attribute)
    if not (callable(obj) or inspect.ismodule(obj)):
        return  # a constant: documented in its module's docstring or by the page's prose
    assert documented(obj), f"{name} has no docstring"
    if inspect.isclass(obj):
        undocumented = [member for member, value in vars(obj).items()
                        if not member.startswith("_") and (callable(value) or isinstance(
                            value, (property, staticmethod, classmethod)))
                        and not documented(value)]
        assert not undocumented, f"{name} has members without a docstring: {undocumented}"


def test_every_public_module_has_a_docstring() -> None:
    for module_name in MODULES:
        assert documented(importlib.import_module(module_name)), module_name


def test_every_page_of_the_site_is_in_its_table_of_contents() -> None:
    index = (ROOT / "docs" / "index.md").read_text()
    pages = {path.stem for path in (ROOT / "docs").glob("*.md")} - {"index"}
    notebooks = {f"notebooks/{path.stem}" for path in (ROOT / "docs" / "notebooks").glob(
        "*.ipynb")}
    for page in pages | notebooks | {"reference/index"}:
        assert re.search(rf"^{re.escape(page)}$", index, re.M), page
