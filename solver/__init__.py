"""The game layer: word lists, opening lexicons (and the cache), where work runs, the games
(:mod:`lexibench.solver.games`) and the command line (:mod:`lexibench.solver.cli`).

Nothing here knows a particular backend; the documented API is :mod:`lexibench` itself.
"""
