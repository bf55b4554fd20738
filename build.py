#!/usr/bin/env python3
"""Build, serve and test the Wizard web site (standard library only).

    python3 build.py                 assemble dist/
    python3 build.py serve [--port N]  build, then serve dist/ on http://127.0.0.1:N/
    python3 build.py test [PYTEST ARGS]  lint, then run every test (CPython, Pyodide, browser)
    python3 build.py test --quick    lint, then the engine tests that take seconds (not marked slow)
    python3 build.py lint            ruff and mypy (pyproject.toml), ESLint over web/ (tests/eslint/)

dist/ holds everything the static site needs and nothing from another origin:
the page (web/), Pyodide's core runtime from the pinned npm package (its
tarball checked against a pinned integrity hash before any file is used), our
wheel with a lock file that pins its sha256 (the browser verifies it), a web
app manifest with icons, and a service worker that precaches all of it under a
cache named after the content, so a new build replaces the old cache.

Building and serving are here; Pyodide's runtime and our wheel are prepared by
tests/runtime.py, the tools it needs beyond Python installed by tests/tools.py (hatchling
into .venv/, Pyodide's tarball with npm), and lint and test run from tests/runner.py, which
finds the browsers with tests/browsers.py. All of them run on the standard library alone:
they install the rest.
"""
from __future__ import annotations

import argparse
import contextlib
import functools
import gzip
import hashlib
import http.server
import json
import os
import shutil
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

from tests import comments, runner
from tests.runtime import (
    INTEGRITY_NAME,
    LOCK_NAME,
    PYODIDE_CODE,
    PYODIDE_DIR,
    build_wheel,
    compile_stdlib,
    extract_pyodide,
    fetch_pyodide,
    write_integrity,
    write_lock,
)
from tests.tools import BuildError, step

ROOT = Path(__file__).resolve().parent
WEB = ROOT / "web"
DIST = ROOT / "dist"

# The Content-Security-Policy: web/index.html carries it in a <meta> (static hosts
# such as GitHub Pages send no headers); our server also sends it as a header, so
# the worker, which a <meta> does not reach, runs under it too.
CSP = ("default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; "
       "connect-src 'self'; img-src 'self'; style-src 'self'; font-src 'self'; "
       "manifest-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'")
SERVICE_WORKER = "sw.js"  # a template in web/; rendered, never copied as is
WORKER = "engine/worker.js"  # the engine's Web Worker: it boots Pyodide from dist/pyodide-<version>/


# --- the whole build -----------------------------------------------------------

def build(dest: Path = DIST) -> Path:
    """Assemble the site into `dest` (replaced whole); return `dest`."""
    tarball = fetch_pyodide()
    staging = Path(tempfile.mkdtemp(prefix=".build-", dir=dest.parent))
    try:
        runtime = staging / PYODIDE_DIR
        runtime.mkdir()
        info = extract_pyodide(tarball, runtime)
        wheel = build_wheel(runtime)
        with step(f"write {PYODIDE_DIR}/{LOCK_NAME}"):
            write_lock(info, wheel, runtime)
        compile_stdlib(runtime)  # boots the runtime: after its lock file
        with step(f"write {PYODIDE_DIR}/{INTEGRITY_NAME}"):
            write_integrity(runtime, wheel)
        copy_web(staging)
        write_described(staging)
        cache = write_service_worker(staging)
        if dest.exists():
            shutil.rmtree(dest)
        staging.chmod(0o755)
        staging.rename(dest)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    size = sum(p.stat().st_size for p in dest.rglob("*") if p.is_file())
    print(f"build: done: {dest} ({size / 1e6:.1f} MB, cache {cache})", flush=True)
    return dest


def copy_web(dest: Path) -> None:
    """Copy the page's files from web/ (all but the service worker template), its scripts and
    styles without their comments (tests/comments.py)."""
    with step("copy web/"):
        if not (WEB / "index.html").exists():
            raise BuildError("web/index.html not found")
        for path in sorted(WEB.rglob("*")):
            relative = path.relative_to(WEB)
            if path.is_dir() or relative.as_posix() == SERVICE_WORKER or any(
                    part.startswith(".") for part in relative.parts):
                continue
            target = dest / relative
            target.parent.mkdir(parents=True, exist_ok=True)
            strip = {".js": comments.strip_js, ".css": comments.strip_css}.get(path.suffix)
            if strip:
                target.write_text(strip(path.read_text(encoding="utf-8")), encoding="utf-8")
            else:
                shutil.copyfile(path, target)
        if f'"../{PYODIDE_DIR}/' not in (WEB / WORKER).read_text():
            raise BuildError(f"web/{WORKER} must load the runtime from ../{PYODIDE_DIR}/")


# --- serving -------------------------------------------------------------------

