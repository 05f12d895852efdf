"""The one table of structures, with lazy imports and entry-point discovery.

Built-in structures are listed in :data:`BUILTIN` as ``id -> Entry("module:Class", distribution)``,
kept sorted by id. A structure is imported only when it is first built or inspected, so importing
:mod:`structures` never imports a third-party library. A structure whose import fails is
*unavailable*: it stays listed, with the import error and an install hint.

Two roles share the table. A *lexicon* (a backend) meets the
:class:`~lexibench.structures.protocol.Lexicon` protocol; an *index* is built for other questions
and names the query kinds it answers (``Entry(..., answers=("anagram",))``; the kinds are
:data:`~lexibench.structures.queries.QUERY_KINDS`). Everything that needs a lexicon iterates over
the lexicons alone (:func:`backend_names`, :func:`offered_builtins`, :func:`all_backend_info`);
:func:`structure_names`, :func:`offered_structures` and :func:`all_structure_info` list both
roles.

Other packages add backends through the entry-point group ``lexibench.backends``: the entry
point's name is the backend id and its value ``module:Class``, for example in ``pyproject.toml``::

    [project.entry-points."lexibench.backends"]
    my-trie = "my_package.lexicon:MyTrieLexicon"

Once installed (into the environment lexibench runs in), a plugin is registered in every run:
the command line, the benchmarks and their tables. ``LEXIBENCH_PLUGINS=0`` (:data:`PLUGINS_ENV`)
leaves every plugin out, the entry points unread, for a run of the built-ins alone.

Tests, benchmarks, tables and the command line all iterate over these functions.
"""

from __future__ import annotations

import importlib
import os
import sys
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, fields
from functools import cache
from pathlib import PurePath
from types import MappingProxyType
from typing import Final, NamedTuple, Protocol

from lexibench.structures.errors import (
    BackendUnavailableError,
    NotALexiconError,
    UnknownBackendError,
)
from lexibench.structures.protocol import (
    NATIVE_MEMBERS,
    PERSISTENT_MEMBERS,
    STEPPING_MEMBERS,
    Lexicon,
    LexiconFactory,
    class_has,
    native_unavailable,
)
from lexibench.structures.queries import QUERY_KINDS, Structure, answers, check_kinds

ENTRY_POINT_GROUP = "lexibench.backends"
#: The environment variable that leaves every plugin out when it is ``0``: the entry points are
#: not read, and only the built-ins are registered (a run, a benchmark, its tables), though
#: plugins are installed.
PLUGINS_ENV: Final = "LEXIBENCH_PLUGINS"


class BareFile(NamedTuple):
    """A file format of a backend's own that carries no lexibench header (the engines' ``.kwg``):
    a file so named is that backend's, read and written by the backend alone
    (:func:`lexibench.structures.saved.load_bare`, :func:`~lexibench.structures.saved.dump_bare`).
    Such a file says nothing of the word list it was made from: the words it holds are all a
    reader knows of it."""

    suffix: str
    """The file name's ending that selects it (``".kwg"``; any case)."""
    reader: str
    """The name of its reader in the registry of input formats
    (:data:`lexibench.structures.files.FORMATS`, registered by the backend's module), called as
    ``parse(data, name, view)``: the structure answering over ``view`` (``"words"``, or
    ``"gaddag"``: the GADDAG strings of them, :mod:`lexibench.structures.gaddag`) and the words
    the file holds, sorted; :class:`~lexibench.structures.errors.BadInputError` naming the file
    for anything else."""
    writer: str
    """The name of the structure's method that gives the file's bytes (``"kwg_bytes"``)."""


