"""The word search's grammar (solver/games/search/grammar.py): every condition read into its
typed object, property-based; a malformed one refused in one line naming the condition and the
1-based position of the character at fault; the brute-force reference on small cases worked by
hand."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lexibench.solver.errors import InputError
from lexibench.solver.games.search.conditions import (
    CONSONANTS,
    VOWELS,
    Anagram,
    Contains,
    Not,
    Pattern,
    Span,
)
from lexibench.solver.games.search.grammar import NAMES, parse_condition
from lexibench.solver.games.search.puzzle import VALUES, draws, parse_query, points
from lexibench.solver.games.search.reference import reference_answer, reference_words

ERROR = re.compile(r"^condition '(?P<text>.*)', position (?P<position>\d+): \S.*$", re.S)

# ---- patterns -------------------------------------------------------------------------------

ELEMENTS = st.sampled_from(["a", "B", "z", "?", ".", "@", "#", "*", "[abc]", "[a-e]", "[!aeiou]"])
MEANING = {"?": "[a-z]", ".": "[a-z]", "@": f"[{VOWELS}]", "#": f"[{CONSONANTS}]", "*": "[a-z]*"}


def regex_of(elements: list[str]) -> re.Pattern[str]:
    """The pattern's meaning, written apart from the parser: each element as a regex."""
    out = []
    for e in elements:
        if e in MEANING:
            out.append(MEANING[e])
        elif e.startswith("[!"):
            out.append("[^" + e[2:-1] + "]")
        elif e.startswith("["):
            out.append(e)
        else:
            out.append(e.lower())
    return re.compile("".join(out))


WORDS = st.text("abcdeiouxyz", min_size=1, max_size=7)


@settings(max_examples=200, deadline=None)
@given(elements=st.lists(ELEMENTS, min_size=1, max_size=8), words=st.lists(WORDS, max_size=20))
def test_a_pattern_means_what_it_says(elements: list[str], words: list[str]) -> None:
    condition = parse_condition("pattern:" + "".join(elements))
    assert isinstance(condition, Pattern)
    expected = regex_of(elements)
    for word in words:
        assert condition.holds(word) is bool(expected.fullmatch(word)), (elements, word)
    again = parse_condition(condition.text)  # the normalized text reads back the same
    assert again == condition
    if condition.plain is not None:  # the pattern kind's form matches the same words
        plain = re.compile(condition.plain.replace("?", "[a-z]").replace("*", "[a-z]*"))
        assert all(bool(plain.fullmatch(w)) is condition.holds(w) for w in words)
    loose = re.compile(condition.loose.replace("?", "[a-z]").replace("*", "[a-z]*"))
    assert all(bool(loose.fullmatch(w)) for w in words if condition.holds(w))


ANY_TEXT = st.builds(
    "".join,
    st.lists(
        st.sampled_from([*"abAZ?.@#*[]!-:0123456789 %é\u212a", *NAMES, "not:", "pattern:"]),
        max_size=10,
    ),
)


@settings(max_examples=500, deadline=None)
@given(text=ANY_TEXT)
def test_any_text_reads_or_is_refused_in_one_line(text: str) -> None:
    try:
        condition = parse_condition(text)
    except InputError as error:
        message = str(error)
        assert "\n" not in message
        found = ERROR.match(message)
        assert found is not None, message
        assert 1 <= int(found["position"]) <= len(text) + 1
    else:
        assert parse_condition(condition.text) == condition


BAD = st.sampled_from(["%", "1", " ", "é", "\u212a", "]", "!"])


@settings(max_examples=200, deadline=None)
@given(elements=st.lists(ELEMENTS, min_size=1, max_size=6), at=st.integers(0, 6), bad=BAD)
def test_a_bad_character_in_a_pattern_is_named_where_it_is(
    elements: list[str], at: int, bad: str
) -> None:
    at = min(at, len(elements))
    head = "pattern:" + "".join(elements[:at])
    text = head + bad + "".join(elements[at:])
    with pytest.raises(InputError) as refused:
        parse_condition(text)
    found = ERROR.match(str(refused.value))
    assert found is not None
    assert int(found["position"]) == len(head) + 1, str(refused.value)


