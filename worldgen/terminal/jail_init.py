"""Inside the real shell's namespaces: mount the world's tree as ``/``, then run command lines.

Started by ``worldgen.terminal.jail`` under ``unshare --mount --pid --net --fork`` (plus
``--user --map-root-user`` when not root), so every mount here is private to this process tree,
every process it starts sees only the jail's processes, and there is no network. The tree (a
folder the world wrote) becomes ``/``; the host's ``/usr`` is bound read-only over its ``/usr``
(bash, coreutils, grep, sed...), ``/dev`` is a small tmpfs with the harmless devices, the world's
programs are bound read-only over ``/usr/local/bin``, and a control folder (the rc file, the
world's socket) read-only over ``/dev/.worldgen``. The agent's shell runs chrooted there without
the capabilities that leave a chroot (``drop_capabilities``); this process cannot be traced.

Then it answers JSON lines on stdin: one command line each, run by a fresh interactive bash
(``bash -i -c LINE``: bash's own wording for errors, as at a terminal) chrooted into the tree,
with the session's directory and variables carried from the line before by an rc file and an
``EXIT`` trap. Standard library only; nothing here parses or rewrites what a line says.
"""

from __future__ import annotations

import ctypes
import errno
import fcntl
import json
import os
import re
import resource
import selectors
import signal
import subprocess
import sys
import termios
import time
from typing import Any

MS_RDONLY, MS_NOSUID, MS_NODEV, MS_NOEXEC = 1, 2, 4, 8
MS_REMOUNT, MS_BIND, MS_REC, MS_PRIVATE = 32, 4096, 16384, 1 << 18
_KEPT_FLAGS = ((os.ST_NOSUID, MS_NOSUID), (os.ST_NODEV, MS_NODEV), (os.ST_NOEXEC, MS_NOEXEC))
PR_SET_DUMPABLE, PR_CAPBSET_DROP, PR_SET_NO_NEW_PRIVS = 4, 24, 38
# CAP_CHOWN, DAC_OVERRIDE, DAC_READ_SEARCH, FOWNER, FSETID, KILL, SETGID, SETUID, NET_BIND_SERVICE, AUDIT_WRITE
KEPT_CAPABILITIES = frozenset({0, 1, 2, 3, 4, 5, 6, 7, 10, 29})
DEVICES = ("null", "zero", "full", "random", "urandom", "tty")
RC_DIR = "/dev/.worldgen"
MAX_OUTPUT = 1 << 20  # bytes kept per stream of one line
# What one process of a line may take of the host (the tree is a host folder): a file written past
# MAX_FILE_BYTES stops its writer (bash: "File size limit exceeded"), memory past MAX_MEMORY_BYTES
# fails to allocate. Hard limits: without CAP_SYS_RESOURCE the line cannot raise them.
MAX_FILE_BYTES = 64 << 20
MAX_MEMORY_BYTES = 2 << 30
BASH = "/usr/bin/bash"
# bash's own variables: set afresh by every bash, several read-only, none the agent's
_SPECIAL = re.compile(r"(BASH\w*|COMP_\w+|EPOCH\w+|FUNCNAME|GROUPS|HIST\w*|HOSTTYPE|IFS|LINENO|LINES|COLUMNS|MACHTYPE|"
                      r"MAILCHECK|OPT\w+|OSTYPE|PIPESTATUS|PPID|PS[0-4]|PWD|RANDOM|SECONDS|SHELLOPTS|SHLVL|SRANDOM|"
                      r"EUID|UID|DIRSTACK|_|__worldgen\w*)\Z")
# bash's builtins a world's program may be named after (`kill`): disabled with `enable -n`, so
# the line reaches the world's program on PATH, as the emulator's does. Only these names are
# written into the rc file (no name of the world's is ever written there as code).
SHADOWABLE = frozenset({"bg", "cd", "command", "dirs", "disown", "echo", "false", "fg", "hash", "help", "history",
                        "jobs", "kill", "popd", "printf", "pushd", "pwd", "read", "test", "times", "true", "type",
                        "ulimit", "umask", "wait"})
