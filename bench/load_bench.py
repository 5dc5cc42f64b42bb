"""Load benchmark: N sessions clicking one app server pinned to one core, beside a trivial app.

In the spirit of Streamlit's own server load-testing harness (sessions driving a served app,
``psutil`` metrics of the server process), with one difference forced by this machine: 30
Chromium contexts cannot run on one core, so the sessions are driven at the websocket level
with Streamlit's own protocol messages (``streamlit.proto`` BackMsg/ForwardMsg), exactly what
the browser sends: a ``rerun_script`` carrying the page, the widget states (a button's trigger,
a toggle's value) and the hashes of the large elements the client already holds (Streamlit's
forward-message cache answers those with a reference). What this leaves out is the browser's
own rendering, which runs on the pupil's machine, not the server's. ``--browsers K`` adds K real
Chromium pages (Playwright) that click alongside and report click → updated content.

The server (``streamlit run``) is pinned to core 0 with ``taskset``, this client to core 1.
Each session follows a realistic mix of what pupils do — lesson steps on Learn, deals and plays
in the Sandbox, toggles on Compare, quiz answers in Practice, a Play deal and taps at its card
table (cards, buttons and the computer players' timed moves, as the component sends them), page
switches — one click every
``--interval`` seconds (jittered), for ``--seconds`` per row. The trivial app
(``bench/trivial_app.py``) runs through the same harness in the same run as the floor.

Reported per row: clicks, click → script finished p50/p95/max (server side, over the websocket),
server CPU ms per click, payload bytes per click, server memory; and, from a quiet pass with one
session, server CPU ms and bytes per click by kind. Loopback only; every loop is bounded.

    python bench/load_bench.py                  # rows 1, 10, 30; 60 s each
    python bench/load_bench.py --sessions 30 --seconds 30 --browsers 2
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import time
import urllib.request
import zlib
from collections import defaultdict
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path

import psutil
import websockets
from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

ROOT = Path(__file__).resolve().parents[1]
TRIVIAL = ROOT / "bench" / "trivial_app.py"
# name → (script, folder it is served from, pupil). The folder decides the configuration: ROOT has
# this app's .streamlit/config.toml; "trivial-default" runs from an empty folder, Streamlit's defaults.
APPS = {
    "trivial-default": (TRIVIAL, None, "trivial"),
    "trivial": (TRIVIAL, ROOT, "trivial"),
    "makao": (ROOT / "streamlit_app.py", ROOT, "makao"),
}
SERVER_CORE, CLIENT_CORE = 0, 1
RERUN_TIMEOUT = 60.0           # a click that gets no finished run in this time counts as an error
MAX_CACHE_AGE = 2              # runs a cached element stays referable (global.maxCachedMessageAge)
FINISHED = ForwardMsg.ScriptFinishedStatus.Value("FINISHED_SUCCESSFULLY")
FRAGMENT_FINISHED = ForwardMsg.ScriptFinishedStatus.Value("FINISHED_FRAGMENT_RUN_SUCCESSFULLY")


# ------------------------------------------------------------------------------ the server

def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Server:
    """One ``streamlit run`` of an app on a loopback port, pinned to a core, in its own process group."""

    def __init__(self, app: Path, core: int, log: Path, cwd: Path, port: int = 0):
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        command = [sys.executable, "-m", "streamlit", "run", str(app), "--server.headless", "true",
                   "--server.address", "127.0.0.1", "--server.port", str(self.port),
                   "--server.fileWatcherType", "none", "--browser.gatherUsageStats", "false",
                   "--global.developmentMode", "false", "--logger.level", "warning"]
        if _can_pin(core):
            command = ["taskset", "-c", str(core), *command]
        self.log = log.open("wb")
        self.process = subprocess.Popen(command, cwd=cwd, stdout=self.log, stderr=subprocess.STDOUT,
                                        start_new_session=True)
        deadline = time.monotonic() + 60
        while True:
            if self.process.poll() is not None:
                raise RuntimeError(f"{app.name} exited with {self.process.returncode}; see {log}")
            try:
                with urllib.request.urlopen(self.url + "/_stcore/health", timeout=2):
                    break
            except OSError:
                if time.monotonic() > deadline:
                    raise RuntimeError(f"{app.name} did not answer /_stcore/health in 60 s") from None
                time.sleep(0.2)
        self.ps = psutil.Process(self.process.pid)

    def cpu_seconds(self) -> float:
        """User + system CPU of the server process (its threads included)."""
        times = self.ps.cpu_times()
        return times.user + times.system

    def rss_mb(self) -> float:
        return self.ps.memory_info().rss / 2**20

    def stop(self) -> None:
        try:
            os.killpg(self.process.pid, signal.SIGTERM)
            self.process.wait(timeout=10)
        except ProcessLookupError:
            pass
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=10)
        self.log.close()


def _can_pin(core: int) -> bool:
    return core < (os.cpu_count() or 1) and subprocess.run(["which", "taskset"], capture_output=True).returncode == 0


# ------------------------------------------------------------------------- one session

@dataclass
class Widget:
    kind: str                     # the element type: button, checkbox (toggles too), radio, ...
    id: str
    options: tuple[str, ...] = ()
    fragment: str = ""            # the st.fragment it is drawn in: its changes rerun that part alone
    data: str = ""                # a custom component's data (JSON), e.g. the Play card table


@dataclass
class Run:
    """What one click cost, as the client saw it."""

    kind: str
    seconds: float
    payload: int                  # bytes of ForwardMsgs received (after websocket decompression)
    deflated: int                 # the same messages zlib-compressed one by one: near the wire size
    elements: int
    references: int               # large elements answered with a cache reference
    ok: bool = True


class Session:
    """A Streamlit client at the protocol level: reruns with widget states, the message cache, pages."""

    def __init__(self, url: str):
        self.url = url
        self.pages: dict[str, str] = {}           # url path ("" for the default page) → page script hash
        self.page_hash = ""
        self.widgets: dict[str, Widget] = {}      # user key → the widget of the last run
        self.values: dict[str, BackMsg] = {}      # widget id → its current (non-trigger) state
        self.cache: dict[str, tuple[ForwardMsg, int]] = {}   # hash → (message, run it was last used)
        self.run_index = 0
        self.ws = None

    async def open(self, query: str = "") -> Run:
        self.ws = await websockets.connect(
            self.url.replace("http", "ws") + "/_stcore/stream", subprotocols=["streamlit"],
            origin=self.url, max_size=2**26, open_timeout=RERUN_TIMEOUT, ping_interval=None)
        return await self.rerun("open", query=query)

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()

    def has(self, key: str) -> bool:
        return key in self.widgets

    def keys(self, prefix: str) -> list[str]:
        return [k for k in self.widgets if k.startswith(prefix)]

    async def goto(self, url_path: str, kind: str = "page switch") -> Run:
        self.page_hash = self.pages[url_path]
        self.values.clear()               # widgets of the page left behind are unmounted
        return await self.rerun(kind)

    async def click(self, key: str, kind: str) -> Run:
        widget = self.widgets[key]
        return await self.rerun(kind, trigger=widget.id, fragment=widget.fragment)

    async def set_bool(self, key: str, value: bool, kind: str) -> Run:
        widget = self.widgets[key]
        state = self._state(widget.id)
        state.bool_value = value
        return await self.rerun(kind, fragment=widget.fragment)

    async def choose(self, key: str, option: str, kind: str) -> Run:
        widget = self.widgets[key]
        state = self._state(widget.id)
        state.string_value = option
        return await self.rerun(kind, fragment=widget.fragment)

    async def send_action(self, key: str, action: dict, kind: str) -> Run:
        """A tap inside a bidirectional component, as its setTriggerValue("action", …) sends it."""
        from streamlit.components.v2.bidi_component.main import _make_trigger_id
        from streamlit.proto.WidgetStates_pb2 import WidgetState
        widget = self.widgets[key]
        event = WidgetState(id=_make_trigger_id(widget.id, "events"),
                            json_trigger_value=json.dumps([{"event": "action", "value": action}]))
        return await self.rerun(kind, fragment=widget.fragment, extra=event)

    def table(self, key: str) -> dict:
        widget = self.widgets.get(key)
        return json.loads(widget.data) if widget is not None and widget.data else {}

    def _state(self, widget_id: str):
        from streamlit.proto.WidgetStates_pb2 import WidgetState
        state = WidgetState(id=widget_id)
        self.values[widget_id] = state
        return state

    async def rerun(self, kind: str, trigger: str | None = None, query: str = "", fragment: str = "",
                    extra=None) -> Run:
        message = self._rerun_message(trigger, query, fragment, extra)
        started = time.perf_counter()
        await self.ws.send(message.SerializeToString())
        run = Run(kind, 0.0, 0, 0, 0, 0)
        widgets: dict[str, Widget] = {}
        await self._receive(run, widgets, started + RERUN_TIMEOUT)
        run.seconds = time.perf_counter() - started
        self.run_index += 1
        if fragment:                          # a fragment run redraws its own part only
            self.widgets.update(widgets)
        elif widgets or run.ok:
            self.widgets = widgets
        return run

    def _rerun_message(self, trigger: str | None, query: str, fragment: str, extra) -> BackMsg:
        """The browser's rerun request: every live widget value, the trigger, the cached message hashes."""
        message = BackMsg()
        client = message.rerun_script
        client.query_string = query
        client.page_script_hash = self.page_hash
        client.fragment_id = fragment         # as the browser does for a widget inside a fragment
        client.context_info.locale = "en-US"
        client.context_info.timezone = "UTC"
        client.context_info.url = self.url + "/"
        live = list(self.values.values())
        for state in live:
            client.widget_states.widgets.append(state)
        if trigger is not None:
            client.widget_states.widgets.add(id=trigger, trigger_value=True)
        if extra is not None:
            client.widget_states.widgets.append(extra)
        client.cached_message_hashes.extend(
            h for h, (_, used) in self.cache.items() if self.run_index - used < MAX_CACHE_AGE)
        return message

    async def _receive(self, run: Run, widgets: dict[str, Widget], deadline: float) -> None:
        """Reads frames until the script has finished; a timeout or a closed socket marks the run failed."""
        while True:
            remaining = deadline - time.perf_counter()
            if remaining <= 0:
                run.ok = False
                return
            try:
                frame = await asyncio.wait_for(self.ws.recv(), remaining)
            except (TimeoutError, websockets.ConnectionClosed):
                run.ok = False
                return
            if self._read_frame(frame, run, widgets):
                return

    def _read_frame(self, frame: bytes, run: Run, widgets: dict[str, Widget]) -> bool:
        """Counts and reads one frame (a cached message by its hash too); True once the script has finished."""
        run.payload += len(frame)
        run.deflated += len(zlib.compress(frame, 6))
        forward = ForwardMsg()
        forward.ParseFromString(frame)
        which = forward.WhichOneof("type")
        if which == "ref_hash":
            run.references += 1
            cached = self.cache.get(forward.ref_hash)
            if cached is None:
                return False
            forward = cached[0]
            which = "delta"
        if forward.metadata.cacheable and forward.hash:
            self.cache[forward.hash] = (forward, self.run_index)
        if which == "delta":
            if forward.hash in self.cache:
                self.cache[forward.hash] = (forward, self.run_index)
            self._read_delta(forward, widgets)
            run.elements += 1
        elif which == "navigation":
            for page in forward.navigation.app_pages:
                self.pages[page.url_pathname] = page.page_script_hash
                if page.is_default:
                    self.pages[""] = page.page_script_hash
            self.page_hash = forward.navigation.page_script_hash or self.page_hash
        elif which == "new_session":
            self.page_hash = self.page_hash or forward.new_session.page_script_hash
        elif which == "script_finished" and forward.script_finished in (FINISHED, FRAGMENT_FINISHED):
            return True
        return False

    @staticmethod
    def _read_delta(forward: ForwardMsg, widgets: dict[str, Widget]) -> None:
        if forward.delta.WhichOneof("type") != "new_element":
            return
        element = forward.delta.new_element
        kind = element.WhichOneof("type")
        if kind is None:
            return
        body = getattr(element, kind)
        widget_id = getattr(body, "id", "") if hasattr(body, "id") else ""
        if not widget_id or "-" not in widget_id:
            return
        key = widget_id.split("-", 2)[-1] if widget_id.startswith("$$ID-") else ""
        if key and key != "None":
            options = tuple(getattr(body, "options", ()) or ())
            data = body.json if kind == "bidi_component" else ""
            widgets[key] = Widget(kind, widget_id, tuple(str(o) for o in options), forward.delta.fragment_id, data)


