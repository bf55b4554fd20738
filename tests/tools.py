"""The tools build.py needs beyond Python, installed on first use (standard library only).

Python packages go into a local virtual environment, .venv/, from a pinned requirements
file; npm packages come from a pinned lock file (`npm ci`, e.g. ESLint into
tests/eslint/node_modules/) or as one pinned tarball checked against its integrity hash
(`npm pack`, Pyodide's runtime into .cache/npm/); what a machine lacks (pip for venv, a
browser) comes from apt-get when run as root on Debian. Each step is announced and named
in any failure (`step`, `BuildError`).
"""
from __future__ import annotations

import base64
import contextlib
import hashlib
import importlib.util
import os
import shutil
import subprocess
import sys
import tarfile
import venv
from collections.abc import Iterator, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CACHE = ROOT / ".cache"
VENV = ROOT / ".venv"


class BuildError(Exception):
    """A build step failed; the message says which step and why."""


@contextlib.contextmanager
def step(name: str) -> Iterator[None]:
    """Announce a build step and name it in any failure."""
    print(f"build: {name}", flush=True)
    try:
        yield
    except BuildError as error:
        raise BuildError(f"{name}: {error}") from None
    except (OSError, subprocess.CalledProcessError, tarfile.TarError, KeyError, ValueError) as error:
        raise BuildError(f"{name}: {error}") from error


def run(command: Sequence[str], why: str, **kwargs) -> subprocess.CompletedProcess:
    """Run a command; on failure raise BuildError with `why` and the command's output."""
    result = subprocess.run(command, capture_output=True, text=True, **kwargs)
    if result.returncode != 0:
        output = (result.stdout + result.stderr).strip()
        raise BuildError(f"{why}\n  $ {' '.join(command)}\n{output}")
    return result


# --- Python packages in .venv ---------------------------------------------------

def venv_python() -> Path:
    """The interpreter of the project's virtual environment."""
    if os.name == "nt":
        return VENV / "Scripts" / "python.exe"
    return VENV / "bin" / "python"


def in_venv() -> bool:
    """Whether this interpreter is the virtual environment's."""
    return Path(sys.prefix).resolve() == VENV.resolve()


def ensure_venv(requirements: Path) -> Path:
    """Create .venv if needed and install `requirements` into it (once per content)."""
    python = venv_python()
    if not python.exists():
        with step(f"create the virtual environment {VENV.name}/"):
            ensure_ensurepip()
            venv.EnvBuilder(with_pip=True, clear=True).create(VENV)
    stamp = VENV / f".installed-{requirements.stem}"
    digest = hashlib.sha256(_requirements_text(requirements).encode()).hexdigest()
    if stamp.exists() and stamp.read_text() == digest:
        return python
    with step(f"install {requirements.name} into {VENV.name}/ (pip)"):
        run([str(python), "-m", "pip", "install", "--disable-pip-version-check",
             "--quiet", "-r", str(requirements)], "pip install failed (is PyPI reachable?)")
        stamp.write_text(digest)
    return python


def ensure_ensurepip() -> None:
    """Debian's Python lacks ensurepip (so venv cannot install pip) without python3-venv."""
    if importlib.util.find_spec("ensurepip") is not None:
        return
    package = f"python{sys.version_info.major}.{sys.version_info.minor}-venv"
    if is_root() and shutil.which("apt-get"):
        print(f"build: installing {package} (apt-get) so that venv can install pip", flush=True)
        apt_install(package)
        importlib.invalidate_caches()
        if importlib.util.find_spec("ensurepip") is not None:
            return
    raise BuildError(f"this Python cannot create a virtual environment with pip: "
                     f"install {package} (Debian/Ubuntu: sudo apt-get install {package})")


def _requirements_text(path: Path) -> str:
    """A requirements file with the files it includes (-r), for change detection."""
    lines = []
    for line in path.read_text().splitlines():
        if line.startswith("-r "):
            lines.append(_requirements_text(path.parent / line[3:].strip()))
        else:
            lines.append(line)
    return "\n".join(lines)


# --- the system's packages ------------------------------------------------------

def is_root() -> bool:
    """Whether this process may install the system's packages."""
    return hasattr(os, "geteuid") and os.geteuid() == 0


def apt_install(*packages: str) -> None:
    """apt-get update, then install `packages` (as root, non-interactively)."""
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    run(["apt-get", "update"], "apt-get update failed", env=env)
    run(["apt-get", "install", "-y", "--no-install-recommends", *packages],
        f"apt-get install {' '.join(packages)} failed", env=env)


# --- npm packages ---------------------------------------------------------------

def npm() -> str:
    """The npm command, or BuildError saying how to get it."""
    if found := shutil.which("npm"):
        return found
    raise BuildError("npm not found: install Node.js with npm (Debian: apt-get install npm)")


def npm_ci(folder: Path) -> Path:
    """Install the packages pinned in `folder`'s package-lock.json (`npm ci`, once per lock);
    return its node_modules/."""
    modules = folder / "node_modules"
    stamp = modules / ".installed"
    digest = hashlib.sha256((folder / "package-lock.json").read_bytes()).hexdigest()
    if stamp.exists() and stamp.read_text() == digest:
        return modules
    with step(f"install the packages of {folder.relative_to(ROOT).as_posix()}/package-lock.json (npm ci)"):
        run([npm(), "ci", "--no-audit", "--no-fund", "--silent"],
            "npm ci failed (is the npm registry reachable?)", cwd=folder)
        stamp.write_text(digest)
    return modules


def npm_pack(package: str, version: str, integrity: str) -> Path:
    """The tarball of npm package `package`@`version`, fetched once into .cache/npm/ and
    checked against `integrity` (`npm view PACKAGE@VERSION dist.integrity` prints it)."""
    tarball = CACHE / "npm" / f"{package}-{version}.tgz"
    if not tarball.exists():
        with step(f"fetch {package}@{version} from npm (npm pack)"):
            tarball.parent.mkdir(parents=True, exist_ok=True)
            run([npm(), "pack", f"{package}@{version}", "--silent"],
                "npm pack failed (is the npm registry reachable?)", cwd=tarball.parent)
    with step(f"verify {tarball.name} against the pinned integrity"):
        verify_integrity(tarball, integrity)
    return tarball


def verify_integrity(path: Path, integrity: str) -> None:
    """Check a file against an SRI string (`sha512-<base64>`); delete it on mismatch."""
    algorithm, _, expected = integrity.partition("-")
    actual = base64.b64encode(hashlib.new(algorithm, path.read_bytes()).digest()).decode()
    if actual != expected:
        path.unlink()
        raise BuildError(
            f"integrity mismatch: expected {integrity}, got {algorithm}-{actual}; "
            "the file was deleted, run the build again to fetch it anew"
        )