class Entry(NamedTuple):
    """Where a structure lives, which distribution provides its library, what it costs, and
    (for an index) which query kinds it answers."""

    target: str
    """``"module:Class"``; the class is called with an iterable of words."""
    distribution: str | None
    """The PyPI distribution of the third-party library, None for the standard library."""
    cost: str = "sublinear"
    """How a query's cost grows with the number of stored words: ``"linear"`` (a scan of
    every word: benchmarks cap its workloads and say so) or ``"sublinear"``."""
    pure_python: bool = True
    """False when the library is a compiled extension (C, C++, Cython)."""
    excluded: str | None = None
    """Why a backend is listed but not offered (it cannot meet the contract at a sane cost);
    None for every backend that is offered."""
    answers: tuple[str, ...] = ()
    """Empty for a lexicon; for an index, the query kinds it answers (``("anagram",)``), each a
    method of its class (:data:`~lexibench.structures.queries.QUERY_MEMBERS`)."""
    bare_file: BareFile | None = None
    """A file format of the backend's own without lexibench's header, if it has one."""

    @property
    def role(self) -> str:
        """``"lexicon"`` or ``"index"`` (:data:`ROLES`)."""
        return "index" if self.answers else "lexicon"


#: The cost classes a backend can declare.
COSTS = ("linear", "sublinear")


#: The roles of a structure, in the order listings give them.
ROLES = ("lexicon", "index")


#: Built-in structures. Add one: a file in ``structures/backends/`` and one line here.
BUILTIN: Mapping[str, Entry] = MappingProxyType(
    {
        "alphagram-map": Entry(
            "lexibench.structures.backends.alphagram_map:AlphagramMap",
            None,
            answers=("anagram", "family"),
        ),
        "array-trie": Entry(
            "lexibench.structures.backends.array_trie.lexicon:ArrayTrieLexicon",
            None,
            pure_python=False,
        ),
        "datrie": Entry(
            "lexibench.structures.backends.datrie:DatrieLexicon", "datrie", pure_python=False
        ),
        "dawg": Entry("lexibench.structures.backends.dawg:DawgLexicon", "dawg2", pure_python=False),
        "dawg-python": Entry(
            "lexibench.structures.backends.dawg_python:DawgPythonLexicon", "dawg2-python"
        ),
        "dict-trie": Entry("lexibench.structures.backends.dict_trie:DictTrieLexicon", None),
        "hat-trie": Entry(
            "hattrie:HatTrieMap",
            "hat-trie-python",
            pure_python=False,
            excluded="hat-trie-python 0.6 binds no prefix search (Tessil's equal_prefix_range is "
            "not exposed), so has_prefix would scan every key; listed, not offered",
        ),
        "kwg": Entry(
            "lexibench.structures.backends.kwg.lexicon:KwgLexicon",
            None,
            pure_python=False,
            bare_file=BareFile(".kwg", "kwg", "kwg_bytes"),
        ),
        "letter-mask-map": Entry(
            "lexibench.structures.backends.letter_mask_map:LetterMaskMap",
            None,
            answers=("letterset",),
        ),
        "lexpy-dawg": Entry("lexibench.structures.backends.lexpy_dawg:LexpyDawgLexicon", "lexpy"),
        "lexpy-trie": Entry("lexibench.structures.backends.lexpy_trie:LexpyTrieLexicon", "lexpy"),
        "marisa": Entry(
            "lexibench.structures.backends.marisa:MarisaLexicon", "marisa-trie", pure_python=False
        ),
        "position-bitsets": Entry(
            "lexibench.structures.backends.position_bitsets:PositionBitsets",
            None,
            answers=tuple(kind for kind in QUERY_KINDS if kind != "letterset"),
        ),
        "prefix-set": Entry("lexibench.structures.backends.prefix_set:PrefixSetLexicon", None),
        "pyahocorasick": Entry(
            "lexibench.structures.backends.pyahocorasick:AhoCorasickLexicon",
            "pyahocorasick",
            pure_python=False,
        ),
        "pygtrie": Entry("lexibench.structures.backends.pygtrie:PygtrieLexicon", "pygtrie"),
        "pytrie": Entry("lexibench.structures.backends.pytrie:PyTrieLexicon", "PyTrie"),
        "sorted-list": Entry("lexibench.structures.backends.sorted_list:SortedListLexicon", None),
        "sortedcontainers": Entry(
            "lexibench.structures.backends.sortedcontainers:SortedContainersLexicon",
            "sortedcontainers",
        ),
        "sqlite": Entry(
            "lexibench.structures.backends.sqlite:SqliteLexicon", None, pure_python=False
        ),
        "unsorted-list": Entry(
            "lexibench.structures.backends.unsorted_list:UnsortedListLexicon", None, "linear"
        ),
        "word-map": Entry(
            "lexibench.structures.backends.word_map:WordMapIndex",
            None,
            pure_python=False,
            answers=("anagram",),
        ),
    }
)


