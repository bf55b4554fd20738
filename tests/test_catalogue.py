"""The page's words: every word a player reads comes from a catalogue, web/i18n/<lang>.json.

The page asks for words with ``t("key", params)`` (web/*.js) and names the words of its
static elements with ``data-i18n`` / ``data-i18n-label`` (web/index.html). Checked here, for
every language of words.js's ``LANGUAGES``: every key the page uses is in the catalogue; every
key built at run time (``t(`level.${l}`)``) has one of the prefixes listed in :data:`DYNAMIC`,
and every value it can take (the engine's levels, options, themes, reasons...) has its words;
no catalogue key is unused; index.html shows no text of its own. And the catalogues agree:
the same keys, the same {parameters} for each key, and each plural message has exactly the
plural forms its language needs.
"""
from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from wizard_engine import web
from wizard_engine.config import BOT_LEVELS
from wizard_engine.reasons import CODES
from wizard_engine.records.stats import DECKS
from wizard_engine.scoring import TIE_BREAKS
from wizard_engine.state import Phase

WEB = Path(__file__).resolve().parent.parent / "web"
I18N = WEB / "i18n"
PHASES = tuple(phase.value for phase in Phase if phase is not Phase.OVER)  # with the special cards' steps
SUITS = "CDHS"


def described() -> dict:
    return web.describe()


def paces() -> list[str]:
    """The keys of lib/pace.js's PACES."""
    block = re.search(r"export const PACES = \{(.*?)\n\};", (WEB / "lib" / "pace.js").read_text(), re.DOTALL)
    assert block, "PACES not found in lib/pace.js"
    return re.findall(r"^\s*(\w+):", block.group(1), re.MULTILINE)


def schemes() -> list[str]:
    """appearance.js's SCHEMES (the colour scheme switch's choices)."""
    found = re.search(r"export const SCHEMES = \[(.*?)\];", (WEB / "lib" / "appearance.js").read_text())
    assert found, "SCHEMES not found in appearance.js"
    return re.findall(r'"(\w+)"', found.group(1))


def dynamic_keys() -> dict[str, set[str]]:
    """Each prefix of a key built at run time, and every key it must be able to build."""
    info = described()
    levels = list(dict.fromkeys([*BOT_LEVELS, *info["levels"]]))
    themes = info["themes"]
    bidding = info["bidding"]
    options = list(info["options"])
    specials = info["specials"]["cards"]
    boxes = [box["box"] for box in info["specials"]["boxes"]]
    return {
        "level.": {f"level.{x}" for x in levels},
        "seat.level.": {f"seat.level.{x}" for x in levels},
        "option.": {f"option.{x}" for x in options},
        "option.name.": {f"option.name.{x}" for x in options},
        "bidding.": {f"bidding.{x}" for x in bidding},
        "schedule.": {f"schedule.{x}" for x in info["schedules"]},
        "schedule.name.": {f"schedule.name.{x}" for x in info["schedules"]},
        "final.tie_break.": {f"final.tie_break.{x}" for x in (*TIE_BREAKS, "shared")},
        "bidding.name.": {f"bidding.name.{x}" for x in bidding},
        "phase.": {f"phase.{p}" for p in PHASES},
        "prompt.bid.": {f"prompt.bid.{x}" for x in bidding},
        "tally.waiting_": {f"tally.waiting_{x}" for x in bidding if x != "open"},
        "theme.": {f"theme.{x}{s}" for x in themes for s in ("", ".short")},
        "pace.": {f"pace.{x}" for x in paces()},
        "settings.scheme.": {f"settings.scheme.{x}" for x in schemes()},
        "status.": {"status.loading", "status.error"},
        "seat.turn.": {f"seat.turn.{p}" for p in PHASES},
        "prompt.waiting.": {f"prompt.waiting.{p}" for p in PHASES},
        "announce.turn.": {f"announce.turn.{p}" for p in PHASES},
        "score.": {f"score.{k}" for k in ("bid", "taken", "points", "total")},
        "trump.why.": {f"trump.why.{w}" for w in ("turned", "jester", "last_round", "unicoloured", "fixed",
                                                  "revealed", "no_trump_card")}
        | {f"trump.why.{w}{y}{s}" for w in ("chosen", "choosing") for y in ("", "_you") for s in ("", "_special")}
        | {f"trump.why.{w}{y}" for w in ("calling", "called", "called_none") for y in ("", "_you")},
        "suit.": {f"suit.{th}.{s}" for th in themes for s in SUITS}
        | {f"suit.{th}.short.{s}" for th in themes for s in SUITS},
        "rank.": {f"rank.{r}" for r in "23456789TJQKA"},
        "corner.": {f"corner.{r}" for r in [*"TJQKAZN", *specials]},
        "card.special.": {f"card.special.{c}" for c in specials},
        "specials.box.": {f"specials.box.{box or 'none'}" for box in boxes} | {"specials.box.custom"},
        "specials.name.": {f"specials.name.{box}" for box in boxes if box},
        "prompt.special.": {f"prompt.special.{p}" for p in ("werewolf", "vampire", "cloud", "witch")},
        "prompt.pick.": {f"prompt.pick.{k}" for k in ("colour", "side", "witch_take")},
        "choice.label.": {f"choice.label.{p}" for p in ("werewolf", "vampire", "cloud")},
        "choice.cloud.": {"choice.cloud.+1", "choice.cloud.-1"},
        "choice.cloud_to.": {"choice.cloud_to.+1", "choice.cloud_to.-1"},
        "language.": {f"language.{x}" for x in LANGUAGES},
        "reason.": {f"reason.{c}" for c in CODES},
        "storage.part.": {f"storage.part.{p}" for p in ("records", "offline", "snapshot")},
        "stats.deck.": {f"stats.deck.{d}" for d in DECKS},
    }


