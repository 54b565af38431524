"""Untrusted text checked or cleaned once, so that it can be written as UTF-8."""

from __future__ import annotations

import json

from worldgen.validtext import replace_surrogates, surrogate_problem


def test_a_lone_surrogate_from_json_is_named_by_code_point() -> None:
    text = json.loads('"tea \\udc80 time"')
    assert surrogate_problem(text) == "not valid Unicode text: a lone surrogate (U+DC80)"


def test_a_surrogate_pair_from_json_is_one_character_and_fine() -> None:
    text = json.loads('"\\ud83d\\ude00"')
    assert surrogate_problem(text) is None and replace_surrogates(text) == text


def test_replacing_makes_the_text_encodable_and_keeps_the_rest() -> None:
    cleaned = replace_surrogates("a\ud800b\udfffc")
    assert cleaned == "a\ufffdb\ufffdc" and cleaned.encode("utf-8")
