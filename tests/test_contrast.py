"""The page's colours (web/style.css's custom properties) pass WCAG AA contrast, light and dark.

The pairs are the main text/background pairs of the page; the figures are printed
with `pytest -s tests/test_contrast.py`.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

WEB = Path(__file__).resolve().parent.parent / "web"
CSS = (WEB / "style.css").read_text()
TEXT = 4.5  # WCAG 2 AA, normal text
NON_TEXT = 3.0  # WCAG 2.1 AA 1.4.11: focus rings, control edges

PAIRS = [  # (foreground, background, minimum)
    ("ink", "paper", TEXT), ("ink", "surface", TEXT), ("ink", "surface-2", TEXT), ("ink", "head-bg", TEXT),
    ("muted", "paper", TEXT), ("muted", "surface", TEXT), ("muted", "head-bg", TEXT),
    ("on-accent", "accent", TEXT), ("accent", "surface", TEXT), ("on-night", "night", TEXT), ("gold", "night", TEXT),
    ("on-gold", "gold", TEXT), ("on-felt", "felt", TEXT), ("on-felt-muted", "felt", TEXT),
    ("on-felt-red", "felt", TEXT), ("on-felt-muted", "felt-dark", TEXT),
    *[(f"on-felt-amigo-{suit}", "felt", TEXT) for suit in "CDHS"],
    ("good", "surface", TEXT), ("bad", "surface", TEXT), ("warn-ink", "surface", TEXT),
    ("good", "good-bg", TEXT), ("bad", "bad-bg", TEXT), ("warn-ink", "pick-bg", TEXT), ("warn-ink", "warn-bg", TEXT),
    ("alert-ink", "alert-bg", TEXT), ("ok-ink", "ok-bg", TEXT), ("info-ink", "info-bg", TEXT),
    ("ink", "hint-bg", TEXT), ("accent", "hint-bg", TEXT), ("ink", "row-mine", TEXT), ("ink", "row-pick", TEXT),
    ("ink", "row-both", TEXT), ("ink", "neutral-bg", TEXT), ("ink", "pick-bg", TEXT),
    ("focus", "paper", NON_TEXT), ("focus", "surface", NON_TEXT), ("control-border", "surface", NON_TEXT),
    ("card-red", "card-face", TEXT), ("card-black", "card-face", TEXT),
    *[(f"four-{suit}", "card-face", TEXT) for suit in "CDHS"],
    ("amigo-ink", "amigo-blue", TEXT), ("amigo-ink", "amigo-red", TEXT), ("amigo-ink", "amigo-green", TEXT),
    *[(f"seat-{seat}", "surface", NON_TEXT) for seat in range(6)],  # the score chart's lines
    ("amigo-yellow-ink", "amigo-yellow", TEXT), ("gold", "wizard-face", TEXT), ("jester-ink", "jester-face", TEXT),
    *[(f"{card}-ink", f"{card}-face{dark}", TEXT) for card in ("dragon", "fairy", "bomb", "werewolf", "juggler",
                                                              "cloud", "shapeshifter", "witch", "vampire")
      for dark in ("", "-dark")],
    ("on-felt-jester", "felt", TEXT), ("led-ink", "led-bg", TEXT),
    ("on-surface-red", "surface", TEXT), *[(f"on-surface-amigo-{suit}", "surface", TEXT) for suit in "CDHS"],
    *[(f"stats-{bar}", "surface", NON_TEXT) for bar in ("won", "made", "over", "under")],
]


def block(start: str) -> str:
    """The declarations of the first rule that begins with `start`."""
    begin = CSS.index(start)
    return CSS[begin:CSS.index("}", begin)]


def colours(text: str) -> dict[str, str]:
    return dict(re.findall(r"--([\w-]+):\s*(#[0-9a-fA-F]{6})\b", text))


LIGHT = colours(block(":root {"))
DARK = {**LIGHT, **colours(block(':root[data-scheme="dark"] {'))}


def luminance(hex_colour: str) -> float:
    """WCAG relative luminance of #rrggbb."""
    channels = [int(hex_colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def ratio(a: str, b: str) -> float:
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_the_dark_palette_is_written_once() -> None:
    """The system's dark scheme and the switch's are one block (scheme.js resolves the system's)."""
    assert CSS.count('[data-scheme="dark"] {') == 1 and "@media (prefers-color-scheme" not in CSS
    assert len(colours(block(':root[data-scheme="dark"] {'))) > 20


def test_every_custom_property_a_stylesheet_reads_is_set_somewhere() -> None:
    """A property read but never set falls back (or to nothing) in both schemes alike:
    how the score keeper and the statistics once stayed white on a dark page."""
    sheets = {path.name: path.read_text() for path in sorted(WEB.rglob("*.css"))}
    declared = {name for text in sheets.values() for name in re.findall(r"(--[\w-]+)\s*:", text)}
    scripts = "".join(path.read_text() for path in WEB.rglob("*.js"))
    set_by_scripts = set(re.findall(r"setProperty\(\s*\"(--[\w-]+)\"", scripts))
    assert {"--fx", "--dock-h"} <= set_by_scripts
    for name, text in sheets.items():
        unset = sorted(set(re.findall(r"var\((--[\w-]+)", text)) - declared - set_by_scripts)
        assert not unset, f"{name} reads custom properties that nothing sets: {unset}"


def test_every_colour_of_the_pairs_is_defined() -> None:
    for fg, bg, _ in PAIRS:
        assert fg in LIGHT and bg in LIGHT, (fg, bg)


@pytest.mark.parametrize(("scheme", "palette"), [("light", LIGHT), ("dark", DARK)])
@pytest.mark.parametrize(("fg", "bg", "least"), PAIRS)
def test_contrast(scheme: str, palette: dict[str, str], fg: str, bg: str, least: float) -> None:
    figure = ratio(palette[fg], palette[bg])
    print(f"{scheme:5} {fg:>16} on {bg:<12} {figure:5.2f}")
    assert figure >= least, f"{scheme}: --{fg} on --{bg} is {figure:.2f}:1, under {least}:1"


def test_the_ratio_itself() -> None:
    assert ratio("#000000", "#ffffff") == pytest.approx(21.0)
    assert ratio("#777777", "#ffffff") == pytest.approx(4.48, abs=0.01)
