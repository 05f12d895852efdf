"""The word search (solver/games/search/): every structure, at every tier that can answer a
search's kinds, against the brute-force reference over the same words (combined and negated
conditions and the character classes included); the planner's choices (which structure, which
condition leads, by the estimates); its refusals, each one line."""

from __future__ import annotations

import random
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lexibench import structures
from lexibench.solver.errors import InputError
from lexibench.solver.games.search import planner
from lexibench.solver.games.search.asking import SEARCH_KINDS, Question
from lexibench.solver.games.search.puzzle import Query, parse_query
from lexibench.solver.games.search.reference import reference_answer
from lexibench.solver.games.tiles import ENGLISH, WORD_RULES
from lexibench.solver.tiers import Tier
from lexibench.solver.wordlist import load_wordlist
from lexibench.structures.queries import UNBOUNDED

#: Searches of every kind, alone, combined and negated, classes and blanks included.
SEARCHES = [
    ["pattern:c?t*"],
    ["pattern:?@#*", "length:5"],
    ["pattern:[a-c]*[!aeiou]", "length:-4"],
    ["pattern:*[xz]*"],
    ["pattern:#@#@#"],
    ["pattern:s*", "not:pattern:*s"],
    ["prefix:re", "suffix:s"],
    ["anagram:tea?"],
    ["subanagram:retains"],
    ["subanagram:aeinrst??", "length:7-"],
    ["length:3"],
    ["length:8-", "contains:zz"],
    ["contains:qu", "not:length:5-"],
    ["fronthooks:2-"],
    ["backhooks:3-", "length:-4"],
    ["not:fronthooks:0", "not:backhooks:0", "length:-5"],
    ["anagrams:3-"],
    ["anagrams:2", "pattern:*e"],
    ["points:-5", "length:4"],
    ["points:18-"],
    ["not:points:2-"],
    ["not:pattern:*[aeiou]*"],
    ["not:length:2-7"],
    ["not:not:prefix:un", "not:contains:e", "points:6-"],
    ["subanagram:tea??", "fronthooks:1-", "anagrams:2-", "not:pattern:t*"],
]
TIERS = (Tier.AUTO, Tier.STRING, Tier.STEP, Tier.NATIVE, Tier.INDEX)
#: The lexicons every search is walked on at the string and step tiers (the walks are the
#: search's own, the same for every lexicon); the others walk every fourth search there.
WALKED = ("dict-trie", "sorted-list")


@cache
def vocabulary() -> tuple[str, ...]:
    """A seeded sample of the default list under the crossword game's rules: 2,500 words of at
    most 8 letters, each with its hooks and anagrams where the list has them."""
    words = load_wordlist(min_length=WORD_RULES.min_length, q_needs_u=WORD_RULES.q_needs_u).words
    short = [w for w in words if len(w) <= 8]
    return tuple(sorted(random.Random(59).sample(short, 2500)))


@cache
def built(name: str) -> Any:
    words = vocabulary()
    if structures.backend_info(name).cost == "linear":
        words = words[::10]
    return structures.build_structure(name, words)


@pytest.mark.parametrize("name", structures.registry.offered_structures())
def test_every_structure_and_tier_agrees_with_the_reference(name: str) -> None:
    """Each search on each structure at each tier that answers all its kinds: the reference's
    words, count and hooks; a tier that cannot is refused, never answered wrong."""
    structure = built(name)
    words = vocabulary()[::10] if structures.backend_info(name).cost == "linear" else vocabulary()
    cls = type(structure)
    answered = 0
    refusals: list[str] = []
    for k, texts in enumerate(SEARCHES):
        query = parse_query(texts, order="probability", limit=40)
        expected = reference_answer(query, words)
        walked = name in WALKED or k % 4 == 0
        for tier in TIERS if walked else (Tier.NATIVE, Tier.INDEX):
            hooks = "hooks" in structures.answers(cls) or structures.is_lexicon(cls)
            try:
                plan = planner.plan_search(cls, name, query.conditions, tier, hooks=hooks)
            except InputError as refused:
                refusals.append(str(refused))
                continue
            found = planner.execute(structure, plan, query)
            assert (found.words, found.count) == (expected.words, expected.count), (texts, tier)
            assert found.hooks == (expected.hooks if hooks else None), (texts, tier)
            answered += 1
    assert all("\n" not in refusal for refusal in refusals)
    if set(structures.answers(cls)) & set(SEARCH_KINDS) or structures.is_lexicon(cls):
        assert answered, f"{name} answered no search"


CONDITIONS = st.sampled_from(
    [
        "pattern:?@*", "pattern:*[!ab]", "pattern:#?#", "pattern:[a-c]*", "prefix:c",
        "suffix:ed", "length:3-4", "length:6-", "contains:ee", "points:-6", "points:9-",
        "anagram:tea??", "subanagram:rstlne?", "fronthooks:1-", "backhooks:0", "anagrams:2-",
    ]
)  # fmt: skip
NEGATED = st.builds(lambda c, flip: ("not:" + c) if flip else c, CONDITIONS, st.booleans())


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    texts=st.lists(NEGATED, min_size=1, max_size=4),
    name=st.sampled_from(["position-bitsets", "array-trie", "dict-trie", "alphagram-map"]),
)
def test_combinations_agree_with_the_reference(texts: list[str], name: str) -> None:
    """Any two to four conditions, negated or not, on the structures of every role, at the
    planner's choice of tiers; a structure lacking a kind refuses."""
    query = parse_query(texts)
    structure = built(name)
    try:
        plan = planner.plan_search(type(structure), name, query.conditions, Tier.AUTO)
    except InputError:
        assert structures.is_index(structure)
        return
    found = planner.execute(structure, plan, query)
    expected = reference_answer(query, vocabulary())
    assert (found.words, found.count) == (expected.words, expected.count)


