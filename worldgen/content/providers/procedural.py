"""The offline provider: records drawn from shipped word banks and sentence grammars.

Deterministic: record ``i`` of seed ``s`` comes from its own numpy stream keyed by (s, i), so a
record does not depend on which other records were made, in what order, or in which process.
Each record draws a theme. Which bank fills a word (or a name) and which grammar a text comes
from is chosen once per slot from what the slot says it is for: its name, the names enclosing it,
its description and the examples in it (``worldgen.content.slotkinds``), so a "lowercase service
name, e.g. nginx" draws service names and "the error it logs" draws log messages. A word is never
a command word nor a name used elsewhere in the record; a text is fitted to the slot's length.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from worldgen.canonical import sha256
from worldgen.content.banks import THEME_CATEGORIES, Banks, load_banks
from worldgen.content.names import command_words, entity_name_paths
from worldgen.content.providers.base import Outcome, record_id
from worldgen.content.rng import Stream
from worldgen.content.schema import NAME_PATTERN, WORD_PATTERN, list_size
from worldgen.content.slotkinds import Rule, SlotRules, choose, fits_style, load_slot_rules, read_slot
from worldgen.content.validate import Validator
from worldgen.errors import WorldgenError
from worldgen.ir.models import Scaffold, Slot, canonical_json

GENERATOR_VERSION = "procedural-5"  # bump when banks, grammar, slot rules or drawing change
DEFAULT_TEXT_MAX = 160
# <category>, <a:category> (with its article), <cap:category> (capitalised), <pl:category> (in
# the plural), <@kind> (a piece of another grammar kind), <lo-hi> (a number; <00-59> keeps the
# leading zero)
_MARKER = re.compile(r"<(?:(a|cap|pl):)?(@?[a-z_]+|\d+-\d+)>")
_RANGE = re.compile(r"(\d+)-(\d+)")
_MAX_RANGE = 10_000
_MINOR_WORDS = frozenset({"a", "an", "and", "of", "the"})
_TYPEABLE = re.compile(WORD_PATTERN)
_NAMEABLE = re.compile(NAME_PATTERN)


@dataclass
class _Draw:
    """The state of drawing one record."""

    stream: Stream
    theme: str
    taken: set[str] = field(default_factory=set)  # every name and word used in this record
    subject: list[str] = field(default_factory=list)  # names of the enclosing records, innermost last


@dataclass(frozen=True)
class _At:
    """Where a slot sits: its content path, the description it inherits from its list, and how
    many values of it one record holds (a word bank must have that many distinct words)."""

    path: tuple[str, ...]
    description: str = ""
    count: int = 1


Filler = Callable[[_Draw], Any]
# a template, bound: literal text | words to draw | the subject (with article?) | templates of a kind
_Part = str | tuple[str, ...] | bool | list[Any]
_Template = list[_Part]


class ProceduralProvider:
    """Fills any slot tree within its constraints from the shipped banks."""

    name = "procedural"
    model = GENERATOR_VERSION

    def __init__(self, scaffold: Scaffold, validator: Validator, seed: int):
        self.scaffold = scaffold
        self.validator = validator
        self.seed = seed
        self.banks: Banks = load_banks()
        self.rules: SlotRules = load_slot_rules()
        self._themes = self.banks.theme_names
        self._forbidden = command_words(scaffold)
        self._name_paths = set(entity_name_paths(scaffold))
        self._words: dict[tuple[str, str, int, int, str], tuple[str, ...]] = {}
        self._template_lengths: dict[tuple[str, str], list[int]] = {}
        self._fewest: dict[int, int] = {}  # by identity: the fewest characters of a bound word list or kind (``_shortest``)
        parsed = {kind: [_parse(t) for t in templates] for kind, templates in self.banks.grammar.items()}
        self._grammar = {theme: self._bind(parsed, theme) for theme in self._themes}
        self.kinds: dict[tuple[str, ...], str] = {}  # content path -> the kind chosen for it (for tests and docs)
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

    def _filler(self, slot: Slot, at: _At) -> Filler:
        match slot.kind:
            case "record":
                return self._record_filler(slot.fields, at.path, at.count)
            case "list":
                return self._list_filler(slot, at)
            case "int":
                lo = slot.lo if slot.lo is not None else 0
                hi = slot.hi if slot.hi is not None else lo + 100
                return lambda d: d.stream.between(lo, hi)
            case "enum":
                choices = slot.choices
                return lambda d: d.stream.choice(choices)
            case "word":
                return self._word_filler(slot, self._word_kind(slot, at, _TYPEABLE))
            case _:
                if at.path in self._name_paths:
                    return self._name_filler(slot, self._word_kind(slot, at, _NAMEABLE))
                return self._text_filler(slot, at)

    def _record_filler(self, fields: tuple[Slot, ...], path: tuple[str, ...], count: int = 1) -> Filler:
        parts = [(f.name, self._filler(f, _At((*path, f.name), count=count))) for f in fields]

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

    def _list_filler(self, slot: Slot, at: _At) -> Filler:
        """Items of a list; an item without a description of its own reads the list's. A word
        list whose rule names a ``first`` bank draws its first item from it (``main`` before the
        feature branches)."""
        lo, hi = list_size(slot)
        item_slot = slot.item or Slot(name=slot.name, kind="text")
        item_at = _At(at.path, slot.description or at.description, at.count * max(hi, 1))
        item = self._filler(item_slot, item_at)
        rule = self.rules.rule(self.kinds.get(at.path, "")) if item_slot.kind == "word" else None
        first = self._word_filler(item_slot, rule.first) if rule and rule.first else item

        def fill(d: _Draw) -> list[Any]:
            n = d.stream.between(lo, hi)
            return [first(d)] + [item(d) for _ in range(n - 1)] if n else []

        return fill

    def _word_kind(self, slot: Slot, at: _At, shape: re.Pattern[str]) -> str:
        """The word bank for a word or a text name (``shape``): the best rule whose bank has enough
        distinct words of the slot's length and shape for every value of the record."""
        said = read_slot(at.path, slot.description or at.description)
        lo, hi = slot.min_len or 1, slot.max_len or 40

        def usable(rule: Rule) -> bool:
            has_bank = rule.kind in THEME_CATEGORIES or rule.kind in self.banks.common
            return has_bank and len(self._bank("", rule.kind, lo, hi, shape)) >= at.count

        kind = choose(self.rules, said, usable, self._bank_set, "word")
        self.kinds[at.path] = kind
        return kind

    def _text_kind(self, slot: Slot, at: _At, hi: int) -> tuple[str, str]:
        """(grammar kind, style) for a text: the best rule with a grammar in the style the
        description asks for ('one sentence', or a quoted example phrase) and a template short
        enough for the slot's ``hi`` characters."""
        said = read_slot(at.path, slot.description or at.description)

        def usable(rule: Rule) -> bool:
            if rule.kind not in self.banks.grammar or not fits_style(rule.style, said.style):
                return False
            return min(n for theme in self._grammar for n in self._lengths(theme, rule.kind)) <= hi

        fallback = "phrase" if said.style == "phrase" else "sentence"
        kind = choose(self.rules, said, usable, self._bank_set, fallback)
        self.kinds[at.path] = kind
        rule = self.rules.rule(kind)
        return kind, rule.style if rule else fallback

    def _lengths(self, theme: str, kind: str) -> list[int]:
        """The fewest characters each template of a grammar kind of a theme comes out as; made
        once, as every text slot's choice of kind and templates measures them."""
        lengths = self._template_lengths.get((theme, kind))
        if lengths is None:
            lengths = self._template_lengths[theme, kind] = [_shortest(t, self._fewest) for t in self._grammar[theme][kind]]
        return lengths

    def _word_filler(self, slot: Slot, category: str) -> Filler:
        lo, hi = slot.min_len or 1, slot.max_len or 40
        return lambda d: self._fresh_word(d, category, lo, hi, _TYPEABLE)

    def _name_filler(self, slot: Slot, category: str) -> Filler:
        """A name for a text slot that names entities; from a theme's bank, often with an
        adjective: '<adjective> <noun>'."""
        lo, hi = slot.min_len or 1, slot.max_len or 40
        adjectives = category in THEME_CATEGORIES

        def fill(d: _Draw) -> str:
            for _ in range(8):
                noun = self._fresh_word(d, category, 1, max(1, hi - 2), _NAMEABLE)
                room = hi - len(noun) - 1
                if adjectives and room >= 2 and d.stream.chance(2, 3):
                    name = f"{self._pick(d, 'adjective', 2, room)} {noun}"
                    if lo <= len(name) <= hi and name not in d.taken:
                        d.taken.add(name)
                        return name
                if lo <= len(noun):
                    return noun
            return self._fresh_word(d, category, lo, hi, _NAMEABLE)

        return fill

    def _text_filler(self, slot: Slot, at: _At) -> Filler:
        lo = slot.min_len or 1
        hi = slot.max_len or max(lo, DEFAULT_TEXT_MAX)
        kind, style = self._text_kind(slot, at, hi)
        one_piece = style != "sentence"  # a phrase, a label or a log line: one piece, not sentences
        # per theme, the templates that can fit at all (all of them when none can: then it is padded)
        fitting = {
            theme: [t for t, n in zip(grammar[kind], self._lengths(theme, kind)) if n <= hi] or grammar[kind]
            for theme, grammar in self._grammar.items()
        }

        def fill(d: _Draw) -> str:
            target = d.stream.between(lo, lo + (hi - lo) // 2)
            templates = fitting[d.theme]
            text, used = "", set()
            for _ in range(16):
                pick = d.stream.below(len(templates))
                if pick in used and not one_piece:  # a piece may be drawn again with other words
                    continue
                used.add(pick)
                piece = _styled(style, self._sentence(d, templates[pick]))
                joined = f"{text} {piece}" if text else piece
                if len(joined) <= hi:
                    text = joined
                    if len(text) >= target or one_piece:
                        break
            return self._pad(d, text, lo, hi)

        return fill

    # ------------------------------------------------------------------------------- drawing

    def _bind(self, parsed: dict[str, list[list[str | tuple[str, str]]]], theme: str) -> dict[str, list[_Template]]:
        """Templates of one theme with each marker bound to its word list, articles included."""
        bound: dict[str, list[_Template]] = {kind: [] for kind in parsed}

        def bind(modifier: str, category: str) -> _Part:
            if category == "name":
                return modifier == "a"  # the enclosing record's name, drawn at fill time
            if category.startswith("@"):
                return bound[category[1:]]  # a piece of another kind, drawn at fill time
            if span := _RANGE.fullmatch(category):
                return _numbers(*span.groups())
            words = self._bank(theme, category, 1, 40)
            if modifier == "a":
                return tuple(_with_article(w) for w in words)
            if modifier == "pl":
                return tuple(map(_plural, words))
            return tuple(w[:1].upper() + w[1:] for w in words) if modifier == "cap" else words

        parts: dict[tuple[str, str], _Part] = {}  # thousands of markers, a few dozen distinct ones

        def part(marker: tuple[str, str]) -> _Part:
            made = parts.get(marker)
            if made is None:
                made = parts[marker] = bind(*marker)
            return made

        for kind, templates in parsed.items():
            bound[kind].extend([p if isinstance(p, str) else part(p) for p in t] for t in templates)
        return bound

    def _sentence(self, d: _Draw, template: _Template) -> str:
        out: list[str] = []
        below = d.stream.below
        for part in template:
            if part.__class__ is tuple:
                word = part[below(len(part))]  # type: ignore[index,arg-type]
                for _ in range(3):  # "dim and dim": draw again (a few times) a word this sentence has
                    if word not in out:
                        break
                    word = part[below(len(part))]  # type: ignore[index,arg-type]
                out.append(word)
            elif part.__class__ is str:
                out.append(part)  # type: ignore[arg-type]
            elif part.__class__ is list:
                out.append(self._sentence(d, part[below(len(part))]))  # type: ignore[index,arg-type]
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

    def _fresh_word(self, d: _Draw, category: str, lo: int, hi: int, shape: re.Pattern[str]) -> str:
        """A word of the category not used yet in this record (nor a command word)."""
        for theme in (d.theme, ""):
            words = self._bank(theme, category, lo, hi, shape)
            for _ in range(min(len(words), 16)):
                word = d.stream.choice(words)
                if word not in d.taken:
                    d.taken.add(word)
                    return word
        for _ in range(64):  # banks exhausted under the constraints: join two words
            word = self._pick(d, category, 1, hi) + self._pick(d, "thing", 1, hi)
            if lo <= len(word) <= hi and word not in d.taken and word not in self._forbidden and shape.match(word):
                d.taken.add(word)
                return word
        raise WorldgenError(
            f"procedural provider: cannot draw another distinct {category} word of {lo}..{hi} characters;"
            " widen the slot's length range or shorten its list"
        )

    def _bank(self, theme: str, category: str, lo: int, hi: int, shape: re.Pattern[str] | None = None) -> tuple[str, ...]:
        """Words of a category (of one theme, or of all themes when theme is '') within a length
        range, without command words, and only entries of a slot's ``shape`` (a word, a name) when
        one is given (banks of phrases feed templates); cached because slots ask for the same ranges again and again."""
        key = (theme, category, lo, hi, shape.pattern if shape else "")
        cached = self._words.get(key)
        if cached is None:
            source = self._source(theme, category)
            cached = tuple(
                dict.fromkeys(
                    w for w in source
                    if lo <= len(w) <= hi and w not in self._forbidden and (shape is None or shape.match(w))
                )
            )
            self._words[key] = cached
        return cached

    def _source(self, theme: str, category: str) -> tuple[str, ...]:
        if category in self.banks.common:
            return self.banks.common[category]
        if theme:
            return self.banks.themes[theme][category]
        return tuple(w for t in self._themes for w in self.banks.themes[t][category])

    def _bank_set(self, kind: str) -> frozenset[str]:
        """Every entry of a kind's bank (all themes), to recognise a description's examples."""
        if kind in self.banks.common or kind in THEME_CATEGORIES:
            return frozenset(self._source("", kind))
        return frozenset()


def _with_article(word: str) -> str:
    return f"an {word}" if word[0] in "aeiou" else f"a {word}"


def _plural(noun: str) -> str:
    """The plural of a bank noun by the regular English rules ("torches", "infirmaries")."""
    if noun.endswith(("ss", "x", "z", "ch", "sh")):
        return noun + "es"
    if noun.endswith("s"):  # plural already ("overalls", "scissors")
        return noun
    if noun.endswith("y") and noun[-2:-1] not in ("a", "e", "i", "o", "u", ""):
        return noun[:-1] + "ies"
    return noun + "s"


def _shortest(template: _Template, fewest: dict[int, int]) -> int:
    """The fewest characters a bound template can come out as (the subject counts as one).
    ``fewest`` keeps each word list's and each kind's by identity, for the life of the bound
    grammar that holds them: a theme's thousands of templates share a few dozen lists of hundreds
    of words, which were measured again at every mention."""
    total = 0
    for part in template:
        if isinstance(part, str):
            total += len(part)
        elif isinstance(part, tuple | list):
            n = fewest.get(id(part))
            if n is None:
                n = min(map(len, part), default=0) if isinstance(part, tuple) else \
                    min((_shortest(t, fewest) for t in part), default=0)
                fewest[id(part)] = n
            total += n
        else:
            total += 1
    return total


@cache
def _numbers(lo: str, hi: str) -> tuple[str, ...]:
    """The numbers lo..hi as text; zero-padded to lo's width when lo has a leading zero (made once
    per range: the grammar names a few ranges in thousands of templates, up to 1,000 numbers each)."""
    first, last = int(lo), int(hi)
    if not 0 <= last - first < _MAX_RANGE:
        raise WorldgenError(f"grammar.json: number range <{lo}-{hi}> must be increasing and span under {_MAX_RANGE}")
    width = len(lo) if lo.startswith("0") else 0
    return tuple(str(n).zfill(width) for n in range(first, last + 1))


def _styled(style: str, text: str) -> str:
    """Phrases stay as written; titles get capitals on their main words; sentences on the first."""
    if style == "phrase":
        return text
    if style == "title":
        text = " ".join(w if w in _MINOR_WORDS else w[:1].upper() + w[1:] for w in text.split())
    return text[:1].upper() + text[1:]


def _parse(template: str) -> list[str | tuple[str, str]]:
    """Split a grammar template into literal text and (modifier, category) markers."""
    parts: list[str | tuple[str, str]] = []
    last = 0
    for match in _MARKER.finditer(template):
        if match.start() > last:
            parts.append(template[last : match.start()])
        parts.append((match.group(1) or "", match.group(2)))
        last = match.end()
    if last < len(template):
        parts.append(template[last:])
    return parts


def _digest(data: Any) -> str:
    return sha256(canonical_json(data))[:16]
