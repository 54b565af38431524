"""The ``Filesystem`` a terminal world's shell runs over: the world's files as views of its
state, everything else an episode's scratch files.

A world file's text, mode, owner and group are rendered from the current state when asked for;
nothing is stored twice. Operations that would change a world file go through the world's own
actions (its ``when write``/``rm``/``chmod``/``chown`` hooks), so the state the model checker
verified is the only state there is; where a file has no such hook the operation is refused as a
root-owned immutable file would refuse it (a write, when it is judged: below).

A write is judged when the line ends, or before a world program runs (``settle``), as the real
face judges what is on disk then: until then the file holds what was written (``pending``), so a
line may build a file in pieces (``echo a >> f; echo b >> f``, ``touch f``, a loop of ``>>``) and
only the text it leaves is read through the file's texts. Paths the world does not declare live in a
``MemoryFs`` for the episode: an agent may keep notes in /tmp, and the rules never read them.
"""

from __future__ import annotations

import re
from typing import Any, Protocol

from worldgen.shell.fs import EPOCH, FsError, Node
from worldgen.terminal.layout import Layout, WorldFile, text_key

NULL = "/dev/null"  # tools read it as an empty file and write into it (`grep -l x FILE /dev/null`)
_NULL_NODE = Node("file", 0o666)
DEFAULT_INVALID_WRITE = "invalid contents (the file was left unchanged)"
MATCHED_TEXT = 65_536  # characters of a written text a `matching` expression reads (bounded work)
_HOLE = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")


def refusal_line(path: str, reason: str) -> str:
    """How both faces say, after the fact, that the world refused what a line did to its file."""
    return f"worldgen: {path}: {reason} (the world kept its version of the file)"


class Refused(FsError):
    """A world file operation the world's rules refused, with the world's own words."""

    def __init__(self, path: str, message: str):
        super().__init__("EPERM", path)
        self.message = message

    @property
    def reason(self) -> str:
        return self.message


class Actor(Protocol):
    """Whoever holds the episode's state and runs a binding of the world's actions."""

    state: list[Any]

    def act(self, binding: int) -> str | None:
        """Run one binding; None when it happened, else the world's refusal message."""


