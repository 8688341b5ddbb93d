"""The seats this player holds on network servers: their tokens per server and game, in the user data folder,
so a player can come back to a game after closing the window."""

from __future__ import annotations

import contextlib
import json
import os
from pathlib import Path
from typing import Any

SEATS_ENV = "FOC_NET_SEATS"


class SeatBook:
    """Remembered seat tokens: {server url: {game id: {"seat": n, "token": secret}}} in a JSON file."""

    def __init__(self, path: Path | None = None) -> None:
        if path is None:
            env = os.environ.get(SEATS_ENV)
            if env:
                path = Path(env)
            else:
                import platformdirs

                path = Path(platformdirs.user_data_dir("forces-of-conquest")) / "network-seats.json"
        self.path = path

    def _read(self) -> dict[str, Any]:
        try:
            data = json.loads(self.path.read_text())
        except (OSError, ValueError):
            return {}
        return data if isinstance(data, dict) else {}

    def seats(self, url: str) -> dict[str, dict[str, Any]]:
        found = self._read().get(url, {})
        return found if isinstance(found, dict) else {}

    def remember(self, url: str, game: str, seat: int, token: str) -> None:
        data = self._read()
        data.setdefault(url, {})[game] = {"seat": seat, "token": token}
        with contextlib.suppress(OSError):
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self.path.write_text(json.dumps(data, indent=1))

    def forget(self, url: str, game: str) -> None:
        data = self._read()
        if game in data.get(url, {}):
            del data[url][game]
            with contextlib.suppress(OSError):
                self.path.write_text(json.dumps(data, indent=1))
