"""Game records written (issue 57): a game self-play played, kept as its events and written as a
GCG file, reads back through :mod:`gcg` and replays under the same rules, every placement
re-scored and every running total checked (``moves --gcg --strict``), and its last totals are the
game's final scores; every kind of turn and both endings are written; the folder's file names;
a record never written over a file."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from lexibench import structures
from lexibench.solver.errors import Fault, InputError
from lexibench.solver.games.crossword.gcg import check_scores, parse_gcg, position_at, read_gcg
from lexibench.solver.games.crossword.gcg_write import RecordFolder, check_folder, record_text
from lexibench.solver.games.crossword.leave_tables import LeaveTable
from lexibench.solver.games.crossword.players import EquityPlayer, Player, greedy
from lexibench.solver.games.crossword.rules import load_rules, parse_rules
from lexibench.solver.games.crossword.selfplay import GameResult, play
from lexibench.solver.games.crossword.solve import NATIVE_UNAVAILABLE, MoveGenerator
from lexibench.solver.games.tiles import text_tiles
from lexibench.solver.tiers import Tier
from tests.solver.games.test_crossword_moves import sample_words
from tests.words import default_words

pytestmark = pytest.mark.skipif(NATIVE_UNAVAILABLE is not None, reason=str(NATIVE_UNAVAILABLE))

RULES = load_rules("english")
#: A leave table that prizes blanks and S and hates Q: the equity player exchanges now and then.
LEAVES = {"?": 25.0, "S": 8.0, "E": 4.0, "ES": 12.5, "Q": -7.0, "I": -1.0, "II": -6.0, "A": 1.0}
#: So few words that games stall: six scoreless turns end them, each player losing their rack
#: (the equity player's exchanges end its games over the sample words so too; the greedy
#: player's over 20,000 words go out).
FEW = ("aa", "ab", "ad", "at", "ta", "tea", "eat", "ate", "sat", "tas", "dab", "bad", "bat")
EQUITY, GREEDY = Player("equity", "prizes"), Player("greedy")


def games(
    words: tuple[str, ...], count: int, against: bool = True
) -> list[tuple[GameResult, tuple[Player, Player]]]:
    """``count`` seeded games over ``words``, kept as events: the equity player (by ``LEAVES``,
    which makes it exchange often) against the greedy one, each first in every other game; or
    (``against=False``) the greedy player against itself."""
    generate = MoveGenerator(structures.build_lexicon("kwg", words), Tier.NATIVE, "words")
    table = LeaveTable.of({text_tiles(k): v for k, v in LEAVES.items()})
    equity, rival = EquityPlayer(generate, table), greedy(generate)
    played = []
    for j in range(count):
        rng = random.Random(f"selfplay:5:{j}")
        if not against:
            result = play(RULES, rival, rng, record=True)
            played.append((result, (GREEDY, GREEDY)))
        elif j % 2 == 0:
            result = play(RULES, equity, rng, second=rival, record=True)
            played.append((result, (EQUITY, GREEDY)))
        else:
            result = play(RULES, rival, rng, second=equity, record=True)
            played.append((result, (GREEDY, EQUITY)))
    return played


@pytest.fixture(scope="module")
def played() -> list[tuple[GameResult, tuple[Player, Player]]]:
    words = default_words(min_length=2, q_needs_u=False)
    more = tuple(sorted(random.Random(11).sample([w for w in words if len(w) <= 9], 20_000)))
    return games(sample_words(), 4) + games(more, 4, against=False) + games(FEW, 2)


def finals(text: str) -> list[int]:
    """Each player's last total in a record, the first to move first."""
    record = parse_gcg(text, "game.gcg")
    totals = [0, 0]
    for turn in record.turns:
        totals[turn.player] = turn.total
    return totals


