"""The byte view the byte-counting tools run on: one character per byte, and back to the same
text; raw bytes (lone surrogates) stay raw; no text makes it raise."""

from __future__ import annotations

import pytest

from tests.shell.builtins.gnu import run
from worldgen.shell.builtins.bytewise import byte_view, text_of
from worldgen.shell.builtins.registry import tools


@pytest.mark.parametrize("text", ["plain", "h\u00e9llo \u2014 \u201cq\u201d", "raw \udcff\udcc3 bytes", "\U0001f600", ""])
def test_a_text_comes_back_from_its_byte_view(text: str) -> None:
    view = byte_view(text)
    assert all(ord(c) < 256 for c in view) and text_of(view) == text
    assert len(view) == len(text.encode("utf-8", "surrogateescape"))


def test_a_surrogate_that_stands_for_no_byte_is_its_own_bytes_not_a_crash() -> None:
    assert text_of(byte_view("a\ud800b")) == "a\udced\udca0\udc80b"
    for argv in (["printf", "\ud800"], ["tr", "\ud800", "x"], ["head", "-c", "2"], ["cut", "-c", "1"], ["awk", "{print length}"]):
        out, err, status = run(tools()[argv[0]], argv, stdin="\ud800\n")
        assert status == 0 and err == "", argv
