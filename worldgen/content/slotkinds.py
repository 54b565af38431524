"""Which word bank and grammar fill a slot, chosen from what the slot says it is for.

A scaffold author already tells an LLM what each slot holds ("a lowercase service name, e.g.
nginx"); the offline provider reads the same words, so a "food ingredient" gets foods and a "log
line" log-shaped text without the author writing anything twice. The rules are data
(``banks/slots.json``): each names a *kind* (a word bank and/or a grammar) and the words that
point to it. A slot scores every rule it could use (see the weights below); the highest score wins,
ties go to the earlier rule, and a slot that scores nothing gets the fallback kind. The words of
the description's head ("a snack" of "a snack sold in a vending machine") count again, so the
slot's subject outweighs context words.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any

from worldgen.content.banks import load_banks
from worldgen.content.headwords import head_words
from worldgen.errors import WorldgenError

# a word of the rule in the slot's own name says the most; the description's head words (its first
# noun phrase) count once more than the rest; the description's examples are checked
# against the rule's bank (an author's "e.g. nginx" is a strong hint); enclosing names say least
NAME_WEIGHT, DESCRIPTION_WEIGHT, HEAD_WEIGHT, EXAMPLE_WEIGHT, ENCLOSING_WEIGHT = 3, 2, 1, 3, 1
STYLES = ("sentence", "phrase", "title")
FALLBACK_KEYS = ("word", "sentence", "phrase")

_WORD = re.compile(r"[a-z0-9]+")
_TERM = re.compile(r"[a-z0-9]+(?:[._/-][a-z0-9]+)*")  # an example as a bank holds it: web-01, deploy.sh
_EXAMPLE_LEAD = re.compile(r"\b(?:e\.g\.|such as|like|for example|for instance)([^;()]*)")
_QUOTED = re.compile(r"(?:^|(?<=[\s(:]))['\"](.+?)['\"](?=[\s,.;:)]|$)")
_SENTENCES = re.compile(r"\bsentences?\b")


@dataclass(frozen=True)
class Rule:
    kind: str
    words: tuple[tuple[str, ...], ...]  # each a word or a phrase, split into words
    style: str  # of the kind's text: sentence | phrase | title
    first: str | None  # the bank of a list's first item (e.g. 'main' before feature branches)


@dataclass(frozen=True)
class SlotRules:
    rules: tuple[Rule, ...]
    fallback: dict[str, str]  # word | sentence | phrase -> kind

    def rule(self, kind: str) -> Rule | None:
        return next((r for r in self.rules if r.kind == kind), None)


@dataclass(frozen=True)
class SlotSays:
    """What a slot says about itself, as lowercase words."""

    name: tuple[str, ...]
    enclosing: tuple[str, ...]
    description: tuple[str, ...]
    head: tuple[str, ...]  # the description's first noun phrase (worldgen.content.headwords)
    examples: tuple[str, ...]  # terms after 'e.g.', 'such as', ... and quoted examples
    style: str | None  # sentence | phrase when the description shows which; None when it does not


@cache
def load_slot_rules() -> SlotRules:
    return parse_rules(load_banks().slot_rules)


def parse_rules(data: dict[str, Any]) -> SlotRules:
    """The rules of ``slots.json``, checked (a typo would silently never match)."""
    try:
        rules = tuple(
            Rule(
                kind=r["kind"],
                words=tuple(tuple(w.split()) for w in r["words"]),
                style=r.get("style", "phrase"),
                first=r.get("first"),
            )
            for r in data["rules"]
        )
        fallback = {key: data["fallback"][key] for key in FALLBACK_KEYS}
    except (KeyError, TypeError, AttributeError) as err:
        raise WorldgenError(f"banks/slots.json: malformed rule ({err!r}): reinstall worldgen") from err
    bad = [r.kind for r in rules if r.style not in STYLES or not r.words]
    if bad:
        raise WorldgenError(f"banks/slots.json: rules {bad} need words and a style of {', '.join(STYLES)}")
    return SlotRules(rules, fallback)


def read_slot(path: tuple[str, ...], description: str) -> SlotSays:
    """Split a slot's name (the last part of its path), the names enclosing it and its description."""
    text = description.lower()
    quoted = [m.group(1) for m in _QUOTED.finditer(text)]
    led = [m.group(1) for m in _EXAMPLE_LEAD.finditer(text)]
    examples = tuple(t for chunk in (*led, *quoted) for t in _TERM.findall(chunk))
    style = None
    if _SENTENCES.search(text) or any(q.rstrip().endswith((".", "!", "?")) for q in quoted):
        style = "sentence"
    elif quoted:
        style = "phrase"
    return SlotSays(
        name=tuple(_WORD.findall(path[-1].lower())) if path else (),
        enclosing=tuple(w for part in path[:-1] for w in _WORD.findall(part.lower())),
        description=tuple(_WORD.findall(text)),
        head=head_words(text),
        examples=examples,
        style=style,
    )


def fits_style(kind_style: str, wanted: str | None) -> bool:
    """A title is a phrase; a slot that does not say what it wants takes either."""
    return wanted is None or (kind_style == "sentence") == (wanted == "sentence")


def score(rule: Rule, said: SlotSays, bank: Collection[str]) -> int:
    return (
        NAME_WEIGHT * _hits(rule, said.name)
        + DESCRIPTION_WEIGHT * _hits(rule, said.description)
        + HEAD_WEIGHT * _hits(rule, said.head)
        + EXAMPLE_WEIGHT * sum(1 for term in said.examples if term in bank)
        + ENCLOSING_WEIGHT * _hits(rule, said.enclosing)
    )


def choose(
    rules: SlotRules, said: SlotSays, usable: Callable[[Rule], bool], bank: Callable[[str], Collection[str]], fallback: str
) -> str:
    """The kind of the best-scoring usable rule, or ``rules.fallback[fallback]`` when none scores."""
    best, best_score = rules.fallback[fallback], 0
    for rule in rules.rules:
        if usable(rule):
            points = score(rule, said, bank(rule.kind))
            if points > best_score:
                best, best_score = rule.kind, points
    return best


def _hits(rule: Rule, words: tuple[str, ...]) -> int:
    """Words of the rule found in ``words`` (a phrase counts once per word; a plural 's' is ignored)."""
    return sum(len(phrase) for phrase in rule.words if _contains(words, phrase))


def _contains(words: tuple[str, ...], phrase: tuple[str, ...]) -> bool:
    n = len(phrase)
    if n == 1:  # most rule words: looked up, not scanned (every rule is scored against every slot)
        wanted, present = phrase[0], _word_set(words)
        return wanted in present or wanted + "s" in present or wanted + "es" in present
    return any(all(_same(words[i + j], phrase[j]) for j in range(n)) for i in range(len(words) - n + 1))


@lru_cache(maxsize=4096)
def _word_set(words: tuple[str, ...]) -> frozenset[str]:
    return frozenset(words)


def _same(word: str, wanted: str) -> bool:
    return word == wanted or word in (wanted + "s", wanted + "es")
