"""The notebooks in docs/notebooks run from top to bottom, are stored without outputs, and show
their pictures, their results as tables, and a progress bar where they prove."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest

from tests.cli import ROOT

nbformat = pytest.importorskip("nbformat")
nbclient = pytest.importorskip("nbclient")
jupyter_cache = pytest.importorskip("jupyter_cache")
from jupyter_cache import get_cache  # noqa: E402
from jupyter_cache.base import CacheBundleIn  # noqa: E402

from docs.notebook_cache import notebook_cache  # noqa: E402 (after the skips above)

NOTEBOOKS = sorted((ROOT / "docs" / "notebooks").glob("*.ipynb"))


def test_there_is_a_notebook_per_game() -> None:
    assert [path.stem for path in NOTEBOOKS] == ["devil", "family", "glasses", "norepeat",
                                                 "penny"]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda path: path.stem)
def test_notebooks_are_stored_without_outputs(path: Path) -> None:
    notebook = nbformat.read(path, as_version=4)
    nbformat.validate(notebook)
    for cell in notebook.cells:
        if cell.cell_type == "code":
            assert cell.outputs == [] and cell.execution_count is None, cell.source[:40]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda path: path.stem)
def test_notebooks_run_without_errors(path: Path, tmp_path: Path) -> None:
    """Each notebook runs (always, here), and is kept executed for `make docs`, which then
    runs it no more (docs/notebook_cache.py)."""
    notebook = nbformat.read(path, as_version=4)
    client = nbclient.NotebookClient(notebook, timeout=300, kernel_name="python3",
                                     resources={"metadata": {"path": str(tmp_path)}})
    stored = copy.deepcopy(notebook.metadata)
    client.execute()  # raises CellExecutionError on the first failing cell
    # Kept under the stored notebook's metadata, which the cache hashes (the kernel adds some).
    executed = copy.deepcopy(notebook)
    executed.metadata = stored
    get_cache(str(notebook_cache())).cache_notebook_bundle(
        CacheBundleIn(executed, str(path)), check_validity=False, overwrite=True)
    outputs = [output for cell in notebook.cells if cell.cell_type == "code"
               for output in cell.outputs]
    assert not [output for output in outputs if output.output_type == "error"]
    pictures = [output for output in outputs if "image/png" in output.get("data", {})]
    assert len(pictures) == {"devil": 2, "penny": 1, "norepeat": 0, "family": 0,
                             "glasses": 1}[path.stem]
    tables = [output for output in outputs if "<table>" in output.get("data", {}).get(
        "text/html", "")]
    assert len(tables) >= {"devil": 1, "family": 3, "glasses": 0, "norepeat": 0,
                           "penny": 0}[path.stem]  # results shown as tables
    text = "".join(output.get("text", "") + output.get("data", {}).get("text/plain", "")
                   for output in outputs)
    assert "accepted=False" not in text or path.stem == "devil"  # only the tampered one
    if path.stem == "family":  # cp.prove draws a bar in the notebook, redrawn as it goes
        assert any("<progress" in output.get("data", {}).get("text/html", "")
                   for output in outputs)
    assert "Traceback" not in text
