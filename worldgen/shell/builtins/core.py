"""The shell's own commands: those that act on the session (``cd``, ``export``, ``unset``,
``exit``) or on the shell's command table (``type``, ``which``, ``env``), in ``SHELL_COMMANDS``,
called with a ``Context``; and the small bash built-ins any world has (``echo``, ``pwd``,
``true``, ``false``, ``:``) in ``COMMANDS``, which a world's own program of the same name may
replace. Messages are bash's (``bash: cd: x: No such file or directory``)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Protocol

from worldgen.shell.arith import ArithError, evaluate
from worldgen.shell.builtins.base import Builtin, Call
from worldgen.shell.builtins.bytewise import bytewise
from worldgen.shell.builtins.options import INTMAX, integer
from worldgen.shell.escapes import ECHO, decode
from worldgen.shell.fs import Filesystem, resolve

IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")  # a variable's name (export, read, for)
_ECHO_OPTION = re.compile(r"-[neE]+")
_STATUS = re.compile(r"\s*[+-]?[0-9]+\s*")

# what `type` calls a shell builtin (the rest of the commands are files in /usr/bin)
BASH_BUILTINS = frozenset({"cd", "pwd", "echo", "printf", "true", "false", ":", "test", "[", "export", "unset", "exit", "type",
                           "read", "break", "continue", "let", "return", "local", "shift"})
NOT_ON_PATH = frozenset({"cd", "export", "unset", "exit", "type", ":", "read", "break", "continue", "let", "return", "local",
                         "shift"})  # bash-only: `which` finds no file
# bash's other builtins: bash runs them, this shell does not (a world's program of the name runs instead)
UNSUPPORTED_BUILTINS = frozenset({
    "set", "shopt", "umask", "ulimit", "source", ".", "alias", "unalias", "declare", "typeset",
    "readonly", "trap", "exec", "eval", "getopts", "wait", "jobs", "bg", "fg", "disown", "hash",
    "history", "pushd", "popd", "dirs", "builtin", "command", "times", "caller", "complete", "compgen", "enable",
    "mapfile", "readarray", "logout", "suspend", "bind", "fc", "help", "kill"})
NO_FILE = "No such file or directory"  # what exec says of a name it finds nowhere


class SessionLike(Protocol):
    cwd: str
    env: dict[str, str]
    status: int


class Context(Protocol):
    """What the shell's own commands see of the shell."""

    session: SessionLike

    def kind(self, name: str) -> str | None:
        """"builtin", "keyword", "function", "file" (a program or tool, shown where ``where`` says) or None."""

    def where(self, name: str) -> str:
        """The file a command name runs: a world's program in /usr/local/bin (where the real
        shell and a Harbor image install them), a tool in /usr/bin, a path as it is."""

    def program(self, name: str) -> Builtin | str:
        """What exec'ing ``name`` runs, ready to call (a world's program, a tool, or ``env``,
        ``sudo``, ``which``: the files a shell command may start), or why nothing runs: the
        reason exec gives (``NO_FILE`` or "Permission denied")."""


ShellBuiltin = Callable[[Call, Context], int]
ContextTool = Callable[..., int]  # a tool that runs other commands: (call, context) -> status


def takes_context(tool: ContextTool) -> ContextTool:
    """Mark a tool (a file on PATH, in its module's ``COMMANDS``) that runs commands itself
    (``xargs``, ``find -exec``): the shell then calls it with a ``Context`` too."""
    tool.takes_context = True  # type: ignore[attr-defined]
    return tool


def exec_status(reason: str) -> int:
    """The status a shell or xargs reports for a command that did not start: 127 when no such
    file exists, 126 when it cannot run."""
    return 127 if reason == NO_FILE else 126


def _bash_error(call: Call, text: str) -> None:
    call.stderr.append(f"bash: {call.argv[0]}: {text}\n")


