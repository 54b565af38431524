"""A terminal world's file tree as plain files: what ``worldgen export files`` writes and what the
real shell runs over.

The tree is walked through the world's own file system (``WorldFs``) without running any hook,
so the files on disk are byte for byte what the emulated shell shows in that state: world files
rendered from the state with their modes, owners and times, the world's directories, and the
episode's other files (``/etc/passwd`` and ``/etc/group`` naming the world's accounts).
"""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass
from pathlib import Path

from worldgen.errors import WorldgenError
from worldgen.ir.terminal import PLAIN_PATH, plain_path
from worldgen.shell.fs import FsError
from worldgen.shell.nss import BARE, GROUP, PASSWD, Accounts
from worldgen.terminal.worldfs import WorldFs

SYSTEM = ("/bin", "/sbin", "/lib", "/lib64", "/usr", "/dev", "/proc", "/sys")  # the host's or kernel's in a container
JAILED = ("/bin", "/sbin", "/lib", "/lib64", "/usr", "/dev")  # the host's in the local real shell (no /proc, /sys)


@dataclass(frozen=True)
class Item:
    """One path of the tree: a directory (``text`` None) or a file."""

    path: str
    mode: int
    owner: str
    group: str
    mtime: int
    text: str | None = None

    @property
    def is_dir(self) -> bool:
        return self.text is None


def walk(fs: WorldFs) -> list[Item]:
    """Every directory and file the world's shell would list, parents first, in path order. A
    file the rules cannot render (its text over the limit: `compile` rejects such a world, but one
    built straight from a scaffold skipped that) cannot be written to disk: the error says which."""
    items: list[Item] = []
    pending = ["/"]
    while pending:
        path = pending.pop()
        try:
            node = fs.stat(path)
            if node is None:
                continue
            if node.is_dir:
                items.append(Item(path, node.mode, node.owner, node.group, node.mtime))
                prefix = path.rstrip("/") + "/"
                pending.extend(prefix + name for name in reversed(fs.listdir(path)))
            else:
                items.append(Item(path, node.mode, node.owner, node.group, node.mtime, fs.view(path)))
        except FsError as err:
            cause = f": {err.__cause__}" if err.__cause__ is not None else ""
            raise WorldgenError(f"the world's file {err.path} cannot be rendered{cause} "
                                "(`worldgen compile` rejects such a world; its rule_errors check names the state)") from None
    return items


def accounts_of(items: list[Item]) -> Accounts:
    """The accounts the tree's own ``/etc/passwd`` and ``/etc/group`` name (what real bash reads)."""
    texts = {i.path: i.text for i in items if i.text is not None}
    return Accounts.parse(texts.get(PASSWD, BARE[0]), texts.get(GROUP, BARE[1]))


def write_tree(items: list[Item], root: Path, *, skip: tuple[str, ...] = (), own: bool | None = None) -> Accounts:
    """The tree under ``root`` (``root/var/log/api.log`` for ``/var/log/api.log``), with modes and
    times; owners too where this process may ``chown`` (``own``: None asks whether it runs as
    root). Paths under ``skip`` are left out (the host's system folders in a real shell).
    Directories get their times last, since writing their files moved them."""
    ids = accounts_of(items)
    own = os.geteuid() == 0 if own is None else own
    kept = [i for i in items if not any(i.path == s or i.path.startswith(s + "/") for s in skip)]
    for item in kept:
        if not plain_path(item.path):  # never from a checked world: its paths and content were refused
            raise WorldgenError(f"{item.path!r}: a world's file path must be absolute{PLAIN_PATH}")
        target = root / item.path.lstrip("/")
        if item.is_dir:
            target.mkdir(parents=True, exist_ok=True)
        else:
            target.write_bytes(item.text.encode("utf-8", "surrogateescape"))  # type: ignore[union-attr]
        settle(target, item, ids if own else None)
    for item in reversed(kept):
        if item.is_dir:
            os.utime(root / item.path.lstrip("/"), (item.mtime, item.mtime))
    return ids


def settle(target: Path, item: Item, ids: Accounts | None) -> None:
    """Mode, owner (when ``ids``) and times of one written path. The access time is set just
    before the modification time, so the first read of the file moves it past (``relatime``):
    that is how a real shell tells the world that a file was read."""
    if ids is not None:
        uid, gid = ids.users.id(item.owner), ids.groups.id(item.group)
        os.chown(target, -1 if uid is None else uid, -1 if gid is None else gid, follow_symlinks=False)
    os.chmod(target, item.mode)
    if not item.is_dir:
        os.utime(target, (item.mtime - 1, item.mtime))


def manifest(items: list[Item]) -> list[dict[str, object]]:
    """What a tree on disk cannot always say itself: every path's mode, owner and group by name,
    time and (for files) SHA-256, in path order."""
    rows: list[dict[str, object]] = []
    for i in sorted(items, key=lambda i: i.path):
        row: dict[str, object] = {"path": i.path, "type": "dir" if i.is_dir else "file", "mode": f"{i.mode:04o}",
                                  "owner": i.owner, "group": i.group, "mtime": i.mtime}
        if i.text is not None:
            row["sha256"] = hashlib.sha256(i.text.encode("utf-8", "surrogateescape")).hexdigest()
        rows.append(row)
    return rows
