"""The opt-in MAGPIE peer: its plumbing, with a stand-in for the harness (lexibench compiles the
real one only against a MAGPIE the user built), its one-line errors where MAGPIE is not built,
its output read back (its row in the report: tests/benchmarks/test_crossword_report.py)."""

from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path

import pytest

from lexibench.benchmarks.peers import magpie
from lexibench.solver.errors import InputError

#: A stand-in for the compiled harness: it checks the files it is handed and writes what the
#: harness writes for each position (two moves, the second an exchange) and each round.
STAND_IN = r"""#!/bin/sh
set -e
while getopts "p:l:k:m:r:wvs" o; do
  case $o in p) P=$OPTARG;; l) L=$OPTARG;; k) K=$OPTARG;; m) M=$OPTARG;; r) R=$OPTARG;;
             v) V=1;; w) W=1;; s) S=1;; esac
done
shift $((OPTIND - 1))
D=${P%%:*}
test "$(cat "$D/lexica/$L.kwg")" = KWG || { echo "magpie_movegen: no KWG" >&2; exit 2; }
test "$(cat "$D/lexica/$K.klv2")" = KLV && test "$M" = allscore || exit 2
N=$(grep -c . "$1")
i=1
while [ $i -le $N ]; do
  if [ -n "$V" ]; then
    printf 'move\t%d\tplace\t8H\tAb\t%d\tC\t%d.000\n' $i $i $i
    printf 'move\t%d\texchange\t-\tC\t0\tAB\t-1.500\n' $i
  fi
  echo "position $i moves 2 best 8H Ab score $i equity $i.000"
  i=$((i + 1))
done
r=1
if [ -n "$S" ]; then echo ready; fi
while [ $r -le $R ]; do
  if [ -n "$S" ]; then
    read -r go || exit 0
    echo "$go $r $(grep Cpus_allowed_list /proc/$$/status 2>/dev/null | cut -f2)" >> "$D/steps"
  fi
  test "$r" != "${FAIL_AT:-0}" || { echo "magpie_movegen: failed in round $r" >&2; exit 2; }
  echo "round $r seconds 0.00$r prepare 0.000$r"
  r=$((r + 1))
done
"""