@settings(max_examples=200, deadline=None)
@given(
    name=st.sampled_from(["length", "points", "fronthooks", "backhooks", "anagrams"]),
    low=st.none() | st.integers(0, 30),
    high=st.none() | st.integers(0, 30),
    n=st.integers(0, 40),
)
def test_ranges(name: str, low: int | None, high: int | None, n: int) -> None:
    text = f"{name}:{'' if low is None else low}-{'' if high is None else high}"
    if low is None and high is None:
        with pytest.raises(InputError, match="at least one end"):
            parse_condition(text)
        return
    if low is not None and high is not None and high < low:
        with pytest.raises(InputError, match=f"position {len(name) + len(str(low)) + 3}: "):
            parse_condition(text)
        return
    span = getattr(parse_condition(text), "span")  # noqa: B009  (every range condition has one)
    assert span == Span(low, high)
    assert span.holds(n) is ((low is None or n >= low) and (high is None or n <= high))
    outside = span.complement()
    assert sum(part.holds(n) for part in outside) == (not span.holds(n))


# ---- every kind, by example -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "normalized"),
    [
        ("PATTERN:C[a-c]T*", "pattern:c[abc]t*"),
        ("pattern:?@#**", "pattern:?@#*"),
        ("pattern:[!aeiou].[a-y]", "pattern:#?[!z]"),
        ("anagram:TEA?", "anagram:tea?"),
        ("subanagram:retains??", "subanagram:retains??"),
        ("length:7", "length:7"),
        ("length:07-", "length:7-"),
        ("points:-10", "points:-10"),
        ("prefix:Un", "prefix:un"),
        ("suffix:ING", "suffix:ing"),
        ("contains:SsA", "contains:ssa"),
        ("fronthooks:1-", "fronthooks:1-"),
        ("backhooks:0", "backhooks:0"),
        ("anagrams:2-3", "anagrams:2-3"),
        ("Not:not:length:2", "not:not:length:2"),
    ],
)
def test_each_condition_reads(text: str, normalized: str) -> None:
    assert parse_condition(text).text == normalized


@pytest.mark.parametrize(
    ("text", "position", "says"),
    [
        ("length:7-x", 10, "'x'"),
        ("length", 7, "expected ':'"),
        ("lenght:7", 1, "did you mean length"),
        ("length:", 8, "found the end"),
        ("length:-", 8, "at least one end"),
        ("length:5-3", 10, "empty"),
        ("length:1234567", 8, "at most 6 digits"),
        ("pattern:a[b", 10, "not closed"),
        ("pattern:[]", 9, "empty class"),
        ("pattern:[!a-z]", 9, "excludes every letter"),
        ("pattern:[e-a]", 12, "runs backwards"),
        ("pattern:[a-]", 12, "last letter"),
        ("pattern:a%b", 10, "'%'"),
        ("pattern:k\u212a", 10, "U+212A"),
        ("pattern:", 9, "found the end"),
        ("anagram:ab1", 11, "'1'"),
        ("anagram:????a?", 14, "more than 4 blanks"),
        ("anagram:abcdefghijklmnopq", 24, "more than 15 tiles"),
        ("contains:a?", 11, "'?'"),
        ("prefix:", 8, "found the end"),
        ("not:", 5, "expected a condition"),
        ("not:lenth:3", 5, "unknown condition 'lenth'"),
        ("not:length:3x", 13, "'x'"),
    ],
)
def test_a_malformed_condition_is_one_line_with_its_position(
    text: str, position: int, says: str
) -> None:
    with pytest.raises(InputError) as refused:
        parse_condition(text)
    message = str(refused.value)
    assert message.startswith(f"condition {text!r}, position {position}: "), message
    assert says in message
    assert "\n" not in message


