"""The site ships web/'s scripts and styles without comments (tests/comments.py): only comments go."""
from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.comments import strip_css, strip_js

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"
ESPREE = ROOT / "tests" / "eslint" / "node_modules" / "espree"

# ESLint's own parser reads both texts: their tokens (what the browser runs) must be the same.
SAME_TOKENS = """
const espree = require(process.argv[1]);
const pairs = JSON.parse(require("fs").readFileSync(0, "utf8"));
const tokens = (code) => espree.tokenize(code, { ecmaVersion: "latest", sourceType: "module" })
  .map((token) => `${token.type} ${token.value}`);
const differ = pairs.filter(([, before, after]) => tokens(before).join("\\n") !== tokens(after).join("\\n"));
console.log(JSON.stringify(differ.map(([name]) => name)));
"""


def test_only_comments_go_from_a_script() -> None:
    source = "\n".join([
        "// a whole line of comment",
        "  /* a block",
        "     of lines */",
        'const url = "http://example/*not*/"; // after code',
        "const re = /\\/\\/[/*]/g, half = a / b / c;",
        "const text = `// kept ${ `/* kept ${x} */` } kept //`;",
        "if (ok) return /x/.test(y); /* inline */ next();",
        "a /*",
        "*/ b",
        "",
        "done();",
    ])
    assert strip_js(source).split("\n") == [
        'const url = "http://example/*not*/"; ',
        "const re = /\\/\\/[/*]/g, half = a / b / c;",
        "const text = `// kept ${ `/* kept ${x} */` } kept //`;",
        "if (ok) return /x/.test(y);   next();",
        "a ",
        " b",
        "",
        "done();",
    ]


def test_only_comments_go_from_a_style_sheet() -> None:
    source = '/* head */\n.a { content: "/* kept */"; } /* why */\n\n  /* alone */\n.b{}'
    assert strip_css(source) == '.a { content: "/* kept */"; }  \n\n.b{}'


def test_an_unterminated_string_is_an_error_not_a_guess() -> None:
    with pytest.raises(ValueError, match="unterminated string"):
        strip_js("const a = 'open\nnext();")


def test_every_script_of_the_page_keeps_its_tokens() -> None:
    node = shutil.which("node")
    if node is None or not ESPREE.exists():
        pytest.fail("Node.js and tests/eslint/node_modules (build.py lint installs it) are needed",
                    pytrace=False)
    pairs = [[str(path.relative_to(WEB)), text, strip_js(text)]
             for path in sorted(WEB.rglob("*.js")) for text in [path.read_text(encoding="utf-8")]]
    assert len(pairs) > 40
    done = subprocess.run([node, "-e", SAME_TOKENS, str(ESPREE)], input=json.dumps(pairs),
                          capture_output=True, text=True, check=True)
    assert json.loads(done.stdout) == []
    assert sum(len(after) for _, _, after in pairs) < 0.8 * sum(len(before) for _, before, _ in pairs)


def test_every_style_sheet_keeps_its_rules() -> None:
    for path in sorted(WEB.rglob("*.css")):
        text = path.read_text(encoding="utf-8")
        words = re.sub(r"/\*.*?\*/", " ", text, flags=re.S).split()
        assert strip_css(text).split() == words, path
