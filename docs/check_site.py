"""After `make docs`: every public name of the API has its entry on the site (an anchor on the
reference page), and the notebooks show their outputs and figures. Exits 1 with a sentence
naming what is missing."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

MODULES = ("coinproofs", "coinproofs.devil", "coinproofs.penny", "coinproofs.norepeat",
           "coinproofs.glasses", "coinproofs.certificates", "coinproofs.pictures")
NOTEBOOKS_WITH_FIGURES = ("devil", "family", "glasses", "penny")


def public_names() -> list[str]:
    """`module.name` for every name in each public module's __all__ (a submodule, such as
    coinproofs.devil, is a module of its own)."""
    names = []
    for module_name in MODULES:
        module = importlib.import_module(module_name)
        for name in module.__all__:
            if name.startswith("_") or f"{module_name}.{name}" in MODULES:
                continue
            names.append(f"{module_name}.{name}")
    return names


def missing(site: Path) -> list[str]:
    """What the built site lacks."""
    reference = (site / "reference" / "index.html").read_text(encoding="utf-8")
    lacking = [f"the entry of {name}" for name in public_names() if f'id="{name}"' not in reference]
    for stem in NOTEBOOKS_WITH_FIGURES:
        page = (site / "notebooks" / f"{stem}.html").read_text(encoding="utf-8")
        if "<img" not in page:
            lacking.append(f"a figure in the notebook {stem}")
    return lacking


if __name__ == "__main__":
    lacking = missing(Path(sys.argv[1]))
    if lacking:
        print(f"the site lacks {', '.join(lacking)}", file=sys.stderr)
        sys.exit(1)
    print(f"the site has an entry for each of {len(public_names())} public names")
