"""The shell: runs a parsed line against a session, over any ``Filesystem``.

Each simple command gets its argv expanded (``expand.py``), its file descriptors pointed where
its redirections say, in the order written (``2>&1 >f`` sends errors to the terminal, ``>f
2>&1`` into f), then runs as a shell command (``cd``, ``export``: they act on the session),
one of the world's programs, or a built-in tool, in that order. A pipeline's commands run one
after the other, each reading what the one before wrote (and, as in bash's subshells, a ``cd``
inside a pipeline changes nothing). Output that reaches the terminal is logged chunk by chunk,
so a command's errors and output interleave as they were written.

Writes to a file happen once, after the command ran (a world file's ``when write`` hook sees one
write with the whole text); the errors bash reports before running a command (``bash: /nope/x:
No such file or directory``) are checked first, so the command still does not run.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from worldgen.shell import budget, limits
from worldgen.shell.arith import ArithError
from worldgen.shell.arith_command import ArithCommand, ArithFor, ArithRuns
from worldgen.shell.ast import AndOr, CaseClause, Command, Compound, Conditional, ForLoop, Group, IfClause, Pipeline, Redirect, WhileLoop, Word
from worldgen.shell.budget import Meter, MeteredFs, OverBudget
from worldgen.shell.sinks import NULL, PIPE, TERM_ERR, TERM_OUT, Outcome, Sink, _File, _Screen, _Sink, _Terminal, _Void
from worldgen.shell.compound_run import FUNCTION_BUILTINS, INTERPRETER_BUILTINS, CompoundRuns, Input, reads_input
from worldgen.shell.builtins.base import Builtin, Call
from worldgen.shell.builtins.core import BASH_BUILTINS, NO_FILE, NOT_ON_PATH, SHELL_COMMANDS, UNSUPPORTED_BUILTINS
from worldgen.shell.builtins.registry import tools as registered_tools
from worldgen.shell.expand import DECLARATIONS, Expander, GlobLimit
from worldgen.shell.functions import FunctionDef, FunctionReturn, FunctionRuns
from worldgen.shell.fs import Filesystem, FsError, basename, parent, resolve
from worldgen.shell.errors import ParseError
from worldgen.shell.loop_control import LoopControl, loop_control
from worldgen.shell.parser import KEYWORDS, parse
from worldgen.shell.subshell_exit import SubshellExit

BIN_DIRS = frozenset({"/bin", "/usr/bin", "/usr/local/bin", "/sbin", "/usr/sbin"})  # where `/usr/bin/grep` finds grep
SCRIPTS_UNSUPPORTED = "worldgen shell: running a file as a program is not supported in this world"


@dataclass
class Session:
    """Per-episode shell state (not part of the world's verified state). Assignments and
    ``export`` both write ``env``."""

    cwd: str
    env: dict[str, str]
    status: int = 0  # $? of the last line
    args: list[str] = field(default_factory=list)  # $1 $2 ...: the running function's arguments
    functions: dict[str, Compound] = field(default_factory=dict)  # defined by NAME() { ...; } (shell/functions.py)

    def copy(self) -> Session:
        return Session(self.cwd, dict(self.env), self.status, list(self.args), dict(self.functions))


class _RedirectFailed(Exception):
    pass


# ----------------------------------------------------------------------------- the shell
class Shell(CompoundRuns, ArithRuns, FunctionRuns):
    def __init__(self, fs: Filesystem, programs: Mapping[str, Builtin] | None = None):
        self.fs = MeteredFs(fs)
        self.programs: Mapping[str, Builtin] = programs or {}
        self.tools = registered_tools()
        # programs before tools: a world's own `cat` replaces the built-in one
        self.commands: dict[str, Builtin] = {**self.tools, **self.programs}
        self.loops = 0  # loops the running command is inside (what `break` may leave)
        self.subshells = 0  # subshells it is inside (what `exit` ends)
        self.calls = 0  # function calls it is inside (what `return` ends)
        self.frames: list[dict[str, str | None]] = []  # per call: the values its `local`s hid

    def run(self, line: str, session: Session) -> Outcome:
        """Run one line. A line that goes past its budget (``budget.py``) is undone whole: the
        session and the files are as before it, and it shows one line (``Outcome.stopped``)."""
        try:
            script = parse(line)
        except ParseError as err:
            session.status = err.status_after(session.status)
            shown = err.message + "\n" if err.message else ""  # a `[[ ]]` that ends too soon says nothing
            return Outcome(shown, "", shown, session.status)
        before = session.copy()
        self.fs.begin()
        with Meter() as meter:
            term = _Terminal(meter)
            try:
                for warning in script.warnings:
                    term.err(warning + "\n")
                for item in script.items:
                    self._and_or(item, session, term)
                if budget.env_size(session.env) > budget.MAX_ENV:
                    raise OverBudget(budget.ENV_MESSAGE)
            except GlobLimit as err:
                term.err(err.message + "\n")
                session.status = limits.LIMIT_STATUS
            except ArithError as err:  # `echo $((1/0)); echo never`: the rest of the line is not run
                term.err(err.message + "\n")
                session.status = 1
            except (OverBudget, RecursionError) as stop:  # a line nested past the interpreter's depth is stopped too
                message = stop.message if isinstance(stop, OverBudget) else limits.DEPTH_MESSAGE
                self.fs.rollback()
                session.cwd, session.env, session.functions = before.cwd, before.env, before.functions
                session.status = limits.LIMIT_STATUS
                return Outcome(message + "\n", "", message + "\n", limits.LIMIT_STATUS, stopped=True)
        return term.outcome(session.status)

    def _and_or(self, item: AndOr, session: Session, term: _Terminal, stream: Input | None = None) -> None:
        session.status = self._pipeline(item.first, session, term, stream)
        for op, pipeline in item.rest:
            if (session.status == 0) == (op == "&&"):
                session.status = self._pipeline(pipeline, session, term, stream)

    def _pipeline(self, pipeline: Pipeline, session: Session, term: _Terminal, stream: Input | None = None) -> int:
        """``stream``: the input of the compound command this pipeline is in (``while read``):
        its first command reads what is left of it."""
        commands = pipeline.commands
        given = stream.rest if stream is not None else ""
        if len(commands) == 1:
            status, _ = self._command(commands[0], given, session, term, False, stream)
        else:
            data = given
            last = len(commands) - 1
            for i, command in enumerate(commands):  # each stage as in a subshell
                term.meter.charge(budget.READ_COST * len(data))  # what the stage reads
                self.subshells += 1
                try:
                    status, data = self._command(command, data, session.copy(), term, i < last, stream if i == 0 else None)
                except ArithError as stop:  # it ends the stage's subshell, not the line
                    term.err(stop.message + "\n")
                    status, data = 1, stop.piped
                except (LoopControl, SubshellExit, FunctionReturn) as stop:  # so does a break, continue, exit or return
                    status, data = stop.status, stop.piped
                finally:
                    self.subshells -= 1
        return int(status == 0) if pipeline.negated else status

    # ------------------------------------------------------------------------- one command
    def _command(self, cmd: Command | Compound, stdin: str, session: Session, term: _Terminal,
                 piped: bool, stream: Input | None = None) -> tuple[int, str]:
        """Run one simple command (or a compound one); returns its status and what it wrote into
        the pipe."""
        compound = _COMPOUND_RUNS.get(type(cmd))
        if compound is not None:
            return compound(self, cmd, stdin, session, term, piped, stream)
        term.meter.charge(budget.COMMAND_COST)  # a command is work even when it moves no text (`while true; do :; done`)
        ex = Expander(self.fs, session.env, session.cwd, session.status, self._substituter(session, term), session.args)
        words = cmd.words  # type: ignore[union-attr]
        argv = [] if not words else ex.declaration_argv(words) if words[0].literal in DECLARATIONS else ex.argv(words)
        assigns = {name.rstrip("+"): (session.env.get(name[:-1], "") if name[-1] == "+" else "") + ex.word(value)
                   for name, value in cmd.assigns}  # type: ignore[union-attr]  # NAME+=VALUE appends
        stdin, out, err, files, buffers, failed = self._redirected(cmd.redirects, ex, session.cwd, stdin, piped, term)
        status = 1
        if not failed:
            stdout = self._buffer(out, buffers, term)
            stderr = self._buffer(err, buffers, term)
            if argv and argv[0] in session.functions:  # a function before any command of the name
                own = None if reads_input(cmd.redirects) else stream
                status = self._call(session.functions[argv[0]], argv, stdin, session, term, stdout, stderr, own)
            elif argv and argv[0] in INTERPRETER_BUILTINS and argv[0] not in self.programs:
                if argv[0] in FUNCTION_BUILTINS:
                    status = self._function_builtin(argv, session, stderr)
                elif argv[0] != "read":
                    status = loop_control(argv, self.loops, stderr)
                else:
                    own = None if reads_input(cmd.redirects) else stream
                    status = self._read(argv, stdin, {**session.env, **assigns}, session, stderr, own)
            elif argv:
                env = {**session.env, **assigns} if assigns else session.env
                status = self._exec(Call(argv, stdin, self.fs, session.cwd, env, stdout, stderr), session)
                if argv[0] == "exit" and self.subshells and "exit" not in self.programs:
                    raise SubshellExit(self._finished(files, buffers, term, status)[0])
            else:
                session.env.update(assigns)
                status = ex.sub_status or 0  # `X=$(false)`: the substitution's status
        return self._finished(files, buffers, term, status)

    def _run_compound(self, cmd: Compound, stdin: str, session: Session, term: _Terminal, piped: bool,
                      stream: Input | None) -> tuple[int, str]:
        """A compound command (a function's body, shell/functions.py)."""
        return _COMPOUND_RUNS[type(cmd)](self, cmd, stdin, session, term, piped, stream)

    def _redirected(self, redirects: tuple[Redirect, ...], ex: Expander, cwd: str, stdin: str, piped: bool,
                    term: _Terminal) -> tuple[str, Sink, Sink, list[_File], dict[Sink, list[str]], bool]:
        """A command's redirections applied in order: (stdin, stdout sink, stderr sink, the files
        written, the buffers so far, whether one failed: then nothing runs)."""
        out: Sink = PIPE if piped else TERM_OUT
        err: Sink = TERM_ERR
        files: list[_File] = []
        buffers: dict[Sink, list[str]] = {}
        for r in redirects:
            try:
                stdin, out, err = self._redirect(r, ex, cwd, stdin, out, err, files)
            except _RedirectFailed as why:
                self._buffer(err, buffers, term).append(f"bash: {why}\n")
                return stdin, out, err, files, buffers, True
        return stdin, out, err, files, buffers, False

    def _finished(self, files: list[_File], buffers: dict[Sink, list[str]], term: _Terminal, status: int) -> tuple[int, str]:
        """Write what went into redirected files: (the status, 1 if a file refused it; what went
        into the pipe)."""
        for f in files:
            text = "".join(buffers.get(f, ()))
            try:
                self.fs.write(f.path, text, append=f.append)  # the disk refuses what it cannot hold (ENOSPC)
            except FsError as why:
                term.err(f"bash: {f.typed}: {why.reason}\n")
                status = 1
        return status, "".join(buffers[PIPE]) if PIPE in buffers else ""

    def _buffer(self, sink: Sink, buffers: dict[Sink, list[str]], term: _Terminal) -> list[str]:
        got = buffers.get(sink)
        if got is None:
            if sink is TERM_OUT:
                got = _Screen(term.meter, term.log, 1)
            elif sink is TERM_ERR:
                got = _Screen(term.meter, term.log, 2)
            elif sink is NULL:
                got = _Void(term.meter)
            else:
                got = _Sink(term.meter)
            buffers[sink] = got
        return got

    def _redirect(self, r: Redirect, ex: Expander, cwd: str, stdin: str, out: Sink, err: Sink,
                  files: list[_File]) -> tuple[str, Sink, Sink]:
        """Apply one redirection to (stdin, stdout sink, stderr sink)."""
        op = r.op
        if op == "<<":
            body = r.heredoc.body  # type: ignore[union-attr]
            return ex.word(body), out, err
        if op == "<<<":  # a here-string: the word whole (no splitting, no globbing) and a newline
            text = ex.word(r.target) + "\n"  # type: ignore[arg-type]
            return (text if r.fd == 0 else stdin), out, err  # `3<<< x`: no command here reads fd 3
        if op == ">&":
            if r.dup not in (1, 2):
                raise _RedirectFailed(f"{r.dup}: Bad file descriptor")
            source = out if r.dup == 1 else err
            return stdin, (source if r.fd == 1 else out), (source if r.fd == 2 else err)
        if r.ambiguous:
            raise _RedirectFailed(f"{r.target.text}: ambiguous redirect")  # type: ignore[union-attr]
        typed = self._target(r.target, ex)  # type: ignore[arg-type]
        if op == "<":
            if typed in ("/dev/null", "/dev/stdin"):
                return ("" if typed == "/dev/null" else stdin), out, err
            try:
                return self.fs.read(resolve(cwd, typed)), out, err
            except FsError as why:
                raise _RedirectFailed(f"{typed}: {why.reason}") from None
        sink: Sink
        if typed == "/dev/null":
            sink = NULL
        elif typed == "/dev/stdout":
            sink = out
        elif typed == "/dev/stderr":
            sink = err
        else:
            path = resolve(cwd, typed)
            self._check_writable(path, typed)
            sink = _File(path, typed, op.endswith(">>"))
            files.append(sink)
        if op[0] == "&":
            return stdin, sink, sink
        return stdin, (sink if r.fd == 1 else out), (sink if r.fd == 2 else err)

    def _target(self, word: Word, ex: Expander) -> str:
        if word.literal is not None:
            return word.literal
        fields: list[str] = []
        ex.fields(word, fields)
        if len(fields) != 1:
            raise _RedirectFailed(f"{word.text}: ambiguous redirect")
        return fields[0]

    def _check_writable(self, path: str, typed: str) -> None:
        """The errors opening ``path`` for writing would raise, before the command runs."""
        node = self.fs.stat(path)
        if node is not None:
            if node.is_dir:
                raise _RedirectFailed(f"{typed}: Is a directory")
            return
        up = self.fs.stat(parent(path))
        if up is None or not up.is_dir:
            raise _RedirectFailed(f"{typed}: {'No such file or directory' if up is None else 'Not a directory'}")

    # ------------------------------------------------------------------------- command lookup
    def _exec(self, call: Call, session: Session) -> int:
        name = call.argv[0]
        if "/" not in name and name not in BASH_BUILTINS and name not in UNSUPPORTED_BUILTINS:
            missing = self._off_path(name, call.env)
            if missing is not None:
                call.stderr.append(f"bash: {name}: {missing}\n")
                return 127
        shell_command = SHELL_COMMANDS.get(name)
        if shell_command is not None:
            return _guarded(shell_command, call, _Context(self, session))
        command = self._lookup(name, call.cwd)
        if command == "command not found" and name in UNSUPPORTED_BUILTINS:  # bash would run it: say so, not "not found"
            call.stderr.append(f"worldgen shell: the bash builtin {name} is not supported in this world\n")
            return limits.LIMIT_STATUS
        if isinstance(command, str):
            call.stderr.append(f"bash: {name}: {command}\n")
            return 126 if "/" in name and self.fs.stat(resolve(call.cwd, name)) is not None else 127
        return _run(command, call, _Context(self, session))

    def _off_path(self, name: str, env: Mapping[str, str]) -> str | None:
        """bash's reason ``name`` is not found when PATH lacks the folder it lives in (a world's
        program in /usr/local/bin, a tool in /usr/bin or /bin), else None. An empty PATH leaves
        only the working folder, where bash finds no such file; an unset one (a session made
        without it) finds everything, as the worlds' default PATH does."""
        path = env.get("PATH")
        if path is None:
            return None
        if not path:
            return NO_FILE
        folders = path.split(":")
        if name in self.programs:
            return None if "/usr/local/bin" in folders else "command not found"
        return None if "/usr/bin" in folders or "/bin" in folders else "command not found"

    def _lookup(self, name: str, cwd: str) -> Builtin | str:
        """The program or tool ``name`` runs, or bash's reason there is none."""
        command = self.commands.get(name)
        if command is not None:
            return command
        if "/" not in name:
            return "command not found"
        path = resolve(cwd, name)
        command = self._installed(path)
        if command is not None:
            return command
        node = self.fs.stat(path)
        if node is None:
            return NO_FILE
        if node.is_dir:
            return "Is a directory"
        return "Permission denied" if not node.mode & 0o111 else SCRIPTS_UNSUPPORTED

    def kind(self, name: str, cwd: str) -> str | None:
        if name in KEYWORDS:
            return "keyword"
        if name in BASH_BUILTINS and (name in SHELL_COMMANDS or name in self.commands or name in INTERPRETER_BUILTINS):
            return "builtin"
        if name in UNSUPPORTED_BUILTINS and name not in self.commands:  # bash's, though this shell runs none of them
            return "builtin"
        if name in self.commands or name in SHELL_COMMANDS:
            return "file"
        path = resolve(cwd, name) if "/" in name else ""
        if path and (self._installed(path) is not None or self.fs.stat(path) is not None):
            return "file"
        return None

    def _installed(self, path: str) -> Builtin | None:
        """The program or tool an absolute ``path`` names: one of the folders they live in and its
        name (``/usr/bin/grep`` is grep; ``./grep`` or ``/opt/grep`` is a file, as in bash)."""
        return self.commands.get(basename(path)) if parent(path) in BIN_DIRS else None


_COMPOUND_RUNS: dict[type, Callable[..., tuple[int, str]]] = {  # compound command -> the Shell method running it
    ForLoop: Shell._loop, WhileLoop: Shell._while, IfClause: Shell._if, CaseClause: Shell._case, Group: Shell._group,
    Conditional: Shell._conditional, ArithCommand: Shell._arith_command, ArithFor: Shell._arith_for,
    FunctionDef: Shell._define}


class _Context:
    """What ``cd``, ``type``, ``env``... see of the shell (``core.Context``)."""

    __slots__ = ("shell", "session")

    def __init__(self, shell: Shell, session: Session):
        self.shell = shell
        self.session = session

    def kind(self, name: str) -> str | None:
        if name in self.session.functions and name not in KEYWORDS:
            return "function"
        return self.shell.kind(name, self.session.cwd)

    def where(self, name: str) -> str:
        if "/" in name:
            return name
        return f"/usr/local/bin/{name}" if name in self.shell.programs else f"/usr/bin/{name}"

    def program(self, name: str) -> Builtin | str:
        """``core.Context.program``: the one way env, sudo, xargs and find start a command."""
        if name in NOT_ON_PATH:
            return NO_FILE
        command = SHELL_COMMANDS.get(name)  # env, sudo, which: files that see the shell
        if command is None:
            found = self.shell._lookup(name, self.session.cwd)
            if isinstance(found, str):
                return NO_FILE if found in (NO_FILE, "command not found") else "Permission denied"
            return lambda call: _started(_run, found, call, self)
        shell_command = command
        return lambda call: _started(_guarded, shell_command, call, self)


def _started(how, command, call: Call, context: _Context) -> int:
    """A command another started (``xargs -n1``, ``find -exec``): each start costs budget."""
    budget.charge(budget.COMMAND_COST)
    return how(command, call, context)


def _run(command: Builtin, call: Call, context: _Context) -> int:
    """Run a program or tool, handing the context to a tool that runs commands itself."""
    if getattr(command, "takes_context", False):
        return _guarded(command, call, context)
    return _guarded(command, call)


def _guarded(command, call: Call, *context: _Context) -> int:
    """A command's status; a command that fails inside (a bug, not bad input) prints one line
    and exits 1 rather than ending the episode with a traceback."""
    try:
        return command(call, *context)
    except FsError as err:
        call.stderr.append(f"{call.argv[0]}: {err}\n")
    except Exception as err:  # noqa: BLE001 - the boundary around every command
        call.stderr.append(f"worldgen shell: {call.argv[0]}: internal error ({type(err).__name__})\n")
    return 1
