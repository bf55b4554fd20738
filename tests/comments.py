"""The page's scripts and styles as the site ships them: without their comments.

web/ is written for the people who work on it, with a comment on every why; the player's browser
needs none of it (about 50 KB of a first visit's gzipped transfer). As the site's wheel drops the
engine's docstrings and comments (tests/runtime.py), build.py drops these. Only comments go:
strings, template literals and regular expressions are read past whole, and a line that held only
a comment goes with it, so what is left is the same program (tests/test_comments.py checks it on
the tricky cases and on every file of web/).
"""
from __future__ import annotations

import re

# After one of these (or at the start), a "/" begins a regular expression, not a division.
_REGEX_AFTER = set("(,=:[!&|?{};+-*%<>~^")
_REGEX_KEYWORDS = {"return", "typeof", "case", "do", "else", "in", "of", "new", "delete", "void",
                   "throw", "yield", "await", "instanceof"}


def strip_css(source: str) -> str:
    """A style sheet without comments, and without the lines that held only a comment."""
    return _strip(source, js=False)


def strip_js(source: str) -> str:
    """An ES module without comments: a comment alone on its line goes with its line; one after
    code leaves the code; a block comment that spanned lines leaves a line break (for ASI)."""
    return _strip(source, js=True)


def _strip(source: str, js: bool) -> str:
    out: list[str] = []
    indent = ""  # a line's leading white space, held back until we know the line keeps code
    i, n = 0, len(source)
    braces: list[int] = []  # the brace depth at each open `${` of a template literal
    depth = 0
    at_line_start = True
    while i < n:
        c = source[i]
        if at_line_start and c in " \t":
            indent += c
            i += 1
            continue
        pair = source[i:i + 2]
        if pair == "/*" or (js and pair == "//"):
            end = source.find("\n", i) if pair == "//" else source.index("*/", i + 2) + 2
            end = n if end < 0 else end
            comment = source[i:end]
            rest = source.find("\n", end)
            rest = n if rest < 0 else rest
            if at_line_start and not source[end:rest].strip():
                i = rest + 1  # the whole line was the comment: drop it, indent and line break
                indent = ""
                continue
            out.append(indent)
            indent = ""
            at_line_start = False
            out.append("\n" if "\n" in comment else (" " if pair == "/*" else ""))
            i = end
            continue
        out.append(indent)
        indent = ""
        at_line_start = False
        if c == "\n":
            out.append(c)
            at_line_start = True
            i += 1
        elif c in "'\"":
            end = _string_end(source, i)
            out.append(source[i:end])
            i = end
        elif not js:
            out.append(c)
            i += 1
        elif c == "`" or (c == "}" and braces and braces[-1] == depth):
            if c == "}":
                braces.pop()
            end, opened = _template_end(source, i + 1)
            if opened:
                braces.append(depth)
            out.append(source[i:end])
            i = end
        elif c == "/" and _regex_may_start(source, i):
            end = _regex_end(source, i)
            out.append(source[i:end])
            i = end
        else:
            depth += {"{": 1, "}": -1}.get(c, 0)
            out.append(c)
            i += 1
    return "".join(out)


def _string_end(source: str, start: int) -> int:
    quote, i = source[start], start + 1
    while source[i] != quote:
        if source[i] == "\n":
            raise ValueError(f"unterminated string at {start}")
        i += 2 if source[i] == "\\" else 1
    return i + 1


def _template_end(source: str, i: int) -> tuple[int, bool]:
    """Where a template literal's text ends (after its closing ` or an opening ${), and which."""
    while True:
        if source[i] == "\\":
            i += 2
        elif source[i] == "`":
            return i + 1, False
        elif source.startswith("${", i):
            return i + 2, True
        else:
            i += 1


def _regex_may_start(source: str, i: int) -> bool:
    j = i - 1
    while j >= 0 and source[j] in " \t\r\n":
        j -= 1
    if j < 0 or source[j] in _REGEX_AFTER:
        return True
    word = re.search(r"[A-Za-z_$][\w$]*$", source[:j + 1])
    return word is not None and word.group() in _REGEX_KEYWORDS


def _regex_end(source: str, start: int) -> int:
    i, in_class = start + 1, False
    while in_class or source[i] != "/":
        if source[i] == "\n":
            raise ValueError(f"unterminated regular expression at {start}")
        if source[i] == "\\":
            i += 1
        elif source[i] == "[":
            in_class = True
        elif source[i] == "]":
            in_class = False
        i += 1
    i += 1
    while i < len(source) and source[i].isalpha():
        i += 1
    return i
