"""Load-time benchmark: our site against a bare Pyodide boot, cold and warm.

    .venv/bin/python bench/load_time.py [--runs 5] [--cpu-slowdown 4]

(`python3 build.py test` creates .venv with Playwright.) Builds the site, and
beside it a bare page that only boots Pyodide in a worker and imports nothing (the
stock package's files, its standard library as shipped: source; same kind of server),
and a third that boots it as a bound for our snapshot: Pyodide's own memory snapshot
of that bare boot, stored raw on a first visit and restored on the next (no engine,
nothing to unzip). Each run uses a fresh persistent
browser profile: a cold visit, then the browser is closed and reopened on the
same profile for warm visits: the site's first warm visit boots from the memory
snapshot its cold visit stored (the cold visit waits for <html data-snapshot>),
and its row says whether its engine restored. --cpu-slowdown N throttles the
CPU N times (Chromium's Emulation.setCPUThrottlingRate, as a phone would be).
--insecure adds the site served on an insecure origin (http://wizard.test:PORT/, mapped
to 127.0.0.1 by Chromium's --host-resolver-rules): no Cache Storage, so no snapshot and no
offline copy there; its warm visit is a return visit as a phone on a LAN address makes it.
Measured from navigation start: first paint,
and the moment <html data-engine="ready">. Bytes are counted by the server: up
to ready, and in all on a first visit (with the service worker's precache).
Prints medians.
"""
from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import tarfile
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "e2e"))

from playwright.sync_api import sync_playwright  # noqa: E402
from sitetools import CHROMIUM_ARGS, chromium_path  # noqa: E402

import build  # noqa: E402
from tests import runtime  # noqa: E402

BARE_HTML = """<!doctype html>
<html lang="en" data-engine="loading">
<head><meta charset="utf-8"><title>Bare Pyodide</title>
<script type="module" src="bare.js"></script></head>
<body><h1>Bare Pyodide</h1></body>
</html>
"""
BARE_JS = """const worker = new Worker(new URL("./bare-worker.js", import.meta.url), { type: "module" });
worker.onmessage = (event) => { document.documentElement.dataset.engine = event.data; };
"""
BARE_WORKER = f"""import {{ loadPyodide }} from "./{runtime.PYODIDE_DIR}/pyodide.mjs";
const here = (path) => new URL(path, import.meta.url).href;
await loadPyodide({{ indexURL: here("./{runtime.PYODIDE_DIR}/"),
                    lockFileURL: here("./{runtime.PYODIDE_DIR}/pyodide-lock.json") }});
self.postMessage("ready");
"""
# The fastest restore Pyodide offers, a bound for ours: the bare boot's snapshot (no engine,
# nothing imported), stored raw in Cache Storage on a first visit, restored on the next.
RESTORE_WORKER = f"""import {{ loadPyodide }} from "./{runtime.PYODIDE_DIR}/pyodide.mjs";
const here = (path) => new URL(path, import.meta.url).href;
const options = {{ indexURL: here("./{runtime.PYODIDE_DIR}/"),
                  lockFileURL: here("./{runtime.PYODIDE_DIR}/pyodide-lock.json") }};
const cache = await caches.open("bare-snapshot");
const stored = await cache.match(here("snapshot"));
if (stored) {{
  await loadPyodide({{ ...options, _loadSnapshot: new Uint8Array(await stored.arrayBuffer()) }});
  self.postMessage("restored");
}} else {{
  const pyodide = await loadPyodide({{ ...options, _makeSnapshot: true }});
  self.postMessage("ready");
  await cache.put(here("snapshot"), new Response(pyodide.makeMemorySnapshot()));
  self.postMessage("stored");
}}
"""
RESTORE_JS = """const worker = new Worker(new URL("./bare-worker.js", import.meta.url), { type: "module" });
worker.onmessage = ({ data }) => {
  const html = document.documentElement.dataset;
  if (data === "stored") html.snapshot = "stored";
  else html.engine = "ready";
  if (data === "restored") html.engineSnapshot = "restored";
};
"""
# Records when <html data-engine> turns "ready", before any page script runs.
WATCH_READY = """
new MutationObserver(() => {
  if (document.documentElement.dataset.engine === "ready" && !window.__readyAt) {
    window.__readyAt = performance.now();
  }
}).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-engine"] });
"""
# What a first visit waits for after ready: the site's offline copy and snapshot, the bound's snapshot.
AFTER_COLD = {"site": ("html[data-offline=ready]", "html[data-snapshot=stored], html[data-snapshot=failed]"),
              "restore": ("html[data-snapshot=stored]",)}
