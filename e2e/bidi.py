"""A small WebDriver BiDi client for Firefox: enough to play the game through the page.

Firefox speaks WebDriver BiDi itself (no geckodriver): started with
``--remote-debugging-port 0``, it takes a WebSocket at ``ws://127.0.0.1:PORT/session``, the
port it chose written to the profile's WebDriverBiDiServer.json.
:class:`Firefox` starts one headless with a fresh profile, waits for that port, opens a session
on its one tab, and offers what the tests need: navigate, evaluate JavaScript (values come
back as JSON), wait for a JavaScript condition, click and type with real input actions,
find elements by role and name (the browser's own accessibility tree), set the viewport,
and collect console errors and uncaught exceptions. Closing ends the session and the
browser; a browser that does not go is killed with its whole process group.

The protocol: https://w3c.github.io/webdriver-bidi/ (Firefox's support:
https://wiki.mozilla.org/WebDriver/RemoteProtocol/WebDriver_BiDi).
"""
from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from websockets.exceptions import WebSocketException
from websockets.sync.client import ClientConnection, connect

START_TIMEOUT_S = 120.0  # from the process start to a session; a busy machine is slow
COMMAND_TIMEOUT_S = 120.0  # one command's answer (a navigation waits for the page's load)
WAIT_TIMEOUT_S = 60.0  # wait_for's default

# Written to the fresh profile's user.js. Firefox's remote agent applies its own
# "recommended" preferences too (no updates, no telemetry, no first-run pages).
PREFS: dict[str, Any] = {
    "intl.accept_languages": "en-US",  # the page speaks the browser's language
    "intl.locale.requested": "en-US",
    "ui.prefersReducedMotion": 1,  # as the Chromium tests: no card flies
    "browser.shell.checkDefaultBrowser": False,
    "browser.startup.homepage_override.mstone": "ignore",
    "datareporting.policy.dataSubmissionEnabled": False,
    "network.captive-portal-service.enabled": False,
    "network.connectivity-service.enabled": False,
    "browser.safebrowsing.malware.enabled": False,
    "browser.safebrowsing.phishing.enabled": False,
    "extensions.update.enabled": False,
    "app.update.disabledForTesting": True,
}


CLICKED = "bidi.clicked"  # a function on window: did the last click reach the element? (then forgotten)

# Waits (up to 10 s) until the element keeps its place for two animation frames and is what a
# click at its centre hits, scrolling it into view if it is not; then listens for the click.
GONE = "it left the page"  # READY_TO_CLICK_JS's answer for an element no longer on the page
READY_TO_CLICK_JS = """async (el) => {
  const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
  const end = performance.now() + 10000;
  let last = null;
  let hit = null;
  while (performance.now() < end) {
    if (!el.isConnected) return 'it left the page';
    const box = el.getBoundingClientRect();
    const here = JSON.stringify(box);
    if (here === last) {
      hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
      if (hit && el.contains(hit)) break;
      el.scrollIntoView({ block: 'center', inline: 'center' });
    } else {
      hit = null;
    }
    last = here;
    await frame();
  }
  if (performance.now() >= end) {
    const who = (node) => node ? `${node.tagName}#${node.id}.${[...node.classList].join('.')}` : 'nothing';
    const page = document.scrollingElement;
    return `${who(el)} "${el.textContent.trim().slice(0, 30)}" at ${last}: ` +
      (hit ? `covered by ${who(hit)}` : 'still moving') +
      `; page ${page.scrollWidth}x${page.scrollHeight} in ${page.clientWidth}x${page.clientHeight}`;
  }
  let reached = false;
  const listen = (event) => { reached ||= el.contains(event.target); };
  document.addEventListener('click', listen, true);
  window[Symbol.for('bidi.clicked')] = () => {
    document.removeEventListener('click', listen, true);
    delete window[Symbol.for('bidi.clicked')];
    return reached;
  };
  return true;
}"""


class BidiError(Exception):
    """A command failed, the browser went away, or a wait ran out; the message says which."""


class ElementGone(BidiError):
    """The element to click left the page before the click (the page redrew that part)."""