@dataclass(frozen=True)
class BackendInfo:
    """What is known about one registered structure (a lexicon backend or an index)."""

    id: str
    target: str
    source: str
    """``"builtin"`` or ``"entry point (distribution)"``."""
    available: bool
    error: str | None
    """Why the backend cannot be imported, when it cannot."""
    install_hint: str | None
    distribution: str | None
    """The PyPI distribution of the library behind the backend, None for the standard library."""
    version: str | None
    """Version of the library behind the backend (Python's own for standard-library ones)."""
    stepping: bool
    native: bool
    """True when the backend runs the whole search in its own compiled code (NativeLexicon)."""
    native_error: str | None
    """Why a backend built for the native tier cannot offer it here (not compiled), else None."""
    persistent: bool
    """True when the library has a serialized format of its own (:class:`PersistentLexicon`)."""
    file_format: str | None
    """That format's name; None where a saved file holds the words (see structures.saved)."""
    cost: str
    """The declared cost class (:data:`COSTS`)."""
    pure_python: bool
    """True unless the library is a compiled extension."""
    role: str = "lexicon"
    """``"lexicon"`` or ``"index"`` (:data:`ROLES`)."""
    answers: tuple[str, ...] = ()
    """The query kinds it answers: an index's declared ones; for a lexicon, those its own
    compiled code answers (its native tier for them), once available."""

    def as_dict(self) -> dict[str, object]:
        """A JSON-ready dict of every field, in declaration order."""
        data = {field.name: getattr(self, field.name) for field in fields(self)}
        data["answers"] = list(self.answers)
        return data


class StructureFactory(Protocol):
    """What the registry stores for either role: a class (or callable) building the structure
    from words."""

    def __call__(self, words: Iterable[str]) -> Structure:
        """Build the structure from ``words``."""
        ...


class _Registered(NamedTuple):
    entry: Entry
    source: str


@cache
def plugins_enabled() -> bool:
    """False when ``$LEXIBENCH_PLUGINS`` is ``0`` (:data:`PLUGINS_ENV`): every plugin is then
    left out. Read once per process (:func:`refresh_entry_points` reads it again)."""
    return os.environ.get(PLUGINS_ENV, "").strip() != "0"


@cache
def _entry_point_backends() -> dict[str, _Registered]:
    if not plugins_enabled():
        return {}
    import importlib.metadata  # scanning installed distributions: only when a plugin is wanted

    found: dict[str, _Registered] = {}
    for ep in importlib.metadata.entry_points(group=ENTRY_POINT_GROUP):
        dist = ep.dist.name if ep.dist is not None else None
        found[ep.name] = _Registered(Entry(ep.value, dist), f"entry point ({dist or 'unknown'})")
    return found


def _registered() -> dict[str, _Registered]:
    table = {name: _Registered(entry, "builtin") for name, entry in BUILTIN.items()}
    for name, reg in _entry_point_backends().items():
        table.setdefault(name, reg)  # a built-in id cannot be replaced from outside
    return table


def refresh_entry_points() -> None:
    """Forget the cached entry-point scan (after installing a plugin in a running process, or
    setting :data:`PLUGINS_ENV`)."""
    plugins_enabled.cache_clear()
    _entry_point_backends.cache_clear()
    _load.cache_clear()


