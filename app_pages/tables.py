"""Play together: two to six people at one table, each on their own device (issue #26)."""
from __future__ import annotations

from ui.shell.layout import page_header
from ui.tables.page import draw

page_header(__file__)
draw()
