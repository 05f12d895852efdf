"""Training lexibench's leave model (:mod:`~lexibench.solver.games.crossword.leave_model`): a
tile's copies fitted as steps, the next turn's leave valued in each outcome, and the shipped
model's values a player would accept."""

from __future__ import annotations

from lexibench.solver.games.crossword.leave_model import (
    COPIES,
    FEATURES,
    LeaveModel,
    _Watch,
    default,
    features,
    fit,
)

BLANK, E, Q, S = 0, 5, 17, 19


def test_copies_are_fitted_as_steps_and_kept_as_sums() -> None:
    """A second S seen only a few times stays near the first's worth (the penalty pulls what it
    adds toward 0), where fitted as a count of its own it would be pulled toward nothing."""
    one, two = S * COPIES, S * COPIES + 1
    data: list[tuple[tuple[int, ...], float]] = [((one,), 12.0)] * 400
    data += [((two,), 12.0)] * 3 + [((), 0.0)] * 400
    weights = fit(data)
    assert weights[one] > 5
    assert abs(weights[two] - weights[one]) < 1
    alone = LeaveModel(weights).value
    assert alone(bytes([S, S])) - alone(bytes([S])) == weights[two] - weights[one]


def test_an_outcome_is_the_next_turns_score_and_the_leave_it_keeps() -> None:
    model = LeaveModel(tuple(1.0 if i == E * COPIES else 0.0 for i in range(FEATURES)))
    out: list[tuple[tuple[int, ...], float]] = []
    watch = _Watch(out, model)
    watch(0, bytes([Q]), 20, 50)  # player 0 keeps Q: a sample waits for its next turn
    watch(1, None, 0, 50)  # player 1 exchanges: nothing kept, nothing waits
    watch(0, bytes([E]), 30, 40)  # 30 points, keeping E (worth 1): Q's outcome is 31
    watch(1, bytes([S]), 10, 33)
    watch(0, bytes([E]), 12, 0)  # the bag is empty: the leave kept is worth nothing now
    assert out == [(tuple(features(bytes([Q]))), 31.0), (tuple(features(bytes([E]))), 12.0)]


def test_the_shipped_model_values_blanks_and_s_as_a_player_would() -> None:
    value = default().value
    assert value(bytes([BLANK, BLANK])) > value(bytes([BLANK])) > value(bytes([S])) > 0
    assert value(bytes([BLANK])) > 10
    assert value(bytes([Q])) < 0