def structure_names() -> list[str]:
    """Every registered structure's id, both roles, sorted: built-in ones and those from entry
    points."""
    return sorted(_registered())


def backend_names() -> list[str]:
    """Every registered lexicon backend's id, sorted: built-in ones and those from entry points
    (the indexes left out)."""
    return sorted(name for name, reg in _registered().items() if not reg.entry.answers)


def index_names() -> list[str]:
    """Every registered index's id, sorted."""
    return sorted(name for name, reg in _registered().items() if reg.entry.answers)


def role_of(name: str) -> str:
    """``"lexicon"`` or ``"index"``: what structure ``name`` is (nothing is imported)."""
    return _lookup(name).entry.role


def _lookup(name: str) -> _Registered:
    if name in BUILTIN:  # no scan of installed distributions for a built-in id
        return _Registered(BUILTIN[name], "builtin")
    table = _registered()
    if name not in table:  # with plugins left out, the id may be a plugin's
        left_out = None if plugins_enabled() else f"plugins are left out ({PLUGINS_ENV}=0)"
        raise UnknownBackendError(name, sorted(table), left_out)
    return table[name]


def bare_file_named(path: str | PurePath) -> tuple[str, BareFile] | None:
    """The built-in backend whose bare file format (:class:`BareFile`) a file named ``path`` is
    in, by its name's suffix alone, and that declaration; None for any other name. Nothing is
    imported.

    >>> bare_file_named("MAGPIE-DATA/TWL06.KWG")
    ('kwg', BareFile(suffix='.kwg', reader='kwg', writer='kwg_bytes'))
    >>> bare_file_named("web2.lex") is None
    True
    """
    suffix = PurePath(path).suffix.lower()
    for backend, entry in BUILTIN.items():
        if entry.bare_file is not None and suffix == entry.bare_file.suffix:
            return backend, entry.bare_file
    return None


def bare_file_of(name: str) -> BareFile | None:
    """The bare file format structure ``name`` declares (:class:`BareFile`), or None. Nothing is
    imported."""
    return _lookup(name).entry.bare_file


def _install_hint(entry: Entry) -> str:
    return f"pip install {entry.distribution}" if entry.distribution else "pip install lexibench"


@cache
def _load(target: str) -> StructureFactory | BaseException:
    module_name, _, attr = target.partition(":")
    try:
        module = importlib.import_module(module_name)
        factory: StructureFactory = getattr(module, attr)
    except Exception as exc:  # ImportError, a broken plugin, a missing attribute: all unavailable
        return exc
    return factory


def _describe(exc: BaseException) -> str:
    return f"{type(exc).__name__}: {exc}".splitlines()[0]


def structure_class(name: str) -> StructureFactory:
    """Return the class (factory) of structure ``name``, either role, importing it on first use.

    Raises :class:`UnknownBackendError` or :class:`BackendUnavailableError`.
    """
    reg = _lookup(name)
    if reg.entry.excluded:
        raise BackendUnavailableError(name, reg.entry.excluded, None)
    loaded = _load(reg.entry.target)
    if isinstance(loaded, BaseException):
        raise BackendUnavailableError(name, _describe(loaded), _install_hint(reg.entry))
    return loaded


def backend_class(name: str) -> LexiconFactory:
    """Return the class (factory) of lexicon backend ``name``, importing it on first use.

    Raises :class:`UnknownBackendError`, :class:`BackendUnavailableError`, or
    :class:`NotALexiconError` for an index.
    """
    reg = _lookup(name)
    if reg.entry.answers:
        raise NotALexiconError(name, reg.entry.answers)
    factory: LexiconFactory = structure_class(name)  # type: ignore[assignment]
    return factory


def build_structure(name: str, words: Iterable[str]) -> Structure:
    """Build structure ``name`` (either role) from ``words`` (any iterable of non-empty
    strings)."""
    return structure_class(name)(words)


