"""``files { ... }`` -> ordinary ``def``s and actions, and the IR record of the file tree.

A file's path, text, mode, owner, group and existence become ``def``s of its path's typed values
(``file_log_text(s)``); each ``when read|write|rm|chmod|chown`` becomes an action whose canonical
command is the shell line that does it (``cat /var/log/{s}.log``, ``printf '%s\\n' 'port={p}' >
/etc/app.conf``, ``chmod {m} /etc/key``). So the checker types them, the code generator compiles
them and the model checker enumerates them like every other rule; the runtime's shell
(``worldgen.terminal``) reaches them through the same bindings an agent's command line does.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from worldgen.check.exprs import did_you_mean
from worldgen.check.file_paths import check_file_paths
from worldgen.check.nodes import show_type
from worldgen.errors import DiagnosticSink, Span
from worldgen.ir.models import Scaffold
from worldgen.ir.terminal import (HOOKS, PLAIN_PATH, PROPS, FileSpec, ProgramSpec, Terminal, hook_action, plain_path,
                                  prop_function)
from worldgen.shell.builtins.regex_python import check_matching
from worldgen.shell.builtins.regex_tree import RegexError
from worldgen.syntax import ast
from worldgen.syntax.files_ast import Block, FilesDecl, Hook

SETTINGS = ("home", "cwd", "user", "dir", "env")
EXPECTED = {"path": "str", "text": "str", "mode": "int", "owner": "str", "group": "str", "exists": "bool", "mtime": "int"}
HOOK_PARAMS = {"read": (0, 0), "rm": (0, 0), "chmod": (1, 1), "chown": (1, 2), "write": (0, 16)}
_OPTION = re.compile(r"-[A-Za-z0-9]|--[A-Za-z0-9][A-Za-z0-9-]*")
_PROGRAM = re.compile(r"[A-Za-z0-9_][A-Za-z0-9._-]*")


def desugar(world: ast.World, sink: DiagnosticSink) -> tuple[ast.World, FilesDecl | None]:
    """The world with its ``files`` block replaced by the defs and actions it stands for."""
    found = [d for d in world.decls if isinstance(d, FilesDecl)]
    for d in found:
        if d.head != "files":
            sink.error("WG610", f"unknown declaration '{d.head}'{did_you_mean(d.head, ['files'])}", d.span)
    blocks = [d for d in found if d.head == "files"]
    if not blocks:
        return ast.World(world.span, world.name, [d for d in world.decls if not isinstance(d, FilesDecl)]), None
    for extra in blocks[1:]:
        sink.error("WG601", "a world has one 'files' block", extra.span)
    block = blocks[0]
    for s in block.settings:
        if s.key not in SETTINGS or (s.key == "env") != (s.name is not None):
            sink.error("WG611", f"unknown setting '{s.key}' in 'files' (one of: {', '.join(SETTINGS)}; "
                       "env NAME = \"value\")", s.span)
        elif s.key in ("home", "cwd", "dir") and not plain_path(s.value.value):
            sink.error("WG602", f"'{s.key}' must be an absolute path{PLAIN_PATH}", s.value.span)
    generated: list[ast.Decl] = []
    for b in block.blocks:
        if b.quoted and (b.kind != "program" or not _PROGRAM.fullmatch(b.name)):
            sink.error("WG611", f"'{b.name}' cannot be quoted here: a quoted name is a program's, "
                       "letters, digits and - . _ (program \"apt-get\" { ... })", b.span)
        elif b.kind == "file":
            generated.extend(_file_decls(b, sink))
        elif b.kind != "program":
            sink.error("WG611", f"unknown item '{b.kind}' in 'files' (file NAME \"PATH\" {{...}} or program NAME {{...}})",
                       b.kind_span)
    check_file_paths(block, sink)
    for pattern in _command_patterns(world.decls):
        words = pattern.value.split()
        if words and "/" in words[0]:
            sink.error("WG614", f"a terminal world's command starts with a program's name, which the shell finds on "
                       f"PATH, not with a path: '{words[0]}' (call it '{words[0].rstrip('/').rsplit('/', 1)[-1]}')",
                       pattern.span)
    hooks = {d.name for d in generated if isinstance(d, ast.ActionDecl)}
    for d in _rephrasings(world.decls):
        if d.action in hooks:
            word = "rename" if isinstance(d, ast.RenameDecl) else "also"
            sink.error("WG616", f"'{d.action}' is a file's hook: the shell runs it when a line does it to the file "
                       f"(cat, a write, rm, chmod, chown), so no command of its own can '{word}' it", d.span)
    decls = [d for d in world.decls if not isinstance(d, FilesDecl)] + generated
    return ast.World(world.span, world.name, decls), block


def _rephrasings(decls: list[ast.Decl]) -> Iterator[ast.RenameDecl | ast.AlsoDecl]:
    """Every `rename` and `also` of the world, in its axes' alternatives too."""
    for d in decls:
        if isinstance(d, ast.AxisDecl):
            for alt in d.alternatives:
                yield from _rephrasings(alt.decls)
        elif isinstance(d, (ast.RenameDecl, ast.AlsoDecl)):
            yield d


