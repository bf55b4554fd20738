"""The choice of a Chromium for the tests (tests/browsers.py): Playwright's own, downloaded, the system's,
or advice; and the form's data build.py writes."""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

import build
from tests import browsers


@dataclass
class Machine:
    """A pretend machine: by default no browser at all, not root, and a download that fails."""

    playwright: str | None = None  # Playwright's own Chromium, if installed
    system: str | None = None  # a Chromium on PATH
    download_works: bool = False
    downloads: int = 0

    def download(self, python: str) -> bool:
        self.downloads += 1
        if self.download_works:
            self.playwright = "/home/me/.cache/ms-playwright/chromium/chrome"
        return self.download_works


@pytest.fixture
def machine(monkeypatch: pytest.MonkeyPatch) -> Machine:
    pretend = Machine()
    monkeypatch.setattr(browsers, "playwright_chromium", lambda python: pretend.playwright)
    monkeypatch.setattr(browsers, "install_playwright_chromium", pretend.download)
    monkeypatch.setattr(browsers, "system_chromium", lambda: pretend.system)
    monkeypatch.setattr(browsers, "is_root", lambda: False)
    return pretend


def test_playwrights_own_chromium_is_used_when_installed(machine: Machine) -> None:
    machine.playwright, machine.system = "/opt/pw/chrome", "/usr/bin/chromium"
    assert browsers.choose_chromium("python") == "" and machine.downloads == 0


def test_playwrights_chromium_is_downloaded_before_the_systems_is_used(machine: Machine) -> None:
    machine.download_works, machine.system = True, "/usr/bin/chromium"
    assert browsers.choose_chromium("python") == "" and machine.downloads == 1


def test_without_internet_the_systems_chromium_is_used(machine: Machine) -> None:
    machine.system = "/usr/bin/chromium"
    assert browsers.choose_chromium("python") == "/usr/bin/chromium" and machine.downloads == 1


def test_without_any_chromium_the_advice_names_both_ways(machine: Machine) -> None:
    with pytest.raises(browsers.BuildError, match=r"playwright install chromium.*apt-get install chromium"):
        browsers.choose_chromium("python")


def test_a_failed_download_is_quick_quiet_and_not_retried_for_a_day(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(browsers, "CACHE", tmp_path)
    fails = [sys.executable, "-c", "import sys; print('a long trace'); sys.exit(1)"]
    runs: list[list[str]] = []
    real_run = browsers.subprocess.run

    def run(command: list[str], **kwargs: object) -> object:
        runs.append(command)
        assert kwargs["timeout"] == browsers.PLAYWRIGHT_INSTALL_TIMEOUT_S
        return real_run(fails, **kwargs)  # type: ignore[call-overload]
    monkeypatch.setattr(browsers.subprocess, "run", run)
    assert browsers.install_playwright_chromium(sys.executable) is False
    assert runs and runs[0][1:] == ["-m", "playwright", "install", "chromium"]
    assert "a long trace" not in capsys.readouterr().out
    assert browsers.install_playwright_chromium(sys.executable) is False and len(runs) == 1


def test_the_forms_data_is_what_the_engine_describes(tmp_path: Path) -> None:
    """dist/described.json (the new-game form at first paint) equals describe(), in its order
    (the forms list the options as the engine does), and is precached."""
    import json

    from wizard_engine import web

    build.write_described(tmp_path)
    written = json.loads((tmp_path / build.DESCRIBED_NAME).read_text())
    assert written == web.describe()
    assert list(written["options"]) == list(web.describe()["options"]) == [
        "canadian", "plus_minus_one", "foresight", "unicoloured", "canadian_final"]
    build.write_service_worker(tmp_path)
    assert f'"{build.DESCRIBED_NAME}"' in (tmp_path / build.SERVICE_WORKER).read_text()
