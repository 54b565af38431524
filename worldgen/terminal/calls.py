"""The requests a real shell's program clients send to the world, parsed strictly in one place.

A client (``program_client.py``) runs as the agent, wherever the agent's shell is: in a local jail
(``real.py``) or in a Harbor task's container (the world service). Either way the request is
untrusted input, so the world's side reads it here and nowhere else: known fields only, of the
right types and sizes, paths only from the world's own file list. A request that is not right is
a ``CallError`` whose message goes back to the client, never a traceback.

    {"op": "program", "argv": [NAME, ...], "cwd": "/dir", "files": {PATH: null | FILE}}
    {"op": "sync", "files": {PATH: null | FILE}}      the files alone (a Harbor verifier's last look)
    {"op": "files"}                                   the tree to write, at a container's start

FILE is ``{"text", "mode", "uid", "gid", "read"}`` as ``program_client.scan`` reports it; a path
left out of ``files`` is not looked at. ``Call.to_json`` is the call's canonical JSON (what a
Harbor journal records and the verifier replays).
"""

from __future__ import annotations

import json
from collections.abc import Collection
from dataclasses import dataclass, field
from typing import Any

MAX_REQUEST = 4 << 20  # bytes of one call (the files it reports)
MAX_TEXT = 1 << 20  # characters of one file's text (program_client.MAX_TEXT bytes, decoded)
MAX_ARGS = 256
MAX_ARG = 4096  # characters of one argument, and of the directory
_FILE_KEYS = {"text": str, "mode": int, "uid": int, "gid": int, "read": bool}
_FIELDS = {"program": {"op", "argv", "cwd", "files"}, "sync": {"op", "files"}, "files": {"op"}}
USAGE = ('a call is {"op": "program", "argv": [...], "cwd": "/dir", "files": {...}}, '
         '{"op": "sync", "files": {...}} or {"op": "files"}')

Seen = dict[str, dict[str, Any] | None]


class CallError(ValueError):
    """A request the world does not take; the message says what is wrong with it."""


@dataclass(frozen=True)
class Call:
    op: str
    argv: tuple[str, ...] = ()
    cwd: str = "/"
    files: Seen = field(default_factory=dict)

    def to_json(self) -> str:
        """Canonical JSON, ASCII only (a text holding undecodable bytes still fits any journal)."""
        body: dict[str, Any] = {"op": self.op}
        if self.op == "program":
            body.update(argv=list(self.argv), cwd=self.cwd)
        if self.op != "files":
            body["files"] = self.files
        return json.dumps(body, sort_keys=True, separators=(",", ":"))


def parse(request: Any, programs: Collection[str], paths: Collection[str]) -> Call:
    """The call ``request`` (decoded JSON) makes, if it is one this world takes."""
    if not isinstance(request, dict) or request.get("op") not in _FIELDS:
        raise CallError(USAGE)
    op = request["op"]
    extra = set(request) - _FIELDS[op]
    missing = _FIELDS[op] - set(request)
    if extra or missing:
        raise CallError(f"a {op} call has the fields {sorted(_FIELDS[op])}; "
                        + (f"unknown: {sorted(extra)}" if extra else f"missing: {sorted(missing)}"))
    if op == "files":
        return Call(op)
    files = _files(request["files"], paths)
    if op == "sync":
        return Call(op, files=files)
    return Call(op, _argv(request["argv"], programs), _cwd(request["cwd"]), files)


def _argv(argv: Any, programs: Collection[str]) -> tuple[str, ...]:
    if not isinstance(argv, list) or not argv or len(argv) > MAX_ARGS or not all(isinstance(a, str) for a in argv):
        raise CallError(f"argv must be a list of 1 to {MAX_ARGS} strings")
    if argv[0] not in programs:
        raise CallError("not a program of this world")
    if any(len(a) > MAX_ARG or "\0" in a for a in argv):
        raise CallError(f"an argument is over {MAX_ARG} characters or holds a NUL")
    return tuple(argv)


def _cwd(cwd: Any) -> str:
    if not isinstance(cwd, str) or not cwd.startswith("/") or len(cwd) > MAX_ARG or "\0" in cwd:
        raise CallError("cwd must be an absolute path")
    return cwd


def _files(files: Any, paths: Collection[str]) -> Seen:
    if not isinstance(files, dict):
        raise CallError("files must map the world's file paths to null or a file")
    out: Seen = {}
    for path, seen in files.items():
        if path not in paths:
            raise CallError(f"not a file of this world: {path[:200]!r}")
        out[path] = None if seen is None else _file(path, seen)
    return out


def _file(path: str, seen: Any) -> dict[str, Any]:
    if not isinstance(seen, dict) or set(seen) != set(_FILE_KEYS):
        raise CallError(f"{path}: a file is {{{', '.join(_FILE_KEYS)}}} or null")
    for key, kind in _FILE_KEYS.items():
        value = seen[key]
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise CallError(f"{path}: {key} must be {'true or false' if kind is bool else 'a ' + kind.__name__}")
    if len(seen["text"]) > MAX_TEXT:
        raise CallError(f"{path}: the text is over {MAX_TEXT} characters")
    if not 0 <= seen["mode"] <= 0o7777 or not 0 <= seen["uid"] < 1 << 32 or not 0 <= seen["gid"] < 1 << 32:
        raise CallError(f"{path}: mode, uid or gid out of range")
    return dict(seen)
