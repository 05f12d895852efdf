"""The word search's planner: which structure answers a search, how it asks each condition, and,
for each search, which condition leads and which filter.

Decided before any word list is read (:func:`plan_search`, from the structure's class): each
condition's kind (:func:`~.asking.choices`: the first the structure answers) and the tier it is
asked at, the structure's own answer (an index's, or a lexicon's compiled walk: ``index``,
``native``) or a walk through the ``Lexicon`` protocol (``step``, ``string``). ``--tier`` forces
one tier for every condition; ``auto`` asks each at the fastest the structure offers for its kind.
A structure that cannot answer a condition's kind at the tier asked is refused in one line naming
the kinds it answers. Without ``--lexicon``, :func:`chosen_structure` picks the first of
:data:`PREFERRED` whose own code answers every condition.

Decided per search (:func:`execute`), from the structure's own counts where it gives them
(:class:`~lexibench.structures.Estimating`), else from the planner's model of an English list
(:func:`~.asking.modelled`): the condition whose answer is estimated smallest leads. A negated
range condition leads asked for the ranges outside it, any other negated condition as the words
outside its answer (the structure's own list of them,
:class:`~lexibench.structures.Complementing`, else every word but its answer); when none can,
every word leads (the ``length`` kind from 0 up). The others filter its candidates, the most
selective first: by the structure's own answer as a set where that is exact and smaller than the
candidates (hooks and anagram counts beyond a few candidates too), else by the condition's own
test of each word, or, for hooks and anagram counts through a lexicon's protocol, by ``is_word``
and an anagram walk per word.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Final

from lexibench import structures
from lexibench.solver.errors import InputError
from lexibench.solver.games.search import walks
from lexibench.solver.games.search.asking import (
    SEARCH_KINDS,
    Question,
    choices,
    modelled,
    question,
    ranged,
)
from lexibench.solver.games.search.conditions import Condition, Family, Hooks
from lexibench.solver.games.search.puzzle import Answer, Query, answer, negated
from lexibench.solver.tiers import LEXICON, Need, Tier, TierTable, fastest
from lexibench.structures.queries import QUERY_MEMBERS, UNBOUNDED, Complementing

#: The structures a search runs on when none is named, the first whose own code answers every
#: condition: array-trie's compiled walks load in milliseconds from the cache; position-bitsets
#: answers hooks and anagram counts too, its bit sets rebuilt from the words on load. Where none
#: does, the first that is available (array-trie), hooks and anagram counts through its protocol.
PREFERRED: Final = ("array-trie", "position-bitsets")
#: The tiers at which a structure answers with its own code (whose order it may declare).
_OWN: Final = (Tier.INDEX, Tier.NATIVE)
#: Below this many candidates a hooks filter asks an index each word's hooks; above, its whole
#: answer once, as a set.
PER_WORD: Final = 64


def _own(cls: type, kind: str) -> bool:
    """True when ``cls``'s own code answers ``kind`` (an index, or a lexicon natively)."""
    return kind in structures.answers(cls)


def kind_tier(cls: type, kind: str, asked: Tier) -> Tier | None:
    """The tier ``cls`` answers ``kind`` at: ``asked``, or for ``auto`` the fastest it offers;
    None where it cannot. An index answers its own kinds (``index``); a lexicon every kind, by a
    walk through its protocol (``string``, ``step`` where it steps) or its compiled code
    (``native``)."""
    if structures.is_index(cls):
        offers = [Tier.INDEX] if _own(cls, kind) else []
    else:
        offers = [Tier.STRING, *([Tier.STEP] if structures.can_step(cls) else [])]
        offers += [Tier.NATIVE] if _own(cls, kind) else []
    if not offers:
        return None
    if asked is Tier.AUTO:
        return fastest(offers)
    return asked if asked in offers else None


def _kinds_text(cls: type) -> str:
    own = structures.answers(cls)
    if structures.is_index(cls):
        return f"it answers {', '.join(own) or 'none of these kinds'}"
    return f"its compiled code answers {', '.join(own) or 'no query kind'}"


