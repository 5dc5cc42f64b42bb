"""The layers import only downward: a walk over every import in the source (``ast``, lazy ones too).

The house (docs/ARCHITECTURE.md):

    streamlit_app.py, app_pages/   the entrypoint and one thin script per page
    ui/<feature>/                  one folder per feature; only its page.py (and a *_page.py drawing one part of it) imports streamlit
    ui/widgets/                    shared Streamlit widgets
    ui/shell/                      session, page registry, layout, house rules
    ui/present/                    text and pictures, without streamlit
    storage/                       the database layer; imports engine only
    engine/                        the rules engine; imports nothing of ours

An arrow that runs back up is reported with the file and line that draws it.
"""
from __future__ import annotations

import ast
import functools
import os
from dataclasses import dataclass, replace
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SKIPPED_DIRS = {".venv", ".git", "node_modules", "__pycache__", "test-artifacts", "locales"}
# ui/ packages that are layers, not features; every other folder in ui/ is a feature.
UI_LAYERS = {"shell", "present", "widgets"}
# What each ui layer may import from ui/ (besides itself); features add only their own folder.
UI_ALLOWED = {
    "present": set(),
    "shell": {"present"},
    "widgets": {"present", "shell"},
}
FEATURE_ALLOWED = {"present", "shell", "widgets"}


@dataclass(frozen=True)
class Arrow:
    """One import: the module that imports, the name it imports, and where."""

    source: str   # dotted name of the importing module
    target: str   # dotted name imported (``from a.b import c`` gives ``a.b.c``)
    path: str     # the importing file, relative to the root
    line: int
    typing_only: bool = False   # under ``if TYPE_CHECKING:``: read by the type checker, never run


def _module_name(rel: Path) -> str:
    parts = list(rel.with_suffix("").parts)
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def _resolve(source: str, is_package: bool, level: int, module: str | None) -> str:
    """The absolute module a relative ``from . import x`` names."""
    if level == 0:
        return module or ""
    base = source.split(".")
    if not is_package:
        base = base[:-1]
    base = base[: len(base) - (level - 1)]
    return ".".join(base + ([module] if module else []))


def source_files(root: Path) -> list[Path]:
    """Every Python file of the project under root, outside virtual environments and caches."""
    found = []
    for folder, dirs, files in os.walk(root):
        dirs[:] = [d for d in dirs if d not in SKIPPED_DIRS]   # never descends into .venv (thousands of files)
        found += [Path(folder, name) for name in files if name.endswith(".py")]
    return sorted(found)


