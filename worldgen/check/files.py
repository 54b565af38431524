"""``files { ... }`` -> ordinary ``def``s and actions, and the IR record of the file tree.

A file's path, text, mode, owner, group and existence become ``def``s of its path's typed values
(``file_log_text(s)``); each ``on read|write|rm|chmod|chown`` becomes an action whose canonical
command is the shell line that does it (``cat /var/log/{s}.log``, ``printf '%s\\n' 'port={p}' >
/etc/app.conf``, ``chmod {m} /etc/key``). So the checker types them, the code generator compiles
them and the model checker enumerates them like every other rule; the runtime's shell
(``worldgen.terminal``) reaches them through the same bindings an agent's command line does.
"""

from __future__ import annotations

import re

from worldgen.errors import DiagnosticSink, Span
from worldgen.ir.models import Scaffold
from worldgen.ir.terminal import FileSpec, ProgramSpec, Terminal, hook_action, prop_function
from worldgen.syntax import ast
from worldgen.syntax.files_ast import FileItem, FilesDecl, Hook

EXPECTED = {"path": "str", "text": "str", "mode": "int", "owner": "str", "group": "str", "exists": "bool"}
HOOK_PARAMS = {"read": (0, 0), "rm": (0, 0), "chmod": (1, 1), "chown": (1, 2), "write": (0, 99)}
_OPTION = re.compile(r"-[A-Za-z0-9]|--[A-Za-z0-9][A-Za-z0-9-]*")


def desugar(world: ast.World, sink: DiagnosticSink) -> tuple[ast.World, FilesDecl | None]:
    """The world with its ``files`` block replaced by the defs and actions it stands for."""
    blocks = [d for d in world.decls if isinstance(d, FilesDecl)]
    if not blocks:
        return world, None
    for extra in blocks[1:]:
        sink.error("WG601", "a world has one 'files' block", extra.span)
    block = blocks[0]
    generated: list[ast.Decl] = []
    for f in block.files:
        generated.extend(_file_decls(f, sink))
    decls = [d for d in world.decls if not isinstance(d, FilesDecl)] + generated
    return ast.World(world.span, world.name, decls), block


def _str(span: Span, value: str) -> ast.Str:
    """A string literal made by the desugaring (its raw text escaped as the source would be)."""
    return ast.Str(span, value, value.replace("\\", "\\\\"))


def _file_decls(f: FileItem, sink: DiagnosticSink) -> list[ast.Decl]:
    if not f.path.value.startswith("/"):
        sink.error("WG602", f"the path of file '{f.name}' must be absolute (start with '/')", f.path.span)
    if "text" not in f.props:
        sink.error("WG603", f"file '{f.name}' needs a 'text' (what `cat` shows)", f.span)
    decls: list[ast.Decl] = [ast.FuncDecl(f.path.span, prop_function(f.name, "path"), f.params, None, f.path)]
    decls += [ast.FuncDecl(e.span, prop_function(f.name, prop), f.params, None, e) for prop, e in f.props.items()]
    kinds = [h.kind for h in f.hooks]
    for h in f.hooks:
        if kinds.count(h.kind) > 1 and h is not next(g for g in f.hooks if g.kind == h.kind):
            sink.error("WG604", f"file '{f.name}' has more than one 'on {h.kind}' (list a write's texts in one: "
                       "on write \"...\" | \"...\")", h.span)
            continue
        lo, hi = HOOK_PARAMS[h.kind]
        if not lo <= len(h.params) <= hi:
            want = f"{lo}" if lo == hi else f"{lo} or {hi}"
            sink.error("WG605", f"'on {h.kind}' takes {want} typed value(s), not {len(h.params)}", h.span)
            continue
        decls.append(ast.ActionDecl(h.span, hook_action(f.name, h.kind), f.params + h.params,
                                    _patterns(f, h, sink), h.clauses))
    return decls


