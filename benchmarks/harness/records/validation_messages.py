"""msgspec's validation errors reworded: a refused raw file is one line naming the file, the entry
(a benchmark by its name) and the field, in words (``results file games.json: benchmark 'x',
stats, field 'median': expected a number >= 1e-09, not 0``); and a file holding ``NaN`` or
``Infinity`` (no JSON number), its first such value named the same way."""

from __future__ import annotations

import re
import types
import typing
from dataclasses import dataclass
from typing import Annotated, Any, Final, Literal

import msgspec
from msgspec import Meta, Struct

from lexibench.benchmarks.harness.records.parts import schema_of
from lexibench.solver.errors import InputError

#: What a raw file is called in messages.
WHAT: Final = "results file"


class JsonConstant:
    """A constant JSON does not have (``NaN``, ``Infinity``, ``-Infinity``), as read by
    :func:`json.loads`, which takes them: kept in the data so that it can be found and named."""

    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text

    def __repr__(self) -> str:
        return self.text


_AT = re.compile(r"^(?P<problem>.*) - at `(?:(?P<key>key)` in `)?\$(?P<path>[^`]*)`$", re.S)
_STEP = re.compile(r"\.([^.\[]+)|\[(\d+|\.\.\.)\]")
_TYPES = {
    "int": "a whole number",
    "float": "a number",
    "str": "a string",
    "bool": "true or false",
    "array": "a list",
    "object": "a JSON object",
    "null": "null",
}


@dataclass(frozen=True)
class _Step:
    """One step of a path into a file: a field's name, a list's index or a mapping's key."""

    form: Literal["field", "index", "key"]
    text: str

    def __str__(self) -> str:
        return self.text if self.form == "field" else f"[{self.text}]"


def _steps(path: str) -> list[str | int | None]:
    """msgspec's ``.a[0].b[...]`` as ``["a", 0, "b", None]`` (None: a mapping's key, which
    msgspec does not name)."""
    steps: list[str | int | None] = []
    for name, index in _STEP.findall(path):
        if name:
            steps.append(name)
        else:
            steps.append(None if index == "..." else int(index))
    return steps


def _unwrap(tp: Any) -> Any:
    """The type under ``Annotated`` and ``X | None``."""
    while True:
        if typing.get_origin(tp) is Annotated:
            tp = typing.get_args(tp)[0]
            continue
        if typing.get_origin(tp) in (typing.Union, types.UnionType):
            args = [a for a in typing.get_args(tp) if a is not type(None)]
            if len(args) == 1:
                tp = args[0]
                continue
        return tp


def _fields(tp: Any, value: Any) -> dict[str, Any]:
    """The field types of ``tp`` by their names in the file (a tagged union: the member that
    ``value``'s tag names)."""
    tp = _unwrap(tp)
    if typing.get_origin(tp) in (typing.Union, types.UnionType) and isinstance(value, dict):
        members = typing.get_args(tp)
        tp = next((m for m in members if schema_of(m) == value.get("schema")), members[0])
    origin = typing.get_origin(tp) or tp
    if isinstance(origin, type) and issubclass(origin, Struct):
        return {f.encode_name: f.type for f in msgspec.structs.fields(tp)}
    return {}


def _item_type(tp: Any, index: int = 0) -> Any:
    """The type of a list's item (at ``index``) or a mapping's value."""
    tp = _unwrap(tp)
    args = typing.get_args(tp)
    if typing.get_origin(tp) is dict:
        return args[1]
    if typing.get_origin(tp) is tuple and not (len(args) == 2 and args[1] is Ellipsis):
        return args[index] if index < len(args) else Any
    return args[0] if args else Any


def _invalid(value: Any, tp: Any) -> bool:
    try:
        msgspec.convert(value, tp)
    except msgspec.ValidationError:
        return True
    return False


def _locate(root: Any, top: Any, path: list[str | int | None]) -> tuple[list[_Step], Any, Any]:
    """Walk ``path`` through the data and the types beside it: the steps named (a mapping's
    failing key found by trying each value), the value reached and its type."""
    steps: list[_Step] = []
    value, tp = root, top
    for step in path:
        if isinstance(step, str):
            tp = _fields(tp, value).get(step, Any)
            value = value.get(step) if isinstance(value, dict) else None
            steps.append(_Step("field", step))
        elif isinstance(step, int):
            tp = _item_type(tp, step)
            value = value[step] if isinstance(value, list) and step < len(value) else None
            steps.append(_Step("index", str(step)))
        else:
            tp = _item_type(tp)
            items = value.items() if isinstance(value, dict) else []
            key, value = next(((k, v) for k, v in items if _invalid(v, tp)), ("?", None))
            steps.append(_Step("key", repr(key)))
    return steps, value, tp


