"""The bundled application's entry point: the `foc` command line (PyInstaller starts here)."""

import multiprocessing
import sys

from game.cli import main

if __name__ == "__main__":
    multiprocessing.freeze_support()  # simulate --jobs and balance start worker processes of this executable
    sys.exit(main())