INSECURE_HOST = "wizard.test"  # --insecure: a name Chromium maps to 127.0.0.1, not a secure context
TIMEOUT_MS = 120_000
SNAPSHOT_TIMEOUT_MS = 600_000  # the cold visit's snapshot: one more boot, after it


class CountingHandler(build.Handler):
    """Counts the bytes of every response body it sends."""

    sent = 0
    lock = threading.Lock()

    def copyfile(self, source, outputfile) -> None:
        data = source.read()
        outputfile.write(data)
        with CountingHandler.lock:
            type(self).sent += len(data)

    def log_message(self, format: str, *args) -> None:  # noqa: A002
        pass


def counting_server(directory: Path):
    handler_class = type(f"Counter{directory.name}", (CountingHandler,), {"sent": 0})
    server = build.Server(("127.0.0.1", 0), lambda *a: handler_class(*a, directory=str(directory)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, handler_class


def make_bare(site: Path, dest: Path, script: str = BARE_JS, worker: str = BARE_WORKER) -> Path:
    """A page that boots stock Pyodide and imports nothing: the site's runtime files but the
    package's own standard library (the site ships it trimmed and compiled, runtime.compile_stdlib)."""
    dest.mkdir()
    shutil.copytree(site / runtime.PYODIDE_DIR, dest / runtime.PYODIDE_DIR)
    with tarfile.open(runtime.fetch_pyodide()) as package:
        stock = package.extractfile(f"package/{runtime.STDLIB}")
        assert stock is not None
        (dest / runtime.PYODIDE_DIR / runtime.STDLIB).write_bytes(stock.read())
    (dest / "index.html").write_text(BARE_HTML)
    (dest / "bare.js").write_text(script)
    (dest / "bare-worker.js").write_text(worker)
    return dest


def visit(playwright, profile: Path, url: str, counter, wait_for: tuple[str, ...], slowdown: float = 1) -> dict:
    """One visit, timed to <html data-engine=ready>; then waits for each of `wait_for` (selectors)."""
    launch = {"headless": True, "args": [*CHROMIUM_ARGS, f"--host-resolver-rules=MAP {INSECURE_HOST} 127.0.0.1"]}
    if path := chromium_path():
        launch["executable_path"] = path
    context = playwright.chromium.launch_persistent_context(str(profile), **launch)
    try:
        context.add_init_script(WATCH_READY)
        page = context.pages[0] if context.pages else context.new_page()
        if slowdown != 1:
            cdp = context.new_cdp_session(page)
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": slowdown})
        counter.sent = 0
        page.goto(url)
        page.wait_for_function("() => window.__readyAt", timeout=TIMEOUT_MS)
        bytes_at_ready = counter.sent
        paint = page.evaluate("""() => Object.fromEntries(performance.getEntriesByType("paint")
                                    .map((e) => [e.name, e.startTime]))""")
        ready = page.evaluate("window.__readyAt")
        restored = page.evaluate("document.documentElement.dataset.engineSnapshot === 'restored'")
        for selector in wait_for:
            page.wait_for_selector(selector, state="attached", timeout=SNAPSHOT_TIMEOUT_MS)
        made = page.evaluate("document.documentElement.dataset.snapshot") if wait_for else None
        time.sleep(0.5)
        return {"paint": paint.get("first-paint", float("nan")),
                "contentful": paint.get("first-contentful-paint", float("nan")),
                "ready": ready, "bytes_ready": bytes_at_ready, "bytes_all": counter.sent,
                "restored": restored, "made": made}
    finally:
        context.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--cpu-slowdown", type=float, default=1,
                        help="throttle the CPU this many times (Chromium's CPU throttling), e.g. 4")
    parser.add_argument("--insecure", action="store_true",
                        help=f"the site on an insecure origin too (http://{INSECURE_HOST}:PORT/)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="wizard-bench-") as tmp:
        site = build.build(Path(tmp) / "site")
        bare = make_bare(site, Path(tmp) / "bare")
        restore = make_bare(site, Path(tmp) / "restore", RESTORE_JS, RESTORE_WORKER)
        pages: tuple[tuple[str, Path], ...] = (("site", site), ("bare", bare), ("restore", restore))
        pages += (("insecure", site),) if args.insecure else ()
        servers = {name: counting_server(folder) for name, folder in pages}
        results: dict[tuple[str, str], list[dict]] = {}
        with sync_playwright() as playwright:
            for run in range(args.runs):
                order = list(servers.items())
                for name, (server, counter) in order if run % 2 == 0 else order[::-1]:
                    host = INSECURE_HOST if name == "insecure" else "127.0.0.1"
                    url = f"http://{host}:{server.server_address[1]}/"
                    profile = Path(tmp) / f"profile-{name}-{run}"
                    for phase in ("cold", "warm"):
                        result = visit(playwright, profile, url, counter,
                                       wait_for=AFTER_COLD.get(name, ()) if phase == "cold" else (),
                                       slowdown=args.cpu_slowdown)
                        results.setdefault((name, phase), []).append(result)
                        print(f"run {run + 1} {name:7} {phase}: paint {result['paint']:6.0f} ms, "
                              f"ready {result['ready']:6.0f} ms, {result['bytes_all'] / 1e6:5.2f} MB"
                              f"{', restored' if result['restored'] else ''}"
                              f"{', snapshot ' + result['made'] if result['made'] else ''}", flush=True)
        for server, _ in servers.values():
            server.shutdown()
        transfer = build.gzipped_size(site)
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"\nmedians of {args.runs} runs (ms from navigation start; MB sent by the server); "
          f"{os.cpu_count()} CPUs, CPU slowdown {args.cpu_slowdown:g}x, load average now {load}; "
          f"first visit gzip-compressed as a static host serves it: {transfer / 1e6:.2f} MB")
    print(f"{'page':7} {'visit':5} {'first paint':>11} {'FCP':>6} {'ready':>7} {'MB@ready':>9} {'MB total':>9}")
    for (name, phase), rows in results.items():
        med = {key: statistics.median(r[key] for r in rows) for key in rows[0] if key not in ("restored", "made")}
        print(f"{name:7} {phase:5} {med['paint']:11.0f} {med['contentful']:6.0f} {med['ready']:7.0f} "
              f"{med['bytes_ready'] / 1e6:9.2f} {med['bytes_all'] / 1e6:9.2f}")
    for name in ("site", "insecure") if args.insecure else ("site",):
        for phase in ("cold", "warm"):
            ours = statistics.median(r["ready"] for r in results[(name, phase)])
            theirs = statistics.median(r["ready"] for r in results[("bare", phase)])
            print(f"{name} {phase}: ready {ours / theirs:.2f}x the bare Pyodide boot")
    floor = statistics.median(r["ready"] for r in results[("restore", "warm")])
    theirs = statistics.median(r["ready"] for r in results[("bare", "warm")])
    print(f"the bound: Pyodide's own snapshot of a bare boot restores in {floor / theirs:.2f}x the bare warm boot")


if __name__ == "__main__":
    main()
