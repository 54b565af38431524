"""Reading what a slot says it is for, and scoring the shipped slot rules against it."""

from __future__ import annotations

import re

import pytest

from worldgen.content.banks import THEME_CATEGORIES, load_banks
from worldgen.content.slotkinds import (
    DESCRIPTION_WEIGHT,
    FALLBACK_KEYS,
    HEAD_WEIGHT,
    NAME_WEIGHT,
    STYLES,
    Rule,
    choose,
    fits_style,
    load_slot_rules,
    parse_rules,
    read_slot,
    score,
)
from worldgen.errors import WorldgenError


def test_a_slot_is_read_as_its_name_enclosing_names_description_and_examples() -> None:
    said = read_slot(("svc", "name"), "a lowercase service name, e.g. nginx, postgres, billing-worker")
    assert said.name == ("name",) and said.enclosing == ("svc",)
    assert said.description[:3] == ("a", "lowercase", "service")
    assert said.examples == ("nginx", "postgres", "billing-worker")
    assert said.style is None


def test_quoted_examples_count_and_say_whether_a_phrase_or_sentences_are_wanted() -> None:
    phrase = read_slot(("place",), "where the lock is, e.g. 'a lawyer's office after hours'")
    assert phrase.style == "phrase" and phrase.examples[:3] == ("a", "lawyer", "s")
    assert read_slot(("memo",), "what the entry records, e.g. 'flour delivered by the mill'").style == "phrase"
    assert read_slot(("setting",), "one sentence: where and when the story takes place").style == "sentence"
    assert read_slot(("intro",), "an opening line, e.g. 'It rains.'").style == "sentence"
    assert read_slot(("summary",), "the package's one-line description, as apt shows it").style is None


def test_a_title_is_a_phrase_and_an_unspoken_style_takes_anything() -> None:
    assert fits_style("title", "phrase") and fits_style("phrase", "phrase")
    assert not fits_style("sentence", "phrase") and not fits_style("phrase", "sentence")
    assert all(fits_style(style, None) for style in STYLES)


RULES = parse_rules({
    "fallback": {"word": "thing", "sentence": "generic", "phrase": "bits"},
    "rules": [
        {"kind": "log", "words": ["log", "log line"]},
        {"kind": "error", "words": ["log", "log line", "error"]},
        {"kind": "service", "words": ["service"]},
        {"kind": "food", "words": ["food"]},
    ],
})
BANKS = {"service": {"nginx", "postgres"}, "food": {"leek"}}


def _choose(path: tuple[str, ...], description: str, usable: set[str] | None = None) -> str:
    said = read_slot(path, description)
    return choose(RULES, said, lambda r: usable is None or r.kind in usable, lambda k: BANKS.get(k, set()), "word")


def test_the_best_score_wins_and_ties_go_to_the_earlier_rule() -> None:
    assert _choose(("line",), "a log line") == "log"  # log and error tie: log comes first
    assert _choose(("line",), "the error it logs") == "error"
    assert _choose(("error",), "a line") == "error"  # the slot's own name


def test_phrases_count_per_word_and_plurals_match() -> None:
    log = RULES.rules[0]
    assert log.words == (("log",), ("log", "line"))
    assert score(log, read_slot(("x",), "a log line"), set()) == (DESCRIPTION_WEIGHT + HEAD_WEIGHT) * (1 + 2)
    assert score(log, read_slot(("x",), "one of two log lines"), set()) == DESCRIPTION_WEIGHT * (1 + 2)  # not the head
    assert score(log, read_slot(("log",), ""), set()) == NAME_WEIGHT
    assert _choose(("x",), "the errors it prints") == "error"


def test_the_descriptions_head_outweighs_its_context_words() -> None:
    said = read_slot(("item", "name"), "a snack sold in a vending machine")
    assert said.head == ("a", "snack")
    shipped = load_slot_rules()
    banks = load_banks()
    kind = choose(shipped, said, lambda r: True, lambda k: set(banks.common.get(k, ())), "word")
    assert kind == "food"  # "machine" (host, machine) is where it is sold, not what it is


def test_examples_found_in_a_bank_point_to_it() -> None:
    assert _choose(("thingy",), "e.g. nginx, postgres") == "service"
    assert _choose(("thingy",), "such as leek") == "food"


def test_a_slot_that_says_nothing_known_gets_the_fallback() -> None:
    assert _choose(("zork",), "") == "thing"
    assert _choose(("line",), "a log line", usable={"food"}) == "thing"  # only unusable rules scored


def test_enclosing_names_count_least() -> None:
    assert _choose(("service", "name"), "") == "service"
    assert _choose(("service", "name"), "a food") == "food"


def test_malformed_rules_are_refused() -> None:
    with pytest.raises(WorldgenError, match="malformed rule"):
        parse_rules({"rules": [{"words": ["x"]}], "fallback": {}})
    with pytest.raises(WorldgenError, match=r"rules \['x'\] need words"):
        parse_rules({"rules": [{"kind": "x", "words": ["x"], "style": "poem"}], "fallback": dict.fromkeys(FALLBACK_KEYS, "x")})


def test_every_shipped_rule_has_a_bank_or_a_grammar_in_its_style() -> None:
    banks, rules = load_banks(), load_slot_rules()
    words = set(THEME_CATEGORIES) | set(banks.common)
    assert len({r.kind for r in rules.rules}) == len(rules.rules)
    for rule in rules.rules:
        assert isinstance(rule, Rule)
        assert rule.kind in words or rule.kind in banks.grammar, rule.kind
        assert rule.first is None or rule.first in banks.common, rule.kind
        assert all(re.fullmatch("[a-z0-9]+", w) for phrase in rule.words for w in phrase), rule.kind
    assert rules.fallback["word"] in words
    assert rules.fallback["sentence"] in banks.grammar and rules.fallback["phrase"] in banks.grammar
