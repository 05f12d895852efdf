"""Peers: other projects' solvers that the benchmarks measure lexibench against, where the user
has built them (lexibench neither ships nor builds them): :mod:`.hybrid_boggle`, danvk's C++
Boggle scorer and prover, and :mod:`.magpie`, jvc56's crossword-game move generator, reached
through a small harness of lexibench's (``magpie_movegen.c``, beside it)."""