# ----------------------------------------------------------------------------- session
def cd(call: Call, ctx: Context) -> int:
    session = ctx.session
    args = call.argv[1:]
    while args and args[0] in ("-L", "-P", "--"):
        if args.pop(0) == "--":
            break
    if len(args) > 1:
        _bash_error(call, "too many arguments")
        return 1
    show = False
    if not args:
        target = session.env.get("HOME")
        if target is None:
            _bash_error(call, "HOME not set")
            return 1
    elif args[0] == "-":
        target = session.env.get("OLDPWD")
        if target is None:
            _bash_error(call, "OLDPWD not set")
            return 1
        show = True
    else:
        target = args[0]
    if target == "":
        return 0
    path = resolve(session.cwd, target)
    reason = _not_a_dir(call.fs, path)
    if reason:
        _bash_error(call, f"{target}: {reason}")
        return 1
    session.env["OLDPWD"] = session.env.get("PWD", session.cwd)
    session.env["PWD"] = session.cwd = path
    if show:
        call.out(path + "\n")
    return 0


def _not_a_dir(fs: Filesystem, path: str) -> str:
    """Why ``cd`` cannot enter ``path`` ("" when it can): a missing component, or a file on the
    way."""
    node = fs.stat(path)
    if node is not None:
        return "" if node.is_dir else "Not a directory"
    walked = ""
    for part in path.strip("/").split("/"):
        walked += "/" + part
        node = fs.stat(walked)
        if node is None:
            return "No such file or directory"
        if not node.is_dir:
            return "Not a directory"
    return "No such file or directory"


def export(call: Call, ctx: Context) -> int:
    env = ctx.session.env
    args = [a for a in call.argv[1:] if a not in ("-n", "-f", "--")]
    if not args or args == ["-p"]:
        for name in sorted(env):
            value = re.sub(r'(["\\$`])', r"\\\1", env[name])
            call.out(f'declare -x {name}="{value}"\n')
        return 0
    status = 0
    for arg in args:
        name, eq, value = arg.partition("=")
        if not IDENTIFIER.fullmatch(name):
            _bash_error(call, f"`{arg}': not a valid identifier")
            status = 1
        elif eq:
            env[name] = value
    return status


def let(call: Call, ctx: Context) -> int:
    """``let EXPRESSION...``: each argument as arithmetic, its assignments kept in the session;
    status 0 when the last value is not 0."""
    if len(call.argv) < 2:
        _bash_error(call, "expression expected")
        return 1
    env, value = ctx.session.env, 0
    for expression in call.argv[1:]:
        try:
            value = evaluate(expression, env.get, store=env.__setitem__)
        except ArithError as err:
            call.stderr.append(err.message.replace("bash: ", "bash: let: ", 1) + "\n")
            return 1
    return 0 if value else 1


def unset(call: Call, ctx: Context) -> int:
    status = 0
    for name in call.argv[1:]:
        if name in ("-v", "-f", "--"):
            continue
        if not IDENTIFIER.fullmatch(name):
            _bash_error(call, f"`{name}': not a valid identifier")
            status = 1
        else:
            ctx.session.env.pop(name, None)
    return status


def exit_(call: Call, ctx: Context) -> int:
    """Ends nothing (a world's shell outlives its lines): sets the status as bash would."""
    args = call.argv[1:]
    if not args:
        return ctx.session.status
    status = _intmax(args[0])
    if status is None:
        _bash_error(call, f"{args[0]}: numeric argument required")
        return 2
    if len(args) > 1:
        _bash_error(call, "too many arguments")
        return 1
    return status & 0xFF


def _intmax(text: str) -> int | None:
    """``text`` as bash reads a number into an intmax_t: None when it is not one or overflows."""
    if not _STATUS.fullmatch(text):
        return None
    value = integer(text)
    return value if -INTMAX - 1 <= value <= INTMAX else None


# ----------------------------------------------------------------------------- command table
def type_(call: Call, ctx: Context) -> int:
    args = call.argv[1:]
    terse = False
    while args and args[0].startswith("-") and len(args[0]) > 1:
        terse = "t" in args.pop(0) or terse  # pop first: `terse or ...` stopped popping (a hang)
    status = 0
    for name in args:
        kind = ctx.kind(name)
        if kind is None:
            status = 1
            if not terse:
                _bash_error(call, f"{name}: not found")
        elif terse:
            call.out(kind + "\n")
        elif kind == "file":
            call.out(f"{name} is {ctx.where(name)}\n")
        elif kind == "function":  # bash goes on with the body as `declare -f` shows it; this shell keeps no text of it
            call.out(f"{name} is a function\n")
        else:
            call.out(f"{name} is a shell {kind}\n")
    return status