# --- reading the page's code ------------------------------------------------------------

# A call of t( whose first argument is not written out: allowed only here (the words
# module passes keys through; data-i18n keys are checked in index.html).
PASS_THROUGH = {("words.js", "node.dataset.i18n"), ("words.js", "node.dataset.i18nLabel"), ("engine.js", "code")}


def boot_keys() -> set[str]:
    """The keys of the engine's boot failures, named in engine.js and worker.js (worded by engine.js's t(code)),
    and boot.js's (a browser too old, a script that cannot load: worded by its own say(key))."""
    return {key for name in ("engine/engine.js", "engine/worker.js", "boot.js")
            for key in re.findall(r'"(boot\.[\w.]+\w)"', (WEB / name).read_text())}


def first_argument(code: str, start: int) -> str:
    """The text of the first argument of the call whose "(" is at ``start``."""
    depth, i, quote = 0, start + 1, None
    while i < len(code):
        c = code[i]
        if quote:
            if c == "\\":
                i += 1
            elif c == quote:
                quote = None
        elif c in "\"'`":
            quote = c
        elif c in "([{":
            depth += 1
        elif c in ")]}":
            if depth == 0:
                return code[start + 1:i]
            depth -= 1
        elif c == "," and depth == 0:
            return code[start + 1:i]
        i += 1
    raise AssertionError(f"unclosed call at {start}")


def keys_in_code(name: str, code: str) -> tuple[set[str], set[str]]:
    """(literal keys, dynamic prefixes) of every t(...) call in ``code``."""
    literal: set[str] = set()
    prefixes: set[str] = set()
    for match in re.finditer(r"(?<![\w.$])(?<!function )t\(", code):
        argument = first_argument(code, match.end() - 1).strip()
        strings = re.findall(r'"([^"\\]*)"|\'([^\'\\]*)\'', re.sub(r"`[^`]*`", "", argument))
        templates = re.findall(r"`([^`]*)`", argument)
        for template in templates:
            if "${" in template:
                prefixes.add(template.split("${")[0])
            else:
                literal.add(template)
        literal.update(a or b for a, b in strings)
        if not strings and not templates:
            assert (name, argument) in PASS_THROUGH, f"{name}: t({argument}) names no key"
    return literal, prefixes


class Static(HTMLParser):
    """The data-i18n keys of a page, and any text it shows of its own."""

    def __init__(self) -> None:
        super().__init__()
        self.keys: set[str] = set()
        self.texts: list[str] = []
        self.skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        for name in ("data-i18n", "data-i18n-label"):
            if found.get(name):
                self.keys.add(str(found[name]))
        for name in ("aria-label", "title", "placeholder", "alt"):
            if found.get(name):
                self.texts.append(f"{tag}[{name}]={found[name]}")
        if tag in ("script", "style"):
            self.skip += 1

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style"):
            self.skip -= 1

    def handle_data(self, data: str) -> None:
        if not self.skip and data.strip():
            self.texts.append(data.strip())


def page_keys() -> tuple[set[str], set[str]]:
    literal: set[str] = set()
    prefixes: set[str] = set()
    for path in sorted(WEB.rglob("*.js")):
        found, dynamic = keys_in_code(path.name, path.read_text())
        literal |= found
        prefixes |= dynamic
    static = Static()
    static.feed((WEB / "index.html").read_text())
    return literal | static.keys | boot_keys(), prefixes


def languages() -> list[str]:
    """words.js's LANGUAGES: the languages the page speaks, English first."""
    found = re.search(r"export const LANGUAGES = \[([^\]]*)\];", (WEB / "lib" / "words.js").read_text())
    assert found, "LANGUAGES not found in words.js"
    return re.findall(r'"([a-z]{2,3})"', found.group(1))


LANGUAGES = languages()

# The plural categories (CLDR, cardinal; what Intl.PluralRules(lang).select() returns for
# whole numbers) of each language: a plural message gives exactly these forms.
PLURAL_FORMS = {"en": {"one", "other"}, "de": {"one", "other"}}


def catalogue(lang: str = "en") -> dict[str, object]:
    return json.loads((I18N / f"{lang}.json").read_text())


