"""Getting a ready structure: built from a word list, read from a saved file, or taken from the
cache (:mod:`lexibench.solver.cache`).

This is how a structure is opened; the command line, the workers of a parallel run and the
benchmarks all come here, with the structure chosen already (which one a job uses when none is
named is the plan's to decide: :func:`lexibench.solver.plan.chosen_structure`). A
:class:`LexiconSpec` says what to open in a form that can be sent to another process, so every
worker opens the same structure.

The cache: an entry that cannot be used (truncated, corrupt, edited) is reported in one line on
standard error and rebuilt; a cache that cannot be written is reported and skipped. Each file is
written atomically, so concurrent commands never see half an entry.
"""

from __future__ import annotations

import gc
import sys
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Final, NamedTuple

from lexibench import structures
from lexibench.solver import defaults
from lexibench.solver.cache import cache_path, seal
from lexibench.solver.defaults import DEFAULT_WORDLIST
from lexibench.solver.errors import Fault, InputError
from lexibench.solver.tiers import TierTable, offered
from lexibench.solver.word_rules import DEFAULT_MIN_LENGTH, DEFAULT_RULES, WordRules
from lexibench.solver.wordlist import (
    DEFAULT_LIMITS,
    NAMED_SOURCES,
    Capitalised,
    Limits,
    Source,
    WordList,
    WordListInfo,
    default_capitalised,
    load_wordlist,
    resolve_source,
    words_sha256,
)
from lexibench.structures import Lexicon, NotALexiconError, Structure
from lexibench.structures.atomic import write_bytes_atomic
from lexibench.structures.errors import nearest, unknown_message
from lexibench.structures.files import Output, check_outputs, not_regular, printable
from lexibench.structures.registry import bare_file_named
from lexibench.structures.saved import (
    SavedLexiconError,
    bare_backend,
    dump_bare,
    load_bare,
    load_lexicon,
    read_header,
    save_lexicon,
)

WORDS: Final = defaults.WORDS

Notify = Callable[[str], None]


def _stderr(message: str) -> None:
    print(f"lexibench: {message}", file=sys.stderr)


@dataclass(frozen=True)
class Opened:
    """A structure ready to query (a lexicon, or an index), with where it came from."""

    id: str
    """Its registry id."""
    structure: Structure
    """What was opened: a lexicon, or (for a game that can use one) an index."""
    wordlist: WordListInfo
    origin: str
    """``"built"`` (from the word list), ``"cache"`` or ``"file"`` (a saved lexicon)."""
    digest: str | None = None
    """For a saved lexicon, its payload's SHA-256: a worker given the same file takes a
    payload of that digest as checked (:attr:`LexiconSpec.trusted`)."""

    @property
    def lexicon(self) -> Lexicon:
        """The structure as a lexicon; an index is a one-line :class:`InputError`."""
        if not structures.is_lexicon(self.structure):
            raise InputError(str(NotALexiconError(self.id, structures.answers(self.structure))))
        lexicon: Lexicon = self.structure  # type: ignore[assignment]
        return lexicon

    def describe(self, cache: bool = True) -> str:
        """Where the lexicon came from, in words (``--verbose``)."""
        if self.origin == "file":
            return "loaded from its file"
        if self.origin == "cache":
            return "loaded from the cache"
        return "built from the word list" + (" and cached" if cache else " (not cached)")


