"""Tokens -> ``Script``: lists, and-or chains, pipelines and simple commands with redirections.

Why hand-written and not Lark: the grammar of the subset is four rules, and the lexer (quotes,
escapes, here-documents) has to be hand-written anyway since it is context-sensitive. Measured on
this machine over the bench's mix (bench/bench_shell.py LINES), feeding the same tokens to Lark's
LALR parser through its custom-lexer hook cost ~25 µs a line with a Transformer that builds no
AST at all, against ~4.5 µs for this recursive descent building the dataclasses; with the lexer
(~14 µs) an uncached line parses in ~20 µs, and a repeated one is an LRU hit (~0.1 µs).

Errors carry bash's own words (``bash: syntax error near unexpected token `|'``), and the
limits on a line's size are checked here, before anything runs.
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import lru_cache

from worldgen.shell import arith_command, braces, conditional, functions, limits
from worldgen.shell.ast import AndOr, Command, Compound, Conditional, HereDoc, Lit, Pipeline, Redirect, Script, Word
from worldgen.shell.compound import KEYWORDS as COMPOUND_KEYWORDS, parse_case, parse_for, parse_if, parse_while, trailing_redirects
from worldgen.shell.errors import ParseError, ShellSyntaxError, Unsupported, unexpected
from worldgen.shell.groups import parse_group, parse_subshell
from worldgen.shell.lexer import COMPOUNDS, HereDocSlot, Token, make_word, tokenize

_ASSIGNMENT = re.compile(r"([A-Za-z_][A-Za-z0-9_]*\+?)=")  # NAME= or NAME+= (appends)
_EOF: Token = ("EOF", None, "newline")
_SEPARATORS = (";", "\n")

KEYWORDS = frozenset(COMPOUNDS)
def _for(p: _Parser) -> Compound:
    """``for NAME in ...`` (compound.py) or ``for ((...))`` (arith_command.py)."""
    after = p.tokens[p.pos + 1:p.pos + 2]
    return arith_command.parse_for(p) if after and after[0][0] == "((" else parse_for(p)  # type: ignore[return-value]


COMPOUND_PARSERS = {"for": _for, "while": parse_while, "until": parse_while, "if": parse_if, "case": parse_case,
                    "{": parse_group, "function": functions.parse_keyword}  # (compound.py, groups.py, functions.py)


class _Parser:
    def __init__(self, tokens: list[Token]):
        self.tokens = tokens
        self.pos = 0
        self.commands = 0

    def peek(self) -> Token:
        return self.tokens[self.pos] if self.pos < len(self.tokens) else _EOF

    def take(self) -> Token:
        tok = self.peek()
        self.pos += 1
        return tok

    def skip_newlines(self) -> None:
        while self.peek()[0] == "\n":
            self.pos += 1

    def script(self) -> tuple[AndOr, ...]:
        items: list[AndOr] = []
        self.skip_newlines()
        while self.peek()[0] != "EOF":
            items.append(self.and_or())
            kind = self.peek()[0]
            if kind in _SEPARATORS:
                self.pos += 1
                self.skip_newlines()
            elif kind != "EOF":
                raise unexpected(self.peek()[2])
        return tuple(items)

    def and_or(self) -> AndOr:
        first = self.pipeline()
        rest: list[tuple[str, Pipeline]] = []
        while self.peek()[0] in ("&&", "||"):
            op = self.take()[0]
            self.skip_newlines()
            rest.append((op, self.pipeline()))
        return AndOr(first, tuple(rest))

    def pipeline(self) -> Pipeline:
        negated = False
        tok = self.peek()
        if tok[0] == "W" and tok[1].literal == "!" and tok[2] == "!":  # type: ignore[union-attr]
            negated = True
            self.pos += 1
        commands = [self.command()]
        while self.peek()[0] in ("|", "|&"):
            if self.take()[0] == "|&":
                last = commands[-1]
                commands[-1] = replace(last, redirects=last.redirects + (Redirect(2, ">&", dup=1),))
            self.skip_newlines()
            commands.append(self.command())
            if len(commands) > limits.MAX_PIPELINE:
                raise ParseError(limits.PIPELINE_MESSAGE)
        return Pipeline(tuple(commands), negated)

    def command(self) -> Command | Compound:
        self.commands += 1
        if self.commands > limits.MAX_COMMANDS:
            raise ParseError(limits.COMMANDS_MESSAGE)
        assigns: list[tuple[str, Word]] = []
        words: list[Word] = []
        redirects: list[Redirect] = []
        while True:
            kind, value, text = self.peek()
            if kind == "W":
                word: Word = value  # type: ignore[assignment]
                if not words and not assigns and not redirects and text in COMPOUND_PARSERS:
                    return COMPOUND_PARSERS[text](self)  # type: ignore[return-value]
                self.pos += 1
                if not words and (assign := _assignment(word)) is not None:
                    assigns.append(assign)
                    continue
                if not words and not assigns and text in COMPOUND_KEYWORDS:  # where no compound expects it
                    raise unexpected(text)
                if not words and not assigns and text in KEYWORDS:
                    raise Unsupported(COMPOUNDS[text])
                words.extend(braces.expand(word))
            elif kind in ("R", "H"):
                redirects.append(self.redirect())
            elif kind == "[[":  # the lexer read it where a command starts
                if words or assigns or redirects:
                    raise unexpected("[[")
                self.pos += 1
                return Conditional(conditional.parse(value), trailing_redirects(self))  # type: ignore[arg-type]
            elif kind == "(" or kind == "((":
                if not (words or assigns or redirects):
                    return parse_subshell(self) if kind == "(" else arith_command.parse_command(self)
                name = words[0].literal if len(words) == 1 and not (assigns or redirects) else None
                if kind == "(" and name is not None and name == words[0].text and self.tokens[self.pos + 1:self.pos + 2] == [(")", None, ")")]:
                    return functions.parse_after_name(self, name)  # type: ignore[arg-type, return-value]
                raise self._paren(len(words), bool(assigns)) if kind == "(" else unexpected("(")
            else:
                break
        if not (assigns or words or redirects):
            tok = self.peek()
            if tok[0] == "EOF" and self.pos > 0:
                raise ShellSyntaxError("syntax error: unexpected end of file")
            raise unexpected(tok[2])
        return Command(tuple(assigns), tuple(words), tuple(redirects))


    def _paren(self, words: int, assigns: bool) -> ParseError:
        """What a ``(`` after the start of a command means, by what comes before and after it, as
        bash reads it: an array, a function definition, or a syntax error."""
        before = self.tokens[self.pos - 1] if self.pos else None
        after = self.tokens[self.pos + 1] if self.pos + 1 < len(self.tokens) else _EOF
        if not words and not assigns:  # after a redirection: `>f (echo)`
            return unexpected("(")
        if not words and before is not None and before[0] == "W" and before[2].endswith("="):
            return Unsupported("an array assignment NAME=(...)")
        if words == 1 and not assigns:
            return Unsupported("a function definition NAME() { ...; }") if after[0] == ")" else unexpected(after[2])
        return unexpected("(")

    def redirect(self) -> Redirect:
        """The redirection (``>f``, ``2>&1``, a here-document) at the next token."""
        kind, value, _ = self.take()
        if kind == "H":
            slot: HereDocSlot = value  # type: ignore[assignment]
            return Redirect(slot.fd, "<<", heredoc=slot.body or HereDoc(make_word([Lit("", True)], ""), False))
        fd, op, dup = value  # type: ignore[misc]
        if dup >= 0:
            return Redirect(fd, op, dup=dup)
        target = self.take()
        if target[0] != "W":
            raise unexpected(target[2])
        ambiguous = op != "<<<" and len(braces.expand(target[1])) > 1  # type: ignore[arg-type]
        return Redirect(fd, op, target[1], ambiguous=ambiguous)  # type: ignore[arg-type]


def _assignment(word: Word) -> tuple[str, Word] | None:
    """``NAME=value`` when the name is unquoted, typed literally at the start of the word."""
    first = word.parts[0] if word.parts else None
    if type(first) is not Lit or first.quoted:
        return None
    m = _ASSIGNMENT.match(first.text)
    if m is None:
        return None
    rest = first.text[m.end():]
    parts = ([Lit(rest)] if rest else []) + list(word.parts[1:])
    value = make_word(parts, word.text[m.end():])
    if value.globs:  # no globbing in an assignment's value
        value = Word(value.parts, value.text, "".join(p.text for p in parts) if all(type(p) is Lit for p in parts) else None, False)  # type: ignore[union-attr]
    return m.group(1), value


def parse_uncached(line: str) -> Script:
    """Parse one run's text (a line, or a line with its here-document bodies). Raises
    ``ParseError`` (syntax error, unsupported construct, limit)."""
    if len(line) > limits.MAX_LINE:
        raise ParseError(limits.LINE_MESSAGE)
    try:
        tokens, warnings = tokenize(line)
        parser = _Parser(tokens)
        return Script(parser.script(), tuple(warnings))
    except RecursionError:  # ${X:-${X:-...}} three thousand deep: one line's error, not the session's end
        raise ParseError(limits.DEPTH_MESSAGE) from None


@lru_cache(maxsize=4096)
def _cached(line: str) -> Script | ParseError:
    try:
        return parse_uncached(line)
    except ParseError as err:
        return err


def parse(line: str) -> Script:
    """``parse_uncached`` behind a bounded LRU cache (agents repeat lines; errors are cached
    too). Lines too long to be worth keeping are not cached."""
    if len(line) > limits.MAX_CACHED_LINE:
        return parse_uncached(line)
    got = _cached(line)
    if isinstance(got, ParseError):
        raise got
    return got
