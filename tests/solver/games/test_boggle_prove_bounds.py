"""The proof's pieces: partitions, classes and their symmetries, and every bound checked against
the true best of each class, found by scoring every board in it."""

from __future__ import annotations

import itertools
from collections.abc import Iterator

import pytest

from lexibench.solver.errors import InputError
from lexibench.solver.games.boggle.best import make_scorer
from lexibench.solver.games.boggle.board import QU, Board, neighbours, symmetries
from lexibench.solver.games.boggle.prove.bound import TreeRun
from lexibench.solver.games.boggle.prove.classes import ClassSpace, split_order
from lexibench.solver.games.boggle.prove.partitions import (
    ALPHABET,
    cell_kind,
    parse_partition,
    partition,
    presets,
)
from lexibench.solver.games.boggle.prove.plan import ProofPlan
from lexibench.solver.games.boggle.prove.tree import tree_bound
from lexibench.solver.games.boggle.rules import POINTS_BY_LENGTH
from lexibench.solver.tiers import Tier
from lexibench.structures import Lexicon, build_lexicon
from tests.solver.games.simple_bounds import SimpleBounds

#: Small worlds, each scored board by board: (alphabet, partition of it, rows, cols). The second
#: has the Qu tile (q) and words with "qu".
WORLDS = [
    ("aest", "ae st", 2, 2),
    ("aest", "ae st", 3, 3),
    ("aeiqstu", "aeiu qst", 2, 3),
    ("aeiqstu", "aeu iqst", 3, 2),
]


def lexicon_over(words: tuple[str, ...], alphabet: str, backend: str = "array-trie") -> Lexicon:
    return build_lexicon(backend, [w for w in words if set(w) <= set(alphabet)])


def board_cells(letters: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(QU if letter == "q" else letter for letter in letters)


def boards_of(cells: tuple[str, ...]) -> Iterator[tuple[str, ...]]:
    """Every board of a class (letters per cell), as letters (q: the Qu tile)."""
    return itertools.product(*cells)


# -- partitions ---------------------------------------------------------------------------


def test_every_preset_splits_the_alphabet_once() -> None:
    assert set(presets()) >= {"two", "three", "four", "five", "mixed"}
    for preset in presets().values():
        for _, buckets in preset.buckets:
            assert "".join(sorted("".join(buckets))) == ALPHABET
        assert parse_partition(preset.text).buckets == preset.buckets
        assert preset.about


def test_partition_by_kind_of_cell() -> None:
    mixed = partition("mixed")
    cells = mixed.cell_buckets(3, 4)
    assert [len(cells[i]) for i in range(12)] == [2, 3, 3, 2, 3, 3, 3, 3, 2, 3, 3, 2]
    assert [cell_kind(3, 3, i) for i in range(9)] == [
        "corner", "edge", "corner", "edge", "centre", "edge", "corner", "edge", "corner"
    ]  # fmt: skip
    custom = parse_partition("aeiou bcdfghjklmnpqrstvwxyz, centre: abcdefghijklm nopqrstuvwxyz")
    assert custom.of_kind("corner") == custom.of_kind("edge") != custom.of_kind("centre")
    assert partition(custom.text) == custom


# -- classes ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("size", "name", "total", "canonical"),
    [
        ((3, 3), "two", 512, 102),
        ((3, 3), "three", 19_683, 2_862),
        ((3, 4), "mixed", 104_976, 27_135),
        ((2, 2), "two", 16, 6),
    ],
)
def test_canonical_class_counts(
    size: tuple[int, int], name: str, total: int, canonical: int
) -> None:
    """The counts Burnside's lemma gives (3x3: 102 of 512; 3x4 as published: 27,135)."""
    space = ClassSpace(*size, partition(name).cell_buckets(*size))
    assert space.total == total
    assert space.canonical_count == canonical


@pytest.mark.parametrize("size", [(1, 1), (1, 4), (2, 2), (2, 3), (3, 2), (3, 3)])
def test_the_canonical_count_is_the_number_listed_for_every_preset(size: tuple[int, int]) -> None:
    """Burnside's count, made without listing, against the canonical classes listed."""
    for name in presets():
        space = ClassSpace(*size, partition(name).cell_buckets(*size))
        if space.total <= 300_000:
            assert space.canonical_count == sum(1 for _ in space.canonical_ids()), name


