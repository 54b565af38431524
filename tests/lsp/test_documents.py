"""Documents: LSP positions (0-based, UTF-16) over the parser's lines; edits out of range refused."""

from __future__ import annotations

import pytest

from worldgen.errors import Span
from worldgen.lsp.documents import Document, EditOutOfRange


def test_offsets_and_positions_round_trip_through_utf16_columns():
    doc = Document("u", 'title "a😀b"\nobserve "x"\n')
    emoji_after = doc.text.index("b")
    assert doc.position(emoji_after) == (0, 10)  # the emoji is two UTF-16 units
    assert doc.offset((0, 10)) == emoji_after
    assert doc.offset(doc.position(doc.text.index("x"))) == doc.text.index("x")


def test_a_character_past_the_end_of_a_line_means_its_end():
    doc = Document("u", "ab\ncd")
    assert doc.offset((0, 99)) == 2


def test_lines_are_split_at_newlines_alone_as_the_parser_counts_them():
    doc = Document("u", "a\x0cb\nc")  # a form feed is no line break for the parser
    assert doc.line_count == 2
    assert doc.span_start(Span(2, 1)) == doc.text.index("c")


def test_an_edit_replaces_its_range_and_takes_the_new_version():
    doc = Document("u", "world w {\n}\n", 1).edited((0, 6), (0, 7), "vault", 2)
    assert (doc.text, doc.version) == ("world vault {\n}\n", 2)


@pytest.mark.parametrize("start, end", [((5, 0), (5, 1)), ((0, 3), (0, 1)), ((-1, 0), (0, 0))])
def test_an_edit_outside_the_document_is_refused(start, end):
    doc = Document("u", "ab\ncd", 1)
    with pytest.raises(EditOutOfRange):
        doc.edited(start, end, "x", 2)
