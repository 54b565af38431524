"""AST of a ``files { ... }`` block: a terminal world's file tree, shell settings and programs.

Kept apart from ``ast.py``: the block is desugared by ``check/files.py`` into ordinary ``def``s and
actions, so nothing else in the checker needs to know these nodes.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from worldgen.syntax import ast


@dataclass
class Hook(ast.Node):
    """``on read|rm|write|chmod|chown [...] { clauses }``: what a shell operation on the file does
    to the state. ``patterns``: a write's accepted texts; ``params``: its (or chmod's/chown's)
    typed values."""

    kind: str
    clauses: list[ast.Clause]
    params: list[ast.ActionParam] = field(default_factory=list)
    patterns: list[ast.Str] = field(default_factory=list)


@dataclass
class FileItem(ast.Node):
    """``file NAME(params) "PATH" { text E  mode E  owner E  group E  exists when E  on ... }``"""

    name: str
    params: list[ast.ActionParam]
    path: ast.Str
    props: dict[str, ast.Expr]  # text, mode, owner, group, exists
    hooks: list[Hook]
    invalid: ast.Str | None = None


@dataclass
class ProgramItem(ast.Node):
    """``program NAME ["summary"] { flag "-f" "--force"  value "-u" "--unit" }``: how its argv is
    read getopt-style (which options take a value, which names are one option)."""

    name: str
    summary: ast.Str | None
    options: list[tuple[str, list[ast.Str]]]  # ("flag" | "value", spellings)


@dataclass
class FilesDecl(ast.Decl):
    settings: list[tuple[str, ast.Str, str | None]]  # (home|cwd|user|env, value, env name)
    dirs: list[ast.Str]
    files: list[FileItem]
    programs: list[ProgramItem]
