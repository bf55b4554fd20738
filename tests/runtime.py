"""Pyodide's runtime and our wheel as the site ships them (standard library only; build.py
assembles the rest of dist/ around them).

The runtime comes from the pinned npm package, its tarball checked against a pinned integrity
hash before any file is used; its standard library trimmed to what the engine imports and
compiled once by the runtime itself. Our wheel leaves out the terminal's tools and its source's
docstrings, and a lock file pins it by sha256; runtime-integrity.json pins every file the worker
fetches.
"""
from __future__ import annotations

import ast
import base64
import hashlib
import io
import json
import os
import re
import shutil
import sys
import tarfile
import tempfile
import zipfile
from pathlib import Path

from tests import tools
from tests.tools import ROOT, BuildError, ensure_venv, in_venv, run, step

BUILD_REQUIREMENTS = ROOT / "requirements-build.txt"

# Pyodide's core runtime, from the npm package; bump both lines together
# (`npm view pyodide@VERSION dist.integrity` prints the hash).
PYODIDE_VERSION = "314.0.7"
PYODIDE_INTEGRITY = (
    "sha512-0YvXxEhfEdpLfb/XkM2BFAeMROq0iMUX2bzzH9pOttyMcWkwq+HbE5uyuGD82LN7y2q+SNvi/6V5JEsOlD2R1A=="
)
# The files a page needs from the package (the lock file is written by us).
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
# Under dist/: the runtime, our wheel and our lock file. Named after the version, so
# a runtime file's URL always means the same bytes: the service worker lets the
# browser load the runtime's code itself when online (see web/sw.js), and no HTTP
# cache can then hand a page the runtime of another Pyodide. web/engine/worker.js names it.
PYODIDE_DIR = f"pyodide-{PYODIDE_VERSION}"
# The runtime's code: compiled by V8, whose code caches only survive when the
# browser loads it itself (answered by the service worker, it recompiles each visit).
PYODIDE_CODE = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm")
LOCK_NAME = "pyodide-lock.json"
STDLIB = "python_stdlib.zip"
# Beside the lock file: the runtime's files and their sha256 (as Subresource
# Integrity strings); the worker checks what it fetches against them.
INTEGRITY_NAME = "runtime-integrity.json"
PACKAGE = "wizard_engine"


# --- Pyodide's runtime -----------------------------------------------------------

def fetch_pyodide() -> Path:
    """The pinned Pyodide npm tarball, fetched once into .cache/ and verified."""
    return tools.npm_pack("pyodide", PYODIDE_VERSION, PYODIDE_INTEGRITY)


def extract_pyodide(tarball: Path, dest: Path) -> dict:
    """Copy the runtime's files into `dest`; return the stock lock file's info block."""
    with step("extract the Pyodide runtime"), tarfile.open(tarball) as archive:
        for name in PYODIDE_FILES:
            member = archive.extractfile(f"package/{name}")
            if member is None:
                raise BuildError(f"{name} is not a regular file in {tarball.name}")
            data = member.read()
            (dest / name).write_bytes(trim_stdlib(data) if name == STDLIB else data)
        stock = archive.extractfile(f"package/{LOCK_NAME}")
        if stock is None:
            raise BuildError(f"{LOCK_NAME} missing from {tarball.name}")
        return json.load(stock)["info"]


