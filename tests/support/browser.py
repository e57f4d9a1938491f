"""A headless Chromium for the tests, driven over the Chrome DevTools Protocol on a pipe
(``--remote-debugging-pipe``: the browser reads commands on its descriptor 3 and answers on 4,
each message JSON ended by a NUL). The system's browser only (Debian's ``chromium``): nothing is
downloaded. ``find_chromium()`` is None where there is none; the tests then skip with one line.

Waits are on the page's state (``wait_for``: a condition polled inside the page), never on a
clock; a generous time limit only turns a hang into a failure."""

from __future__ import annotations

import base64
import json
import os
import select
import shutil
import signal
import tempfile
from pathlib import Path
from typing import Any

#: the flags the issue asks for (as root: no sandbox), and nothing that reaches the network
FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-extensions",
    "--disable-default-apps",
    "--mute-audio",
    "--hide-scrollbars",
    "--window-size=1200,1400",
    "--remote-debugging-pipe",
)
#: a hang becomes a failure after this long (the waits end as soon as the state is there)
LIMIT = 60.0
KEYS = {
    "ArrowLeft": 37, "ArrowRight": 39, "PageUp": 33, "PageDown": 34, "Home": 36, "End": 35,
    "Enter": 13, "Escape": 27,
}  # fmt: skip


def find_chromium() -> str | None:
    """The system's Chromium (``SUDOKU_REPL_CHROMIUM`` names another), or None."""
    named = os.environ.get("SUDOKU_REPL_CHROMIUM")
    if named:
        return named if os.access(named, os.X_OK) else None
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    return None


class BrowserError(RuntimeError):
    pass


