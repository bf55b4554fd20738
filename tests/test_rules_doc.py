"""The rulebook, docs/rules.md, against the repository: every rule the code, tests and docs
cite is written there, and every rule written there has a test named after it."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

from wizard_engine.scoring import score_round

ROOT = Path(__file__).resolve().parents[1]
RULEBOOK = ROOT / "docs" / "rules.md"
CITING = ("wizard_engine", "web", "tests", "e2e", "bench", "docs", "build.py", "README.md")
"""Where rules are cited: the engine, the page, the tests, the benchmarks, the docs, the build."""
SUFFIXES = {".py", ".js", ".mjs", ".json", ".md", ".html", ".css"}
SKIPPED = {"node_modules", "__pycache__", "package-lock.json"}  # others' files; the lock's hashes
TESTED_IN = ("tests", "e2e")

HEADING = re.compile(r"^### ([RST])(\d+)\. \S", re.MULTILINE)
"""A rule's heading in the rulebook, its anchor: ``### R13. Following suit``."""
TAG = r"[RST]\d+"
RANGE = re.compile(r"\b([RST])(\d+)\s*(?:-|\u2013|\.\.)\s*\1(\d+)\b")
"""``R13-R15``, ``S1..S14`` (or an en dash): every rule from the first to the last."""
R_TAG = re.compile(r"\bR\d+\b")
"""R rules are cited bare, in any sentence: nothing else in the repository looks like one."""
S_T_TAGS = re.compile(
    rf"""["']([ST]\d+)["']"""  # a reason's rule: Reason("...", rule="S9")
    rf"|\(\s*(?:rules?\s+)?({TAG}(?:\s*(?:,|/|-|\u2013|\.\.|and)\s*{TAG})*)\s*\)"  # (S7), (R15/S7), (rule T2)
    rf"|(?:#|//|\*|\"\"\")\s*([ST]\d+)\b(?=\s*[:/,(])"  # a comment or docstring opening "S7: ..."
    rf"|\brules?\s+([ST]\d+)\b"  # "rule S7"
)
"""S (special cards) and T (schedules) are cited only in these forms, so that a "T1" in a
date or a seat label is not taken for a rule."""


def cited(text: str) -> set[str]:
    """The rules ``text`` cites: every R tag, the S and T tags in citation form, ranges expanded."""
    tags = set(R_TAG.findall(text))
    for match in S_T_TAGS.finditer(text):
        for group in match.groups():
            if group:
                tags.update(re.findall(TAG, group))
    for letter, first, last in RANGE.findall(text):
        if letter == "R" or f"{letter}{first}" in tags:
            tags.update(f"{letter}{n}" for n in range(int(first), int(last) + 1))
    return tags


def citing_files() -> Iterator[Path]:
    """Every file that may cite a rule, but the rulebook (it names the rules to come) and this
    file (its examples of citations)."""
    own = {RULEBOOK, Path(__file__).resolve()}
    for name in CITING:
        path = ROOT / name
        for file in [path] if path.is_file() else sorted(path.rglob("*")):
            parts = set(file.relative_to(ROOT).parts)
            if file.suffix in SUFFIXES and file.is_file() and file not in own and not parts & SKIPPED:
                yield file


def defined() -> list[str]:
    """The rules of the rulebook, in its order."""
    return [letter + number for letter, number in HEADING.findall(RULEBOOK.read_text(encoding="utf-8"))]


def sort_key(rule: str) -> tuple[str, int]:
    return rule[0], int(rule[1:])


def test_every_cited_rule_is_in_the_rulebook() -> None:
    rules = set(defined())
    missing = []
    for file in citing_files():
        for number, line in enumerate(file.read_text(encoding="utf-8").splitlines(), 1):
            unknown = cited(line) - rules
            if unknown:
                missing.append(f"{file.relative_to(ROOT)}:{number}: {', '.join(sorted(unknown, key=sort_key))}")
    assert not missing, "rules cited but not in docs/rules.md:\n" + "\n".join(missing)


def test_every_rule_in_the_rulebook_has_a_test_named_after_it() -> None:
    named: set[str] = set()
    for folder in TESTED_IN:
        for file in (ROOT / folder).rglob("test_*.py"):
            named.update(m.upper() for m in re.findall(r"def test_([rst]\d+)_", file.read_text(encoding="utf-8")))
    untested = [rule for rule in defined() if rule not in named]
    assert not untested, f"rules of docs/rules.md with no test named test_{{rule}}_...: {untested}"


def test_the_rulebook_numbers_its_rules_once_each_from_one() -> None:
    rules = defined()
    assert rules, "no rule heading (### R1. ...) in docs/rules.md"
    for letter in sorted({rule[0] for rule in rules}):
        numbers = [int(rule[1:]) for rule in rules if rule[0] == letter]
        assert numbers == list(range(1, len(numbers) + 1)), f"{letter} rules out of order or repeated: {numbers}"


def test_the_rulebooks_worked_example_scores_as_written() -> None:
    text = RULEBOOK.read_text(encoding="utf-8")
    rows = re.findall(r"^\| \d+ \|((?: \d+ / \d+ → \u2212?\d+ \|){3})$", text, re.MULTILINE)
    assert len(rows) == 3, "the worked example's table (bid / taken → total) is not in docs/rules.md"
    totals = [0, 0, 0]
    for row in rows:
        cells = re.findall(r"(\d+) / (\d+) → (\u2212?\d+)", row)
        bids, taken = [int(bid) for bid, _, _ in cells], [int(took) for _, took, _ in cells]
        totals = [line.total for line in score_round(bids, taken, totals)]
        assert totals == [int(total.replace("\u2212", "-")) for _, _, total in cells]


def test_rule_citations_are_recognised_in_their_forms() -> None:
    assert cited("Cannot play 3C: you must follow hearts (R13)") == {"R13"}
    assert cited("R5/R21: the cards each player is dealt") == {"R5", "R21"}
    assert cited("The rules are numbered R1\u2013R22") == {f"R{n}" for n in range(1, 23)}
    assert cited('raise WizardError(Reason("bomb", rule="S9"))') == {"S9"}
    assert cited("# S7: the Fairy beats the Dragon (R16, S7)") == {"S7", "R16"}
    assert cited("the special cards (S1..S14)") == {f"S{n}" for n in range(1, 15)}
    assert cited('date=f"2026-11-2{seed}T00:00:00Z"; T1 and S3 (T4 ships) at 2026-03-01T12:00:00Z') == set()
