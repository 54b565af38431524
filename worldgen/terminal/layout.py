"""A terminal world's file tree and program table, laid out once per world.

Built from the compiled rules: each file's path comes from its path ``def`` and each binding of its
typed values; each shell operation that changes state is found in the world's command table by
the very line the checker enumerated (``chmod 640 /etc/key`` -> the ``chmod_key`` binding), and
each writable file's accepted texts are read back from its ``printf`` lines. Per state, only what
a command asks for is rendered (and memoised).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from itertools import product
from typing import Any

from worldgen.codegen.names import RULE_ERRORS
from worldgen.codegen.program import Rules
from worldgen.errors import InstantiationError, WorldgenError
from worldgen.ir.patterns import spaced
from worldgen.ir.terminal import PLAIN_PATH, FileSpec, ProgramSpec, Terminal, hook_action, plain_path, prop_function
from worldgen.shell.builtins.regex_python import check_matching
from worldgen.shell.builtins.regex_tree import RegexError
from worldgen.shell.fs import FsError, clashes, parent
from worldgen.shell.memfs import MemoryFs
from worldgen.terminal.accounts import account_files
from worldgen.terminal.getopt import Options, UsageError, canonical

SKELETON = ("/bin", "/etc", "/home", "/root", "/tmp", "/usr", "/usr/bin", "/var", "/var/tmp")
DIR_MODES = {"/tmp": 0o1777, "/var/tmp": 0o1777, "/root": 0o700}
WRITE_PREFIX = "printf '%s\\n' "
_LEADING_ZEROS = re.compile(r"(?<![\w.])0+(?=\d)")
_PUNCTUATION = re.compile(r"\s*([=:,])\s*")
MEMO_TEXTS = 20_000


def text_key(text: str) -> str:
    """How a written text is compared with the texts a file accepts: lines without surrounding
    or repeated blanks (none around ``=``, ``:`` and ``,``), case, leading zeros of numbers,
    blank lines and ``#`` comments."""
    lines = (" ".join(line.split()).lower() for line in text.split("\n"))
    return "\n".join(_PUNCTUATION.sub(r"\1", _LEADING_ZEROS.sub("", ln)) for ln in lines if ln and not ln.startswith("#"))


@dataclass
class WorldFile:
    """One file of the tree: a file declaration bound to values of its typed path."""

    spec: FileSpec
    args: tuple[Any, ...]
    path: str
    text: Any  # (s, *args) -> str
    mode: Any | None
    owner: Any | None
    group: Any | None
    exists: Any | None
    invalid: Any | None  # (s, *args) -> the message of a write that matches none of its texts
    matching: re.Pattern[str] | None = None  # the file's `matching` expression, compiled
    mtime: Any | None = None  # (s, *args) -> seconds after (or before) the world's clock (fs.EPOCH)
    writes: dict[str, int] = field(default_factory=dict)  # text_key -> binding index
    read_hook: int | None = None
    rm_hook: int | None = None


@dataclass
class Layout:
    terminal: Terminal
    rules: Rules
    files: dict[str, WorldFile]
    dirs: dict[str, int]  # every directory of the tree -> its mode
    children: dict[str, list[str]]  # directory -> names of the world files directly in it
    implied: dict[str, list[WorldFile]]  # a directory there only for files absent at the start -> those files
    programs: dict[str, tuple[Options, ProgramSpec | None]]
    commands: dict[tuple[str, ...], int]  # canonical argv -> binding index, for program actions
    used: dict[str, frozenset[str]]  # program -> the options its commands spell (the others are ignored)
    hooks: frozenset[int]  # action indices of file hooks
    skeleton: MemoryFs = field(default_factory=MemoryFs)  # the directories and account files, as every episode starts
    memo: dict[tuple[str, tuple[Any, ...]], str] = field(default_factory=dict)

    def text(self, f: WorldFile, state: list[Any]) -> str:
        """The file's text in ``state``; a text the rules cannot render (a rule error) is an
        input/output error, as a file a disk cannot read would be."""
        key = (f.path, tuple(state))
        text = self.memo.get(key)
        if text is None:
            if len(self.memo) >= MEMO_TEXTS:
                self.memo.clear()
            try:
                text = self.memo[key] = str(f.text(state, *f.args))
            except RULE_ERRORS as err:
                raise FsError("EIO", f.path) from err
        return text

    def hook(self, command: str) -> int | None:
        """The binding a file operation's canonical line names, if the world has it."""
        return self.rules.table.get(spaced(command))