class Browser:
    """One headless Chromium with one page (``open``, ``evaluate``, ``key``, ``click``)."""

    def __init__(self, executable: str) -> None:
        self.profile = tempfile.mkdtemp(prefix="sudoku-repl-chromium-")
        to_browser_r, self._to_browser = os.pipe()
        self._from_browser, from_browser_w = os.pipe()
        self._log = os.open(os.path.join(self.profile, "stderr.txt"), os.O_WRONLY | os.O_CREAT)
        actions = [
            (os.POSIX_SPAWN_DUP2, to_browser_r, 3),
            (os.POSIX_SPAWN_DUP2, from_browser_w, 4),
            (os.POSIX_SPAWN_DUP2, self._log, 1),
            (os.POSIX_SPAWN_DUP2, self._log, 2),
        ]
        args = [executable, *FLAGS, f"--user-data-dir={self.profile}", "about:blank"]
        self.pid = os.posix_spawn(executable, args, os.environ, file_actions=actions, setpgroup=0)
        os.close(to_browser_r)
        os.close(from_browser_w)
        self._buffer = b""
        self._next_id = 0
        self.session: str | None = None
        target = self.call("Target.createTarget", {"url": "about:blank"})["targetId"]
        attached = self.call("Target.attachToTarget", {"targetId": target, "flatten": True})
        self.session = attached["sessionId"]
        self.call("Page.enable")
        self.call("Runtime.enable")

    # -- the protocol --------------------------------------------------------------------------

    def call(self, method: str, params: dict[str, Any] | None = None) -> dict[str, Any]:
        """Send one command (to the page once attached) and wait for its answer."""
        self._next_id += 1
        ident = self._next_id
        message: dict[str, Any] = {"id": ident, "method": method, "params": params or {}}
        if self.session is not None and not method.startswith("Target."):
            message["sessionId"] = self.session
        os.write(self._to_browser, json.dumps(message).encode() + b"\0")
        while True:
            answer = self._read()
            if answer.get("id") == ident:
                if "error" in answer:
                    raise BrowserError(f"{method}: {answer['error']}")
                result: dict[str, Any] = answer.get("result", {})
                return result

    def _read(self) -> dict[str, Any]:
        while b"\0" not in self._buffer:
            ready, _, _ = select.select([self._from_browser], [], [], LIMIT)
            if not ready:
                raise BrowserError(f"no answer from the browser in {LIMIT} s")
            data = os.read(self._from_browser, 1 << 20)
            if not data:
                raise BrowserError(f"the browser ended: {self.stderr()[-2000:]}")
            self._buffer += data
        text, _, self._buffer = self._buffer.partition(b"\0")
        message: dict[str, Any] = json.loads(text)
        return message

    def stderr(self) -> str:
        return Path(self.profile, "stderr.txt").read_text(errors="replace")

    # -- what the tests do ---------------------------------------------------------------------

    def open(
        self, url: str, ready: str = "document.body && document.body.dataset.ready !== '0'"
    ) -> None:
        """Load ``url`` and wait until ``ready`` holds in it: in the new document, where the
        navigation makes one (the old one is marked first, so that it is not taken for it)."""
        self.evaluate("window.sudokuReplOld = true")
        navigated = self.call("Page.navigate", {"url": url})
        fresh = "!window.sudokuReplOld && " if "loaderId" in navigated else ""
        self.wait_for(f"{fresh}document.readyState === 'complete' && ({ready})")

    def evaluate(self, expression: str) -> Any:
        """The value of a JavaScript expression in the page (a promise is awaited)."""
        result = self.call(
            "Runtime.evaluate",
            {"expression": expression, "returnByValue": True, "awaitPromise": True},
        )
        if "exceptionDetails" in result:
            raise BrowserError(f"{expression}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def wait_for(self, condition: str) -> None:
        """Wait until ``condition`` (JavaScript) holds in the page, polled there each frame."""
        script = f"""new Promise((done) => {{
            const t0 = performance.now();
            (function poll() {{
                let ok = false;
                try {{ ok = !!({condition}); }} catch (e) {{}}
                if (ok || performance.now() - t0 > {LIMIT * 1000}) return done(ok);
                setTimeout(poll, 4);
            }})();
        }})"""
        if not self.evaluate(script):
            raise BrowserError(f"never held: {condition}")

    def key(self, key: str) -> None:
        """Press and release one key (a named one of ``KEYS`` or a character)."""
        code = KEYS.get(key, ord(key.upper()) if len(key) == 1 else 0)
        down: dict[str, Any] = {"type": "keyDown", "key": key, "windowsVirtualKeyCode": code}
        if len(key) == 1:
            down["text"] = key
        self.call("Input.dispatchKeyEvent", down)
        self.call(
            "Input.dispatchKeyEvent", {"type": "keyUp", "key": key, "windowsVirtualKeyCode": code}
        )

    def click(self, selector: str) -> None:
        """A real mouse click in the middle of the first element ``selector`` finds."""
        box = self.evaluate(
            f"""(() => {{ const e = document.querySelector({json.dumps(selector)});
            if (!e) return null; e.scrollIntoView({{block: "center"}});
            const r = e.getBoundingClientRect();
            return [r.left + r.width / 2, r.top + r.height / 2]; }})()"""
        )
        if box is None:
            raise BrowserError(f"nothing matches {selector}")
        for kind in ("mousePressed", "mouseReleased"):
            self.call(
                "Input.dispatchMouseEvent",
                {"type": kind, "x": box[0], "y": box[1], "button": "left", "clickCount": 1},
            )

    def screenshot(self, width: int = 1000, height: int = 760) -> bytes:
        self.call(
            "Emulation.setDeviceMetricsOverride",
            {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False},
        )
        data = self.call("Page.captureScreenshot", {"format": "png"})["data"]
        return base64.b64decode(data)

    def close(self) -> None:
        try:
            self.session = None
            self.call("Browser.close")
        except (BrowserError, OSError):
            pass
        try:
            os.killpg(self.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        os.waitpid(self.pid, 0)
        for fd in (self._to_browser, self._from_browser, self._log):
            os.close(fd)
        shutil.rmtree(self.profile, ignore_errors=True)

    def __enter__(self) -> Browser:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
