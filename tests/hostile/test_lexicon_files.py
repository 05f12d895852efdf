"""Hostile lexicon files (issue 54): saved lexicons whose checksum was recomputed after their
payload was changed (anyone can write one), a library's own format from elsewhere, ``.kwg`` files
that claim more than their size, words too long to walk; run as a user runs them. A bad file is
refused in one line with status 2, at once: never a crash, a hang, memory exhausted or an
answer from a structure its file does not hold.

These back the README's claims about saved files (solver/README.md, "Files"; structures/README.md,
"Saved files")."""

from __future__ import annotations

import hashlib
import json
import struct
import time
from array import array
from collections.abc import Callable
from pathlib import Path

import pytest

from lexibench.structures.backends.kwg.lexicon import KwgLexicon
from lexibench.structures.backends.kwg.walk import ACCEPTS, ARC, IS_END, TILE_SHIFT
from lexibench.structures.saved import MAGIC
from tests.commands import TINY
from tests.hostile.cli import answered, lexibench, refused

#: The commands whose searches follow a lexicon's nodes, each on a small puzzle.
SEARCHES = [
    ["pattern", "*"],
    ["spellingbee", "e dilstc"],
    ["letterboxed", "dle isa tbc fgh", "--tier", "string"],
    ["letterboxed", "dle isa tbc fgh"],
    ["anagram", "dies??"],
    ["solve", "di/ed"],
]


def build(tmp_path: Path, *argv: str) -> Path:
    """A lexicon file ``lexibench build`` writes over the tiny word list."""
    out = tmp_path / "built.lexicon"
    done = lexibench("build", "--wordlist", TINY, "--output", str(out), *argv)
    assert done.returncode == 0, done.stderr
    return out


def recrafted(path: Path, change: Callable[[bytearray], None], words: int | None = None) -> Path:
    """``path``'s saved lexicon with its payload changed by ``change`` and its header's size and
    checksum recomputed (no seal: a file from elsewhere)."""
    data = path.read_bytes()
    end = data.index(b"\n", len(MAGIC))
    header = json.loads(data[len(MAGIC) : end])
    payload = bytearray(data[end + 1 :])
    change(payload)
    header.pop("mac", None)
    header.update(payload_bytes=len(payload), payload_sha256=hashlib.sha256(payload).hexdigest())
    if words is not None:
        header["words"] = words
    out = path.with_name(f"crafted-{path.name}")
    line = json.dumps(header, sort_keys=True, separators=(",", ":")).encode()
    out.write_bytes(MAGIC + line + b"\n" + bytes(payload))
    return out


def _word(payload: bytearray, index: int) -> int:
    return int(struct.unpack_from("<I", payload, 24 + 4 * index)[0])


def _set(payload: bytearray, index: int, value: int) -> None:
    struct.pack_into("<I", payload, 24 + 4 * index, value)


def test_an_array_trie_with_a_loop_is_refused_by_every_search(tmp_path: Path) -> None:
    """Node 1's first child set to node 1 (a loop) or to the root (a cycle through it), the
    checksum recomputed: pattern, spellingbee and letterboxed died with a segmentation fault
    (letterboxed --tier string grew to 715 MB first)."""
    built = build(tmp_path, "--lexicon", "array-trie")
    for target in (1, 0):
        crafted = recrafted(built, lambda p, t=target: _set(p, 2 * 1 + 1, t))  # type: ignore[misc]
        for search in SEARCHES:
            began = time.monotonic()
            refused(lexibench(*search, "--lexicon-file", str(crafted), timeout=20), "corrupt")
            assert time.monotonic() - began < 10