MIME_TYPES = {
    ".js": "text/javascript",
    ".mjs": "text/javascript",
    ".wasm": "application/wasm",
    ".webmanifest": "application/manifest+json",
    ".json": "application/json",
    ".svg": "image/svg+xml",
    ".whl": "application/zip",
    ".zip": "application/zip",
}


class Handler(http.server.SimpleHTTPRequestHandler):
    """Serves a folder with the right types for modules and wasm, revalidating always,
    under our Content-Security-Policy."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}  # noqa: RUF012 (as in the base)

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        self.send_header("Content-Security-Policy", CSP)
        super().end_headers()

    def log_message(self, format: str, *args) -> None:  # noqa: A002 (the base's name)
        if os.environ.get("WIZARD_SERVE_QUIET") != "1":
            super().log_message(format, *args)


class Server(http.server.ThreadingHTTPServer):
    """A threading HTTP server that takes a browser hanging up as normal."""

    daemon_threads = True

    def handle_error(self, request, client_address) -> None:
        if not isinstance(sys.exc_info()[1], (ConnectionResetError, BrokenPipeError)):
            super().handle_error(request, client_address)


def make_server(directory: Path, port: int = 0, host: str = "127.0.0.1") -> Server:
    """A threading HTTP server for `directory` (port 0: any free port)."""
    handler = functools.partial(Handler, directory=str(directory))
    server = Server((host, port), handler)
    return server


def serve(port: int) -> None:
    """Build, then serve dist/ until interrupted."""
    build()
    server = make_server(DIST, port)
    print(f"Serving the game at http://127.0.0.1:{server.server_address[1]}/ (Ctrl+C stops)", flush=True)
    with contextlib.suppress(KeyboardInterrupt):
        server.serve_forever()
    server.server_close()


def gzipped_size(dest: Path) -> int:
    """What a first visit transfers, as a static host serves it: every file gzip-compressed
    (level 6, as most do), summed."""
    return sum(len(gzip.compress(path.read_bytes(), 6, mtime=0))
               for path in sorted(dest.rglob("*")) if path.is_file())


# --- the service worker --------------------------------------------------------

def content_hash(dest: Path) -> str:
    """A short hash over every file's path and bytes in `dest`."""
    digest = hashlib.sha256()
    for path in sorted(p for p in dest.rglob("*") if p.is_file()):
        digest.update(path.relative_to(dest).as_posix().encode() + b"\0")
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()[:16]


def write_service_worker(dest: Path) -> str:
    """Render web/sw.js with the cache name and the list of files; return the cache name."""
    with step("write the service worker"):
        files = sorted(p.relative_to(dest).as_posix() for p in dest.rglob("*") if p.is_file())
        cache = f"wizard-{content_hash(dest)}"
        template = (WEB / SERVICE_WORKER).read_text()
        for placeholder in ("__CACHE_NAME__", "__PRECACHE__", "__RUNTIME_CODE__"):
            if placeholder not in template:
                raise BuildError(f"{placeholder} missing from web/{SERVICE_WORKER}")
        code = [f"{PYODIDE_DIR}/{name}" for name in PYODIDE_CODE]
        text = (template.replace("__CACHE_NAME__", json.dumps(cache))
                .replace("__PRECACHE__", json.dumps(["./", *files], indent=2))
                .replace("__RUNTIME_CODE__", json.dumps(code)))
        (dest / SERVICE_WORKER).write_text(text)
        return cache


# --- what the form offers ------------------------------------------------------

DESCRIBED_NAME = "described.json"  # beside index.html; app.js fills the form from it at first paint


def described() -> dict:
    """The engine's ``wizard_engine.web.describe()``, from this checkout's engine."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from wizard_engine import web
    return web.describe()


def write_described(dest: Path) -> None:
    """Write describe() as data, so the new-game form is complete before the engine boots; in
    describe()'s own order, which the forms follow (the options as the engine lists them)."""
    with step(f"write {DESCRIBED_NAME}"):
        (dest / DESCRIBED_NAME).write_text(json.dumps(described()) + "\n")


# --- the commands --------------------------------------------------------------

def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command")
    commands.add_parser("build", help="assemble dist/ (the default)")
    serve_parser = commands.add_parser("serve", help="build, then serve dist/")
    serve_parser.add_argument("--port", type=int, default=8000)
    test_parser = commands.add_parser("test", help="lint, then run every test; extra arguments go to pytest")
    test_parser.add_argument("--quick", action="store_true",
                             help="lint, then only the engine tests not marked slow (about two minutes)")
    commands.add_parser("lint", help="ruff and mypy over the code")
    args, extra = parser.parse_known_args(argv)
    if extra and args.command != "test":
        parser.error(f"unrecognized arguments: {' '.join(extra)}")
    try:
        if args.command == "serve":
            serve(args.port)
        elif args.command == "test":
            return runner.test_quick(extra) if args.quick else runner.test(extra, build)
        elif args.command == "lint":
            return runner.lint()
        else:
            build()
    except BuildError as error:
        print(f"build.py: error: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
