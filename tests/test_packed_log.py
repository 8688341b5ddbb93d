"""The packed log reads and changes like the list it replaces, whatever is packed; old blocks really are packed."""

from __future__ import annotations

import pickle
from dataclasses import dataclass

from hypothesis import given, settings
from hypothesis import strategies as st

from game.packed_log import PackedLog


@dataclass(frozen=True, slots=True)
class Item:
    n: int
    text: str


ops = st.lists(st.one_of(
    st.tuples(st.just("append"), st.integers(0, 1000)),
    st.tuples(st.just("extend"), st.integers(0, 5)),
    st.tuples(st.just("close"), st.just(0)),
    st.tuples(st.just("del_from"), st.integers(-40, 40)),
    st.tuples(st.just("del_at"), st.integers(-40, 40)),
    st.tuples(st.just("del_slice"), st.tuples(st.integers(-40, 40), st.integers(-40, 40), st.sampled_from([1, 2, -1]))),
    st.tuples(st.just("set"), st.integers(-40, 40)),
), max_size=120)


def _check_reads(log: PackedLog[Item], ref: list[Item], probe: tuple[int, int, int]) -> None:
    assert len(log) == len(ref) and bool(log) == bool(ref)
    assert list(log) == ref and log == ref and ref == log and list(reversed(log)) == ref[::-1]
    assert repr(log) == repr(ref)
    a, b, step = probe
    assert log[a:b:step] == ref[a:b:step] and log[a:] == ref[a:] and log[:b] == ref[:b]
    for i in (a, b, -1, 0, len(ref) // 2):
        if -len(ref) <= i < len(ref):
            assert log[i] == ref[i]


@settings(max_examples=150, deadline=None)
@given(ops, st.integers(0, 3), st.tuples(st.integers(-50, 50), st.integers(-50, 50), st.sampled_from([1, 3, -1, -2])))
def test_a_packed_log_behaves_like_a_list_under_any_operations(operations, keep, probe):
    log: PackedLog[Item] = PackedLog(keep=keep)
    ref: list[Item] = []
    counter = 0
    for op, arg in operations:
        if op == "append":
            counter += 1
            log.append(Item(counter, str(arg)))
            ref.append(Item(counter, str(arg)))
        elif op == "extend":
            fresh = [Item(counter + k, "x") for k in range(arg)]
            counter += arg
            log.extend(fresh)
            ref.extend(fresh)
        elif op == "close":
            log.close_block()
        elif op == "del_from":
            del log[arg:]
            del ref[arg:]
        elif op == "del_at":
            if -len(ref) <= arg < len(ref):
                del log[arg]
                del ref[arg]
        elif op == "del_slice":
            a, b, step = arg
            del log[a:b:step]
            del ref[a:b:step]
        elif op == "set" and -len(ref) <= arg < len(ref):
            log[arg] = ref[arg] = Item(-arg, "set")
        _check_reads(log, ref, probe)
    assert log.packed_items <= len(log)


def test_closed_blocks_beyond_keep_are_packed_and_read_back_equal():
    log: PackedLog[Item] = PackedLog(keep=2)
    ref = []
    for block in range(10):
        for k in range(50):
            item = Item(block * 100 + k, f"an event of round {block}")
            log.append(item)
            ref.append(item)
        log.close_block()
    assert log.packed_items == 8 * 50  # the newest two closed blocks stay plain objects
    assert 0 < log.packed_bytes < len(pickle.dumps(ref[:400])) // 2
    assert log[3] == ref[3] and log[-1] == ref[-1] and log[120:260] == ref[120:260] and log == ref
    del log[130:]  # an undo reaching into packed blocks
    assert log == ref[:130] and log.packed_items <= 130
    log.append(Item(7, "after the undo"))
    log.close_block()
    assert log == [*ref[:130], Item(7, "after the undo")]


def test_reading_the_newest_items_decodes_nothing():
    log: PackedLog[Item] = PackedLog()
    for block in range(5):
        log.extend(Item(block, "x") for _ in range(10))
        log.close_block()
    log.append(Item(99, "now"))
    log._blocks[:] = [b"not a valid block"] * len(log._blocks)  # any decode would fail from here on
    assert log[-1] == Item(99, "now") and log[50:] == [Item(99, "now")] and next(reversed(log)) == Item(99, "now")


def test_a_block_that_cannot_be_pickled_stays_unpacked():
    @dataclass(frozen=True)
    class Local:  # defined in a function: pickle cannot name it
        n: int

    log: PackedLog[object] = PackedLog()
    log.extend([Local(1), Local(2)])
    log.close_block()
    log.extend([Item(3, "fine")])
    log.close_block()
    assert log.packed_items == 3 and log == [Local(1), Local(2), Item(3, "fine")]
    assert isinstance(log._blocks[0], list) and isinstance(log._blocks[1], bytes)


def test_a_packed_log_survives_a_copy_by_pickle():
    log: PackedLog[Item] = PackedLog(Item(k, "a") for k in range(20))
    log.close_block()
    log.append(Item(20, "b"))
    _ = log[0]  # fills the cache, which a copy leaves out
    copy = pickle.loads(pickle.dumps(log))
    assert copy._cache == [] and copy == log


@dataclass(frozen=True, slots=True)
class Normalised:
    names: tuple[str, ...]

    def __post_init__(self) -> None:  # a packed item comes back as it was, without running this again
        object.__setattr__(self, "names", (*self.names, "seen"))


def test_items_come_back_exactly_as_they_were_without_running_their_init():
    item = Normalised(("a",))
    log: PackedLog[object] = PackedLog([item, (1, item), {"k": [item]}])
    log.close_block()
    assert log.packed_bytes and log == [item, (1, item), {"k": [item]}] and log[0].names == ("a", "seen")