# ------------------------------------------------------------------------- what pupils do

async def _learn(session: Session, rng: random.Random) -> AsyncIterator[Run]:
    yield await session.goto("learn")
    starts = session.keys("learn_start_")
    if not starts:
        return
    yield await session.click(rng.choice(starts[:6]), "lesson step")
    for _ in range(6):
        if session.has("learn_next"):
            yield await session.click("learn_next", "lesson step")
        elif session.has("learn_next_lesson"):
            yield await session.click("learn_next_lesson", "lesson step")
        elif session.keys("learn_card_") and session.has("learn_play"):
            yield await session.click(rng.choice(session.keys("learn_card_")), "lesson step")
            if session.has("learn_play"):
                yield await session.click("learn_play", "lesson step")
        elif session.has("learn_draw"):
            yield await session.click("learn_draw", "lesson step")
        else:
            return


async def _sandbox(session: Session, rng: random.Random) -> AsyncIterator[Run]:
    yield await session.goto("sandbox")
    yield await session.click("sandbox_deal", "sandbox play")
    for _ in range(3):
        moves = session.keys("sandbox_move_")
        if not moves:
            break
        yield await session.click(rng.choice(moves), "sandbox play")
    if session.has("sandbox_undo"):
        yield await session.click("sandbox_undo", "sandbox play")


