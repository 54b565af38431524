"""What the printer recovers from the source: comments (never a # inside a string), whether each
ends a line of code, where blocks close, blank lines and spellings."""

from __future__ import annotations

from worldgen.errors import Span
from worldgen.syntax.source_map import Comment, SourceMap

SOURCE = '''# head
world w {  # opens
  say_it "#not a comment" {x}

  # own line
}
'''


def test_comments_are_tokens_and_know_whether_they_end_code() -> None:
    assert SourceMap(SOURCE).comments == [Comment((1, 1), "# head", True), Comment((2, 12), "# opens", False),
                                          Comment((5, 3), "# own line", True)]


def test_blocks_blank_lines_and_spellings() -> None:
    src = SourceMap(SOURCE)
    assert src.block_after((2, 1)) == ((2, 9), (6, 1))
    assert src.block_after((3, 1)) == ((3, 27), (3, 29))
    assert src.block_after((7, 1)) is None
    assert src.blank_between(3, 5) and not src.blank_between(2, 3)
    assert src.spelling(Span(3, 10, 3, 26)) == '"#not a comment"'
    assert src.spelling(Span(2, 1, 3, 2)) is None
