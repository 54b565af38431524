"""grep (and egrep/fgrep): print the lines that match, as GNU grep 3.8 does.

Each input is searched whole (one ``re`` search per matching line rather than one per line:
the common ``grep -i error log`` costs a few C-level scans), then the output mode picks what to
print from the matching line numbers.
"""

from __future__ import annotations

from dataclasses import dataclass
from fnmatch import fnmatchcase
from itertools import compress, count

from worldgen.shell.builtins.base import Call
from worldgen.shell.builtins.options import NO, OPTIONAL, REQUIRED, OptionError, Spec, number, parse, usage_error
from worldgen.shell.builtins.regex import Regex, RegexError, compile_posix
from worldgen.shell.fs import FsError, basename

USAGE = "Usage: grep [OPTION]... PATTERNS [FILE]..."
STDIN = "(standard input)"

SPEC = Spec("EFGiyvwxclLnhHoqsrRabIe:f:A:B:C:m:", {
    "extended-regexp": ("E", NO), "fixed-strings": ("F", NO), "basic-regexp": ("G", NO),
    "ignore-case": ("i", NO), "no-ignore-case": ("no-i", NO), "invert-match": ("v", NO),
    "word-regexp": ("w", NO), "line-regexp": ("x", NO), "count": ("c", NO),
    "files-with-matches": ("l", NO), "files-without-match": ("L", NO), "line-number": ("n", NO),
    "no-filename": ("h", NO), "with-filename": ("H", NO), "only-matching": ("o", NO),
    "quiet": ("q", NO), "silent": ("q", NO), "no-messages": ("s", NO), "recursive": ("r", NO),
    "dereference-recursive": ("R", NO), "text": ("a", NO), "regexp": ("e", REQUIRED),
    "file": ("f", REQUIRED), "after-context": ("A", REQUIRED), "before-context": ("B", REQUIRED),
    "context": ("C", REQUIRED), "max-count": ("m", REQUIRED), "include": ("include", REQUIRED),
    "exclude": ("exclude", REQUIRED), "exclude-dir": ("exclude-dir", REQUIRED),
    "color": ("color", OPTIONAL), "colour": ("color", OPTIONAL),
})


@dataclass(slots=True)
class Options:
    mode: str = "G"  # G (BRE), E (ERE), F (fixed strings)
    icase: bool = False
    invert: bool = False
    word: bool = False
    line: bool = False
    count: bool = False
    names: str = ""  # "l": files with matches, "L": files without
    numbers: bool = False
    filenames: bool | None = None  # None: only when several files
    only: bool = False
    quiet: bool = False
    silent: bool = False
    recursive: bool = False
    text: bool = False
    after: int = 0
    before: int = 0
    max_count: int | None = None
    include: tuple[str, ...] = ()
    exclude: tuple[str, ...] = ()
    exclude_dir: tuple[str, ...] = ()


_FLAGS = {"i": ("icase", True), "y": ("icase", True), "no-i": ("icase", False), "v": ("invert", True),
          "w": ("word", True), "x": ("line", True), "c": ("count", True), "n": ("numbers", True),
          "h": ("filenames", False), "H": ("filenames", True), "o": ("only", True), "q": ("quiet", True),
          "s": ("silent", True), "r": ("recursive", True), "R": ("recursive", True), "a": ("text", True)}


def grep(call: Call) -> int:
    default_mode = {"egrep": "E", "fgrep": "F"}.get(call.name, "G")
    try:
        opts, patterns, files = _options(call, default_mode)
    except OptionError as err:
        return usage_error(call, str(err), 2, USAGE)
    except FsError as err:
        call.err(f"{err.path}: {err.reason}")  # grep names files as typed, unquoted
        return 2
    if patterns is None:
        return usage_error(call, "", 2, USAGE)
    if not patterns:  # -f of an empty file: nothing can match
        return _Search(call, opts, None).run(files)
    try:
        regex = compile_posix("\n".join(patterns), extended=opts.mode == "E", icase=opts.icase,
                              fixed=opts.mode == "F", word=opts.word, line=opts.line)
    except RegexError as err:
        call.err(str(err))
        return 2
    for warning in regex.warnings:
        call.err(f"warning: {warning}")
    return _Search(call, opts, regex).run(files)


