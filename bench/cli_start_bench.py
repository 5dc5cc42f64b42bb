"""Start time of the engine's command line, beside a bare Python start measured in the same run.

    python bench/cli_start_bench.py [--runs N]

Each round starts, in turn, ``python -c pass`` (the floor: the interpreter and site, the editable
install's finder included), ``python -m engine explain pos.json``, ``move --strength beginner``,
``new`` and, for contrast, ``hint --playouts 1`` (which needs the coach). Each figure is the
median over N rounds (default 15) of the child's CPU time (user + system, from
``resource.getrusage``) and of its wall time, then the CPU over the floor's. CPU time is what
another load on a shared machine skews least; read the ratios, not the seconds.

The children run as an installed user's would: with compiled bytecode kept (in a temporary
``PYTHONPYCACHEPREFIX``, filled by one warm-up round; ``PYTHONDONTWRITEBYTECODE`` is dropped), so
the figures are not those of compiling every module at every start. ``--no-cache`` keeps the
environment as it is.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

POSITION = {
    "variant": "pl",
    "hands": [["3c", "2c", "Qh", "9d"], 4, 4],
    "to_move": 0,
    "pile": ["5h", "2h"],
    "attack": {"draw": 2},
    "seed": 3,
}


def commands(pos: str) -> dict[str, list[str]]:
    """The command lines timed, by label."""
    py = sys.executable
    return {
        "python -c pass": [py, "-c", "pass"],
        "engine explain pos.json": [py, "-m", "engine", "explain", pos],
        "engine explain --lang pl": [py, "-m", "engine", "explain", pos, "--lang", "pl"],
        "engine move --strength beginner": [py, "-m", "engine", "move", pos, "--strength", "beginner"],
        "engine new": [py, "-m", "engine", "new", "--variant", "pl", "--players", "3"],
        "engine hint --playouts 1": [py, "-m", "engine", "hint", pos, "--playouts", "1"],
    }


def timed(argv: list[str], env: dict[str, str]) -> tuple[float, float]:
    """The CPU seconds and wall seconds of one run of ``argv`` (which must succeed)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(argv, check=True, stdout=subprocess.DEVNULL, env=env)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, wall


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--no-cache", action="store_true", help="run the children in this environment as it is")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ)
        if not args.no_cache:
            env.pop("PYTHONDONTWRITEBYTECODE", None)
            env["PYTHONPYCACHEPREFIX"] = str(Path(tmp) / "pycache")
        pos = str(Path(tmp) / "pos.json")
        Path(pos).write_text(json.dumps(POSITION), encoding="utf-8")
        cmds = commands(pos)
        cpu: dict[str, list[float]] = {k: [] for k in cmds}
        wall: dict[str, list[float]] = {k: [] for k in cmds}
        for argv in cmds.values():  # warm the file cache once
            timed(argv, env)
        for _ in range(args.runs):
            for label, argv in cmds.items():
                c, w = timed(argv, env)
                cpu[label].append(c)
                wall[label].append(w)
    floor = statistics.median(cpu["python -c pass"])
    print(f"{'command':34} {'CPU ms':>8} {'wall ms':>8} {'CPU / python -c pass':>22}")
    for label in cmds:
        c, w = statistics.median(cpu[label]), statistics.median(wall[label])
        print(f"{label:34} {c * 1000:8.0f} {w * 1000:8.0f} {c / floor:21.1f}x")
    cache = "no bytecode cache (environment as is)" if args.no_cache else "bytecode cached"
    print(f"median of {args.runs} interleaved rounds; {cache}; Python {sys.version.split()[0]}")


if __name__ == "__main__":
    main()
