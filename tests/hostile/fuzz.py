"""Fuzzing every reader of the registry of formats, one format per process.

``python -m tests.hostile.fuzz FORMAT CASES SEED`` reads CASES damaged files of FORMAT, made from
its good samples (:mod:`tests.hostile.samples`): every other case truncated at the next offset
(of each small sample in turn), the others damaged at random: bytes flipped, inserted, deleted
and repeated, numbers and brackets put in, and, for the formats with a checksum or a node array,
damage that keeps the file well-formed (the payload of a saved lexicon changed and its checksum
recomputed; a node of a KWG, a KLV or an array-trie pointed elsewhere). Every file is either
refused with one line (:class:`~lexibench.structures.errors.LexiconError`, status 2 on the
command line) or accepted and then put through the searches that trust it
(:func:`tests.hostile.samples.exercise`). Anything else is a failure: another exception, a case
over :data:`CASE_SECONDS`, or more memory than :data:`MEMORY_BYTES` (the process's address space
is capped there, so it shows as a ``MemoryError``). A crash or a hang ends the process; it
prints ``case N`` before each case, so the caller (``tests/hostile/test_fuzz.py``) names the
case, which :func:`case` makes again.
"""

from __future__ import annotations

import hashlib
import json
import random
import resource
import struct
import sys
import time
from typing import Final

CASE_SECONDS: Final = 10.0
"""The longest a case may take (reading, checking and the searches after)."""
MEMORY_BYTES: Final = 3 << 30
"""The address space the process may use: the interpreter and its libraries reserve about 1 GB
of it, and no file may cost more than 1 GB (the samples and their damaged copies are far under
1 MB)."""

_TOKENS: Final = (
    b"\x00",
    b"\xff\xff\xff\xff",
    b"\x00\x00\x00\x80",
    b"-1",
    b"0",
    b"1e999",
    b"NaN",
    b"-Infinity",
    b"9" * 5000,
    b"[" * 5000,
    b"{" * 5000,
    b"\n" * 50,
    b"\r",
    b"\xef\xbb\xbf",
    "\u212a".encode(),
    b"\x1b[2J",
    b'"',
    b"?" * 200,
    b"a" * 100_000,
)
_MAGIC: Final = b"LEXIBENCH LEXICON\n"


def _recrafted(data: bytes, rng: random.Random) -> bytes:
    """A saved lexicon whose payload is damaged and whose header then says so: its size and
    SHA-256 recomputed (no seal), as anyone can write them."""
    end = data.find(b"\n", len(_MAGIC))
    try:
        header = json.loads(data[len(_MAGIC) : end])
    except ValueError:  # damaged already: left as it is
        return data
    if not data.startswith(_MAGIC) or end < 0 or not isinstance(header, dict):
        return data
    payload = bytearray(data[end + 1 :])
    if payload:
        _damage_words(payload, rng)
    header.pop("mac", None)
    header["payload_bytes"] = len(payload)
    header["payload_sha256"] = hashlib.sha256(payload).hexdigest()
    if rng.random() < 0.2:
        header["words"] = rng.choice([0, 1, len(payload), 2**40])
    line = json.dumps(header, sort_keys=True, separators=(",", ":")).encode()
    return _MAGIC + line + b"\n" + bytes(payload)


