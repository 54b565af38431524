"""diff: compare files line by line (GNU diffutils 3.8), in normal, unified (``-u``, ``-U N``),
context (``-c``, ``-C N``) or side-by-side (``-y``) format, or just say whether they differ
(``-q``, ``-s``). Lines may be compared ignoring case (``-i``), amounts of white space (``-b``) or
all of it (``-w``), and changes of blank lines only may be ignored (``-B``). Two directories are
compared name by name (``-r``: into subdirectories; ``-N``: a missing file is empty). Status 0
the same, 1 different, 2 trouble. It reads bytes (bytewise.py), as GNU's does; lines are keyed
by diff_lines.py, the edit script is diff_script.py's, the output diff_formats.py's and
diff_side.py's."""

from __future__ import annotations

import time
from dataclasses import dataclass

from worldgen.shell.builtins.base import Call
from worldgen.shell.builtins.bytewise import bytewise
from worldgen.shell.builtins.diff_formats import context, hunks, normal, unified
from worldgen.shell.builtins.diff_lines import blank_line, keys, only_blank, split
from worldgen.shell.builtins.diff_script import Change, edit_script
from worldgen.shell.builtins.diff_side import side_by_side
from worldgen.shell.builtins.ls import NOW
from worldgen.shell.builtins.options import NO, OPTIONAL, REQUIRED, OptionError, Spec, decimal, parse, trouble
from worldgen.shell.builtins.stat import timestamp
from worldgen.shell.fs import FsError
from worldgen.shell.quoting import shell_quote

SPEC = Spec("abBcC:diNqrsuU:wyW:", {
    "text": ("a", NO), "ignore-space-change": ("b", NO), "ignore-blank-lines": ("B", NO),
    "context": ("C", OPTIONAL), "minimal": ("d", NO), "ignore-case": ("i", NO), "new-file": ("N", NO),
    "brief": ("q", NO), "recursive": ("r", NO), "report-identical-files": ("s", NO),
    "unified": ("U", OPTIONAL), "ignore-all-space": ("w", NO), "label": ("label", REQUIRED),
    "normal": ("normal", NO), "side-by-side": ("y", NO), "width": ("W", REQUIRED),
    "left-column": ("left-column", NO), "suppress-common-lines": ("suppress-common-lines", NO)})
STYLES = {"c": "context", "C": "context", "u": "unified", "U": "unified", "normal": "normal", "y": "side"}
SNIFF = 4096  # GNU looks for a NUL byte in the first block of each file only
IGNORING = frozenset("ibwB")  # options under which different texts may still be the same


@dataclass
class Settings:
    """What the options ask for; ``switches``: the options as typed, for ``diff -r A B`` lines."""

    style: str = "normal"
    lines: int = 3  # of context, for -u and -c
    flags: frozenset[str] = frozenset()
    labels: tuple[str, ...] = ()
    switches: str = ""
    width: int = 130  # of -y's output
    side: frozenset[str] = frozenset()  # -y's --left-column, --suppress-common-lines


@dataclass
class Side:
    """One file to compare: its name as printed, text and mtime (None: missing, taken as empty)."""

    name: str
    text: str
    mtime: int | None


def diff(call: Call) -> int:
    try:
        opts, names = parse(call.argv[1:], SPEC)
        settings = _settings(opts, call.argv[1:])
    except OptionError as err:
        return trouble(call, str(err))
    if len(names) < 2:
        return trouble(call, f"missing operand after '{names[-1] if names else 'diff'}'")
    if len(names) > 2:
        return trouble(call, f"extra operand '{names[2]}'")
    return _operands(call, settings, *names)


def _settings(opts: list[tuple[str, str | None]], args: list[str]) -> Settings:
    """The options as settings: one output style (two differ: GNU refuses), the most context
    any option asks for (``-c``/``-u`` alone ask for 3)."""
    settings = Settings(flags=frozenset(k for k, _ in opts if len(k) == 1), lines=0,
                        side=frozenset(k for k, _ in opts if k in ("left-column", "suppress-common-lines")))
    style, labels = "", []
    for key, value in opts:
        if key == "label":
            labels.append(value or "")
        elif key == "W":
            width = decimal(value or "")
            if not width:
                raise OptionError(f"invalid width '{value}'")
            settings.width = width
        elif key in STYLES:
            if style and style != STYLES[key]:
                raise OptionError("conflicting output style options")
            style = STYLES[key]
            lines = 0 if key in ("y", "normal") else 3 if value is None else decimal(value)
            if lines is None:
                raise OptionError(f"invalid context length '{value}'")
            settings.lines = max(settings.lines, lines)
    settings.style = style or "normal"
    settings.labels = tuple(labels)
    settings.switches = "".join(" " + shell_quote(arg) for arg in _switches(args))
    return settings