def _stand_in(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """MAGPIE's folder (as much of it as :func:`magpie.folder` checks) and the stand-in harness."""
    root = tmp_path / "MAGPIE"
    (root / "src" / "impl").mkdir(parents=True)
    (root / "src" / "impl" / "move_gen.h").write_text("")
    (root / magpie.OBJECTS).mkdir(parents=True)
    (root / magpie.OBJECTS / "move_gen.o").write_bytes(b"")
    for needed in magpie.DATA:
        (root / "data" / needed).parent.mkdir(parents=True, exist_ok=True)
        (root / "data" / needed).write_text("")
    program = tmp_path / "magpie_movegen"
    program.write_text(STAND_IN)
    program.chmod(program.stat().st_mode | stat.S_IXUSR)
    monkeypatch.setenv(magpie.ENV, str(root))
    monkeypatch.setattr(magpie, "harness", lambda _root: program)


def test_the_peer_runs_the_harness_on_the_files_it_writes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _stand_in(tmp_path, monkeypatch)
    assert magpie.unavailable() is None
    run = magpie.generate(["15/" * 14 + "15 AB/", "x y"], b"KWG", b"KLV", "allscore", rounds=3)
    assert run.counts == (2, 2)
    assert run.best[1] == magpie.PeerBest("8H Ab", 2, 2.0)
    assert run.round_seconds == (0.001, 0.002, 0.003)
    assert run.prepare_seconds == (0.0001, 0.0002, 0.0003)
    assert run.moves is None
    listed = magpie.generate(["a b", "c d"], b"KWG", b"KLV", "allscore", every_move=True)
    assert listed.moves is not None
    assert [magpie.placements(m) for m in listed.moves] == [[("8H", "Ab", 1)], [("8H", "Ab", 2)]]
    assert listed.moves[0][1] == magpie.PeerMove("exchange", "-", "C", 0, "AB", -1.5)


def test_in_step_the_callers_work_runs_before_each_round_while_the_harness_waits(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _stand_in(tmp_path, monkeypatch)
    steps: list[int] = []
    where: list[set[int]] = []
    before = os.sched_getaffinity(0) if hasattr(os, "sched_getaffinity") else None

    told: list[str] = []

    def between() -> None:  # what the harness has been told to run so far, seen from here
        told[:] = seen()
        steps.append(len(told))
        if before is not None:
            where.append(os.sched_getaffinity(0))

    def seen() -> list[str]:
        found = list(tmp_path.glob("lexibench-magpie-*/steps"))
        return found[0].read_text().splitlines() if found else []

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    run = magpie.generate(["a b", "c d"], b"KWG", b"KLV", "allscore", rounds=3, between=between)
    assert steps == [0, 1, 2]  # each call before the round it precedes, none after the last
    assert run.counts == (2, 2)
    assert run.round_seconds == (0.001, 0.002, 0.003)
    if before is not None:  # both sides on one processor meanwhile, this one as before after
        assert len(where[0]) == 1
        assert all(w == where[0] for w in where)
        assert os.sched_getaffinity(0) == before
        harness = {line.split()[2] for line in told}  # where its rounds 1 and 2 ran
        assert harness == {str(min(where[0]))}
    monkeypatch.setenv("FAIL_AT", "2")
    with pytest.raises(
        InputError, match=r"^MAGPIE's move generation failed: magpie_movegen: failed in round 2$"
    ):
        magpie.generate(["a b"], b"KWG", b"KLV", "allscore", rounds=3, between=between)


def test_a_failing_harness_is_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _stand_in(tmp_path, monkeypatch)
    with pytest.raises(
        InputError, match=r"^MAGPIE's move generation failed: magpie_movegen: no KWG$"
    ):
        magpie.generate(["a b"], b"not the KWG", b"KLV", "allscore")


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (None, r"MAGPIE is not built here \(set LEXIBENCH_MAGPIE to a MAGPIE folder"),
        ("empty", r"not a MAGPIE checkout \(no src/impl/move_gen.h\)"),
        ("unbuilt", r"MAGPIE is not built for release \(no objects in obj/release-b15-r7/src\)"),
        ("no data", r"no board layout or English letter distribution .*run `./download_data.sh`"),
    ],
)
def test_without_a_built_magpie_the_peer_says_what_is_missing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, make: str | None, message: str
) -> None:
    monkeypatch.delenv(magpie.ENV, raising=False)
    if make is not None:
        root = tmp_path / "MAGPIE"
        root.mkdir()
        if make in ("unbuilt", "no data"):
            (root / "src" / "impl").mkdir(parents=True)
            (root / "src" / "impl" / "move_gen.h").write_text("")
        if make == "no data":
            (root / magpie.OBJECTS).mkdir(parents=True)
            (root / magpie.OBJECTS / "move_gen.o").write_bytes(b"")
        monkeypatch.setenv(magpie.ENV, str(root))
    reason = magpie.unavailable()
    assert reason is not None
    assert "\n" not in reason
    with pytest.raises(InputError, match=message):
        magpie.folder()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("round 1 seconds 0.1 prepare 0\n", r"0 positions and 1 rounds in its output, for 1 po"),
        ("position 1 moves 0 best - score 0 equity 0\n", r"1 positions and 0 rounds"),
        ("position 2 moves 0 best - score 0 equity 0\n", r"line 1: position 2 out of order"),
        ("move\t7\tplace\t8H\tAB\t5\t\t5.0\n", r"line 1: not a move"),
        ("Segmentation fault\n", r"line 1: unexpected 'Segmentation fault'"),
    ],
)
def test_output_that_is_not_the_harnesss_is_refused_naming_the_line(
    text: str, message: str
) -> None:
    with pytest.raises(InputError, match=message):
        magpie.parse_output(text, 1, every_move=False)


