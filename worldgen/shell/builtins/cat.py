"""``cat`` as GNU coreutils: files and stdin (``-``) in order, ``-n``/``-b`` numbering that runs on
across files, ``-s``, ``-E``, ``-T``, ``-A``; ``cat: x: No such file or directory`` and the
next file still read (exit 1)."""

from __future__ import annotations

from worldgen.shell.builtins.base import Builtin, Call
from worldgen.shell.fs import FsError

_LONG = {"--number": "n", "--number-nonblank": "b", "--squeeze-blank": "s", "--show-ends": "E",
         "--show-tabs": "T", "--show-all": "A", "--show-nonprinting": "v"}
_SHORT = frozenset("nbsETAvetu")


class _Lines:
    """The state numbering and squeezing carry from one file to the next."""

    def __init__(self, flags: set[str]):
        self.flags = flags
        self.number = 0
        self.at_start = True
        self.blanks = 0

    def render(self, text: str) -> str:
        flags = self.flags
        out: list[str] = []
        for line in text.splitlines(keepends=True):
            blank = self.at_start and line == "\n"
            if blank and "s" in flags:
                self.blanks += 1
                if self.blanks > 1:
                    continue
            elif self.at_start:
                self.blanks = 0
            if self.at_start and ("b" in flags and not blank or "n" in flags and "b" not in flags):
                self.number += 1
                out.append(f"{self.number:6d}\t")
            body = line[:-1] if line.endswith("\n") else line
            if "T" in flags:
                body = body.replace("\t", "^I")
            out.append(body)
            if line.endswith("\n"):
                out.append("$\n" if "E" in flags else "\n")
            self.at_start = line.endswith("\n")
        return "".join(out)


def cat(call: Call) -> int:
    flags: set[str] = set()
    files: list[str] = []
    options = True
    for arg in call.argv[1:]:
        if options and arg == "--":
            options = False
        elif options and arg.startswith("--"):
            if arg not in _LONG:
                call.err(f"unrecognized option '{arg}'")
                call.stderr.append("Try 'cat --help' for more information.\n")
                return 1
            flags.add(_LONG[arg])
        elif options and arg.startswith("-") and arg != "-":
            for flag in arg[1:]:
                if flag not in _SHORT:
                    call.err(f"invalid option -- '{flag}'")
                    call.stderr.append("Try 'cat --help' for more information.\n")
                    return 1
                flags.add(flag)
        else:
            files.append(arg)
    if "A" in flags:
        flags |= {"E", "T"}
    if "e" in flags:
        flags.add("E")
    if "t" in flags:
        flags.add("T")
    lines = _Lines(flags) if flags - {"u", "v"} else None
    stdin = call.stdin
    status = 0
    for typed in files or ["-"]:
        if typed == "-":
            text, stdin = stdin, ""
        else:
            try:
                text = call.fs.read(call.path(typed))
            except FsError as err:
                call.fs_error(err, typed)
                status = 1
                continue
        call.out(lines.render(text) if lines else text)
    return status


COMMANDS: dict[str, Builtin] = {"cat": cat}
