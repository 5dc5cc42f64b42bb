"""The command line starts with what each command needs (#23 item 7): `explain`, `move` and `new`
import neither the coach, nor the playout kernel, nor importlib.metadata; `hint` does import the
coach. Counted in a fresh interpreter per command (``sys.modules`` after ``engine.cli.main``), so
no clock is read: the start time itself is in ``bench/cli_start_bench.py``."""

from __future__ import annotations

import json
import subprocess
import sys
from importlib.metadata import entry_points

import pytest

from engine.cli_common import DESCRIBERS, registered_entry_points

POSITION = {"variant": "pl", "hands": [["3c", "2c", "Qh", "9d"], 4, 4], "to_move": 0, "pile": ["5h", "2h"],
            "attack": {"draw": 2}, "seed": 3}
HEAVY = ("engine.coach", "engine.fastplay", "importlib.metadata", "babel")

PROBE = """
import contextlib, io, json, sys
from engine import cli
out = io.StringIO()
with contextlib.redirect_stdout(out):
    code = cli.main(json.loads(sys.argv[1]))
json.dump({"code": code, "modules": sorted(sys.modules)}, sys.stdout)
"""


def modules_after(argv: list[str]) -> set[str]:
    """The modules a fresh interpreter holds after running one command (which must succeed)."""
    done = subprocess.run([sys.executable, "-c", PROBE, json.dumps(argv)], capture_output=True, text=True, check=True)
    result = json.loads(done.stdout)
    assert result["code"] == 0, done.stderr
    return set(result["modules"])


@pytest.fixture
def position(tmp_path):
    path = tmp_path / "pos.json"
    path.write_text(json.dumps(POSITION), encoding="utf-8")
    return str(path)


@pytest.mark.parametrize("command", [
    ["explain", "{pos}"],
    ["explain", "{pos}", "--move", "play 2c"],
    ["move", "{pos}", "--strength", "beginner"],
    ["new", "--variant", "pl", "--players", "3"],
])
def test_light_commands_start_without_the_coach_the_kernel_or_metadata(command, position):
    loaded = modules_after([a.replace("{pos}", position) for a in command])
    assert "engine.rules" in loaded or command[0] == "new"
    heavy = sorted(m for m in loaded if m.startswith(HEAVY))
    assert heavy == [], f"{command[0]} imported {heavy}"


def test_the_hint_command_still_imports_the_coach(position):
    loaded = modules_after(["hint", position, "--playouts", "1"])
    assert {"engine.coach", "engine.fastplay"} <= loaded


def test_the_club_player_needs_the_kernel_but_not_the_coach(position):
    loaded = modules_after(["move", position, "--strength", "club"])
    assert "engine.fastplay" in loaded and "engine.coach" not in loaded


def test_the_entry_points_are_found_as_importlib_metadata_finds_them():
    found = sorted((ep.name, ep.value) for ep in entry_points(group=DESCRIBERS))
    assert found and sorted(registered_entry_points(DESCRIBERS)) == found
    assert registered_entry_points("makao_tutor.no_such_group") == []