def test_a_sample_is_canonical_distinct_seeded_and_whole_when_asked_for_all() -> None:
    import random

    space = ClassSpace(3, 3, partition("three").cell_buckets(3, 3))
    sample = space.sample(50, random.Random(7))
    assert sample == sorted(set(sample))
    assert len(sample) == 50
    assert all(space.is_canonical(i) for i in sample)
    assert sample == space.sample(50, random.Random(7))
    small = ClassSpace(2, 2, partition("two").cell_buckets(2, 2))
    assert small.sample(10, random.Random(7)) == list(small.canonical_ids())


@pytest.mark.parametrize("size", [(2, 3), (3, 3), (3, 2), (1, 4)])
def test_canonical_classes_are_the_smallest_of_their_orbits(size: tuple[int, int]) -> None:
    space = ClassSpace(*size, partition("two").cell_buckets(*size))
    ids = list(space.canonical_ids())
    assert ids == sorted(i for i in range(space.total) if space.is_canonical(i))
    orbits = {min(space.images(i)) for i in range(space.total)}
    assert set(ids) == orbits
    for class_id in ids[:20]:
        assert space.class_id(space.digits(class_id)) == class_id


def test_every_board_has_an_image_in_a_canonical_class() -> None:
    rows, cols = 3, 3
    space = ClassSpace(rows, cols, partition("two").cell_buckets(rows, cols))
    canonical = set(space.canonical_ids())
    for cells in [tuple("perlatdes"), tuple("qzzaeiouy"), tuple("abcdefghi")]:
        classes = set()
        for image in symmetries(rows, cols):
            turned = [cells[k] for k in image]
            digits = tuple(
                next(i for i, b in enumerate(space.buckets[c]) if turned[c] in b)
                for c in range(rows * cols)
            )
            classes.add(space.class_id(digits))
        assert classes & canonical


def test_split_order_starts_in_the_middle() -> None:
    assert split_order(3, 3)[0] == 4
    assert set(split_order(3, 4)[:2]) == {5, 6}
    assert sorted(split_order(4, 5)) == list(range(20))


# -- bounds against every board of every class ----------------------------------------------


@pytest.mark.parametrize(("alphabet", "buckets", "rows", "cols"), WORLDS)
def test_every_bound_is_at_least_the_best_board_of_its_class(
    web2_words: tuple[str, ...], alphabet: str, buckets: str, rows: int, cols: int
) -> None:
    """For every canonical class: the union bound, the max bound and the tree bound (compiled
    and interpreted, which agree in full) are never below the best board of the class, the
    union bound is exact on a single board, and the tree search keeps every board reaching the
    target."""
    lexicon = lexicon_over(web2_words, alphabet)
    score = make_scorer(lexicon, rows, cols, 3, Tier.NATIVE)
    split = parse_partition(buckets, alphabet)
    space = ClassSpace(rows, cols, split.cell_buckets(rows, cols))
    simple = SimpleBounds(lexicon, neighbours(rows, cols), POINTS_BY_LENGTH, 3)  # type: ignore[arg-type]
    stepping = lexicon_over(web2_words, alphabet, "dict-trie")
    tight = 0
    for class_id in space.canonical_ids():
        cells = space.letters(class_id)
        scores = {board: score(board_cells(board))[0] for board in boards_of(cells)}
        best = max(scores.values())
        target = max(1, best - 2)
        union = simple.union_bound(cells)
        most = simple.max_bound(cells)
        plan = ProofPlan(rows, cols, split, target)
        compiled = tree_bound(lexicon, Tier.NATIVE, plan).run(cells)
        interpreted = tree_bound(lexicon, Tier.STEP, plan).run(cells)
        other = tree_bound(stepping, Tier.STEP, plan).run(cells)
        assert isinstance(compiled, TreeRun)
        assert compiled == interpreted == other
        assert union >= best
        assert most >= best
        assert compiled.bound >= best
        tight += compiled.bound <= min(union, most)
        kept = {bytes(cells[i].index(letter) for i, letter in enumerate(b)) for b in scores}
        reaching = {
            bytes(cells[i].index(letter) for i, letter in enumerate(board))
            for board, points in scores.items()
            if points >= target
        }
        candidates = {letters for _, letters in compiled.candidates}
        assert reaching <= candidates <= kept
        for bound, letters in compiled.candidates:
            board = tuple(cells[i][k] for i, k in enumerate(letters))
            assert bound >= scores[board]
    assert tight > 0  # the tree bound is tighter than the simple ones somewhere


