"""Debian's nginx in front of two app servers, for the browser tests: its own config, prefix and logs in a temp folder.

The site block (``SITE``) is the configuration docs/CAPACITY.md gives, word for word: a test renders
it with the documented addresses and compares it with the document's block. Everything else
(``daemon off``, the pid file, the temp folders, the error log) only makes nginx run unprivileged
and self-contained in a folder of its own, on loopback ports only.

Sticky sessions: nginx OSS has no ``sticky`` directive, so the site hashes a route cookie that it sets
itself on a visitor's first response (a random ``$request_id``); the page, its static files and its
websocket then reach one server. A test pins a browser context to server A or B by giving it the route
cookie of that server (``Proxy.route_to``), found by asking nginx which server a value lands on.
"""
from __future__ import annotations

import os
import re
import shutil
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

NGINX = Path(os.environ.get("NGINX", "/usr/sbin/nginx"))
TRUSTED_PROXY = "127.0.0.1"      # nginx's address as the app servers see it (MAKAO_TRUSTED_PROXIES)
ROUTE_COOKIE = "makao_route"
START_SECONDS = 20

# The site: the part of nginx.conf a school's server needs (docs/CAPACITY.md shows it with the
# placeholders filled in: LISTEN 80, APP_A/APP_B 127.0.0.1:8501/8502, ACCESS_LOG /var/log/nginx/makao.log).
SITE = """\
# The app servers run with MAKAO_TRUSTED_PROXIES=127.0.0.1 (nginx's address as they see it),
# so the app reads X-Forwarded-For from nginx only.
map $cookie_makao_route $makao_route { "" $request_id; default $cookie_makao_route; }
map $cookie_makao_route $makao_route_cookie {
  "" "makao_route=$request_id; Path=/; HttpOnly; SameSite=Lax";
  default "";
}
map $http_upgrade $connection_upgrade { default upgrade; "" close; }
upstream makao {
  hash $makao_route consistent;   # sticky: one visitor, one server (page, files and websocket)
  server @APP_A@;
  server @APP_B@;
}
# The whole request line is logged: the app puts no key, token or code in an address it sends.
log_format makao '$remote_addr [$time_local] "$request" $status $body_bytes_sent $upstream_addr';
server {
  listen @LISTEN@;
  access_log @ACCESS_LOG@ makao;
  location / {
    proxy_pass http://makao;
    proxy_http_version 1.1;
    proxy_set_header Upgrade $http_upgrade;
    proxy_set_header Connection $connection_upgrade;
    proxy_set_header Host $http_host;                # with its port: links and the websocket's origin check
    proxy_set_header X-Forwarded-For $remote_addr;   # who the client is, for the Classes limits
    proxy_read_timeout 86400s;                       # a pupil's websocket stays open through a lesson
    add_header Set-Cookie $makao_route_cookie;        # empty once the visitor has a route: not sent
  }
}
"""

DOCUMENTED = {"LISTEN": "80", "APP_A": "127.0.0.1:8501", "APP_B": "127.0.0.1:8502",
              "ACCESS_LOG": "/var/log/nginx/makao.log"}

_MAIN = """\
daemon off;
worker_processes 1;
pid @PREFIX@/nginx.pid;
error_log @PREFIX@/error.log warn;
@USER@
events { worker_connections 512; }
http {
  client_body_temp_path @PREFIX@/client_body;
  proxy_temp_path @PREFIX@/proxy;
  fastcgi_temp_path @PREFIX@/fastcgi;
  uwsgi_temp_path @PREFIX@/uwsgi;
  scgi_temp_path @PREFIX@/scgi;
@SITE@
}
"""


class NginxMissing(RuntimeError):
    """Debian's nginx is not installed (make test installs it)."""


def render(template: str, values: dict[str, str]) -> str:
    """Fills the ``@NAME@`` placeholders of a template; every placeholder must be given."""
    text = re.sub(r"@([A-Z_]+)@", lambda m: values[m.group(1)], template)
    return text


