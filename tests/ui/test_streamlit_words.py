"""Streamlit's own words on a widget are English only: every multiselect leaves out its "Select all"."""
from __future__ import annotations

import ast
from pathlib import Path

UI = Path(__file__).resolve().parents[2] / "ui"


def _multiselects():
    for path in sorted(UI.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "attr", None) == "multiselect":
                yield path.relative_to(UI.parent), node


def test_every_multiselect_leaves_out_streamlits_untranslated_select_all() -> None:
    found = list(_multiselects())
    assert len(found) >= 4
    missing = [f"{path}:{node.lineno}" for path, node in found
               if not any(k.arg == "select_all" and isinstance(k.value, ast.Constant) and k.value.value is False
                          for k in node.keywords)]
    assert missing == []
