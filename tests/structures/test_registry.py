"""The registry: ids, lazy imports, unavailable backends, and real entry-point discovery."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from lexibench import structures
from lexibench.structures import BackendUnavailableError, NotALexiconError, UnknownBackendError
from tests.commands import ROOT
from tests.plugin import install_plugin
from tools.layout import repository_path


def test_the_builtin_table_is_sorted_and_each_backend_is_named_by_its_id() -> None:
    assert list(structures.BUILTIN) == sorted(structures.BUILTIN)
    assert set(structures.BUILTIN) <= set(structures.structure_names())
    assert not set(structures.backend_names()) & set(structures.index_names())
    for name, entry in structures.BUILTIN.items():
        if entry.excluded:  # listed with its reason, no adapter
            assert not structures.backend_info(name).available
            continue
        module, _, cls = entry.target.partition(":")
        # structures/backends/<id>.py, or the package structures/backends/<id>/ for several files
        assert module.split(".")[:4] == [
            "lexibench",
            "structures",
            "backends",
            name.replace("-", "_"),
        ], name
        inside = module.removeprefix("lexibench.").replace(".", "/") + ".py"
        assert (ROOT / repository_path(inside)).is_file(), name
        assert cls
        assert entry.cost in structures.registry.COSTS


def test_importing_structures_imports_no_third_party_library() -> None:
    code = (
        "import sys, structures; "
        "print(sorted(m for m in ('marisa_trie','datrie','dawg','pygtrie','sortedcontainers') "
        "if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_builtin_info_has_versions_and_features() -> None:
    infos = {i.id: i for i in structures.all_backend_info()}
    assert all(infos[name].available for name in structures.registry.offered_builtins())
    assert infos["marisa"].version
    assert infos["marisa"].version[0].isdigit()
    assert infos["dict-trie"].stepping
    assert infos["datrie"].stepping
    assert not infos["prefix-set"].stepping
    assert infos["dawg"].persistent
    assert not infos["sorted-list"].persistent


def test_an_index_declares_its_query_kinds_in_its_line_and_its_class() -> None:
    indexes = structures.registry.offered_indexes()
    assert indexes == structures.index_names()
    assert indexes, "the registry lists the indexes beside the lexicons"
    for name in indexes:
        entry = structures.BUILTIN[name]
        cls = structures.structure_class(name)
        assert entry.role == "index"
        assert entry.answers == cls.ANSWERS == structures.answers(cls), name  # type: ignore[attr-defined]
        assert not structures.is_lexicon(cls)
        info = structures.backend_info(name)
        assert (info.role, info.answers, info.stepping, info.native) == (
            "index",
            entry.answers,
            False,
            False,
        )
        with pytest.raises(NotALexiconError, match=f"{name}.*is an index"):
            structures.build_lexicon(name, ["cat"])
    for name in structures.registry.offered_builtins():
        assert structures.is_lexicon(structures.backend_class(name)), name
    array_trie = structures.backend_info("array-trie")
    compiled = array_trie.native_error is None
    walked = tuple(k for k in structures.QUERY_KINDS if k != "family")
    assert array_trie.answers == (walked if compiled else ())


def test_unknown_backend_is_a_clear_error() -> None:
    known = ", ".join(structures.structure_names())
    with pytest.raises(UnknownBackendError) as info:
        structures.build_lexicon("nope", [])
    assert str(info.value) == f"unknown lexicon 'nope'; known: {known}"


@pytest.fixture
def plugin_dist(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """An installed distribution with entry points in ``lexibench.backends``."""
    install_plugin(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    structures.refresh_entry_points()
    yield tmp_path
    monkeypatch.undo()
    sys.modules.pop("lexi_plugin_mod", None)
    structures.refresh_entry_points()


def test_entry_point_backend_is_discovered_and_built(plugin_dist: Path) -> None:
    assert "tuple-scan" in structures.backend_names()
    info = structures.backend_info("tuple-scan")
    assert info.available
    assert info.source == "entry point (lexi-plugin)"
    assert info.version == "1.2.3"
    lex = structures.build_lexicon("tuple-scan", ["cat", "cats"])
    assert lex.has_prefix("ca")
    assert not lex.is_word("ca")


def test_entry_point_cannot_replace_a_builtin(plugin_dist: Path) -> None:
    assert structures.backend_info("dict-trie").source == "builtin"


def test_unavailable_backend_is_listed_with_reason_and_hint(plugin_dist: Path) -> None:
    info = structures.backend_info("broken")
    assert not info.available
    assert info.error is not None
    assert "lexi_plugin_missing_mod" in info.error
    assert info.install_hint == "pip install lexi-plugin"
    with pytest.raises(BackendUnavailableError, match="pip install lexi-plugin"):
        structures.build_lexicon("broken", ["cat"])


def test_an_unknown_id_names_the_id_it_likely_misspells() -> None:
    """The id one starts (as an option is matched), else the closest, where one is close."""
    known = structures.structure_names()
    for typed, near in [("marisaa", "marisa"), ("dict", "dict-trie"), ("sqlite3", "sqlite")]:
        with pytest.raises(UnknownBackendError) as info:
            structures.build_lexicon(typed, [])
        assert info.value.near == near
        assert str(info.value) == (
            f"unknown lexicon {typed!r}; did you mean {near}? known: {', '.join(known)}"
        )
    with pytest.raises(UnknownBackendError) as info:
        structures.build_lexicon("prefix-dict", [])  # prefix-set is 0.76 alike: too far
    assert info.value.near is None
    assert "did you mean" not in str(info.value)
