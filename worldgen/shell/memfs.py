"""An in-memory file tree behind the ``Filesystem`` protocol: for tests, and for the files an
agent creates that no world declares (scratch files live only for the episode)."""

from __future__ import annotations

from dataclasses import replace

from worldgen.shell.fs import EPOCH, FsError, Node, basename, parent


class MemoryFs:
    """Files and directories in two dicts keyed by absolute path, and each directory's entry
    names (so listing a directory costs its size, not the tree's). ``clock`` is the mtime given
    to what changes next; whoever drives the episode advances it (deterministic, never the wall
    clock)."""

    def __init__(self, files: dict[str, str] | None = None, *, dirs: tuple[str, ...] = (), clock: int = EPOCH):
        self.clock = clock
        self.nodes: dict[str, Node] = {"/": Node("dir", 0o755)}
        self.texts: dict[str, str] = {}
        self.entries: dict[str, set[str]] = {"/": set()}
        for d in dirs:
            self._makedirs(d)
        for path, text in (files or {}).items():
            self._makedirs(parent(path))
            self._add(path, Node("file", 0o644, size=len(text.encode()), mtime=clock))
            self.texts[path] = text

    def copy(self) -> MemoryFs:
        """An independent tree with the same files (cheaper than building it again: a terminal
        world starts every episode from one)."""
        twin = MemoryFs.__new__(MemoryFs)
        twin.clock = self.clock
        twin.nodes = dict(self.nodes)
        twin.texts = dict(self.texts)
        twin.entries = {path: set(names) for path, names in self.entries.items()}
        return twin

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
        self.texts.pop(path, None)
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
        new = self.texts.get(path, "") + text if append else text
        if node is None:
            self._dir(parent(path))
            self._add(path, Node("file", 0o644, size=len(new.encode()), mtime=self.clock))
        else:
            self.nodes[path] = replace(node, size=len(new.encode()), mtime=self.clock)
        self.texts[path] = new

    def mkdir(self, path: str) -> None:
        if path in self.nodes:
            raise FsError("EEXIST", path)
        self._dir(parent(path))
        self._add(path, Node("dir", 0o755, mtime=self.clock))

    def remove(self, path: str) -> None:
        node = self._existing(path)
        if path == "/":
            raise FsError("EPERM", path)
        if node.is_dir and self.entries[path]:
            raise FsError("ENOTEMPTY", path)
        self._drop(path)

    def rename(self, src: str, dst: str) -> None:
        node = self._existing(src)
        target = self.nodes.get(dst)
        if target is not None and target.is_dir:
            raise FsError("EISDIR", dst)
        if node.is_dir and (dst + "/").startswith(src + "/"):
            raise FsError("EINVAL", dst)
        self._dir(parent(dst))
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
        self.nodes[path] = replace(self._existing(path), mode=mode & 0o7777)

    def chown(self, path: str, owner: str | None, group: str | None) -> None:
        node = self._existing(path)
        self.nodes[path] = replace(node, owner=owner or node.owner, group=group or node.group)

    def touch(self, path: str) -> None:
        node = self.nodes.get(path)
        if node is None:
            self.write(path, "")
        else:
            self.nodes[path] = replace(node, mtime=self.clock)


