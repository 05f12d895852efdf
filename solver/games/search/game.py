"""Word search as the harness and the command line see it: the declaration of
:class:`~lexibench.solver.games.Game`, for ``lexibench search CONDITION...``.

The pieces live beside this module: the conditions (``conditions.py``) and their grammar
(``grammar.py``), the search as a puzzle, its orders and its answer (``puzzle.py``), how each
condition is put to a structure (``asking.py``), the walks through the ``Lexicon`` protocol
(``walks.py``), the planner and the search itself (``planner.py``), the brute-force reference
(``reference.py``), renderers (``render.py``), seeded searches (``workload.py``) and the command
(``command.py``).

A search asks the kinds of its conditions, whichever they are; as a game of the registry (the
tests of every tier, the benchmark harness) it declares the kinds its workloads ask
(:data:`~.workload.WORKLOAD_KINDS`): its tiers offer a structure whose own code answers every one
of them (``index``, ``native``), and any lexicon through its protocol (``string``, ``step``).

>>> from lexibench.structures import build_structure
>>> index = build_structure("position-bitsets", ["cat", "cart", "act", "at", "tact"])
>>> search = GAME.solver(index, Tier.INDEX)
>>> search(parse_query(["pattern:?@#*", "not:length:4-"])).words
('cat',)
>>> search(parse_query(["contains:t", "fronthooks:1-"])).words
('act', 'at')
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any, Final

from lexibench.solver import values
from lexibench.solver.games.base import GameBase
from lexibench.solver.games.command import Command, LexiconOptions, Option, Options, TierOption
from lexibench.solver.games.protocol import NO_CONTEXT, Context, Game, Solver, Workload
from lexibench.solver.games.search.puzzle import (
    DEFAULT_MIN_LENGTH,
    ORDERS,
    Answer,
    Query,
    parse_query,
)
from lexibench.solver.games.search.workload import (
    WORKLOAD_KINDS,
    combined,
    kind_workloads,
    single,
)
from lexibench.solver.games.tiles import WORD_RULES
from lexibench.solver.tiers import Tier, TierTable
from lexibench.solver.word_rules import WordRules
from lexibench.structures import Structure, class_of

#: The summary of the conditions, for ``--help``.
CONDITIONS_HELP: Final = (
    "every condition a word must meet, one argument each: pattern:P (a-z itself, ? or . any "
    "letter, @ a vowel, # a consonant, [abc], [a-e], [!abc], * any letters), anagram:R and "
    "subanagram:R (? a blank), length:N or A-B, prefix:S, suffix:S, contains:LETTERS, "
    "fronthooks:A-B, backhooks:A-B, anagrams:A-B, points:A-B, not:CONDITION (a range may leave "
    "an end open: 7-, -10)"
)

SEARCH: Final = Command(
    "search",
    "the words meeting every condition: patterns, anagrams, lengths, hooks, points and more",
    (
        Option(("conditions",), CONDITIONS_HELP, repeat=True, metavar="CONDITION"),
        LexiconOptions(),
        TierOption(
            help="how each condition asks the structure (default auto: each at the fastest the "
            "structure offers for its kind)"
        ),
        Option(
            ("--sort",),
            "the order: alpha (default), probability (the ways to draw the word from the bag, "
            "most first), length (longest first); ties alphabetically",
            default="alpha",
            choices=ORDERS,
        ),
        Option(
            ("--limit",), "list the first N words only", parse=values.int_at_least(0), metavar="N"
        ),
        Option(("--count",), "print the number of words only", flag=True),
        Option(
            ("--json",),
            "print one JSON object: the count and each word's length, points, hooks and the "
            "letters its blanks stand for",
            flag=True,
        ),
    ),
    run="lexibench.solver.games.search.command:run",
)


class SearchGame(GameBase[Query, Answer]):
    """The word search (see the module docstring)."""

    name = "search"
    title = "Word search"
    unit = "search"
    word_rules: WordRules = WORD_RULES
    commands = (SEARCH,)

    @property
    def queries(self) -> tuple[str, ...]:
        """The kinds its workloads ask (a search from the command line asks its conditions')."""
        return WORKLOAD_KINDS

    @property
    def tiers(self) -> TierTable:
        """Index or native on a structure whose own code answers every kind of
        :attr:`queries`; string and step on any lexicon."""
        from lexibench.solver.games.search.planner import kind_tiers

        return kind_tiers(WORKLOAD_KINDS)

    def parse(self, text: str) -> Query:
        """A search from its conditions, separated by spaces."""
        return parse_query(text)

    def puzzle(self, options: Options) -> Query:
        """The search ``lexibench search`` describes (``min_length``: a bound beyond the word
        list's, which ``--min-length`` sets; none by default)."""
        return parse_query(
            options["conditions"],
            options.get("min_length") or DEFAULT_MIN_LENGTH,
            options.get("sort") or "alpha",
            0 if options.get("count") else options.get("limit"),
        )

    def workloads(self) -> tuple[Workload[Query], ...]:
        """Two to four conditions a search, on every structure and tier; one condition of mixed
        kinds, then one workload per condition kind, on the structures whose own code answers
        them (the index and native tiers: through the protocol, a kind is the search's own
        walk, which the combined workload times on every lexicon;
        :func:`.workload.kind_workloads`)."""
        from lexibench.solver.games.search.planner import kind_tiers

        def own(kinds: Sequence[str | tuple[str, ...]]) -> TierTable:
            return kind_tiers(kinds, protocol=False)

        return (
            Workload("combined", "2-4 conditions met by a word of the list", 50, 10, combined),
            Workload(
                "single", "one condition met by a word of the list", 50, 10, single,
                own(WORKLOAD_KINDS),
            ),
            *kind_workloads(own),
        )  # fmt: skip

    def bind(
        self, structure: Structure, tier: Tier, variant: str, options: Options
    ) -> Solver[Query, Answer]:
        """The planner's search on ``structure``, every condition asked at ``tier``; each listed
        word's hooks too where ``options`` ask JSON."""
        from lexibench.solver.games.search.planner import execute, plan_search

        cls = class_of(structure)
        hooks = bool(options.get("json"))

        def search(query: Query) -> Answer:
            plan = plan_search(cls, cls.__name__, query.conditions, tier, hooks)
            return execute(structure, plan, query)

        return search

    def reference(self, words: Sequence[str]) -> Solver[Query, Answer]:
        """Every word tested against every condition (:mod:`.reference`)."""
        from lexibench.solver.games.search.reference import WordList, reference_answer

        listed = WordList(words)  # the list's set and families made once, not per search
        return lambda query: reference_answer(query, listed)

    def key(self, answer: Answer) -> Hashable:
        """The words listed and their count."""
        return answer.words, answer.count

    def score(self, answer: Answer) -> int:
        """The number of words."""
        return answer.count

    def to_json(
        self, puzzle: Query, answer: Answer, context: Context = NO_CONTEXT
    ) -> dict[str, Any]:
        """``{"count", "words": [{"word", "length", "points", ...}]}`` (:mod:`.render`)."""
        from lexibench.solver.games.search.render import answer_json

        return answer_json(puzzle, answer, bool(context.options.get("count")))

    def to_text(self, puzzle: Query, answer: Answer, context: Context = NO_CONTEXT) -> str:
        """One word a line, or the count (:mod:`.render`)."""
        from lexibench.solver.games.search.render import answer_text

        return answer_text(puzzle, answer, bool(context.options.get("count")))


GAME: Game[Query, Answer] = SearchGame()
