"""``xargs [-0] [-d DELIM] [-n N] [-L N] [-I R] [-r] [-t] [COMMAND [ARG...]]``: run COMMAND
(``echo`` by default) with the items read from stdin appended, the way GNU findutils does.

Items are split at blanks and newlines, with ``'...'``, ``"..."`` and ``\\`` quoting as GNU reads
them (a quote may not span a line); ``-0``/``-d`` split at one character and quote nothing; ``-I``
takes one line per command and puts it where REPLSTR stands. Commands start through the shell's
one way of exec'ing a file (``Context.program``), with stdin empty as GNU's ``/dev/null``. The
status is GNU's: 123 when any run exited 1-125, 124 when one exited 255 (xargs stops), 126/127
when COMMAND cannot run or does not exist, 1 for bad input (after running what came before).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from worldgen.shell.builtins.base import Call
from worldgen.shell.builtins.core import Context, exec_status, takes_context
from worldgen.shell.builtins.options import NO, OPTIONAL, REQUIRED, OptionError, Spec, decimal, parse, usage_error

_SPEC = Spec("0d:n:L:I:i::rtP:xs:", {
    "null": ("0", NO), "delimiter": ("d", REQUIRED), "max-args": ("n", REQUIRED), "max-lines": ("L", REQUIRED),
    "replace": ("i", OPTIONAL), "no-run-if-empty": ("r", NO), "verbose": ("t", NO), "max-procs": ("P", REQUIRED),
    "exit": ("x", NO), "max-chars": ("s", REQUIRED),
})
_SEPARATORS = " \t"  # end an item (so does a newline); \v, \f and \r are part of one, as in GNU
_WHITE = " \t\v\f\r"  # dropped at the start of an -I line
_QUOTING = re.compile(r"['\"\\]")
_WORDS = re.compile(r"[^ \t\n]+")
_RUN = {True: re.compile(r"[^ \t\n'\"\\]+"), False: re.compile(r"[^\n'\"\\]+")}  # text read as is, by mode
_ESCAPES = {"n": "\n", "t": "\t", "0": "\0", "\\": "\\", "r": "\r", "v": "\v", "f": "\f", "a": "\a", "b": "\b"}
_SAFE = re.compile(r"[A-Za-z0-9_@%+=:,./-]+")
MAX_BATCH_CHARS = 128 * 1024  # GNU's default command-line size: a longer input runs in several commands
_QUOTE_HINT = "; by default quotes are special to xargs unless you use the -0 option"


class _BadInput(Exception):
    """Input GNU refuses (an unmatched quote): its message and the items read before it."""


class _BadDelimiter(Exception):
    """A ``-d`` argument GNU refuses (without its ``Try --help`` line)."""


@dataclass
class _Plan:
    delimiter: str | None = None  # None: blanks and quotes
    max_args: int | None = None
    max_lines: int | None = None
    replace: str | None = None
    skip_empty: bool = False
    verbose: bool = False


@takes_context
def xargs(call: Call, ctx: Context) -> int:
    try:
        opts, command = parse(call.argv[1:], _SPEC, permute=False)
        plan = _plan(opts)
    except OptionError as err:
        return usage_error(call, str(err))
    except _BadDelimiter as err:
        call.err(str(err))
        return 1
    command = command or ["echo"]
    try:
        items, problem = _items(call.stdin, plan), None
    except _BadInput as err:
        items, problem = err.args[1], str(err.args[0])
    batches = _batches(items, plan, sum(len(word) + 1 for word in command))
    if not batches and not plan.skip_empty and plan.replace is None and problem is None:
        batches = [[]]  # GNU runs the command once even for empty input, unless -r
    status = _run_all(call, ctx, plan, command, batches)
    if problem is not None:
        call.err(problem)
        return 1
    return status


def _plan(opts: list[tuple[str, str | None]]) -> _Plan:
    plan = _Plan()
    for key, value in opts:
        if key == "0":
            plan.delimiter = "\0"
        elif key == "d":
            plan.delimiter = _delimiter(value or "")
        elif key in ("n", "L"):
            count = _count(value or "", key)
            plan.max_args, plan.max_lines = (count, None) if key == "n" else (None, count)
        elif key in ("I", "i"):
            plan.replace = value or "{}"
        elif key == "r":
            plan.skip_empty = True
        elif key == "t":
            plan.verbose = True
        elif key in ("P", "s"):
            _count(value or "", key)  # commands run one after another: -P only has to be valid
    return plan


def _count(text: str, option: str) -> int:
    value = decimal(text)
    if value is None:
        raise OptionError(f'invalid number "{text}" for -{option} option')
    if value < 1:
        raise OptionError(f"value {value} for -{option} option should be >= 1")
    return value


def _delimiter(text: str) -> str:
    if len(text) == 1:
        return text
    if text.startswith("\\"):
        body = text[1:]
        if body in _ESCAPES:
            return _ESCAPES[body]
        if body[:1] == "x" and re.fullmatch(r"[0-9a-fA-F]{1,2}", body[1:]):
            return chr(int(body[1:], 16))
        if re.fullmatch(r"[0-7]{1,3}", body):
            return chr(int(body, 8))
    raise _BadDelimiter(f"Invalid input delimiter specification {text}: the delimiter must be either a single "
                      "character or an escape sequence starting with \\.")


# ----------------------------------------------------------------------------- reading items
def _items(text: str, plan: _Plan) -> list[tuple[str, int]]:
    """(item, input line it ends on). Raises ``_BadInput(message, items read before it)``."""
    if plan.delimiter is not None:
        parts = text.split(plan.delimiter)
        if parts[-1] == "":
            parts.pop()
        return [(part, i) for i, part in enumerate(parts)]
    return _quoted_items(text, split_blanks=plan.replace is None)


def _quoted_items(text: str, split_blanks: bool) -> list[tuple[str, int]]:
    """GNU's default reader: spaces, tabs and newlines end an item (with ``-I`` only newlines do,
    and white space starting a line is dropped); quotes and backslashes protect what they cover.
    Each item comes with its line for ``-L``, counted as GNU counts: a line without items is no
    line, and a line ending in a space or tab goes on to the next."""
    if not _QUOTING.search(text):  # nothing protected: whole lines split at once (a log of a megabyte: 80,000 items)
        if not split_blanks:
            return [(item, line) for line, row in enumerate(text.split("\n")) if (item := row.lstrip(_WHITE))]
        items: list[tuple[str, int]] = []
        line = 0
        for row in text.split("\n"):
            words = _WORDS.findall(row)
            items.extend((word, line) for word in words)
            line += bool(words) and row[-1] not in _SEPARATORS
        return items
    items = []
    chars: list[str] = []
    started = row_started = False
    line = 0
    plain = _RUN[split_blanks]
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        i += 1
        if c == "\n" or (split_blanks and c in _SEPARATORS):
            if started:
                items.append(("".join(chars), line))
                chars, started = [], False
            if c == "\n":
                line += row_started and text[i - 2] not in _SEPARATORS
                row_started = False
        elif not split_blanks and not started and c in _WHITE:
            continue
        elif c in "'\"":
            end = text.find(c, i)
            newline = text.find("\n", i)
            if end < 0 or 0 <= newline < end:
                kind = "single" if c == "'" else "double"
                raise _BadInput(f"unmatched {kind} quote{_QUOTE_HINT}", items)
            chars.append(text[i:end])
            started = row_started = True
            i = end + 1
        elif c == "\\" and i < n:
            chars.append(text[i])
            started = row_started = True
            i += 1
        else:  # a run of plain text, taken whole (a megabyte read a character at a time took a second)
            run = plain.match(text, i - 1)
            if run is None:  # a backslash that ends the input stands for itself
                chars.append(c)
            else:
                chars.append(run.group())
                i = run.end()
            started = row_started = True
    if started:
        items.append(("".join(chars), line))
    return items


# ----------------------------------------------------------------------------- running
def _batches(items: list[tuple[str, int]], plan: _Plan, base: int) -> list[list[str]]:
    """The items each command gets: one each with -I, N with -n, N lines' worth with -L, else as
    many as fit in GNU's command-line size."""
    if plan.replace is not None:
        return [[item] for item, _ in items]
    batches: list[list[str]] = []
    current: list[str] = []
    size, first_line = base, 0
    for item, line in items:
        full = (plan.max_args is not None and len(current) >= plan.max_args
                or plan.max_lines is not None and line - first_line >= plan.max_lines
                or size + len(item) + 1 > MAX_BATCH_CHARS)
        if current and full:
            batches.append(current)
            current, size = [], base
        if not current:
            first_line = line
        current.append(item)
        size += len(item) + 1
    if current:
        batches.append(current)
    return batches


def _run_all(call: Call, ctx: Context, plan: _Plan, command: list[str], batches: list[list[str]]) -> int:
    status = 0
    for batch in batches:
        if plan.replace is not None:
            argv = [word.replace(plan.replace, batch[0]) for word in command]
        else:
            argv = command + batch
        if plan.verbose:
            call.stderr.append(" ".join(map(_shell_quoted, argv)) + "\n")
        run = ctx.program(argv[0])
        if isinstance(run, str):
            call.err(f"{argv[0]}: {run}")
            return exec_status(run)
        got = run(Call(argv, "", call.fs, call.cwd, call.env, call.stdout, call.stderr))
        if got == 255:
            call.err(f"{argv[0]}: exited with status 255; aborting")
            return 124
        if got != 0:
            status = 123
    return status


def _shell_quoted(word: str) -> str:
    """A word as ``-t`` shows it: bare when safe, else in the quotes a shell would read back."""
    if _SAFE.fullmatch(word):
        return word
    if "'" not in word:
        return f"'{word}'"
    if not any(c in word for c in '"$`\\'):
        return f'"{word}"'
    return "'" + word.replace("'", "'\\''") + "'"


COMMANDS = {"xargs": xargs}