def test_moves_that_disagree_with_the_counts_are_refused() -> None:
    text = "position 1 moves 2 best 8H AB score 5 equity 5.0\nround 1 seconds 0.1 prepare 0\n"
    with pytest.raises(InputError, match="the moves listed differ from the counts"):
        magpie.parse_output(text, 1, every_move=True)


def test_the_harness_source_ships_with_the_package() -> None:
    from importlib import resources

    source = resources.files(magpie.__package__).joinpath(magpie.HARNESS).read_text()
    assert '#include "src/impl/move_gen.h"' in source
    assert "generate_moves(&generate)" in source


def test_the_first_move_of_each_position_is_read_whatever_its_kind() -> None:
    text = (
        "position 1 moves 3 best K5 FOr(ES)IN score 36 equity 47.721\n"
        "position 2 moves 9 best (exch QV) score 0 equity 12.250\n"
        "position 3 moves 1 best pass score 0 equity -1000.000\n"
        "position 4 moves 0 best - score 0 equity 0\n"
        "round 1 seconds 0.001 prepare 0.0001\n"
    )
    run = magpie.parse_output(text, 4, every_move=False)
    assert [m.kind if m else None for m in run.first] == ["place", "exchange", "pass", None]
    assert run.first[1] == magpie.PeerBest("(exch QV)", 0, 12.25, "exchange")
    assert run.best == (run.first[0], None, None, None)  # the placements alone
    assert run.first[0] is not None
    assert magpie.placement(run.first[0]) == ("K5", "FOrESIN", 36)


#: A stand-in for MAGPIE's program: ``convert`` copies the KWG of the first data path as its
#: word map (and counts the maps it made), ``autoplay`` says what it played (22 turns a game) or
#: fails as asked, ``set`` (the console) reads a position and a command and writes a best turn.
PROGRAM = r"""#!/bin/sh
WHAT=$1
N=$3
P=
W=
while [ $# -gt 0 ]; do
  case $1 in -path) P=$2;; -wmp) W=$2;; esac
  shift
done
D=${P%%:*}
case $WHAT in
  convert) cp "$D/lexica/NWL_lexibench.kwg" "$D/lexica/NWL_lexibench.wmp"
           echo made >> "$MAPS";;
  set) read -r CGP; read -r GEN
       test -n "${CONSOLE_FAILS:-}" && { echo "(error 36) $CONSOLE_FAILS"; exit 0; }
       printf '  Player 1  %s  1:  O5 NONFAT T 32 32.95 \nShowing 1 of 1 plays\n' "$GEN";;
  autoplay) test -n "${AUTOPLAY_FAILS:-}" && { echo "error: $AUTOPLAY_FAILS"; exit 1; }
            test "$W" = false || test -f "$D/lexica/NWL_lexibench.wmp" || exit 3
            printf '\nAll Games\n\nGames Played: %s\nTurns Played: %s\n' "$N" $((N * 22));;
esac
"""