def _refusal(name: str, cls: type, what: str, kinds: Sequence[str], asked: Tier) -> InputError:
    kinds_text = " or ".join(kinds)
    if structures.is_index(cls) or asked is Tier.AUTO:
        return InputError(
            f"lexicon {name}: cannot answer {what} (a {kinds_text} query; {_kinds_text(cls)})"
        )
    return InputError(
        f"lexicon {name}: has no {asked} tier for {what} (a {kinds_text} query; {_kinds_text(cls)})"
    )


@dataclass(frozen=True)
class Step:
    """One condition as the plan asks it: without its ``not:`` (``inner``, ``negated``), the kind
    that answers it and the tier that kind is asked at."""

    condition: Condition
    negated: bool
    inner: Condition
    kind: str
    tier: Tier


@dataclass(frozen=True)
class SearchPlan:
    """How a search asks its structure (see the module docstring)."""

    steps: tuple[Step, ...]
    every: Tier | None
    """The tier every word is listed at (the ``length`` kind), for a search no condition of
    which can lead, or led by the words a negated condition's answer leaves; None where the
    structure cannot list them (an index without the kind)."""
    hooks: Tier | None
    """How each listed word's hooks are asked (``--json``): an index's ``hooks`` (``index``), a
    lexicon's ``is_word`` (``string``); None when they are not asked."""


def plan_search(
    cls: type, name: str, conditions: Sequence[Condition], asked: Tier | str, hooks: bool = False
) -> SearchPlan:
    """How the structure ``name`` (of class ``cls``) answers ``conditions`` at the tier
    ``asked``, each listed word's hooks too where ``hooks``; one :class:`InputError` for the first
    condition it cannot answer."""
    tier = Tier(asked)
    steps = []
    for condition in conditions:
        flip, inner = negated(condition)
        for kind in choices(inner):
            at = kind_tier(cls, kind, tier)
            if at is not None:
                steps.append(Step(condition, flip, inner, kind, at))
                break
        else:
            raise _refusal(name, cls, condition.text, choices(inner), tier)
    every = kind_tier(cls, "length", tier)
    if every is None and not any(not s.negated or ranged(s.inner) is not None for s in steps):
        raise _refusal(name, cls, "every word (no condition can lead)", ("length",), tier)
    listed = None
    if hooks:
        if structures.is_index(cls):
            listed = kind_tier(cls, "hooks", tier)
            if listed is None:
                raise _refusal(name, cls, "each word's hooks (--json)", ("hooks",), tier)
        else:
            listed = Tier.STRING
    return SearchPlan(tuple(steps), every, listed)


def kind_tiers(wanted: Sequence[Sequence[str] | str], protocol: bool = True) -> TierTable:
    """The tiers of a search asking, for each entry of ``wanted``, one of its kinds (a kind, or
    kinds either of which answers): index on an index answering one of each, native on a
    lexicon whose compiled code does, string and step on any lexicon (not with ``protocol``
    False: only the structures whose own code answers)."""
    sets = [(kinds,) if isinstance(kinds, str) else tuple(kinds) for kinds in wanted]

    def missing(cls: type) -> str | None:
        for kinds in sets:
            if not any(_own(cls, kind) for kind in kinds):
                return " or ".join(kinds)
        return None

    def why(cls: type) -> str | None:
        gap = missing(cls)
        if gap is None:
            return None
        return structures.native_unavailable(cls) or f"{_kinds_text(cls)}; not {gap}"

    covers = Need(lambda cls: missing(cls) is None, why)
    own = ((Tier.INDEX, Need(structures.is_index) & covers), (Tier.NATIVE, LEXICON & covers))
    if not protocol:
        return own
    return (
        own[0],
        (Tier.STRING, LEXICON),
        (Tier.STEP, LEXICON & Need(structures.can_step, "it cannot step")),
        own[1],
    )


