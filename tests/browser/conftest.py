"""Browser tests: the app in a real server on a free port, Debian's Chromium driven by Playwright.

The tests skip, saying why, only where no Chromium is found; with REQUIRE_BROWSER=1 (CI) they fail
instead. Screenshots at 360×740 (and, for a page each numbered point of issue 17 shows, 768×1024)
go to tests/artifacts/ (ignored by git) for a person to look at.
"""

import fcntl
import os
import shutil
import subprocess
import threading
from pathlib import Path

import pytest
from werkzeug.serving import make_server

from app import create_app

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "tests" / "artifacts"
AXE_DIR = ROOT / "node_modules" / "axe-core"
PHONE = {"width": 360, "height": 740}
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def required() -> bool:
    return os.environ.get("REQUIRE_BROWSER") == "1"


def chromium_path() -> str | None:
    for candidate in (os.environ.get("CHROMIUM"), "/usr/bin/chromium", shutil.which("chromium"),
                      shutil.which("chromium-browser")):
        if candidate and os.path.exists(candidate):
            return candidate
    return None


def skip_or_fail(reason: str):
    if required():
        pytest.fail(reason + " (REQUIRE_BROWSER=1)")
    print(f"\nSKIP browser tests: {reason}")
    pytest.skip(reason)


@pytest.fixture(scope="session")
def browser():
    path = chromium_path()
    if path is None:
        skip_or_fail("no Chromium found at /usr/bin/chromium (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture(scope="session")
def live_server(tmp_path_factory, index_dir):
    """The app served by werkzeug in a thread, on a temporary database and the test index."""
    db = tmp_path_factory.mktemp("browser") / "tableside.sqlite"
    app = create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{db}", "INDEX_DIR": index_dir,
                      "SECRET_KEY": "browser-tests"})
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    thread.join(5)


@pytest.fixture(scope="session")
def axe_source() -> str:
    """axe-core's script, installed from the npm registry into node_modules/ when missing (under a
    lock: pytest-xdist's workers ask at the same moment)."""
    script = AXE_DIR / "axe.min.js"
    ROOT.joinpath("node_modules").mkdir(exist_ok=True)
    with open(ROOT / "node_modules" / ".tableside-install.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not script.exists():
            npm = shutil.which("npm")
            if npm is None:
                skip_or_fail("npm is not installed, so axe-core cannot be fetched")
            subprocess.run([npm, "install", "--no-save", "--no-audit", "--no-fund", "--prefix", str(ROOT),
                            "axe-core"], check=True, capture_output=True, timeout=180)
    return script.read_text()


@pytest.fixture
def phone(browser):
    """A new phone: its own browser context (cookies), 360×740, touch."""
    contexts = []

    def make():
        # bypass_csp: the page's CSP (script-src 'self') would refuse the test's own probes
        # (wait_for_function's expressions, axe-core's injected script), not the app's scripts
        context = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True,
                                      has_touch=True, bypass_csp=True)
        context.set_default_timeout(5000)
        contexts.append(context)
        return context.new_page()

    yield make
    for context in contexts:
        context.close()


TABLET = {"width": 768, "height": 1024}


def screenshot(page, name: str, tablet: bool = False) -> None:
    """A full-page screenshot; with `tablet`, one more at 768×1024 (`<name>-tablet.png`), the
    page resized in place (no second walk), then back to its size."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True, timeout=30000)
    if tablet:
        size = page.viewport_size
        page.set_viewport_size(TABLET)
        page.screenshot(path=str(ARTIFACTS / f"{name}-tablet.png"), full_page=True, timeout=30000)
        page.set_viewport_size(size)


def check_accessibility(page, axe_source: str) -> list:
    """Serious and critical axe-core violations on the page (an empty list is a pass)."""
    page.add_script_tag(content=axe_source)
    results = page.evaluate("() => axe.run(document, {resultTypes: ['violations']})")
    return [
        {"id": v["id"], "impact": v["impact"], "help": v["help"],
         "nodes": [n["target"] for n in v["nodes"]][:5]}
        for v in results["violations"] if v["impact"] in ("serious", "critical")
    ]


def take_seat(page, name: str) -> None:
    """Tap "I'm <name>" in the "Who holds this phone?" box (a phone that joined, or started, a game)."""
    page.click(f".seat-picker .seat-choice:has-text('{name}')")
    page.wait_for_selector(f".seat-cue:has-text('you are {name}')")


def open_setup(page) -> None:
    """Unfold "Set up before starting" on a new-game form (folded where names alone can start)."""
    folded = page.locator("details.setup-more:not([open]) > summary")
    if folded.count():
        folded.click()