class LexiconSpec(NamedTuple):
    """What structure to open: one over a word list, or a saved file. It can be sent to a
    worker process, which opens the same lexicon from it (:func:`open_spec`). (A NamedTuple:
    cheap to define at every command's start.)"""

    structure: str | None = None
    """A registered structure's id (a lexicon, or an index for a game that uses one), as the
    plan chose it (:func:`lexibench.solver.plan.chosen_structure`); None only beside a
    :attr:`lexicon_file`, which holds its own."""
    wordlist: str | None = None
    """A word-list name, path or ``-``; None for the default list."""
    lexicon_file: Path | None = None
    """A file written by ``lexibench build``: it carries its structure and word list."""
    rules: WordRules = DEFAULT_RULES
    """The game's word rules (minimum length, the Qu rule)."""
    capitalised: Capitalised | None = None
    cache: bool = True
    limits: Limits = DEFAULT_LIMITS
    game: str | None = None
    """The game whose :attr:`variant` the lexicon holds (None: the words, any game)."""
    variant: str = WORDS
    """What the lexicon holds: ``"words"``, or another of the game's variants, whose strings
    the game makes from the word list (:meth:`lexibench.solver.games.Game.lexicon_words`)."""
    shown_as: str | None = None
    """The word list's name as the user gave it, where :attr:`wordlist` is its absolute path
    (:meth:`for_workers`): every process's output names the list alike."""
    trusted: str | None = None
    """The payload digest of :attr:`lexicon_file` as the process that made this spec opened and
    checked it (:meth:`for_workers`): a worker reads a file with that payload as sealed, even
    where its own seal differs (another machine)."""

    def check(self) -> None:
        """Refuse options that cannot both hold, before any work (the structure id is the
        plan's to check: :func:`structure_of`)."""
        if self.lexicon_file is not None and (
            self.wordlist is not None or self.capitalised is not None
        ):
            raise InputError(
                "give --lexicon-file or --wordlist/--capitalised, not both "
                "(a lexicon file carries the word list it was built from)"
            )
        if self.lexicon_file is not None and not self.cache:
            raise InputError("--no-cache has no effect with --lexicon-file (nothing is built)")

    def held_structure(self) -> str:
        """The structure the lexicon file holds, from its header, or the backend whose own
        bare file it is (nothing else is read)."""
        if self.lexicon_file is None:
            raise ValueError("no lexicon file")
        bare = bare_backend(self.lexicon_file)
        if bare is not None:
            return bare
        try:
            return read_header(self.lexicon_file).backend
        except structures.LexiconError as exc:
            raise InputError(str(exc)) from None

    def for_workers(self, opened: Opened) -> LexiconSpec:
        """The spec other processes (perhaps on other machines) open the same lexicon with: the
        structure this process opened, and absolute paths."""
        wordlist = self.wordlist
        if wordlist is not None and wordlist != "-" and Path(wordlist).exists():
            wordlist = str(Path(wordlist).resolve())
        return self._replace(
            structure=opened.id,
            wordlist=wordlist,
            shown_as=opened.wordlist.name if wordlist != self.wordlist else self.shown_as,
            lexicon_file=self.lexicon_file.resolve() if self.lexicon_file else None,
            trusted=opened.digest if self.lexicon_file else None,
        )


def _wordlist_of(path: Path | str, meta: dict[str, object]) -> WordListInfo:
    """The word-list description a saved lexicon carries in its header."""
    raw = meta.get("wordlist")
    if not isinstance(raw, dict):
        raise SavedLexiconError(path, "its header names no word list (not written by lexibench)")
    try:
        return WordListInfo.from_dict(raw)
    except (KeyError, TypeError, ValueError):
        raise SavedLexiconError(path, "corrupt header (its word list description)") from None


def _meta(info: WordListInfo, game: str | None, variant: str) -> dict[str, object]:
    from lexibench import __version__

    meta: dict[str, object] = {"wordlist": info.as_dict(), "lexibench": __version__}
    if variant != WORDS:
        meta["variant"] = {"game": game, "name": variant}
    return meta


def variant_of(meta: dict[str, object]) -> tuple[str | None, str]:
    """``(game, variant)`` of a saved lexicon's header (``(None, "words")``: the words)."""
    raw = meta.get("variant")
    if isinstance(raw, dict) and isinstance(raw.get("name"), str):
        game = raw.get("game")
        return (printable(game) if isinstance(game, str) else None), printable(raw["name"])
    return None, WORDS


def describe_variant(game: str | None, variant: str) -> str:
    """A variant in words: ``the words``, or ``crossword's gaddag strings``."""
    return "the words" if variant == WORDS else f"{game}'s {variant} strings"


def _strings(words: tuple[str, ...], game: str | None, variant: str) -> list[str] | tuple[str, ...]:
    """What a lexicon of ``variant`` holds: the words, or the strings the game makes of them."""
    if variant == WORDS:
        return words
    if game is None:
        raise InputError(f"the lexicon variant {variant!r} needs the game that defines it")
    from lexibench.solver.games.registry import game as game_of

    played = game_of(game)
    if variant not in played.variants:
        raise InputError(
            f"game {game} has no lexicon variant {variant!r} (it has: {', '.join(played.variants)})"
        )
    return list(played.lexicon_words(words, variant))