def _damage_words(payload: bytearray, rng: random.Random) -> None:
    """Change 32-bit words (node arrays) or bytes of ``payload`` in place."""
    for _ in range(rng.randint(1, 3)):
        if len(payload) >= 8 and rng.random() < 0.8:
            at = rng.randrange(len(payload) // 4) * 4
            (word,) = struct.unpack_from("<I", payload, at)
            kind = rng.randrange(5)
            if kind == 0:  # point an arc or a child index at another node
                size = max(1, len(payload) // 8)
                word = (word & ~0x3FFFFF) | rng.randrange(size * 2)
            elif kind == 1:
                word ^= 1 << rng.randrange(32)
            elif kind == 2:
                word = rng.randrange(1 << 32)
            elif kind == 3:
                word = at // 4 + rng.randrange(-2, 3) & 0xFFFFFFFF  # itself, or nearby: loops
            else:
                (other,) = struct.unpack_from("<I", payload, rng.randrange(len(payload) // 4) * 4)
                word = other
            struct.pack_into("<I", payload, at, word)
        elif payload:
            payload[rng.randrange(len(payload))] = rng.randrange(256)


_NODE_ARRAYS: Final = ("saved-lexicon", "kwg", "klv", "klv2")
"""Formats of 32-bit node arrays (a saved lexicon's payload may be one)."""


def _words_damaged(data: bytes, rng: random.Random) -> bytes:
    damaged = bytearray(data)
    _damage_words(damaged, rng)
    return bytes(damaged)


def case(name: str, index: int, seed: int) -> bytes:
    """Damaged file ``index`` of format ``name`` (the same for the same seed)."""
    from tests.hostile.samples import samples

    good = samples(name)
    truncations = [(k, cut) for k, data in enumerate(good) if len(data) <= 1200 for cut in
                   range(len(data))]  # fmt: skip
    if index % 2 == 0 and index // 2 < len(truncations):  # every other case, in order
        k, cut = truncations[index // 2]
        return good[k][:cut]
    rng = random.Random(seed * 1_000_003 + index)
    data = rng.choice(good)
    if name in _NODE_ARRAYS and rng.random() < 0.5:  # well-formed damage, half the time
        data = _recrafted(data, rng) if data.startswith(_MAGIC) else _words_damaged(data, rng)
        if rng.random() < 0.7:
            return data
    for _ in range(1 if rng.random() < 0.7 else rng.randint(2, 4)):
        data = _mutated(data, rng)
    return data


def _mutated(original: bytes, rng: random.Random) -> bytes:
    """``original`` damaged one way, chosen by ``rng``."""
    data = bytearray(original)
    kind = rng.randrange(7)
    if kind == 0 and data:  # flips
        for _ in range(rng.randint(1, 8)):
            data[rng.randrange(len(data))] ^= 1 << rng.randrange(8)
    elif kind == 1:  # a token put in (or in place of some bytes)
        at = rng.randrange(len(data) + 1)
        cut = rng.choice([0, 0, 1, 4, 16])
        data[at : at + cut] = rng.choice(_TOKENS)
    elif kind == 2 and data:  # bytes deleted
        at = rng.randrange(len(data))
        del data[at : at + rng.randint(1, 64)]
    elif kind == 3 and data:  # a stretch repeated
        at = rng.randrange(len(data))
        piece = data[at : at + rng.randint(1, 256)]
        data[at:at] = piece * rng.randint(1, 50)
    elif kind == 4:  # well-formed damage: a recomputed checksum, nodes pointed elsewhere
        if data.startswith(_MAGIC):
            return _recrafted(bytes(data), rng)
        _damage_words(data, rng)
    elif kind == 5 and data:  # cut at a random offset
        del data[rng.randrange(len(data)) :]
    elif kind == 6:  # random bytes of the same length
        return rng.randbytes(len(data))
    return bytes(data)


def run(name: str, cases: int, seed: int) -> int:
    """Read ``cases`` damaged files of format ``name``; 0 when all held, 1 at the first that
    did not (its case named on standard error)."""
    from lexibench.structures.errors import LexiconError
    from tests.hostile.samples import all_formats, exercise

    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_BYTES, MEMORY_BYTES))
    fmt = all_formats()[name]
    for index in range(cases):
        data = case(name, index, seed)
        print(f"case {index}", flush=True)
        began = time.perf_counter()
        try:
            value = fmt.parse(data, "fuzzed")
            exercise(name, value)
        except LexiconError as exc:
            if "\n" in str(exc) or not str(exc):
                print(f"case {index}: a message that is not one line: {exc!r}", file=sys.stderr)
                return 1
        except BaseException as exc:
            print(f"case {index}: {type(exc).__name__}: {exc}"[:500], file=sys.stderr)
            return 1
        took = time.perf_counter() - began
        if took > CASE_SECONDS:
            print(f"case {index}: took {took:.1f} s", file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(run(sys.argv[1], int(sys.argv[2]), int(sys.argv[3])))
