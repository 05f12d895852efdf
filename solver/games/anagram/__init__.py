"""Anagrams: every word a rack of tiles spells, blanks included (``lexibench anagram``)."""
