"""The trusted kernel stays independent of the code it checks."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "coinproofs"
KERNEL_MAY_IMPORT = {"numpy", "pysat", "coinproofs"}  # and the standard library
ENGINE_PARTS = ("coinproofs.games", "coinproofs.encodings", "coinproofs.proofs", "coinproofs.cli")


def imported_modules(path: Path) -> set[str]:
    """Every module a Python file imports (absolute names; relative ones resolved)."""
    package = ".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts[:-1])
    names = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                names.add(f"{base}.{node.module}" if node.module else base)
            else:
                names.add(node.module or "")
    return names


def kernel_files() -> list[Path]:
    return sorted((PACKAGE / "verify").glob("*.py"))


@pytest.mark.parametrize("path", kernel_files(), ids=lambda p: p.name)
def test_kernel_imports_only_the_standard_library_numpy_and_pysat(path: Path) -> None:
    for name in imported_modules(path):
        top = name.split(".")[0]
        assert top in sys.stdlib_module_names or top in KERNEL_MAY_IMPORT, (path.name, name)
        assert not name.startswith(ENGINE_PARTS), (path.name, name)
        if top == "coinproofs":
            assert name.startswith("coinproofs.verify"), (path.name, name)
        if top == "pysat":
            assert name == "pysat.formula", (path.name, name)


@pytest.mark.parametrize("path", sorted((PACKAGE / "games").glob("*.py")), ids=lambda p: p.name)
def test_engines_do_not_use_the_kernel(path: Path) -> None:
    for name in imported_modules(path):
        assert not name.startswith(("coinproofs.verify", "coinproofs.encodings",
                                    "coinproofs.proofs", "coinproofs.cli")), (path.name, name)


def test_import_linter_contracts_hold() -> None:
    lint = Path(sys.executable).with_name("lint-imports")
    if not lint.exists():
        pytest.skip("import-linter is not installed in this environment")
    result = subprocess.run([str(lint)], cwd=PACKAGE.parent, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def test_kernel_runs_with_the_engines_unimportable(tmp_path: Path) -> None:
    """Prove a claim, then re-check it in a process where games/, encodings/ and proofs/
    cannot be imported at all: the kernel must not need them."""
    from coinproofs.proofs.registry import all_claims
    from coinproofs.proofs.runner import prove_one

    spec = next(claim for claim in all_claims() if claim.id == "devil.n8.shortest")
    assert prove_one(spec, tmp_path).proved
    script = f"""
import sys
class Block:
    def find_spec(self, name, path=None, target=None):
        if name.startswith({ENGINE_PARTS!r}):
            raise ImportError("blocked: " + name)
sys.meta_path.insert(0, Block())
from pathlib import Path
from coinproofs.verify.certificate import check_file
print(check_file(Path({str(tmp_path / 'devil.n8.shortest.json')!r})).methods)
"""
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert "strategy" in result.stdout and "reachability" in result.stdout


def test_the_native_checker_shares_no_code_with_the_solver() -> None:
    """The native checker is written from the format alone: it includes nothing of the
    solver's, names none of its functions, and no line of code of one appears in the other."""

    def code(path: Path) -> str:  # without its comments
        return re.sub(r"/\*.*?\*/", "", path.read_text(), flags=re.S)

    checker, solver = code(PACKAGE / "verify" / "_dagcheck.c"), code(PACKAGE / "games" /
                                                                      "_norepeat.c")
    assert "_norepeat" not in checker and "games" not in checker
    assert re.findall(r'#include\s+"', checker) == []

    def functions(source: str) -> set[str]:
        return set(re.findall(r"^\w[\w\s\*]*?\b(\w+)\(", source, flags=re.M)) - {"PyMODINIT_FUNC"}

    assert not functions(checker) & functions(solver) - {"PyInit__dagcheck"}

    def lines(source: str) -> set[str]:
        """Its lines of some length, but the Python C API's forms and bare loop headers such as
        `for (int coin = 0; coin < n; coin++) {`, which any two C files may share."""
        return {" ".join(line.split()) for line in source.splitlines()
                if len(line.strip()) > 30 and "Py" not in line
                and not re.fullmatch(r"\s*for \(int \w+ = 0; \w+ < [\w>-]+; \w+\+\+\) \{", line)}

    assert not lines(checker) & lines(solver)


def runtime_imports(path: Path, source: str | None = None) -> set[str]:
    """The coinproofs modules a file imports when it runs (at its top or inside functions;
    imports only a type checker reads, under `if TYPE_CHECKING:`, aside), each resolved to the
    module of the package it names; `source`: the file's text, if not what is on disk."""
    package = ".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts[:-1])
    tree = ast.parse(path.read_text() if source is None else source)
    typing_only = {id(node) for guard in ast.walk(tree) if isinstance(guard, ast.If)
                   and ast.unparse(guard.test) in ("TYPE_CHECKING", "typing.TYPE_CHECKING")
                   for statement in guard.body for node in ast.walk(statement)}
    names = set()
    for node in ast.walk(tree):
        if id(node) in typing_only:
            continue
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                base = f"{parent}.{base}" if base else parent
            names.update(f"{base}.{alias.name}" for alias in node.names)
            names.add(base)
    return {name for name in names if name.split(".")[0] == "coinproofs"}


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def import_graph() -> dict[str, set[str]]:
    """Each coinproofs module and the coinproofs modules it imports when it runs."""
    modules = {module_name(path): path for path in PACKAGE.rglob("*.py")}
    return {name: {imported for imported in runtime_imports(path)
                   if imported in modules and imported != name}
            for name, path in modules.items()}