# The standard library we ship: the files that Pyodide's boot and every request kind of
# wizard_engine.web.call import (found by tests/pyodide_requests.mjs, which prints them, and
# checked by tests/test_pyodide.py running every request kind on this library: a change to the
# engine that imports another module fails there, naming it). The stock zip holds all of it:
# 2.5 MB; this one, stored uncompressed (a static host gzips it) and compiled (compile_stdlib),
# about 0.75 MB gzip-compressed. By folder: its modules, each `name.py`.
STDLIB_FILES = tuple(f"{folder}{name}.py" for folder, names in (
    ("", "__future__ _colorize _opcode_metadata _py_warnings _ssl _weakrefset annotationlib ast base64 bisect bz2 "
         "codeop contextlib contextvars copy copyreg dataclasses datetime dis enum fnmatch functools glob hashlib "
         "heapq inspect keyword linecache locale lzma opcode operator random reprlib selectors shutil signal socket "
         "ssl struct subprocess tarfile tempfile textwrap threading token tokenize traceback types typing warnings "
         "weakref"),
    ("_pyodide/", "__init__ _base _core_docs _future_helper _importhook docs_argspec docstring jsbind"),
    ("asyncio/", "__init__ base_events base_futures base_subprocess base_tasks constants coroutines events exceptions "
                 "format_helpers futures graph locks log mixins protocols queues runners selector_events sslproto "
                 "staggered streams subprocess taskgroups tasks threads timeouts transports trsock unix_events"),
    ("collections/", "__init__"),
    ("compression/", "__init__"),
    ("compression/_common/", "__init__ _streams"),
    ("compression/zstd/", "__init__ _zstdfile"),
    ("concurrent/", "__init__"),
    ("concurrent/futures/", "__init__ _base"),
    ("email/", "__init__"),
    ("encodings/", "__init__ aliases cp437 utf_8"),
    ("importlib/", "__init__ _abc abc"),
    ("importlib/metadata/", "__init__ _collections _functools _itertools _meta"),
    ("json/", "__init__ decoder encoder scanner"),
    ("logging/", "__init__"),
    ("pathlib/", "__init__ _os"),
    ("pyodide/", "__init__ _package_loader _state code common webloop"),
    ("pyodide/ffi/", "__init__"),
    ("re/", "__init__ _casefix _compiler _constants _parser"),
    ("string/", "__init__"),
    ("zipfile/", "__init__"),
    ("zipfile/_path/", "__init__ glob"),
) for name in names.split())


def trim_stdlib(stock: bytes) -> bytes:
    """The standard library's zip with only STDLIB_FILES, stored uncompressed with fixed
    dates: the same bytes from the same stock zip."""
    wanted = set(STDLIB_FILES)
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(stock)) as source, zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as trimmed:
        names = set(source.namelist())
        missing = set(STDLIB_FILES) - names
        if missing:
            raise BuildError(f"{STDLIB} lacks files the engine needs: {sorted(missing)}")
        for name in sorted(wanted & names):
            trimmed.writestr(zipfile.ZipInfo(name, (1980, 1, 1, 0, 0, 0)), source.read(name))
    return out.getvalue()


# Pyodide ships its standard library as source, and Python compiles every module it imports
# at every boot that does not restore a snapshot: about 1 s of a 1.5 s boot in Node. So the
# build compiles it once, with the runtime itself (its bytecode is the runtime's own): under -OO
# (no docstrings, no asserts) and with line tables cut to each function's first line (a
# traceback through the standard library names the function, not the line; the engine keeps
# its lines), which keeps what a first visit transfers about as small as the source's (0.75
# against 0.71 MB gzip-compressed; the full tables would make it 1.18). Node runs the runtime;
# COMPILE_STDLIB_PY does it.
COMPILE_STDLIB_JS = """
const [dir, source, target] = process.argv.slice(1);
const { loadPyodide } = await import(new URL(`file://${dir}/pyodide.mjs`).href);
const pyodide = await loadPyodide({ indexURL: `${dir}/`, stdLibURL: source, stdout: () => {} });
const fs = await import("node:fs");
pyodide.FS.writeFile("/tmp/source.zip", fs.readFileSync(source));
pyodide.runPython(process.env.COMPILE_STDLIB_PY);
fs.writeFileSync(target, pyodide.FS.readFile("/tmp/compiled.zip"));
"""
COMPILE_STDLIB_PY = """
import importlib.util, marshal, sys, zipfile

def first_line_only(code):
    # Each entry of a line table covers up to 8 code units; kind 13 ("no column") with a line
    # delta of 0 puts them all on the code's first line. The table must cover every unit:
    # an empty one makes the traceback module fail while it formats an error.
    units, table = len(code.co_code) // 2, bytearray()
    while units > 0:
        table += bytes((0x80 | 13 << 3 | min(units, 8) - 1, 0))
        units -= 8
    consts = tuple(first_line_only(c) if isinstance(c, type(code)) else c for c in code.co_consts)
    return code.replace(co_linetable=bytes(table), co_consts=consts)

prefix = f"/lib/python{sys.version_info.major}{sys.version_info.minor}.zip/"
unchecked_hash = (1).to_bytes(4, "little")  # PEP 552: a hash-based pyc, never checked
with zipfile.ZipFile("/tmp/source.zip") as source, \\
        zipfile.ZipFile("/tmp/compiled.zip", "w", zipfile.ZIP_STORED) as compiled:
    for info in source.infolist():
        data = source.read(info)
        if info.filename.endswith(".py"):
            code = compile(data, prefix + info.filename, "exec", dont_inherit=True, optimize=2)
            data = (importlib.util.MAGIC_NUMBER + unchecked_hash + importlib.util.source_hash(data)
                    + marshal.dumps(first_line_only(code)))
            info = zipfile.ZipInfo(info.filename + "c", info.date_time)
        compiled.writestr(info, data)
"""


