"""The games: each a package (its puzzle and parser, seeded workloads, its search at each tier, a
brute-force reference, scoring, renderers and commands) behind one seam,
:class:`~lexibench.solver.games.protocol.Game`, and listed in one registry,
:data:`~lexibench.solver.games.registry.GAMES`.

This package imports nothing itself (the command line reads the registry at every start); use
:mod:`lexibench.solver.games.registry` and :mod:`lexibench.solver.games.protocol`.
"""
