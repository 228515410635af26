"""The example notebook runs end to end in a Jupyter kernel of this interpreter,
and its cells show the rich displays (SVG boards and trees, HTML tables)."""

import json
import sys
from pathlib import Path

import pytest

nbformat = pytest.importorskip("nbformat", reason="nimcore[notebook] not installed (nbformat)")
nbclient = pytest.importorskip("nbclient", reason="nimcore[notebook] not installed (nbclient)")
pytest.importorskip("ipykernel", reason="nimcore[notebook] not installed (ipykernel)")

NOTEBOOK = Path(__file__).resolve().parent.parent / "examples" / "nim_in_a_notebook.ipynb"
KERNEL = "nimcore-tests"


@pytest.fixture
def this_interpreters_kernel(tmp_path, monkeypatch):
    """A kernelspec that runs ipykernel on sys.executable, first on JUPYTER_PATH."""
    spec = tmp_path / "kernels" / KERNEL
    spec.mkdir(parents=True)
    (spec / "kernel.json").write_text(json.dumps({
        "argv": [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"],
        "display_name": "nimcore tests", "language": "python",
    }))
    monkeypatch.setenv("JUPYTER_PATH", str(tmp_path))
    return KERNEL


def test_example_notebook_runs_and_displays(this_interpreters_kernel, tmp_path):
    if not NOTEBOOK.exists():
        pytest.skip("examples/ is not beside the tests (installed package only)")
    raw = json.loads(NOTEBOOK.read_text(encoding="utf-8"))
    ids = [cell.get("id") for cell in raw["cells"]]     # nbformat 4.5: no MissingIDFieldWarning
    assert all(ids) and len(set(ids)) == len(ids) and (raw["nbformat"], raw["nbformat_minor"]) >= (4, 5)
    notebook = nbformat.read(NOTEBOOK, as_version=4)
    client = nbclient.NotebookClient(notebook, kernel_name=this_interpreters_kernel, timeout=60,
                                     resources={"metadata": {"path": str(tmp_path)}})
    client.execute()  # raises CellExecutionError on any failing cell
    outputs = [o for cell in notebook.cells if cell.cell_type == "code" for o in cell.outputs]
    assert not [o for o in outputs if o.output_type == "error"]
    results = [o for o in outputs if o.output_type == "execute_result"]
    assert len(results) == sum(cell.cell_type == "code" for cell in notebook.cells)
    kinds = {kind for o in results for kind in o.data}
    assert {"image/svg+xml", "text/html", "text/plain"} <= kinds
    svgs = [o.data["image/svg+xml"] for o in results if "image/svg+xml" in o.data]
    assert any('class="stone"' in svg for svg in svgs)  # a board
    assert any('class="node' in svg for svg in svgs)    # a game tree
    # a Solution draws its board too: the cell that solves shows the stones in its HTML
    solved = [o for cell in notebook.cells if cell.cell_type == "code" and cell.source.startswith("nim.solve(")
              for o in cell.outputs if o.output_type == "execute_result"]
    assert solved and all('class="stone"' in o.data["text/html"] for o in solved)
    # the grades (Nim, then Kayles) keep their columns: a monospace font named outright
    graded = [o for cell in notebook.cells if cell.cell_type == "code" and "grade.grade(" in cell.source
              for o in cell.outputs if o.output_type == "execute_result"]
    assert len(graded) == 2 and all("font-family: ui-monospace" in o.data["text/html"] for o in graded)
    assert "Graded 337 positions under normal,octal=0.77" in graded[1].data["text/html"]
    kayles = [cell for cell in notebook.cells if cell.cell_type == "code" and '"kayles"' in cell.source]
    assert len(kayles) == 3
