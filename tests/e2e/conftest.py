"""Browser-test fixtures: a served app on a free loopback port and Debian's chromium.

Playwright cannot download its own browsers on these machines, so the tests drive
``/usr/bin/chromium`` (override with ``CHROMIUM``). Without it the tests are skipped,
unless ``REQUIRE_E2E=1`` (CI), where a missing browser fails the run.

Safe under pytest-xdist: every worker has its own browser and servers (session fixtures are
per worker), each server on a port of its own, and logs named after the worker.
"""
from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

try:
    from playwright.sync_api import expect
except ImportError:  # the browser fixtures say so themselves
    expect = None
else:
    # CI machines have two shared cores: an assertion waits for a slow rerun rather than fail.
    expect.set_options(timeout=20_000)

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"
CHROMIUM = Path(os.environ.get("CHROMIUM", "/usr/bin/chromium"))
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--disable-dev-shm-usage",
]
SERVER_START_SECONDS = 60
PORT_ATTEMPTS = 5   # another worker may take a free port between our look and streamlit's bind


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.e2e)


def _require_browser() -> None:
    if CHROMIUM.exists() and os.access(CHROMIUM, os.X_OK):
        return
    message = f"{CHROMIUM} is missing (make test installs it: apt-get install chromium)"
    if os.environ.get("REQUIRE_E2E") == "1":
        pytest.fail(message + "; REQUIRE_E2E=1 makes this a failure", pytrace=False)
    pytest.skip(message)


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _worker() -> str:
    """The pytest-xdist worker id (gw0, gw1, ...), or "main" without xdist."""
    return os.environ.get("PYTEST_XDIST_WORKER", "main")


def _start_server(port: int, log) -> subprocess.Popen:
    return subprocess.Popen(
        [
            sys.executable, "-m", "streamlit", "run", "streamlit_app.py",
            "--server.headless", "true", "--server.address", "127.0.0.1", "--server.port", str(port),
            "--server.fileWatcherType", "none", "--browser.gatherUsageStats", "false",
            "--global.developmentMode", "false",
        ],
        cwd=ROOT, stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
    )


def _healthy(url: str) -> bool:
    try:
        with urllib.request.urlopen(url + "/_stcore/health", timeout=2) as response:
            return response.status == 200
    except (urllib.error.URLError, ConnectionError, TimeoutError):
        return False


def _stop(process: subprocess.Popen) -> None:
    try:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=10)
    except ProcessLookupError:
        pass
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait(timeout=10)


@contextmanager
def serve_app(name: str) -> Iterator[str]:
    """Serves streamlit_app.py on a free loopback port in its own process group; yields its URL.

    Start-up is polled on the health URL. A server that exits because its port was taken in the
    meantime (a parallel worker) is started again on another free port.
    """
    ARTIFACTS.mkdir(exist_ok=True)
    log_path = ARTIFACTS / f"server-{name}-{_worker()}.log"
    log = log_path.open("wb")
    process = None
    try:
        for _attempt in range(PORT_ATTEMPTS):
            port = _free_port()
            url = f"http://127.0.0.1:{port}"
            process = _start_server(port, log)
            deadline = time.monotonic() + SERVER_START_SECONDS
            while process.poll() is None and not _healthy(url):
                if time.monotonic() > deadline:
                    raise RuntimeError(f"streamlit did not answer /_stcore/health in {SERVER_START_SECONDS} s")
                time.sleep(0.2)  # the poll interval of a wait on the health URL
            if process.poll() is None:
                break
            log.flush()
            said = log_path.read_text(errors="replace")
            if f"Port {port} is not available" not in said and f"Port {port} is already in use" not in said:
                raise RuntimeError(f"streamlit exited with {process.returncode}; see {log_path.name}")
        else:
            raise RuntimeError(f"no free port after {PORT_ATTEMPTS} attempts; see {log_path.name}")
        yield url
    finally:
        if process is not None:
            _stop(process)
        log.close()


@pytest.fixture(scope="session")
def browser(tmp_path_factory: pytest.TempPathFactory):
    """A headless Debian chromium driven by Playwright, with its config and cache in a temp folder."""
    _require_browser()
    from playwright.sync_api import sync_playwright

    home = tmp_path_factory.mktemp("chromium-home")
    env = dict(os.environ, XDG_CONFIG_HOME=str(home / "config"), XDG_CACHE_HOME=str(home / "cache"))
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, env=env, headless=True
        )
        yield chromium
        chromium.close()


@pytest.fixture(scope="session")
def app_url(browser) -> Iterator[str]:
    """The URL of one app server shared by the tests that do not need a fresh one."""
    with serve_app("shared") as url:
        yield url


@pytest.fixture
def fresh_server() -> Callable[[str], object]:
    """Starts a new app server (for deep links that must work on a server nobody has visited)."""
    return serve_app


@pytest.fixture
def new_page(browser):
    """Opens pages in fresh browser contexts (optionally with a browser locale); closes them after."""
    contexts = []

    def open_page(locale: str = "en-US"):
        context = browser.new_context(locale=locale, viewport={"width": 1280, "height": 1400})
        context.set_default_timeout(30_000)
        contexts.append(context)
        return context.new_page()

    yield open_page
    for context in contexts:
        context.close()