def documented_site() -> str:
    """The site block as docs/CAPACITY.md shows it."""
    return render(SITE, DOCUMENTED)


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@dataclass
class Proxy:
    """A running nginx: its URL, access log, and the route cookie value of each app server."""

    url: str
    folder: Path
    servers: tuple[str, str]
    process: subprocess.Popen
    routes: dict[int, str] = field(default_factory=dict)
    server_logs: tuple[Path, ...] = ()

    @property
    def access_log(self) -> Path:
        return self.folder / "access.log"

    @property
    def error_log(self) -> Path:
        return self.folder / "error.log"

    def upstream_of(self, route: str) -> str:
        """Which app server (host:port) nginx sends a visitor with this route cookie to."""
        before = self.access_log.stat().st_size if self.access_log.exists() else 0
        request = urllib.request.Request(self.url + "/_stcore/health", headers={"Cookie": f"{ROUTE_COOKIE}={route}"})
        with urllib.request.urlopen(request, timeout=10) as response:
            response.read()
        deadline = time.monotonic() + 10
        while True:   # nginx logs a request after its response is sent: wait for the line
            with self.access_log.open() as log:
                log.seek(before)
                lines = log.read().strip().splitlines()
            if lines or time.monotonic() > deadline:
                return lines[-1].rsplit(" ", 1)[-1] if lines else ""
            time.sleep(0.05)   # the poll interval of a wait on the log file

    def route_to(self, index: int) -> str:
        """A route cookie value that lands on app server ``index`` (0 or 1)."""
        if index not in self.routes:
            wanted = self.servers[index].removeprefix("http://")
            for n in range(200):
                if self.upstream_of(f"r{n}") == wanted:
                    self.routes[index] = f"r{n}"
                    break
            else:
                raise RuntimeError(f"no route cookie of 200 lands on {wanted}")
        return self.routes[index]

    def pin(self, context, index: int) -> None:
        """Sends a browser context's visits through nginx to app server ``index``."""
        host = self.url.removeprefix("http://").split(":")[0]
        context.add_cookies([{"name": ROUTE_COOKIE, "value": self.route_to(index), "domain": host, "path": "/"}])

    def stop(self) -> None:
        try:
            os.kill(self.process.pid, signal.SIGQUIT)   # graceful: workers finish and logs are closed
            self.process.wait(timeout=10)
        except ProcessLookupError:
            pass
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(timeout=10)


def start(servers: tuple[str, str], folder: Path) -> Proxy:
    """Starts nginx in ``folder`` on a free loopback port in front of two app servers (their URLs)."""
    if not (NGINX.is_file() and os.access(NGINX, os.X_OK)):
        raise NginxMissing(f"{NGINX} is missing (make test installs it: apt-get install nginx)")
    folder.mkdir(parents=True, exist_ok=True)
    for sub in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"):
        (folder / sub).mkdir(exist_ok=True)
    last = ""
    for _attempt in range(3):   # a port taken between choosing and binding: choose again
        port = _free_port()
        site = render(SITE, {"LISTEN": f"127.0.0.1:{port}", "APP_A": servers[0].removeprefix("http://"),
                             "APP_B": servers[1].removeprefix("http://"),
                             "ACCESS_LOG": str(folder / "access.log")})
        # As root the workers would switch to "nobody", who cannot enter the temp folder.
        user = "user root;" if os.geteuid() == 0 else ""
        conf = folder / "nginx.conf"
        conf.write_text(render(_MAIN, {"PREFIX": str(folder), "USER": user, "SITE": site}))
        process = subprocess.Popen([str(NGINX), "-p", str(folder), "-e", str(folder / "error.log"), "-c", str(conf)],
                                   stdout=subprocess.DEVNULL, stderr=(folder / "stderr.log").open("wb"),
                                   start_new_session=True)
        url = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + START_SECONDS
        while process.poll() is None and time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(url + "/_stcore/health", timeout=2) as response:
                    if response.status == 200:
                        return Proxy(url, folder, servers, process)
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                time.sleep(0.2)   # the poll interval of a wait on the health URL
        if process.poll() is None:
            process.kill()
            process.wait(timeout=10)
        last = (folder / "stderr.log").read_text(errors="replace")
        if (folder / "error.log").exists():
            last += (folder / "error.log").read_text(errors="replace")
    shutil.rmtree(folder / "proxy", ignore_errors=True)
    raise RuntimeError(f"nginx did not start:\n{last}")
