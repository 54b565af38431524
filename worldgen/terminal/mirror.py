"""The world's side of a real shell: what the agent did to the world's files, read back through the
world's rules, and the files as the rules then render them.

In the emulator every file operation is a call into ``WorldFs``. In a real shell the operation has
already happened on disk when the world hears of it (after each line, and before each program
runs), so ``take`` replays what it sees as the same ``WorldFs`` calls, in the order a line would
make them: reads, then writes, modes and owners, removals. A change the world's rules refuse is
undone (``want`` puts the world's version back) and said on stderr, so a real shell and the
emulator always end a line in the same world state.
"""

from __future__ import annotations

from typing import Any

from worldgen.shell.fs import FsError
from worldgen.shell.nss import Accounts
from worldgen.terminal.worldfs import WorldFs, refusal_line

Seen = dict[str, dict[str, Any] | None]  # path -> what program_client.scan found there


class Mirror:
    def __init__(self, fs: WorldFs, ids: Accounts, *, owners: bool):
        self.fs = fs
        self.ids = ids
        self.owners = owners  # the tree on disk carries owners (written by root)
        self.paths = sorted(fs.layout.files)

    def want(self, path: str) -> dict[str, Any] | None:
        """The world's version of one of its files: None where it does not exist now."""
        node = self.fs.stat(path) if self.fs._file(path) is not None else None  # noqa: SLF001 - the world's own file
        if node is None:
            return None
        return {"text": self.fs.view(path), "mode": node.mode, "uid": self.ids.users.id(node.owner), "gid": self.ids.groups.id(node.group),
                "mtime": node.mtime}

    def take(self, seen: Seen) -> list[str]:
        """Run what ``seen`` shows the agent did; the world's refusals, as stderr lines."""
        refused: list[str] = []
        before = {path: self.want(path) for path in seen}
        for path, now in seen.items():
            if now is not None and now["read"] and before[path] is not None:
                self.fs.read(path)
        for path, now in seen.items():
            was = before[path]
            try:
                self._change(path, was, now)
            except FsError as err:
                refused.append(refusal_line(path, err.reason))
        return refused

    def _change(self, path: str, was: dict[str, Any] | None, now: dict[str, Any] | None) -> None:
        if now is None:
            if was is not None:
                self.fs.remove(path)
            return
        if was is None or now["text"] != was["text"]:
            self.fs.write(path, now["text"])
            self.fs.commit(path)  # judged now, before its mode and owner
        if was is None:
            return  # a file the agent made: its mode and owner are what making it gave
        if now["mode"] != was["mode"]:
            self.fs.chmod(path, now["mode"])
        moved = self._moved(now, was)
        if moved:
            owner = self.ids.users.name(now["uid"]) or str(now["uid"]) if "uid" in moved else None
            group = self.ids.groups.name(now["gid"]) or str(now["gid"]) if "gid" in moved else None
            self.fs.chown(path, owner, group)

    def _moved(self, now: dict[str, Any], want: dict[str, Any]) -> set[str]:
        """Which of uid and gid differ on disk, where the tree carries owners and the world's
        owner has an id (a name missing from /etc/passwd is the manifest's business)."""
        if not self.owners:
            return set()
        return {k for k in ("uid", "gid") if want[k] is not None and now[k] != want[k]}

    def rewrites(self, seen: Seen) -> dict[str, dict[str, Any] | None]:
        """The files whose disk version differs from the world's (text, mode, and time where
        ``seen`` tells it: `touch` moves no world file's time, as in the emulator), or that were
        read: their access time goes back below their modification time, so the next read shows."""
        out: dict[str, dict[str, Any] | None] = {}
        for path, now in seen.items():
            want = self.want(path)
            if want is None:
                if now is not None:
                    out[path] = None
            elif (now is None or now["read"] or any(now[k] != want[k] for k in ("text", "mode"))
                  or now.get("mtime", want["mtime"]) != want["mtime"] or self._moved(now, want)):
                out[path] = want
        return out
