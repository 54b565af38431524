"""Words -> argv: parameters, tilde, field splitting and globbing, in bash's order.

Quoting decides everything here: only unquoted text globs, only unquoted expansion results are
split into fields, and an unquoted expansion that comes to nothing leaves no word at all (while
``""`` is one empty word). Globs walk the file system through ``Filesystem.listdir`` one path
component at a time (``/var/log/*/*.log``), match in the C locale (byte order, ``[[:alpha:]]``
as ASCII), hide dot-files from a pattern that does not start with a dot, and a pattern matching
nothing stays as typed, as bash does without ``nullglob``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache

from worldgen.shell import limits, param_ops
from worldgen.shell.arith import evaluate
from worldgen.shell.ast import Arith, Lit, Param, Part, Script, Subst, Tilde, Word
from worldgen.shell.budget import charge
from worldgen.shell.fs import Filesystem, FsError, normpath
from worldgen.shell.glob_syntax import glob_runs
from worldgen.shell.ifs import split as ifs_split

_IFS = " \t\n"
_GLOB_META = re.compile(r"[*?\[]")
_DECLARED = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\+?=")
DECLARATIONS = frozenset({"export", "local", "readonly", "declare", "typeset"})  # their NAME=VALUE words are assignments


Substitute = Callable[[Script], tuple[str, int]]


class GlobLimit(Exception):
    """A pattern matched more than ``limits.MAX_GLOB`` paths."""

    def __init__(self, pattern: str):
        super().__init__(pattern)
        self.message = limits.glob_message(pattern)


class Expander:
    """Expands words for one command: ``vars`` maps names to values (the session's env, with
    ``$?`` and friends answered by ``special``), ``cwd`` anchors relative globs."""

    __slots__ = ("fs", "vars", "cwd", "status", "substitute", "sub_status", "args")

    def __init__(self, fs: Filesystem, vars: dict[str, str], cwd: str, status: int,
                 substitute: Substitute | None = None, args: list[str] | None = None):
        self.fs = fs
        self.vars = vars
        self.cwd = cwd
        self.status = status
        self.substitute = substitute  # runs a $(...)'s script: (its stdout, its status)
        self.args = args or []  # $1 $2 ...: a function's arguments (none at the top of a line)
        self.sub_status: int | None = None  # the status of the last $(...) expanded (`X=$(false)` sets $?)

    def output(self, p: Subst) -> str:
        """A ``$(...)``'s output, its trailing newlines removed ("" where no shell runs it)."""
        if self.substitute is None:
            return ""
        text, self.sub_status = self.substitute(p.script)
        return text.rstrip("\n")

    def value(self, p: Param | Subst | Arith) -> str:
        if type(p) is Param:
            return self.param(p)
        if type(p) is Arith:
            return str(evaluate(self.text(p.parts), self.lookup, store=self.assign))
        return self.output(p)  # type: ignore[arg-type]

    # ------------------------------------------------------------------------- parameters
    def param(self, p: Param) -> str:
        value = self.lookup(p.name)
        op = p.op
        if not op:
            return value or ""
        if op == "len":
            return str(len(value or ""))
        if op in REMOVALS:
            return removed(value or "", self.pattern(p.arg), op)
        if op in param_ops.EDITS:
            return param_ops.apply(p, value or "", self)
        unset = value is None or (op[0] == ":" and value == "")
        if op in ("-", ":-"):
            return self.text(p.arg) if unset else value  # type: ignore[return-value]
        if op in ("=", ":="):
            if unset:
                value = self.text(p.arg)
                self.assign(p.name, value)
            return value  # type: ignore[return-value]
        return "" if unset else self.text(p.arg)  # "+", ":+"

    def pattern(self, parts: tuple[Part, ...]) -> str:
        """The glob pattern of ``${NAME%pattern}``'s word: quoted text (and quoted expansions)
        matches itself, the rest keeps its ``*``, ``?`` and ``[...]``."""
        out: list[str] = []
        for p in parts:
            if type(p) is Lit:
                out.append(_escape(p.text) if p.quoted else p.text)
            elif type(p) is Param or type(p) is Subst or type(p) is Arith:
                value = self.value(p)  # type: ignore[arg-type]
                out.append(_escape(value) if p.quoted else value)  # type: ignore[union-attr]
            else:
                out.append(self.tilde(p.user) or "~" + p.user)  # type: ignore[union-attr]
        return "".join(out)

    def assign(self, name: str, value: str) -> None:
        """An assignment made while expanding (``$((i++))``, ``${X:=v}``): the session keeps it."""
        self.vars[name] = value

    def lookup(self, name: str) -> str | None:
        value = self.vars.get(name)
        if value is None and name == "IFS":  # bash starts with it set (OLD=$IFS ... IFS=$OLD)
            return _IFS
        if value is not None or (len(name) != 1 and not name.isdigit()) or name.isalpha() or name == "_":
            return value
        return self.special(name)

    def special(self, name: str) -> str:
        if name == "?":
            return str(self.status)
        if name == "0":
            return "bash"
        if name == "#":
            return str(len(self.args))
        if name == "$":
            return "4242"
        if name == "-":
            return "hB"
        if name in ("@", "*"):
            return (self.vars.get("IFS", _IFS)[:1] if name == "*" else " ").join(self.args)
        if name.isdigit():
            k = int(name)
            return self.args[k - 1] if 0 < k <= len(self.args) else ""
        return ""  # $!: nothing runs in the background

    def tilde(self, user: str) -> str | None:
        if user == "":
            return self.vars.get("HOME", "/root")
        if user == "+":
            return self.vars.get("PWD")
        if user == "-":
            return self.vars.get("OLDPWD")
        if user == "root":
            return "/root"
        if user == self.vars.get("USER"):
            return self.vars.get("HOME")
        return None

    # ------------------------------------------------------------------------- whole words
    def text(self, parts: tuple[Part, ...]) -> str:
        """The parts as one string: no splitting, no globbing (assignments, here-documents,
        the word of ``${X:-word}``)."""
        out: list[str] = []
        for p in parts:
            if type(p) is Lit:
                out.append(p.text)
            elif type(p) is Param or type(p) is Subst or type(p) is Arith:
                value = self.value(p)  # type: ignore[arg-type]
                charge(len(value))
                out.append(value)
            else:
                home = self.tilde(p.user)  # type: ignore[union-attr]
                out.append("~" + p.user if home is None else home)  # type: ignore[union-attr]
        return "".join(out)

    def word(self, word: Word) -> str:
        return word.literal if word.literal is not None else self.text(word.parts)

    def fields(self, word: Word, out: list[str]) -> None:
        """Append the fields ``word`` expands to (zero, one or many) to ``out``."""
        if word.literal is not None:
            out.append(word.literal)
            return
        # a field is a list of (text, active) pieces; active text is unquoted, so it may glob
        fields: list[list[tuple[str, bool]]] = []
        cur: list[tuple[str, bool]] = []
        exists = False
        for p in word.parts:
            if type(p) is Lit:
                cur.append((p.text, not p.quoted))
                exists = True
            elif type(p) is Tilde:
                home = self.tilde(p.user)
                cur.append(("~" + p.user, True) if home is None else (home, False))
                exists = True
            elif type(p) is Param and p.quoted and p.name == "@" and not p.op:  # "$@": one field per argument
                for k, arg in enumerate(self.args):
                    if k:
                        fields.append(cur)
                        cur = []
                    cur.append((arg, False))
                    exists = True
            else:
                value = self.value(p)  # type: ignore[arg-type]
                charge(len(value))
                if p.quoted:  # type: ignore[union-attr]
                    cur.append((value, False))
                    exists = True
                    continue
                if not value:
                    continue
                ifs = self.vars.get("IFS", _IFS)
                if ifs == _IFS:
                    pieces, lead, trail = value.split(), value[0] in _IFS, value[-1] in _IFS
                else:
                    pieces, lead, trail = ifs_split(value, ifs)
                if lead and exists:
                    fields.append(cur)
                    cur, exists = [], False
                for k, piece in enumerate(pieces):
                    if k:
                        fields.append(cur)
                        cur = []
                    cur.append((piece, True))
                    exists = True
                if trail and exists:
                    fields.append(cur)
                    cur, exists = [], False
        if exists:
            fields.append(cur)
        for f in fields:
            self._glob_field(f, word, out)

    def _glob_field(self, field: list[tuple[str, bool]], word: Word, out: list[str]) -> None:
        plain = "".join(t for t, _ in field)
        if not any(active and _GLOB_META.search(t) for t, active in field):
            out.append(plain)
            return
        pattern = "".join(t if active else _escape(t) for t, active in field)
        matches = glob(self.fs, self.cwd, pattern)
        if matches is None:
            out.append(plain)
        else:
            out.extend(matches)

    def argv(self, words: tuple[Word, ...]) -> list[str]:
        out: list[str] = []
        for w in words:
            if w.literal is not None:
                out.append(w.literal)
            else:
                self.fields(w, out)
        return out

    def declaration_argv(self, words: tuple[Word, ...]) -> list[str]:
        """``export``'s (``local``'s) words: a ``NAME=VALUE`` one is expanded whole, as an
        assignment is (``export y=$x`` keeps the blanks of ``$x``); the rest as any command's."""
        out = [self.word(words[0])]
        for w in words[1:]:
            first = w.parts[0] if w.parts else None
            if type(first) is Lit and not first.quoted and _DECLARED.match(first.text):
                out.append(self.word(w))
            else:
                self.fields(w, out)
        return out


