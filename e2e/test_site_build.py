"""build.py's output, checked without a browser."""
from __future__ import annotations

import base64
import hashlib
import json
import re
from pathlib import Path

import pytest
from sitetools import build

from tests import runtime, tools


def test_the_lock_file_pins_the_shipped_wheel(site: Path) -> None:
    lock = json.loads((site / runtime.PYODIDE_DIR / runtime.LOCK_NAME).read_text())
    (key, entry), = lock["packages"].items()
    assert key == "wizard-engine" and entry["imports"] == ["wizard_engine"]
    wheel = site / runtime.PYODIDE_DIR / entry["file_name"]
    assert wheel.name.endswith("-py3-none-any.whl")
    assert hashlib.sha256(wheel.read_bytes()).hexdigest() == entry["sha256"]
    assert lock["info"]["python"].startswith("3.14")


def test_the_service_worker_precaches_every_file_under_a_content_named_cache(site: Path) -> None:
    text = (site / build.SERVICE_WORKER).read_text()
    found = re.search(r"const PRECACHE = (\[.*?\]);", text, re.S)
    assert found, "no PRECACHE list in the service worker"
    precache = json.loads(found.group(1))
    files = {p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file()}
    assert set(precache) == (files - {build.SERVICE_WORKER}) | {"./"}
    assert re.search(r'const CACHE = "wizard-[0-9a-f]{16}";', text)


def test_no_file_of_ours_names_another_origin_or_an_absolute_path(site: Path) -> None:
    """Every URL is relative, so the site works under any sub-path and stays on its origin."""
    ours = [p for p in site.rglob("*") if p.suffix in {".html", ".js", ".css", ".webmanifest"}
            and runtime.PYODIDE_DIR not in p.relative_to(site).parts]
    assert ours
    for path in ours:
        text = path.read_text()
        text = re.sub(r'xmlns(:\w+)?="http://www\.w3\.org/[^"]*"', "", text)  # SVG namespaces are names
        text = re.sub(r'"http://www\.w3\.org/[0-9]+/(svg|xlink)"', "", text)
        assert not re.search(r"\b(https?:)?//[a-z0-9.-]+\.[a-z]{2,}", text, re.I), path
        assert not re.search(r"""(src|href)=["']/""", text), path


def test_the_wheel_build_is_byte_reproducible(site: Path, tmp_path: Path) -> None:
    again = runtime.build_wheel(tmp_path)
    assert again.read_bytes() == (site / runtime.PYODIDE_DIR / again.name).read_bytes()


def test_a_tarball_failing_its_integrity_is_refused_and_deleted(tmp_path: Path) -> None:
    tarball = tmp_path / "pyodide.tgz"
    tarball.write_bytes(b"not the pinned package")
    with pytest.raises(build.BuildError, match="integrity mismatch"):
        tools.verify_integrity(tarball, runtime.PYODIDE_INTEGRITY)
    assert not tarball.exists()


def test_a_matching_integrity_passes(tmp_path: Path) -> None:
    data = tmp_path / "file"
    data.write_bytes(b"wizard")
    digest = base64.b64encode(hashlib.sha512(b"wizard").digest()).decode()
    tools.verify_integrity(data, f"sha512-{digest}")
    assert data.exists()


def test_the_icons_are_pngs_of_the_declared_sizes(site: Path) -> None:
    manifest = json.loads((site / "manifest.webmanifest").read_text())
    for icon in manifest["icons"]:
        data = (site / icon["src"]).read_bytes()
        if icon["type"] == "image/png":
            assert data[:8] == b"\x89PNG\r\n\x1a\n"
            width, height = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
            assert icon["sizes"] == f"{width}x{height}"
