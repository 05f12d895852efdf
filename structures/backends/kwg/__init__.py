"""``kwg``: a word list's DAWG and GADDAG in one flat array of 32-bit nodes (the KWG layout of
wolges, MAGPIE and Macondo). The lexicon is :mod:`structures.backends.kwg.lexicon` (the layout is
described there); its compiled builder and queries :mod:`structures.backends.kwg.core`
(Cython), the same in Python :mod:`structures.backends.kwg.build` and
:mod:`structures.backends.kwg.walk`."""