def _switches(args: list[str]) -> list[str]:
    """The options among ``args`` as typed, with their separate arguments (``-U 1``)."""
    found, i = [], 0
    while i < len(args) and args[i] != "--":
        arg, i = args[i], i + 1
        if arg.startswith("--"):
            name = arg[2:].partition("=")[0]
            full = name if name in SPEC.long else next(n for n in SPEC.long if n.startswith(name))
            takes = "=" not in arg and SPEC.long[full][1] == REQUIRED
        elif arg.startswith("-") and arg != "-":
            letters = arg[1:]
            first = next((k for k, c in enumerate(letters) if SPEC.shorts[c] == REQUIRED), None)
            takes = first == len(letters) - 1  # else the rest of the word is its argument
        else:
            continue
        found += args[i - 1:i + 1] if takes else [arg]
        i += takes
    return found


def _operands(call: Call, settings: Settings, first: str, second: str) -> int:
    """FILE FILE, DIR DIR, or a file and a directory (the file against DIR/its name); a missing
    operand beside a directory is an empty directory under ``-N``, else trouble."""
    kind0, kind1 = ("file" if name == "-" else _kind(call, name) for name in (first, second))
    if "dir" in (kind0, kind1):
        if "-" in (first, second):
            call.err("cannot compare '-' to a directory")
            return 2
        if None in (kind0, kind1) and "N" not in settings.flags:
            call.err(f"{first if kind0 is None else second}: No such file or directory")
            return 2
        if kind0 != "file" and kind1 != "file":
            return _directories(call, settings, first, second)
    if kind0 == "dir":
        first = _join(first, _base(second))
    elif kind1 == "dir":
        second = _join(second, _base(first))
    return _files(call, settings, first, second, top=True)


def _directories(call: Call, settings: Settings, dir0: str, dir1: str) -> int:
    """Each name either directory holds, in byte order."""
    listed = [set(call.fs.listdir(call.path(d))) if _kind(call, d) == "dir" else set() for d in (dir0, dir1)]
    status = 0
    for name in sorted(listed[0] | listed[1]):
        path0, path1 = _join(dir0, name), _join(dir1, name)
        kind0, kind1 = _kind(call, path0), _kind(call, path1)
        if (kind0 is None or kind1 is None) and "N" not in settings.flags:
            call.out(f"Only in {dir1 if kind0 is None else dir0}: {name}\n")
            status = max(status, 1)
            continue
        kind0, kind1 = kind0 or kind1, kind1 or kind0  # -N: what is missing is an empty one of the same
        if kind0 == kind1 == "dir":
            if "r" in settings.flags:
                status = max(status, _directories(call, settings, path0, path1))
            else:
                call.out(f"Common subdirectories: {path0} and {path1}\n")
        elif kind0 == kind1:
            status = max(status, _files(call, settings, path0, path1, top=False))
        else:
            call.out(f"File {_shown(settings, 0, path0)} is a {_what(call, path0)}"
                     f" while file {_shown(settings, 1, path1)} is a {_what(call, path1)}\n")
            status = max(status, 1)
    return status


def _files(call: Call, settings: Settings, name0: str, name1: str, top: bool) -> int:
    """Two files (or ``-``); with ``-N`` one missing is empty (both missing is still trouble)."""
    sides: list[Side] = []
    failed: list[tuple[str, FsError]] = []
    for name in (name0, name1):
        try:
            sides.append(_read(call, name))
        except FsError as err:
            sides.append(Side(name, "", None))
            failed.append((name, err))
    if failed and not ("N" in settings.flags and len(failed) == 1 and failed[0][1].errno == "ENOENT"):
        for name, err in failed:
            call.err(f"{name}: {err.reason}")
        return 2
    return _compare(call, settings, sides[0], sides[1], top)