def _patterns(f: FileItem, h: Hook, sink: DiagnosticSink) -> list[ast.Str]:
    """The canonical shell line of each way the hook happens."""
    path = f.path.value
    match h.kind:
        case "read":
            lines = [f"cat {path}"]
        case "rm":
            lines = [f"rm {path}"]
        case "chmod":
            lines = [f"chmod {{{h.params[0].name}}} {path}"]
        case "chown":
            lines = [f"chown {':'.join('{' + p.name + '}' for p in h.params)} {path}"]
        case _:
            lines = [_printf(path, p, sink) for p in h.patterns]
    return [_str(h.span, line) for line in lines]


def _printf(path: str, text: ast.Str, sink: DiagnosticSink) -> str:
    """``printf '%s\\n' 'LINE' ... > PATH``: one shell line that writes a multi-line text."""
    if "'" in text.value:
        sink.error("WG606", "a written text cannot contain a single quote (it is written with printf '...')", text.span)
    lines = [ln for ln in text.value.split("\n") if ln.strip()]
    return "printf '%s\\n' " + " ".join(f"'{ln}'" for ln in lines) + f" > {path}"


def terminal_ir(block: FilesDecl, scaffold: Scaffold, sink: DiagnosticSink) -> Terminal:
    """The IR record of the block, after the checker typed the defs it became."""
    functions = {fn.name: fn for fn in scaffold.functions}
    files = []
    for f in block.files:
        for prop, want in EXPECTED.items():
            fn = functions.get(prop_function(f.name, prop))
            node = f.path if prop == "path" else f.props.get(prop)
            if fn is not None and node is not None and fn.body.type.kind != want:
                sink.error("WG607", f"the {prop} of file '{f.name}' must be {_kind_words(want)}, not {fn.body.type}", node.span)
        mode = f.props.get("mode")
        if isinstance(mode, ast.Num) and isinstance(mode.value, int) and mode.value > 0o7777:
            sink.error("WG608", f"mode {mode.value} is larger than any file mode: write octal modes as 0o{mode.value}", mode.span)
        write = next((h for h in f.hooks if h.kind == "write"), None)
        files.append(FileSpec(
            name=f.name, params=tuple(_checked_params(scaffold, f)), path=f.path.value,
            props=tuple(p for p in ("text", "mode", "owner", "group", "exists") if p in f.props),
            hooks=tuple(dict.fromkeys(h.kind for h in f.hooks)),
            writes=tuple(p.value for p in write.patterns) if write else (),
            invalid=f.invalid.value if f.invalid else None, line=f.span.line))
    settings = {kind: s.value for kind, s, _ in block.settings if kind != "env"}
    for kind, s, _ in block.settings:
        if kind in ("home", "cwd") and not s.value.startswith("/"):
            sink.error("WG602", f"'{kind}' must be an absolute path", s.span)
    return Terminal(
        home=settings.get("home", "/root"), cwd=settings.get("cwd"), user=settings.get("user", "root"),
        env=tuple((name or "", s.value) for kind, s, name in block.settings if kind == "env"),
        dirs=tuple(d.value for d in block.dirs), files=tuple(files),
        programs=tuple(_program(p, sink) for p in block.programs))


def _checked_params(scaffold: Scaffold, f: FileItem) -> tuple:
    fn = next(fn for fn in scaffold.functions if fn.name == prop_function(f.name, "path"))
    return fn.params


def _program(p, sink: DiagnosticSink) -> ProgramSpec:
    flags, values = [], []
    for kind, spellings in p.options:
        names = tuple(s.value for s in spellings)
        for s in spellings:
            if not _OPTION.fullmatch(s.value):
                sink.error("WG609", f"'{s.value}' is not an option name (-x or --long-name)", s.span)
        (flags if kind == "flag" else values).append(names)
    return ProgramSpec(name=p.name, summary=p.summary.value if p.summary else "", flags=tuple(flags), values=tuple(values))


def _kind_words(kind: str) -> str:
    return {"str": "text", "int": "an int", "bool": "a condition"}[kind]
