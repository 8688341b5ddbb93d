"""`foc serve --quota NAME=VALUE` and `--lifetime NAME=SECONDS`: one parser, each field's own number type, every bad
item refused with a message naming it."""

from __future__ import annotations

import pytest

from game.net.lifecycle import Lifetimes
from game.net.quota import Quotas


def test_each_item_sets_its_field_with_the_fields_number_type() -> None:
    quotas = Quotas.parse(["views_per_second=2.5", "send_bytes=9"])
    assert quotas.views_per_second == 2.5 and quotas.send_bytes == 9 and isinstance(quotas.send_bytes, int)
    assert quotas.games_per_address == Quotas().games_per_address  # the others keep their defaults
    assert Lifetimes.parse(["unload_seconds=5"]).unload_seconds == 5.0
    assert Lifetimes.parse(None) == Lifetimes()


@pytest.mark.parametrize(("items", "message"), [
    (["nothing=1"], "--lifetime 'nothing=1': use NAME=SECONDS with NAME one of finished_seconds,"),
    (["unload_seconds="], "use NAME=SECONDS"),
    (["unload_seconds=soon"], "'soon' is not a number of seconds"),
    (["unload_seconds=0"], "must be more than 0"),
])
def test_a_bad_lifetime_is_refused_naming_it(items: list[str], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Lifetimes.parse(items)


@pytest.mark.parametrize(("items", "message"), [
    (["send_bytes"], "--quota 'send_bytes': use NAME=VALUE"),
    (["send_bytes=1.5"], "'1.5' is not a number"),  # a count is a whole number
    (["views_burst=-1"], "must be more than 0"),
])
def test_a_bad_quota_is_refused_naming_it(items: list[str], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Quotas.parse(items)
