"""What one page hands to another is taken once, by the page it was meant for."""
from __future__ import annotations

from typing import Any

from ui.shell import handoff
from ui.shell.pages import SANDBOX_SCRIPT


def test_a_payload_is_taken_once_by_its_page_only() -> None:
    state: dict[str, Any] = {}
    handoff.leave(SANDBOX_SCRIPT, {"variant": "pl"}, state)
    assert handoff.take("app_pages/learn.py", state) is None
    assert handoff.take(SANDBOX_SCRIPT, state) == {"variant": "pl"}
    assert handoff.take(SANDBOX_SCRIPT, state) is None
    assert state == {}


def test_anything_but_a_dict_is_not_taken() -> None:
    state: dict[str, Any] = {}
    handoff.leave(SANDBOX_SCRIPT, ["not", "a", "position"], state)  # type: ignore[arg-type]
    assert handoff.take(SANDBOX_SCRIPT, state) is None