def structure_of(name: str, table: TierTable | None = None, serves: str = "") -> type:
    """The class of structure ``name`` (either role), found in the registry: the one check of a
    structure id, before any word list is read. A command's plan makes it
    (:func:`~lexibench.solver.plan.resolve`), with the tiers of its search (``table``; ``serves``:
    what the search is, ``Boggle``); :func:`~lexibench.solver.plan.open_lexicon` makes it for a
    caller without a plan.

    An unknown id is one :class:`InputError`: the id it likely misspells, the structures the
    search can use (without a ``table``, every available one), then the others apart with why
    (an index that answers none of the search's queries, a lexicon that cannot step, an
    unavailable structure with its install hint or reason). An unavailable structure is a
    :class:`~lexibench.structures.BackendUnavailableError` (why, and how to install it).
    """
    try:
        return structures.class_of(structures.structure_class(name))
    except structures.UnknownBackendError as exc:
        raise InputError(_unknown(exc, table, serves)) from None


def _unknown(exc: structures.UnknownBackendError, table: TierTable | None, serves: str) -> str:
    """The message refusing an unknown id (:func:`structure_of`): each registered structure is
    imported to tell whether the search can use it."""
    usable: list[str] = []
    unserved: dict[str, list[str]] = {}
    unavailable: list[str] = []
    for other in structures.structure_names():
        info = structures.backend_info(other)
        if not info.available:
            unavailable.append(f"{other} ({info.install_hint or info.error})")
            continue
        cls = structures.class_of(structures.structure_class(other))
        if table is None or offered(table, cls):
            usable.append(other)
        else:
            why = next((reason for _, need in table if (reason := need.reason(cls))), "")
            unserved.setdefault(why, []).append(other)
    others = []
    if unserved:
        groups = [", ".join(ids) + (f" ({why})" if why else "") for why, ids in unserved.items()]
        others.append(f"not for {serves or 'this search'}: {', '.join(groups)}")
    if unavailable:
        others.append(f"unavailable: {', '.join(unavailable)}")
    near = nearest(exc.name, usable) or exc.near
    return unknown_message(exc.name, near, ", ".join(usable), others, exc.note)


def _resolve(
    source: str | Path, capitalised: Capitalised | None, limits: Limits
) -> tuple[Source, Capitalised]:
    """Resolve the word-list source and its capitalised-entries policy."""
    resolved = resolve_source(source, limits)
    return resolved, default_capitalised(resolved.name) if capitalised is None else capitalised


def _build(
    structure: str,
    source: Source,
    rules: WordRules,
    policy: Capitalised,
    game: str | None = None,
    variant: str = WORDS,
) -> tuple[Structure, WordList, list[str] | tuple[str, ...]]:
    """Load and normalize the word list, make the variant's strings, then build ``structure``
    (either kind) from them; the lexicon, the word list and the strings."""
    wordlist = load_wordlist(
        source, min_length=rules.min_length, q_needs_u=rules.q_needs_u, capitalised=policy
    )
    strings = _strings(wordlist.words, game, variant)
    return structures.build_structure(structure, strings), wordlist, strings


def open_words(
    name: str,
    wordlist: str | Path,
    rules: WordRules,
    policy: Capitalised | None,
    cache: bool,
    limits: Limits,
    notify: Notify | None,
    waiting: Notify | None,
    game: str | None,
    variant: str,
) -> Opened:
    """Structure ``name`` (its id checked already) over ``wordlist`` (a name, a path or ``-``)
    under ``rules``, holding ``variant`` of ``game``: from the cache when it holds it, else built
    (and then cached, unless ``cache`` is False). ``notify`` (default: standard error) is told of
    a cache entry that cannot be used or written, ``waiting`` that the structure is built."""
    notify = notify or _stderr
    resolved, policy = _resolve(wordlist, policy, limits)
    key_variant = None if variant == WORDS else f"{game}:{variant}"
    path = cache_path(name, resolved, rules, policy, key_variant) if cache else None
    what = not_regular(path) if path is not None else None
    if what is not None:
        raise InputError(
            f"cache entry {path}: it is {what}, not a regular file (remove it, or give --no-cache)"
        )
    if path is not None and path.exists():
        try:
            saved = load_lexicon(path, name, seal())
            info = _wordlist_of(path, saved.header.meta)
            if (info.rules, info.capitalised) != (rules, policy.value):
                raise SavedLexiconError(path, "built with other word-list options")
            if variant_of(saved.header.meta) != ((game if variant != WORDS else None), variant):
                raise SavedLexiconError(path, "holds another variant")
            _keep_word_map(saved.structure, path, notify)
            # The key is the list's content: it is named as this command names it.
            return Opened(name, saved.structure, replace(info, name=resolved.name), "cache")
        except SavedLexiconError as exc:
            notify(f"cache: {exc}; rebuilding it")
    if waiting is not None:
        held = "" if variant == WORDS else f" ({describe_variant(game, variant)})"
        cached = "; it is cached for the next run" if path is not None else ""
        waiting(f"building lexicon {name}{held} over {resolved.name}{cached}")
    lexicon, words, strings = _build(name, resolved, rules, policy, game, variant)
    if path is not None:
        try:
            save_lexicon(path, name, lexicon, strings, _meta(words.info, game, variant), seal())
        except OSError as exc:
            notify(f"cache: cannot write {path} ({exc.strerror or exc}); continuing without it")
        else:
            _keep_word_map(lexicon, path, notify)
    return Opened(name, lexicon, words.info, "built")


