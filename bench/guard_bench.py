"""What the guarded way in costs: each guarded reader beside the bare decoding it wraps, same run.

    python bench/guard_bench.py [--seconds S] [--rounds R]

Every pair reads the same input: the guarded entry point (engine/guard.py and the ruleset bounds)
and, as the reference, what the reader did before (``json.loads``, base64 + zlib + ``json.loads``,
``tomllib.loads`` + ``ruleset_from_dict`` without the bounds check). Each figure is measured for
S seconds in total (default 1), split into R interleaved rounds (default 3), in this process's CPU
time, so other load on the shared machine hits both sides alike. The ratio is guarded / bare.
"""
from __future__ import annotations

import argparse
import base64
import json
import sys
import time
import tomllib
import zlib
from collections.abc import Callable
from pathlib import Path
from unittest import mock

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engine import ruleset as ruleset_module  # noqa: E402
from engine.deal import new_game  # noqa: E402
from engine.position import decode_share_code, encode_share_code, parse_position, position_from_json, position_to_json  # noqa: E402
from engine.ruleset import load_ruleset, load_ruleset_text, ruleset_from_dict  # noqa: E402
from engine.ruleset_bounds import check_bounds  # noqa: E402


def bare_share(code: str) -> dict:
    return json.loads(zlib.decompress(base64.urlsafe_b64decode(code + "=" * (-len(code) % 4))))


def unbounded_ruleset(text: str):
    with mock.patch.object(ruleset_module, "check_bounds", lambda data, origin: None):
        return ruleset_from_dict(tomllib.loads(text), "bench")


def rate(fn: Callable[[], object], seconds: float) -> tuple[int, float]:
    calls, started = 0, time.process_time()
    while time.process_time() - started < seconds:
        for _ in range(20):
            fn()
        calls += 20
    return calls, time.process_time() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()

    dealt = position_to_json(new_game(load_ruleset("pl-trad"), 6, 1))       # 104 cards listed
    text = json.dumps(dealt)
    code = encode_share_code(dealt)
    toml_text = (ROOT / "engine" / "rulesets" / "pl.toml").read_text(encoding="utf-8")
    toml_data = tomllib.loads(toml_text)
    pairs = {
        f"position JSON ({len(text)} B)": (lambda: parse_position(text), lambda: position_from_json(json.loads(text))),
        f"share code ({len(code)} chars)": (lambda: decode_share_code(code), lambda: bare_share(code)),
        f"ruleset TOML ({len(toml_text)} B)": (lambda: load_ruleset_text(toml_text), lambda: unbounded_ruleset(toml_text)),
        "ruleset bounds alone vs tomllib": (lambda: check_bounds(toml_data, "bench"), lambda: tomllib.loads(toml_text)),
    }
    totals = {name: [[0, 0.0], [0, 0.0]] for name in pairs}
    share = args.seconds / args.rounds / 2
    for _ in range(args.rounds):
        for name, (guarded, bare) in pairs.items():
            for side, fn in enumerate((guarded, bare)):
                calls, spent = rate(fn, share)
                totals[name][side][0] += calls
                totals[name][side][1] += spent
    print(f"{'input':36} {'guarded µs':>11} {'bare µs':>9} {'ratio':>6}")
    for name, ((g_calls, g_time), (b_calls, b_time)) in totals.items():
        guarded_us, bare_us = g_time / g_calls * 1e6, b_time / b_calls * 1e6
        print(f"{name:36} {guarded_us:11.1f} {bare_us:9.1f} {guarded_us / bare_us:6.2f}")


if __name__ == "__main__":
    main()
