"""``lexibench search``: the conditions read, the structure chosen and the plan resolved (every
check before any word list is read), the structure opened, the search run, the answer rendered.
"""

from __future__ import annotations

import dataclasses

from lexibench.solver.games.call import Call, Report, Result, Stream
from lexibench.solver.games.protocol import Context
from lexibench.solver.games.search.game import GAME
from lexibench.solver.games.search.planner import (
    chosen_structure,
    execute,
    plan_search,
    search_tiers,
)
from lexibench.solver.games.search.render import answer_text


def run(call: Call) -> Result:
    """Answer the search ``call``'s options describe: JSON whole (a :class:`Report`), text as a
    stream of lines."""
    from lexibench.solver import defaults
    from lexibench.solver.plan import resolve
    from lexibench.structures import class_of, structure_class

    options = call.options
    hooks = bool(options["json"]) and not options["count"]
    conditions = GAME.puzzle(options).conditions  # every condition checked before anything else
    request = call.request
    assert request is not None  # the command takes the lexicon options
    if request.structure is None and request.lexicon_file is None:
        default = defaults.default_structure(GAME.name)
        request = dataclasses.replace(
            request, structure=chosen_structure(conditions, hooks, default)
        )
    plan = resolve(GAME, request, 1, search_tiers(conditions, hooks), "the word search")
    cls = class_of(structure_class(plan.structure))
    searched = plan_search(cls, plan.structure, conditions, request.tier, hooks)
    query = GAME.puzzle(options)  # the word list holds words of --min-length letters or more
    opened = call.open(plan)
    found = execute(opened.structure, searched, query)
    call.session.phase("search")
    if options["json"]:
        context = Context(plan.structure, plan.tier, plan.variant, opened.wordlist, options)
        return Report(lambda: GAME.to_json(query, found, context), lambda: "")
    text = answer_text(query, found, bool(options["count"]))
    return Stream([(text.encode() + b"\n", 1)] if text else [])
