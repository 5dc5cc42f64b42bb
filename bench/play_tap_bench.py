"""Play taps in Chromium, beside a trivial app's clicks in the same run: tap → table settled, server CPU
and websocket bytes per tap; and "seen": press → the first frame that shows it (a lone card on its way
to the pile, which the browser moves first; the trivial app's new text), looked for in the page itself
once per animation frame from the press on.

A tap is timed from the click until the card table has been drawn again for it (its ``data-stamp``
changed) and the app's script has stopped running; the trivial app's click until its counter shows the
new number and the script has stopped. Server CPU per tap is the server process's user + system time
over that span (psutil); "CPU all/tap" is the server's CPU over the whole run divided by the taps, the
computer players' moves between them included; bytes are the websocket frames the page received. ``--before DIR``
serves a second checkout of Makao Tutor (e.g. the commit before a change, from ``git archive``) in
the same run, so before and after are measured on the same machine load.

The learner's habit, as tests/e2e/test_play_browser.py: the wish picker's first choice, a card one tap
plays, the selection again, the first lit card, else draw / wait / pass. Danish rules, club players,
the computer players' pace "fast"; a round that ends is dealt again with the next seed. Loopback only,
bounded: ``--taps`` taps per app.

    python bench/play_tap_bench.py --taps 40
    python bench/play_tap_bench.py --before /tmp/makao-before --port 8611
"""
from __future__ import annotations

import argparse
import functools
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from load_bench import CLIENT_CORE, ROOT, SERVER_CORE, TRIVIAL, Server

sys.path.insert(0, str(ROOT))
from tests.e2e.pace import set_pace

SETTLED = "() => document.querySelector('[data-testid=stApp]').dataset.testScriptState === 'notRunning'"
# The card table lives in its component's shadow root: document.querySelector does not reach it.
FIND = """(sel) => { const d = document.querySelector(sel); if (d) return d;
    for (const h of document.querySelectorAll('*')) { if (h.shadowRoot) { const n = h.shadowRoot.querySelector(sel);
    if (n) return n; } } return null; }"""


# Installed before any page script: at the press (the event's own time stamp; pointer events cross the
# component's shadow root) a loop in the page looks once per animation frame for ``window.__cond`` and
# notes the first frame in which it holds, in ms after the press, without a round trip to this client.
PRESSED = """document.addEventListener('pointerdown', (e) => {
    window.__down = e.timeStamp; window.__seen = undefined;
    const cond = window.__cond; if (!cond) return;
    const look = () => { if (cond()) window.__seen = performance.now() - window.__down;
                         else requestAnimationFrame(look); };
    requestAnimationFrame(look); }, true);"""


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


class Page:
    """A Chromium page that counts the websocket bytes it receives."""

    def __init__(self, browser, url: str):
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        context.add_init_script(PRESSED)
        self.page = context.new_page()
        self.page.set_default_timeout(60_000)
        self.received = 0
        self.page.on("websocket", lambda ws: ws.on("framereceived", self._count))
        self.url = url

    def _count(self, payload) -> None:
        self.received += len(payload)

    def settle(self, timeout: float = 60_000) -> None:
        self.page.wait_for_function(SETTLED, timeout=timeout)


def measure(server: Server, page: Page, click, done: str, seen: str | None = None) -> tuple[float, float, int, float]:
    """Seconds, server CPU ms and bytes from ``click()`` until the JS condition ``done`` holds, settled;
    and, when ``seen`` is given, ms from the press to the first frame that shows it (nan otherwise)."""
    cpu, received = server.cpu_seconds(), page.received
    page.page.evaluate("(cond) => { window.__cond = cond ? eval(cond) : null; }", seen)
    started = time.perf_counter()
    click()
    shown = float("nan")
    if seen is not None:
        page.page.wait_for_function("() => window.__seen !== undefined")
        shown = page.page.evaluate("window.__seen")
    page.page.wait_for_function(f"() => ({done})() && ({SETTLED})()")
    seconds = time.perf_counter() - started
    time.sleep(0.05)                       # the server's bookkeeping after its last message
    return seconds, (server.cpu_seconds() - cpu) * 1000, page.received - received, shown


def trivial_clicks(server: Server, browser, taps: int) -> list[tuple[float, float, int, float]]:
    page = Page(browser, server.url)
    page.page.goto(server.url, timeout=240_000)
    page.settle(240_000)
    out: list[tuple[float, float, int, float]] = []
    cpu = server.cpu_seconds()
    for n in range(1, taps + 1):
        said = f"() => document.body.innerText.includes('Clicks so far: {n}')"
        out.append(measure(server, page, lambda: page.page.locator(".st-key-trivial_click button").click(), said, said))
    TOTALS[id(out)] = (server.cpu_seconds() - cpu) * 1000 / max(1, len(out))
    return out


def deal(page: Page, seed: int) -> None:
    p = page.page
    p.locator(".st-key-play_set_seed input").fill(str(seed))
    p.locator(".st-key-play_set_seed input").press("Enter")
    page.settle()
    p.locator(".st-key-play_deal button").click()
    p.wait_for_selector(".ct-felt")
    page.settle()


def next_tap(p):
    """The habit's next control on the table, or None while the computer players move."""
    headline = p.locator(".ct-headline").inner_text()
    if "Your turn" not in headline and "You are out" not in headline:
        return None
    for selector in ('.ct-buttons button[data-action="finish"]', ".ct-picker button", ".ct-hand button.ct-card[data-alone=true]", ".ct-hand .ct-card.is-selected",
                     ".ct-hand button.ct-card.is-legal",
                     '.ct-buttons button[data-action="draw"], .ct-buttons button[data-action="wait"], '
                     '.ct-buttons button[data-action="pass"]'):
        found = p.locator(selector)
        if found.count():
            return found.first
    return None


