"""Lark tree -> AST for the ``files { ... }`` block (mixed into the scaffold transformer)."""

from __future__ import annotations

from lark import Token, Transformer, v_args

from worldgen.errors import Span
from worldgen.syntax import ast
from worldgen.syntax.files_ast import FileItem, FilesDecl, Hook, ProgramItem

PROPS = ("text", "mode", "owner", "group", "exists")


def _span(meta) -> Span:
    return Span(meta.line, meta.column, meta.end_line, meta.end_column)


@v_args(meta=True, inline=True)
class FilesTransform(Transformer):
    """Each ``fs_*``/``file_*``/``on_*`` rule becomes a small tagged tuple or node; ``files_decl``
    sorts them into one ``FilesDecl``."""

    def files_decl(self, meta, *items):
        settings, dirs, files, programs = [], [], [], []
        for item in items:
            if isinstance(item, FileItem):
                files.append(item)
            elif isinstance(item, ProgramItem):
                programs.append(item)
            elif item[0] == "dir":
                dirs.append(item[1])
            else:
                settings.append(item)
        return FilesDecl(_span(meta), settings, dirs, files, programs)

    def fs_home(self, meta, s):
        return ("home", s, None)

    def fs_cwd(self, meta, s):
        return ("cwd", s, None)

    def fs_user(self, meta, s):
        return ("user", s, None)

    def fs_env(self, meta, name, s):
        return ("env", s, str(name))

    def fs_dir(self, meta, s):
        return ("dir", s)

    def fs_file(self, meta, name, params, path, *clauses):
        props: dict[str, ast.Expr] = {}
        hooks: list[Hook] = []
        invalid = None
        for c in clauses:
            if c is None:
                continue
            if isinstance(c, Hook):
                hooks.append(c)
            elif c[0] == "invalid":
                invalid = c[1]
            else:
                props[c[0]] = c[1]
        return FileItem(_span(name), str(name), params or [], path, props, hooks, invalid)

    def file_text(self, meta, e):
        return ("text", e)

    def file_mode(self, meta, e):
        return ("mode", e)

    def file_owner(self, meta, e):
        return ("owner", e)

    def file_group(self, meta, e):
        return ("group", e)

    def file_exists(self, meta, e):
        return ("exists", e)

    def file_invalid(self, meta, s):
        return ("invalid", s)

    def on_read(self, meta, *clauses):
        return Hook(_span(meta), "read", [c for c in clauses if c is not None])

    def on_rm(self, meta, *clauses):
        return Hook(_span(meta), "rm", [c for c in clauses if c is not None])

    def on_write(self, meta, patterns, params, *clauses):
        return Hook(_span(meta), "write", [c for c in clauses if c is not None], params or [], patterns)

    def on_chmod(self, meta, params, *clauses):
        return Hook(_span(meta), "chmod", [c for c in clauses if c is not None], params)

    def on_chown(self, meta, params, *clauses):
        return Hook(_span(meta), "chown", [c for c in clauses if c is not None], params)

    def fs_program(self, meta, name, summary, *options):
        return ProgramItem(_span(name), str(name), summary, list(options))

    def program_option(self, meta, kind: Token, *spellings):
        return (str(kind), list(spellings))
