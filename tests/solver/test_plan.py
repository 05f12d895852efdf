"""The structure a job uses when none is named is chosen once, by the plan
(:func:`~lexibench.solver.plan.chosen_structure`): every command's plan, ``lexibench build`` and
the Python API's ``open_lexicon`` take its choice, and what opens a structure is handed it."""

from __future__ import annotations

from pathlib import Path

import pytest

from lexibench.solver import plan
from lexibench.solver.games.registry import game
from lexibench.solver.lexicons import LexiconSpec, open_spec
from tests.commands import TINY, run


@pytest.fixture
def asked(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str | None, str | None]]:
    """Every ``(game, structure asked)`` the plan is asked to choose for; its choice: dawg."""
    calls: list[tuple[str | None, str | None]] = []

    def choose(game: str | None, structure: str | None, units: int = 1) -> str:
        calls.append((game, structure))
        return structure or "dawg"

    monkeypatch.setattr(plan, "chosen_structure", choose)
    return calls


def test_a_commands_plan_build_and_the_api_take_the_plans_choice(
    asked: list[tuple[str | None, str | None]],
    capfd: pytest.CaptureFixture[str],
    tmp_path: Path,
) -> None:
    assert plan.resolve(game("anagram"), plan.Request(wordlist=TINY)).structure == "dawg"
    output = tmp_path / "built.lexicon"
    status, _, err = run(capfd, "build", "--wordlist", TINY, "--output", str(output))
    assert status == 0, err
    assert f"wrote {output}: lexicon dawg over" in err
    assert plan.open_lexicon(wordlist=TINY, cache=False).id == "dawg"
    assert asked == [("anagram", None), ("boggle", None), (None, None)]


def test_what_opens_a_structure_never_chooses_one() -> None:
    with pytest.raises(ValueError, match="names its structure"):
        open_spec(LexiconSpec(wordlist=TINY, cache=False))
