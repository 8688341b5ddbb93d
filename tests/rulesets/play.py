"""`python -m tests.rulesets.play ARGS...`: `foc play` with the test-only rulesets installed (window tests)."""

from __future__ import annotations

import sys

from tests.rulesets import install

if __name__ == "__main__":
    install()
    from game.cli import main

    sys.exit(main(["play", *sys.argv[1:]]))
