"""``array-trie``: a trie in one flat array of 32-bit words. The lexicon is
:mod:`structures.backends.array_trie.lexicon` (the layout is described there); its compiled core
:mod:`structures.backends.array_trie.core` (queries, stepping, and the native path search over any
graph, in C: ``search.c``), the compiled walks answering the query kinds of
:mod:`structures.queries` :mod:`structures.backends.array_trie.queries`, and the same queries in
Python :mod:`structures.backends.array_trie.walk`.

Its interface for other layers (:data:`INTERFACE`; structures/README.md, "A backend's
interface"), in C: ``core.pxd`` (:class:`~structures.backends.array_trie.core.NativeCore`'s C
method ``search`` and the types of ``search.h`` it takes: the path search run from compiled code
over a graph of the caller's) and ``nodes.pxd`` (the node layout's constants and one step).
Everything else here is the backend's own."""

from typing import Final

#: The modules of this backend that a module of another layer may import or cimport (each's
#: ``.pxd`` its C interface): everything else is reached through the registry.
INTERFACE: Final = ("core", "nodes")
