"""Run a command beside busy CPU hogs, as on a loaded machine: the tests must pass there too.

    python bench/busy.py [--hogs 2] -- python3 build.py test

Starts `--hogs` processes that spin on the CPU, runs the command, stops the hogs,
and exits with the command's exit code; prints the command's wall time.
"""
from __future__ import annotations

import argparse
import multiprocessing
import subprocess
import sys
import time


def spin() -> None:
    """Busy-loop until killed."""
    while True:
        pass


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hogs", type=int, default=2, help="busy processes beside the command (default 2)")
    parser.add_argument("command", nargs=argparse.REMAINDER, help="the command, after --")
    args = parser.parse_args(argv)
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not command:
        parser.error("no command given (put it after --)")
    hogs = [multiprocessing.Process(target=spin, daemon=True) for _ in range(args.hogs)]
    for hog in hogs:
        hog.start()
    start = time.monotonic()
    try:
        code = subprocess.call(command)
    finally:
        for hog in hogs:
            hog.terminate()
    print(f"busy: {' '.join(command)} exited {code} after {time.monotonic() - start:.0f} s "
          f"beside {args.hogs} busy processes", flush=True)
    return code


if __name__ == "__main__":
    sys.exit(main())