@pytest.mark.parametrize(("alphabet", "buckets", "rows", "cols"), WORLDS[1:3])
def test_mixed_radix_keys_give_the_same_run(
    web2_words: tuple[str, ...], alphabet: str, buckets: str, rows: int, cols: int
) -> None:
    """Records keyed by a mixed-radix number (what classes too wide for 64 bits of bit fields
    use, such as the 4x4 classes of the partition ``mixed``) give the run bit fields give, every
    count, bound, step and candidate, forcing included (a low target)."""
    lexicon = lexicon_over(web2_words, alphabet)
    split = parse_partition(buckets, alphabet)
    space = ClassSpace(rows, cols, split.cell_buckets(rows, cols))
    for class_id in itertools.islice(space.canonical_ids(), 0, None, 3):
        cells = space.letters(class_id)
        bound = tree_bound(lexicon, Tier.NATIVE, ProofPlan(rows, cols, split, 1 << 30))
        target = max(1, bound.run(cells).bound // 4)  # type: ignore[union-attr]
        plan = ProofPlan(rows, cols, split, target)
        tree = tree_bound(lexicon, Tier.NATIVE, plan)
        args = (
            tuple(cell.encode() for cell in cells),
            tree.nbrs,
            plan.order,
            target,
            plan.max_candidates,
            None,
            plan.switchover,
            plan.force_limit,
        )
        prover = tree.prover  # type: ignore[attr-defined]
        assert prover.run(*args, True) == prover.run(*args, False)


class _Searched(ProofPlan):
    """A plan whose classes are searched from the root, never forced by merging."""

    @property
    def switchover(self) -> int:
        return 1 << 60


@pytest.mark.parametrize(("alphabet", "buckets", "rows", "cols"), WORLDS[1:])
@pytest.mark.parametrize("share", [4])
def test_forcing_by_merging_changes_the_steps_only(
    web2_words: tuple[str, ...], alphabet: str, buckets: str, rows: int, cols: int, share: int
) -> None:
    """With a target far below the class's bound (so trees are forced by merging at the first
    split positions), every tier gives the same run, and the forced run's bound and candidates
    (their order included) are those of the search from the root, in fewer steps."""
    lexicon = lexicon_over(web2_words, alphabet)
    split = parse_partition(buckets, alphabet)
    space = ClassSpace(rows, cols, split.cell_buckets(rows, cols))
    forced_somewhere = False
    every = 3 if rows * cols > 6 else 1  # a third of the 3x3 classes: the test stays quick
    for class_id in itertools.islice(space.canonical_ids(), 0, None, every):
        cells = space.letters(class_id)
        unreached = tree_bound(lexicon, Tier.NATIVE, ProofPlan(rows, cols, split, 1 << 30))
        bound = unreached.run(cells).bound  # type: ignore[union-attr]
        target = max(1, bound // share)
        plan = ProofPlan(rows, cols, split, target)
        searched = _Searched(rows, cols, split, target)
        compiled = tree_bound(lexicon, Tier.NATIVE, plan).run(cells)
        assert compiled == tree_bound(lexicon, Tier.STEP, plan).run(cells)
        plain = tree_bound(lexicon, Tier.NATIVE, searched).run(cells)
        assert plain == tree_bound(lexicon, Tier.STEP, searched).run(cells)
        assert compiled is not None
        assert plain is not None
        assert (compiled.bound, compiled.candidates) == (plain.bound, plain.candidates)
        assert compiled.nodes == plain.nodes
        assert compiled.steps <= plain.steps
        forced_somewhere |= compiled.steps < plain.steps  # forcing ran, and saved steps
    assert forced_somewhere


def test_the_union_bound_of_one_board_is_its_score(web2_words: tuple[str, ...]) -> None:
    lexicon = lexicon_over(web2_words, "aeiqrstu")
    simple = SimpleBounds(lexicon, neighbours(3, 3), POINTS_BY_LENGTH, 3)  # type: ignore[arg-type]
    for text in ("tea/sqa/tir", "est/aqu/ite", "qqq/qqq/qqq", "ast/era/tes"):
        board = Board(3, 3, tuple(text.replace("/", "")))
        cells = board.cells
        expected = make_scorer(lexicon, 3, 3, 3, Tier.NATIVE)(board_cells(cells))[0]
        union = simple.union_bound(cells)
        assert union == expected
        assert simple.max_bound(cells) >= union


@pytest.mark.parametrize(("alphabet", "buckets", "rows", "cols"), [WORLDS[0], *WORLDS[2:]])
def test_branch_and_bound_with_the_simple_bounds_finds_every_board(
    web2_words: tuple[str, ...], alphabet: str, buckets: str, rows: int, cols: int
) -> None:
    """The simple bounds' branch and bound over every canonical class, against every board."""
    lexicon = lexicon_over(web2_words, alphabet)
    score = make_scorer(lexicon, rows, cols, 3, Tier.NATIVE)
    space = ClassSpace(rows, cols, parse_partition(buckets, alphabet).cell_buckets(rows, cols))
    every = {
        cells: score(board_cells(cells))[0]
        for cells in itertools.product(alphabet, repeat=rows * cols)
    }
    target = max(every.values()) - 4
    expected = {_canonical(rows, cols, b) for b, s in every.items() if s >= target}
    simple = SimpleBounds(lexicon, neighbours(rows, cols), POINTS_BY_LENGTH, 3)  # type: ignore[arg-type]
    found = set()
    for class_id in space.canonical_ids():
        letters = space.letters(class_id)
        for board, points in simple.branch_and_bound(letters, split_order(rows, cols), target):
            assert points == every[board]
            found.add(_canonical(rows, cols, board))
    assert found == expected


def _canonical(rows: int, cols: int, letters: tuple[str, ...]) -> str:
    return Board(rows, cols, board_cells(letters)).canonical_text()


def test_a_prover_stopped_mid_class_gives_the_same_runs_after(web2_words: tuple[str, ...]) -> None:
    """A class stopped part way (its tree forced by merging, its search under way: the stop is
    asked every 262,144 steps) leaves nothing behind in the compiled prover: the classes it
    proves after, the stopped one again included, come out as a fresh prover's."""
    import random

    lexicon = build_lexicon("array-trie", web2_words)
    plan = ProofPlan(3, 4, partition("mixed"), 1300)
    tree = tree_bound(lexicon, Tier.NATIVE, plan)
    prover = tree.prover  # type: ignore[attr-defined]

    def args(class_id: int, stop: object = None) -> tuple[object, ...]:
        cells = tuple(cell.encode() for cell in plan.space.letters(class_id))
        nbrs = tree.nbrs
        return (cells, nbrs, plan.order, plan.target, plan.max_candidates, stop,
                plan.switchover, plan.force_limit)  # fmt: skip

    asked = 0

    def stop_at_the_second_ask() -> bool:
        nonlocal asked
        asked += 1
        return asked >= 2

    ids = plan.space.sample(6, random.Random("a prover stopped mid-class"))
    runs = {class_id: prover.run(*args(class_id)) for class_id in ids}
    long = next((c for c in ids if runs[c][5] > 3 * 262_144), None)  # three asks' worth
    assert long is not None, "no sampled class is long enough to be stopped part way"
    assert runs[long][4] > plan.switchover  # its bound is high enough: its tree is forced
    assert prover.run(*args(long, stop_at_the_second_ask)) is None
    assert asked == 2
    for class_id in [long, *(c for c in ids[:3] if c != long)]:
        assert prover.run(*args(class_id)) == runs[class_id]


@pytest.mark.parametrize("tier", [Tier.NATIVE, Tier.STEP])
def test_candidates_past_the_cap_are_rescored_as_they_come(
    web2_words: tuple[str, ...], tier: Tier
) -> None:
    """With a cap of 2 candidates held, a proof hands them to re-scoring in batches and goes on:
    every class's outcome (its candidates counted, its boards) is the uncapped one's; without a
    flush, the cap is still an error."""
    from dataclasses import replace

    from lexibench.solver.games.boggle.prove.job import prove_class, prove_state

    alphabet, buckets, rows, cols = WORLDS[1]
    lexicon = lexicon_over(web2_words, alphabet)
    split = parse_partition(buckets, alphabet)
    space = ClassSpace(rows, cols, split.cell_buckets(rows, cols))
    ids = list(itertools.islice(space.canonical_ids(), 0, None, 3))
    unreached = tree_bound(lexicon, tier, ProofPlan(rows, cols, split, 1 << 30))
    target = max(1, min(unreached.run(space.letters(c)).bound for c in ids) // 3)  # type: ignore[union-attr]
    plan = ProofPlan(rows, cols, split, target)
    capped = replace(plan, max_candidates=2)
    whole, small = prove_state(lexicon, plan, tier), prove_state(lexicon, capped, tier)
    many = []
    for class_id in ids:
        expected = prove_class(whole, plan, class_id)
        got = prove_class(small, capped, class_id)
        assert expected is not None
        assert got is not None
        assert replace(got, seconds=0) == replace(expected, seconds=0)
        if got.candidates > 2:
            many.append(class_id)
    assert many  # some class went past the cap
    with pytest.raises(InputError, match="more than 2 boards of one class"):
        tree_bound(lexicon, tier, capped).run(space.letters(many[0]))
