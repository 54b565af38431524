"""The offline provider: records drawn from shipped word banks and sentence grammars.

Deterministic: record ``i`` of seed ``s`` comes from its own numpy stream keyed by (s, i), so a
record does not depend on which other records were made, in what order, or in which process.
Each record draws a theme; names come from that theme's banks (the bank is chosen from the slot's
path, e.g. ``room.name`` -> places), never a command word and never a name used elsewhere in the
record; texts are sentences from the grammar, fitted to the slot's length range.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from worldgen.content.banks import Banks, load_banks
from worldgen.content.names import command_words, entity_name_paths
from worldgen.content.providers.base import Outcome, record_id
from worldgen.content.rng import Stream
from worldgen.content.schema import list_size
from worldgen.content.validate import Validator
from worldgen.errors import WorldgenError
from worldgen.ir.models import Scaffold, Slot, canonical_json

GENERATOR_VERSION = "procedural-1"  # bump when banks, grammar or drawing change
DEFAULT_TEXT_MAX = 160
_MARKER = re.compile(r"<(a:)?([a-z]+)>")

# slot or ancestor name -> bank category; the nearest matching name on the path wins
_CATEGORY_OF = {
    "place": "room place location area zone deck floor hall chamber cell site region station district street"
    " building town city island planet camp dungeon level sector ward dock harbour harbor cave exit",
    "thing": "key item object tool artifact artefact thing treasure weapon gem coin card book scroll part"
    " component crate box door lever switch device relic potion gadget clue",
    "being": "person npc character guard creature monster crew enemy ally animal villager merchant owner"
    " suspect witness pet beast",
    "tech": "service daemon process host server package program job queue table database file unit"
    " container node app module machine",
    "person": "employee colleague user player captain sailor worker customer client contact",
    "account": "account budget fund ledger",
    "entry": "entry transaction posting invoice journal expense",
    "currency": "currency money",
    "material": "coin metal fabric",
}
_TEXT_KIND_OF = {
    "setting": "setting story intro backstory premise world scene prologue",
    "label": "company product brand firm shop business title label nickname ship team organisation organization band",
    "log": "failure error log message warning alert crash fault",
}
_FRAGMENT_KINDS = frozenset({"label", "log"})
_MINOR_WORDS = frozenset({"a", "an", "and", "of", "the"})
_WORD_TO_CATEGORY = {w: c for c, words in _CATEGORY_OF.items() for w in words.split()}
_WORD_TO_TEXT_KIND = {w: k for k, words in _TEXT_KIND_OF.items() for w in words.split()}


@dataclass
class _Draw:
    """The state of drawing one record."""

    stream: Stream
    theme: str
    taken: set[str] = field(default_factory=set)  # every name and word used in this record
    subject: list[str] = field(default_factory=list)  # names of the enclosing records, innermost last


Filler = Callable[[_Draw], Any]
_Template = list[str | tuple[str, ...] | bool]  # literal text | words to draw | the subject (with article?)


class ProceduralProvider:
    """Fills any slot tree within its constraints from the shipped banks."""

    name = "procedural"
    model = GENERATOR_VERSION

    def __init__(self, scaffold: Scaffold, validator: Validator, seed: int):
        self.scaffold = scaffold
        self.validator = validator
        self.seed = seed
        self.banks: Banks = load_banks()
        self._themes = self.banks.theme_names
        self._forbidden = command_words(scaffold)
        self._name_paths = set(entity_name_paths(scaffold))
        self._words: dict[tuple[str, str, int, int], tuple[str, ...]] = {}
        parsed = {kind: [_parse(t) for t in templates] for kind, templates in self.banks.grammar.items()}
        self._grammar = {theme: self._bind(parsed, theme) for theme in self._themes}
        self._fill = self._record_filler(scaffold.content, ())

    def settings(self) -> dict[str, Any]:
        return {"generator": GENERATOR_VERSION}

    async def produce(self, index: int) -> Outcome:
        return self.make(index)

    async def aclose(self) -> None:
        return None

    def make(self, index: int) -> Outcome:
        """Draw, validate and return record ``index``."""
        stream = Stream(self.seed, "content/procedural", index)
        draw = _Draw(stream, stream.choice(self._themes))
        raw = self._fill(draw)
        prompt_hash = _digest([GENERATOR_VERSION, self.seed, index])
        record, violations = self.validator.check(raw, record_id(self.scaffold.name, self.seed, index))
        if violations:
            reason = f"procedural record broke {len(violations)} rule(s): {violations[0].rule}"
            return Outcome(index, prompt_hash, reject="invalid", reason=reason, violations=violations)
        return Outcome(index, prompt_hash, record=record)

    # ------------------------------------------------------------------------- compiling fillers

    def _filler(self, slot: Slot, path: tuple[str, ...]) -> Filler:
        match slot.kind:
            case "record":
                return self._record_filler(slot.fields, path)
            case "list":
                return self._list_filler(slot, path)
            case "int":
                lo = slot.lo if slot.lo is not None else 0
                hi = slot.hi if slot.hi is not None else lo + 100
                return lambda d: d.stream.between(lo, hi)
            case "enum":
                choices = slot.choices
                return lambda d: d.stream.choice(choices)
            case "word":
                return self._word_filler(slot, path)
            case _:
                if path in self._name_paths:
                    return self._name_filler(slot, path)
                return self._text_filler(slot, path)

    def _record_filler(self, fields: tuple[Slot, ...], path: tuple[str, ...]) -> Filler:
        parts = [(f.name, self._filler(f, (*path, f.name))) for f in fields]

        def fill(d: _Draw) -> dict[str, Any]:
            out: dict[str, Any] = {}
            d.subject.append("")
            for name, filler in parts:
                out[name] = value = filler(d)
                if name == "name" and isinstance(value, str):
                    d.subject[-1] = value
            d.subject.pop()
            return out

        return fill

    def _list_filler(self, slot: Slot, path: tuple[str, ...]) -> Filler:
        item = self._filler(slot.item or Slot(name=slot.name, kind="text"), path)
        lo, hi = list_size(slot)
        return lambda d: [item(d) for _ in range(d.stream.between(lo, hi))]

    def _word_filler(self, slot: Slot, path: tuple[str, ...]) -> Filler:
        category = _category(path)
        lo, hi = slot.min_len or 1, slot.max_len or 40
        return lambda d: self._fresh_word(d, category, lo, hi)

    def _name_filler(self, slot: Slot, path: tuple[str, ...]) -> Filler:
        """A multi-word name for a text slot that names entities: '<adjective> <noun>'."""
        category = _category(path)
        lo, hi = slot.min_len or 1, slot.max_len or 40

        def fill(d: _Draw) -> str:
            for _ in range(8):
                noun = self._fresh_word(d, category, 1, max(1, hi - 2))
                room = hi - len(noun) - 1
                if room >= 2 and d.stream.chance(2, 3):
                    name = f"{self._pick(d, 'adjective', 2, room)} {noun}"
                    if lo <= len(name) <= hi and name not in d.taken:
                        d.taken.add(name)
                        return name
                if lo <= len(noun):
                    return noun
            return self._fresh_word(d, category, lo, hi)

        return fill

    def _text_filler(self, slot: Slot, path: tuple[str, ...]) -> Filler:
        kind = _text_kind(path)
        lo = slot.min_len or 1
        hi = slot.max_len or max(lo, DEFAULT_TEXT_MAX)
        fragment = kind in _FRAGMENT_KINDS  # a label or a log line: one piece, not sentences

        def fill(d: _Draw) -> str:
            target = d.stream.between(lo, lo + (hi - lo) // 2)
            grammar = self._grammar[d.theme]
            templates = grammar.get(kind) or grammar["generic"]
            text, used = "", set()
            for _ in range(12):
                pick = d.stream.below(len(templates))
                if pick in used:
                    continue
                used.add(pick)
                piece = _styled(kind, self._sentence(d, templates[pick]))
                joined = f"{text} {piece}" if text else piece
                if len(joined) <= hi:
                    text = joined
                    if len(text) >= target or fragment:
                        break
            return self._pad(d, text, lo, hi)

        return fill

    # ------------------------------------------------------------------------------- drawing

    def _bind(self, parsed: dict[str, list[list[str | tuple[bool, str]]]], theme: str) -> dict[str, list[_Template]]:
        """Templates of one theme with each marker bound to its word list, articles included."""

        def bind(article: bool, category: str) -> tuple[str, ...] | bool:
            if category == "name":
                return article  # the enclosing record's name, drawn at fill time
            words = self._bank(theme, category, 1, 40)
            return tuple(_with_article(w) for w in words) if article else words

        return {
            kind: [[p if isinstance(p, str) else bind(*p) for p in t] for t in templates]
            for kind, templates in parsed.items()
        }

    def _sentence(self, d: _Draw, template: _Template) -> str:
        out: list[str] = []
        below = d.stream.below
        for part in template:
            if part.__class__ is tuple:
                out.append(part[below(len(part))])  # type: ignore[index]
            elif part.__class__ is str:
                out.append(part)  # type: ignore[arg-type]
            else:
                name = d.subject[-1] if d.subject and d.subject[-1] else self._pick(d, "thing", 1, 40)
                out.append(_with_article(name) if part else name)
        return "".join(out)

    def _pad(self, d: _Draw, text: str, lo: int, hi: int) -> str:
        """Lengthen a text that came out shorter than its slot allows with single words."""
        for _ in range(64):
            if len(text) >= lo:
                return text
            room = hi - len(text) - (1 if text else 0)
            word = self._pick(d, "adjective", 1, room) if room >= 1 else ""
            if not word:
                break
            text = f"{text} {word}" if text else word
        return text.ljust(lo, ".")  # nothing in the banks is short enough: pad with full stops

    def _pick(self, d: _Draw, category: str, lo: int, hi: int) -> str:
        words = self._bank(d.theme, category, lo, hi)
        return d.stream.choice(words) if words else ""

    def _fresh_word(self, d: _Draw, category: str, lo: int, hi: int) -> str:
        """A word of the category not used yet in this record (nor a command word)."""
        for theme in (d.theme, ""):
            words = self._bank(theme, category, lo, hi)
            for _ in range(min(len(words), 16)):
                word = d.stream.choice(words)
                if word not in d.taken:
                    d.taken.add(word)
                    return word
        for _ in range(64):  # banks exhausted under the constraints: join two words
            word = self._pick(d, category, 1, hi) + self._pick(d, "thing", 1, hi)
            if lo <= len(word) <= hi and word not in d.taken and word not in self._forbidden:
                d.taken.add(word)
                return word
        raise WorldgenError(
            f"procedural provider: cannot draw another distinct {category} word of {lo}..{hi} characters;"
            " widen the slot's length range or shorten its list"
        )

    def _bank(self, theme: str, category: str, lo: int, hi: int) -> tuple[str, ...]:
        """Words of a category (of one theme, or of all themes when theme is '') within a length
        range, without command words; cached because slots ask for the same ranges again and again."""
        key = (theme, category, lo, hi)
        cached = self._words.get(key)
        if cached is None:
            if category in self.banks.common:
                source: tuple[str, ...] = self.banks.common[category]
            elif theme:
                source = self.banks.themes[theme][category]
            else:
                source = tuple(w for t in self._themes for w in self.banks.themes[t][category])
            cached = tuple(dict.fromkeys(w for w in source if lo <= len(w) <= hi and w not in self._forbidden))
            self._words[key] = cached
        return cached


def _with_article(word: str) -> str:
    return f"an {word}" if word[0] in "aeiou" else f"a {word}"


def _styled(kind: str, text: str) -> str:
    """Log lines stay as written; labels get capitals on their main words; sentences on the first."""
    if kind == "log":
        return text
    if kind == "label":
        text = " ".join(w if w in _MINOR_WORDS else w[:1].upper() + w[1:] for w in text.split())
    return text[:1].upper() + text[1:]


def _category(path: tuple[str, ...]) -> str:
    for name in reversed(path):
        for token in name.lower().split("_"):
            if token in _WORD_TO_CATEGORY:
                return _WORD_TO_CATEGORY[token]
    return "thing"


def _text_kind(path: tuple[str, ...]) -> str:
    for name in reversed(path):
        for token in name.lower().split("_"):
            if token in _WORD_TO_TEXT_KIND:
                return _WORD_TO_TEXT_KIND[token]
            if token in _WORD_TO_CATEGORY:
                return _WORD_TO_CATEGORY[token]
    return "generic"


def _parse(template: str) -> list[str | tuple[bool, str]]:
    """Split a grammar template into literal text and (article?, category) markers."""
    parts: list[str | tuple[bool, str]] = []
    last = 0
    for match in _MARKER.finditer(template):
        if match.start() > last:
            parts.append(template[last : match.start()])
        parts.append((match.group(1) is not None, match.group(2)))
        last = match.end()
    if last < len(template):
        parts.append(template[last:])
    return parts


def _digest(data: Any) -> str:
    return hashlib.sha256(canonical_json(data).encode()).hexdigest()[:16]