def _program(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The stand-in MAGPIE (:func:`_stand_in`) with its program; the file counting the word
    maps it made."""
    _stand_in(tmp_path, monkeypatch)
    program = tmp_path / "MAGPIE" / "bin" / "magpie"
    program.parent.mkdir()
    program.write_text(PROGRAM)
    program.chmod(program.stat().st_mode | stat.S_IXUSR)
    maps = tmp_path / "maps"
    monkeypatch.setenv("MAPS", str(maps))
    monkeypatch.setattr(magpie, "_WORD_MAPS", {})
    return maps


def test_the_word_map_of_a_kwg_is_made_once_a_process(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    maps = _program(tmp_path, monkeypatch)
    for _ in range(2):
        with magpie.data_folder(b"KWG", b"KLV", word_maps=True) as data:
            lexica = data.path / "lexica"
            assert (lexica / "NWL_lexibench.wmp").read_bytes() == b"KWG"
            assert (lexica / "NWL_lexibench.klv2").read_bytes() == b"KLV"
            assert data.paths == f"{data.path}:{data.root / 'data'}"
    assert maps.read_text().splitlines() == ["made"]
    with magpie.data_folder(b"OTHER", b"KLV", word_maps=True) as data:  # another lexicon's
        assert (data.path / "lexica" / "NWL_lexibench.wmp").read_bytes() == b"OTHER"
    with magpie.data_folder(b"KWG", b"KLV") as data:  # none asked for
        assert not (data.path / "lexica" / "NWL_lexibench.wmp").exists()
    assert len(maps.read_text().splitlines()) == 2


def test_autoplay_is_run_and_read_as_a_whole_process(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from lexibench.benchmarks.peers import magpie_autoplay

    _program(tmp_path, monkeypatch)
    with magpie.data_folder(b"KWG", b"KLV", word_maps=True) as data:
        command = magpie_autoplay.command(data, 20, 7, word_maps=True)
        assert command[1:4] == ["autoplay", "games", "20"]
        assert "-seed 7" in " ".join(command)
        assert "-wmp true" in " ".join(command)
        assert "-s1 equity -r1 best -s2 equity -r2 best -pl1 0 -pl2 0" in " ".join(command)
        played = magpie_autoplay.run(command, data)
        assert (played.games, played.turns) == (20, 440)
        assert played.cpu_seconds >= 0
        assert played.wall_seconds > 0
        monkeypatch.setenv("AUTOPLAY_FAILS", "no lexicon")
        with pytest.raises(InputError, match=r"^MAGPIE's autoplay failed: error: no lexicon$"):
            magpie_autoplay.run(command, data)
    with pytest.raises(InputError, match="no count of games and turns in its output: Done"):
        magpie_autoplay.parse_output("Done\n")
    (tmp_path / "MAGPIE" / "bin" / "magpie").unlink()
    with pytest.raises(InputError, match=r"no bin/magpie; run `make magpie BUILD=release` there"):
        magpie_autoplay.program(tmp_path / "MAGPIE")


def test_one_positions_best_turn_is_read_from_magpies_console(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from lexibench.benchmarks.peers import magpie_turn

    _program(tmp_path, monkeypatch)
    with magpie.data_folder(b"KWG", b"KLV") as data:
        command = magpie_turn.command(data, word_maps=False)
        assert command[1:4] == ["set", "-mode", "sync"]
        assert "-numplays 1 -s1 equity -r1 best" in " ".join(command)
        assert "-wmp false" in " ".join(command)
        assert magpie_turn.script("15/15 A/B 0/0 0") == "cgp 15/15 A/B 0/0 0\ngen\n"
        turn = magpie_turn.run(command, data, magpie_turn.script("15/15 A/B 0/0 0"))
        assert turn.best == magpie.PeerBest("O5 NONFAT T", 32, 32.95, "place")
        assert turn.cpu_seconds >= 0
        assert turn.wall_seconds > 0
        monkeypatch.setenv("CONSOLE_FAILS", "cannot load cgp without lexicon")
        with pytest.raises(InputError, match=r"^MAGPIE's console failed: \(error 36\) cannot"):
            magpie_turn.run(command, data, magpie_turn.script("15/15 A/B 0/0 0"))
    with pytest.raises(InputError, match="wrote no best turn: Showing 0 of 0 plays"):
        magpie_turn.parse_output("board\nShowing 0 of 0 plays\n")
    assert magpie_turn.parse_output(" 1:  (exch QV) AEIRS 0 12.25").kind == "exchange"
    assert magpie_turn.parse_output(" 1:  pass AEINRST 0 -3.5").kind == "pass"