def _options(call: Call, mode: str) -> tuple[Options, list[str] | None, list[str]]:
    parsed, operands = parse(call.argv[1:], SPEC)
    opts = Options(mode=mode)
    patterns: list[str] = []
    given = False
    for key, value in parsed:
        if key in _FLAGS:
            setattr(opts, *_FLAGS[key])
        elif key in "EFG":
            opts.mode = key
        elif key in "lL":
            opts.names = key
        elif key == "e":
            patterns.append(value or "")
            given = True
        elif key == "f":
            try:
                text = call.fs.read(call.path(value or ""))
            except FsError as err:
                raise FsError(err.errno, value or "") from None  # GNU names the file as typed
            patterns.extend(text[:-1].split("\n") if text.endswith("\n") else text.split("\n") if text else [])
            given = True
        elif key in "ABC":
            n = number(value or "", "context length argument")
            if key != "B":
                opts.after = n
            if key != "A":
                opts.before = n
        elif key == "m":
            opts.max_count = number(value or "", "max count")
        elif key in ("include", "exclude", "exclude-dir"):
            attr = key.replace("-", "_")
            setattr(opts, attr, (*getattr(opts, attr), value or ""))
    if not given:
        if not operands:
            return opts, None, []
        patterns.append(operands.pop(0))
    return opts, patterns, operands


