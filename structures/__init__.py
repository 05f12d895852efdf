"""Lexicon structures behind one protocol, and the registry that names them.

Nothing here knows about games. Importing this package imports no third-party library: backends
are imported when first built or inspected (see :mod:`structures.registry`).
"""

from lexibench.structures.errors import (
    BackendUnavailableError,
    LexiconError,
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
from lexibench.structures.registry import (
    BUILTIN,
    ENTRY_POINT_GROUP,
    BackendInfo,
    all_backend_info,
    available_backend_names,
    backend_class,
    backend_info,
    backend_names,
    build_lexicon,
    refresh_entry_points,
)

__all__ = [
    "BUILTIN",
    "ENTRY_POINT_GROUP",
    "BackendInfo",
    "BackendUnavailableError",
    "Lexicon",
    "LexiconError",
    "NativeLexicon",
    "PersistentLexicon",
    "SteppingLexicon",
    "TooManyPathsError",
    "UnknownBackendError",
    "UnstorableWordError",
    "WordGraphLexicon",
    "all_backend_info",
    "available_backend_names",
    "backend_class",
    "backend_info",
    "backend_names",
    "build_lexicon",
    "can_solve_natively",
    "can_step",
    "class_of",
    "has_word_graph",
    "native_unavailable",
    "refresh_entry_points",
]
