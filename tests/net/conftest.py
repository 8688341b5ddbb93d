"""Network tests wait generously: client requests and seat replies get `support.scaled` bounds."""

from __future__ import annotations

import pytest

from tests.net.support import patient


@pytest.fixture(autouse=True)
def _patient_clients(monkeypatch):
    patient(monkeypatch)
