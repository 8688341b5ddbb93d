"""Build step: the wheel carries the checkout's top-level `mods/`, `assets/` and `maps/` as package data.

They stay at the top of the repository (where modders and artists find them) and are copied into
`game/_content/` of the built package, where game.resources looks first. An editable install needs no copy:
it reads the checkout's own folders.
"""

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

CONTENT_FOLDERS = ("mods", "assets", "maps")  # as game.resources.CONTENT_FOLDERS
SKIP = shutil.ignore_patterns("__pycache__", "*.pyc", "*.pyo", ".*")


class BuildWithContent(build_py):
    """build_py, then the content folders copied under game/_content."""

    def run(self) -> None:
        super().run()
        if self.editable_mode:
            return
        here = Path(__file__).resolve().parent
        target = Path(self.build_lib) / "game" / "_content"
        for name in CONTENT_FOLDERS:
            shutil.rmtree(target / name, ignore_errors=True)
            shutil.copytree(here / name, target / name, ignore=SKIP)


setup(cmdclass={"build_py": BuildWithContent})
