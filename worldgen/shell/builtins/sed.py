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

from worldgen.shell.budget import CHARGE_EVERY, MATCH_COST, Charged, charge
from worldgen.shell.builtins.sed_case import cased
from worldgen.shell.builtins.base import Call
from worldgen.shell.builtins.options import NO, OPTIONAL, REQUIRED, OptionError, Spec, parse
from worldgen.shell.builtins.regex import BUDGET, search_cost
from worldgen.shell.builtins.sed_script import Address, Command, ScriptError, ScriptParser
from worldgen.shell.builtins.sed_usage import USAGE
from worldgen.shell.fs import FsError

STEP_COST = 64  # units per command per line: tests its address and runs it, a few Python calls each
SPEC = Spec("nErsi::e:f:", {
    "quiet": ("n", NO), "silent": ("n", NO), "regexp-extended": ("E", NO), "separate": ("s", NO),
    "in-place": ("i", OPTIONAL), "expression": ("e", REQUIRED), "file": ("f", REQUIRED), "posix": ("posix", NO),
})


@dataclass(slots=True)
class _Run:
    """One pass of a script over a stream of lines."""

    commands: list[Command]
    quiet: bool
    out: list[str] = field(default_factory=list)
    number: int = 0
    status: int | None = None  # set by q/Q: stop reading
    missing: bool = False  # the output so far ends in a line printed without its newline
    wide: int = 1  # the most alternatives of the script's patterns (regex.search_cost)

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
        charge(STEP_COST * len(self.commands))  # each is at least tested: 's/q/z/;' x 2,000 over 10,000 lines
        for cmd in self.commands:
            if not self.selects(cmd, space, last):
                continue
            name = cmd.name
            if name == "s":
                self.charge_search(space)
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

    def charge_search(self, space: str) -> None:
        """A search reads the line, whether it matches or not, and tries each alternative."""
        charge(len(space) + search_cost(len(space), self.wide))

    def hit(self, address: Address, space: str, last: bool) -> bool:
        if address.last:
            return last
        if address.regex is not None:
            self.charge_search(space)
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
        refs = sum(1 for p in cmd.replacement if isinstance(p, int))
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
            if cmd.cased:
                pieces.append(cased(cmd.replacement, m.group))
            else:
                pieces.extend(m.group(p) or "" if isinstance(p, int) else p for p in cmd.replacement)  # type: ignore[misc]
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
    degree, wide = 0, 1
    for number, script in enumerate(scripts, 1):
        parser = ScriptParser(script, extended)
        parser.last_regex = previous
        try:
            commands.extend(parser.commands())
        except ScriptError as err:
            call.err(f"-e expression #{number}, char {err.char}: {err}")
            return 1
        previous = parser.last_regex
        degree, wide = max(degree, parser.degree), max(wide, parser.wide)
    return _execute(call, commands, quiet, operands, suffix, separate, degree, wide)


def _execute(call: Call, commands: list[Command], quiet: bool, files: list[str], suffix: str | None, separate: bool,
             degree: int, wide: int) -> int:
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
    run = _Run(commands, quiet, call.stdout if suffix is None else Charged(), wide=wide)  # charged as made
    for index, (name, text) in enumerate(texts):
        if suffix is not None:
            run = _Run(commands, quiet, Charged(), number=0, wide=wide)
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
    return run.status if run.status is not None and status == 0 else status


COMMANDS = {"sed": sed}