def compile_stdlib(runtime: Path) -> None:
    """Replace the runtime's (trimmed) standard library by the same modules compiled, each
    `name.py` as `name.pyc` (COMPILE_STDLIB_PY, run by that runtime under Node)."""
    node = shutil.which("node")
    if node is None:
        raise BuildError("node not found: install Node.js (Debian: apt-get install nodejs npm)")
    with step(f"compile {STDLIB} with the runtime (Node)"), tempfile.TemporaryDirectory() as tmp:
        source, target = Path(tmp) / "source.zip", Path(tmp) / "compiled.zip"
        shutil.copyfile(runtime / STDLIB, source)
        run([node, "--input-type=module", "-e", COMPILE_STDLIB_JS, str(runtime.resolve()), str(source),
             str(target)], "compiling the standard library failed",
            env={**os.environ, "COMPILE_STDLIB_PY": COMPILE_STDLIB_PY})
        shutil.copyfile(target, runtime / STDLIB)


# --- our wheel ---------------------------------------------------------------

def build_wheel(dest: Path) -> Path:
    """Build our py3-none-any wheel (reproducible: hatchling fixes timestamps) into `dest`."""
    python = sys.executable if in_venv() else str(ensure_venv(BUILD_REQUIREMENTS))
    with step("build the wizard_engine wheel (hatchling)"):
        if not (ROOT / PACKAGE / "__init__.py").exists():
            raise BuildError(f"{PACKAGE}/__init__.py not found")
        with tempfile.TemporaryDirectory() as tmp:
            run([python, "-m", "hatchling", "build", "--target", "wheel", "--directory", tmp],
                "hatchling failed", cwd=ROOT, env={**os.environ, "SOURCE_DATE_EPOCH": "315532800"})
            wheels = list(Path(tmp).glob("*.whl"))
            if len(wheels) != 1:
                raise BuildError(f"expected one wheel, found {[w.name for w in wheels]}")
            wheel = dest / wheels[0].name
            wheel.write_bytes(browser_wheel(wheels[0].read_bytes()))
            return wheel


# The wheel the page loads leaves out what only a terminal runs (python -m wizard_engine
# arena, bench, play, soak): bench/engine.mjs adds them from the source tree in Node.
BROWSER_LEAVES_OUT = f"{PACKAGE}/tools/"