def _keep_word_map(structure: Structure, entry: Path, notify: Notify) -> None:
    """Where ``structure`` offers a word map (``kwg``), keep it in the cache beside ``entry``
    (:mod:`lexibench.solver.word_map_cache`): read from there, or written there once built."""
    keep = getattr(structure, "keep_word_map_in", None)
    if keep is not None:
        from lexibench.solver.word_map_cache import CachedWordMap

        keep(CachedWordMap(entry, seal(), notify))


def open_lexicon_file(
    path: str | Path,
    *,
    structure: str | None = None,
    min_length: int = DEFAULT_MIN_LENGTH,
    q_needs_u: bool = True,
    game: str | None = None,
    variant: str = WORDS,
    trusted: str | None = None,
) -> Opened:
    """The lexicon saved at ``path`` by ``lexibench build`` (``--lexicon-file``).

    ``structure``: when given, the file must hold it. ``trusted``: a payload digest to read as
    sealed (:attr:`LexiconSpec.trusted`). Raises :class:`InputError` (one line) when the file
    cannot be used, was built without words the game's rules (``min_length``, ``q_needs_u``)
    ask for, or holds another variant than ``variant`` (of ``game``).
    """
    path = Path(path)
    if bare_backend(path) is not None:
        opened = _open_bare(path, structure, variant, min_length)
        return _checked(path, opened, min_length, q_needs_u)
    try:
        vouching = seal() if trusted is None else seal().trusting(trusted)
        saved = load_lexicon(path, structure, vouching)
        info = _wordlist_of(path, saved.header.meta)
    except structures.LexiconError as exc:
        raise InputError(str(exc)) from None
    header = saved.header
    opened = _checked(
        path,
        Opened(header.backend, saved.structure, info, "file", header.payload_sha256),
        min_length,
        q_needs_u,
    )
    held = variant_of(saved.header.meta)
    wanted = (game if variant != WORDS else None, variant)
    if held != wanted:
        how = f" --game {game} --variant {variant}" if variant != WORDS else ""
        raise InputError(
            f"lexicon file {path}: holds {describe_variant(*held)}, this search needs "
            f"{describe_variant(*wanted)} (build it with lexibench build{how})"
        )
    return opened


def _checked(path: Path, opened: Opened, min_length: int, q_needs_u: bool) -> Opened:
    """``opened``, unless its words were normalized without words the game's rules ask for."""
    info = opened.wordlist
    if info.min_length > min_length:
        raise InputError(
            f"lexicon file {path}: built with --min-length {info.min_length}, which dropped the "
            f"words of {min_length} letters asked for here (rebuild it with --min-length "
            f"{min_length})"
        )
    if info.q_needs_u and not q_needs_u:
        raise InputError(
            f"lexicon file {path}: built for a game of Qu tiles, which dropped the words with a "
            "q not followed by u that this game plays (rebuild it for this game)"
        )
    return opened


def _open_bare(path: Path, structure: str | None, variant: str, min_length: int) -> Opened:
    """A backend's own file without lexibench's header (the engines' ``.kwg``: see
    :func:`~lexibench.structures.saved.load_bare`), opened over ``variant`` (the words, or a
    variant's strings its format holds). Its word list is described by the words it holds
    (``sha256`` as a word list's, so the same list gives the same hash whoever made the file),
    taken as normalized under the game's rules (``min_length``; no Qu rule): the file says
    nothing of what its maker dropped."""
    try:
        bare = load_bare(path, structure, variant)
    except structures.LexiconError as exc:
        raise InputError(str(exc)) from None
    info = WordListInfo(
        str(path),
        len(bare.words),
        words_sha256(bare.words),
        lines_read=len(bare.words),
        min_length=min_length,
        q_needs_u=False,
    )
    return Opened(bare.backend, bare.structure, info, "file")