_DECLARE = re.compile(r"^declare -(\S+) ([A-Za-z_][A-Za-z0-9_]*)", re.M)
_FUNCTION = re.compile(r"^\S+ \(\) $", re.M)  # how `declare -f` starts each definition

_libc = ctypes.CDLL(None, use_errno=True)


def mount(source: str | None, target: str, flags: int, fstype: str | None = None, data: str | None = None) -> None:
    args = [s.encode() if s is not None else None for s in (source, target, fstype, data)]
    if _libc.mount(args[0], args[1], args[2], ctypes.c_ulong(flags), args[3]) != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"mount {target}: {os.strerror(err)}")


def bind(source: str, target: str, *, readonly: bool = True) -> None:
    """``source`` at ``target``; read-only keeps the flags the kernel locks in a user namespace."""
    mount(source, target, MS_BIND | MS_REC)
    if readonly:
        kept = os.statvfs(source).f_flag
        flags = MS_REMOUNT | MS_BIND | MS_RDONLY | sum(m for st, m in _KEPT_FLAGS if kept & st)
        mount(None, target, flags)


def build(root: str, programs: str, control: str) -> None:
    mount(None, "/", MS_REC | MS_PRIVATE)
    bind("/usr", os.path.join(root, "usr"))
    for name in ("bin", "sbin", "lib", "lib64", "lib32", "libx32"):
        host, here = "/" + name, os.path.join(root, name)
        if os.path.isdir(host) and not os.path.islink(host) and os.path.isdir(here):
            bind(host, here)  # a system without merged /usr
    dev = os.path.join(root, "dev")
    mount("tmpfs", dev, MS_NOSUID, "tmpfs", "mode=755,size=1m")
    for name in DEVICES:
        with open(os.path.join(dev, name), "w"):
            pass
        bind("/dev/" + name, os.path.join(dev, name), readonly=False)
    for name, target in (("fd", "/proc/self/fd"), ("stdin", "/proc/self/fd/0"), ("stdout", "/proc/self/fd/1"),
                         ("stderr", "/proc/self/fd/2")):
        os.symlink(target, os.path.join(dev, name))
    os.mkdir(root + RC_DIR, 0o700)
    bind(control, root + RC_DIR)  # the rc file and the world's socket: read-only, beyond `rm -rf /`
    bind(programs, os.path.join(root, "usr/local/bin"))


def confine() -> None:
    """This process, the namespace's init, cannot be traced or read by what it starts."""
    if _libc.prctl(PR_SET_DUMPABLE, 0, 0, 0, 0) != 0:
        raise OSError(ctypes.get_errno(), "prctl(PR_SET_DUMPABLE)")


def drop_capabilities() -> None:
    """The agent's shell keeps root's file powers (read any file, chown, chmod) and loses the
    ones that leave a chroot: mounts, chroot, mknod, ptrace, modules, raw I/O... and no exec can
    give them back (no_new_privs)."""
    for cap in range(0, 64):
        if cap in KEPT_CAPABILITIES:
            continue
        if _libc.prctl(PR_CAPBSET_DROP, cap, 0, 0, 0) != 0 and ctypes.get_errno() != errno.EINVAL:
            raise OSError(ctypes.get_errno(), f"prctl(PR_CAPBSET_DROP, {cap})")
    if _libc.prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0:
        raise OSError(ctypes.get_errno(), "prctl(PR_SET_NO_NEW_PRIVS)")


