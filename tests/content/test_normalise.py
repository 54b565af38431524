"""Normal forms of content: what lengths are measured on and near-duplicates are judged by."""

from __future__ import annotations

from worldgen.content.normalise import fingerprint, normalise_text, normalise_word


def test_text_and_words_lose_only_invisible_differences() -> None:
    assert normalise_text("  A  cold\u00a0room. \n\n") == "A cold room."
    assert normalise_word(" deploy.sh ") == "deploy.sh"
    assert normalise_text("Cafe\u0301") == "Caf\u00e9"


def test_records_differing_only_in_case_punctuation_and_spacing_share_a_fingerprint() -> None:
    a = {"room": [{"name": "hall", "description": "A cold room."}]}
    b = {"room": [{"name": "Hall", "description": "a cold  room!"}]}
    c = {"room": [{"name": "hall", "description": "A warm room."}]}
    assert fingerprint(a) == fingerprint(b) != fingerprint(c)


def test_a_record_without_text_has_no_fingerprint() -> None:
    assert fingerprint({}) is None
    assert fingerprint({"size": 3, "tags": []}) is None
    assert fingerprint({"size": 3, "mood": "calm"}) is not None  # an enum member is text


def test_punctuation_at_the_end_of_one_text_does_not_hide_a_near_duplicate() -> None:
    assert fingerprint({"a": "Night.", "b": "hall"}) == fingerprint({"a": "NIGHT", "b": "Hall!"})
    assert fingerprint({"a": "cold hall", "b": ""}) != fingerprint({"a": "cold", "b": "hall"})