# ---- the planner ------------------------------------------------------------------------------


def asked_first(monkeypatch: pytest.MonkeyPatch, name: str, texts: list[str]) -> Question:
    """The question the search of ``texts`` on ``name`` asks first (its lead)."""
    return asked_all(monkeypatch, name, texts)[0]


def asked_all(monkeypatch: pytest.MonkeyPatch, name: str, texts: list[str]) -> list[Question]:
    """The questions the search of ``texts`` on ``name`` asks, in order."""
    asked: list[Question] = []
    real = planner.ask

    def spy(structure: Any, tier: Tier, question: Question) -> list[str]:
        asked.append(question)
        return real(structure, tier, question)

    monkeypatch.setattr(planner, "ask", spy)
    structure = built(name)
    query = parse_query(texts)
    plan = planner.plan_search(type(structure), name, query.conditions, Tier.AUTO)
    planner.execute(structure, plan, query)
    monkeypatch.undo()
    return asked


def test_the_most_selective_condition_leads_by_the_estimates(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Not a fixed order: of a length and a prefix, the one with fewer words leads, and each
    does in some pair (position-bitsets counts its bits exactly)."""
    leads = set()
    for length, prefix in [("2-", "zy"), ("8", "s"), ("3", "s"), ("4", "c"), ("6-8", "pre")]:
        texts = [f"length:{length}", f"prefix:{prefix}"]
        alone = [reference_answer(parse_query([t]), vocabulary()).count for t in texts]
        first = asked_first(monkeypatch, "position-bitsets", texts)
        assert first.kind == ("length" if alone[0] < alone[1] else "pattern"), (texts, alone)
        leads.add(first.kind)
    assert leads == {"length", "pattern"}
    assert asked_first(monkeypatch, "array-trie", ["length:3-", "anagram:tea?"]).kind == "anagram"
    negated = asked_first(monkeypatch, "position-bitsets", ["not:length:3-", "contains:e"])
    assert negated == Question("length", (0, 2))  # the range outside it
    apart = asked_all(monkeypatch, "array-trie", ["not:pattern:*s"])
    assert apart == [Question("pattern", ("*s",)), Question("length", (0, UNBOUNDED))]
    walked = asked_all(monkeypatch, "dict-trie", ["not:pattern:*s"])
    assert walked == [Question("length", (0, UNBOUNDED))]  # every word, then the filter


def test_the_structure_chosen_without_lexicon() -> None:
    def chosen(*texts: str) -> str:
        return planner.chosen_structure(parse_query(list(texts)).conditions, False, "dawg")

    native = structures.backend_info("array-trie").native
    assert chosen("pattern:?@#*", "length:7") == ("array-trie" if native else "position-bitsets")
    assert chosen("fronthooks:1-") == ("array-trie" if native else "position-bitsets")
    assert chosen("anagram:retains", "anagrams:2-") == "position-bitsets"  # it answers every kind


@pytest.mark.parametrize(
    ("name", "texts", "tier", "message"),
    [
        ("alphagram-map", ["pattern:c?t"], "auto", "cannot answer pattern:c?t (a pattern or "
         "classes query; it answers anagram, family)"),
        ("alphagram-map", ["not:anagram:cat"], "auto", "cannot answer every word"),
        ("word-map", ["anagrams:2-"], "auto", "(a family query; it answers anagram)"),
        ("array-trie", ["anagrams:2-"], "native", "has no native tier for anagrams:2- (a family "
         "query; its compiled code answers anagram, letterset"),
        ("marisa", ["length:3"], "native", "its compiled code answers no query kind"),
        ("dict-trie", ["length:3"], "index", "has no index tier"),
    ],
)  # fmt: skip
def test_a_structure_that_cannot_answer_is_refused_in_one_line(
    name: str, texts: list[str], tier: str, message: str
) -> None:
    if name == "array-trie" and not structures.backend_info(name).native:
        pytest.skip("array-trie's compiled walks are not built here")
    cls = structures.class_of(structures.structure_class(name))
    with pytest.raises(InputError) as refused:
        planner.plan_search(cls, name, parse_query(texts).conditions, tier)
    assert str(refused.value).startswith(f"lexicon {name}: ")
    assert message in str(refused.value)
    assert "\n" not in str(refused.value)


def test_hooks_for_json_need_an_index_answering_them() -> None:
    cls = structures.class_of(structures.structure_class("alphagram-map"))
    conditions = parse_query(["anagram:tea"]).conditions
    assert planner.plan_search(cls, "alphagram-map", conditions, "auto").hooks is None
    with pytest.raises(InputError, match="each word's hooks"):
        planner.plan_search(cls, "alphagram-map", conditions, "auto", hooks=True)


def test_the_tiles_are_the_crossword_games() -> None:
    from lexibench.solver.games.crossword.rules import load_rules

    english = load_rules("english")
    assert (english.counts, english.values) == (ENGLISH.counts, ENGLISH.values)


def test_an_empty_query_and_a_limit_of_zero() -> None:
    structure = built("array-trie")
    query = Query(parse_query(["length:3"]).conditions, limit=0)
    plan = planner.plan_search(type(structure), "array-trie", query.conditions, "auto")
    found = planner.execute(structure, plan, query)
    assert found.words == ()
    assert found.count == reference_answer(query, vocabulary()).count > 0
    with pytest.raises(InputError, match="at least one condition"):
        parse_query([])
