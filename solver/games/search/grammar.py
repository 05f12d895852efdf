"""The grammar of ``lexibench search``: a condition's argument read into its typed object
(:mod:`.conditions`), or refused in one line naming the condition and the 1-based position, in
the argument, of the character at fault (``condition 'length:7-x', position 10: ...``).

Names are taken in any case, letters too; a run of stars is one star; every range condition takes a
single number as well as ``A-B``, ``A-`` or ``-B``. Limits: a pattern, a prefix, a suffix or a
contains of at most :data:`~.conditions.MAX_LETTERS` letters, an anagram of at most
:data:`~..tiles.MAX_RACK` tiles and :data:`~..tiles.MAX_RACK_BLANKS` blanks, numbers of at most
:data:`MAX_DIGITS` digits.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Final

from lexibench.solver.errors import InputError
from lexibench.solver.games.search import conditions
from lexibench.solver.games.search.conditions import (
    CONSONANTS,
    MAX_LETTERS,
    VOWELS,
    Condition,
    Span,
)
from lexibench.solver.games.tiles import BLANK_TEXT, MAX_RACK, MAX_RACK_BLANKS
from lexibench.solver.word_rules import char_text
from lexibench.structures.queries import ALPHABET

#: The most digits of a number.
MAX_DIGITS: Final = 6


def _fail(text: str, position: int, message: str) -> InputError:
    return InputError(f"condition {text!r}, position {position}: {message}")


class _Reader:
    """The value of one condition, read character by character; positions are 1-based in the
    whole argument (``start`` characters come before the value)."""

    def __init__(self, whole: str, start: int) -> None:
        self.whole = whole
        self.at = start

    def fail(self, message: str, at: int | None = None) -> InputError:
        return _fail(self.whole, (self.at if at is None else at) + 1, message)

    def peek(self) -> str:
        return self.whole[self.at] if self.at < len(self.whole) else ""

    def done(self) -> bool:
        return self.at >= len(self.whole)

    def take(self) -> str:
        ch = self.whole[self.at]
        self.at += 1
        return ch

    def letter(self, ch: str) -> str | None:
        """``ch`` as a letter a-z (from either case), or None."""
        low = ch.lower() if "A" <= ch <= "Z" else ch
        return low if "a" <= low <= "z" else None

    def number(self, what: str) -> int:
        start = self.at
        while not self.done() and "0" <= self.peek() <= "9":
            self.take()
        digits = self.whole[start : self.at]
        if not digits:
            found = self.peek()
            raise self.fail(
                f"expected {what} (a whole number)"
                + (f", not {char_text(found)}" if found else ", found the end")
            )
        if len(digits) > MAX_DIGITS:
            raise self.fail(f"a number of at most {MAX_DIGITS} digits", start)
        return int(digits)

    def span(self) -> Span:
        """``N``, ``A-B``, ``A-`` or ``-B``, to the end."""
        start = self.at
        low = None if self.peek() == "-" else self.number("a number or a range A-B")
        if self.done():
            return Span(low, low)
        if self.peek() != "-":
            raise self.fail(f"{char_text(self.peek())} where '-' or the end was expected")
        self.take()
        high_at = self.at
        high = None if self.done() else self.number("the range's upper end")
        if not self.done():
            raise self.fail(f"{char_text(self.peek())} after the range's end")
        if low is None and high is None:
            raise self.fail("a range needs at least one end (A-, -B or A-B)", start)
        if low is not None and high is not None and high < low:
            raise self.fail(
                f"the range {low}-{high} is empty (its upper end is below its lower)", high_at
            )
        return Span(low, high)

    def letters(self, what: str, blanks: bool = False) -> str:
        """Letters (and ``?`` where ``blanks``) to the end, lower-cased; at least one."""
        if self.done():
            raise self.fail(f"expected {what}, found the end")
        out = []
        while not self.done():
            ch = self.peek()
            letter = self.letter(ch)
            if letter is None and not (blanks and ch == BLANK_TEXT):
                allowed = "a letter a-z or ? (a blank)" if blanks else "a letter a-z"
                raise self.fail(f"{char_text(ch)} is not {allowed}")
            out.append(letter or BLANK_TEXT)
            self.take()
        return "".join(out)

    def pattern(self) -> tuple[str | None, ...]:
        """The pattern's parts, to the end."""
        if self.done():
            raise self.fail("expected a pattern, found the end")
        parts: list[str | None] = []
        while not self.done():
            at = self.at
            ch = self.take()
            letter = self.letter(ch)
            if letter is not None:
                parts.append(letter)
            elif ch in "?.":
                parts.append(ALPHABET)
            elif ch == "@":
                parts.append(VOWELS)
            elif ch == "#":
                parts.append(CONSONANTS)
            elif ch == "*":
                if not parts or parts[-1] is not None:
                    parts.append(None)
                continue
            elif ch == "[":
                parts.append(self.letter_class(at))
            else:
                raise self.fail(
                    f"{char_text(ch)} is not a letter, ?, ., @, #, *, or a class [...]", at
                )
            if sum(part is not None for part in parts) > MAX_LETTERS:
                raise self.fail(f"a pattern of more than {MAX_LETTERS} letters", at)
        return tuple(parts)

    def letter_class(self, opened: int) -> str:
        """A class after its ``[``: letters, ranges ``a-e``, ``!`` first to negate; to ``]``."""
        negated = self.peek() == "!"
        if negated:
            self.take()
        chosen: set[str] = set()
        while True:
            if self.done():
                raise self.fail("the class opened here is not closed with ']'", opened)
            at = self.at
            ch = self.take()
            if ch == "]":
                break
            first = self.letter(ch)
            if first is None:
                raise self.fail(f"{char_text(ch)} in a class: only letters a-z and ranges a-e", at)
            if self.peek() == "-":
                self.take()
                if self.done() or self.peek() == "]":
                    raise self.fail("a range in a class needs its last letter (a-e)", self.at)
                last_at = self.at
                last = self.letter(self.take())
                if last is None:
                    raise self.fail(
                        f"{char_text(self.whole[last_at])} ends a range: only a letter a-z", last_at
                    )
                if last < first:
                    raise self.fail(f"the range {first}-{last} runs backwards", last_at)
                chosen.update(chr(c) for c in range(ord(first), ord(last) + 1))
            else:
                chosen.add(first)
        letters = "".join(ch for ch in ALPHABET if (ch in chosen) != negated)
        if not chosen:
            raise self.fail("an empty class matches no letter", opened)
        if not letters:
            raise self.fail("this class excludes every letter", opened)
        return letters