def parameters(message: object) -> set[str]:
    """The {names} a message fills in (over all its plural forms)."""
    forms = message.values() if isinstance(message, dict) else [message]
    return {name for form in forms for name in re.findall(r"\{(\w+)\}", str(form))}


# --- the checks ---------------------------------------------------------------------------

def test_every_language_has_a_catalogue_and_every_catalogue_a_language() -> None:
    assert LANGUAGES[0] == "en"
    assert sorted(path.stem for path in I18N.glob("*.json")) == sorted(LANGUAGES)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_key_the_page_uses_has_words(lang: str) -> None:
    literal, _ = page_keys()
    missing = sorted(literal - set(catalogue(lang)))
    assert not missing, f"keys used by the page but not in i18n/{lang}.json: {missing}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_key_built_at_run_time_has_a_known_prefix_and_all_its_words(lang: str) -> None:
    _, prefixes = page_keys()
    dynamic = dynamic_keys()
    unknown = sorted(p for p in prefixes if not any(p.startswith(d) for d in dynamic))
    assert not unknown, f"keys built at run time with no entry in DYNAMIC: {unknown}"
    missing = sorted(k for keys in dynamic.values() for k in keys if k not in catalogue(lang))
    assert not missing, f"words missing in i18n/{lang}.json for: {missing}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_engine_reason_code_has_words(lang: str) -> None:
    assert set(described()["reasons"]) == set(CODES)
    missing = sorted(c for c in CODES if f"reason.{c}" not in catalogue(lang))
    assert not missing, f"engine reasons without words in i18n/{lang}.json: {missing}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_rule_tags_in_the_players_words(lang: str) -> None:
    tagged = sorted(k for k, v in catalogue(lang).items() if re.search(r"\bR\d+\b", json.dumps(v)))
    assert not tagged, f"rule tags like (R13) in the players' words of i18n/{lang}.json: {tagged}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_catalogue_key_is_unused(lang: str) -> None:
    literal, _ = page_keys()
    built = set().union(*dynamic_keys().values())
    unused = sorted(set(catalogue(lang)) - literal - built)
    assert not unused, f"keys in i18n/{lang}.json that the page never asks for: {unused}"


@pytest.mark.parametrize("lang", LANGUAGES[1:])
def test_every_catalogue_has_the_keys_of_english_and_no_others(lang: str) -> None:
    english, other = set(catalogue()), set(catalogue(lang))
    assert not english - other, f"keys of i18n/en.json missing in i18n/{lang}.json: {sorted(english - other)}"
    assert not other - english, f"keys only in i18n/{lang}.json, not in i18n/en.json: {sorted(other - english)}"


@pytest.mark.parametrize("lang", LANGUAGES[1:])
def test_every_message_fills_in_the_parameters_of_english(lang: str) -> None:
    english, other = catalogue(), catalogue(lang)
    differ = {key: (sorted(parameters(english[key])), sorted(parameters(other[key])))
              for key in english.keys() & other.keys() if parameters(english[key]) != parameters(other[key])}
    assert not differ, f"{{parameters}} of i18n/en.json vs i18n/{lang}.json differ: {differ}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_plural_message_has_its_languages_forms(lang: str) -> None:
    assert lang in PLURAL_FORMS, f"add the plural categories of {lang} to PLURAL_FORMS"
    english, words = catalogue(), catalogue(lang)
    for key, value in words.items():
        if isinstance(english.get(key), dict) or isinstance(value, dict):
            assert isinstance(value, dict), f"i18n/{lang}.json: {key} needs plural forms, as in English"
            assert set(value) == PLURAL_FORMS[lang], f"i18n/{lang}.json: {key} has forms {sorted(value)}"


def test_the_page_shows_no_text_of_its_own() -> None:
    static = Static()
    static.feed((WEB / "index.html").read_text())
    assert static.texts == [], f"text in index.html outside the catalogue: {static.texts}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_message_is_a_template_or_plural_forms(lang: str) -> None:
    for key, value in catalogue(lang).items():
        if isinstance(value, dict):
            assert "other" in value and set(value) <= {"zero", "one", "two", "few", "many", "other"}, key
            assert all(isinstance(v, str) for v in value.values()), key
        else:
            assert isinstance(value, str), key


def test_the_scanner_finds_literal_dynamic_and_conditional_keys() -> None:
    code = 'x(t("a.b", { n: f(1, 2) })); t(`c.${d}`, {}); t(y ? "e.f" : \'g.h\'); at("no.key")'
    assert keys_in_code("x.js", code) == ({"a.b", "e.f", "g.h"}, {"c."})
    with pytest.raises(AssertionError, match="names no key"):
        keys_in_code("x.js", "t(someVariable)")


def test_the_catalogues_ship_with_the_site(tmp_path: Path) -> None:
    """build.py copies web/ whole: every catalogue lands in dist/ (and so in the service worker's precache)."""
    import build

    build.copy_web(tmp_path)
    for lang in LANGUAGES:
        assert json.loads((tmp_path / "i18n" / f"{lang}.json").read_text()) == catalogue(lang)