def play_taps(server: Server, browser, taps: int, seed: int) -> list[tuple[float, float, int, float]]:
    from playwright.sync_api import TimeoutError as PlaywrightTimeout
    page = Page(browser, server.url)
    p = page.page
    p.goto(server.url + "/play?variant=da&lang=en", timeout=240_000)
    page.settle(240_000)           # a server's first Play page imports the app: minutes on a busy machine
    deal(page, seed)
    set_pace(p, "fast")
    page.settle()
    out: list[tuple[float, float, int, float]] = []
    cpu = server.cpu_seconds()
    deadline = time.monotonic() + 60 * 20
    while len(out) < taps and time.monotonic() < deadline:
        if "The round is over" in p.locator(".ct-headline").inner_text():
            p.locator(".st-key-play_again button").first.click()  # the next seed's cards
            p.wait_for_function(f"() => !/The round is over/.test((({FIND})('.ct-headline') || {{}}).innerText || '')")
            page.settle()
            continue
        target = next_tap(p)
        if target is None:
            p.wait_for_function(f"() => /Your turn|You are out|The round is over/.test("
                                f"(({FIND})('.ct-headline') || {{}}).innerText || '')")
            page.settle()
            continue
        stamp = p.locator(".ct-root").get_attribute("data-stamp") or ""
        drawn = f"() => ((({FIND})('.ct-root') || {{dataset: {{}}}}).dataset.stamp || '') !== {stamp!r}"
        # A lone card flies to the pile at the press (the browser moves first): seen when it is on its way.
        lone = target.get_attribute("data-alone") == "true"
        on_pile = f"() => (({FIND})('.ct-root') || {{dataset: {{}}}}).dataset.flown !== undefined || ({drawn})()"
        try:
            out.append(measure(server, page, functools.partial(target.click, timeout=5_000), drawn,
                               on_pile if lone else None))
        except PlaywrightTimeout:     # the control was drawn anew under the click (a computer move): look again
            page.settle()
    TOTALS[id(out)] = (server.cpu_seconds() - cpu) * 1000 / max(1, len(out))
    return out


TOTALS: dict[int, float] = {}     # a run's whole server CPU per tap, the computer players' moves included


def report(name: str, runs: list[tuple[float, float, int, float]]) -> None:
    ms = [r[0] * 1000 for r in runs]
    cpu = [r[1] for r in runs]
    kb = [r[2] / 1024 for r in runs]
    seen = [r[3] for r in runs if r[3] == r[3]]
    print(f"{name:<22}{len(runs):>6}{pct(ms, 0.5):>9.0f}{pct(ms, 0.95):>9.0f}{statistics.mean(cpu):>12.1f}"
          f"{pct(cpu, 0.5):>10.1f}{TOTALS.get(id(runs), float('nan')):>12.1f}{statistics.mean(kb):>10.1f}"
          f"{len(seen):>7}{pct(seen, 0.5):>10.0f}{pct(seen, 0.95):>10.0f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--taps", type=int, default=40, help="taps (clicks) per app")
    parser.add_argument("--seed", type=int, default=3, help="the first deal's seed")
    parser.add_argument("--before", type=Path, help="another checkout of Makao Tutor to measure in the same run")
    parser.add_argument("--port", type=int, default=0, help="first port of the servers (0: free ports)")
    args = parser.parse_args()
    if (os.cpu_count() or 1) > CLIENT_CORE:
        os.sched_setaffinity(0, {CLIENT_CORE})
    apps = [("trivial", TRIVIAL, ROOT), ("makao (this)", ROOT / "streamlit_app.py", ROOT)]
    if args.before:
        root = args.before.resolve()
        apps.append(("makao (before)", root / "streamlit_app.py", root))
    from playwright.sync_api import sync_playwright

    artifacts = ROOT / "test-artifacts"
    artifacts.mkdir(exist_ok=True)
    servers = []
    try:
        for index, (_name, script, cwd) in enumerate(apps):
            port = args.port + index if args.port else 0
            servers.append(Server(script, SERVER_CORE, artifacts / f"play-tap-{index}.log", cwd, port=port))
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=os.environ.get("CHROMIUM", "/usr/bin/chromium"), headless=True,
                args=["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run"])
            results = {}
            for (name, _script, _cwd), server in zip(apps, servers, strict=True):
                if name == "trivial":
                    trivial_clicks(server, browser, 3)                    # warm
                    results[name] = trivial_clicks(server, browser, args.taps)
                else:
                    play_taps(server, browser, 4, args.seed + 100)         # warm: imports, catalogs, sprites
                    results[name] = play_taps(server, browser, args.taps, args.seed)
            browser.close()
        print(f"\n{'app':<22}{'taps':>6}{'p50 ms':>9}{'p95 ms':>9}{'CPU ms/tap':>12}{'CPU p50':>10}{'CPU all/tap':>12}"
              f"{'KB/tap':>10}{'shown':>7}{'seen p50':>10}{'seen p95':>10}")
        for name, runs in results.items():
            report(name, runs)
        print(f"(server on core {SERVER_CORE}, Chromium and this client on core {CLIENT_CORE}; "
              f"load average {os.getloadavg()[0]:.1f})")
    finally:
        for server in servers:
            server.stop()


if __name__ == "__main__":
    main()
