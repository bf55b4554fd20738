"""Command line: ``python -m wizard_engine bench | arena | play | soak | review``."""

from __future__ import annotations

import importlib
import sys

COMMANDS = {
    "bench": ("wizard_engine.tools.bench", "speed of the engine: random games through the API and the fast path"),
    "arena": ("wizard_engine.tools.arena", "bots against bots on duplicate deals, with statistics"),
    "play": ("wizard_engine.tools.play", "play a game against the bots in the terminal"),
    "soak": ("wizard_engine.tools.soak", "random games over every option set, checking every invariant"),
    "review": ("wizard_engine.tools.review", "review a seat's decisions in a saved game against the coach"),
}


def main(argv: list[str] | None = None) -> int:
    """Dispatch to a sub-command's own ``main(argv)``."""
    args = sys.argv[1:] if argv is None else argv
    if not args or args[0] not in COMMANDS:
        print("usage: python -m wizard_engine {bench,arena,play,soak,review} [options]\n")
        for name, (_, summary) in COMMANDS.items():
            print(f"  {name:6} {summary}")
        return 0 if args and args[0] in ("-h", "--help") else 2
    module = importlib.import_module(COMMANDS[args[0]][0])
    return int(module.main(args[1:]) or 0)


if __name__ == "__main__":
    sys.exit(main())
