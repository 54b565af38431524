"""IR of a terminal world's file tree, shell settings and programs (``files { ... }``).

Everything that changes state is an ordinary action of the scaffold (``read_log``, ``write_conf``,
``chmod_key``, ...), and everything a file shows is an ordinary ``def`` (``file_log_text``, ...):
the checker, the code generator and the model checker need nothing new. This record only says
which of those make up which file, so the runtime can lay the files out for the shell.
"""

from __future__ import annotations

from worldgen.ir.models import ActionParam, Node

PROPS = ("text", "mode", "owner", "group", "exists", "mtime")
HOOKS = ("read", "write", "rm", "chmod", "chown")


PLAIN_PATH = " with no '.' or '..' part"


def plain_path(path: str) -> bool:
    """An absolute path that names its place outright: a `..` would put a file above the world's
    root where its tree is written out as real files (`play --real`, Harbor, `export files`)."""
    return path.startswith("/") and not any(part in (".", "..") for part in path.split("/")) and "\0" not in path


def prop_function(file: str, prop: str) -> str:
    """The ``def`` holding a file's path (``prop == "path"``) or one of its ``PROPS``."""
    return f"file_{file}_{prop}"


def hook_action(file: str, hook: str) -> str:
    """The action a shell operation on the file runs (``write_conf``)."""
    return f"{hook}_{file}"


class FileSpec(Node):
    name: str
    params: tuple[ActionParam, ...] = ()  # the typed values in its path: one file per binding
    path: str  # "/var/log/{s}.log"
    props: tuple[str, ...] = ("text",)  # the PROPS it gives (the others take their defaults)
    hooks: tuple[str, ...] = ()  # the HOOKS it has
    writes: tuple[str, ...] = ()  # the texts a write may take ("port={p}"), in `when write` order
    matching: str | None = None  # a regular expression reading a write's values from any text
    invalid: bool = False  # a def file_NAME_invalid says what a write matching none of ``writes`` prints
    line: int = 0


class ProgramSpec(Node):
    """How a program's argv is read: ``values`` are options taking a value, ``flags`` the others;
    each entry lists one option's spellings, the first canonical."""

    name: str
    summary: str = ""
    flags: tuple[tuple[str, ...], ...] = ()
    values: tuple[tuple[str, ...], ...] = ()


class Terminal(Node):
    home: str = "/root"
    cwd: str | None = None  # default: home
    user: str = "root"
    env: tuple[tuple[str, str], ...] = ()
    dirs: tuple[str, ...] = ()
    files: tuple[FileSpec, ...] = ()
    programs: tuple[ProgramSpec, ...] = ()