def _command_patterns(decls: list[ast.Decl]) -> Iterator[ast.Str]:
    """Every command pattern a terminal world's actions are typed as, axis renames included: its
    first word names a program the real shell runs from a folder on PATH."""
    for d in decls:
        if isinstance(d, ast.ActionDecl):
            yield from d.patterns
        elif isinstance(d, ast.AxisDecl):
            for alt in d.alternatives:
                yield from _command_patterns(alt.decls)
        elif isinstance(d, (ast.RenameDecl, ast.AlsoDecl)):
            yield from d.patterns


def _str(span: Span, value: str) -> ast.Str:
    """A string literal made by the desugaring (its raw text escaped as the source would be)."""
    return ast.Str(span, value, value.replace("\\", "\\\\"))


def _file_decls(f: Block, sink: DiagnosticSink) -> list[ast.Decl]:
    if f.string is None or not plain_path(f.string.value):
        sink.error("WG602", f"file '{f.name}' needs an absolute path{PLAIN_PATH}: file {f.name} \"/etc/{f.name}\" {{ ... }}",
                   f.string.span if f.string else f.span)
        return []
    props = {p.key: p for p in f.props}
    for p in f.props:
        if p.key not in PROPS or (p.key == "exists") != p.when:
            sink.error("WG611", f"unknown file property '{p.key}' (text E, mode E, owner E, group E, mtime E, "
                       "exists when E)", p.span)
    if "text" not in props:
        sink.error("WG603", f"file '{f.name}' needs a 'text' (what `cat` shows)", f.span)
    decls: list[ast.Decl] = [ast.FuncDecl(f.string.span, prop_function(f.name, "path"), f.params, None, f.string)]
    decls += [ast.FuncDecl(p.value.span, prop_function(f.name, key), f.params, None, p.value)
              for key, p in props.items() if key in PROPS]
    if f.invalid is not None:  # a template like any message: `invalid "... {x} ..."`
        decls.append(ast.FuncDecl(f.invalid.span, prop_function(f.name, "invalid"), f.params, None, f.invalid))
    exists = props.get("exists")
    path = _hook_path(f, sink) if f.hooks else f.string.value
    seen: set[str] = set()
    for h in f.hooks:
        if h.kind not in HOOKS:
            sink.error("WG612", f"unknown hook 'when {h.kind}'{did_you_mean(h.kind, list(HOOKS))} (when read, write, rm, chmod or chown)", h.span)
            continue
        if h.kind in seen:
            sink.error("WG604", f"file '{f.name}' has more than one 'when {h.kind}' (a write lists its texts in one: "
                       "when write \"...\" | \"...\")", h.span)
            continue
        seen.add(h.kind)
        if h.matching is not None:
            _check_matching(h, sink)
        lo, hi = HOOK_PARAMS[h.kind]
        if not lo <= len(h.params) <= hi or (h.kind == "write") != bool(h.patterns):
            want = "texts and typed values: when write \"port={p}\" (p: int in 1..65535)" if h.kind == "write" else (
                f"{lo} typed value(s)" if lo == hi else f"{lo} to {hi} typed values")
            sink.error("WG605", f"'when {h.kind}' takes {want}", h.span)
            continue
        clauses = h.clauses
        if exists is not None and h.kind != "write":  # no reading, removing or chmod of a file that is not there
            clauses = [ast.When(h.span, exists.value, _str(h.span, "No such file or directory")), *clauses]
        decls.append(ast.ActionDecl(h.span, hook_action(f.name, h.kind), f.params + h.params, _patterns(path, h, sink), clauses))
    return decls