def browser_wheel(full: bytes) -> bytes:
    """The wheel the page loads: without BROWSER_LEAVES_OUT, its Python without docstrings and
    comments (`bare_source`), METADATA without the README (`bare_metadata`), RECORD written
    anew, stored uncompressed: a static host gzips it whole, which beats deflating file by file.
    127 KB transferred becomes 55 KB. The same bytes from the same wheel."""
    files: dict[str, tuple[zipfile.ZipInfo, bytes]] = {}
    with zipfile.ZipFile(io.BytesIO(full)) as source:
        for info in source.infolist():
            if not info.filename.startswith(BROWSER_LEAVES_OUT):
                data = source.read(info)
                files[info.filename] = (info, bare_file(info.filename, data))
    record = next(name for name in files if name.endswith(".dist-info/RECORD"))
    files[record] = (files[record][0], wheel_record(record, {n: d for n, (_, d) in files.items() if n != record}))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as kept:
        for name, (info, data) in files.items():
            kept.writestr(zipfile.ZipInfo(name, info.date_time), data)
    return out.getvalue()


def bare_file(name: str, data: bytes) -> bytes:
    """A file of the wheel as the browser's copy holds it."""
    if name.endswith(".py"):
        return bare_source(data)
    if name.endswith(".dist-info/METADATA"):
        return bare_metadata(data)
    return data


def bare_metadata(metadata: bytes) -> bytes:
    """A wheel's METADATA without its long description (the README, after the first blank
    line): the page reads the package's name and version, never its front page."""
    head, _, _ = metadata.partition(b"\n\n")
    return head + b"\n"


def bare_source(source: bytes) -> bytes:
    """Python source without its docstrings and comments (ast.unparse), checked to be the same
    program: what a player's browser downloads and never reads (tracebacks' line numbers differ)."""
    tree = ast.parse(source)
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            first = node.body[0] if node.body else None
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(
                    first.value.value, str):
                node.body = node.body[1:] or [ast.Pass()]
    bare = ast.unparse(tree)
    if ast.dump(ast.parse(bare)) != ast.dump(tree):
        raise BuildError("ast.unparse changed a module of the engine: ship it as written")
    return bare.encode() + b"\n"


def wheel_record(name: str, files: dict[str, bytes]) -> bytes:
    """A wheel's RECORD for `files`: each path, its sha256 (urlsafe base64, unpadded) and size."""
    lines = [f"{path},sha256={base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b'=').decode()},"
             f"{len(data)}" for path, data in files.items()]
    return ("\n".join([*lines, f"{name},,"]) + "\n").encode()


def wheel_version(dest: Path) -> str:
    """The version of the wheel in a built site, from its lock file."""
    lock = json.loads((dest / PYODIDE_DIR / LOCK_NAME).read_text())
    return next(iter(lock["packages"].values()))["version"]


def write_lock(info: dict, wheel: Path, dest: Path) -> None:
    """A lock file with the stock info block and one entry: our wheel, pinned by sha256."""
    name, version = wheel.name.split("-")[:2]
    entry = {
        "name": name,
        "version": version,
        "file_name": wheel.name,  # relative to the lock file
        "install_dir": "site",
        "sha256": hashlib.sha256(wheel.read_bytes()).hexdigest(),
        "package_type": "package",
        "imports": [PACKAGE],
        "depends": [],
        "unvendored_tests": False,
        "tool": {},
    }
    key = re.sub(r"[-_.]+", "-", name).lower()  # Pyodide looks packages up by canonical name
    lock = {"info": info, "packages": {key: entry}}
    (dest / LOCK_NAME).write_text(json.dumps(lock, indent=1, sort_keys=True) + "\n")


def write_integrity(dest: Path, wheel: Path) -> None:
    """The runtime's files and our wheel pinned by sha256, for the worker to check:
    {"file": "sha256-<base64>"}. The worker also keys its memory snapshot on this file:
    any other runtime, standard library or engine makes another key."""
    names = (*PYODIDE_FILES, wheel.name)
    pins = {name: "sha256-" + base64.b64encode(hashlib.sha256((dest / name).read_bytes()).digest()).decode()
            for name in names}
    (dest / INTEGRITY_NAME).write_text(json.dumps(pins, indent=1, sort_keys=True) + "\n")
