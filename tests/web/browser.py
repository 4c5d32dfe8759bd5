"""Browser test helpers: a real `agent-avenue host --web` process, headless Chromium driven by
Playwright (the system's `chromium`, never a browser Playwright downloads), and the screen the
page shows, read back from what the page received (pyte plays the terminal's bytes).

Every wait has a deadline; nothing sleeps a fixed time to let something happen.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pyte

START_TIMEOUT = 30.0
_GAME_PORT = re.compile(r"Listening on 127\.0\.0\.1:(\d+)")
_WEB = re.compile(r"Web page: http://127\.0\.0\.1:(\d+)/#([A-Z0-9]+)")

CAPTURE = """
// Keep what the page's terminal receives (and the sizes it asks for), for the test to read.
window.__events = [];
const NativeSocket = window.WebSocket;
const decoder = new TextDecoder("utf-8");
window.WebSocket = function (url, protocols) {
  const socket = new NativeSocket(url, protocols);
  const query = new URL(url).searchParams;
  window.__events.push({size: [+query.get("width"), +query.get("height")]});
  socket.addEventListener("message", (event) => {
    if (typeof event.data !== "string") {
      window.__events.push({data: decoder.decode(new Uint8Array(event.data), {stream: true})});
    }
  });
  const send = socket.send.bind(socket);
  socket.send = (text) => {
    try {
      const message = JSON.parse(text);
      if (message[0] === "resize") {
        window.__events.push({size: [message[1].width, message[1].height]});
      }
    } catch (error) {}
    send(text);
  };
  return socket;
};
window.WebSocket.prototype = NativeSocket.prototype;
"""


def chromium_path() -> str | None:
    """The system's Chromium (the Debian package `chromium`), if installed."""
    for name in ("chromium", "chromium-browser"):
        found = shutil.which(name)
        if found:
            return found
    return None


@dataclass
class WebHost:
    """A running `agent-avenue host --web` and what it printed."""

    process: subprocess.Popen[str]
    home: Path
    game_port: int
    web_port: int
    code: str
    lines: list[str] = field(default_factory=list)

    @property
    def url(self) -> str:
        """The page's address, with the room code after '#' as the host prints it."""
        return f"http://127.0.0.1:{self.web_port}/#{self.code}"

    def stop(self) -> None:
        """SIGTERM, then SIGKILL if it has not stopped in 20 s."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(20)


@contextlib.contextmanager
def web_host(home: Path, *options: str) -> Iterator[WebHost]:
    """`agent-avenue host --web 0` on 127.0.0.1 for the length of a `with` block."""
    env = {**os.environ, "AGENT_AVENUE_HOME": str(home), "AGENT_AVENUE_LANG": "en"}
    command = [sys.executable, "-m", "agent_avenue", "host", "--port", "0", "--web", "0"]
    process = subprocess.Popen(
        [*command, *options],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=env,
    )
    assert process.stdout is not None
    lines: list[str] = []
    found: dict[str, Any] = {}
    ready = threading.Event()

    def read() -> None:
        assert process.stdout is not None
        for line in process.stdout:
            lines.append(line.rstrip("\n"))
            if match := _GAME_PORT.search(line):
                found["game"] = int(match.group(1))
            if match := _WEB.search(line):
                found["web"], found["code"] = int(match.group(1)), match.group(2)
                ready.set()
        ready.set()

    threading.Thread(target=read, daemon=True).start()
    ready.wait(START_TIMEOUT)
    if "web" not in found or "game" not in found:
        process.kill()
        raise RuntimeError("the host did not start: " + " | ".join(lines))
    host = WebHost(process, home, found["game"], found["web"], found["code"], lines)
    try:
        yield host
    finally:
        host.stop()


class PageScreen:
    """The page's terminal as text: every byte it received, played on a pyte screen."""

    def __init__(self, page: Any) -> None:
        """Nothing read yet."""
        self.page = page
        self.screen: pyte.Screen | None = None
        self.stream: pyte.Stream | None = None

    def read(self) -> str:
        """The screen now (after whatever the page received since the last read)."""
        events = self.page.evaluate("() => window.__events.splice(0)")
        for event in events:
            if "size" in event:
                width, height = event["size"]
                if self.screen is None:
                    self.screen = pyte.Screen(width, height)
                    self.stream = pyte.Stream(self.screen)
                elif (self.screen.columns, self.screen.lines) != (width, height):
                    self.screen.resize(height, width)
            elif self.stream is not None:
                self.stream.feed(event["data"])
        if self.screen is None:
            return ""
        return "\n".join(line.rstrip() for line in self.screen.display)

    def wait_for(self, text: str, timeout: float) -> str:
        """The screen once it shows `text` (AssertionError with the screen after `timeout`)."""
        deadline = time.monotonic() + timeout
        shown = self.read()
        while text not in shown:
            if time.monotonic() > deadline:
                raise AssertionError(f"the page never showed {text!r}:\n{shown}")
            self.page.wait_for_timeout(50)
            shown = self.read()
        return shown