def _hook_path(f: Block, sink: DiagnosticSink) -> str:
    """The path as the hooks' commands hold it (``cat /var/log/{s}.log``). A command's braces are
    its arguments, so the path of a file with hooks may name only the file's own parameters; any
    other name is an error, and the hooks are still made (with that name as plain text) so that
    it is the only one."""
    assert f.string is not None
    own = {p.name for p in f.params}
    path = f.string.value
    other = [m for m in re.findall(r"\{([^{}]*)\}", path) if m.strip() not in own]
    if other:
        sink.error("WG615", f"file '{f.name}' has hooks, whose commands hold its path, so the path may name only the file's "
                   f"own parameters ({', '.join(sorted(own)) or 'it has none'}), not '{{{other[0]}}}': write the path out, "
                   "or give the file a parameter over an entity (file log(s: svc) \"/var/log/{s}.log\")", f.string.span)
        for name in other:
            path = path.replace("{" + name + "}", name)
    named = [m.strip() for m in re.findall(r"\{([^{}]*)\}", path)]
    twice = sorted({n for n in named if named.count(n) > 1})
    if twice:  # the hooks' command patterns would name it twice (WG407 about a pattern nobody wrote)
        sink.error("WG615", f"file '{f.name}' has hooks, whose commands hold its path, and a command names each value "
                   f"once: '{{{twice[0]}}}' is in the path twice; name it once (\"/var/log/{{s}}.log\", not "
                   f"\"/var/log/{{s}}/{{s}}.log\")", f.string.span)
        for name in twice:  # each name once from here on, so this is the only error
            first = path.index("{" + name + "}") + len(name) + 2
            path = path[:first] + path[first:].replace("{" + name + "}", name)
    return path


def _patterns(path: str, h: Hook, sink: DiagnosticSink) -> list[ast.Str]:
    """The canonical shell line of each way the hook happens to the file at ``path``."""
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