def shown(value: Any, limit: int = 60) -> str:
    """``value``'s repr, cut to ``limit`` characters."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _bound(tp: Any) -> str:
    """`` >= N``, `` <= M`` or `` from N to M`` when ``tp`` is annotated with bounds."""
    if typing.get_origin(tp) is Annotated:
        for meta in typing.get_args(tp)[1:]:
            if isinstance(meta, Meta) and meta.ge is not None and meta.le is not None:
                return f" from {meta.ge:g} to {meta.le:g}"
            if isinstance(meta, Meta) and meta.ge is not None:
                return f" >= {meta.ge:g}"
            if isinstance(meta, Meta) and meta.le is not None:
                return f" <= {meta.le:g}"
    return ""


def _problem(message: str, value: Any, tp: Any) -> tuple[str | None, str]:
    """msgspec's problem in words: (the field it names, when it names one; the problem)."""
    if m := re.fullmatch(r"Object missing required field `(.*)`", message, re.S):
        return m[1], "missing"
    if m := re.fullmatch(r"Object contains unknown field `(.*)`", message, re.S):
        return m[1], "not a field of this record"
    if re.fullmatch(r"Expected `\w+` of length >= 1", message):
        return None, "is empty"
    if m := re.fullmatch(r"Expected `array` of length (\d+)(?:, got \d+)?", message):
        return None, f"expected a list of {m[1]}, not {shown(value)}"
    if m := re.fullmatch(r"Expected `(\w+)`(?:, got `\w+`)?(?: [<>]=? [-+\d.e]+)?", message):
        return None, f"expected {_TYPES.get(m[1], m[1])}{_bound(tp)}, not {shown(value)}"
    if re.fullmatch(r"Invalid (?:enum )?value .*", message):
        inner = _unwrap(tp)
        if typing.get_origin(inner) is Literal:
            choices = ", ".join(map(repr, typing.get_args(inner)))
            return None, f"{shown(value)} is not one of {choices}"
        return None, f"unknown schema {shown(value)}"
    text = _plain(message[:1].lower() + message[1:])
    return None, text if len(text) <= 200 else text[:197] + "..."


def _plain(text: str) -> str:
    """``text`` on one line, however odd (a key of the file may hold a line break)."""
    return text.replace("\r", "\\r").replace("\n", "\\n")


def _at(data: Any, steps: list[_Step], field_name: str | None) -> str:
    """Where ``steps`` lead in a file, in words: the entry (a benchmark by its name) and the
    field (``benchmark 'x', stats, field 'median'``)."""
    steps = list(steps)
    if field_name is None and steps:
        last = steps.pop()
        if last.form == "index":  # an item of a list: named with its list
            field_name = f"{steps.pop().text if steps else ''}{last}"
        else:
            field_name = last.text if last.form == "field" else last.text.strip("'\"")
    entry = "the file"
    if len(steps) >= 2 and steps[0].text == "benchmarks" and steps[1].form == "index":
        bench = data["benchmarks"][int(steps[1].text)]
        name = bench.get("name") if isinstance(bench, dict) else None
        entry = (
            f"benchmark {shown(name, 300)}"
            if isinstance(name, str)
            else f"benchmarks[{steps[1].text}]"
        )
        steps = steps[2:]
    if steps:
        where = "".join(f".{s}" if s.form == "field" else str(s) for s in steps).lstrip(".")
        where = _plain(where if len(where) <= 300 else where[:297] + "...")
        entry = where if entry == "the file" else f"{entry}, {where}"
    return f"{entry}, field {shown(field_name, 100)}" if field_name else entry


def refusal(name: str, data: Any, top: Any, error: msgspec.ValidationError) -> InputError:
    """msgspec's error (``... - at `$.benchmarks[0].stats.median```) as one line naming the
    file, the entry (a benchmark by its name) and the field."""
    m = _AT.match(str(error))
    message, where, in_key = (m["problem"], m["path"], m["key"]) if m else (str(error), "", None)
    steps, value, tp = _locate(data, top, _steps(where))  # no "at": the file's top level
    field_name, problem = _problem(message, value, tp)
    if in_key:
        bad = next((k for k in (value if isinstance(value, dict) else {}) if not k.isdigit()), "?")
        problem = f"key {shown(bad)} is not a whole number"
    return InputError(f"{WHAT} {name}: {_at(data, steps, field_name)}: {problem}")


def constant_refusal(name: str, data: Any, top: Any) -> InputError:
    """The refusal of a file holding ``NaN`` or ``Infinity`` (no JSON number), naming the first
    such value's entry and field (a walk of the data beside its type, in the file's order)."""
    nodes: list[tuple[int, _Step | None]] = []  # each value reached: its parent's node, its step
    pending: list[tuple[Any, Any, int, _Step | None]] = [(data, top, -1, None)]
    while pending:
        value, tp, parent, step = pending.pop()
        nodes.append((parent, step))
        here = len(nodes) - 1
        if isinstance(value, JsonConstant):
            steps: list[_Step] = []
            while here >= 0:
                parent, step = nodes[here]
                if step is not None:
                    steps.append(step)
                here = parent
            steps.reverse()
            return InputError(
                f"{WHAT} {name}: {_at(data, steps, None)}: {value.text} is not a number (JSON "
                "has no NaN or infinity)"
            )
        children: list[tuple[Any, Any, int, _Step | None]] = []
        if isinstance(value, dict):
            known = _fields(tp, value)
            mapping = typing.get_origin(_unwrap(tp)) is dict
            for key, item in value.items():
                if key in known or not mapping:
                    children.append((item, known.get(key, Any), here, _Step("field", key)))
                else:
                    children.append((item, _item_type(tp), here, _Step("key", shown(key))))
        elif isinstance(value, list):
            for index, item in enumerate(value):
                children.append((item, _item_type(tp, index), here, _Step("index", str(index))))
        pending.extend(reversed(children))
    return InputError(f"{WHAT} {name}: holds NaN or infinity, which are no JSON numbers")
