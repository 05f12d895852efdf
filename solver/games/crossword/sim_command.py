"""``lexibench sim``: one position simulated (:mod:`.sim`), its candidates printed best mean
first; Ctrl-C or ``--time-limit`` stops it with the iterations done. With ``--positions FILE``,
every position of a file, a JSON line each, here, in processes or on Dask (:mod:`.sim_many`)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from lexibench.solver.errors import InputError
from lexibench.solver.execution import HERE, Dask, Stop, Where
from lexibench.solver.games.call import Call, Report, Result, Stream
from lexibench.solver.games.command import Options
from lexibench.solver.games.crossword.game import DEFAULT_LEAVES, named_leaves, position_of
from lexibench.solver.games.crossword.sim import Settings, Simulation, move_text, simulate

if TYPE_CHECKING:
    from lexibench.solver.games.crossword.sim_many import Numbered, SimJob, SimState


def sim_command(call: Call) -> Result:
    """Simulate the position the options name (see :mod:`.sim`), or every position of
    ``--positions`` (see :mod:`.sim_many`)."""
    from lexibench.solver.games.crossword.solve import MoveGenerator, word_map_choice

    options = call.options
    if options.get("positions") is not None:
        return _positions(call)
    position = position_of(options)
    leaves = named_leaves(options.get("leaves") or DEFAULT_LEAVES)
    settings = settings_of(options)
    plan = call.plan()
    if plan.where != HERE:
        raise InputError(
            "--jobs, --scheduler and --dask-workers go with --positions FILE (one position is "
            "simulated in one process)"
        )
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


def settings_of(options: Options) -> Settings:
    """The simulation's settings, from the command's options."""
    return Settings(
        candidates=options["candidates"],
        plies=options["plies"],
        iterations=options["iterations"],
        seed=options["seed"],
        known_rack=bool(options.get("known_rack")),
        time_limit=options.get("time_limit"),
        stop_confidence=options.get("stop_confidence"),
    )


def _positions(call: Call) -> Stream:
    """``sim --positions FILE``: the file read and checked whole, the lexicon opened, then every
    position simulated wherever the plan says, each line written as soon as it and those before
    it are done (:mod:`.sim_many`)."""
    from lexibench.solver.games.crossword.rules import load_rules
    from lexibench.solver.games.crossword.sim_many import (
        SimJob,
        SimState,
        leaves_for_workers,
        positions_of,
        read_positions,
        where_for,
    )
    from lexibench.solver.games.crossword.solve import MoveGenerator, word_map_choice

    options = call.options
    for given, flag in (("position", "a CGP position"), ("gcg", "--gcg"), ("turn", "--turn")):
        if options.get(given) is not None:
            raise InputError(f"give {flag} or --positions FILE, not both")
    text = options.get("leaves") or DEFAULT_LEAVES
    leaves = named_leaves(text)
    settings = settings_of(options)
    strict = bool(options.get("strict"))
    plan = call.plan()
    spell = word_map_choice(options.get("word_map", "auto"), plan.tier, many_turns=True)
    rules = load_rules(options["rules"])
    lines = read_positions(options["positions"], rules, strict, settings.known_rack)
    opened = call.open(plan)
    job = SimJob(
        plan.lexicon.for_workers(opened),
        plan.tier,
        plan.variant,
        spell,
        leaves_for_workers(text, DEFAULT_LEAVES),
        leaves.name,
        settings,
    )
    # Made here, so that a bad option is one clean error, not one per worker; used here and
    # inherited by forked workers (a Dask worker makes its own).
    state = SimState(MoveGenerator(opened.lexicon, plan.tier, plan.variant, spell), leaves.values)
    where = where_for(plan.where, len(lines))
    positions = positions_of(lines, rules, strict)
    kept = None if isinstance(where, Dask) else state
    return Stream(_lines(job, positions, where, kept), "position")


def _lines(
    job: SimJob, positions: Iterator[Numbered], where: Where, state: SimState | None
) -> Iterator[tuple[bytes, int]]:
    """Each position's line (``sim --json``'s object, its line number first), written to
    standard output as soon as it and every line before it are done; ``(b"", 1)`` for each, to
    count them."""
    from lexibench.solver.games.crossword.sim_many import simulations, write_line

    for line, sim in simulations(job, positions, where, state):
        data = {"line": line, **as_json(sim, job.leaves_name)}
        write_line(json.dumps(data).encode() + b"\n")
        yield b"", 1


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
