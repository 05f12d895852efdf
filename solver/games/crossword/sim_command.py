"""``lexibench sim``: one position simulated (:mod:`.sim`), its candidates printed best mean
first; Ctrl-C or ``--time-limit`` stops it with the iterations done."""

from __future__ import annotations

from typing import Any

from lexibench.solver.execution import Stop
from lexibench.solver.games.call import Call, Report
from lexibench.solver.games.crossword.game import DEFAULT_LEAVES, named_leaves, position_of
from lexibench.solver.games.crossword.players import NamedLeaves
from lexibench.solver.games.crossword.sim import Settings, Simulation, move_text, simulate


def sim_command(call: Call) -> Report:
    """Simulate the position the options name (see :mod:`.sim`)."""
    from lexibench.solver.games.crossword.solve import MoveGenerator, word_map_choice

    options = call.options
    position = position_of(options)
    leaves: NamedLeaves = options.get("leaves") or named_leaves(DEFAULT_LEAVES)
    settings = Settings(
        candidates=options["candidates"],
        plies=options["plies"],
        iterations=options["iterations"],
        seed=options["seed"],
        known_rack=bool(options.get("known_rack")),
        time_limit=options.get("time_limit"),
        stop_confidence=options.get("stop_confidence"),
    )
    plan = call.plan()
    spell = word_map_choice(options.get("word_map", "auto"), plan.tier, many_turns=True)
    opened = call.open(plan)
    generator = MoveGenerator(opened.lexicon, plan.tier, plan.variant, spell)
    stop = Stop()
    with call.session.stopping(stop) as caught:
        shown = call.session.progress(settings.iterations, "iterations")
        try:
            sim = simulate(generator, position, leaves.values, settings, stop.is_set, shown.update)
        finally:
            shown.close()
    call.session.phase("search")
    if caught.name is not None:
        sim.stopped = caught.name
    data = as_json(sim, leaves.name)
    return Report(lambda: data, lambda: summary(sim, leaves.name), caught.signum)


def as_json(sim: Simulation, leaves: str) -> dict[str, Any]:
    """``sim --json``: the settings, how far it got, and the candidates best mean first."""
    settings = sim.settings
    data: dict[str, Any] = {
        "position": sim.position.to_cgp(),
        "leaves": leaves,
        "plies": settings.plies,
        "seed": settings.seed,
        "iterations": sim.iterations,
        "seconds": round(sim.seconds, 6),
        "candidates": [candidate.as_json() for candidate in sim.ranked()],
    }
    if sim.stopped is not None:
        data["stopped"] = sim.stopped
    return data


def summary(sim: Simulation, leaves: str) -> str:
    """The text of ``sim``: what was simulated, then a line per candidate, best mean first."""
    settings = sim.settings
    iterations = sim.iterations
    stopped = f" (stopped by {sim.stopped})" if sim.stopped else ""
    rate = iterations * len(sim.candidates) / sim.seconds if sim.seconds > 0 else 0.0
    lines = [
        f"{len(sim.candidates)} candidates by static equity ({leaves} leaves), {settings.plies} "
        f"plies, {iterations:,} iterations{stopped} (seed {settings.seed})",
        f"in {sim.seconds:.3f} s: {rate:,.0f} candidate play-outs/s",
    ]
    ranked = sim.ranked()
    if not ranked:
        return "\n".join([*lines, "no move: nothing to simulate"])
    width = max(len(move_text(c.move)) for c in ranked)
    lines.append(f"{'move':<{width}}  score  leave     equity      mean  stderr  iterations")
    for c in ranked:
        lines.append(
            f"{move_text(c.move):<{width}}  {c.move.score:>5}  {c.move.leave:<7}  "
            f"{c.equity:>8.3f}  {c.mean:>8.3f}  {c.stderr:>6.3f}  {c.iterations:>10,}"
            + ("  dropped" if c.dropped else "")
        )
    return "\n".join(lines)
