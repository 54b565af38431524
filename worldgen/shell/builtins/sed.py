"""sed: the stream editor's everyday subset, GNU sed 4.9 style.

Commands ``s`` (flags g, p, N, i/I; any delimiter; ``&`` and ``\\1``..``\\9``), ``p``, ``d``,
``q``/``Q`` (with an exit code), ``=``, ``y``, ``a``/``i``/``c`` (one-liner and ``a\\`` forms),
each behind an optional address (``N``, ``$``, ``/re/``, ``\\%re%``, ``first~step``) or range
(``A,B``, ``A,+N``) and ``!``. Scripts come from the first operand, ``-e`` (repeatable) or
``-f``; ``-n``, ``-E``/``-r``, ``-s``, and ``-i[SUFFIX]`` (in place, through the file system).
Errors are GNU's: ``sed: -e expression #1, char 5: unterminated `s' command``, exit 1.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from worldgen.shell.budget import CHARGE_EVERY, MATCH_COST, charge
from worldgen.shell.builtins.base import Call
from worldgen.shell.builtins.options import NO, OPTIONAL, REQUIRED, OptionError, Spec, ascii_digits, parse
from worldgen.shell.builtins.regex import BUDGET, RegexError, translate
from worldgen.shell.builtins.sed_usage import USAGE
from worldgen.shell.fs import FsError

SPEC = Spec("nErsi::e:f:", {
    "quiet": ("n", NO), "silent": ("n", NO), "regexp-extended": ("E", NO), "separate": ("s", NO),
    "in-place": ("i", OPTIONAL), "expression": ("e", REQUIRED), "file": ("f", REQUIRED), "posix": ("posix", NO),
})
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
    replacement: list[str | int] = field(default_factory=list)  # literal parts and group numbers (0: &)
    count: int = 1  # s: which match (0: all, with g)
    every: bool = False
    printing: bool = False
    code: int = 0
    active: bool = False  # inside its range
    end: int = 0  # the line a numeric range ends on


class _Parser:
    """One -e expression into Commands."""

    def __init__(self, script: str, extended: bool):
        self.s = script
        self.i = 0
        self.ere = extended
        self.last_regex: re.Pattern[str] | None = None
        self.degree = 0  # the costliest pattern's (see Regex.degree)

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
                cmd.code, self.i = int(m.group()), m.end()
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
                return Address(line=int(m.group()), step=int(step.group()) if step else 0)
            if int(m.group()) == 0 and not allow_plus:
                raise self.fail("invalid usage of line address 0")
            return Address(line=int(m.group()))
        if ch == "+" and allow_plus:
            self.i += 1
            m = NUMBER.match(self.s, self.i)
            if not m:
                raise self.fail("expected newer version of sed")
            self.i = m.end()
            return Address(plus=int(m.group()))
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
            python, _, _, degree = translate(source, extended=self.ere, icase=icase)
            self.degree = max(self.degree, degree)
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
        while True:
            ch = self.peek()
            if ch == "g":
                cmd.every = True
            elif ch == "p":
                cmd.printing = True
            elif ch in ("i", "I"):
                icase = True
            elif ascii_digits(ch):
                m = NUMBER.match(self.s, self.i)
                assert m is not None
                if int(m.group()) == 0:
                    self.i = m.end()
                    raise self.fail("number option to `s' command may not be zero")
                cmd.count, self.i = int(m.group()), m.end()
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

    def replacement(self, delim: str) -> list[str | int]:
        parts: list[str | int] = []
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


@dataclass(slots=True)
class _Run:
    """One pass of a script over a stream of lines."""

    commands: list[Command]
    quiet: bool
    out: list[str] = field(default_factory=list)
    number: int = 0
    status: int | None = None  # set by q/Q: stop reading
    missing: bool = False  # the output so far ends in a line printed without its newline

    def emit(self, text: str, newline: bool = True) -> None:
        """Output, as GNU writes it: a line that had no newline in the input is printed without
        one, and gets it back only if more output follows."""
        if self.missing:
            self.out.append("\n")
        self.out.append(text + "\n" if newline else text)
        self.missing = not newline

    def stream(self, text: str, last_stream: bool) -> None:
        lines = text.split("\n")
        ends = [True] * (len(lines) - 1)
        if lines[-1] == "":
            lines.pop()
        else:
            ends.append(False)  # the last line has no newline: GNU keeps it missing
        for index, line in enumerate(lines):
            if self.status is not None:
                return
            self.number += 1
            self.cycle(line, ends[index], last_stream and index == len(lines) - 1)

    def cycle(self, space: str, newline: bool, last: bool) -> None:
        appended: list[str] = []
        for cmd in self.commands:
            if not self.selects(cmd, space, last):
                continue
            name = cmd.name
            if name == "s":
                space = self.substitute(cmd, space, newline)
            elif name == "p":
                self.emit(space, newline)
            elif name == "d":
                self.emit_all(appended)
                return
            elif name == "=":
                self.emit(str(self.number))
            elif name == "i":
                self.emit(cmd.text)
            elif name == "a":
                appended.append(cmd.text)
            elif name == "c":
                if cmd.second is None or not cmd.active or cmd.negate:
                    self.emit(cmd.text)
                self.emit_all(appended)
                return
            elif name == "y":
                space = space.translate(str.maketrans(cmd.text, cmd.target))
            elif name in "qQ":
                if name == "q" and not self.quiet:
                    self.emit(space, newline)
                self.emit_all(appended)
                self.status = cmd.code
                return
        if not self.quiet:
            self.emit(space, newline)
        self.emit_all(appended)

    def emit_all(self, texts: list[str]) -> None:
        for text in texts:
            self.emit(text)

    def selects(self, cmd: Command, space: str, last: bool) -> bool:
        return self.matches(cmd, space, last) != cmd.negate

    def matches(self, cmd: Command, space: str, last: bool) -> bool:
        first, second = cmd.first, cmd.second
        if first is None:
            return True
        if second is None:
            return self.hit(first, space, last)
        if cmd.active:
            if second.regex is not None:
                cmd.active = not self.hit(second, space, last)
            else:
                cmd.active = self.number < cmd.end
            return True
        if not self.hit(first, space, last):
            return False
        if second.plus is not None:
            cmd.end = self.number + second.plus
            cmd.active = self.number < cmd.end
        elif second.regex is not None:
            cmd.active = not last
        else:
            cmd.end = second.line if second.line is not None else (1 << 62 if second.last else 0)
            cmd.active = self.number < cmd.end and not last
        return True

    def hit(self, address: Address, space: str, last: bool) -> bool:
        if address.last:
            return last
        if address.regex is not None:
            return address.regex.search(space) is not None
        if address.step:
            return self.number >= (address.line or 0) and (self.number - (address.line or 0)) % address.step == 0
        return self.number == address.line

    def substitute(self, cmd: Command, space: str, newline: bool) -> str:
        assert cmd.regex is not None  # parsed with one
        rx = cmd.regex
        seen = 0
        pieces: list[str] = []
        pos = 0
        changed = False
        # what one match adds is at most the literal text plus each group reference's match, so
        # it is charged before it is made (`s/.*/&&&&&&/` over a long line grows fast)
        literal = sum(len(p) for p in cmd.replacement if isinstance(p, str))
        refs = len(cmd.replacement) - sum(1 for p in cmd.replacement if isinstance(p, str))
        spent = 0
        for m in rx.finditer(space):
            seen += 1
            if seen < cmd.count:
                continue
            spent += MATCH_COST + m.start() - pos + literal + refs * (m.end() - m.start())
            if spent > CHARGE_EVERY:
                charge(spent)
                spent = 0
            pieces.append(space[pos:m.start()])
            pieces.extend(m.group(p) or "" if isinstance(p, int) else p for p in cmd.replacement)
            pos = m.end()
            changed = True
            if not cmd.every:
                break
        charge(spent)
        if not changed:
            return space
        pieces.append(space[pos:])
        space = "".join(pieces)
        if cmd.printing:
            self.emit(space, newline)
        return space


def sed(call: Call) -> int:
    try:
        opts, operands = parse(call.argv[1:], SPEC)
    except OptionError as err:
        call.err(str(err))
        call.stderr.append(USAGE)
        return 1
    scripts: list[str] = []
    quiet = extended = separate = False
    suffix: str | None = None
    for key, value in opts:
        if key == "n":
            quiet = True
        elif key in "Er":
            extended = True
        elif key == "s":
            separate = True
        elif key == "i":
            suffix, separate = value or "", True
        elif key == "e":
            scripts.append(value or "")
        elif key == "f":
            try:
                scripts.append(call.fs.read(call.path(value or "")).rstrip("\n"))
            except FsError as err:
                call.err(f"couldn't open file {value}: {err.reason}")
                return 1
    if not scripts:
        if not operands:
            call.stderr.append(USAGE)
            return 1
        scripts.append(operands.pop(0))
    commands: list[Command] = []
    previous: re.Pattern[str] | None = None
    degree = 0
    for number, script in enumerate(scripts, 1):
        parser = _Parser(script, extended)
        parser.last_regex = previous
        try:
            commands.extend(parser.commands())
        except ScriptError as err:
            call.err(f"-e expression #{number}, char {err.char}: {err}")
            return 1
        previous = parser.last_regex
        degree = max(degree, parser.degree)
    return _execute(call, commands, quiet, operands, suffix, separate, degree)


def _execute(call: Call, commands: list[Command], quiet: bool, files: list[str], suffix: str | None, separate: bool,
             degree: int) -> int:
    status = 0
    texts: list[tuple[str, str]] = []
    for name in files or ["-"]:
        if name == "-" and suffix is None:
            texts.append((name, call.stdin))
            continue
        try:
            texts.append((name, call.fs.read(call.path(name))))
        except FsError as err:
            status = 2
            call.err(f"couldn't edit {name}: not a regular file" if suffix is not None and err.errno == "EISDIR"
                     else f"read error on {name}: {err.reason}" if err.errno == "EISDIR"
                     else f"can't read {name}: {err.reason}")
    if degree and sum(len(t) for _, t in texts) * max((len(line) for _, t in texts for line in t.split("\n")), default=0) ** degree > BUDGET:
        call.err("regular expression too costly for this input (repeated wildcards over long lines); refused")
        return 4
    run = _Run(commands, quiet)
    for index, (name, text) in enumerate(texts):
        if suffix is not None:
            run = _Run(commands, quiet, number=0)
            for cmd in commands:
                cmd.active = False
        run.stream(text, separate or index == len(texts) - 1)
        if suffix is not None:
            try:
                if suffix:
                    call.fs.write(call.path(name + suffix), text)
                call.fs.write(call.path(name), "".join(run.out))
            except FsError as err:
                call.err(f"couldn't open file {name}: {err.reason}")
                status = 4
        if run.status is not None:
            break
    if suffix is None:
        call.stdout.extend(run.out)
    return run.status if run.status is not None and status == 0 else status


COMMANDS = {"sed": sed}