class Jail:
    def __init__(self, root: str, control: str):
        self.root = root
        self.control = control

    def run(self, request: dict[str, Any]) -> dict[str, Any]:
        """One line: (stdout, stderr, chunks in the order written, status, cwd, variables)."""
        state_r, state_w = os.pipe()
        with open(os.path.join(self.control, "rc"), "w", encoding="utf-8", errors="surrogateescape") as f:
            f.write(request["vars"])
            f.write("".join(f"enable -n {name}\n" for name in sorted(SHADOWABLE.intersection(request.get("programs", ())))))
            f.write(_rc(state_w, int(request.get("status", 0))))  # last: it sets the line's `$?`
        master, slave = os.openpty()
        uid, gid = int(request.get("uid", 0)), int(request.get("gid", 0))

        def child() -> None:
            signal.signal(signal.SIGINT, signal.SIG_DFL)  # ignored by this init only (see ``main``)
            os.setsid()
            fcntl.ioctl(slave, termios.TIOCSCTTY, 0)
            os.chroot(self.root)
            drop_capabilities()
            resource.setrlimit(resource.RLIMIT_FSIZE, (MAX_FILE_BYTES, MAX_FILE_BYTES))
            resource.setrlimit(resource.RLIMIT_AS, (MAX_MEMORY_BYTES, MAX_MEMORY_BYTES))
            try:
                os.chdir(request["cwd"])
            except OSError:
                os.chdir("/")
            if gid:
                os.setgid(gid)
            if uid:
                os.setuid(uid)

        try:
            proc = subprocess.Popen(["bash", "--rcfile", RC_DIR + "/rc", "--noprofile", "-i", "-c", request["line"]],
                                    executable=BASH, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,  # $0 is bash
                                    stderr=subprocess.PIPE, pass_fds=(state_w,), env=request["env"], preexec_fn=child)
        except OSError as err:  # the agent removed what bash needs (`rm -rf /` took /lib64): as a broken box would
            os.close(master)
            os.close(state_r)
            message = f"bash: cannot start: {err.strerror}: {err.filename}\n"
            return {"stdout": "", "stderr": message, "chunks": [[2, message]], "status": 127, "cwd": request["cwd"],
                    "vars": request["vars"], "timed_out": False}
        finally:
            os.close(state_w)
            os.close(slave)
        try:
            streams, timed_out = _collect(proc, state_r, float(request.get("timeout", 10)))
        finally:
            _kill_all()
            os.close(master)
            os.close(state_r)
        out, err, chunks, state = streams
        reply: dict[str, Any] = {"stdout": out, "stderr": err, "chunks": chunks, "status": proc.returncode,
                                 "cwd": request["cwd"], "vars": request["vars"], "timed_out": timed_out}
        if proc.returncode is not None and proc.returncode < 0:
            reply["status"] = 128 - proc.returncode
        if state:  # the EXIT trap ran: the line's final directory, status and variables
            cwd, _, rest = state.partition("\0")
            status, _, rest = rest.partition("\0")
            declared, _, defined = rest.partition("\0")
            reply.update(cwd=cwd or "/", vars=kept_variables(declared) + kept_functions(defined))
            if status.isdigit() and not timed_out:
                reply["status"] = int(status)
        return reply


def _rc(fd: int, status: int) -> str:
    """The rc file's fixed part: report the line's end on ``fd``, and start with ``$?`` set."""
    return (f"\n__worldgen_exit() {{ local __worldgen_s=$?; {{ printf '%s\\0%s\\0' \"$PWD\" \"$__worldgen_s\"; declare -p; printf '\\0'; declare -f; }} >&{fd} 2>/dev/null; "
            f"exec {fd}>&-; return $__worldgen_s; }}\ntrap __worldgen_exit EXIT\nunset HISTFILE\n(exit {status})\n")


def kept_variables(declared: str) -> str:
    """The ``declare -p`` lines of the agent's variables (bash's own ones dropped), to source
    before the next line."""
    marks = list(_DECLARE.finditer(declared))
    kept = []
    for i, m in enumerate(marks):
        end = marks[i + 1].start() if i + 1 < len(marks) else len(declared)
        if "r" not in m.group(1) and not _SPECIAL.match(m.group(2)):
            kept.append(declared[m.start():end].rstrip("\n"))
    return "\n".join(kept) + "\n" if kept else ""


