"""The engine's modules import each other without a circle.

Every module of ``wizard_engine`` is parsed (never imported) and each import of another
module of the package becomes an edge of a graph; a cycle in that graph fails the test with
the modules around it named.  Imports inside functions count like those at the top of a
module: a late import only hides a circle from Python's import machinery, the two modules
still depend on each other (the bots' levels had one: Medium's bid searched with Hard's
code, Hard fell back on Medium).  Imports under ``if TYPE_CHECKING:`` do not count: they
never run.  Importing a submodule runs its package's ``__init__`` first, but that is no edge
of ours: a package may import its own modules; ``from . import name`` of a name defined in
the ``__init__`` is one.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import wizard_engine

PACKAGE = Path(wizard_engine.__file__).parent


def module_name(path: Path) -> str:
    """``wizard_engine/bots/hard.py`` -> ``wizard_engine.bots.hard`` (a package: its own name)."""
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules() -> dict[str, Path]:
    """Every module of the package by its dotted name."""
    return {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def _runs(tree: ast.Module) -> Iterator[ast.Import | ast.ImportFrom]:
    """Every import statement that may run: at any depth, but not under ``if TYPE_CHECKING:``."""
    stack: list[ast.AST] = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.If) and ast.unparse(node.test).endswith("TYPE_CHECKING"):
            stack.extend(node.orelse)
            continue
        if isinstance(node, ast.Import | ast.ImportFrom):
            yield node
        stack.extend(ast.iter_child_nodes(node))


def imported(name: str, path: Path, known: set[str]) -> set[str]:
    """The modules of ``known`` that module ``name`` (at ``path``) imports."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in _runs(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
            continue
        base = node.module or ""
        if node.level:
            anchor = package.split(".")[:len(package.split(".")) - node.level + 1]
            base = ".".join(anchor + ([base] if base else []))
        # `from a import b`: the module a.b when there is one, else the name b of module a.
        found.update(f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base for alias in node.names)
    return (found & known) - {name}


def import_graph() -> dict[str, set[str]]:
    """Each module of the package and the modules of the package it imports."""
    found = modules()
    known = set(found)
    return {name: imported(name, path, known) for name, path in found.items()}


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One cycle of ``graph`` as the modules along it (the first again at the end), or None."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for after in sorted(graph[node]):
            if state.get(after) == 1:
                return path[path.index(after):] + [after]
            if after not in state and (cycle := visit(after)):
                return cycle
        state[node] = 2
        path.pop()
        return None

    for start in sorted(graph):
        if start not in state and (cycle := visit(start)):
            return cycle
    return None


def test_the_graph_sees_relative_late_and_package_imports() -> None:
    graph = import_graph()
    assert "wizard_engine.state" in graph["wizard_engine.view"]  # from .state import ...
    assert "wizard_engine.fast" in graph["wizard_engine.tools.bench"]  # from .. import fast
    assert "wizard_engine.web" in graph["wizard_engine.tools.bench"]  # inside a function
    assert "wizard_engine.bots" in graph["wizard_engine.coach.advice"]  # a name of bots/__init__


def test_find_cycle_names_the_modules_around_it() -> None:
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set(), "c": {"a", "b"}}) is None


def test_no_module_of_the_engine_imports_itself_back() -> None:
    cycle = find_cycle(import_graph())
    assert cycle is None, "import cycle: " + " -> ".join(cycle or [])


def test_preload_imports_every_module_but_the_entry_point() -> None:
    """web.preload (run before a memory snapshot in the browser) walks the package's folder
    itself; it must find what pkgutil finds."""
    import pkgutil

    import wizard_engine
    from wizard_engine import web

    every = {m.name for m in pkgutil.walk_packages(wizard_engine.__path__, "wizard_engine.")} | {"wizard_engine"}
    assert set(web.preload()) == every - {"wizard_engine.__main__"}
