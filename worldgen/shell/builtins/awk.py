"""awk: the POSIX subset one-liners use (``awk -F: '$3 >= 1000 {print $1}' /etc/passwd``).

Options ``-F SEP``, ``-v name=value`` and ``--``; operands are files (``-`` is stdin) or
``name=value`` assignments made when reached. Messages and exit statuses follow mawk: a syntax
error is ``awk: line 1: syntax error at or near X`` (2), an unreadable file stops the run (2).
The program is parsed by ``awk_parse`` and run by ``awk_run``.
"""

from __future__ import annotations

import re

from worldgen.shell.builtins import awk_parse
from worldgen.shell.builtins.awk_lex import ESCAPES, AwkSyntaxError
from worldgen.shell.builtins.awk_run import Exit, Interpreter
from worldgen.shell.builtins.awk_values import AwkError, input_value
from worldgen.shell.builtins.base import Builtin, Call
from worldgen.shell.builtins.bytewise import bytewise
from worldgen.shell.fs import FsError

USAGE = "usage: awk [-F value] [-v var=value] [--] 'program text' [file ...]\n"
_ASSIGNMENT = re.compile(r"([A-Za-z_][A-Za-z0-9_]*)=(.*)\Z", re.S)
_ESCAPE = re.compile(r"\\(.)", re.S)


def unescape(value: str) -> str:
    """A command-line value's escapes (``-F '\\t'``, ``-v x='a\\nb'``), as in a string constant."""
    return _ESCAPE.sub(lambda m: ESCAPES.get(m.group(1), m.group()), value)


def _options(call: Call) -> tuple[list[tuple[str, str]], str, list[str]] | str:
    """(assignments with FS first, the program, operands), or the complaint."""
    args = call.argv[1:]
    assigns: list[tuple[str, str]] = []
    i = 0
    while i < len(args) and args[i].startswith("-") and args[i] != "-":
        arg = args[i]
        i += 1
        if arg == "--":
            break
        flag, value = arg[1], arg[2:]
        if flag not in "Fv":
            return f"not an option: {arg}"
        if not value:
            if i >= len(args):
                return f"option requires an argument -- {flag}"
            value, i = args[i], i + 1
        if flag == "F":
            assigns.append(("FS", value))
            continue
        m = _ASSIGNMENT.match(value)
        if m is None:
            return f"improper assignment: -v {value}"
        assigns.append((m.group(1), m.group(2)))
    if i >= len(args):
        return "no program given"
    return assigns, args[i], args[i + 1:]


def awk(call: Call) -> int:
    parsed = _options(call)
    if isinstance(parsed, str):
        call.err(parsed)
        call.stderr.append(USAGE)
        return 2
    assigns, source, operands = parsed
    try:
        program = awk_parse.parse(source)
    except AwkSyntaxError as err:
        call.err(str(err))
        return 2
    run = Interpreter(call, program)
    try:
        for name, value in assigns:
            run.set_var(name, input_value(unescape(value)))
        run.arrays["ARGV"] = {str(n): arg for n, arg in enumerate(["awk", *operands])}
        run.vars["ARGC"] = float(len(operands) + 1)
        _run(call, run, operands)
        run.close_all()
    except AwkError as err:
        run.close_all()
        call.err(str(err))
        return 2
    except RecursionError:
        call.err("program refused: nested too deeply")
        return 2
    return run.status


def _run(call: Call, run: Interpreter, operands: list[str]) -> None:
    program = run.program
    try:
        for block in program.begin:
            run.run_block(block)
        if program.rules or program.end:
            files = [op for op in operands if not _ASSIGNMENT.match(op)]
            for op in operands if files else [*operands, "-"]:
                m = _ASSIGNMENT.match(op)
                if m is not None and op not in files:
                    run.set_var(m.group(1), input_value(unescape(m.group(2))))
                    continue
                run.vars["FILENAME"] = "" if op == "-" and not files else op
                run.vars["FNR"] = 0.0
                run.records(call.stdin if op == "-" else _read(call, op))
    except Exit:
        pass
    try:
        for block in program.end:
            run.run_block(block)
    except Exit:
        pass


def _read(call: Call, name: str) -> str:
    try:
        return call.fs.read(call.path(name))
    except FsError as err:
        raise AwkError(f"cannot open {name} ({err.reason})") from None


COMMANDS: dict[str, Builtin] = {"awk": bytewise(awk)}  # mawk counts bytes