def search_tiers(conditions: Sequence[Condition], hooks: bool = False) -> TierTable:
    """The tiers a search of ``conditions`` offers a structure, each for every condition
    (:func:`~lexibench.solver.tiers.resolve` checks a forced one against them; ``auto`` then asks
    each condition at its own fastest, :func:`plan_search`); ``hooks``: each listed word's hooks
    too, which an index answers by its ``hooks`` kind."""
    wanted: list[Sequence[str]] = [choices(negated(c)[1]) for c in conditions]
    table = kind_tiers(wanted)
    if not hooks:
        return table
    listed = kind_tiers([*wanted, ("hooks",)])
    return ((Tier.INDEX, dict(listed)[Tier.INDEX]), *table[1:])


def chosen_structure(conditions: Sequence[Condition], hooks: bool, default: str) -> str:
    """The structure a search of ``conditions`` runs on when none is named: the first of
    :data:`PREFERRED` available whose own code answers every condition (and each word's hooks,
    where ``hooks``), else ``default``."""
    del hooks  # a lexicon lists hooks by is_word, position-bitsets answers them: no change
    table = search_tiers(conditions)
    for name in PREFERRED:
        info = structures.backend_info(name)
        if not info.available:
            continue
        cls = structures.class_of(structures.structure_class(name))
        own = Tier.INDEX if structures.is_index(cls) else Tier.NATIVE
        if dict(table)[own].holds(cls):
            return name
    return default


# ---- running a search ---------------------------------------------------------------------------


def ask(structure: Any, tier: Tier, asked: Question) -> list[str]:
    """The answer to ``asked``: the structure's own method (``index``, ``native``), else a walk
    through its protocol."""
    if tier in (Tier.INDEX, Tier.NATIVE):
        found: list[str] = getattr(structure, QUERY_MEMBERS[asked.kind][0])(*asked.arguments)
        return found
    return walks.walked(structure, tier, asked.kind, *asked.arguments)


def estimate(structure: Any, tier: Tier, asked: Question) -> int:
    """About how many words ``asked`` answers: the structure's own count where it gives one,
    else the planner's model (:func:`~.asking.modelled`)."""
    if tier in (Tier.INDEX, Tier.NATIVE):
        counted = getattr(structure, "estimate", None)
        found = counted(asked.kind, *asked.arguments) if counted is not None else None
        if found is not None:
            return int(found)
    return modelled(len(structure), asked)


def _questions(step: Step) -> list[Question] | None:
    """What ``step`` asks to lead: its condition's question, or a negated range condition's
    kind over the ranges outside it; None where it cannot lead."""
    if not step.negated:
        return [question(step.inner, step.kind)]
    span = ranged(step.inner)
    if span is None:
        return None
    return [question(step.inner, step.kind, part) for part in span.complement()]


Keep = Callable[[list[str]], list[str]]


def _filter(structure: Any, step: Step, answered: int) -> Keep:
    """What keeps the candidates ``step`` holds for (``answered``: about how many words its
    condition, without ``not:``, holds for): where the structure's own code answers it exactly,
    its answer as a set once it is smaller than the candidates (or always, for hooks and anagram
    counts beyond a few candidates); else the condition's own test of each word, or, for hooks
    and anagram counts through a lexicon's protocol, ``is_word`` and an anagram walk per word."""
    inner, flip = step.inner, step.negated
    own = step.tier in (Tier.INDEX, Tier.NATIVE)
    asked = question(inner, step.kind)
    kept: set[str] | None = None

    def members(words: list[str]) -> list[str] | None:
        nonlocal kept
        if not (own and asked.exact):
            return None
        if inner.intrinsic and answered >= len(words):
            return None
        if isinstance(inner, Hooks) and len(words) <= PER_WORD:
            return None
        if kept is None:
            kept = set(ask(structure, step.tier, asked))
        return [w for w in words if (w in kept) is not flip]

    if inner.intrinsic:

        def tested(words: list[str]) -> list[str]:
            found = members(words)
            return found if found is not None else inner.keep(words, flip)

        return tested
    if isinstance(inner, Hooks):
        side = 0 if inner.front else 1
        span = inner.span
        if own:
            hook_letters = structure.hook_letters
        else:
            hook_letters = lambda word: walks.hook_letters(structure, word)  # noqa: E731

        def hooked(words: list[str]) -> list[str]:
            found = members(words)
            if found is not None:
                return found
            return [w for w in words if span.holds(len(hook_letters(w)[side])) is not flip]

        return hooked
    if isinstance(inner, Family):
        span = inner.span

        def families(words: list[str]) -> list[str]:
            found = members(words)
            if found is not None:
                return found
            return [
                w
                for w in words
                if span.holds(len(walks.walked(structure, step.tier, "anagram", w, 0, len(w))))
                is not flip
            ]

        return families
    raise AssertionError(f"no filter for {inner.text}")  # pragma: no cover - every kind has one


