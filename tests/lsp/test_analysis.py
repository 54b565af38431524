"""The server's analysis of each version of a document, built on the previous version's parse, says
exactly what analysing that text afresh says."""

from __future__ import annotations

from pathlib import Path

from worldgen.lsp.analysis import analyse

GIT = Path(__file__).resolve().parents[2] / "scaffolds" / "git.wg"


def typing(text: str, at: int, word: str) -> list[str]:
    """The versions of ``text`` while ``word`` is typed at ``at``, one character at a time, and
    then deleted again."""
    typed = [text[:at] + word[:n] + text[at:] for n in range(1, len(word) + 1)]
    return typed + typed[-2::-1] + [text]


def test_every_version_while_typing_is_diagnosed_as_a_fresh_analysis_would() -> None:
    text = GIT.read_text("utf-8")
    at = text.index("horizon ") + len("horizon ")
    previous = analyse(text, "git.wg")
    for version in typing(text, at, "2 m"):  # a longer number, then syntax errors, and back
        previous = analyse(version, "git.wg", previous)
        fresh = analyse(version, "git.wg")
        assert previous.diagnostics == fresh.diagnostics, version[at:at + 9]
        assert (previous.world if previous.current else None) == fresh.world  # a broken text carries the last AST


def test_the_same_text_is_not_analysed_twice() -> None:
    text = GIT.read_text("utf-8")
    first = analyse(text, "git.wg")
    assert analyse(text, "git.wg", first) is first
