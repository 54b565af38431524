"""Command line -> tokens. Quoting, escapes, ``$`` expansions and here-documents are lexical in
the shell (what ends a word depends on the quotes around it, a here-document's body is the lines
after its command), so they are settled here and the parser only sees words and operators.

A token is a tuple ``(kind, value, text)``: kind "W" (value: a ``Word``), "R" (a ``Redirect``
still missing its target word), "H" (a ``HereDocSlot``, its body filled in at the next newline),
or the operator itself (";", ";;", "&&", "||", "|", "|&", "(", "((", ")", "\\n"), or "[[" (its items,
shell/conditional.py); ``text`` is what bash would quote in
``syntax error near unexpected token``. Constructs outside the supported subset raise
``Unsupported`` as soon as they are seen.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from worldgen.shell import conditional, param_ops
from worldgen.shell.ast import GLOB_CHARS, Arith, HereDoc, Lit, Param, Part, Tilde, Word, make_word
from worldgen.shell.builtins.options import ascii_digits, integer
from worldgen.shell.escapes import ansi_c
from worldgen.shell.scanning import closing
from worldgen.shell.substitution import backquoted, substitution
from worldgen.shell.errors import ShellSyntaxError, Unsupported, eof_matching, unexpected

Token = tuple[str, object, str]

_METACHARS = frozenset(" \t\n;&|()<>")
_PLAIN = re.compile(r"[^\s;&|()<>'\"\\$`~]+")  # a run of characters that are themselves
_DQ_PLAIN = re.compile(r'[^"\\$`]+')
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_IO_NUMBER = re.compile(r"[0-9]+(?=[<>])")
_TILDE_USER = re.compile(r"[A-Za-z0-9_.-]*")
_SPECIAL_PARAMS = "?#$!@*-0123456789"
_PARAM_OPS = (":-", ":=", ":+", ":?", "-", "=", "+", "?")
_REMOVAL_OPS = ("##", "#", "%%", "%")  # longest first: `##` is not `#` then `#`
_EMPTY = Lit("", True)
_OPENERS = frozenset({"if", "then", "else", "elif", "do", "while", "until", "{", "!"})  # a command follows them


# reserved words that start or belong to compound commands, and how to name what they start
COMPOUNDS = {
    "if": "the 'if' statement", "then": "the 'if' statement", "elif": "the 'if' statement",
    "else": "the 'if' statement", "fi": "the 'if' statement",
    "for": "the 'for' loop", "select": "the 'select' loop", "while": "the 'while' loop",
    "until": "the 'until' loop", "do": "a loop", "done": "a loop",
    "case": "the 'case' statement", "esac": "the 'case' statement",
    "function": "a function definition", "{": "a command group { ...; }", "}": "a command group { ...; }",
    "[[": "the [[ ... ]] test", "]]": "the [[ ... ]] test", "time": "the 'time' keyword",
    "coproc": "the 'coproc' keyword",
}


UNSUPPORTED_KEYWORDS = frozenset({"select", "time", "coproc"})


@dataclass(slots=True)
class HereDocSlot:
    """A ``<<`` seen on a command line whose body is read after the line's next newline."""

    fd: int
    delimiter: str
    quoted: bool
    strip_tabs: bool
    line: int
    body: HereDoc | None = None