class _Search:
    """One grep run over its inputs: output, and the exit status GNU would give."""

    def __init__(self, call: Call, opts: Options, regex: Regex | None):
        self.call = call
        self.opts = opts
        self.regex = regex
        self.matched = False
        self.trouble = False
        self.grouped = False  # a context group was printed: the next one starts with "--"

    def run(self, files: list[str]) -> int:
        opts = self.opts
        if not files:
            files = ["."] if opts.recursive else ["-"]
            implicit = opts.recursive
        else:
            implicit = False
        if opts.filenames is None:
            opts.filenames = len(files) > 1 or opts.recursive
        for name in files:
            if self.matched and opts.quiet:
                break
            self.visit(name, implicit, top=True)
        if opts.quiet and self.matched:
            return 0
        return 2 if self.trouble else 0 if self.matched else 1

    def visit(self, name: str, implicit: bool, top: bool) -> None:
        call, opts = self.call, self.opts
        if name == "-" and top:
            self.search(STDIN, call.stdin)
            return
        path = call.path(name)
        node = call.fs.stat(path)
        if node is not None and node.is_dir and opts.recursive:
            if not top and any(fnmatchcase(basename(path), g) for g in opts.exclude_dir):
                return
            try:
                entries = call.fs.listdir(path)
            except FsError as err:
                self.fail(err, name)
                return
            for entry in entries:
                child = entry if implicit and name == "." else f"{name.rstrip('/')}/{entry}" if name != "/" else f"/{entry}"
                self.visit(child, implicit, top=False)
            return
        if not top and node is not None and not node.is_dir:
            base = basename(path)
            if opts.include and not any(fnmatchcase(base, g) for g in opts.include):
                return
            if any(fnmatchcase(base, g) for g in opts.exclude):
                return
        try:
            text = call.fs.read(path)
        except FsError as err:
            self.fail(err, name)
            if err.errno == "EISDIR":  # GNU grep reads a directory as an empty file: `d:0` under -c, listed by -L
                self.search(name, "")
            return
        self.search(name, text)

    def fail(self, err: FsError, name: str) -> None:
        self.trouble = True
        if not self.opts.silent:
            self.call.err(f"{name}: {err.reason}")  # grep names files as typed, unquoted

    def search(self, name: str, text: str) -> None:
        opts, call = self.opts, self.call
        hits = self.hits(text)
        if hits is None:
            return
        lines = None
        if opts.invert or opts.only or opts.before or opts.after:
            lines = text.split("\n")
            if text.endswith("\n") or not text:
                lines.pop()
        if opts.invert:
            assert lines is not None
            chosen = set(hits)
            hits = [i for i in range(len(lines)) if i not in chosen]
        if opts.max_count is not None:
            hits = hits[:opts.max_count]
        if hits:
            self.matched = True
        if opts.quiet:
            return
        prefix = f"{name}:" if opts.filenames else ""
        if opts.names:
            if bool(hits) == (opts.names == "l"):
                call.out(f"{name}\n")
            return
        if opts.count:
            call.out(f"{prefix}{len(hits)}\n")
            return
        if not hits:
            return
        if "\0" in text and not opts.text:
            call.err(f"{name}: binary file matches")
            return
        if lines is None:
            lines = text.split("\n")
        if opts.only:
            self.print_only(name, lines, hits)
        elif opts.before or opts.after:
            self.print_context(name, lines, hits)
        else:
            out = call.stdout
            for i in hits:
                out.append(f"{prefix}{f'{i + 1}:' if opts.numbers else ''}{lines[i]}\n")

    def hits(self, text: str) -> list[int] | None:
        """Indices of the lines with a match, or None when the search was refused."""
        rx = self.regex
        if rx is None:
            return []
        if rx.degree and rx.too_costly(len(text), max(map(len, text.split("\n")))):
            self.call.err("regular expression too costly for this input (repeated wildcards over long lines); refused")
            self.trouble = True
            return None
        rx.charge_search(len(text))
        subject = rx.subject(text)
        first = rx.rx.search(subject)  # one scan of the whole text first: most files have no match
        if first is None or (first.start() == len(subject) and (not subject or subject[-1] == "\n")):
            return []
        if (self.opts.names or self.opts.quiet) and not self.opts.invert:
            return [subject.count("\n", 0, first.start())]  # whether a line matches is all -l/-L/-q ask
        lines = subject.split("\n")
        if subject.endswith("\n") or not subject:
            lines.pop()  # the empty "line" after the final newline
        return list(compress(count(), map(rx.rx.search, lines)))  # one C loop: no Python per line

    def tag(self, name: str, i: int, sep: str) -> str:
        opts = self.opts
        return (f"{name}{sep}" if opts.filenames else "") + (f"{i + 1}{sep}" if opts.numbers else "")

    def print_only(self, name: str, lines: list[str], hits: list[int]) -> None:
        if self.opts.invert:
            return  # GNU prints nothing: the selected lines have no match to show
        assert self.regex is not None  # lines with a match exist
        finditer, subject, out = self.regex.rx.finditer, self.regex.subject, self.call.stdout
        for i in hits:
            tag = self.tag(name, i, ":")
            line = lines[i]
            out.extend(f"{tag}{line[m.start():m.end()]}\n" for m in finditer(subject(line)) if m.end() > m.start())

    def print_context(self, name: str, lines: list[str], hits: list[int]) -> None:
        opts, out = self.opts, self.call.stdout
        chosen = set(hits)
        shown = -1  # the last line index printed
        for i in hits:
            first = max(i - opts.before, shown + 1)
            if self.grouped and (shown < 0 or first > shown + 1):
                out.append("--\n")
            self.grouped = True
            for j in range(first, i):
                out.append(f"{self.tag(name, j, '-')}{lines[j]}\n")
            out.append(f"{self.tag(name, i, ':')}{lines[i]}\n")
            shown = i
            stop = min(i + opts.after, len(lines) - 1)
            while shown < stop and shown + 1 not in chosen:
                shown += 1
                out.append(f"{self.tag(name, shown, '-')}{lines[shown]}\n")


COMMANDS = {"grep": grep, "egrep": grep, "fgrep": grep}
