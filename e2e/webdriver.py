"""A small classic WebDriver client for WebKit (WebKitGTK's MiniBrowser), standard library only.

Debian's `webkit2gtk-driver` gives WebKitWebDriver, which drives MiniBrowser over the W3C
WebDriver HTTP protocol; MiniBrowser needs an X display, so :class:`WebKit` starts Xvfb
(on a display number it picks itself) and the driver on a free port, then opens a session.
It offers what drivetools.py needs, with the names of bidi.Firefox: navigate, evaluate,
call, wait_for, element, by_role, click, press, type_into, select, set_viewport, and `errors`.

Unlike BiDi, classic WebDriver reports no console messages, and has no script that runs
before the page's own: :meth:`navigate` installs a collector once the page has loaded
(window errors, unhandled rejections, console.error), so errors of the first moments and
of workers are not seen. by_role matches a role's usual elements and their names as
written (aria-label, else the words), not the accessibility tree.
"""
from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import subprocess
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

from bidi import COMMAND_TIMEOUT_S, WAIT_TIMEOUT_S, BidiError, ElementGone, FormActions, free_port, wait_function

START_TIMEOUT_S = 120.0
ELEMENT = "element-6066-11e4-a52e-4f735466cecf"  # the W3C key of an element reference
# A point of the element (arguments[0]) that nothing covers, searched from its top left, or null.
VISIBLE_POINT_JS = """const box = arguments[0].getBoundingClientRect();
for (let y = box.top + 4; y < box.bottom; y += 6) {
  for (let x = box.left + 4; x < box.right; x += 6) {
    if (arguments[0].contains(document.elementFromPoint(x, y))) return [x, y];
  }
}
return null;"""

COLLECT_JS = """(() => {
  if (window.__errors) return;
  window.__errors = [];
  addEventListener('error', (e) => __errors.push(`uncaught: ${e.message}`));
  addEventListener('unhandledrejection', (e) => __errors.push(`uncaught: ${e.reason}`));
  const error = console.error.bind(console);
  console.error = (...args) => { __errors.push(`console: ${args.join(' ')}`); error(...args); };
})()"""

ROLES = {"button": "button, [role=button], summary", "heading": "h1, h2, h3, h4, h5, h6, [role=heading]",
         "checkbox": "input[type=checkbox], [role=checkbox]", "link": "a[href], [role=link]"}
BY_ROLE_JS = """(selector, name, within) => [...(within ? document.querySelector(within) : document)
    .querySelectorAll(selector)].find((e) => e.checkVisibility() &&
    (e.getAttribute('aria-label') ?? e.textContent.trim().replace(/\\s+/g, ' ')) === name) ?? null"""


class WebDriverError(BidiError):
    """A WebDriver command failed (a BidiError, so that drivetools treats both alike)."""


