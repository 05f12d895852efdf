"""Word search: the words of the list satisfying every one of a list of conditions (pattern,
anagram, subanagram, length, prefix, suffix, contains, hooks, anagram count, points, and the
negation of any), each answered by a structure that declares its query kind or as a filter over
the candidates another gave (``lexibench search``)."""
