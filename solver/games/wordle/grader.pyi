"""Types of the compiled Wordle kernel (solver/games/wordle/grader.pyx)."""

from typing_extensions import Buffer

TABLE_LENGTH: int

def best_packed(
    guesses: Buffer, candidates: Buffer, length: int, is_candidate: Buffer
) -> tuple[int, int]: ...
