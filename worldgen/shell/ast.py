"""The shell's syntax tree: what a command line means, before anything is expanded or run.

Parsing and running are kept apart (as mvdan/sh does): the parser turns a line into these frozen
dataclasses once (and caches them, agents repeat lines), the interpreter expands and runs them
against a session as many times as the line is typed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Lit:
    """Literal text. Unquoted text is still subject to globbing (``*.log``); quoted is not."""

    text: str
    quoted: bool = False


@dataclass(frozen=True, slots=True)
class Param:
    """``$NAME``, ``${NAME}``, ``${NAME:-word}``, ``${#NAME}``, ``$?``. ``op`` is one of "",
    "-", ":-", "=", ":=", "+", ":+", "len" (``${#NAME}``), "#", "##", "%", "%%" (the shortest or
    longest prefix or suffix matching the pattern ``arg``, removed), or an edit of shell/param_ops.py
    ("/", "//", "/#", "/%", ":", "::", "^", "^^", ",", ",,"); ``arg`` the word after the operator. An
    unquoted expansion is split into fields and globbed; a quoted one is one piece of text."""

    name: str
    op: str = ""
    arg: tuple[Part, ...] = ()
    quoted: bool = False
    more: tuple[Part, ...] = ()  # the second word of an edit: ${NAME/PATTERN/STRING}, ${NAME:OFFSET:LENGTH}


@dataclass(frozen=True, slots=True)
class Tilde:
    """``~`` or ``~user`` at the start of a word (``~/x`` is a Tilde then the literal ``/x``)."""

    user: str = ""


@dataclass(frozen=True, slots=True)
class Subst:
    """``$(LIST)``: the list run in a subshell, its output (trailing newlines removed) put in the
    word's place; unquoted, it is split into fields and globbed as ``$NAME`` is."""

    script: Script
    quoted: bool = False


@dataclass(frozen=True, slots=True)
class Arith:
    """``$((EXPR))``: the expression's ``$`` expansions (``parts``), then its integer value
    (shell/arith.py)."""

    parts: tuple[Part, ...]
    quoted: bool = False


Part = Lit | Param | Tilde | Subst | Arith


@dataclass(frozen=True, slots=True)
class Word:
    """One shell word as typed (``text``, for messages such as ``ambiguous redirect``).
    ``literal`` is its value when it needs no expansion at all (most words): the interpreter
    takes it as is. ``globs`` says whether unquoted glob characters appear in it."""

    parts: tuple[Part, ...]
    text: str
    literal: str | None
    globs: bool


GLOB_CHARS = re.compile(r"[*?\[]")


def make_word(parts: list[Part], text: str) -> Word:
    """A ``Word`` with its fast-path facts worked out once, at parse time."""
    if all(type(p) is Lit for p in parts):
        globs = any(not p.quoted and GLOB_CHARS.search(p.text) for p in parts)  # type: ignore[union-attr]
        literal = None if globs else "".join(p.text for p in parts)  # type: ignore[union-attr]
        return Word(tuple(parts), text, literal, globs)
    globs = any(type(p) is Lit and not p.quoted and GLOB_CHARS.search(p.text) for p in parts)  # type: ignore[union-attr]
    return Word(tuple(parts), text, None, globs)


@dataclass(frozen=True, slots=True)
class HereDoc:
    """A here-document's body; ``expand`` is False when the delimiter was quoted (``<<'EOF'``),
    then the body is one quoted literal."""

    body: Word
    expand: bool


@dataclass(frozen=True, slots=True)
class Redirect:
    """``fd`` redirected by ``op``: ">" (truncate), ">>" (append), "<" (read), "&>" / "&>>"
    (stdout and stderr to one file), ">&" (``fd`` becomes a copy of ``dup``), "<<" (here-doc),
    "<<<" (a here-string: the target word and a newline).
    ``ambiguous``: the target's braces make several words (bash refuses it when it runs)."""

    fd: int
    op: str
    target: Word | None = None
    dup: int = -1
    heredoc: HereDoc | None = None
    ambiguous: bool = False


@dataclass(frozen=True, slots=True)
class Command:
    """A simple command: ``NAME=value`` prefixes, words (argv before expansion), redirections
    in the order written (their order matters: ``2>&1 >f`` is not ``>f 2>&1``)."""

    assigns: tuple[tuple[str, Word], ...]
    words: tuple[Word, ...]
    redirects: tuple[Redirect, ...]


@dataclass(frozen=True, slots=True)
class ForLoop:
    """``for NAME in WORDS; do BODY; done [REDIRECTS]``: the body runs once per field the words
    expand to (globs included), with NAME set to it; the redirections apply to the whole loop."""

    name: str
    words: tuple[Word, ...]
    body: tuple[AndOr, ...]
    redirects: tuple[Redirect, ...] = ()


@dataclass(frozen=True, slots=True)
class WhileLoop:
    """``while LIST; do LIST; done [REDIRECTS]`` (``until``: while the condition fails). Inside,
    ``read`` takes the loop's input a line at a time."""

    condition: tuple[AndOr, ...]
    body: tuple[AndOr, ...]
    until: bool = False
    redirects: tuple[Redirect, ...] = ()


@dataclass(frozen=True, slots=True)
class IfClause:
    """``if LIST; then LIST; [elif LIST; then LIST;]... [else LIST;] fi [REDIRECTS]``: the first
    branch whose condition list ends with status 0 runs (``otherwise`` when none does)."""

    branches: tuple[tuple[tuple[AndOr, ...], tuple[AndOr, ...]], ...]
    otherwise: tuple[AndOr, ...] | None = None
    redirects: tuple[Redirect, ...] = ()


@dataclass(frozen=True, slots=True)
class CaseClause:
    """``case WORD in [(]PATTERN[|PATTERN]...) [LIST] ;; ... esac [REDIRECTS]``: the list of the
    first item one of whose patterns (globs, quoted text matching itself) matches the word runs."""

    word: Word
    items: tuple[tuple[tuple[Word, ...], tuple[AndOr, ...]], ...]
    redirects: tuple[Redirect, ...] = ()


@dataclass(frozen=True, slots=True)
class Group:
    """``( LIST )`` (``subshell``: its changes to the session stay inside) or ``{ LIST; }`` (run in
    the shell itself), with redirections of the whole group (shell/groups.py)."""

    body: tuple[AndOr, ...]
    subshell: bool
    redirects: tuple[Redirect, ...] = ()


@dataclass(frozen=True, slots=True)
class Conditional:
    """``[[ EXPRESSION ]]``: its tree (shell/conditional.py), redirections of the whole."""

    expr: object  # conditional.Expr (that module reads the words this one defines)
    redirects: tuple[Redirect, ...] = ()


Compound = ForLoop | WhileLoop | IfClause | CaseClause | Group | Conditional  # and arith_command's two


@dataclass(frozen=True, slots=True)
class Pipeline:
    commands: tuple[Command | Compound, ...]
    negated: bool = False  # `! cmd`


@dataclass(frozen=True, slots=True)
class AndOr:
    """``first && p2 || p3 ...``: ``rest`` holds (operator, pipeline) pairs."""

    first: Pipeline
    rest: tuple[tuple[str, Pipeline], ...] = ()


@dataclass(frozen=True, slots=True)
class Script:
    """A whole line (or several, with here-document bodies): and-or lists run in turn.
    ``warnings`` are what bash prints while reading it (an unterminated here-document)."""

    items: tuple[AndOr, ...]
    warnings: tuple[str, ...] = ()
