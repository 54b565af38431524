"""``instruction.md`` of a harbor task: fixed markdown around world text that is fenced, never markup.

A world's title, introduction and command help come from content (LLM or procedural packs), so
they are untrusted: a name holding a code fence or a ``#`` line would otherwise close a block or
forge a heading ("## Grading: ..."). Each piece of world text is therefore quoted in a fenced
code block whose fence is longer than any run of backticks in the text, which CommonMark cannot
close early; everything outside the fences is this module's own text. The first line is a fixed
heading, so harbor's canary stripping (leading lines with "canary") never eats world text.
"""

from __future__ import annotations

import re

_BACKTICKS = re.compile(r"`+")
_CR = re.compile(r"\r\n?")  # markdown reads a lone CR as a line ending too


def fence(text: str) -> str:
    """``text`` as a fenced code block that no line of it can close (its line endings made LF)."""
    text = _CR.sub("\n", text)
    longest = max((len(run) for run in _BACKTICKS.findall(text)), default=0)
    bar = "`" * max(3, longest + 1)
    return f"{bar}text\n{text}\n{bar}"


def render(title: str, intro: str, help_text: str, horizon: int) -> str:
    world_text = f"{title}\n\n{intro}" if intro else title
    return "\n".join([
        "# Play a text world",
        "",
        "You play a text world through the `world` command in this terminal. The world's title and "
        "introduction, quoted exactly as the world gives them:",
        "",
        fence(world_text),
        "",
        "How to play:",
        "",
        "- `world` shows where you are and the commands the world understands;",
        "- `world COMMAND` sends one command, written as in the list below (words are joined by spaces).",
        "",
        f"Commands are case-insensitive. The episode allows at most {horizon} commands, and it ends when the "
        "goal is reached (or lost). Your result is decided by the world itself from the commands it "
        "received; the world runs outside this machine, so nothing here can change it.",
        "",
        "Commands ({arg} marks an argument):",
        "",
        fence(help_text),
        "",
    ])


def render_terminal(title: str, intro: str, help_text: str) -> str:
    """A terminal world's task, as Terminal-Bench words one: the machine, the task, its programs."""
    world_text = f"{title}\n\n{intro}" if intro else title
    parts = [
        "# Task",
        "",
        "You are logged in to a Linux machine with a bash shell. The task, quoted exactly as it was given:",
        "",
        fence(world_text),
        "",
    ]
    if help_text:
        parts += ["Besides the usual tools, this machine has its own programs for the task ({arg} marks an "
                  "argument; PROGRAM --help says more):", "", fence(help_text), ""]
    parts += ["Your work is checked when you are done, from the state of the machine.", ""]
    return "\n".join(parts)
