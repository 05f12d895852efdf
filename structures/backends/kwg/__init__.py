"""``kwg``: a word list's DAWG and GADDAG in one flat array of 32-bit nodes (the KWG layout of
wolges, MAGPIE and Macondo). The lexicon is :mod:`structures.backends.kwg.lexicon` (the layout is
described there); its compiled builder and queries :mod:`structures.backends.kwg.core`
(Cython), the same in Python :mod:`structures.backends.kwg.build` and
:mod:`structures.backends.kwg.walk`; the word map :mod:`structures.backends.kwg.wordmap`.

Its interface for other layers (:data:`INTERFACE`; structures/README.md, "A backend's
interface"): in Python :mod:`structures.backends.kwg.layout` (the node layout and a builder of
any sorted tile strings' DAWG), in C ``nodes.pxd`` (the layout, a sibling list's search) and
``wordmap.pxd`` (the word map's look-ups). Everything else here is the backend's own."""

from typing import Final

#: The modules of this backend that a module of another layer may import or cimport (``layout``
#: in Python; ``nodes`` and ``wordmap`` by their ``.pxd``, their C interface): everything else is
#: reached through the registry.
INTERFACE: Final = ("layout", "nodes", "wordmap")