def _escape(text: str) -> str:
    return re.sub(r"([*?\[\]\\])", r"\\\1", text)


REMOVALS = ("#", "##", "%", "%%")


def removed(value: str, pattern: str, op: str) -> str:
    """``value`` without the shortest (``#``, ``%``) or longest (``##``, ``%%``) prefix (``#``) or
    suffix (``%``) that ``pattern`` matches, as bash removes it. Each length tried is charged to
    the line's budget: a pattern over a long value costs its square."""
    match = _matcher(pattern)
    n = len(value)
    lengths = range(n, -1, -1) if len(op) == 2 else range(n + 1)
    for k in lengths:
        charge(k)
        if op[0] == "#" and match(value[:k]):
            return value[k:]
        if op[0] == "%" and match(value[n - k:]):
            return value[:n - k]
    return value


def matches(value: str, pattern: str) -> bool:
    """Whether the whole of ``value`` matches the glob ``pattern`` (a case item's), ``/`` and a
    leading ``.`` being ordinary characters there; charged to the line's budget by its length."""
    charge(len(value))
    return bool(_matcher(pattern)(value))


def _matcher(pattern: str) -> Callable[[str], object]:
    """A test of a whole text against a glob pattern (a literal one: equality, escapes removed)."""
    return _component(pattern) or (lambda text, literal=_unescape(pattern): text == literal)