def _typing_only_nodes(tree: ast.AST) -> set[ast.AST]:
    """The statements inside ``if TYPE_CHECKING:`` (or ``typing.TYPE_CHECKING``) blocks."""
    inside: set[ast.AST] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and (
            (isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING")
            or (isinstance(node.test, ast.Attribute) and node.test.attr == "TYPE_CHECKING")
        ):
            for statement in node.body:
                inside.update(ast.walk(statement))
    return inside


def arrows(root: Path) -> list[Arrow]:
    """Every import statement of every source file under root, as arrows."""
    return list(_arrows(root))


@functools.cache
def _arrows(root: Path) -> tuple[Arrow, ...]:
    # Parsed once per root and test process: three tests walk the whole house.
    found = []
    for path in source_files(root):
        rel = path.relative_to(root)
        source = _module_name(rel)
        is_package = path.name == "__init__.py"
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(rel))
        typing_only = _typing_only_nodes(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                found += [Arrow(source, alias.name, rel.as_posix(), node.lineno, node in typing_only)
                          for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                module = _resolve(source, is_package, node.level, node.module)
                found += [Arrow(source, f"{module}.{alias.name}" if module else alias.name, rel.as_posix(),
                                node.lineno, node in typing_only) for alias in node.names]
    return tuple(found)


def our_packages(root: Path) -> set[str]:
    """The top-level names that are ours: folders holding Python files, and Python files at the root."""
    return {_module_name(p.relative_to(root)).split(".")[0] for p in source_files(root)}


def _ui_part(module: str) -> str | None:
    parts = module.split(".")
    return parts[1] if parts[0] == "ui" and len(parts) > 1 else None


def _under(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


def _draws(source: str, layer: str) -> bool:
    """Whether a feature's module draws: its page.py, or a *_page.py drawing one part of that page."""
    return source == f"ui.{layer}.page" or (source.startswith(f"ui.{layer}.") and source.endswith("_page"))


def broken_rule(arrow: Arrow, ours: set[str]) -> str | None:
    """The layering rule this import breaks, or None when it runs downward."""
    source, target = arrow.source, arrow.target
    top = target.split(".")[0]
    if top == "app_pages":
        return "nothing imports app_pages/ (pages are scripts, found by path)"
    if _under(source, "engine"):
        if top in ours and top != "engine":
            return "the engine imports nothing of ours above it"
        return None
    if _under(source, "storage"):
        if top in ours and top not in ("engine", "storage"):
            return "storage imports the engine only"
        return None
    layer = _ui_part(source)
    if layer is None:
        return None   # entrypoint, pages, tools, tests, bench: the top of the house
    imported = _ui_part(target) if top == "ui" else None
    if layer in UI_LAYERS:
        if top == "streamlit" and layer == "present":
            return "ui/present never imports streamlit"
        if imported is not None and imported != layer and imported not in UI_ALLOWED[layer]:
            return f"ui/{layer} may import only {sorted(UI_ALLOWED[layer]) or 'itself'} of ui/"
        return None
    # A feature folder.
    if top == "streamlit" and not _draws(source, layer):
        return "in a feature, only page.py imports streamlit"
    if imported is not None and imported != layer and imported not in FEATURE_ALLOWED:
        return f"a feature never imports another feature (ui/{layer} -> ui/{imported})"
    return None


def violations(root: Path) -> list[str]:
    """Every import under root that runs back up, as ``path:line: source -> target (rule)``."""
    ours = our_packages(root)
    out = []
    for arrow in arrows(root):
        rule = broken_rule(arrow, ours)
        if rule is not None:
            out.append(f"{arrow.path}:{arrow.line}: {arrow.source} -> {arrow.target} ({rule})")
    return out


def _imported_module(target: str, modules: set[str]) -> str | None:
    """The module of ours an import names: ``a.b.c`` is module ``a.b`` when ``c`` is a name in it."""
    parts = target.split(".")
    while parts:
        if ".".join(parts) in modules:
            return ".".join(parts)
        parts.pop()
    return None


def import_cycles(root: Path, package: str) -> list[list[Arrow]]:
    """Every circle of imports among the modules of ``package``, each as the arrows that close it
    (an arrow's target is then the imported module, not the name imported from it).

    Lazy imports inside functions count (they still run, only later); imports under
    ``if TYPE_CHECKING:`` do not (they never run). One circle is reported per strongly connected
    group of modules, starting at its first module by name.
    """
    modules = {_module_name(p.relative_to(root)) for p in source_files(root)}
    edges: dict[str, dict[str, Arrow]] = {}
    for arrow in arrows(root):
        target = _imported_module(arrow.target, modules)
        if (arrow.typing_only or target is None or target == arrow.source
                or not (_under(arrow.source, package) and _under(target, package))):
            continue
        edges.setdefault(arrow.source, {}).setdefault(target, replace(arrow, target=target))
    cycles = []
    for group in _strongly_connected(edges):
        start = min(group)
        cycles.append(_circle_through(start, group, edges))
    return sorted(cycles, key=lambda circle: circle[0].source)


def _strongly_connected(edges: dict[str, dict[str, Arrow]]) -> list[set[str]]:
    """The groups of two or more modules that import each other, directly or round a circle (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    groups = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for nxt in sorted(edges.get(node, {})):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = set()
            while True:
                member = stack.pop()
                group.add(member)
                if member == node:
                    break
            if len(group) > 1:
                groups.append(group)

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return groups


def _circle_through(start: str, group: set[str], edges: dict[str, dict[str, Arrow]]) -> list[Arrow]:
    """The shortest circle of arrows from ``start`` back to itself inside ``group`` (breadth first)."""
    came: dict[str, Arrow] = {}
    frontier = [start]
    while frontier:
        nxt_frontier = []
        for node in frontier:
            for target, arrow in sorted(edges.get(node, {}).items()):
                if target not in group or target in came:
                    continue
                came[target] = arrow
                if target == start:
                    circle = [arrow]
                    while circle[0].source != start:
                        circle.insert(0, came[circle[0].source])
                    return circle
                nxt_frontier.append(target)
        frontier = nxt_frontier
    raise AssertionError(f"no circle through {start}")   # a strongly connected group always has one


def describe_cycle(circle: list[Arrow]) -> str:
    """One circle as ``a -> b -> a`` with the file and line of every arrow."""
    names = " -> ".join([circle[0].source] + [a.target for a in circle])
    where = ", ".join(f"{a.path}:{a.line}" for a in circle)
    return f"{names} ({where})"


def test_no_import_runs_back_up() -> None:
    found = violations(ROOT)
    assert found == [], "imports that run back up:\n" + "\n".join(found)


def test_the_engine_has_no_import_cycle() -> None:
    # A circle means neither module can be read (or tested) without the other: what both need goes
    # into a module of its own that both import (as engine.cli_common for the command line).
    found = [describe_cycle(circle) for circle in import_cycles(ROOT, "engine")]
    assert found == [], "import cycles inside engine/:\n" + "\n".join(found)


def test_the_walk_sees_the_whole_house() -> None:
    # A walk that found nothing would pass the test above for the wrong reason.
    sources = {a.source for a in arrows(ROOT)}
    for module in ("engine.rules", "engine.cli", "ui.shell.session", "ui.present.cards", "ui.sandbox.page",
                   "streamlit_app", "app_pages.home"):
        assert module in sources, module
    assert {"engine", "ui", "app_pages", "streamlit_app", "tests"} <= our_packages(ROOT)


# ---------------------------------------------------------------- the checker on a planted tree

def _plant(root: Path, files: dict[str, str]) -> None:
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


GOOD_TREE = {
    "streamlit_app.py": "import streamlit\nfrom ui.shell import pages\n",
    "app_pages/home.py": "from ui.sandbox.page import draw\n",
    "engine/__init__.py": "",
    "engine/rules.py": "import json\nfrom engine import cards\nfrom . import cards as c\n",
    "engine/cards.py": "",
    "storage/__init__.py": "from engine import rules\n",
    "ui/__init__.py": "",
    "ui/present/__init__.py": "",
    "ui/present/cards.py": "import html\nfrom engine.cards import x\nfrom ui.present import i18n\n",
    "ui/present/i18n.py": "import babel\n",
    "ui/shell/__init__.py": "",
    "ui/shell/session.py": "import streamlit as st\nfrom ui.present.i18n import translator\n",
    "ui/sandbox/__init__.py": "",
    "ui/sandbox/model.py": "from engine.rules import check\nfrom ui.present.cards import hand\nfrom .timeline import T\n",
    "ui/sandbox/timeline.py": "",
    "ui/sandbox/page.py": "import streamlit as st\nfrom ui.shell import session\nfrom ui.sandbox import model\n",
    "tools/cli.py": "from ui.present.i18n import translator\n",
}

BAD_IMPORTS = [
    ("engine/cli.py", "def f():\n    from ui.present.i18n import translator\n", "the engine imports nothing"),
    ("engine/cli2.py", "import storage\n", "the engine imports nothing"),
    ("storage/db.py", "from ui.shell import session\n", "storage imports the engine only"),
    ("ui/present/art.py", "import streamlit as st\n", "never imports streamlit"),
    ("ui/present/art.py", "from streamlit.components import v1\n", "never imports streamlit"),
    ("ui/present/art.py", "from ui.shell.session import tr\n", "ui/present may import only"),
    ("ui/present/art.py", "from ui import sandbox\n", "ui/present may import only"),
    ("ui/shell/layout.py", "from ui.sandbox.page import draw\n", "ui/shell may import only"),
    ("ui/shell/layout.py", "import app_pages\n", "nothing imports app_pages"),
    ("ui/shell/registry.py", "from app_pages import PAGES\n", "nothing imports app_pages"),
    ("ui/sandbox/model.py", "import streamlit\n", "only page.py imports streamlit"),
    ("ui/sandbox/board.py", "from streamlit import session_state\n", "only page.py imports streamlit"),
    ("ui/compare/page.py", "from ui.sandbox import page\n", "never imports another feature"),
    ("ui/compare/table.py", "from ui.sandbox.model import Draft\n", "never imports another feature"),
    ("ui/play/model.py", "from ..learn import lesson\n", "never imports another feature"),
    ("tools/x.py", "from app_pages import home\n", "nothing imports app_pages"),
]


def test_the_checker_passes_a_house_that_imports_downward(tmp_path: Path) -> None:
    _plant(tmp_path, GOOD_TREE)
    assert violations(tmp_path) == []


@pytest.mark.parametrize(("path", "text", "rule"), BAD_IMPORTS, ids=[f"{p}:{t.strip()}" for p, t, _ in BAD_IMPORTS])
def test_the_checker_catches_a_planted_bad_import(tmp_path: Path, path: str, text: str, rule: str) -> None:
    _plant(tmp_path, GOOD_TREE)
    _plant(tmp_path, {path: text})
    found = violations(tmp_path)
    assert len(found) == 1, found
    assert found[0].startswith(f"{path}:") and rule in found[0], found


CYCLE_TREE = {
    "engine/a.py": "from engine.b import f\n",
    "engine/b.py": "import json\nfrom engine import c\n",
    "engine/c.py": "def g():\n    from engine.a import h\n",   # a lazy import closes the circle all the same
    "engine/d.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from engine.e import T\n",
    "engine/e.py": "from engine.d import x\n",   # d's import above never runs: no circle
    "engine/pkg/__init__.py": "from engine.pkg.inner import y\n",
    "engine/pkg/inner.py": "from engine.errors import E\n",
    "engine/errors.py": "",
    "ui/present/x.py": "from ui.present import y\n",
    "ui/present/y.py": "from ui.present.x import z\n",   # a circle, but not inside engine/
}


def test_the_cycle_walk_finds_each_circle_once_with_its_lines(tmp_path: Path) -> None:
    _plant(tmp_path, CYCLE_TREE)
    found = [describe_cycle(circle) for circle in import_cycles(tmp_path, "engine")]
    assert found == ["engine.a -> engine.b -> engine.c -> engine.a (engine/a.py:1, engine/b.py:2, engine/c.py:2)"]


def test_the_cycle_walk_sees_two_modules_that_import_each_other(tmp_path: Path) -> None:
    _plant(tmp_path, {"engine/cli.py": "from engine import cli_play\n",
                      "engine/cli_play.py": "def run():\n    from engine.cli import CliError\n"})
    found = [describe_cycle(circle) for circle in import_cycles(tmp_path, "engine")]
    assert found == ["engine.cli -> engine.cli_play -> engine.cli (engine/cli.py:1, engine/cli_play.py:2)"]
    assert import_cycles(tmp_path, "ui") == []


def test_relative_imports_are_resolved() -> None:
    assert _resolve("ui.play.model", False, 2, "learn") == "ui.learn"
    assert _resolve("ui.play", True, 1, "model") == "ui.play.model"
    assert _resolve("engine.rules", False, 1, None) == "engine"


def test_page_scripts_stay_thin() -> None:
    # A page script draws its heading and hands over to its feature: no drawing code of its own.
    for path in sorted((ROOT / "app_pages").glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        body = [node for node in tree.body if not (isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant))]
        imports = [node for node in body if isinstance(node, (ast.Import, ast.ImportFrom))]
        calls = [node for node in body if node not in imports]
        assert len(calls) <= 2 and all(isinstance(n, ast.Expr) and isinstance(n.value, ast.Call) for n in calls), \
            f"{path.name}: a page script only calls page_header(__file__) and its feature's draw()"
        modules = {n.module for n in imports if isinstance(n, ast.ImportFrom)} - {"__future__"}
        features = {m for m in modules if m != "ui.shell.layout"}
        assert len(features) == 1 and next(iter(features)).endswith(".page"), (path.name, modules)