def _check_matching(h: Hook, sink: DiagnosticSink) -> None:
    """``matching "REGEX"``: a regular expression whose named groups are the hook's values."""
    assert h.matching is not None
    if h.matching_word != "matching" or h.kind != "write":
        sink.error("WG613", f"'{h.matching_word}' does not belong here (a write hook may read its values "
                   "with: matching \"REGEX\")", h.matching.span)
        return
    try:
        groups = set(re.compile(h.matching.value).groupindex)
        check_matching(h.matching.value)
    except (re.error, RecursionError) as err:
        sink.error("WG613", f"the regular expression does not compile: {err}", h.matching.span)
        return
    except RegexError as err:  # it would search every text an agent writes to the file
        sink.error("WG613", f"the regular expression is {str(err).removeprefix('pattern ')} on what an agent "
                   "writes; rewrite it so no repeat can take the same characters as another", h.matching.span)
        return
    names = {p.name for p in h.params}
    if groups != names:
        sink.error("WG613", f"the regular expression must name a group (?P<name>...) for each typed value "
                   f"({', '.join(sorted(names)) or 'none'}), no more: it names {', '.join(sorted(groups)) or 'none'}",
                   h.matching.span)


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
    for f in (b for b in block.blocks if b.kind == "file" and b.string is not None):
        props = {p.key: p.value for p in f.props}
        for prop, want in EXPECTED.items():
            fn = functions.get(prop_function(f.name, prop))
            node = f.string if prop == "path" else props.get(prop)
            if fn is not None and node is not None and fn.body.type.kind != want:
                sink.error("WG607", f"the {prop} of file '{f.name}' must be {_kind_words(want)}, not {show_type(fn.body.type)}", node.span)
        mode = props.get("mode")
        if isinstance(mode, ast.Num):
            _check_mode_literal(mode, sink)
        write = next((h for h in f.hooks if h.kind == "write"), None)
        path_fn = functions.get(prop_function(f.name, "path"))
        files.append(FileSpec(
            name=f.name, params=path_fn.params if path_fn else (),
            path=f.string.value, props=tuple(p for p in PROPS if p in props),
            hooks=tuple(dict.fromkeys(h.kind for h in f.hooks if h.kind in HOOKS)),
            writes=tuple(p.value for p in write.patterns) if write else (),
            matching=write.matching.value if write and write.matching else None,
            invalid=f.invalid is not None, line=f.span.line))
    settings = {s.key: s.value.value for s in block.settings if s.key in ("home", "cwd", "user")}
    return Terminal(
        home=settings.get("home", "/root"), cwd=settings.get("cwd"), user=settings.get("user", "root"),
        env=tuple((s.name, s.value.value) for s in block.settings if s.key == "env" and s.name),
        dirs=tuple(s.value.value for s in block.settings if s.key == "dir"), files=tuple(files),
        programs=tuple(_program(b, sink) for b in block.blocks if b.kind == "program"))


def _program(p: Block, sink: DiagnosticSink) -> ProgramSpec:
    flags: list[tuple[str, ...]] = []
    values: list[tuple[str, ...]] = []
    for prop in p.props:
        if prop.key not in ("flag", "value") or not isinstance(prop.value, ast.Str) or prop.when:
            sink.error("WG611", f"a program declares its options: flag \"-f --force\" or value \"-u --unit\", not '{prop.key}'", prop.span)
            continue
        names = tuple(prop.value.value.replace(",", " ").split())
        bad = [n for n in names if not _OPTION.fullmatch(n)]
        if bad or not names:
            sink.error("WG609", f"'{bad[0] if bad else ''}' is not an option name (-x or --long-name)", prop.value.span)
            continue
        (flags if prop.key == "flag" else values).append(names)
    for h in p.hooks:
        sink.error("WG612", f"a program has no hooks ('when {h.kind}' belongs in a file)", h.span)
    return ProgramSpec(name=p.name, summary=p.string.value if p.string else "", flags=tuple(flags), values=tuple(values))


def _check_mode_literal(mode: ast.Num, sink: DiagnosticSink) -> None:
    """``mode 0640`` is the decimal 640 in this language: say so, as a C compiler never would."""
    line = sink.source.split("\n")[mode.span.line - 1] if mode.span.line else ""
    written = line[mode.span.col - 1:mode.span.end_col - 1] if mode.span.end_col else str(mode.value)
    if written.startswith("0") and written[1:2].isdigit():
        sink.error("WG608", f"'{written}' is the decimal number {mode.value}; write octal modes as 0o{written.lstrip('0')}", mode.span)
    elif len(written) >= 3 and written.isdigit() and set(written) <= set("01234567"):  # `mode 640`, as chmod spells it
        sink.error("WG608", f"'{written}' is the decimal number {mode.value} (mode {mode.value:#o}); write octal modes as "
                   f"0o{written}", mode.span)
    elif not isinstance(mode.value, int) or not 0 <= mode.value <= 0o7777:
        sink.error("WG608", f"{mode.value} is no file mode (0 to 0o7777)", mode.span)


def _kind_words(kind: str) -> str:
    return {"str": "text", "int": "an int", "bool": "a condition"}[kind]