def test_the_typed_objects() -> None:
    anagram = parse_condition("subanagram:Tea?")
    assert anagram == Anagram("subanagram:tea?", letters="aet", blanks=1, full=False)
    assert anagram.blank_letters("east") == "s"
    assert anagram.blank_letters("ease") is None
    assert parse_condition("anagram:ab??").blank_letters("abab") == "ab"  # type: ignore[attr-defined]
    assert parse_condition("contains:ssa") == Contains("contains:ssa", counts=(("a", 1), ("s", 2)))
    negated = parse_condition("not:suffix:s")
    assert isinstance(negated, Not)
    assert negated.holds("cat")
    assert not negated.holds("cats")
    assert not parse_condition("not:fronthooks:1-").intrinsic


def test_points_and_draws_by_the_crossword_tiles() -> None:
    assert VALUES[ord("q") - 97] == 10
    assert VALUES[ord("e") - 97] == 1
    assert points("quiz") == 22
    assert parse_query("points:22").conditions[0].holds("quiz")
    assert draws("e") == 12
    assert draws("ee") == 66
    assert draws("qq") == 0


# ---- the reference ------------------------------------------------------------------------------

SMALL = ["at", "cat", "cats", "scat", "act", "acts", "tact", "eat", "tea", "ate", "seat", "east"]


@pytest.mark.parametrize(
    ("texts", "expected"),
    [
        (["anagram:tac"], ["act", "cat"]),
        (["subanagram:tacs"], ["act", "acts", "at", "cat", "cats", "scat"]),
        (["anagram:ta?"], ["act", "ate", "cat", "eat", "tea"]),
        (["fronthooks:1-"], ["act", "at", "cat", "eat"]),  # tact, cat, scat, seat
        (["backhooks:1-", "length:3"], ["act", "cat"]),
        (["anagrams:3-"], ["acts", "ate", "cats", "eat", "scat", "tea"]),
        (["anagrams:3", "not:pattern:[ae]*"], ["cats", "scat", "tea"]),
        (["pattern:#@#", "not:contains:c"], []),
        (["pattern:[!c]*t", "length:-3"], ["act", "at", "eat"]),
        (["points:6-"], ["acts", "cats", "scat", "tact"]),
        (["prefix:ca", "suffix:s"], ["cats"]),
    ],
)
def test_the_reference_by_hand(texts: list[str], expected: list[str]) -> None:
    query = parse_query(texts)
    assert reference_words(query.conditions, SMALL) == expected


def test_the_reference_answer_orders_limits_and_hooks() -> None:
    found = reference_answer(parse_query(["length:3-"], order="length", limit=3), SMALL)
    assert found.words == ("acts", "cats", "east")
    assert found.count == 11
    short = reference_answer(parse_query(["length:-3"], limit=3), SMALL)
    assert short.words == ("act", "at", "ate")
    assert short.count == 6
    assert short.hooks == (("t", "s"), ("ce", "e"), ("", ""))
    by_draws = reference_answer(parse_query(["length:2"], order="probability"), [*SMALL, "ee"])
    assert by_draws.words == ("ee", "at")  # 66 ways, then 9 x 6


INTRINSIC = st.sampled_from(
    [
        "pattern:c?t*", "pattern:*[!ae]", "prefix:ca", "suffix:s", "length:3-4", "length:5-",
        "contains:aa", "points:5-", "points:-4", "anagram:tac", "subanagram:sact?",
        "not:pattern:#@#", "not:not:suffix:t",
    ]
)  # fmt: skip


@settings(max_examples=100, deadline=None)
@given(text=INTRINSIC, words=st.lists(WORDS, max_size=30), fails=st.booleans())
def test_keep_is_holds_over_a_list(text: str, words: list[str], fails: bool) -> None:
    """Each condition's list filter (a test in C where it can) keeps what its test says."""
    condition = parse_query([text]).conditions[0]
    assert condition.keep(words, fails) == [w for w in words if condition.holds(w) is not fails]