async def _compare(session: Session, rng: random.Random) -> AsyncIterator[Run]:
    yield await session.goto("variants")
    if session.has("compare_only_differences"):
        yield await session.set_bool("compare_only_differences", True, "compare toggle")
        yield await session.set_bool("compare_only_differences", False, "compare toggle")


async def _practice(session: Session, rng: random.Random) -> AsyncIterator[Run]:
    yield await session.goto("practice")
    for _ in range(3):
        choices = session.keys("_practice_choice_")
        picks = session.keys("_practice_pick_")
        if choices and session.widgets[choices[0]].options:
            widget = session.widgets[choices[0]]
            yield await session.choose(choices[0], rng.choice(widget.options), "quiz answer")
        elif picks:
            yield await session.set_bool(rng.choice(picks), True, "quiz answer")
        if session.has("practice_check"):
            yield await session.click("practice_check", "quiz answer")
        if session.has("practice_next"):
            yield await session.click("practice_next", "quiz answer")


PLAY_TAPS = 8                  # taps at the Play table per visit (the computer players' moves come between)


def play_tap(table: dict) -> dict | None:
    """What the browser sends next at the Play table, as a learner's habit: the computer player's move
    when its timer runs, the wish picker's first choice, a card one tap plays, the selection again, the
    first lit card, else draw / wait / pass."""
    if table.get("timer"):
        return table["timer"]["action"]
    if table.get("picker"):
        return table["picker"]["options"][0]["action"]
    cards = [c for c in table.get("hand", {}).get("cards", []) if c.get("action")]
    for pick in (lambda c: c.get("alone"), lambda c: c["state"] == "selected", lambda c: c["state"] == "legal"):
        found = [c for c in cards if pick(c)]
        if found:
            return (found[-1] if found[0]["state"] == "selected" else found[0])["action"]
    buttons = [b for b in table.get("buttons", []) if b["id"] in ("draw", "wait", "pass", "finish")]
    return buttons[0]["action"] if buttons else None