def which(call: Call, ctx: Context) -> int:
    status = 0
    for name in call.argv[1:]:
        if name.startswith("-"):
            continue
        kind = ctx.kind(name)
        if kind == "file" or (kind == "builtin" and name not in NOT_ON_PATH):
            call.out(ctx.where(name) + "\n")
        else:
            status = 1
    return status


def env(call: Call, ctx: Context) -> int:
    """``env`` prints the environment (sorted); ``env [-i] [-u NAME] [NAME=value]... COMMAND``
    runs a program or tool in a changed one."""
    args = call.argv[1:]
    environ = dict(call.env)
    while args:
        arg = args[0]
        if arg in ("-i", "-", "--ignore-environment"):
            environ.clear()
        elif arg == "-u" and len(args) > 1:
            environ.pop(args.pop(1), None)
        elif "=" in arg and not arg.startswith("="):
            name, _, value = arg.partition("=")
            environ[name] = value
        else:
            break
        args.pop(0)
    if not args:
        call.out("".join(f"{k}={v}\n" for k, v in sorted(environ.items())))
        return 0
    run = ctx.program(args[0])
    if isinstance(run, str):
        call.err(f"‘{args[0]}’: {run}")
        return exec_status(run)
    return run(Call(args, call.stdin, call.fs, call.cwd, environ, call.stdout, call.stderr))


def sudo(call: Call, ctx: Context) -> int:
    """``sudo [-E] [-n] [-H] [-u USER] COMMAND...``: the world's shell already runs as its
    user, so sudo runs the command as it is (agents type it out of habit)."""
    args = call.argv[1:]
    while args and args[0].startswith("-") and args[0] != "--":
        flag = args.pop(0)
        if flag in ("-u", "-g") and args:
            args.pop(0)
        elif flag not in ("-E", "-n", "-H", "-S"):
            call.err(f"invalid option -- '{flag.lstrip('-')[:1]}'")
            call.stderr.append("usage: sudo [-EHnS] [-u user] command [arg ...]\n")
            return 1
    if args and args[0] == "--":
        args.pop(0)
    if not args:
        call.stderr.append("usage: sudo -h | -K | -k | -V\n")
        return 1
    run = ctx.program(args[0])
    if isinstance(run, str):  # cd, export, ...: sudo cannot run a shell built-in either
        call.err(f"{args[0]}: command not found")
        return 1
    return run(Call(args, call.stdin, call.fs, call.cwd, call.env, call.stdout, call.stderr))


# ----------------------------------------------------------------------------- plain built-ins
def echo(call: Call) -> int:
    args = call.argv[1:]
    newline, escapes = True, False
    while args and _ECHO_OPTION.fullmatch(args[0]):
        for flag in args.pop(0)[1:]:
            if flag == "n":
                newline = False
            else:
                escapes = flag == "e"
    text = " ".join(args)
    if escapes:
        text, stopped = decode(text, ECHO)
        newline = newline and not stopped
    call.out(text + "\n" if newline else text)
    return 0


def pwd(call: Call) -> int:
    for arg in call.argv[1:]:
        if arg.startswith("-") and arg not in ("-L", "-P", "--", "-"):
            _bash_error(call, f"{arg[:2]}: invalid option")
            call.stderr.append("pwd: usage: pwd [-LP]\n")
            return 2
    call.out(call.cwd + "\n")
    return 0


def true(call: Call) -> int:
    return 0


def false(call: Call) -> int:
    return 1


SHELL_COMMANDS: dict[str, ShellBuiltin] = {
    "cd": cd, "export": export, "let": let, "unset": unset, "exit": exit_, "type": type_, "which": which, "env": env, "sudo": sudo,
}
COMMANDS: dict[str, Builtin] = {"echo": bytewise(echo), "pwd": pwd, "true": true, "false": false, ":": true}  # echo -e: bytes