def _vouch(spec: FileSpec) -> None:
    """Refuse a ``matching`` expression `check` would have refused (an IR that skipped it): it
    searches every text an agent writes, and an exponential one stalls the episode."""
    try:
        check_matching(spec.matching)  # type: ignore[arg-type]
    except RegexError as err:
        raise WorldgenError(f"file {spec.name}: its matching expression is {str(err).removeprefix('pattern ')}; "
                            "check the scaffold (WG613)") from None


def build_layout(rules: Rules, terminal: Terminal, initial: list[Any]) -> Layout:
    defs = rules.defs or {}
    assert rules.domain is not None
    names = [a.name for a in rules.actions]
    hooks = frozenset(names.index(hook_action(f.name, k)) for f in terminal.files for k in f.hooks)
    built: list[tuple[str, WorldFile]] = []
    for spec in terminal.files:
        fn = {p: defs.get(prop_function(spec.name, p)) for p in ("path", "text", "mode", "owner", "group", "exists", "invalid", "mtime")}
        if spec.matching:
            _vouch(spec)
        for args in product(*(rules.domain(p.type) for p in spec.params)):
            path = str(fn["path"](initial, *args))  # type: ignore[misc]
            if not plain_path(path):  # content or a parameter filled the path in: `check` saw only its template
                raise WorldgenError(f"file {spec.name}: its path {path!r} must be absolute{PLAIN_PATH}")
            f = WorldFile(spec, tuple(args), path, fn["text"], fn["mode"], fn["owner"], fn["group"], fn["exists"], fn["invalid"],
                          re.compile(spec.matching, re.M) if spec.matching else None, fn["mtime"])
            built.append((path, f))
    _one_thing_per_path(built, _declared(terminal))
    files = dict(built)
    layout = Layout(terminal, rules, files, {}, {}, {}, {}, {}, {}, hooks)
    for f in files.values():
        f.read_hook = layout.hook(f"cat {f.path}") if "read" in f.spec.hooks else None
        f.rm_hook = layout.hook(f"rm {f.path}") if "rm" in f.spec.hooks else None
    _index_writes(layout, names)
    _tree(layout, initial)
    _programs(layout)
    return layout


def _both(a: WorldFile, b: WorldFile) -> str:
    return f"two files of `file {a.spec.name}`" if a.spec is b.spec else f"`file {a.spec.name}` and `file {b.spec.name}`"


def _one_thing_per_path(built: list[tuple[str, WorldFile]], folders: set[str]) -> None:
    """Refuse two world files at one path, a file whose path runs through another's (``/srv/a``
    beside ``/srv/a/b.txt``) or a file at a folder of the tree: content or params filled the paths
    in (`check` compares only those written out whole, WG617)."""
    for kind, path, f, other in clashes(built, folders):
        if kind == "same":
            raise InstantiationError(f"{_both(f, other)} have the same path {path!r} in this world "  # type: ignore[arg-type]
                                     "(content or params fill their paths alike); each world file needs its own path")
        if kind == "under":
            raise InstantiationError(f"{_both(other, f)}: the path {path!r} of one is a folder of the other's "  # type: ignore[arg-type]
                                     f"{f.path!r} in this world (content or params fill their paths so); "
                                     "a path cannot be a file and a folder")
        raise InstantiationError(f"`file {f.spec.name}`: its path {path!r} is a folder of the world's tree in this world "
                                 "(content or params fill its path so); a path cannot be a file and a folder")