class WorldFs:
    def __init__(self, layout: Layout, actor: Actor):
        self.layout = layout
        self.actor = actor
        self.scratch = layout.skeleton.copy()
        self.made: set[str] = set()  # directories the agent made (an empty one is there all the same)
        self.made_before: frozenset[str] = frozenset()  # ``made`` when the line began
        self.pending: dict[str, str] = {}  # world file -> the text written to it this line, not yet judged

    def reset(self) -> None:
        """A new episode: no scratch files, the world's directories as built."""
        self.scratch = self.layout.skeleton.copy()
        self.made = set()
        self.pending = {}

    def begin(self) -> None:
        """A line starts. World files need nothing kept: their state is the episode's to restore."""
        self.scratch.begin()
        self.made_before = frozenset(self.made)

    def rollback(self) -> None:
        self.scratch.rollback()
        self.made = set(self.made_before)
        self.pending = {}

    def settle(self) -> list[tuple[str, str]]:
        """Judge every text written since the last settle, in path order: each one the file's
        ``when write`` takes runs its hook; the others are refused and the file keeps its text.
        Returns (path, the world's refusal) of each refused."""
        refused = []
        for path in sorted(self.pending):
            try:
                self.commit(path)
            except Refused as why:
                refused.append((path, why.reason))
        return refused

    def commit(self, path: str) -> None:
        """Judge the text written to ``path`` (Refused when the world refuses it)."""
        text = self.pending.pop(path, None)
        if text is None:
            return
        f = self.layout.files[path]
        if self._file(path) is not None and text == self.layout.text(f, self.actor.state):
            return  # the text it has: nothing changes
        if "write" not in f.spec.hooks:  # as a root-owned immutable file refuses it
            raise Refused(path, "Permission denied")
        invalid = str(f.invalid(self.actor.state, *f.args)) if f.invalid is not None else DEFAULT_INVALID_WRITE
        self._run(accepted(f, text), path, invalid)

    # ------------------------------------------------------------------------- world files
    def _file(self, path: str) -> WorldFile | None:
        f = self.layout.files.get(path)
        if f is not None and f.exists is not None and not f.exists(self.actor.state, *f.args) and path not in self.pending:
            return None
        return f

    def _text(self, f: WorldFile) -> str:
        """What the file holds now: the text written this line, else the state's rendering."""
        pending = self.pending.get(f.path)
        return pending if pending is not None else self.layout.text(f, self.actor.state)

    def _hidden(self, path: str) -> bool:
        """A directory there only for world files none of which existed at the start or exists
        now (``/sys/.../cpu3`` of a 2-CPU world) is not there, unless the agent made it or put
        a file in it. (A directory whose files the agent removed stays, as a real one would.)"""
        files = self.layout.implied.get(path)
        return (files is not None and path not in self.made and all(self._file(f.path) is None for f in files)
                and not self.scratch.listdir(path))

    def _node(self, f: WorldFile) -> Node:
        s, a = self.actor.state, f.args
        owner = str(f.owner(s, *a)) if f.owner is not None else self.layout.terminal.user
        return Node("file", int(f.mode(s, *a)) if f.mode is not None else 0o644, owner,
                    str(f.group(s, *a)) if f.group is not None else owner,
                    len(self._text(f).encode()), EPOCH + int(f.mtime(s, *a)) if f.mtime is not None else EPOCH)

    def _run(self, binding: int | None, path: str, refusal: str) -> None:
        if binding is None:
            raise Refused(path, refusal)
        message = self.actor.act(binding)
        if message is not None:
            raise Refused(path, message)

    # ----------------------------------------------------------------- Filesystem protocol
    def stat(self, path: str) -> Node | None:
        if path == NULL:
            return _NULL_NODE
        f = self._file(path)
        if f is not None:
            return self._node(f)
        return None if self._hidden(path) else self.scratch.stat(path)

    def view(self, path: str) -> str:
        """A file's text as it is now, running no hook (a copy of the tree is not a read)."""
        if path == NULL:
            return ""
        f = self._file(path)
        return self.scratch.read(path) if f is None else self._text(f)

    def read(self, path: str) -> str:
        if path == NULL:
            return ""
        f = self._file(path)
        if f is None:
            return self.scratch.read(path)
        text = self._text(f)
        if f.read_hook is not None:
            self.actor.act(f.read_hook)  # reading never fails; a refused hook just does not happen
        return text

    def listdir(self, path: str) -> list[str]:
        if self._hidden(path):
            raise FsError("ENOENT", path)
        prefix = path.rstrip("/") + "/"
        names = {n for n in self.scratch.listdir(path) if not self._hidden(prefix + n)}
        names.update(n for n in self.layout.children.get(path, ()) if self._file(prefix + n) is not None)
        return sorted(names)

    def write(self, path: str, text: str, *, append: bool = False) -> None:
        if path == NULL:
            return
        f = self.layout.files.get(path)
        if f is None:
            self.scratch.write(path, text, append=append)
            return
        current = self._text(f) if self._file(path) is not None else ""
        self.pending[path] = current + text if append else text  # judged by ``settle`` (no hook: refused there)

    def mkdir(self, path: str) -> None:
        if path in self.layout.files:
            raise FsError("EEXIST", path)
        if self._hidden(path):
            self.made.add(path)
            return
        self.scratch.mkdir(path)

    def remove(self, path: str) -> None:
        if self.pending.pop(path, None) is not None and self._file(path) is None:
            return  # a file the line wrote where the world has none
        f = self._file(path)
        if f is not None:
            if f.rm_hook is None:
                raise FsError("EACCES", path)
            self._run(f.rm_hook, path, "Operation not permitted")
            return
        if path in self.layout.dirs:
            raise FsError("EACCES", path)
        self.scratch.remove(path)

    def rename(self, src: str, dst: str) -> None:
        target = self.layout.files.get(dst)
        if target is not None and "write" in target.spec.hooks and src not in self.layout.files:
            self.write(dst, self.scratch.read(src))  # `sed ... > /tmp/x && mv /tmp/x FILE`: a write
            self.scratch.remove(src)
            return
        for p in (src, dst):
            if p in self.layout.files or p in self.layout.dirs:
                raise FsError("EACCES", p)
        if any(p.startswith(src.rstrip("/") + "/") for p in self.layout.files):
            raise FsError("EACCES", src)
        self.scratch.rename(src, dst)

    def chmod(self, path: str, mode: int) -> None:
        f = self._file(path)
        if f is None:
            self.scratch.chmod(path, mode)
        elif mode & 0o7777 == self._node(f).mode:
            return  # the mode it has: nothing changes, so nothing is refused (`chmod u+x` of a 0700 file)
        elif "chmod" not in f.spec.hooks:
            raise FsError("EPERM", path)
        else:
            self._run(self.layout.hook(f"chmod {mode & 0o7777:03o} {path}"), path, "Operation not permitted")

    def chown(self, path: str, owner: str | None, group: str | None) -> None:
        f = self._file(path)
        if f is None:
            self.scratch.chown(path, owner, group)
            return
        if "chown" not in f.spec.hooks:
            raise FsError("EPERM", path)
        node = self._node(f)
        who = f"{owner or node.owner}:{group or node.group}"
        binding = self.layout.hook(f"chown {who} {path}")
        if binding is None:  # (binding 0 is a binding: `or` took it for none)
            binding = self.layout.hook(f"chown {owner or node.owner} {path}")
        self._run(binding, path, "Operation not permitted")

    def touch(self, path: str) -> None:
        if self._file(path) is not None:
            return  # a world file's time is the world's
        if path in self.layout.files:
            self.pending[path] = ""  # made empty: judged as a write when the line ends
            return
        self.scratch.touch(path)


def accepted(f: WorldFile, text: str) -> int | None:
    """The binding of the write hook a text written to ``f`` runs, or None when the file takes no
    such text: one of its texts (compared by ``text_key``), or one its ``matching`` expression
    reads, its groups put into the file's first text (``port = 0042  # tuned`` -> ``port=42``)."""
    binding = f.writes.get(text_key(text))
    if binding is not None or f.matching is None:  # binding 0 is one
        return binding
    m = f.matching.search(text[:MATCHED_TEXT])
    if m is None:
        return None
    values = m.groupdict()
    filled = _HOLE.sub(lambda h: values.get(h.group(1)) or "", f.spec.writes[0])
    return f.writes.get(text_key(filled))