class Lexer:
    def __init__(self, src: str):
        self.s = src
        self.n = len(src)
        self.tokens: list[Token] = []
        self.pending: list[HereDocSlot] = []
        self.warnings: list[str] = []
        self.in_test = False  # reading a [[ ]]'s words: a `[[` there is a word

    # ------------------------------------------------------------------------- top level
    def run(self) -> list[Token]:
        s, n, i = self.s, self.n, 0
        tokens = self.tokens
        while i < n:
            c = s[i]
            if c == " " or c == "\t":
                i += 1
            elif c == "\n":
                tokens.append(("\n", None, "newline"))
                i = self._heredoc_bodies(i + 1)
            elif c == "\\" and s.startswith("\\\n", i):
                i += 2
            elif c == "#":
                j = s.find("\n", i)
                i = n if j < 0 else j
            elif c in ";&|()<>":
                i = self._operator(i)
            elif ascii_digits(c) and (m := _IO_NUMBER.match(s, i)):
                i = self._redirect(m.end(), int(m.group()) if len(m.group()) < 4 else 99)
            else:
                i = self._word(i)
        if self.pending:
            self._heredoc_bodies(n)
        return tokens

    def _operator(self, i: int) -> int:
        s, tokens = self.s, self.tokens
        two = s[i:i + 2]
        if two == ";;" or two == ";&":
            if two == ";&" or s.startswith(";;&", i):
                raise Unsupported("a case item ended by ;& or ;;& (end it with ;;)")
            tokens.append((";;", None, ";;"))  # ends a case item; anywhere else the parser's syntax error
            return i + 2
        if two in ("&&", "||", "|&"):
            tokens.append((two, None, two))
            return i + 2
        c = s[i]
        if c in ";|":
            tokens.append((c, None, c))
            return i + 1
        if two == "&>":
            return self._redirect(i, 1)
        if c == "&":
            raise Unsupported("running in the background with &")
        if two == "((" and (end := _arith_end(s, i + 2)) >= 0:  # arithmetic, not two subshells
            tokens.append(("((", s[i + 2:end], "("))
            return end + 2
        if c in "()":  # a subshell's, or a case pattern's
            tokens.append((c, None, c))
            return i + 1
        return self._redirect(i, 0 if c == "<" else 1)

    def _redirect(self, i: int, fd: int) -> int:
        """A redirection operator at ``i`` (after any IO number): pushes an "R" or "H" token."""
        s = self.s
        if s.startswith("<<<", i):  # a here-string: its word, then a newline, is the input
            self.tokens.append(("R", (fd, "<<<", -1), "<<<"))
            return i + 3
        if s.startswith("<(", i) or s.startswith(">(", i):
            raise Unsupported("process substitution <(...) / >(...)")
        if s.startswith("<<", i):
            return self._heredoc(i + (3 if s.startswith("<<-", i) else 2), fd, s.startswith("<<-", i))
        for op, kind in (("&>>", "&>>"), ("&>", "&>"), (">>", ">>"), (">&", ">&"), ("<&", ">&"), (">|", ">"), ("<>", "<>"), (">", ">"), ("<", "<")):
            if s.startswith(op, i):
                break
        if kind == "<>":
            raise Unsupported("the read-write redirection <>")
        j = i + len(op)
        if kind == ">&":
            k = j
            while k < self.n and s[k] in " \t":
                k += 1
            m = k
            while m < self.n and ascii_digits(s[m]):
                m += 1
            if m > k and (m == self.n or s[m] in _METACHARS):  # `2>&1`, `>&12`: a descriptor, however many digits
                self.tokens.append(("R", (fd, ">&", integer(s[k:m])), op))
                return m
            if s.startswith("-", k) and (k + 1 == self.n or s[k + 1] in _METACHARS):
                raise Unsupported("closing a file descriptor with >&-")
            if op == "<&":
                raise Unsupported("duplicating input from a file with <&")
            kind = "&>" if fd == 1 else ">"  # `>&file` is `&>file`
        self.tokens.append(("R", (fd, kind, -1), op))
        return j

    # ------------------------------------------------------------------------- here-documents
    def _heredoc(self, i: int, fd: int, strip: bool) -> int:
        s, n = self.s, self.n
        while i < n and s[i] in " \t":
            i += 1
        if i >= n or s[i] in _METACHARS:
            raise unexpected("newline" if i >= n or s[i] == "\n" else s[i])
        start = i
        i = self._word(i)
        word: Word = self.tokens.pop()[1]  # type: ignore[assignment]
        plain = all(type(p) is Lit for p in word.parts)
        delimiter = "".join(p.text for p in word.parts) if plain else word.text  # type: ignore[union-attr]
        quoted = not plain or any(p.quoted for p in word.parts)  # type: ignore[union-attr]
        slot = HereDocSlot(fd, delimiter, quoted, strip, s.count("\n", 0, start) + 1)
        self.pending.append(slot)
        self.tokens.append(("H", slot, "<<"))
        return i

    def _heredoc_bodies(self, i: int) -> int:
        """Read the bodies of the here-documents pending on the line just ended, from ``i``."""
        s, n = self.s, self.n
        for slot in self.pending:
            lines: list[str] = []
            while True:
                if i >= n:
                    self.warnings.append(f"bash: warning: here-document at line {slot.line} delimited by end-of-file (wanted `{slot.delimiter}')")
                    break
                j = s.find("\n", i)
                end = n if j < 0 else j
                line = s[i:end]
                i = end + 1
                if slot.strip_tabs:
                    line = line.lstrip("\t")
                if line == slot.delimiter:
                    break
                lines.append(line + "\n")
            text = "".join(lines)
            if slot.quoted:
                body = make_word([Lit(text, True)], text)
            else:
                body = make_word(self._dquoted(text, 0, None)[0], text)
            slot.body = HereDoc(body, not slot.quoted)
        self.pending = []
        return min(i, n)

    # ------------------------------------------------------------------------- words
    def _word(self, i: int) -> int:
        """Read one word from ``i``; push it as a "W" token and return the index after it."""
        s, n = self.s, self.n
        m = _PLAIN.match(s, i)
        if m is not None and (m.end() == n or s[m.end()] in _METACHARS):  # most words: plain text
            text = m.group()
            if text == "[[" and self._command_position():
                items, end = conditional.lex(self, m.end())
                self.tokens.append(("[[", items, "[["))
                return end
            globs = GLOB_CHARS.search(text) is not None
            self.tokens.append(("W", Word((Lit(text),), text, None if globs else text, globs), text))
            return m.end()
        start = i
        parts: list[Part] = []
        if s[i] == "~":
            end = _TILDE_USER.match(s, i + 1).end()
            if end == n or s[end] == "/" or s[end] in _METACHARS:
                parts.append(Tilde(s[i + 1:end]))
                i = end
        parts, i = self._unquoted(i, _METACHARS, parts)
        text = s[start:i]
        self.tokens.append(("W", make_word(parts, text), text))
        return i

    def _command_position(self) -> bool:
        """Whether a command starts here: after an operator, a newline, or a reserved word that
        a command follows (``if [[``, ``! [[``), as bash decides where ``[[`` is a keyword."""
        if self.in_test:
            return False
        for kind, _, text in reversed(self.tokens):
            if kind != "W":
                return kind not in ("R", "H")
            if text not in _OPENERS:
                return False
        return True

    def _unquoted(self, i: int, stops: frozenset[str] | str, parts: list[Part]) -> tuple[list[Part], int]:
        """Word text outside quotes from ``i`` up to an unquoted character of ``stops``."""
        s, n = self.s, self.n
        buf: list[str] = []
        while i < n:
            c = s[i]
            if c in stops:
                break
            m = _PLAIN.match(s, i)
            if m is not None:
                chunk = m.group()
                if "}" in stops:  # inside ${...}: stop at the brace (or the / of ${X/a/b}, the : of ${X:1:2})
                    cut = min((chunk.index(c) for c in stops if c in chunk), default=-1)
                    if cut >= 0:
                        chunk = chunk[:cut]
                    if not chunk:
                        break
                buf.append(chunk)
                i += len(chunk)
                continue
            if c == "\\":
                if i + 1 >= n:
                    buf.append("\\")
                    i += 1
                elif s[i + 1] == "\n":
                    i += 2
                else:
                    _flush(buf, parts)
                    parts.append(Lit(s[i + 1], True))
                    i += 2
            elif c == "'":
                j = s.find("'", i + 1)
                if j < 0:
                    raise eof_matching("'")
                _flush(buf, parts)
                parts.append(Lit(s[i + 1:j], True))
                i = j + 1
            elif c == '"':
                _flush(buf, parts)
                if s.startswith('""', i):  # the empty word: common, and cheap to take whole
                    if not parts or parts[-1] != _EMPTY:
                        parts.append(_EMPTY)
                    i += 2
                    continue
                got, i = self._dquoted(s, i + 1, '"')
                parts.extend(got or [Lit("", True)])
            elif c == "$":
                _flush(buf, parts)
                if s.startswith("$'", i):
                    j, text = ansi_c(s, i + 2)
                    if j < 0:
                        raise eof_matching("'")
                    parts.append(Lit(text, True))
                    i = j
                elif s.startswith('$"', i):
                    got, i = self._dquoted(s, i + 2, '"')
                    parts.extend(got or [Lit("", True)])
                else:
                    part, i = self._dollar(s, i, False)
                    parts.append(part)
            elif c == "`":
                _flush(buf, parts)
                part, i = backquoted(s, i, False)
                parts.append(part)
            else:  # `~` not at the start of a word, or a metachar allowed here (in ${...})
                buf.append(c)
                i += 1
        _flush(buf, parts)
        return _merge(parts), i

    def _dquoted(self, s: str, i: int, close: str | None) -> tuple[list[Part], int]:
        """Inside double quotes (``close`` '"') or an unquoted here-document's body (None):
        only ``$``, backquote and a few backslash escapes are special."""
        n = len(s)
        escapable = '$`"\\\n' if close else "$`\\\n"
        parts: list[Part] = []
        buf: list[str] = []
        while True:
            if i >= n:
                if close:
                    raise eof_matching('"')
                break
            c = s[i]
            if c == close:
                i += 1
                break
            m = _DQ_PLAIN.match(s, i)
            if m is not None:
                buf.append(m.group())
                i = m.end()
            elif c == "\\":
                nxt = s[i + 1:i + 2]
                if nxt and nxt in escapable:
                    if nxt != "\n":
                        buf.append(nxt)
                    i += 2
                else:
                    buf.append("\\")
                    i += 1
            elif c == "$":
                if s.startswith("$(", i) or (i + 1 < n and s[i + 1] == "{") or (i + 1 < n and (s[i + 1] in _SPECIAL_PARAMS or s[i + 1].isalpha() or s[i + 1] == "_")):
                    _flush(buf, parts, True)
                    part, i = self._dollar(s, i, True)
                    parts.append(part)
                else:
                    buf.append("$")
                    i += 1
            elif c == "`":
                _flush(buf, parts, True)
                part, i = backquoted(s, i, True)
                parts.append(part)
            else:  # the closing quote of a here-document body: just text
                buf.append(c)
                i += 1
        _flush(buf, parts, True)
        return _merge(parts), i

    def _dollar(self, s: str, i: int, quoted: bool) -> tuple[Part, int]:
        """A ``$`` expansion at ``i``."""
        nxt = s[i + 1:i + 2]
        if nxt == "(":
            if s.startswith("$((", i):
                end = _arith_end(s, i + 3)
                if end >= 0:
                    return Arith(arith_parts(s[i + 3:end]), quoted), end + 2
                # no `))`: `$((cd x; ls) 2>&1)` is a substitution of a subshell, as bash reads it
            return substitution(s, i, quoted)
        if nxt == "[":
            raise Unsupported("arithmetic expansion $[...]")
        if nxt == "{":
            return self._braced(s, i + 2, quoted)
        if nxt and nxt in _SPECIAL_PARAMS:
            return Param(nxt, quoted=quoted), i + 2
        m = _NAME.match(s, i + 1)
        if m is not None:
            return Param(m.group(), quoted=quoted), m.end()
        return Lit("$", quoted), i + 1

    def _braced(self, s: str, i: int, quoted: bool) -> tuple[Part, int]:
        """``${...}`` from just after the brace."""
        n = len(s)
        close = closing(s, i, "}", double_quotes=False)
        if close < 0:
            raise eof_matching("}")
        length = s.startswith("#", i) and i + 1 < close
        if length:
            i += 1
        m = _NAME.match(s, i)
        if m is not None:
            name, j = m.group(), m.end()
        elif i < n and s[i].isdigit() and s[i].isascii():  # ${10}: positional parameters past nine
            j = i
            while j < n and s[j].isdigit() and s[j].isascii():
                j += 1
            name = s[i:j]
        elif i < n and s[i] in _SPECIAL_PARAMS:
            name, j = s[i], i + 1
        else:
            raise ShellSyntaxError(f"{s[i - 2 - length:close + 1]}: bad substitution", 1)
        if j == close:
            return Param(name, "len" if length else "", (), quoted), close + 1
        if not length:
            for op in _REMOVAL_OPS:  # ${f%.log}, ${p##*/}: the pattern keeps its own quoting, even in "..."
                if s.startswith(op, j):
                    arg, k = Lexer(s)._unquoted(j + len(op), "}", [])
                    return Param(name, op, tuple(arg), quoted), k + 1
            for op in _PARAM_OPS:
                if s.startswith(op, j):
                    if op.endswith("?"):
                        raise Unsupported("the parameter expansion ${NAME:?message}")
                    inner = Lexer(s)
                    arg, k = inner._unquoted(j + len(op), "}", [])
                    if quoted:
                        arg = [Lit(p.text, True) if type(p) is Lit else p for p in arg]
                    return Param(name, op, tuple(arg), quoted), k + 1
            edit = param_ops.read(Lexer(s), s, j, name, quoted)  # `s` may be a here-document's body
            if edit is not None:
                return edit
            if s[j] in "#%@":
                raise Unsupported(f"the parameter expansion ${{NAME{s[j]}...}}")
        if s[j] == "[":  # bash's arrays (${PIPESTATUS[0]}, ${a[@]}): well formed, just not here
            raise Unsupported("an array element ${NAME[...]}")
        raise ShellSyntaxError(f"{s[i - 2 - length:close + 1]}: bad substitution", 1)