class WebKit(FormActions):
    """MiniBrowser under Xvfb, driven by WebKitWebDriver; a context manager."""

    context = ""  # (one window: drivetools' Driver asks for it)

    def __init__(self, browser: str, driver: str = "WebKitWebDriver") -> None:
        self.browser, self.driver = browser, driver
        self.errors: list[str] = []
        self._processes: list[subprocess.Popen[bytes]] = []
        self._base = ""
        self._session = ""
        self._tmp = Path(tempfile.mkdtemp(prefix="wizard-webkit-"))

    def __enter__(self) -> WebKit:
        try:
            self.start()
        except BaseException:
            self.close()
            raise
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    def _spawn(self, command: list[str], **kwargs: Any) -> subprocess.Popen[bytes]:
        process = subprocess.Popen(command, stdin=subprocess.DEVNULL, start_new_session=True, **kwargs)
        self._processes.append(process)
        return process

    def start(self) -> None:
        """Xvfb (it writes the display it took), the driver, then a session."""
        deadline = time.monotonic() + START_TIMEOUT_S
        read, write = os.pipe()
        xvfb = self._spawn(["Xvfb", "-displayfd", str(write), "-screen", "0", "1280x1024x24", "-nolisten", "tcp"],
                           pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(write)
        with os.fdopen(read) as pipe:
            display = pipe.readline().strip()  # (once Xvfb is ready)
        if not display:
            raise WebDriverError(f"Xvfb did not start (exit status {xvfb.poll()})")
        port = free_port()
        env = {**os.environ, "DISPLAY": f":{display}", "HOME": str(self._tmp), "XDG_CACHE_HOME": str(self._tmp),
               "XDG_DATA_HOME": str(self._tmp), "XDG_CONFIG_HOME": str(self._tmp), "LANG": "en_US.UTF-8",
               "LANGUAGE": "en_US", "WEBKIT_DISABLE_COMPOSITING_MODE": "1"}
        driver = self._spawn([self.driver, f"--port={port}"], env=env,
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self._base = f"http://127.0.0.1:{port}"
        while True:
            if driver.poll() is not None:
                raise WebDriverError(f"{self.driver} exited ({driver.returncode})")
            with contextlib.suppress(OSError):
                if self._request("GET", "/status", timeout=5).get("ready"):
                    break
            if time.monotonic() > deadline:
                raise WebDriverError(f"{self.driver} did not answer within {START_TIMEOUT_S:.0f} s")
            time.sleep(0.2)
        answer = self._request("POST", "/session", {"capabilities": {"alwaysMatch": {
            "browserName": "MiniBrowser",
            "webkitgtk:browserOptions": {"binary": self.browser, "args": ["--automation"]}}}}, START_TIMEOUT_S)
        self._session = f"/session/{answer['sessionId']}"
        self._request("POST", f"{self._session}/timeouts", {"script": COMMAND_TIMEOUT_S * 1000})

    def close(self) -> None:
        if self._session:
            with contextlib.suppress(Exception):
                self._request("DELETE", self._session, timeout=15)
            self._session = ""
        for process in reversed(self._processes):
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGTERM)
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(process.pid, signal.SIGKILL)
                process.wait(timeout=15)
        self._processes.clear()
        shutil.rmtree(self._tmp, ignore_errors=True)

    def _request(self, method: str, path: str, body: dict[str, Any] | None = None,
                 timeout: float = COMMAND_TIMEOUT_S) -> Any:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self._base + path, data=data, method=method,
                                         headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=timeout) as response:
                return json.loads(response.read())["value"]
        except urllib.error.HTTPError as error:
            value = json.loads(error.read() or b"{}").get("value", {})
            raise WebDriverError(f"{method} {path}: {value.get('error')}: {value.get('message')}") from None

    def command(self, method: str, path: str, body: dict[str, Any] | None = None,
                timeout: float = COMMAND_TIMEOUT_S) -> Any:
        """A command of the session: `path` under /session/{id}."""
        return self._request(method, self._session + path, body, timeout)

    # --- pages and scripts ---------------------------------------------------------------

    def navigate(self, url: str) -> None:
        self.command("POST", "/url", {"url": url})
        self.command("POST", "/execute/sync", {"script": COLLECT_JS, "args": []})

    def reload(self) -> None:
        self.command("POST", "/refresh", {})
        self.command("POST", "/execute/sync", {"script": COLLECT_JS, "args": []})

    def set_viewport(self, width: int, height: int, device_pixel_ratio: float = 1.0) -> None:
        """Size the window so that the page gets `width` x `height` CSS pixels, as near as the window
        may be (MiniBrowser's toolbar keeps it some 450 pixels wide at least); the ratio is the screen's."""
        self.command("POST", "/window/rect", {"width": width, "height": height})
        inner = self.evaluate("[innerWidth, innerHeight]")
        self.command("POST", "/window/rect", {"width": 2 * width - inner[0], "height": 2 * height - inner[1]})

    def collect_errors(self) -> list[str]:
        """The errors the page reported since its load (added to `errors`)."""
        self.errors += self.evaluate("window.__errors?.splice(0) ?? []")
        return self.errors

    def evaluate(self, expression: str, timeout: float = COMMAND_TIMEOUT_S) -> Any:
        """The JSON value of the JavaScript `expression` (a promise is awaited)."""
        script = (f"const done = arguments[0]; (async () => JSON.stringify(await ({expression})) ?? 'null')()"
                  ".then((v) => done({ v }), (e) => done({ e: String(e) }));")
        answer = self.command("POST", "/execute/async", {"script": script, "args": []}, timeout + 30)
        if "e" in answer:
            raise WebDriverError(f"the script threw: {answer['e']}\n  in: {expression[:300]}")
        return json.loads(answer["v"])

    def call(self, function: str, *args: Any, timeout: float = COMMAND_TIMEOUT_S) -> Any:
        return self.evaluate(f"({function})(...{json.dumps(list(args))})", timeout)

    def wait_for(self, condition: str, timeout: float = WAIT_TIMEOUT_S, what: str = "") -> Any:
        value = self.call(wait_function(condition, timeout), timeout=timeout + COMMAND_TIMEOUT_S)
        if not value:
            raise WebDriverError(f"waited {timeout:.0f} s in vain for {what or condition}")
        return value

    # --- elements and input --------------------------------------------------------------

    def element(self, expression: str) -> str:
        found = self.command("POST", "/execute/sync", {"script": f"return ({expression});", "args": []})
        if not isinstance(found, dict) or ELEMENT not in found:
            raise WebDriverError(f"no element: {expression}")
        return str(found[ELEMENT])

    def by_role(self, role: str, name: str, within: str | None = None, timeout: float = WAIT_TIMEOUT_S) -> str:
        """The first visible element of `role` named `name` (see the module's note); waited for."""
        found = f"({BY_ROLE_JS})(...{json.dumps([ROLES.get(role, f'[role={role}]'), name, within])})"
        self.wait_for(found, timeout, f"a {role} named {name!r}")
        return self.element(found)

    def click(self, css: str | None = None, *, element: str | None = None, attempts: int = 5) -> None:
        """WebDriver's element click (it scrolls the element into view and refuses a covered
        one: then tried again, as the page may be scrolling)."""
        shared = element or self.element(f"document.querySelector({json.dumps(css)})")
        for attempt in range(attempts):
            try:
                self.command("POST", f"/element/{shared}/click", {})
                return
            except WebDriverError as error:
                if "stale element reference" in str(error):
                    raise ElementGone(str(error)) from None
                retry = "intercepted" in str(error) or "not interactable" in str(error)
                if not retry or attempt == attempts - 1:
                    if "intercepted" in str(error) and self._tap_visible_part(shared):
                        return
                    raise
                self.evaluate("new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))")

    def _tap_visible_part(self, shared: str) -> bool:
        """Click the part of an element that shows, as a person taps it, where its centre is covered
        by design (a card of a lower row of the hand covers the middle of one above); False if no
        part of it shows."""
        point = self.command("POST", "/execute/sync", {"script": VISIBLE_POINT_JS, "args": [{ELEMENT: shared}]})
        if not point:
            return False
        move = {"type": "pointerMove", "x": round(point[0]), "y": round(point[1]), "origin": "viewport"}
        self.command("POST", "/actions", {"actions": [{
            "type": "pointer", "id": "mouse", "parameters": {"pointerType": "mouse"},
            "actions": [move, {"type": "pointerDown", "button": 0}, {"type": "pointerUp", "button": 0}]}]})
        self.command("DELETE", "/actions")
        return True

    def press(self, *keys: str) -> None:
        """Press keys in turn (characters, or WebDriver key codes such as "\\ue007" for Enter)."""
        actions = [a for key in keys for a in ({"type": "keyDown", "value": key}, {"type": "keyUp", "value": key})]
        self.command("POST", "/actions", {"actions": [{"type": "key", "id": "keyboard", "actions": actions}]})
        self.command("DELETE", "/actions")