def _every(structure: Any, plan: SearchPlan) -> list[str]:
    """Every word of the structure (the ``length`` kind from 0 up)."""
    return ask(structure, plan.every or Tier.STRING, Question("length", (0, UNBOUNDED)))


def execute(structure: Any, plan: SearchPlan, query: Query) -> Answer:
    """The words of ``structure`` meeting every condition of ``query``, asked as ``plan`` says
    (see the module docstring), in the query's order; each listed word's hooks where the plan
    asks them."""
    size = len(structure)
    answered = [estimate(structure, s.tier, question(s.inner, s.kind)) for s in plan.steps]
    costs = [size - n if s.negated else n for n, s in zip(answered, plan.steps, strict=True)]
    leads: list[tuple[int, int, list[Question], bool]] = []
    for k, step in enumerate(plan.steps):
        asked = _questions(step)
        if asked is not None:
            if step.negated:  # the ranges outside it
                costs[k] = sum(estimate(structure, step.tier, q) for q in asked)
            leads.append((costs[k], k, asked, False))
        elif plan.every is not None and step.tier in (Tier.INDEX, Tier.NATIVE):
            whole = question(step.inner, step.kind)
            if whole.exact:  # every word but its answer
                leads.append((costs[k], k, [whole], True))
    # the lead's words come in alphabetical order where one answer of the structure's own gives
    # them all and it lists its answers so (the filters keep their order): no sort at the end
    listed = structures.alphabetical(structure)
    if leads:
        _, first, asked, apart = min(leads)
        step = plan.steps[first]
        found: list[str] = []
        if apart and isinstance(structure, Complementing):
            found = structure.outside(asked[0].kind, *asked[0].arguments)
            in_order = listed
        elif apart:
            kept = set(ask(structure, step.tier, asked[0]))
            found = [w for w in _every(structure, plan) if w not in kept]
            in_order = listed and plan.every in _OWN
        else:
            for q in asked:
                found.extend(ask(structure, step.tier, q))
            in_order = listed and len(asked) == 1 and step.tier in _OWN
        if not apart and not all(q.exact for q in asked):
            found = step.inner.keep(found)
    else:
        first = -1
        found = _every(structure, plan)
        in_order = listed and plan.every in _OWN
    for k in sorted(range(len(plan.steps)), key=costs.__getitem__):
        if k != first and found:
            found = _filter(structure, plan.steps[k], answered[k])(found)
    if query.min_length > 1:
        found = [w for w in found if len(w) >= query.min_length]
    words = answer(query, found, in_order)
    hooks = None
    if plan.hooks is Tier.INDEX:
        hooks = tuple(structure.hook_letters(w) for w in words)
    elif plan.hooks is not None:
        hooks = tuple(walks.hook_letters(structure, w) for w in words)
    return Answer(words, len(found), hooks)


def kinds_asked(conditions: Sequence[Condition]) -> tuple[str, ...]:
    """The kinds ``conditions`` may ask, in :data:`~.asking.SEARCH_KINDS`'s order."""
    wanted = {kind for c in conditions for kind in choices(negated(c)[1])}
    return tuple(kind for kind in SEARCH_KINDS if kind in wanted)
