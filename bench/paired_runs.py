"""Two arena runs on the same deals, paired game by game.

    python -m wizard_engine arena --players 4 --bots hard,medium,medium,medium --games 96 --seed 24 --json > a.json
    python -m wizard_engine arena --players 4 --bots expert,medium,medium,medium --games 96 --seed 24 --json > b.json
    python bench/paired_runs.py a.json b.json

Each run's JSON holds its first seat's margin over each other level in every game
(``margins_per_game``).  When the two runs played the same deals in the same order (the same
table size, ``--seed`` and ``--games``), game k of one is game k of the other, so the second
first seat's margin less the first's, game by game, says which first seat did better over a
common opponent with the deal's luck removed.  Prints its mean and standard error per level.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path.cwd()))  # the engine of the checkout it is run from

from wizard_engine.tools.arena import mean_stderr


def paired(a: dict[str, Any], b: dict[str, Any]) -> dict[str, tuple[float, float, int]]:
    """Per level both runs' first seats played: B's margin less A's, mean, standard error, games."""
    for key in ("players", "seed", "games", "options"):
        if a[key] != b[key]:
            raise SystemExit(f"the runs differ in {key}: {a[key]} and {b[key]}, so their games do not pair")
    out = {}
    for level in sorted(set(a["margins_per_game"]) & set(b["margins_per_game"])):
        ds = [y - x for x, y in zip(a["margins_per_game"][level], b["margins_per_game"][level], strict=True)]
        out[level] = (*mean_stderr(ds), len(ds))
    return out


def main() -> None:
    if len(sys.argv) != 3:
        raise SystemExit(__doc__)
    runs = [json.loads(Path(path).read_text(encoding="utf-8")) for path in sys.argv[1:]]
    first = [run["bots"][0] for run in runs]
    for level, (mean, stderr, games) in paired(*runs).items():
        print(f"over {level}: {first[1]}'s margin less {first[0]}'s, paired by game: "
              f"{mean:+.1f} ± {stderr:.1f} ({games} games)")


if __name__ == "__main__":
    main()
