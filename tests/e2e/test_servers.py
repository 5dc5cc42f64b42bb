"""The browser tests' servers: a port taken by someone else (a parallel worker) is not a failure."""
from __future__ import annotations

import socket
import urllib.request

import pytest

from tests.e2e import conftest


def test_a_server_whose_port_is_taken_starts_on_another(monkeypatch: pytest.MonkeyPatch) -> None:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        busy = taken.getsockname()[1]
        ports = iter([busy, conftest._free_port()])
        monkeypatch.setattr(conftest, "_free_port", lambda: next(ports))
        with conftest.serve_app("port-taken") as url:
            assert not url.endswith(f":{busy}")
            with urllib.request.urlopen(url + "/_stcore/health", timeout=5) as response:
                assert response.status == 200
        log = (conftest.ARTIFACTS / f"server-port-taken-{conftest._worker()}.log").read_text()
        assert f"Port {busy} is not available" in log or f"Port {busy} is already in use" in log