def wait_function(condition: str, timeout: float) -> str:
    """A JavaScript function that polls the expression `condition` every 50 ms until it is truthy
    or `timeout` seconds have passed; it resolves with its value (an element as true)."""
    return f"""() => new Promise((resolve) => {{
        const end = performance.now() + {timeout * 1000};
        const poll = () => {{
            let value;
            try {{ value = ({condition}); }} catch {{ value = undefined; }}
            if (value || performance.now() > end) resolve(value instanceof Node ? true : value ?? null);
            else setTimeout(poll, 50);
        }};
        poll();
    }})"""


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class FormActions:
    """A person's moves on a form, for either driver (Firefox here, WebKit in webdriver.py), made of
    the driver's own click, call and press."""

    click: Callable[..., None]
    call: Callable[..., Any]
    press: Callable[..., None]

    def type_into(self, css: str, text: str) -> None:
        """Replace the text of a field as a person would: click it, select all, type."""
        self.click(css)
        self.call("(css) => document.querySelector(css).select()", css)
        self.press(*text) if text else self.press("\ue017")  # (Delete)

    def select(self, css: str, value: str) -> None:
        """Choose an option of a <select> (as the form's change event reports it)."""
        self.call("""(css, value) => {
            const select = document.querySelector(css);
            if (![...select.options].some((o) => o.value === value)) throw new Error(`no option ${value} in ${css}`);
            select.value = value;
            select.dispatchEvent(new Event('input', { bubbles: true }));
            select.dispatchEvent(new Event('change', { bubbles: true }));
        }""", css, value)


