"""Sphinx configuration of the reference site (`make docs`: build/site/index.html).

The pages are the Markdown files of docs/ (MyST), the API reference comes from the
docstrings (autodoc), and the notebooks of docs/notebooks are executed at every build, so the
site shows their outputs and figures. `make docs` builds with warnings as errors.
"""

from __future__ import annotations

import sys
from pathlib import Path

import coinproofs

sys.path.insert(0, str(Path(__file__).parent))
from notebook_cache import notebook_cache  # beside this file, not in a package

project = "coinproofs"
author = "The coinproofs authors"
copyright = "2026, the coinproofs authors (MIT License)"
release = version = coinproofs.__version__

extensions = ["myst_nb", "sphinx.ext.autodoc"]
source_suffix = {".md": "myst-nb", ".ipynb": "myst-nb"}
exclude_patterns = ["recheck", "*.png"]
html_theme = "furo"
html_title = f"coinproofs {release}"

# The notebooks are stored without outputs. Each runs once per version of the package's sources:
# `make test` runs them (tests/test_notebooks.py) into the cache that docs/notebook_cache.py
# names, and a build takes their outputs from there, or runs them itself when the tests have
# not; one that fails fails the build.
nb_execution_mode = "cache"
nb_execution_cache_path = str(notebook_cache())
nb_execution_timeout = 300
nb_execution_raise_on_error = True
nb_execution_show_tb = True

autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_default_options = {"members": True, "show-inheritance": False}
myst_heading_anchors = 3
suppress_warnings = ["myst.header", "myst.xref_missing", "mystnb.unknown_mime_type"]
