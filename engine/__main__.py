"""``python -m engine``: the engine's command line (POSITION.md)."""

from engine.cli import main

raise SystemExit(main())
