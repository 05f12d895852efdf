"""Types of the compiled query walks (structures/backends/array_trie/queries.pyx)."""

from collections.abc import Mapping, Sequence

from typing_extensions import Buffer

MAX_PATTERN: int

def anagrams(
    nodes: Buffer, count: int, letters: str, blanks: int, min_length: int
) -> list[str]: ...
def pattern_words(nodes: Buffer, count: int, pattern: str) -> list[str] | None: ...
def letterset_words(
    nodes: Buffer, count: int, letters: str, required: str, min_length: int
) -> list[str]: ...
def positions_words(
    nodes: Buffer,
    count: int,
    allowed: Sequence[str],
    at_least: Mapping[str, int],
    at_most: Mapping[str, int],
) -> list[str]: ...

class TrieQueries:
    def anagrams(self, letters: str, blanks: int, min_length: int = 1) -> list[str]: ...
    def pattern_words(self, pattern: str) -> list[str]: ...
    def letterset_words(self, letters: str, required: str, min_length: int = 1) -> list[str]: ...
    def positions_words(
        self, allowed: Sequence[str], at_least: Mapping[str, int], at_most: Mapping[str, int]
    ) -> list[str]: ...