def _declared(t: Terminal) -> set[str]:
    """The folders the tree has whatever its files: the skeleton, home, cwd and ``dir``s."""
    return _with_parents([*SKELETON, t.home, t.cwd or t.home, *t.dirs])


def _index_writes(layout: Layout, names: list[str]) -> None:
    """Each writable file's accepted texts, read back from the ``printf`` lines of its bindings."""
    rules = layout.rules
    by_key = {f.path: f for f in layout.files.values() if "write" in f.spec.hooks}
    writers = {names.index(hook_action(f.spec.name, "write")) for f in by_key.values()}
    for key, b in rules.table.items():
        if rules.bindings[b].action not in writers or not key.startswith(WRITE_PREFIX):
            continue
        body, _, path = (" " + key[len(WRITE_PREFIX):]).rpartition(" > ")  # `printf '%s\n' > F`: no text
        body = body.strip()
        f = by_key.get(path)
        if f is not None and rules.bindings[b].args[: len(f.args)] == f.args:
            f.writes.setdefault(text_key("\n".join(body[1:-1].split("' '"))), b)


def _tree(layout: Layout, initial: list[Any]) -> None:
    t = layout.terminal
    declared = _declared(t)
    dirs = {d: DIR_MODES.get(d, 0o755) for d in sorted(declared | _with_parents([parent(p) for p in layout.files]))}
    under = {d: [f for p, f in layout.files.items() if p.startswith(d + "/")] for d in dirs if d not in declared}
    layout.implied = {d: fs for d, fs in under.items()
                      if not any(f.exists is None or f.exists(initial, *f.args) for f in fs)}
    layout.dirs = dirs
    layout.skeleton = MemoryFs(dirs=tuple(dirs))
    for d, mode in dirs.items():
        if mode != 0o755:
            layout.skeleton.chmod(d, mode)
    for path, text in account_files(layout, initial).items():
        layout.skeleton.write(path, text)
    children: dict[str, list[str]] = {}
    for path in sorted(layout.files):
        children.setdefault(parent(path), []).append(path.rsplit("/", 1)[1])
    layout.children = children


def _with_parents(paths: list[str]) -> set[str]:
    """The directories ``paths`` name and every directory above them, ``/`` included."""
    found = {"/"}
    for d in paths:
        while d not in found:
            found.add(d)
            d = parent(d)
    return found


def _programs(layout: Layout) -> None:
    """Program names (the first word of every command of a non-hook action) and the table of
    their canonical argvs."""
    rules = layout.rules
    specs = {p.name: p for p in layout.terminal.programs}
    programs: dict[str, tuple[Options, ProgramSpec | None]] = {}
    for ai, action in enumerate(rules.actions):
        if ai in layout.hooks:
            continue
        for pattern in action.patterns:
            name = pattern.split()[0]
            programs.setdefault(name, (Options.of(specs.get(name)), specs.get(name)))
    for name, spec in specs.items():
        programs.setdefault(name, (Options.of(spec), spec))
    layout.programs = programs
    used: dict[str, set[str]] = {name: set() for name in programs}
    for key, b in rules.table.items():
        if rules.bindings[b].action in layout.hooks:
            continue
        argv = key.split(" ")
        entry = programs.get(argv[0])
        if entry is not None:
            try:
                words = canonical(argv, entry[0])
            except UsageError:  # the pattern uses an option the program does not declare
                continue
            layout.commands.setdefault(words, b)
            used[argv[0]].update(w for w in words if w in entry[0].canonical)
    layout.used = {name: frozenset(u) for name, u in used.items()}


def meaningful(layout: Layout, name: str, words: tuple[str, ...]) -> tuple[str, ...]:
    """A canonical argv without the declared options none of the program's commands spell
    (``systemctl --no-pager status x`` is ``systemctl status x``), with their values."""
    options = layout.programs[name][0]
    used = layout.used[name]
    out: list[str] = []
    skip = False
    for i, w in enumerate(words):
        if skip:
            skip = False
            continue
        if i and w in options.canonical and w not in used:
            skip = options.canonical[w]
            continue
        out.append(w)
    return tuple(out)