def test_every_record_replays_strictly_and_ends_at_the_games_scores(
    played: list[tuple[GameResult, tuple[Player, Player]]], tmp_path: Path
) -> None:
    folder = RecordFolder(str(tmp_path / "records"), len(played)).create()
    kinds: set[str] = set()
    for number, (result, players) in enumerate(played, 1):
        kinds |= {event.kind for event in result.events}
        text = record_text(result.events, players, "sample", f"game {number}")
        path = folder.write(number, text)
        assert path.read_text() == text
        record = parse_gcg(text, path.name)
        check_scores(record, RULES, path.name)  # every placement re-scored, every total
        assert finals(text) == result.scores
        assert len(record.turns) == len(result.events)
        for turn in (1, len(record.turns) // 2 + 1, len(record.turns)):
            position_at(record, RULES, turn, path.name)
        read_gcg(str(path), RULES, strict=True)  # as `moves --gcg FILE --strict` reads it
        nicks = [line.split()[1] for line in text.splitlines()[1:3]]
        assert nicks == ([p.kind for p in players] if players[0] != players[1] else
                         ["greedy1", "greedy2"])  # fmt: skip
    assert kinds == {"place", "exchange", "pass", "out", "stuck"}  # every kind of line written
    assert folder.written == len(played)
    assert sorted(p.name for p in (tmp_path / "records").iterdir()) == [
        f"game-{n:04d}.gcg" for n in range(1, len(played) + 1)
    ]


def test_the_lines_of_a_record(played: list[tuple[GameResult, tuple[Player, Player]]]) -> None:
    """The pragmas; a blank's letter in lower case and ``.`` for a tile played through; an
    exchange names its tiles; the end's racks as the rules count them."""
    texts = [record_text(r.events, p, "sample words", "one\nline") for r, p in played]
    head = texts[0].splitlines()[:5]
    assert head == [
        "#character-encoding UTF-8",
        "#player1 equity equity (prizes leaves)",
        "#player2 greedy greedy",
        "#lexicon sample words",
        "#description one line",
    ]
    events = [line.split(": ", 1)[1].split() for text in texts for line in text.splitlines()
              if line.startswith(">")]  # fmt: skip
    placed = [fields[2] for fields in events if len(fields) == 5 and fields[1][-1].isalnum()
              and fields[1][0] not in "-("]  # fmt: skip
    assert any("." in word for word in placed)
    assert any(any(ch.islower() for ch in word) for word in placed)
    assert any(fields[1].startswith("-") and len(fields[1]) > 1 for fields in events)
    ends = [fields for fields in events if "(" in " ".join(fields)]
    assert all(f[0].startswith("(") and f[1].startswith("+") for f in ends if len(f) == 3)
    stuck = [f for f in ends if len(f) == 4]
    assert stuck
    assert all(f[1] == f"({f[0]})" and f[2].startswith("-") for f in stuck)


def test_the_end_penalty_is_read_in_both_forms() -> None:
    """``RACK (RACK) -points`` (Macondo's and MAGPIE's end-rack penalty, as records are written)
    and ``(RACK) -points``; the rack in brackets must be the player's own."""
    head = "#player1 a A\n#player2 b B\n>a: AB 8G AB +8 8\n>b: CDE - +0 0\n"
    for end in (">a: FG (FG) -6 2\n", ">a: (FG) -6 2\n"):
        record = parse_gcg(head + end + ">b: CDE (CDE) -6 -6\n", "end.gcg")
        check_scores(record, RULES, "end.gcg")
        assert [t.kind for t in record.turns][-2:] == ["end", "end"]
        assert position_at(record, RULES, 4, "end.gcg").scores == (0, 2)  # b on turn, a at 2
    with pytest.raises(InputError, match=re.escape("line 5: end rack '(FH)': not the player's")):
        parse_gcg(head + ">a: FG (FH) -6 2\n", "end.gcg")


def test_the_names_are_zero_padded_to_the_count(tmp_path: Path) -> None:
    assert RecordFolder(str(tmp_path), 12).name(3) == "game-0003.gcg"
    assert RecordFolder(str(tmp_path), 12_345).name(3) == "game-00003.gcg"


def test_a_record_never_writes_over_a_file(tmp_path: Path) -> None:
    folder = RecordFolder(str(tmp_path), 3).create()
    (tmp_path / "game-0002.gcg").write_text("mine\n")
    folder.write(1, "#note one\n")
    with pytest.raises(Fault, match=r"game-0002\.gcg: a file of that name appeared; not"):
        folder.write(2, "#note two\n")
    assert (tmp_path / "game-0002.gcg").read_text() == "mine\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game-0001.gcg", "game-0002.gcg"]


def test_the_folder_must_be_new_or_empty(tmp_path: Path) -> None:
    check_folder(str(tmp_path), RULES)  # empty
    check_folder(str(tmp_path / "new"), RULES)
    (tmp_path / "a.txt").write_text("x")
    for path, problem in [
        (tmp_path, "the folder is not empty (it holds a.txt)"),
        (tmp_path / "a.txt", "it is a file, not a folder"),
        (tmp_path / "missing" / "new", "its folder"),
        ("/dev/null", "it is a character device, not a folder"),
    ]:
        with pytest.raises(InputError, match=re.escape(problem)):
            check_folder(str(path), RULES)
    wide = parse_rules(
        """{"name": "wide", "rack_size": 8, "bingo_bonus": 50, "start": "*",
        "squares": {".": {"letter": 1, "word": 1}, "*": {"letter": 1, "word": 2}},
        "board": ["...", ".*.", "..."],
        "tiles": {"A": {"count": 9, "value": 1}, "B": {"count": 9, "value": 3}}}""",
        "wide",
    )
    with pytest.raises(InputError, match="the wide rules' racks hold 8 tiles"):
        check_folder(str(tmp_path / "new"), wide)