def _unescape(text: str) -> str:
    return re.sub(r"\\(.)", r"\1", text)


# ----------------------------------------------------------------------------- globbing
def glob(fs: Filesystem, cwd: str, pattern: str) -> list[str] | None:
    """The paths ``pattern`` matches, sorted as bash sorts them, or None when none do.
    Raises ``GlobLimit`` past ``limits.MAX_GLOB`` paths."""
    absolute = pattern.startswith("/")
    comps = pattern.split("/")
    trailing = len(comps) > 1 and comps[-1] == ""
    comps = [c for c in comps if c]
    entries: list[tuple[str, str]] = [("/" if absolute else "", "/" if absolute else cwd)]
    last_literal = False
    for idx, comp in enumerate(comps):
        regex = _component(comp)
        sep = "/" if idx else ""
        if regex is None:
            name = _unescape(comp)
            entries = [(f"{shown}{sep if shown != '/' else ''}{name}", _join(path, name)) for shown, path in entries]
            last_literal = True
            continue
        last_literal = False
        dots = comp.startswith(".") or comp.startswith("\\.")
        found: list[tuple[str, str]] = []
        for shown, path in entries:
            try:
                names = fs.listdir(path)
            except FsError:
                continue
            prefix = shown + (sep if shown != "/" else "")
            for name in names:
                if (dots or name[0] != ".") and regex(name):
                    found.append((prefix + name, _join(path, name)))
            if len(found) > limits.MAX_GLOB:
                raise GlobLimit(pattern)
        entries = found
        if not entries:
            return None
    if last_literal or trailing:
        kept = []
        for shown, path in entries:
            node = fs.stat(path)
            if node is not None and (not trailing or node.is_dir):
                kept.append(shown + ("/" if trailing else ""))
        result = kept
    else:
        result = [shown for shown, _ in entries]
    if not result:
        return None
    result.sort()
    return result


def _join(path: str, name: str) -> str:
    if name in (".", ".."):
        return normpath(f"{path}/{name}")
    return f"{path}/{name}" if path != "/" else f"/{name}"


@lru_cache(maxsize=1024)
def _component(comp: str):  # -> Callable[[str], re.Match | None] | None
    """The matcher of one path component of a pattern, or None when it has no glob in it.

    Every piece between two stars has a fixed width, so its leftmost match is always the one to
    take: each is an atomic group that never backtracks into, and a name is matched in time
    linear in the pattern (``****...*.log`` took seconds per name as ``.*.*.*...``)."""
    runs, magic = glob_runs(comp)
    if not magic:
        return None
    first, *middle, last = ["".join(run) for run in runs] if len(runs) > 1 else ["".join(runs[0]), None]
    if last is None:
        return re.compile(first, re.DOTALL).fullmatch
    source = first + "".join(f"(?>.*?{run})" for run in middle) + ".*" + last
    return re.compile(source, re.DOTALL).fullmatch
