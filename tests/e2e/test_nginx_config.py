"""The proxy configuration of docs/CAPACITY.md is the one the browser tests run (tests/e2e/nginx.py)."""
from __future__ import annotations

import re
from pathlib import Path

from tests.e2e import nginx

DOC = Path(__file__).resolve().parents[2] / "docs" / "CAPACITY.md"


def nginx_blocks() -> list[str]:
    return re.findall(r"```nginx\n(.*?)```", DOC.read_text(encoding="utf-8"), flags=re.S)


def test_the_documented_proxy_block_is_the_tested_configuration() -> None:
    assert nginx.documented_site() in nginx_blocks()


def test_the_documented_block_names_the_trusted_proxy_and_sticky_websockets() -> None:
    site = nginx.documented_site()
    assert f"MAKAO_TRUSTED_PROXIES={nginx.TRUSTED_PROXY}" in site
    for line in ("proxy_http_version 1.1;", "proxy_set_header Upgrade $http_upgrade;",
                 "proxy_set_header Connection $connection_upgrade;", "proxy_set_header X-Forwarded-For $remote_addr;",
                 "hash $makao_route consistent;", "proxy_read_timeout 86400s;"):
        assert line in site


def test_every_placeholder_is_filled() -> None:
    assert not re.search(r"@[A-Z_]+@", nginx.documented_site())
