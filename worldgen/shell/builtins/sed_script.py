"""sed's scripts parsed: commands, addresses and ranges, ``s`` and ``y`` with their delimiters and
flags, ``a``/``i``/``c`` text; errors with GNU's wording and character position."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from worldgen.shell.builtins.sed_case import OPS as CASE_OPS, CaseOp
from worldgen.shell.builtins.options import ascii_digits, integer
from worldgen.shell.builtins.regex import RegexError, translate

NUMBER = re.compile(r"[0-9]+")  # ASCII: `\d` would take any script's digits
SED_ESCAPES = {"n": "\n", "t": "\t"}


class ScriptError(Exception):
    """A script GNU rejects: the message, and the 1-based char where sed noticed."""

    def __init__(self, message: str, char: int):
        super().__init__(message)
        self.char = char


@dataclass(slots=True)
class Address:
    line: int | None = None  # a line number
    last: bool = False  # $
    regex: re.Pattern[str] | None = None
    step: int = 0  # first~step
    plus: int | None = None  # A,+N (second address only)


@dataclass(slots=True)
class Command:
    name: str
    first: Address | None = None
    second: Address | None = None
    negate: bool = False
    text: str = ""  # a/i/c text; y source
    target: str = ""  # y destination
    regex: re.Pattern[str] | None = None
    replacement: list[str | int | CaseOp] = field(default_factory=list)  # literal parts, group numbers (0: &), case ops
    cased: bool = False  # the replacement converts case (sed_case.py)
    count: int = 1  # s: which match (0: all, with g)
    every: bool = False
    printing: bool = False
    code: int = 0
    active: bool = False  # inside its range
    end: int = 0  # the line a numeric range ends on


class ScriptParser:
    """One -e expression into Commands."""

    def __init__(self, script: str, extended: bool):
        self.s = script
        self.i = 0
        self.ere = extended
        self.last_regex: re.Pattern[str] | None = None
        self.degree = 0  # the costliest pattern's (see Regex.degree)
        self.wide = 1  # the most alternatives of any pattern (see regex.search_cost)

    def fail(self, message: str) -> ScriptError:
        return ScriptError(message, self.i)

    def peek(self) -> str:
        return self.s[self.i] if self.i < len(self.s) else ""

    def take(self) -> str:
        ch = self.peek()
        self.i += 1
        return ch

    def blanks(self) -> None:
        while self.peek() in (" ", "\t") and self.peek():
            self.i += 1

    def commands(self) -> list[Command]:
        out: list[Command] = []
        while True:
            while self.peek() and self.peek() in " \t\n;":
                self.i += 1
            if not self.peek():
                return out
            out.append(self.command())

    def command(self) -> Command:
        first = self.address()
        second = None
        if first is not None and self.peek() == ",":
            self.i += 1
            self.blanks()
            second = self.address(allow_plus=True)
            if second is None:
                raise self.fail("unexpected `,'")
        self.blanks()
        negate = False
        while self.peek() == "!":
            negate = True
            self.i += 1
            self.blanks()
        name = self.take()
        cmd = Command(name, first, second, negate)
        if not name:
            raise self.fail("missing command")
        if name == "s":
            self.substitution(cmd)
        elif name == "y":
            self.transliteration(cmd)
        elif name in "aic":
            cmd.text = self.text()
        elif name in "qQ":
            self.blanks()
            m = NUMBER.match(self.s, self.i)
            if m:
                cmd.code, self.i = integer(m.group()), m.end()
        elif name not in "pd=":
            raise self.fail(f"unknown command: `{name}'")
        if name in "qQ" and second is not None:
            raise self.fail("command only uses one address")
        self.end_of_command()
        return cmd

    def end_of_command(self) -> None:
        self.blanks()
        ch = self.peek()
        if ch and ch not in ";\n}":
            self.i += 1
            raise self.fail("extra characters after command")

    def address(self, allow_plus: bool = False) -> Address | None:
        ch = self.peek()
        if ascii_digits(ch):  # '²' is a digit to Python, not to sed
            m = NUMBER.match(self.s, self.i)
            assert m is not None
            self.i = m.end()
            if self.peek() == "~":
                self.i += 1
                step = NUMBER.match(self.s, self.i)
                self.i = step.end() if step else self.i
                return Address(line=integer(m.group()), step=integer(step.group()) if step else 0)
            if integer(m.group()) == 0 and not allow_plus:
                raise self.fail("invalid usage of line address 0")
            return Address(line=integer(m.group()))
        if ch == "+" and allow_plus:
            self.i += 1
            m = NUMBER.match(self.s, self.i)
            if not m:
                raise self.fail("expected newer version of sed")
            self.i = m.end()
            return Address(plus=integer(m.group()))
        if ch == "$":
            self.i += 1
            return Address(last=True)
        if ch == "/" or ch == "\\":
            self.i += 1
            delim = self.take() if ch == "\\" else "/"
            source = self.delimited(delim, "unterminated address regex")
            icase = False
            while self.peek() in ("I", "M"):
                icase = icase or self.take() == "I"
            return Address(regex=self.compile(source, icase))
        return None

    def delimited(self, delim: str, unterminated: str) -> str:
        """Text up to an unescaped ``delim`` (consumed); ``\\delim`` stands for the delimiter
        itself and ``\\n`` for a newline."""
        out: list[str] = []
        while True:
            ch = self.take()
            if not ch:
                self.i -= 1
                raise self.fail(unterminated)
            if ch == delim:
                return "".join(out)
            if ch == "\\":
                nxt = self.take()
                if not nxt:
                    self.i -= 1
                    raise self.fail(unterminated)
                if nxt == delim:  # the delimiter itself, as a literal
                    out.append(delim if delim not in ".*[]^$+?(){}|" else "\\^" if delim == "^" else f"[{delim}]")
                elif nxt == "n":
                    out.append("\n")
                else:
                    out.append("\\" + nxt)
            elif ch == "\n" and delim != "\n":
                self.i -= 1
                raise self.fail(unterminated)
            else:
                out.append(ch)

    def compile(self, source: str, icase: bool) -> re.Pattern[str]:
        if source == "":
            if self.last_regex is None:
                raise self.fail("no previous regular expression")
            return self.last_regex
        source = "".join(SED_ESCAPES.get(part[1:], part) if part.startswith("\\") else part
                         for part in re.split(r"(\\.)", source) if part)
        try:
            python, _, _, degree, wide = translate(source, extended=self.ere, icase=icase)
            self.degree = max(self.degree, degree)
            self.wide = max(self.wide, wide)
            rx = re.compile(python, re.ASCII | (re.IGNORECASE if icase else 0))
        except (RegexError, re.error) as err:
            raise self.fail(str(err)) from None
        self.last_regex = rx
        return rx

    def substitution(self, cmd: Command) -> None:
        delim = self.take()
        if not delim or delim in "\n\\":
            raise self.fail("unterminated `s' command")
        pattern = self.delimited(delim, "unterminated `s' command")
        replacement = self.replacement(delim)
        icase = False
        numbered = False
        while True:
            ch = self.peek()
            if ch == "g":
                if cmd.every:
                    self.i += 1
                    raise self.fail("multiple `g' options to `s' command")
                cmd.every = True
            elif ch == "p":
                if cmd.printing:
                    self.i += 1
                    raise self.fail("multiple `p' options to `s' command")
                cmd.printing = True
            elif ch in ("i", "I"):
                icase = True
            elif ascii_digits(ch):
                m = NUMBER.match(self.s, self.i)
                assert m is not None
                if integer(m.group()) == 0:
                    self.i = m.end()
                    raise self.fail("number option to `s' command may not be zero")
                if numbered:
                    self.i = m.end()
                    raise self.fail("multiple number options to `s' command")
                cmd.count, self.i, numbered = integer(m.group()), m.end(), True
                continue
            elif ch in ("", ";", "\n", "}", " ", "\t"):
                break
            else:
                self.i += 1
                raise self.fail("unknown option to `s'")
            self.i += 1
        cmd.regex = self.compile(pattern, icase)
        wanted = max((p for p in replacement if isinstance(p, int)), default=0)
        if wanted > cmd.regex.groups:
            raise self.fail(f"invalid reference \\{wanted} on `s' command's RHS")
        cmd.replacement = replacement
        cmd.cased = any(type(p) is CaseOp for p in replacement)

    def replacement(self, delim: str) -> list[str | int | CaseOp]:
        parts: list[str | int | CaseOp] = []
        literal: list[str] = []
        while True:
            ch = self.take()
            if not ch or (ch == "\n" and delim != "\n"):
                self.i -= 0 if ch else 1
                raise self.fail("unterminated `s' command")
            if ch == delim:
                break
            if ch == "&":
                parts.extend(["".join(literal), 0])
                literal = []
            elif ch == "\\":
                nxt = self.take()
                if ascii_digits(nxt):
                    parts.extend(["".join(literal), int(nxt)])
                    literal = []
                elif nxt and nxt in CASE_OPS:
                    parts.extend(["".join(literal), CaseOp(nxt)])
                    literal = []
                elif nxt:
                    literal.append(SED_ESCAPES.get(nxt, nxt) if nxt != "\n" else "\n")
            else:
                literal.append(ch)
        parts.append("".join(literal))
        return [p for p in parts if p != ""]

    def transliteration(self, cmd: Command) -> None:
        delim = self.take()
        source = self.delimited(delim, "unterminated `y' command")
        target = self.delimited(delim, "unterminated `y' command")
        source, target = (re.sub(r"\\(.)", r"\1", t) for t in (source, target))
        if len(source) != len(target):
            raise self.fail("strings for `y' command are different lengths")
        cmd.text, cmd.target = source, target

    def text(self) -> str:
        """a/i/c text: ``a\\`` then the next line(s), or GNU's one-liner ``a text``."""
        self.blanks()
        if self.peek() == "\\":
            self.i += 1
            if self.peek() == "\n":
                self.i += 1
        else:
            if not self.peek():
                raise self.fail("expected \\ after `a', `c' or `i'")
        out: list[str] = []
        while self.peek():
            ch = self.take()
            if ch == "\\" and self.peek():
                out.append(self.take())
            elif ch == "\n":
                break
            else:
                out.append(ch)
        return "".join(out)