def _shown(part: str | None) -> str:
    """A pattern's part as the normalized text shows it."""
    if part is None:
        return "*"
    if len(part) == 1:
        return part
    named = {ALPHABET: "?", VOWELS: "@", CONSONANTS: "#"}.get(part)
    if named is not None:
        return named
    if 2 * len(part) > len(ALPHABET):
        return "[!" + "".join(ch for ch in ALPHABET if ch not in part) + "]"
    return f"[{part}]"


def _range(reader: _Reader, text: str, kind: type[Condition], **extra: object) -> Condition:
    span = reader.span()
    return kind(f"{text}:{span.text}", span=span, **extra)  # type: ignore[call-arg]


#: Every condition's name, for errors and help.
NAMES: Final = (
    "pattern",
    "anagram",
    "subanagram",
    "length",
    "prefix",
    "suffix",
    "contains",
    "fronthooks",
    "backhooks",
    "anagrams",
    "points",
    "not",
)


def _read(whole: str, start: int, values: Sequence[int]) -> Condition:
    """The condition of ``whole`` from ``start`` on (after the ``not:`` prefixes before it)."""
    colon = whole.find(":", start)
    if colon < 0 and whole[start:].lower() in NAMES:
        raise _fail(whole, len(whole) + 1, f"expected ':' and a value after {whole[start:]!r}")
    end = colon if colon >= 0 else len(whole)
    name = whole[start:end].lower()
    if not name:
        raise _fail(whole, start + 1, "expected a condition, NAME:VALUE")
    if name not in NAMES:
        near = [n for n in NAMES if n.startswith(name[:3])] if name else []
        hint = f" (did you mean {near[0]}?)" if near else ""
        raise _fail(
            whole, start + 1, f"unknown condition {whole[start:end]!r}{hint} (NAME:VALUE; "
            "the names: " + ", ".join(NAMES) + ")",
        )  # fmt: skip
    reader = _Reader(whole, colon + 1)
    if name == "not":
        return conditions.Not(f"not:{(inner := _read(whole, colon + 1, values)).text}", inner=inner)
    if name == "pattern":
        parts = reader.pattern()
        return conditions.Pattern(f"pattern:{''.join(map(_shown, parts))}", parts=parts)
    if name in ("anagram", "subanagram"):
        tiles = reader.letters("tiles (letters a-z, ? for a blank)", blanks=True)
        blanks = tiles.count(BLANK_TEXT)
        if len(tiles) > MAX_RACK:
            raise _fail(whole, colon + 2 + MAX_RACK, f"more than {MAX_RACK} tiles")
        if blanks > MAX_RACK_BLANKS:
            blank_at = [i for i, ch in enumerate(whole) if ch == BLANK_TEXT and i > colon]
            at = blank_at[MAX_RACK_BLANKS] + 1
            raise _fail(whole, at, f"more than {MAX_RACK_BLANKS} blanks (each multiplies the work)")
        letters = "".join(sorted(tiles.replace(BLANK_TEXT, "")))
        return conditions.Anagram(
            f"{name}:{tiles}", letters=letters, blanks=blanks, full=name == "anagram"
        )
    if name == "length":
        return _range(reader, name, conditions.Length)
    if name in ("prefix", "suffix"):
        letters = reader.letters("letters a-z")
        if len(letters) > MAX_LETTERS:
            raise _fail(whole, colon + 2 + MAX_LETTERS, f"more than {MAX_LETTERS} letters")
        return conditions.Affix(f"{name}:{letters}", letters=letters, front=name == "prefix")
    if name == "contains":
        letters = reader.letters("letters a-z")
        if len(letters) > MAX_LETTERS:
            raise _fail(whole, colon + 2 + MAX_LETTERS, f"more than {MAX_LETTERS} letters")
        counts = tuple(sorted(Counter(letters).items()))
        return conditions.Contains(f"contains:{letters}", counts=counts)
    if name in ("fronthooks", "backhooks"):
        return _range(reader, name, conditions.Hooks, front=name == "fronthooks")
    if name == "anagrams":
        return _range(reader, name, conditions.Family)
    return _range(reader, name, conditions.Points, values=tuple(values))


def parse_condition(text: str, values: Sequence[int] = (0,) * 26) -> Condition:
    """One condition from its argument (``values``: the tiles' values a-z, for ``points``).

    >>> parse_condition("Pattern:C[a-c]T*").parts
    ('c', 'abc', 't', None)
    >>> parse_condition("not:length:7-").text
    'not:length:7-'
    >>> parse_condition("length:7-x")
    Traceback (most recent call last):
    ...
    lexibench.solver.errors.InputError: condition 'length:7-x', position 10: expected ...
    """
    return _read(text, 0, values)


def parse_conditions(
    texts: Sequence[str], values: Sequence[int] = (0,) * 26
) -> tuple[Condition, ...]:
    """Every condition of a search (at least one), in the order given."""
    if not texts:
        raise InputError("give at least one condition (NAME:VALUE; see lexibench search --help)")
    return tuple(parse_condition(text, values) for text in texts)
