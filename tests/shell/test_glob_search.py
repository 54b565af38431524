"""The glob search behind ${NAME/PATTERN/STRING}: the leftmost match, the longest there, anchored
or not, the same as trying every span in turn (what bash does), in linear work."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from worldgen.shell.expand import matches
from worldgen.shell.glob_search import compile_glob


def every_span(text: str, pattern: str, start: bool, end: bool) -> tuple[int, int] | None:
    """The reference: each start from the left, each end from the longest."""
    n = len(text)
    for s in ([0] if start else range(n + 1)):
        for e in ([n] if end else range(n, s - 1, -1)):
            if e >= s and matches(text[s:e], pattern):
                return s, e
    return None


texts = st.text(alphabet="ab01", max_size=12)
patterns = st.lists(st.sampled_from(["a", "b", "0", "*", "?", "[ab]", "[!a]", "\\*", "[z-a]"]), max_size=6).map("".join)


@settings(max_examples=400, deadline=None)
@given(texts, patterns, st.booleans(), st.booleans())
def test_the_same_span_as_trying_every_one(text, pattern, start, end):
    assert compile_glob(pattern).find(text, 0, start, end) == every_span(text, pattern, start, end)


def test_stars_and_classes():
    glob = compile_glob("b*c")
    assert glob.find("abcabc", 0) == (1, 6)  # the longest from the leftmost start
    assert compile_glob("[ac]").find("xbc", 0) == (2, 3)
    assert compile_glob("*0*0*1").find("0" * 100_000, 0) is None  # no backtracking over every pair
