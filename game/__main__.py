"""`python -m game` runs the same command line as `foc`."""

from game.cli import main

raise SystemExit(main())
