"""Text edits at parsed positions: blocks found past braces in strings and comments, insertions at
a block's end, deletions that take their line along when nothing else is left on it."""

from __future__ import annotations

from worldgen.errors import Span
from worldgen.flywheel.edits import apply, block, inside_end, removal

SOURCE = """world w {
  state { n: int in 0..3 = 0 }   # a } in a comment
  axis observation {
    plain {}
    braced { observe "{n} {{not a block}}" }
  }
}
"""


def test_a_block_ends_at_its_matching_brace_not_at_one_in_a_string_or_comment() -> None:
    open_, close = block(SOURCE, Span(5, 5))
    assert SOURCE[open_:close + 1] == '{ observe "{n} {{not a block}}" }'
    state_open, state_close = block(SOURCE, Span(2, 3))
    assert SOURCE[state_open:state_close + 1] == "{ n: int in 0..3 = 0 }"


def test_insertions_go_on_their_own_lines_before_a_brace_alone_on_its_line_else_inline() -> None:
    added = apply(SOURCE, [inside_end(SOURCE, Span(3, 8), "loud { observe \"N={n}\" }"),
                           inside_end(SOURCE, Span(2, 3), "m: bool = true")])
    assert "    loud { observe \"N={n}\" }\n  }\n}" in added
    assert "state { n: int in 0..3 = 0  m: bool = true }" in added


def test_a_removal_takes_its_line_when_only_blanks_or_a_comment_would_stay() -> None:
    text = "a\n  reward -0.1 per step   # cost\nb;  c;  d\n"
    start = text.index("reward")
    assert apply(text, [removal(text, start, start + len("reward -0.1 per step"))]) == "a\nb;  c;  d\n"
    c = text.index("c;")
    assert apply(text, [removal(text, c, c + 1)]) == "a\n  reward -0.1 per step   # cost\nb;  d\n"