def build_lexicon(name: str, words: Iterable[str]) -> Lexicon:
    """Build lexicon backend ``name`` from ``words`` (any iterable of non-empty strings); an
    index is a :class:`NotALexiconError`."""
    return backend_class(name)(words)


def _version(entry: Entry) -> str | None:
    if entry.distribution is None:
        return f"python {sys.version.split()[0]}"  # (platform.python_version(), unimported)
    import importlib.metadata

    try:
        return importlib.metadata.version(entry.distribution)
    except importlib.metadata.PackageNotFoundError:
        return None


def _declared(reg: _Registered, cls: object) -> Entry:
    """The entry, with what a plugin's class declares about itself (``LIBRARY``: the PyPI
    distribution it wraps; ``COST``; ``PURE_PYTHON``). A built-in's registry line is final."""
    if reg.source == "builtin" or cls is None:
        return reg.entry
    cost = str(getattr(cls, "COST", reg.entry.cost))
    return reg.entry._replace(
        distribution=getattr(cls, "LIBRARY", reg.entry.distribution),
        cost=cost if cost in COSTS else reg.entry.cost,
        pure_python=bool(getattr(cls, "PURE_PYTHON", reg.entry.pure_python)),
    )


def backend_info(name: str) -> BackendInfo:
    """Describe structure ``name`` (either role): availability (with the reason and a hint),
    version, features, and the query kinds it answers. A backend listed but not offered is not
    loaded: unavailable, with the reason, and no install hint (installing its library would not
    help)."""
    reg = _lookup(name)
    excluded = reg.entry.excluded
    loaded = None if excluded else _load(reg.entry.target)
    failure = loaded if isinstance(loaded, BaseException) else None
    cls = None if failure is not None else loaded
    available = cls is not None
    persistent = isinstance(cls, type) and class_has(cls, PERSISTENT_MEMBERS)
    entry = _declared(reg, cls)
    return BackendInfo(
        id=name,
        target=entry.target,
        source=reg.source,
        available=available,
        error=excluded or (_describe(failure) if failure is not None else None),
        install_hint=None if available or excluded else _install_hint(entry),
        distribution=entry.distribution,
        version=_version(entry) if available else None,
        stepping=isinstance(cls, type) and class_has(cls, STEPPING_MEMBERS),
        native=isinstance(cls, type) and class_has(cls, NATIVE_MEMBERS),
        native_error=native_unavailable(cls),
        persistent=persistent,
        file_format=str(getattr(cls, "FILE_FORMAT", "")) or None if persistent else None,
        cost=entry.cost,
        pure_python=entry.pure_python,
        role=entry.role,
        answers=entry.answers or (answers(cls) if cls is not None else ()),
    )


def offered_structures() -> list[str]:
    """The built-in ids of both roles that are offered (every one but those listed with a
    reason)."""
    return sorted(name for name, entry in BUILTIN.items() if entry.excluded is None)


def offered_builtins() -> list[str]:
    """The built-in lexicon backends that are offered: what the conformance suite and every
    test of a lexicon iterate over."""
    return [name for name in offered_structures() if not BUILTIN[name].answers]


def offered_indexes() -> list[str]:
    """The built-in indexes that are offered."""
    return [name for name in offered_structures() if BUILTIN[name].answers]


def all_structure_info() -> list[BackendInfo]:
    """:func:`backend_info` for every registered structure, both roles, sorted by id."""
    return [backend_info(name) for name in structure_names()]


def all_backend_info() -> list[BackendInfo]:
    """:func:`backend_info` for every registered lexicon backend, sorted by id."""
    return [backend_info(name) for name in backend_names()]


def available_backend_names() -> list[str]:
    """The sorted ids of the lexicon backends whose library imports here."""
    return [info.id for info in all_backend_info() if info.available]


def _check_builtin() -> None:
    """Every index of :data:`BUILTIN` names known query kinds (checked on import)."""
    for entry in BUILTIN.values():
        check_kinds(entry.answers)


_check_builtin()