def wait_for_app(page) -> None:
    """Waits until the app is connected, its script has run and no skeleton is left."""
    page.wait_for_selector("[data-testid=stApp][data-test-connection-state=CONNECTED]")
    page.wait_for_selector("[data-testid=stApp][data-test-script-state=notRunning]")
    page.wait_for_function("() => !document.querySelector('[data-testid=stSkeleton]')")


def choose(page, key: str, option: str) -> None:
    """Opens the selectbox of widget ``key`` and picks ``option``. A click that lands while the page is
    still laying itself out (a card table above) can leave the list closed: then it is clicked again (a
    condition, not a sleep)."""
    wait_for_app(page)
    box = page.locator(f".st-key-{key}").get_by_role("combobox")
    wanted = page.get_by_role("option", name=option, exact=True)
    for _attempt in range(3):
        box.click()
        try:
            expect(wanted).to_be_visible(timeout=3_000)
            break
        except AssertionError:
            page.keyboard.press("Escape")
    wanted.click()
    wait_for_app(page)


def screenshot(page, name: str) -> Path:
    """Saves a full-page screenshot under test-artifacts/ and returns its path."""
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.evaluate("() => document.fonts.ready")      # the text is drawn in its own font
    page.screenshot(path=str(path), full_page=True, animations="disabled")
    return path


# ---------------------------------------------------------------------------- nginx, two servers, one PostgreSQL

def _require_nginx() -> None:
    from tests.e2e import nginx

    if nginx.NGINX.is_file() and os.access(nginx.NGINX, os.X_OK):
        return
    message = f"{nginx.NGINX} is missing (make test installs it: apt-get install nginx)"
    if os.environ.get("REQUIRE_E2E") == "1":
        pytest.fail(message + "; REQUIRE_E2E=1 makes this a failure", pytrace=False)
    pytest.skip(message)


@pytest.fixture(scope="module")
def pg_database():
    """A fresh database on a throwaway PostgreSQL cluster (fails, never skips, when PostgreSQL cannot start)."""
    import uuid

    import psycopg

    from tests.storage.pg_cluster import USER, ClusterError, start_cluster

    try:
        cluster = start_cluster()
    except ClusterError as exc:
        pytest.fail(f"PostgreSQL is required for the classes browser tests and did not start: {exc}", pytrace=False)
    name = f"classes_{uuid.uuid4().hex[:8]}"
    with psycopg.connect(host="127.0.0.1", port=cluster.port, user=USER, dbname="postgres", autocommit=True) as c:
        c.execute(f'CREATE DATABASE "{name}"')
    yield cluster.url(name)
    cluster.stop()


WARM_UP_MS = 300_000   # a server's first run imports the whole app: minutes on two shared cores


def _warm(browser, proxy) -> None:
    """Opens each server once through nginx, so that the tests' waits measure the page, not the first import."""
    for index in (0, 1):
        context = browser.new_context()
        try:
            proxy.pin(context, index)
            context.set_default_timeout(WARM_UP_MS)
            page = context.new_page()
            page.goto(proxy.url + "/classes?lang=en")
            wait_for_app(page)
        finally:
            context.close()


@pytest.fixture(scope="module")
def behind_nginx(browser, pg_database, tmp_path_factory):
    """Debian's nginx (tests/e2e/nginx.py, the config of docs/CAPACITY.md) in front of two `streamlit run`
    servers on one PostgreSQL database, the servers trusting nginx's X-Forwarded-For; yields the Proxy.

    ``proxy.url`` is the address the browser uses; ``proxy.pin(context, 0 or 1)`` sends a context to
    server A or B (sticky by nginx's route cookie); ``proxy.access_log`` is nginx's access log and
    ``proxy.server_logs`` the two servers' output. Fails (REQUIRE_E2E=1) or skips without nginx.
    """
    from tests.e2e import nginx

    _require_nginx()
    patch = pytest.MonkeyPatch()
    patch.setenv("MAKAO_DB_URL", pg_database)            # inherited by the servers' processes
    patch.setenv("MAKAO_TRUSTED_PROXIES", nginx.TRUSTED_PROXY)
    name = f"proxied-{os.getpid()}-{len(list(ARTIFACTS.glob('server-proxied-*')))}"
    try:
        with serve_app(name + "-a") as first, serve_app(name + "-b") as second:
            proxy = nginx.start((first, second), tmp_path_factory.mktemp("nginx"))
            proxy.server_logs = tuple(ARTIFACTS / f"server-{name}-{x}-{_worker()}.log" for x in "ab")
            try:
                _warm(browser, proxy)
                yield proxy
            finally:
                proxy.stop()
                ARTIFACTS.mkdir(exist_ok=True)
                if proxy.access_log.exists():
                    shutil.copy(proxy.access_log, ARTIFACTS / f"nginx-access-{name}-{_worker()}.log")
    finally:
        patch.undo()