def _compare(call: Call, settings: Settings, a: Side, b: Side, top: bool) -> int:
    """Two texts: the same, binary and different, or different by their edit script (which,
    with ``-i -b -w -B``, may find them the same after all). ``-y`` shows them even then."""
    flags, same = settings.flags, a.text == b.text
    if not same and "a" not in flags and ("\0" in a.text[:SNIFF] or "\0" in b.text[:SNIFF]):
        call.out(f"Files {a.name} and {b.name} differ\n" if "q" in flags else f"Binary files {a.name} and {b.name} differ\n")
        return 1
    if not same and "q" in flags and not IGNORING & flags:
        call.out(f"Files {a.name} and {b.name} differ\n")
        return 1
    if not same or settings.style == "side" and "q" not in flags:
        lines0, lines1 = split(a.text), split(b.text)
        shown = settings.lines if settings.style in ("unified", "context") else 0
        changes = [] if same else edit_script(keys(lines0, flags), keys(lines1, flags), shown, "d" in flags, (lines0, lines1))
        blank = blank_line(flags)
        groups = hunks(changes, shown, lambda c: "B" in flags and only_blank(c, lines0, lines1, blank))
        if groups and "q" in flags:
            call.out(f"Files {a.name} and {b.name} differ\n")
        elif groups or settings.style == "side":
            _show(call, settings, (a, b), (lines0, lines1), groups, top)
        if groups:
            return 1
    if "s" in flags:
        call.out(f"Files {a.name} and {b.name} are identical\n")
    return 0


def _show(call: Call, settings: Settings, sides: tuple[Side, Side], lines: tuple[list[str], list[str]],
          groups: list[list[Change]], top: bool) -> None:
    """The hunks in the chosen format, after a ``diff -r A B`` line for a pair found in directories;
    ``--label``s stand for names (and times) in the headers."""
    given = settings.labels
    labels = [_shown(settings, k, side.name) for k, side in enumerate(sides)]
    if not top:
        call.out(f"diff{settings.switches} {_named(labels[0])} {_named(labels[1])}\n")
    if settings.style == "side":
        call.out(side_by_side(*lines, [c for group in groups for c in group], settings.width,
                              "left-column" in settings.side, "suppress-common-lines" in settings.side))
        return
    heads = (labels[0] if given else f"{labels[0]}\t{_stamp(sides[0], settings.style)}",
             labels[1] if len(given) > 1 else f"{labels[1]}\t{_stamp(sides[1], settings.style)}")
    if settings.style == "unified":
        call.out(unified(*lines, groups, settings.lines, heads))
    elif settings.style == "context":
        call.out(context(*lines, groups, settings.lines, heads))
    else:
        call.out(normal(*lines, groups))


def _read(call: Call, name: str) -> Side:
    if name == "-":
        return Side(name, call.stdin, NOW)
    if not name:  # names nothing (resolved, it would be the working directory)
        raise FsError("ENOENT", name)
    path = call.path(name)
    text = call.fs.read(path)
    node = call.fs.stat(path)
    return Side(name, text, node.mtime if node else NOW)


def _kind(call: Call, name: str) -> str | None:
    node = call.fs.stat(call.path(name)) if name else None
    return node.kind if node else None


def _what(call: Call, name: str) -> str:
    node = call.fs.stat(call.path(name))
    return "directory" if node and node.is_dir else "regular empty file" if node and not node.size else "regular file"


def _shown(settings: Settings, which: int, name: str) -> str:
    """How file ``which`` (0 or 1) of a pair is named: by its ``--label``, if it has one."""
    return settings.labels[which] if len(settings.labels) > which else name


def _stamp(side: Side, style: str) -> str:
    """A header's time: ``-u``'s to the nanosecond, ``-c``'s as ``ctime`` writes it; a file
    missing under ``-N`` has the epoch."""
    mtime = 0 if side.mtime is None else side.mtime
    return timestamp(mtime) if style == "unified" else time.strftime("%a %b %e %H:%M:%S %Y", time.gmtime(mtime))


def _join(directory: str, name: str) -> str:
    """``DIR/NAME``, one slash between however many ``DIR`` ends with."""
    return f"{directory.rstrip('/')}/{name}"


def _base(name: str) -> str:
    return name.rstrip("/").rsplit("/", 1)[-1] or "/"


def _named(name: str) -> str:
    """A file named in a ``diff -r`` line: in double quotes, C-escaped, when it needs quoting."""
    if shell_quote(name) == name:
        return name
    return '"' + name.replace("\\", "\\\\").replace('"', '\\"') + '"'


COMMANDS = {"diff": bytewise(diff)}