def test_a_kwg_file_with_a_cycle_is_refused(tmp_path: Path) -> None:
    """An arc pointed back at its own list, in lexibench's own kwg file and in an engine's .kwg."""
    built = build(tmp_path, "--game", "crossword", "--lexicon", "kwg")

    def loop(payload: bytearray) -> None:
        for index in range(2, (len(payload) - 24) // 4):
            node = _word(payload, index)
            if node & ARC:
                _set(payload, index, (node & ~ARC) | index)
                return

    crafted = recrafted(built, loop)
    for search in (["anagram", "dies??"], ["pattern", "*"]):
        refused(lexibench(*search, "--lexicon-file", str(crafted), timeout=20), "corrupt", "kwg")
    engines = tmp_path / "loop.kwg"
    nodes = bytearray(24) + bytearray(KwgLexicon(["care", "cat", "dog"]).kwg_bytes())
    loop(nodes)
    engines.write_bytes(bytes(nodes[24:]))
    refused(lexibench("anagram", "tac", "--lexicon-file", str(engines)), "reachable from itself")


def test_a_small_kwg_cannot_claim_millions_of_words(tmp_path: Path) -> None:
    """A 200-byte .kwg of 24 levels of two accepting siblings holds 2^24 words: anagram aab used
    1.47 GB and 14 s. A KWG holds at most 8 strings a node (and 10,000 more)."""
    levels = 24
    nodes = [IS_END | 2, IS_END]
    for level in range(levels):
        below = 2 + 2 * (level + 1) if level < levels - 1 else 0
        nodes += [(1 << TILE_SHIFT) | ACCEPTS | below, (2 << TILE_SHIFT) | ACCEPTS | IS_END | below]
    small = tmp_path / "many.kwg"
    small.write_bytes(array("I", nodes).tobytes())
    assert small.stat().st_size < 256
    began = time.monotonic()
    refused(lexibench("anagram", "aab", "--lexicon-file", str(small), timeout=30), "more than")
    assert time.monotonic() - began < 5


def test_a_kwg_file_must_hold_the_gaddag_of_its_words(tmp_path: Path) -> None:
    """lexibench's kwg file from elsewhere: node 1 must be exactly its words' GADDAG (a crafted
    one of other words, as many strings, gave moves of words the lexicon does not hold)."""
    built = build(tmp_path, "--game", "crossword", "--lexicon", "kwg")

    def swap_gaddag(payload: bytearray) -> None:
        nodes = array("I", bytes(payload[24:]))
        nodes[1] = (nodes[1] & ~ARC) | (nodes[0] & ARC)  # node 1 -> the DAWG: other strings
        payload[24:] = nodes.tobytes()

    crafted = recrafted(built, swap_gaddag)
    position = "/".join(["15"] * 15) + " DIEDSAT"
    refused(lexibench("moves", position, "--lexicon-file", str(crafted)), "node 1 does not hold")


@pytest.mark.parametrize("backend", ["marisa", "dawg", "datrie", "sqlite", "pyahocorasick"])
def test_a_library_format_is_read_only_from_a_file_lexibench_wrote_here(
    backend: str, tmp_path: Path
) -> None:
    """Built here (sealed for this user): read. The same file with its payload's checksum
    recomputed (or only its header edited): refused before the library sees it, since those
    libraries crash, abort or loop on crafted files (marisa-trie, libdatrie, dawgdic)."""
    built = build(tmp_path, "--lexicon", backend)
    assert "did" in answered(lexibench("solve", "di/ed", "--lexicon-file", str(built)))
    crafted = recrafted(built, lambda payload: None)
    refused(lexibench("solve", "di/ed", "--lexicon-file", str(crafted)), "no seal of theirs")


def test_a_word_too_long_to_walk_is_refused(tmp_path: Path) -> None:
    """A 200,000-letter word crashed pattern and spellingbee (recursion, in C and in compiled
    Python): a word list drops words over 256 letters, and a lexicon file holding one is
    refused."""
    listed = tmp_path / "long.txt"
    listed.write_text("a" * 200_000 + "\ncat\nab\n")
    out = answered(
        lexibench("pattern", "*", "--wordlist", str(listed), "--max-word-length", "300000")
    )
    assert out.split("\n")[1:] == ["2 words", "ab", "cat", ""], out[:200]
    built = build(tmp_path, "--lexicon", "dict-trie")
    crafted = recrafted(built, lambda p: p.extend(b"\n" + b"a" * 400))
    refused(lexibench("pattern", "*", "--lexicon-file", str(crafted)), "400 characters")


def test_a_header_name_reaches_the_terminal_escaped(tmp_path: Path) -> None:
    """The word list's name in a file's header, with escape sequences and a line break, is shown
    with those escaped."""
    built = build(tmp_path, "--lexicon", "array-trie")
    data = built.read_bytes()
    end = data.index(b"\n", len(MAGIC))
    header = json.loads(data[len(MAGIC) : end])
    header.pop("mac")
    header["meta"]["wordlist"]["name"] = "evil\x1b[2J\nname"
    crafted = tmp_path / "named.lexicon"
    line = json.dumps(header, sort_keys=True).encode()
    crafted.write_bytes(MAGIC + line + b"\n" + data[end + 1 :])
    out = answered(lexibench("solve", "di/ed", "--lexicon-file", str(crafted)))
    assert "\x1b" not in out
    assert "evil\\x1b[2J\\nname" in out


def test_a_header_nested_too_deeply_is_one_line(tmp_path: Path) -> None:
    crafted = tmp_path / "nested.lexicon"
    crafted.write_bytes(MAGIC + b"[" * 60_000 + b"\n")
    refused(lexibench("solve", "di/ed", "--lexicon-file", str(crafted)), "nested too deeply")