async def _play(session: Session, rng: random.Random) -> AsyncIterator[Run]:
    # A deal (the page's heaviest click), then taps inside the card-table component as the browser
    # sends them: the learner's cards and buttons, and each computer player's move when its timer runs.
    if "play" not in session.pages:
        return
    yield await session.goto("play")
    if session.has("play_deal"):
        yield await session.click("play_deal", "play deal")
    for _ in range(PLAY_TAPS):
        table = session.table("play_table")
        action = play_tap(table) if table else None
        if action is None:
            return
        kind = "play computer move" if action.get("type") == "step" else "play tap"
        yield await session.send_action("play_table", dict(action, nonce=rng.random()), kind)


async def _home(session: Session, rng: random.Random) -> AsyncIterator[Run]:
    yield await session.goto("", "page switch")


SECTIONS = (_learn, _sandbox, _compare, _practice, _play, _home)
# A class that mostly plays (issue #25's "Play-heavy" row): three Play deals with their taps for one
# Practice quiz and one page switch.
PLAY_HEAVY = (_play, _play, _practice, _play, _home)
MIX = {"sections": SECTIONS}


async def makao_pupil(session: Session, rng: random.Random) -> AsyncIterator[Run]:
    """One pupil's round of the app: lesson steps, Sandbox plays, Compare toggles, quiz answers, a Play deal.

    Each pupil starts the round at a section of its own (by its seed), so a row of sessions is a mix
    of every kind of click from its first seconds on.
    """
    sections = MIX["sections"]
    first = rng.randrange(len(sections))
    for section in sections[first:] + sections[:first]:
        async for run in section(session, rng):
            yield run