def kept_functions(defined: str) -> str:
    """The ``declare -f`` definitions of the agent's functions (this file's own dropped), to
    source before the next line: a function lives on between lines, as in a terminal."""
    starts = [m.start() for m in _FUNCTION.finditer(defined)] + [len(defined)]
    kept = [defined[a:b].rstrip("\n") for a, b in zip(starts, starts[1:]) if not defined.startswith("__worldgen", a)]
    return "\n".join(kept) + "\n" if kept else ""


def _collect(proc: subprocess.Popen, state_fd: int, timeout: float) -> tuple[tuple[str, str, list, str], bool]:
    """Read stdout, stderr and the trap's report until bash has exited and its pipes are drained
    (background jobs are not waited for), or the deadline passes."""
    sel = selectors.DefaultSelector()
    assert proc.stdout is not None and proc.stderr is not None
    names = {proc.stdout.fileno(): 1, proc.stderr.fileno(): 2, state_fd: 0}
    for fd in names:
        os.set_blocking(fd, False)
        sel.register(fd, selectors.EVENT_READ)
    data: dict[int, bytearray] = {1: bytearray(), 2: bytearray(), 0: bytearray()}
    order: list[list] = []
    deadline = time.monotonic() + timeout
    exited_at: float | None = None
    timed_out = False
    while sel.get_map():
        now = time.monotonic()
        if proc.poll() is not None and exited_at is None:
            exited_at = now
        if now > deadline or (exited_at is not None and now > exited_at + 0.2):
            timed_out = now > deadline and exited_at is None
            break
        for key, _ in sel.select(0.05):
            chunk = os.read(key.fd, 65536)
            if not chunk:
                sel.unregister(key.fd)
                continue
            stream = names[key.fd]
            room = MAX_OUTPUT - len(data[stream])
            if room > 0:
                data[stream] += chunk[:room]
                if stream:
                    if order and order[-1][0] == stream:
                        order[-1][1] += chunk[:room]
                    else:
                        order.append([stream, bytearray(chunk[:room])])
    if timed_out:
        proc.kill()
    proc.wait()
    text = {k: v.decode("utf-8", "surrogateescape") for k, v in data.items()}
    chunks = [[s, bytes(b).decode("utf-8", "surrogateescape")] for s, b in order]
    return (text[1], text[2], chunks, text[0]), timed_out


def _kill_all() -> None:
    """Whatever the line left running ends with it: a background job, and also a process that
    left the line's session (``setsid``, ``nohup ... &`` in a subshell). This process is the PID
    namespace's init, so ``kill(-1)`` reaches every other process of the jail and nothing else."""
    try:
        os.kill(-1, signal.SIGKILL)
    except OSError:
        pass  # no process left
    while True:  # this process is the namespace's init: reap every orphan
        try:
            if os.waitpid(-1, os.WNOHANG)[0] == 0:
                break
        except ChildProcessError:
            break


def main(argv: list[str]) -> int:
    root, programs, control = argv
    # the kernel delivers to a namespace's init only the signals it handles, and Python handles
    # SIGINT: an agent's `kill -INT 1` would end the jail (KeyboardInterrupt), so it is ignored
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        build(root, programs, control)
        confine()
    except OSError as err:
        print(json.dumps({"error": f"cannot build the real shell's file tree: {err}"}), flush=True)
        return 1
    print(json.dumps({"ready": True}), flush=True)
    jail = Jail(root, control)
    for line in sys.stdin:
        try:
            reply = jail.run(json.loads(line))
        except (OSError, ValueError, KeyError, subprocess.SubprocessError) as err:
            reply = {"error": f"{type(err).__name__}: {err}"}
        sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
