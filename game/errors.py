"""Errors raised for bad input: every problem found, each naming its file and key."""

from __future__ import annotations


class DataError(Exception):
    """A data file (ruleset, mod, map or save) failed validation; `errors` lists every problem."""

    def __init__(self, errors: list[str]) -> None:
        self.errors = list(errors)
        super().__init__("\n".join(self.errors))