def _bare_output(output: Path, structure: str, rules: WordRules) -> bool:
    """Whether ``output`` is named as a backend's own bare file (see :func:`_open_bare`), which
    ``structure`` must then be; such a file carries no word rules, and whoever reads it takes it
    for the game that backend serves (:data:`~lexibench.solver.defaults.GAME_STRUCTURES`), so
    ``rules`` must not drop words that game plays. :class:`InputError` otherwise."""
    found = bare_file_named(output)
    if found is None:
        return False
    backend, declared = found
    if structure != backend:
        raise InputError(
            f"output {output}: a {declared.suffix} file holds the {backend} backend "
            f"(--lexicon {backend}), not {structure}"
        )
    from lexibench.solver.games.registry import game as game_of

    for name in (g for g, served in defaults.GAME_STRUCTURES.items() if served == backend):
        kept = game_of(name).word_rules
        if rules.min_length > kept.min_length or (rules.q_needs_u and not kept.q_needs_u):
            q = "every q followed by u" if kept.q_needs_u else "q as any letter"
            raise InputError(
                f"output {output}: a {declared.suffix} file carries no word rules, and whoever "
                f"reads it takes it for the {name} game's (words of {kept.min_length} letters "
                f"and more, {q}); these drop words that game plays ({rules.describe()}): build "
                f"it with --game {name}"
            )
    return True


def open_spec(
    spec: LexiconSpec,
    notify: Notify | None = None,
    freeze: bool = False,
    waiting: Notify | None = None,
) -> Opened:
    """The lexicon ``spec`` names (see :class:`LexiconSpec`); ``notify`` (default: standard
    error) is told of a cache entry that cannot be used or written, ``waiting`` that it is
    built (a wait of seconds, the first time). Its structure is the plan's choice, and its id
    is not checked again: the plan that made the spec did (:func:`structure_of`); an unknown id
    in a spec made by hand fails where the structure is built.

    ``freeze``: freeze everything alive out of the collector: a lexicon that lives as long as
    the process need not be walked by every later collection (a command and a worker do this; a
    notebook need not). No collection runs first: it would cost a short command a few ms of its
    start, and found nothing to free when measured (``solve`` on a cached lexicon).
    """
    spec.check()
    if spec.lexicon_file is not None:
        opened = open_lexicon_file(
            spec.lexicon_file,
            structure=spec.structure,
            min_length=spec.rules.min_length,
            q_needs_u=spec.rules.q_needs_u,
            game=spec.game,
            variant=spec.variant,
            trusted=spec.trusted,
        )
    elif spec.structure is None:
        raise ValueError("a spec over a word list names its structure (the plan's choice)")
    else:  # the structure id was checked by the plan that made the spec
        opened = open_words(
            spec.structure,
            spec.wordlist or DEFAULT_WORDLIST,
            spec.rules,
            spec.capitalised,
            spec.cache,
            spec.limits,
            notify,
            waiting,
            spec.game,
            spec.variant,
        )
    if spec.shown_as is not None and spec.lexicon_file is None:
        opened = replace(opened, wordlist=replace(opened.wordlist, name=spec.shown_as))
    if freeze:
        gc.freeze()
    return opened


def build_lexicon_file(
    structure: str,
    source: str | Path,
    output: Path,
    *,
    rules: WordRules = DEFAULT_RULES,
    capitalised: Capitalised | None = None,
    limits: Limits = DEFAULT_LIMITS,
    game: str | None = None,
    variant: str = WORDS,
) -> tuple[Opened, int]:
    """Build ``structure`` from ``source`` (holding ``variant`` of ``game``: the words by
    default) and save it to ``output``; return it and the file size. An ``output`` that is not
    a regular file (a device, a FIFO, a folder), whose folder does not exist, or that is the word
    list itself (by any name) is refused before anything is read."""
    sources = [] if str(source) in (*NAMED_SOURCES, "-") else [source]
    try:
        check_outputs([Output(output, "output")], sources)
    except structures.LexiconError as exc:
        raise InputError(str(exc)) from None
    bare = _bare_output(output, structure, rules)
    structure_of(structure)
    resolved, policy = _resolve(source, capitalised, limits)
    lexicon, wordlist, strings = _build(structure, resolved, rules, policy, game, variant)
    try:
        if bare:  # the backend's own file, without a header
            data = dump_bare(structure, lexicon)
            write_bytes_atomic(output, data)
            size = len(data)
        else:
            size = save_lexicon(
                output, structure, lexicon, strings, _meta(wordlist.info, game, variant), seal()
            )
    except OSError as exc:
        raise Fault(f"output {output}: cannot write it ({exc.strerror or exc})") from None
    return Opened(structure, lexicon, wordlist.info, "built"), size
