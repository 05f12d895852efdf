"""Word structures and the registry that names them: lexicons behind one protocol
(:mod:`structures.protocol`), and indexes built for other query kinds (:mod:`structures.queries`).

Nothing here knows about games. Importing this package imports no third-party library: structures
are imported when first built or inspected (see :mod:`structures.registry`), and the registry's
names when first used (a command that opens no lexicon starts without the registry's modules).
"""

from typing import TYPE_CHECKING, Any

from lexibench.structures.errors import (
    BackendUnavailableError,
    LexiconError,
    NotALexiconError,
    TooManyPathsError,
    UnknownBackendError,
    UnstorableWordError,
)
from lexibench.structures.protocol import (
    Lexicon,
    NativeLexicon,
    PersistentLexicon,
    SteppingLexicon,
    WordGraphLexicon,
    can_solve_natively,
    can_step,
    class_of,
    has_word_graph,
    native_unavailable,
)
from lexibench.structures.queries import (
    QUERY_KINDS,
    AnagramQuery,
    ClassesQuery,
    Complementing,
    ContainsQuery,
    Estimating,
    FamilyQuery,
    HooksQuery,
    LengthQuery,
    LetterSetQuery,
    PatternQuery,
    PositionsQuery,
    Structure,
    WeightQuery,
    alphabetical,
    answers,
    is_index,
    is_lexicon,
)
from lexibench.structures.word_checks import unstorable

if TYPE_CHECKING:  # at run time, on first use (__getattr__)
    from lexibench.structures.registry import (
        BUILTIN,
        ENTRY_POINT_GROUP,
        BackendInfo,
        all_backend_info,
        all_structure_info,
        available_backend_names,
        backend_class,
        backend_info,
        backend_names,
        build_lexicon,
        build_structure,
        index_names,
        refresh_entry_points,
        role_of,
        structure_class,
        structure_names,
    )

__all__ = [
    "BUILTIN",
    "ENTRY_POINT_GROUP",
    "QUERY_KINDS",
    "AnagramQuery",
    "BackendInfo",
    "BackendUnavailableError",
    "ClassesQuery",
    "Complementing",
    "ContainsQuery",
    "Estimating",
    "FamilyQuery",
    "HooksQuery",
    "LengthQuery",
    "LetterSetQuery",
    "Lexicon",
    "LexiconError",
    "NativeLexicon",
    "NotALexiconError",
    "PatternQuery",
    "PersistentLexicon",
    "PositionsQuery",
    "SteppingLexicon",
    "Structure",
    "TooManyPathsError",
    "UnknownBackendError",
    "UnstorableWordError",
    "WeightQuery",
    "WordGraphLexicon",
    "all_backend_info",
    "all_structure_info",
    "alphabetical",
    "answers",
    "available_backend_names",
    "backend_class",
    "backend_info",
    "backend_names",
    "build_lexicon",
    "build_structure",
    "can_solve_natively",
    "can_step",
    "class_of",
    "has_word_graph",
    "index_names",
    "is_index",
    "is_lexicon",
    "native_unavailable",
    "refresh_entry_points",
    "role_of",
    "structure_class",
    "structure_names",
    "unstorable",
]


def __getattr__(name: str) -> Any:
    """The registry (``structures.registry``) and its names, imported on first use."""
    if name in __all__ or name == "registry":
        import importlib

        registry = importlib.import_module("lexibench.structures.registry")
        return registry if name == "registry" else getattr(registry, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
