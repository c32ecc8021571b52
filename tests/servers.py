"""Real server processes for the tests: gunicorn (workers × threads, as in production) or Flask's
threaded development server (what `make run` serves), on a free port of the loopback."""

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

COMMANDS = {
    "gunicorn": lambda port: [sys.executable, "-m", "gunicorn", "--preload", "--workers", "2",
                              "--threads", "4", "--bind", f"127.0.0.1:{port}", "app:create_app()"],
    "gunicorn-no-preload": lambda port: [sys.executable, "-m", "gunicorn", "--workers", "3",
                                         "--bind", f"127.0.0.1:{port}", "app:create_app()"],
    "flask": lambda port: [sys.executable, "-m", "flask", "--app", "app", "run", "--with-threads",
                           "--host", "127.0.0.1", "--port", str(port)],
}


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def call(base, method, path, body=None, token=None):
    request = urllib.request.Request(base + path, method=method)
    if body is not None:
        request.data = json.dumps(body).encode()
        request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


class Server:
    def __init__(self, database_url, kind="gunicorn"):
        self.kind = kind
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.env = {**os.environ, "DATABASE_URL": database_url}
        self.process = None

    def start(self):
        self.process = subprocess.Popen(
            COMMANDS[self.kind](self.port), cwd=ROOT, env=self.env, start_new_session=True,
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 60  # a first start also builds the rules index
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(self.base + "/api/health", timeout=5):
                    return self
            except OSError:  # refused, reset or timed out: not up yet
                time.sleep(0.2)
        raise RuntimeError("the server did not start")

    def kill(self):
        os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait()

    def stop(self):
        if self.process and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.kill()




def get_page(base, path) -> int:
    """The status of a page (HTML) GET."""
    try:
        with urllib.request.urlopen(base + path, timeout=30) as response:
            response.read()
            return response.status
    except urllib.error.HTTPError as error:
        return error.code
