"""The word map as bytes (:meth:`WordMap.to_bytes`, :meth:`WordMap.from_bytes`): read back, the
same map; any damage refused with a ValueError before a table is used, never a crash or a
look-up that does not end (the cache's store: tests/solver/test_word_map_cache.py)."""

from __future__ import annotations

import struct
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lexibench.structures.backends.kwg.lexicon import NATIVE_UNAVAILABLE, KwgLexicon
from tests.structures.test_wordmap import WORDS, _groups

pytestmark = pytest.mark.skipif(NATIVE_UNAVAILABLE is not None, reason="not compiled")

HEADER = struct.Struct("=4sIIIqqqqqqqq")


def _read_back(words: list[str]) -> tuple[object, object]:
    from lexibench.structures.backends.kwg.wordmap import WordMap

    built = KwgLexicon(words).word_map()
    return built, WordMap.from_bytes(built.to_bytes())


@settings(max_examples=40, deadline=None)
@given(
    st.lists(st.text("abcdeq", min_size=1, max_size=9), min_size=1, max_size=60),
    st.text("abcdeq", max_size=7),
)
def test_a_map_read_back_is_the_same_map(words: list[str], letters: str) -> None:
    built, again = _read_back(words)
    assert again.to_bytes() == built.to_bytes()  # type: ignore[attr-defined]
    for name in ("word_count", "group_count", "blank_count", "complete"):
        assert getattr(again, name) == getattr(built, name)
    assert again.anagrams(letters) == built.anagrams(letters)  # type: ignore[attr-defined]
    assert again.completions(letters) == built.completions(letters)  # type: ignore[attr-defined]


def test_every_group_and_blank_of_a_word_list_read_back() -> None:
    _, again = _read_back(WORDS)
    for key, group in _groups(WORDS).items():
        assert sorted(again.anagrams(key)) == group  # type: ignore[attr-defined]
    assert again.completions("ta") == "e"  # type: ignore[attr-defined]


def _fields(data: bytes) -> list[Any]:
    return list(HEADER.unpack_from(data))


def _with(data: bytes, index: int, value: Any) -> bytes:
    fields = _fields(data)
    fields[index] = value
    return HEADER.pack(*fields) + data[HEADER.size :]


def _extra_slot(data: bytes) -> bytes:
    """``data`` with one more slot of the groups' table marked occupied than it holds."""
    at = HEADER.size
    (bits,) = struct.unpack_from("=Q", data, at)
    free = next(k for k in range(64) if not bits >> k & 1)
    return data[:at] + struct.pack("=Q", bits | 1 << free) + data[at + 8 :]


def test_damaged_data_is_refused() -> None:
    from lexibench.structures.backends.kwg.wordmap import WordMap

    data = KwgLexicon(WORDS).word_map().to_bytes()
    group_mask, blank_mask = (_fields(data)[k] for k in (7, 8))
    words_at = len(data) - _fields(data)[11]
    damaged: dict[str, Any] = {
        "shorter than its header": data[:10],
        "format and layout": [_with(data, 0, b"XXXX"), _with(data, 1, 9), _with(data, 2, 16)],
        "power of two": [_with(data, 7, 1000), _with(data, 8, -1)],
        "no empty slot": [_with(data, 5, int(group_mask) + 1), _with(data, 6, int(blank_mask) + 1)],
        "not the": [data[:-1], data + b"\0", _with(data, 11, 5)],
        "as many entries": _extra_slot(data),
        "tiles 1-26": data[:words_at] + b"\x1b" + data[words_at + 1 :],
        "not sized for what they hold": [
            _with(data, 7, (int(group_mask) + 1) * 2 - 1),  # a table twice the build's
            _with(data, 9, (1 << 20) - 1),  # a filter of another size
            _with(data, 8, (int(blank_mask) + 1) * 1024 - 1),
        ],
        "shorter than its letters": _with(data, 11, 1 << 62),
        "as many words": _with(data, 4, int(_fields(data)[4]) + 1),
    }
    for message, cases in damaged.items():
        for case in cases if isinstance(cases, list) else [cases]:
            with pytest.raises(ValueError, match=message):
                WordMap.from_bytes(case)
    # a group's words pointed past the letters: its start, after the groups' bitmap
    at = HEADER.size + (int(group_mask) + 64) // 64 * 8
    start = struct.unpack_from("=QQII", data, at)
    moved = bytearray(data)
    struct.pack_into("=QQII", moved, at, start[0], start[1], 1 << 30, start[3])
    with pytest.raises(ValueError, match="outside its letters"):
        WordMap.from_bytes(bytes(moved))


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_any_flipped_byte_is_refused_or_read_safely(data: st.DataObject) -> None:
    """A byte changed anywhere: refused, or a map whose look-ups end (a filter's or a blanks'
    entry's bits only change answers, which the cache's seal guards)."""
    from lexibench.structures.backends.kwg.wordmap import WordMap

    raw = bytearray(KwgLexicon(WORDS).word_map().to_bytes())
    at = data.draw(st.integers(0, len(raw) - 1))
    raw[at] ^= data.draw(st.integers(1, 255))
    try:
        index = WordMap.from_bytes(bytes(raw))
    except ValueError:
        return
    for letters in ("aelst", "tea", "at", "zebra", "q", ""):
        index.anagrams(letters)
        index.completions(letters)