async def trivial_pupil(session: Session, rng: random.Random) -> AsyncIterator[Run]:
    """The floor: the same rhythm of clicks on a page with a button and a toggle."""
    for _ in range(4):
        yield await session.click("trivial_click", "button")
    yield await session.set_bool("trivial_toggle", True, "toggle")
    yield await session.set_bool("trivial_toggle", False, "toggle")


PUPILS = {"makao": makao_pupil, "trivial": trivial_pupil}


def pupil_of(app: str):
    return PUPILS[APPS[app][2]]


# ------------------------------------------------------------------------------ a row

@dataclass
class Row:
    app: str
    sessions: int
    runs: list[Run] = field(default_factory=list)
    cpu: float = 0.0
    wall: float = 0.0
    rss_start: float = 0.0
    rss_peak: float = 0.0
    open_seconds: list[float] = field(default_factory=list)
    load: float = 0.0             # the machine's 1-minute load average at the end of the row


async def _pupil_loop(app: str, url: str, seed: int, until: float, interval: float, row: Row,
                      stagger: float) -> None:
    rng = random.Random(seed)
    await asyncio.sleep(stagger)
    session = Session(url)
    try:
        opened = await session.open()
        row.open_seconds.append(opened.seconds)
        while time.monotonic() < until:
            async for run in pupil_of(app)(session, rng):
                row.runs.append(run)
                if not run.ok or time.monotonic() >= until:
                    return
                await asyncio.sleep(max(0.0, rng.uniform(0.6, 1.4) * interval))
    finally:
        await session.close()


async def _sample_memory(server: Server, row: Row, until: float) -> None:
    while time.monotonic() < until:
        row.rss_peak = max(row.rss_peak, server.rss_mb())
        await asyncio.sleep(0.5)


async def load_row(app: str, server: Server, sessions: int, seconds: float, interval: float,
                   seed: int) -> Row:
    """Runs ``sessions`` pupils for ``seconds``; each clicks every ``interval`` s (±40 %)."""
    row = Row(app, sessions, rss_start=server.rss_mb())
    row.rss_peak = row.rss_start
    cpu0, wall0 = server.cpu_seconds(), time.monotonic()
    until = wall0 + seconds
    tasks = [_pupil_loop(app, server.url, seed + i, until, interval, row, stagger=interval * i / max(1, sessions))
             for i in range(sessions)]
    await asyncio.gather(*tasks, _sample_memory(server, row, until + 1))
    row.cpu, row.wall = server.cpu_seconds() - cpu0, time.monotonic() - wall0
    row.load = os.getloadavg()[0]
    return row


async def quiet_pass(app: str, server: Server, rounds: int, seed: int) -> dict[str, list[tuple[float, Run]]]:
    """One session alone: server CPU and bytes of every click, by kind (nothing else runs)."""
    by_kind: dict[str, list[tuple[float, Run]]] = defaultdict(list)
    session = Session(server.url)
    await session.open()
    rng = random.Random(seed)
    try:
        for _ in range(rounds):
            gen = pupil_of(app)(session, rng)
            while True:
                before = server.cpu_seconds()
                try:
                    run = await gen.__anext__()
                except StopAsyncIteration:
                    break
                await asyncio.sleep(0.05)      # the server finishes its bookkeeping after the last message
                by_kind[run.kind].append((server.cpu_seconds() - before, run))
    finally:
        await session.close()
    return by_kind


# --------------------------------------------------------------------------- browsers