class Firefox(FormActions):
    """A headless Firefox with a fresh profile, driven over WebDriver BiDi (one tab).

    Use as a context manager; ``errors`` holds every console error and uncaught exception
    seen so far (of the page and, where Firefox reports them, its workers).
    """

    def __init__(self, executable: str, prefs: dict[str, Any] | None = None) -> None:
        self.executable = executable
        self.errors: list[str] = []
        self._profile = Path(tempfile.mkdtemp(prefix="wizard-firefox-"))
        (self._profile / "user.js").write_text(
            "".join(f"user_pref({json.dumps(k)}, {json.dumps(v)});\n" for k, v in {**PREFS, **(prefs or {})}.items()))
        self._process: subprocess.Popen[bytes] | None = None
        self._socket: ClientConnection | None = None
        self._exit = contextlib.ExitStack()  # (closes the connection)
        self._next_id = 0
        self.context = ""
        self._user_context = ""

    # --- starting and stopping ---------------------------------------------------------

    def __enter__(self) -> Firefox:
        try:
            self.start()
        except BaseException:
            self.close()
            raise
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    def start(self) -> None:
        """Start Firefox, wait until it takes a connection, open a session on its tab."""
        server = self._profile / "WebDriverBiDiServer.json"  # Firefox writes the port it took there
        output = self._profile.with_suffix(".log")  # (a file: a full pipe would stall Firefox)
        with output.open("wb") as log:
            self._process = subprocess.Popen(
                [self.executable, "--headless", "--no-remote", "--profile", str(self._profile),
                 "--remote-debugging-port", "0", "--remote-allow-hosts", "127.0.0.1"],
                stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT,
                start_new_session=True, env={**os.environ, "MOZ_CRASHREPORTER_DISABLE": "1"})
        deadline = time.monotonic() + START_TIMEOUT_S
        while True:
            if self._process.poll() is not None:
                said = output.read_text(errors="replace")[-2000:]
                raise BidiError(f"{self.executable} exited ({self._process.returncode}) before taking a "
                                f"connection:\n{said}")
            try:
                url = "ws://127.0.0.1:{ws_port}/session".format(**json.loads(server.read_text()))
                self._socket = self._exit.enter_context(connect(url, max_size=None, open_timeout=10))
                break
            except (OSError, ValueError, KeyError, WebSocketException, TimeoutError):
                if time.monotonic() > deadline:
                    raise BidiError(f"{self.executable} took no WebDriver BiDi connection "
                                    f"within {START_TIMEOUT_S:.0f} s") from None
                time.sleep(0.2)
        self.command("session.new", {"capabilities": {"alwaysMatch": {"acceptInsecureCerts": True}}})
        self.command("session.subscribe", {"events": ["log.entryAdded"]})
        tree = self.command("browsingContext.getTree", {"maxDepth": 0})
        self.context = tree["contexts"][0]["context"]

    def close(self) -> None:
        """End the session and the browser; kill the process group if it lingers; remove the profile."""
        if self._socket is not None:
            with contextlib.suppress(Exception):
                self.command("browser.close", {}, timeout=10)
            with contextlib.suppress(Exception):
                self._exit.close()
            self._socket = None
        if self._process is not None:
            try:
                self._process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(self._process.pid, signal.SIGKILL)
                self._process.wait(timeout=15)
            self._process = None
        shutil.rmtree(self._profile, ignore_errors=True)
        self._profile.with_suffix(".log").unlink(missing_ok=True)

    # --- the protocol ------------------------------------------------------------------

    def command(self, method: str, params: dict[str, Any], timeout: float = COMMAND_TIMEOUT_S) -> dict[str, Any]:
        """Send one command and return its result; events that come meanwhile are recorded."""
        if self._socket is None:
            raise BidiError("no connection to Firefox")
        self._next_id += 1
        ident = self._next_id
        self._socket.send(json.dumps({"id": ident, "method": method, "params": params}))
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            try:
                message = json.loads(self._socket.recv(timeout=max(left, 0.001)))
            except TimeoutError:
                raise BidiError(f"{method}: no answer within {timeout:.0f} s") from None
            except WebSocketException as error:
                raise BidiError(f"{method}: the connection to Firefox broke ({error})") from None
            if message.get("id") == ident:
                if message.get("type") == "error":
                    raise BidiError(f"{method}: {message.get('error')}: {message.get('message')}")
                return dict(message["result"])
            if message.get("method") == "log.entryAdded":
                self._log(message["params"])

    def _log(self, entry: dict[str, Any]) -> None:
        if entry.get("level") != "error":
            return
        kind = "uncaught" if entry.get("type") == "javascript" else "console"
        self.errors.append(f"{kind}: {entry.get('text')}")

    def new_tab(self) -> None:
        """Leave the current tab for a new one in a fresh user context: its own storage,
        caches and service workers, as a new private window (Playwright's new context)."""
        old, old_user_context = self.context, self._user_context
        self._user_context = self.command("browser.createUserContext", {})["userContext"]
        self.context = self.command("browsingContext.create",
                                    {"type": "tab", "userContext": self._user_context})["context"]
        self.command("browsingContext.close", {"context": old})
        if old_user_context:  # (closes its tabs, drops its storage)
            self.command("browser.removeUserContext", {"userContext": old_user_context})
        self.errors.clear()

    # --- pages and scripts ---------------------------------------------------------------

    def navigate(self, url: str) -> None:
        """Open `url` in the tab and wait for its load event."""
        self.command("browsingContext.navigate", {"context": self.context, "url": url, "wait": "complete"})

    def reload(self) -> None:
        self.command("browsingContext.reload", {"context": self.context, "wait": "complete"})

    def set_viewport(self, width: int, height: int, device_pixel_ratio: float = 1.0) -> None:
        self.command("browsingContext.setViewport", {
            "context": self.context, "viewport": {"width": width, "height": height},
            "devicePixelRatio": device_pixel_ratio})

    def evaluate(self, expression: str, timeout: float = COMMAND_TIMEOUT_S) -> Any:
        """The JSON value of the JavaScript `expression` (a promise is awaited); a throw raises BidiError."""
        answer = self.command("script.evaluate", {
            "expression": f"(async () => JSON.stringify(await ({expression})) ?? 'null')()",
            "target": {"context": self.context}, "awaitPromise": True, "resultOwnership": "none"}, timeout)
        if answer["type"] == "exception":
            details = answer["exceptionDetails"]
            raise BidiError(f"the script threw: {details.get('text')}\n  in: {expression[:300]}")
        return json.loads(answer["result"]["value"])

    def call(self, function: str, *args: Any, timeout: float = COMMAND_TIMEOUT_S) -> Any:
        """The JSON value of the JavaScript `function` called with `args` (JSON values)."""
        return self.evaluate(f"({function})(...{json.dumps(list(args))})", timeout)

    def wait_for(self, condition: str, timeout: float = WAIT_TIMEOUT_S, what: str = "") -> Any:
        """Poll the expression `condition` in the page until it is truthy; returns its value.

        Polled every 50 ms for up to `timeout` seconds (a limit, not a pause: it returns as
        soon as the condition holds); fails saying what was awaited. An element found is True.
        """
        value = self.call(wait_function(condition, timeout), timeout=timeout + COMMAND_TIMEOUT_S)
        if not value:
            raise BidiError(f"waited {timeout:.0f} s in vain for {what or condition}")
        return value

    # --- elements and input --------------------------------------------------------------

    def element(self, expression: str) -> str:
        """The shared id (for click) of the element the JavaScript `expression` yields; fails if none."""
        answer = self.command("script.evaluate", {
            "expression": expression, "target": {"context": self.context},
            "awaitPromise": True, "resultOwnership": "none"})
        value = answer.get("result", {})
        if answer["type"] == "exception" or value.get("type") != "node":
            raise BidiError(f"no element: {expression}")
        return str(value["sharedId"])

    def _shared_id(self, css: str) -> str:
        return self.element(f"document.querySelector({json.dumps(css)})")

    def by_role(self, role: str, name: str, within: str | None = None, timeout: float = WAIT_TIMEOUT_S) -> str:
        """The shared id of the first element of `role` and accessible name `name` (found in
        the browser's accessibility tree, as a screen reader finds it; under the element
        `within`, a CSS selector, if given); waited for."""
        deadline = time.monotonic() + timeout
        while True:
            params: dict[str, Any] = {
                "context": self.context, "locator": {"type": "accessibility", "value": {"role": role, "name": name}},
                "maxNodeCount": 1}
            if within:
                params["startNodes"] = [{"sharedId": self._shared_id(within)}]
            found = self.command("browsingContext.locateNodes", params)
            if found["nodes"]:
                return str(found["nodes"][0]["sharedId"])
            if time.monotonic() > deadline:
                raise BidiError(f"no {role} named {name!r} within {timeout:.0f} s")
            time.sleep(0.1)

    def click(self, css: str | None = None, *, element: str | None = None, attempts: int = 5) -> None:
        """Click the element (a CSS selector, or a shared id from by_role) with the mouse, as a
        person would: once it stands still and nothing covers it (scrolled into view if need
        be), pressed and released at its centre. Checked: the click reached it (a page that
        scrolls meanwhile moves it from under the mouse); else tried again, `attempts` times."""
        shared = element or self._shared_id(str(css))
        for _ in range(attempts):
            ready = self._function(READY_TO_CLICK_JS, shared)
            if ready == GONE:
                raise ElementGone(f"{css or 'the element'}: {GONE}")
            if ready is not True:
                raise BidiError(f"{css or 'the element'} never stood still and uncovered to be clicked: {ready}")
            self.command("input.performActions", {"context": self.context, "actions": [{
                "type": "pointer", "id": "mouse", "parameters": {"pointerType": "mouse"},
                "actions": [
                    {"type": "pointerMove", "x": 0, "y": 0,
                     "origin": {"type": "element", "element": {"sharedId": shared}}},
                    {"type": "pointerDown", "button": 0},
                    {"type": "pointerUp", "button": 0},
                ]}]})
            if self.evaluate(f"window[Symbol.for({json.dumps(CLICKED)})]?.() ?? false"):
                return
        raise BidiError(f"{attempts} clicks missed {css or 'the element'}")

    def _function(self, function: str, shared: str) -> Any:
        """`function` called on the element `shared` (awaited); its value as JSON."""
        answer = self.command("script.callFunction", {
            "functionDeclaration": f"async (el) => JSON.stringify(await ({function})(el))",
            "arguments": [{"sharedId": shared}], "target": {"context": self.context},
            "awaitPromise": True, "resultOwnership": "none"})
        if answer["type"] == "exception":
            raise BidiError(f"the script threw: {answer['exceptionDetails'].get('text')}")
        return json.loads(answer["result"]["value"])

    def press(self, *keys: str) -> None:
        """Press keys in turn (characters, or WebDriver key codes such as "\\ue007" for Enter)."""
        actions = [a for key in keys for a in ({"type": "keyDown", "value": key}, {"type": "keyUp", "value": key})]
        self.command("input.performActions", {"context": self.context, "actions": [
            {"type": "key", "id": "keyboard", "actions": actions}]})



@contextlib.contextmanager
def firefox(executable: str, prefs: dict[str, Any] | None = None) -> Iterator[Firefox]:
    with Firefox(executable, prefs) as browser:
        yield browser
