"""Word structures and the registry that names them: lexicons behind one protocol
(:mod:`structures.protocol`), and indexes built for other query kinds (:mod:`structures.queries`).

Nothing here knows about games. Importing this package imports no third-party library: structures
are imported when first built or inspected (see :mod:`structures.registry`).
"""

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
    can_solve_natively,
    can_step,
    class_of,
    native_unavailable,
)
from lexibench.structures.queries import (
    QUERY_KINDS,
    AnagramQuery,
    LetterSetQuery,
    PatternQuery,
    PositionsQuery,
    Structure,
    answers,
    is_lexicon,
)
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
    kind_of,
    refresh_entry_points,
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
    "all_backend_info",
    "all_structure_info",
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
    "index_names",
    "is_lexicon",
    "kind_of",
    "native_unavailable",
    "refresh_entry_points",
    "structure_class",
    "structure_names",
]
