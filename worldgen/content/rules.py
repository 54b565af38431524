"""Semantic content rules: what JSON Schema cannot say but a playable world needs.

Run on a normalised record beside the full schema (which makes names and words typeable: its
patterns fail as ``typeable``); values of the wrong type are skipped, the schema reports them. Every violation names the record, a
JSON pointer into it and a rule code (stable, so tests, docs and repair prompts can refer to it):

==================  ====================================================================
``text``            not valid Unicode text: a lone surrogate (JSON's ``"\ud800"``), which no file can hold
``control-char``    a control character (other than a newline in text) or bidi override
``ansi-escape``     a terminal escape sequence
``template-syntax`` a ``{`` or ``}``: content must never look like a template placeholder
``typeable``        (from the schema) a name or word is not lowercase letters/digits words (parts
                    may be joined by ``.`` ``-`` ``_`` ``/``)
``unique``          a slot declared unique repeats within its list
``command-word``    a name equals a word of a command phrasing
``name-collision``  two entities (of any kind) share a name
``path-part``       text that fills a hole of a terminal world's file path has a ``.`` or ``..``
                    part: the file would sit above its folder, outside the world's tree on disk
==================  ====================================================================
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, NamedTuple

from worldgen.content.names import command_words, entity_name_paths, escape_pointer, slot_at, values_at
from worldgen.content.normalise import collect_text
from worldgen.ir.models import Scaffold, Slot, canonical_json
from worldgen.validtext import surrogate_problem

_ANSI = re.compile(r"\x1b(\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[@-Z\\-_])")
_BIDI = r"\u200e\u200f\u202a-\u202e\u2066-\u2069"  # invisible reordering of what a reader sees
_BAD_IN_WORD = re.compile(r"[\x00-\x1f\x7f-\x9f" + _BIDI + "]")  # C0, C1 controls
_BAD_IN_TEXT = re.compile(r"[\x00-\x09\x0b-\x1f\x7f-\x9f" + _BIDI + "]")  # the same but newline
_CONTENT_HOLE = re.compile(r"\{content\.([A-Za-z_][A-Za-z0-9_.]*)\}")  # `{content.where}` in a file's path
_SUSPECT = re.compile(r"[\x00-\x1f\x7f-\x9f{}" + _BIDI + "\ud800-\udfff]")  # anything that needs a closer look


class Violation(NamedTuple):
    record_id: str
    pointer: str
    rule: str


Walker = Callable[[Any, str, list[tuple[str, str]]], None]  # (value, JSON pointer, found)


class Rules:
    """The rules of one scaffold, compiled once into walkers over the slot tree."""

    def __init__(self, scaffold: Scaffold):
        self.command_words = command_words(scaffold)
        self.name_paths = entity_name_paths(scaffold)
        # names of one entity repeating in a unique slot are already reported as `unique`
        self._checked_unique = {p for p in self.name_paths if (slot := slot_at(scaffold.content, p)) and slot.unique}
        self._strings = _fields(scaffold.content, _string_walker) or _nothing
        self._uniques = _fields(scaffold.content, _unique_walker) or _nothing
        files = scaffold.terminal.files if scaffold.terminal is not None else ()
        self._in_paths = sorted({tuple(hole.split(".")) for f in files for hole in _CONTENT_HOLE.findall(f.path)})

    def check(self, record: dict[str, Any], record_id: str) -> list[Violation]:
        found: list[tuple[str, str]] = []
        texts: list[str] = []
        collect_text(record, texts)
        if _SUSPECT.search("".join(texts)):  # one scan over all text; walk only if it finds something
            self._strings(record, "", found)
        self._uniques(record, "", found)
        self._names(record, found)
        self._paths(record, found)
        return [Violation(record_id, pointer, rule) for pointer, rule in found]

    def _paths(self, record: dict[str, Any], out: list[tuple[str, str]]) -> None:
        for path in self._in_paths:
            for pointer, text in values_at(record, path):
                if isinstance(text, str) and any(part in (".", "..") for part in text.split("/")):
                    out.append((pointer, f"path-part: {text!r} fills a file's path, which may have no '.' or '..' part"))

    def _names(self, record: dict[str, Any], out: list[tuple[str, str]]) -> None:
        owner: dict[str, tuple[str, str]] = {}  # name -> (entity, pointer) of its first use
        for path, entity in self.name_paths.items():
            for pointer, name in values_at(record, path):
                if not isinstance(name, str):
                    continue
                if name in self.command_words:
                    out.append((pointer, f"command-word: {entity} name {name!r} is a command word"))
                if name not in owner:
                    owner[name] = (entity, pointer)
                    continue
                other, where = owner[name]
                if other != entity or path not in self._checked_unique:
                    out.append((pointer, f"name-collision: {entity} name {name!r} is already the {other} name at {where}"))


def _nothing(v: Any, pointer: str, out: list[tuple[str, str]]) -> None:
    """The walker of a slot tree with nothing to check."""


def _string_walker(slot: Slot) -> Walker | None:
    """Checks every string under ``slot`` for forbidden characters and template syntax."""
    if slot.kind in ("text", "word"):
        forbidden = _BAD_IN_TEXT if slot.kind == "text" else _BAD_IN_WORD

        def string(v: Any, pointer: str, out: list[tuple[str, str]]) -> None:
            if isinstance(v, str) and _SUSPECT.search(v):
                _check_string(forbidden, v, pointer, out)

        return string
    return _container(slot, _string_walker)


def _unique_walker(slot: Slot) -> Walker | None:
    """Checks the lists under ``slot`` that declare unique items or fields (None: there are none)."""
    if slot.kind == "list" and slot.item is not None:
        item_slot = slot.item
        if item_slot.unique or any(f.unique for f in item_slot.fields):
            inner = _unique_walker(item_slot)

            def unique(v: Any, pointer: str, out: list[tuple[str, str]]) -> None:
                if isinstance(v, list):
                    if inner is not None:
                        for i, x in enumerate(v):
                            inner(x, f"{pointer}/{i}", out)
                    _check_unique(item_slot, v, pointer, out)

            return unique
    return _container(slot, _unique_walker)


def _container(slot: Slot, make: Callable[[Slot], Walker | None]) -> Walker | None:
    """A walker into the items of a list or the fields of a record, if anything below needs one."""
    if slot.kind == "list" and slot.item is not None:
        item = make(slot.item)
        if item is None:
            return None

        def items(v: Any, pointer: str, out: list[tuple[str, str]]) -> None:
            if isinstance(v, list):
                for i, x in enumerate(v):
                    item(x, f"{pointer}/{i}", out)

        return items
    if slot.kind == "record":
        return _fields(slot.fields, make)
    return None


def _fields(slots: tuple[Slot, ...], make: Callable[[Slot], Walker | None]) -> Walker | None:
    parts = [(s.name, "/" + escape_pointer(s.name), w) for s in slots if (w := make(s)) is not None]
    if not parts:
        return None

    def fields(v: Any, pointer: str, out: list[tuple[str, str]]) -> None:
        if isinstance(v, dict):
            for name, token, walk in parts:
                if name in v:
                    walk(v[name], pointer + token, out)

    return fields


def _check_string(forbidden: re.Pattern[str], value: str, pointer: str, out: list[tuple[str, str]]) -> None:
    if (problem := surrogate_problem(value)) is not None:
        out.append((pointer, f"text: {problem}"))
    if forbidden.search(value):
        if "\x1b" in value and _ANSI.search(value):
            out.append((pointer, "ansi-escape: terminal escape sequences are not allowed"))
        codes = ", ".join(sorted({f"U+{ord(c):04X}" for c in forbidden.findall(value)}))
        out.append((pointer, f"control-char: control characters are not allowed ({codes})"))
    if "{" in value or "}" in value:
        out.append((pointer, "template-syntax: curly braces are not allowed in content"))


def _check_unique(item: Slot, values: list[Any], pointer: str, out: list[tuple[str, str]]) -> None:
    """Repeats of a unique item (a list of words) or of a unique field (a list of records)."""
    keyed: list[tuple[str, str, Any]] = []  # (what, pointer, value)
    if item.unique:
        keyed.extend(("item", f"{pointer}/{i}", v) for i, v in enumerate(values))
    for field in item.fields:
        if field.unique:
            token = escape_pointer(field.name)
            keyed.extend(
                (field.name, f"{pointer}/{i}/{token}", v[field.name])
                for i, v in enumerate(values)
                if isinstance(v, dict) and field.name in v
            )
    seen: dict[tuple[str, str], str] = {}
    for what, where, value in keyed:
        key = (what, value.casefold() if isinstance(value, str) else canonical_json(value))
        if key in seen:
            out.append((where, f"unique: {value!r} repeats {seen[key]}"))
        else:
            seen[key] = where
