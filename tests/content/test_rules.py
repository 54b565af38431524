"""Semantic rules: each violation is reported with record id, JSON pointer and rule code."""

from __future__ import annotations

import copy

import pytest

import worldgen

from tests.content.conftest import example_ir, example_record, services, vault
from worldgen.content import Validator, validate_record
from worldgen.errors import ContentError


def good_vault() -> dict:
    return {
        "setting": "a misty harbour town at dusk",
        "room": [{"name": n, "description": f"A long dusty {n} with old paintings."} for n in ("hall", "kitchen", "cellar", "attic", "study", "pantry")],
        "key": [{"name": n} for n in ("brass", "iron", "silver")],
    }


def rules_of(record: dict, scaffold=None) -> list[tuple[str, str]]:
    _, violations = Validator(scaffold or vault()).check(record, "r1")
    assert all(v.record_id == "r1" for v in violations)
    return [(v.pointer, v.rule.split(":", 1)[0]) for v in violations]


def test_a_good_record_passes(example_name: str) -> None:
    assert Validator(example_ir(example_name)).check(example_record(example_name), "x")[1] == []
    assert rules_of(good_vault()) == []


@pytest.mark.parametrize(
    ("path", "value", "expected"),
    [
        (("room", 1, "description"), "A hall \x1b[31mred\x1b[0m and more", [("/room/1/description", "ansi-escape"), ("/room/1/description", "control-char")]),
        (("room", 1, "description"), "A hall with a bell\x07 ringing", [("/room/1/description", "control-char")]),
        (("room", 1, "description"), "Text with \u202e reversed", [("/room/1/description", "control-char")]),
        (("setting", None, None), "a {content.secret} town", [("/setting", "template-syntax")]),
        (("room", 2, "name"), "Great", [("/room/2/name", "typeable")]),
        (("room", 2, "name"), "dun--geon", [("/room/2/name", "typeable")]),
        (("room", 2, "name"), "geon.", [("/room/2/name", "typeable")]),
        (("room", 2, "name"), "hall", [("/room/2/name", "unique")]),
        (("room", 2, "name"), "take", [("/room/2/name", "command-word")]),
        (("key", 0, "name"), "cellar", [("/key/0/name", "name-collision")]),
    ],
)
def test_violations_carry_pointer_and_rule(path: tuple, value: str, expected: list) -> None:
    record = good_vault()
    top, index, field = path
    if index is None:
        record[top] = value
    else:
        record[top][index][field] = value
    assert rules_of(record) == expected


def test_newlines_are_allowed_in_text_but_not_in_names() -> None:
    record = good_vault()
    record["room"][0]["description"] = "First line of the room.\nSecond line."
    assert rules_of(record) == []
    record["room"][0]["name"] = "ha\nll"
    assert ("/room/0/name", "typeable") in rules_of(record)


def test_lengths_are_judged_after_normalisation() -> None:
    record = good_vault()
    record["setting"] = "   a   bay     "  # 15 characters raw, "a bay" (5) after normalisation
    clean, violations = Validator(vault()).check(record, "r1")
    assert clean["setting"] == "a bay"
    assert [(v.pointer, v.rule.split(":")[0]) for v in violations] == [("/setting", "schema/minLength")]


def test_normalisation_is_kept_in_the_clean_record() -> None:
    record = good_vault()
    record["room"][0]["description"] = "  A cafe\u0301   with\t round tables.  \n\n"
    clean = validate_record(vault(), record)
    assert clean["room"][0]["description"] == "A caf\u00e9 with round tables."


def test_list_of_words_names_and_multi_word_names() -> None:
    record = {"host": "web one", "service": ["nginx", "cron", "Cron", "db"], "port": 8080, "mood": "calm", "motd": "hello"}
    assert rules_of(record, services()) == [("/service/2", "typeable"), ("/service/2", "unique")]
    record["service"] = ["nginx", "cron", "stop", "dbs"]
    record["host"] = "cron"
    assert rules_of(record, services()) == [("/service/2", "command-word"), ("/host", "name-collision")]


def test_wrong_shapes_are_reported_not_raised() -> None:
    assert rules_of([1, 2]) == [("", "schema/type")]
    record = good_vault()
    record["room"] = "many rooms"
    record["extra"] = 1
    assert sorted(rules_of(record)) == [("", "schema/additionalProperties"), ("/room", "schema/type")]


def test_validate_record_raises_content_error_with_triples() -> None:
    record = copy.deepcopy(good_vault())
    record["key"][0]["name"] = "go"
    with pytest.raises(ContentError) as caught:
        validate_record(vault(), record, "pack-7")
    assert caught.value.violations == [("pack-7", "/key/0/name", "schema/minLength: 'go' is too short"), ("pack-7", "/key/0/name", "command-word: key name 'go' is a command word")]
    assert "pack-7: /key/0/name: command-word" in str(caught.value)


def test_text_that_fills_a_file_path_may_not_climb_out_of_its_folder() -> None:
    """A `..` from content put a file above the world's root, so `play --real` wrote host files."""
    scaffold = worldgen.loads("""world w {
  content { where: text(1..80) "a place"  motd: text(1..80) "a line" }
  state { on: bool = false }
  files { file note "/srv/{content.where}" { text "{content.motd}" } }
  action a "a" { do on = true }
  done when on
}""", "w.wg").ir
    assert rules_of({"where": "notes/today.txt", "motd": "../..  is fine in a text"}, scaffold) == []
    for bad in ("../../etc/passwd", "a/../../b", "..", "a/./b"):
        assert rules_of({"where": bad, "motd": "hi"}, scaffold) == [("/where", "path-part")]


def test_a_word_starting_with_a_digit_is_told_why_it_fails() -> None:
    """`50-cloud-init` fits "letters and digits, parts joined by '-'": the rule it breaks is its first character."""
    record = good_vault()
    record["key"][0]["name"] = "50-cloud-init"
    _, violations = Validator(vault()).check(record, "r1")
    assert [v.rule for v in violations if v.pointer == "/key/0/name"] == [
        "typeable: '50-cloud-init' must be one lowercase word of letters and digits starting with a letter, parts joined "
        "by single '.', '-', '_' or '/' (players type it)"]
