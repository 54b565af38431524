"""An in-memory file tree behind the ``Filesystem`` protocol: for tests, and for the files an
agent creates that no world declares (scratch files live only for the episode)."""

from __future__ import annotations

from dataclasses import replace

from worldgen.shell.budget import MAX_NODES, MAX_SCRATCH
from worldgen.shell.fs import EPOCH, FsError, Node, basename, encoded, parent


class MemoryFs:
    """Files and directories in two dicts keyed by absolute path, and each directory's entry
    names (so listing a directory costs its size, not the tree's). ``clock`` is the mtime given
    to what changes next; whoever drives the episode advances it (deterministic, never the wall
    clock).

    The tree is a disk of bounded size: a change that would take it past ``MAX_SCRATCH``
    characters of text or ``MAX_NODES`` files and directories fails with ``ENOSPC``. Changes made
    after ``begin()`` can be undone by ``rollback()`` (a line stopped by its budget): the two
    dicts are copied on the first change after ``begin`` (the directory index is rebuilt only on
    a rollback, which is rare), so a line that only reads costs nothing."""

    def __init__(self, files: dict[str, str] | None = None, *, dirs: tuple[str, ...] = (), clock: int = EPOCH):
        self.clock = clock
        self.nodes: dict[str, Node] = {"/": Node("dir", 0o755)}
        self.texts: dict[str, str] = {}
        self.entries: dict[str, set[str]] = {"/": set()}
        self.used = 0  # characters of text held
        self.open = False  # within begin() .. rollback()
        self.before: tuple[dict[str, Node], dict[str, str], int] | None = None  # at begin(), once something changes
        for d in dirs:
            self._makedirs(d)
        for path, text in (files or {}).items():
            self._makedirs(parent(path))
            self._add(path, Node("file", 0o644, size=len(encoded(text)), mtime=clock))
            self.texts[path] = text
            self.used += len(text)

    def copy(self) -> MemoryFs:
        """An independent tree with the same files (cheaper than building it again: a terminal
        world starts every episode from one)."""
        twin = MemoryFs.__new__(MemoryFs)
        twin.clock = self.clock
        twin.nodes = dict(self.nodes)
        twin.texts = dict(self.texts)
        twin.entries = {path: set(names) for path, names in self.entries.items()}
        twin.used = self.used
        twin.open = False
        twin.before = None
        return twin

    def begin(self) -> None:
        """Start keeping what changes from now on, for ``rollback``."""
        self.open = True
        self.before = None

    def rollback(self) -> None:
        """Put the tree back as it was at ``begin()``."""
        if self.before is not None:
            self.nodes, self.texts, self.used = self.before
            self.entries = {path: set() for path, node in self.nodes.items() if node.is_dir}
            for path in self.nodes:
                if path != "/":
                    self.entries[parent(path)].add(basename(path))
        self.before = None

    def _change(self, path: str, nodes: int = 0, chars: int = 0) -> None:
        """Called before every change: keeps the tree for ``rollback`` and refuses a change that
        would fill the disk (``nodes`` new entries, ``chars`` more characters of text)."""
        if (nodes > 0 and len(self.nodes) + nodes > MAX_NODES) or (chars > 0 and self.used + chars > MAX_SCRATCH):
            raise FsError("ENOSPC", path)
        if self.open and self.before is None:
            self.before = dict(self.nodes), dict(self.texts), self.used

    def _makedirs(self, path: str) -> None:
        if path not in self.nodes:
            self._makedirs(parent(path))
            self._add(path, Node("dir", 0o755, mtime=self.clock))

    def _add(self, path: str, node: Node) -> None:
        """A new node at ``path`` (its parent directory exists)."""
        self.nodes[path] = node
        self.entries[parent(path)].add(basename(path))
        if node.is_dir:
            self.entries[path] = set()

    def _drop(self, path: str) -> None:
        del self.nodes[path]
        self.used -= len(self.texts.pop(path, ""))
        self.entries.pop(path, None)
        self.entries[parent(path)].discard(basename(path))

    def _dir(self, path: str) -> Node:
        node = self.nodes.get(path)
        if node is None:
            raise FsError("ENOENT", path)
        if not node.is_dir:
            raise FsError("ENOTDIR", path)
        return node

    def _existing(self, path: str) -> Node:
        node = self.nodes.get(path)
        if node is None:
            self._dir(parent(path))  # ENOTDIR for a file used as a directory on the way
            raise FsError("ENOENT", path)
        return node

    # ----------------------------------------------------------------- Filesystem protocol
    def stat(self, path: str) -> Node | None:
        return self.nodes.get(path)

    def read(self, path: str) -> str:
        if self._existing(path).is_dir:
            raise FsError("EISDIR", path)
        return self.texts[path]

    def listdir(self, path: str) -> list[str]:
        self._dir(path)
        return sorted(self.entries[path])

    def write(self, path: str, text: str, *, append: bool = False) -> None:
        node = self.nodes.get(path)
        if node is not None and node.is_dir:
            raise FsError("EISDIR", path)
        if node is None:
            self._dir(parent(path))
        old = self.texts.get(path, "")
        self._change(path, nodes=node is None, chars=len(text) if append else len(text) - len(old))
        new = old + text if append else text
        if node is None:
            self._add(path, Node("file", 0o644, size=len(encoded(new)), mtime=self.clock))
        else:
            self.nodes[path] = replace(node, size=len(encoded(new)), mtime=self.clock)
        self.texts[path] = new
        self.used += len(new) - len(old)

    def mkdir(self, path: str) -> None:
        if path in self.nodes:
            raise FsError("EEXIST", path)
        self._dir(parent(path))
        self._change(path, nodes=1)
        self._add(path, Node("dir", 0o755, mtime=self.clock))

    def remove(self, path: str) -> None:
        node = self._existing(path)
        if path == "/":
            raise FsError("EPERM", path)
        if node.is_dir and self.entries[path]:
            raise FsError("ENOTEMPTY", path)
        self._change(path)
        self._drop(path)

    def rename(self, src: str, dst: str) -> None:
        node = self._existing(src)
        target = self.nodes.get(dst)
        if target is not None and target.is_dir:
            raise FsError("EISDIR", dst)
        if node.is_dir and (dst + "/").startswith(src + "/"):
            raise FsError("EINVAL", dst)
        self._dir(parent(dst))
        self._change(dst)
        if target is not None:
            self._drop(dst)
        moved = [(p, n, self.texts.get(p)) for p, n in self.nodes.items() if p == src or p.startswith(src + "/")]
        for old, _, _ in reversed(moved):
            self._drop(old)
        for old, n, text in moved:  # parents before children: dict order is creation order
            new = dst + old[len(src):]
            self._add(new, n)
            if text is not None:
                self.texts[new] = text

    def chmod(self, path: str, mode: int) -> None:
        node = self._existing(path)
        self._change(path)
        self.nodes[path] = replace(node, mode=mode & 0o7777)

    def chown(self, path: str, owner: str | None, group: str | None) -> None:
        node = self._existing(path)
        self._change(path)
        self.nodes[path] = replace(node, owner=owner or node.owner, group=group or node.group)

    def touch(self, path: str) -> None:
        node = self.nodes.get(path)
        if node is None:
            self.write(path, "")
        else:
            self._change(path)
            self.nodes[path] = replace(node, mtime=self.clock)