def browser_clicks(url: str, seconds: float, interval: float, count: int, results: list[float]) -> None:
    """Real Chromium pages clicking Sandbox deals; each click timed until the page has settled."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=os.environ.get("CHROMIUM", "/usr/bin/chromium"), headless=True,
            args=["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run"])
        pages = []
        for _ in range(count):
            page = browser.new_context(viewport={"width": 1280, "height": 1000}).new_page()
            page.set_default_timeout(60_000)
            page.goto(url + "/sandbox")
            page.wait_for_selector("[data-testid=stApp][data-test-script-state=notRunning]")
            pages.append(page)
        until = time.monotonic() + seconds
        while time.monotonic() < until:
            for page in pages:
                # The review's method: a MutationObserver on the main area, then the click, then a
                # change plus the app's "not running" state.
                page.evaluate("""() => { window.__changed = false;
                    new MutationObserver(() => { window.__changed = true; }).observe(
                        document.querySelector('[data-testid=stMain]'),
                        {subtree: true, childList: true, attributes: true, characterData: true}); }""")
                started = time.perf_counter()
                page.locator(".st-key-sandbox_deal button").click()
                page.wait_for_function(
                    "() => window.__changed && document.querySelector('[data-testid=stApp]')"
                    ".dataset.testScriptState === 'notRunning' && document.querySelectorAll('svg.makao-card').length > 0")
                results.append(time.perf_counter() - started)
            time.sleep(interval)
        browser.close()


# ------------------------------------------------------------------------------ report

def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    values = sorted(values)
    return values[min(len(values) - 1, int(round(q * (len(values) - 1))))]


def print_kinds(app: str, by_kind: dict[str, list[tuple[float, Run]]]) -> float:
    print(f"\n{app}: one session alone, by kind of click")
    print(f"{'kind':<16}{'clicks':>7}{'CPU ms p50':>12}{'CPU ms mean':>13}{'payload KiB':>13}"
          f"{'deflated KiB':>14}{'refs':>6}{'ms p50':>8}")
    total_cpu, total_clicks = 0.0, 0
    for kind, items in sorted(by_kind.items()):
        cpu = [c * 1000 for c, _ in items]
        total_cpu += sum(cpu)
        total_clicks += len(items)
        print(f"{kind:<16}{len(items):>7}{statistics.median(cpu):>12.1f}{statistics.mean(cpu):>13.1f}"
              f"{statistics.mean(r.payload for _, r in items) / 1024:>13.1f}"
              f"{statistics.mean(r.deflated for _, r in items) / 1024:>14.1f}"
              f"{statistics.mean(r.references for _, r in items):>6.1f}"
              f"{statistics.median(r.seconds for _, r in items) * 1000:>8.0f}")
    mean = total_cpu / max(1, total_clicks)
    print(f"{'all clicks':<16}{total_clicks:>7}{'':>12}{mean:>13.1f}")
    return mean


def print_rows(rows: list[Row], floor_cpu: float | None) -> None:
    print(f"\n{'app':<16}{'sessions':>9}{'clicks':>8}{'errors':>7}{'p50 ms':>8}{'p95 ms':>8}{'max ms':>8}"
          f"{'CPU ms/click':>13}{'x floor':>8}{'CPU busy':>9}{'KiB/click':>10}{'RSS MB':>14}{'open p50':>9}{'load':>6}")
    for row in rows:
        ok = [r for r in row.runs if r.ok]
        latency = [r.seconds * 1000 for r in ok]
        clicks = len(row.runs) + len(row.open_seconds)
        per_click = row.cpu * 1000 / max(1, clicks)
        ratio = f"{per_click / floor_cpu:>8.1f}" if floor_cpu else f"{'':>8}"
        payload = statistics.mean(r.payload for r in ok) / 1024 if ok else float("nan")
        print(f"{row.app:<16}{row.sessions:>9}{len(row.runs):>8}{len(row.runs) - len(ok):>7}"
              f"{pct(latency, 0.5):>8.0f}{pct(latency, 0.95):>8.0f}{max(latency, default=float('nan')):>8.0f}"
              f"{per_click:>13.1f}{ratio}{row.cpu / row.wall:>9.0%}{payload:>10.1f}"
              f"{row.rss_start:>7.0f}→{row.rss_peak:<6.0f}{pct([s * 1000 for s in row.open_seconds], 0.5):>9.0f}"
              f"{row.load:>6.1f}")


async def main_async(args: argparse.Namespace) -> None:
    import tempfile
    artifacts = ROOT / "test-artifacts"
    artifacts.mkdir(exist_ok=True)
    empty = Path(tempfile.mkdtemp(prefix="load-bench-"))
    servers = {}
    try:
        ports = {"trivial-default": args.trivial_port, "trivial": args.trivial_port + 1 if args.trivial_port else 0,
                 "makao": args.port}
        for app, (script, folder, _pupil) in APPS.items():
            servers[app] = Server(script, SERVER_CORE, artifacts / f"load-{app}.log", folder or empty,
                                  port=ports.get(app, 0))
        means = {}
        for app, server in servers.items():
            await quiet_pass(app, server, 1, args.seed)                   # warm: imports, catalogs, caches
            means[app] = print_kinds(app, await quiet_pass(app, server, args.rounds, args.seed + 1))
        print("\nserver CPU per click, one session alone: " + ", ".join(f"{a} {m:.1f} ms" for a, m in means.items()))
        rows = []
        browser_latency: list[float] = []
        for sessions in args.sessions:
            for app in servers:
                browser_thread = None
                if app == "makao" and args.browsers and sessions == max(args.sessions):
                    import threading
                    browser_thread = threading.Thread(
                        target=browser_clicks, daemon=True,
                        args=(servers[app].url, args.seconds, args.interval, args.browsers, browser_latency))
                    browser_thread.start()
                rows.append(await load_row(app, servers[app], sessions, args.seconds, args.interval, args.seed))
                if browser_thread is not None:
                    browser_thread.join(timeout=args.seconds + 120)
        print(f"\nrows: each session clicks every {args.interval:g} s (±40 %) for {args.seconds:g} s; "
              f"latency = click → script finished, at the websocket; server on core {SERVER_CORE}, "
              f"clients on core {CLIENT_CORE}; x floor = CPU per click / trivial-default's in the same row")
        per_row = len(servers)
        for index in range(0, len(rows), per_row):
            group = rows[index:index + per_row]
            floor = group[0]
            floor_cpu = floor.cpu * 1000 / max(1, len(floor.runs) + len(floor.open_seconds))
            print_rows(group, floor_cpu)
        if browser_latency:
            ms = [s * 1000 for s in browser_latency]
            print(f"\n{args.browsers} Chromium pages clicking Sandbox deals during the {max(args.sessions)}-session "
                  f"row: {len(ms)} clicks, click → updated cards p50 {pct(ms, 0.5):.0f} ms, "
                  f"p95 {pct(ms, 0.95):.0f} ms")
    finally:
        for server in servers.values():
            server.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sessions", type=int, nargs="+", default=[1, 10, 30])
    parser.add_argument("--play-heavy", action="store_true",
                        help="each pupil mostly plays: three Play deals and their taps for one quiz and a page switch")
    parser.add_argument("--seconds", type=float, default=40.0, help="length of each row")
    parser.add_argument("--interval", type=float, default=5.0, help="seconds between a session's clicks")
    parser.add_argument("--rounds", type=int, default=2, help="rounds of the quiet pass")
    parser.add_argument("--browsers", type=int, default=0, help="real Chromium pages in the largest row")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--app-root", type=Path, default=ROOT,
                        help="serve Makao Tutor from another checkout (e.g. the one before a change) with "
                             "its own configuration; the trivial floors stay the same")
    parser.add_argument("--port", type=int, default=0, help="Makao Tutor's server port (0: a free port)")
    parser.add_argument("--trivial-port", type=int, default=0,
                        help="the trivial apps' ports: this one and the next (0: free ports)")
    args = parser.parse_args()
    if args.play_heavy:
        MIX["sections"] = PLAY_HEAVY
    root = args.app_root.resolve()
    APPS["makao"] = (root / "streamlit_app.py", root, "makao")
    if (os.cpu_count() or 1) > CLIENT_CORE:
        os.sched_setaffinity(0, {CLIENT_CORE})
    asyncio.run(main_async(args))


if __name__ == "__main__":
    main()
