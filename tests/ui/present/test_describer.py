"""The engine's command line speaks through the text layer it finds as a plugin, not by importing it."""
from __future__ import annotations

import io
import json
import subprocess
import sys
from contextlib import redirect_stderr
from pathlib import Path

import pytest

from engine import cli, cli_common
from engine.moves import parse_move
from engine.ruleset import load_ruleset
from engine.verdicts import Reason, Verdict
from ui.present.describer import Describer, describer
from ui.present.i18n import translator
from ui.present.reasons import describe_verdict

ROOT = Path(__file__).resolve().parents[3]
POSITION = {"variant": "pl", "hands": [["3c", "9d"], ["5h"]], "to_move": 0, "pile": ["2h"], "attack": {"draw": 2}}


def run_engine(*args: str, stdin: str = "") -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "engine", *args], input=stdin, capture_output=True,
                          text=True, cwd=ROOT, timeout=60)


def test_the_installed_app_registers_its_describer() -> None:
    assert cli_common.find_describer() is describer


@pytest.mark.parametrize("lang", ["pl", "da", "hu"])
def test_explain_answers_in_the_language_asked_for(lang: str) -> None:
    result = run_engine("explain", "-", "--move", "play 3c", "--lang", lang, stdin=json.dumps(POSITION))
    assert result.returncode == 0, result.stderr
    out = json.loads(result.stdout)
    deck = load_ruleset("pl").deck
    verdict = Verdict(parse_move("play 3c", deck), out["move"], out["legal"],
                      tuple(Reason(r.pop("code"), r) for r in out["reasons"]))
    assert out["why"] == describe_verdict(verdict, deck, translator(lang))
    assert out["why"] != describe_verdict(verdict, deck, None)   # not the English msgid


def test_english_is_the_msgids_themselves() -> None:
    assert describer("en") == Describer(None)
    assert describer("pl").tr is translator("pl")


def test_without_a_text_layer_explain_says_what_is_missing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cli_common, "registered_entry_points", lambda group: [])  # the fast scan...
    monkeypatch.setattr(cli_common, "_metadata_entry_points", lambda group: [])  # ...and importlib.metadata
    err = io.StringIO()
    with redirect_stderr(err):
        status = cli.main(["explain", "-"])
    assert status == 2
    assert cli_common.DESCRIBERS in err.getvalue() and "Traceback" not in err.getvalue()
