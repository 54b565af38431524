"""AST of a ``files { ... }`` block: a terminal world's file tree, shell settings and programs.

Kept apart from ``ast.py``: the block is desugared by ``check/files.py`` into ordinary ``def``s and
actions, so nothing else in the checker needs to know these nodes. Its words (``file``, ``text``,
``mode``, ``read``, ...) are names in the grammar, not keywords (scaffolds use them as names),
so these nodes keep them as written and the desugaring says which are unknown.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from worldgen.errors import Span
from worldgen.syntax import ast


@dataclass
class Setting(ast.Node):
    """``home "/root"``, ``cwd "..."``, ``user "..."``, ``dir "..."``, ``env NAME = "..."``."""

    key: str
    value: ast.Str
    name: str | None = None  # env: the variable


@dataclass
class Prop(ast.Node):
    """``text E``, ``mode E``, ... (``exists when E`` has ``when=True``); a program's ``flag
    "-f --force"`` / ``value "-u --unit"``."""

    key: str
    value: ast.Expr
    when: bool = False


@dataclass
class Hook(ast.Node):
    """``when read|rm|write|chmod|chown [...] { clauses }``: what a shell operation on the file does
    to the state. ``patterns``: a write's accepted texts; ``params``: typed values it reads."""

    kind: str
    clauses: list[ast.Clause]
    params: list[ast.ActionParam] = field(default_factory=list)
    patterns: list[ast.Str] = field(default_factory=list)
    matching: ast.Str | None = None  # `when write "port={p}" (p: T) matching "port\\s*=\\s*(?P<p>\\d+)"`
    matching_word: str = "matching"


@dataclass
class Block(ast.Node):
    """``file NAME(params) "PATH" { ... }`` or ``program NAME ["summary"] { ... }``."""

    kind: str
    kind_span: Span
    name: str
    params: list[ast.ActionParam]
    string: ast.Str | None  # a file's path, a program's summary
    props: list[Prop]
    hooks: list[Hook]
    invalid: ast.Str | None = None
    quoted: bool = False  # `program "apt-get" { ... }`: a name that is no identifier


@dataclass
class FilesDecl(ast.Decl):
    head: str  # "files" (anything else is reported by the checker)
    settings: list[Setting]
    blocks: list[Block]