def arith_parts(body: str) -> tuple[Part, ...]:
    """An arithmetic expression's text as parts: its ``$`` expansions, the rest as it is but for
    double quotes, which bash removes there (``(( "$x" > 3 ))``)."""
    return tuple(Lit(p.text.replace('"', ""), p.quoted) if type(p) is Lit else p
                 for p in Lexer(body)._dquoted(body, 0, None)[0])


def _arith_end(s: str, i: int) -> int:
    """Index of the ``))`` closing a ``$((`` whose expression starts at ``i``, or -1."""
    depth = 0
    while i < len(s):
        c = s[i]
        if c == "(":
            depth += 1
        elif c == ")":
            if depth == 0:
                return i if s.startswith("))", i) else -1
            depth -= 1
        i += 1
    return -1


def _flush(buf: list[str], parts: list[Part], quoted: bool = False) -> None:
    if buf:
        parts.append(Lit("".join(buf), quoted))
        buf.clear()


def _merge(parts: list[Part]) -> list[Part]:
    """Adjacent literals of the same quoting as one."""
    if len(parts) < 2:
        return parts
    out: list[Part] = [parts[0]]
    for p in parts[1:]:
        last = out[-1]
        if type(p) is Lit and type(last) is Lit and p.quoted == last.quoted:
            out[-1] = Lit(last.text + p.text, p.quoted)
        else:
            out.append(p)
    return out


def tokenize(line: str) -> tuple[list[Token], list[str]]:
    """The tokens of ``line`` and the warnings bash would print reading it."""
    lexer = Lexer(line)
    try:
        tokens = lexer.run()
    except ShellSyntaxError as err:  # `select f in *; do ...`: an unsupported compound, not a typo
        keyword = _first_keyword(lexer.tokens)
        raise err if keyword not in UNSUPPORTED_KEYWORDS else Unsupported(COMPOUNDS[keyword]) from None
    return tokens, lexer.warnings


def _first_keyword(tokens: list[Token]) -> str | None:
    """The first compound-command keyword in command position among ``tokens``."""
    after_operator = True
    for kind, _, text in tokens:
        if kind == "W" and after_operator and text in COMPOUNDS:
            return text
        after_operator = kind not in ("W", "R", "H")
    return None
