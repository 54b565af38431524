"""Bounds on what one command line may cost, each with the one line the shell prints when a line
goes past it (exit 2, nothing of the line run), so hostile input ends in bounded time and memory.
"""

from __future__ import annotations

MAX_LINE = 65_536  # characters in one run's text (here-document bodies included)
MAX_CACHED_LINE = 4_096  # longer lines are parsed each time rather than kept in the parse cache
MAX_PIPELINE = 256  # commands in one pipeline
MAX_COMMANDS = 1_024  # simple commands in one line
MAX_GLOB = 10_000  # words one glob pattern may expand to
MAX_BRACE = 10_000  # words one word's brace expansion may make
MAX_PARENS = 100  # parentheses a test or find expression may nest (their parsers recurse; bash's too)
MAX_OUTPUT = 1 << 20  # characters of output one line may show (and one stream may carry)
LIMIT_STATUS = 2

LINE_MESSAGE = f"worldgen shell: line too long (more than {MAX_LINE:,} characters); nothing was run"
PIPELINE_MESSAGE = f"worldgen shell: pipeline too long (more than {MAX_PIPELINE} commands); nothing was run"
DEPTH_MESSAGE = "worldgen shell: the line nests too deeply (quotes, expansions or commands inside each other); nothing was run"
COMMANDS_MESSAGE = f"worldgen shell: too many commands in one line (more than {MAX_COMMANDS:,}); nothing was run"
TRUNCATED = "[output truncated at 1 MiB]"


def glob_message(pattern: str) -> str:
    return f"worldgen shell: {pattern}: the pattern matches more than {MAX_GLOB:,} files; nothing more was run"


def brace_message(word: str) -> str:
    return f"worldgen shell: {word}: the brace expansion makes more than {MAX_BRACE:,} words; nothing was run"


def cut(text: str) -> str:
    """``text`` cut to ``MAX_OUTPUT`` characters, ending with the ``TRUNCATED`` line if it was."""
    if len(text) <= MAX_OUTPUT:
        return text
    return text[:MAX_OUTPUT] + ("" if text[MAX_OUTPUT - 1] == "\n" else "\n") + TRUNCATED + "\n"
