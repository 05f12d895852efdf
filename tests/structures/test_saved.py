"""Saved lexicons (structures.saved): the header is checked, and no bad file gives an answer."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lexibench import structures
from lexibench.structures.errors import BadInputError
from lexibench.structures.registry import BUILTIN, bare_file_named
from lexibench.structures.saved import (
    MAGIC,
    SavedLexiconError,
    Seal,
    bare_backend,
    checks_its_files,
    dump_bare,
    dump_lexicon,
    load_bare,
    load_lexicon,
    load_lexicon_bytes,
    read_header,
    save_lexicon,
)

WORDS = ["cat", "cats", "dog", "queen"]
SEAL = Seal.new()


def saved(backend: str) -> bytes:
    lexicon = structures.build_lexicon(backend, WORDS)
    return dump_lexicon(backend, lexicon, WORDS, {"wordlist": "test"}, SEAL)


def library_format(backend: str) -> bool:
    """Whether ``backend``'s file is a library's own format (read only when sealed)."""
    cls = structures.structure_class(backend)
    return bool(structures.backend_info(backend).file_format) and not checks_its_files(cls)


def split(data: bytes) -> tuple[dict[str, object], bytes]:
    rest = data[len(MAGIC) :]
    line, _, payload = rest.partition(b"\n")
    header: dict[str, object] = json.loads(line)
    return header, payload


def join(header: dict[str, object], payload: bytes) -> bytes:
    return MAGIC + json.dumps(header).encode() + b"\n" + payload


def test_header_names_backend_library_and_payload(backend: str) -> None:
    header, payload = split(saved(backend))
    info = structures.backend_info(backend)
    assert header["backend"] == backend
    assert header["format"] == 1
    assert header["words"] == len(WORDS)
    assert header["payload_bytes"] == len(payload)
    assert header["payload_format"] == (info.file_format or "words")
    assert header["library"] == (info.distribution or "python")
    assert header["meta"] == {"wordlist": "test"}


@pytest.mark.parametrize("backend", ["dawg", "dict-trie", "marisa", "datrie"])
def test_every_damage_is_refused_with_one_line(backend: str) -> None:
    good = saved(backend)
    header, payload = split(good)
    cases = {
        "not a lexibench lexicon file": b"hello world\n",
        "empty": b"",
        "truncated header": good[: len(MAGIC) + 10],
        "truncated payload": good[:-3],
        "padded payload": good + b"x",
        "flipped byte": good[:-1] + bytes([good[-1] ^ 0xFF]),
        "another format": join({**header, "format": 99}, payload),
        "another library version": join({**header, "library_version": "0.0.0-old"}, payload),
        "missing field": join({k: v for k, v in header.items() if k != "words"}, payload),
        "wrong count": join({**header, "words": 99}, payload),
        "header not an object": MAGIC + b"[1, 2]\n" + payload,
    }
    expected = {
        "empty": "not a lexibench lexicon file",
        "truncated header": "corrupt or truncated header",
        "truncated payload": "truncated or padded",
        "padded payload": "truncated or padded",
        "flipped byte": "checksum does not match",
        "another format": "file format 99",
        "another library version": "0.0.0-old",
        "missing field": "corrupt header",
        "wrong count": "its header says 99",
        "header not an object": "corrupt header",
    }
    if library_format(backend):  # an edited header is no longer sealed: refused for that
        expected["wrong count"] = "no seal of theirs"
    for name, data in cases.items():
        with pytest.raises(SavedLexiconError) as info:
            load_lexicon_bytes("f.lexicon", data, backend, SEAL)
        message = str(info.value)
        assert message.startswith("lexicon file f.lexicon: "), name
        assert expected.get(name, name) in message, (name, message)
        assert "\n" not in message


def test_a_file_for_another_backend_is_refused() -> None:
    with pytest.raises(SavedLexiconError, match="holds lexicon 'dawg', not 'marisa'"):
        load_lexicon_bytes("f", saved("dawg"), "marisa")


def test_a_payload_the_library_refuses_is_corrupt_not_a_crash() -> None:
    header, _ = split(saved("marisa"))
    payload = b"\x00" * 64
    import hashlib

    digest = hashlib.sha256(payload).hexdigest()
    header = {**header, "payload_bytes": 64, "payload_sha256": digest}
    with pytest.raises(SavedLexiconError, match="no seal of theirs"):
        load_lexicon_bytes("f", join(header, payload), None, SEAL)
    trusted = Seal(None).trusting(digest)  # as a worker is told its main process checked it
    with pytest.raises(SavedLexiconError, match="the library refused it"):
        load_lexicon_bytes("f", join(header, payload), None, trusted)


@pytest.mark.parametrize("backend", ["marisa", "dawg", "datrie", "sqlite", "pyahocorasick"])
def test_a_library_format_is_read_only_under_its_users_seal(backend: str) -> None:
    """The seal is an HMAC of the header under this user's key: another key, no key, or any
    edit of the header (the payload's digest is in it) and the library never sees the file."""
    good = saved(backend)
    assert load_lexicon_bytes("f", good, backend, SEAL).lexicon.is_word("queen")
    header, payload = split(good)
    edited = json.dumps({**header, "meta": {"wordlist": "other"}}, sort_keys=True)
    for data, seal in [
        (good, Seal.new()),
        (good, Seal(None)),
        (MAGIC + edited.replace(" ", "").encode() + b"\n" + payload, SEAL),
    ]:
        with pytest.raises(SavedLexiconError, match="no seal of theirs"):
            load_lexicon_bytes("f", data, backend, seal)


def test_the_seal_key_is_made_once_and_kept(tmp_path: Path) -> None:
    """Seal.at makes the key file (this user's alone) on first use and reads it after."""
    key = tmp_path / "seal.key"
    first = Seal.at(key)
    assert key.stat().st_mode & 0o777 == 0o600
    assert Seal.at(key) == first
    key.write_bytes(b"short")
    with pytest.raises(ValueError, match="not a lexibench key"):
        Seal.at(key)


def test_files_on_disk(tmp_path: Path) -> None:
    path = tmp_path / "d.lexicon"
    size = save_lexicon(path, "dawg", structures.build_lexicon("dawg", WORDS), WORDS, {}, SEAL)
    assert path.stat().st_size == size
    assert read_header(path).backend == "dawg"
    assert load_lexicon(path, None, SEAL).lexicon.is_word("queen")
    with pytest.raises(SavedLexiconError, match="no such file"):
        load_lexicon(tmp_path / "missing.lexicon")
    with pytest.raises(SavedLexiconError, match="is a directory"):
        load_lexicon(tmp_path)


def test_a_bare_file_is_opened_by_the_backend_that_declares_it(tmp_path: Path) -> None:
    """A backend's own file without a header (kwg's: the engines' .kwg) is found by its name and
    read by its declared reader, for either view, with the words it holds; a saved file under
    such a name stays a saved file, and another backend is refused in one line."""
    declared = {name: e.bare_file.suffix for name, e in BUILTIN.items() if e.bare_file is not None}
    assert declared == {"kwg": ".kwg"}
    lexicon = structures.build_lexicon("kwg", WORDS)
    path = tmp_path / "words.KWG"
    path.write_bytes(dump_bare("kwg", lexicon))
    assert bare_file_named(path) is not None
    assert bare_backend(path) == "kwg"
    bare = load_bare(path)
    assert (bare.backend, bare.words, len(bare.structure)) == ("kwg", sorted(WORDS), len(WORDS))
    gaddag = load_bare(path, "kwg", "gaddag").structure
    assert isinstance(gaddag, structures.Lexicon)
    assert gaddag.is_word("tac@s")
    assert not gaddag.is_word("cats")
    with pytest.raises(SavedLexiconError, match=r"a \.kwg file holds the kwg backend, not marisa$"):
        load_bare(path, "marisa")
    with pytest.raises(BadInputError, match="no view 'reversed'"):
        load_bare(path, view="reversed")
    own = tmp_path / "saved.kwg"
    save_lexicon(own, "kwg", lexicon, WORDS, {})
    assert bare_backend(own) is None
    assert load_lexicon(own).header.backend == "kwg"
    assert bare_backend(tmp_path / "missing.kwg") is None  # the saved-file reader says why
    assert bare_backend(tmp_path / "words.lex") is None
    with pytest.raises(ValueError, match="array-trie declares no file format"):
        dump_bare("array-trie", structures.build_lexicon("array-trie", WORDS))