def test_no_import_cycle() -> None:
    """No module imports, even inside a function, one that imports it back (however far round):
    each layer builds on the ones beneath it (docs/design.md, "Layers and import rules")."""
    import networkx as nx

    graph = nx.DiGraph([(name, imported) for name, imports in import_graph().items()
                        for imported in imports])
    cycles = [sorted(cycle) for cycle in nx.strongly_connected_components(graph)
              if len(cycle) > 1]
    assert cycles == [], cycles


def test_the_cycle_test_sees_imports_inside_functions(tmp_path: Path) -> None:
    source = tmp_path / "coinproofs" / "x.py"
    source.parent.mkdir()
    source.write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                      "    from coinproofs import typed\n"
                      "def f():\n    from coinproofs.y import z\n")
    global PACKAGE
    saved, PACKAGE = PACKAGE, tmp_path / "coinproofs"
    try:
        assert runtime_imports(source) == {"coinproofs.y", "coinproofs.y.z"}
    finally:
        PACKAGE = saved


def private_imports(path: Path) -> list[str]:
    """The private names (one underscore) `path` imports from other coinproofs modules."""
    found = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("coinproofs"):
            found += [f"{node.module}.{alias.name}" for alias in node.names
                      if alias.name.startswith("_") and not alias.name.startswith("__")]
    return found


def test_no_module_imports_another_modules_private_names(tmp_path: Path) -> None:
    """What one module uses of another is public (games/family.py once imported five private
    helpers of games/devil.py): a private name may change without a look at other modules."""
    found = {str(path.relative_to(PACKAGE)): names for path in PACKAGE.rglob("*.py")
             if (names := private_imports(path))}
    assert found == {}, found
    probe = tmp_path / "probe.py"
    probe.write_text("from coinproofs.games.devil import Table, _hidden\n")
    assert private_imports(probe) == ["coinproofs.games.devil._hidden"]


def deferred_imports(path: Path) -> list[tuple[int, str, bool]]:
    """Each import `path` makes inside a function (those only a type checker reads aside): its
    line, the module it loads, and whether a `# deferred:` comment above its block says why."""
    lines = path.read_text().splitlines()
    tree = ast.parse("\n".join(lines))
    found = []
    for function in ast.walk(tree):
        if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        for node in ast.walk(function):
            if isinstance(node, ast.Import):
                modules = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and not node.level:
                modules = [f"{node.module}.{alias.name}" if node.module == "coinproofs"
                           else node.module or "" for alias in node.names]
            else:
                continue
            above = node.lineno - 2  # the line before the import, then up through its block
            while above >= 0 and re.match(r"\s*(from \S+ import|import) ", lines[above]):
                above -= 1
            said = above >= 0 and (lines[above].strip().startswith("# deferred:")
                                   or lines[above].strip() == "try:")
            found += [(node.lineno, module, said) for module in modules]
    return found


def test_an_import_inside_a_function_says_why(tmp_path: Path) -> None:
    """Imports sit at the top of a module, but where loading the module would slow the start of
    every command: then a `# deferred:` comment gives the measured cost (docs/design.md,
    "Imports"), or the import is an optional module's, under `try:`."""
    silent = [f"{path.relative_to(PACKAGE)}:{line} {module}"
              for path in PACKAGE.rglob("*.py")
              for line, module, said in deferred_imports(path) if not said]
    assert silent == [], silent
    probe = tmp_path / "probe.py"
    probe.write_text("def f():\n    # deferred: 90 ms\n    import json\n    import re\n\n"
                     "def g():\n    x = 1\n    from coinproofs import devil\n")
    assert deferred_imports(probe) == [(3, "json", True), (4, "re", True),
                                       (8, "coinproofs.devil", False)]


def top_level_closure(name: str, graph: dict[str, set[str]]) -> set[str]:
    """The coinproofs modules loaded by importing `name`: its packages, its imports at the top,
    and theirs, however far down."""
    seen: set[str] = set()
    todo = [name]
    while todo:
        module = todo.pop()
        parts = module.split(".")
        for step in [".".join(parts[:i]) for i in range(1, len(parts) + 1)]:
            if step not in seen and step in graph:
                seen.add(step)
                todo.extend(graph[step])
    return seen


def top_level_graph() -> dict[str, set[str]]:
    """Each coinproofs module and the coinproofs modules it imports at its top."""
    modules = {module_name(path): path for path in PACKAGE.rglob("*.py")}
    graph = {}
    for name, path in modules.items():
        tree = ast.parse(path.read_text())
        top = ast.Module(body=[node for node in tree.body if not isinstance(
            node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))], type_ignores=[])
        graph[name] = {imported for imported in runtime_imports(path, ast.unparse(top))
                       if imported in modules and imported != name}
    return graph


def test_a_deferred_import_defers_something() -> None:
    """A coinproofs module imported inside a function is not one that the importing module
    already loads at its top: that deferral would buy nothing and hide the dependency."""
    graph = top_level_graph()
    loaded = {name: top_level_closure(name, graph) for name in graph}
    pointless = [f"{path.relative_to(PACKAGE)}:{line} {module}"
                 for path in PACKAGE.rglob("*.py")
                 for line, module, _ in deferred_imports(path)
                 if module in loaded[module_name(path)]]
    assert pointless == [], pointless


def test_the_kernel_stays_small() -> None:
    """The kernel is what a reader must trust: coinproofs/verify/'s Python stays within 4,800
    lines (issue 29; it was 5,288 before one kernel served the whole table family)."""
    lines = sum(len(path.read_text().splitlines()) for path in (PACKAGE / "verify").glob("*.py"))
    assert lines <= 4800, f"coinproofs/verify/*.py has {lines} lines"
