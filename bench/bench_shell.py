"""Shell benchmark: command lines per second through ``Shell.run`` over a logs-like MemoryFs.

Run by hand:  .venv/bin/python bench/bench_shell.py [--rounds N]

The file system is what a logs world holds (20 files: 200-line logs under /var/log, a few /etc
files); the lines are the mix an agent types there (pipes, globs, ``tail -n``, ``grep -i``,
``wc -l``, ``cd && ls``, ``echo > file``, ``cat file | sort``). Lines naming a tool the registry
does not have yet (other modules land them) are skipped, and listed. Prints lines/s over the
mix, parse µs per line uncached (the lexer and parser each time) and cached (the LRU hit), and
the slowest lines of the mix (where a tool, not the shell, is what costs).
"""

from __future__ import annotations

import argparse
import time

from worldgen.shell.builtins.core import SHELL_COMMANDS
from worldgen.shell.builtins.registry import tools
from worldgen.shell.interp import Session, Shell
from worldgen.shell.memfs import MemoryFs
from worldgen.shell.parser import parse, parse_uncached

LEVELS = ("INFO", "INFO", "INFO", "WARN", "ERROR")
SERVICES = ("api", "auth", "billing", "cache", "db", "gateway", "mail", "queue", "search", "web", "worker", "cron")

LINES = [
    "grep -i error /var/log/*.log | wc -l",
    "tail -n 20 /var/log/api.log",
    "ls -l /etc",
    "cat /etc/hostname",
    "cd /var/log && ls",
    "echo 'port=8080' > /tmp/notes.txt",
    "cat /etc/hosts | sort",
    "grep -c WARN /var/log/db.log",
    "head -n 5 /var/log/auth.log",
    "wc -l /var/log/*.log",
    "cat /var/log/cache.log | grep ERROR | tail -n 3",
    "echo $HOME && pwd",
    "ls /var/log/*.log",
    "test -f /etc/app.conf && echo present || echo missing",
    "printf '%s=%d\\n' port 8080 workers 4",
    "cd /etc; cat app.conf",
    "cat /nope 2>&1",
    "echo done; echo $?",
]


def world() -> MemoryFs:
    files: dict[str, str] = {}
    for s in SERVICES:
        files[f"/var/log/{s}.log"] = "".join(
            f"2026-03-03T04:{i // 60:02d}:{i % 60:02d}Z {LEVELS[(i * 7 + len(s)) % 5]} {s}: request {i} took {i * 13 % 997} ms\n"
            for i in range(200))
    files.update({
        "/etc/hostname": "world\n", "/etc/hosts": "127.0.0.1 localhost\n10.0.0.2 db\n10.0.0.3 cache\n",
        "/etc/app.conf": "port=8080\nworkers=4\nlog=/var/log/api.log\n", "/etc/motd": "Welcome.\n",
        "/etc/resolv.conf": "nameserver 10.0.0.1\n", "/etc/passwd": "root:x:0:0:root:/root:/bin/bash\n",
        "/etc/group": "root:x:0:\n", "/etc/fstab": "/dev/sda1 / ext4 defaults 0 1\n",
    })
    return MemoryFs(files, dirs=("/tmp", "/root"))


def runnable(lines: list[str]) -> tuple[list[str], list[str]]:
    """(lines whose every command exists here, lines skipped for a missing tool)."""
    known = set(tools()) | set(SHELL_COMMANDS)
    keep, skipped = [], []
    for line in lines:
        names = {c.words[0].text for item in parse(line).items for p in (item.first, *(q for _, q in item.rest))
                 for c in p.commands if c.words}
        (keep if names <= known else skipped).append(line)
    return keep, skipped


def best(rounds: int, work) -> float:
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--repeat", type=int, default=50, help="passes over the mix per round")
    args = parser.parse_args()
    lines, skipped = runnable(LINES)
    shell = Shell(world())
    session = Session("/root", {"HOME": "/root", "PWD": "/root", "USER": "root", "PATH": "/usr/bin:/bin"})
    mix = lines * args.repeat

    def run_all() -> None:
        for line in mix:
            session.cwd = session.env["PWD"] = "/root"
            shell.run(line, session)

    run_s = best(args.rounds, run_all)
    uncached = best(args.rounds, lambda: [parse_uncached(line) for line in mix])
    cached = best(args.rounds, lambda: [parse(line) for line in mix])
    per_line = run_s / len(mix)
    print(f"lines in the mix: {len(lines)} run, {len(skipped)} skipped (tools not in the registry yet)")
    for line in skipped:
        print(f"  skipped: {line}")
    print(f"run:   {1 / per_line:,.0f} lines/s ({per_line * 1e6:.1f} µs/line, best of {args.rounds} x {len(mix)} lines)")
    print(f"parse: {uncached / len(mix) * 1e6:.1f} µs/line uncached, {cached / len(mix) * 1e6:.2f} µs/line cached")
    print("slowest lines (µs each, parse cached; the rest of the time is the tools'):")
    for cost, line in sorted(((line_cost(shell, session, line, args.rounds), line) for line in lines), reverse=True)[:5]:
        print(f"  {cost * 1e6:9.1f}  {line}")


def line_cost(shell: Shell, session: Session, line: str, rounds: int, repeat: int = 20) -> float:
    def again() -> None:
        for _ in range(repeat):
            session.cwd = session.env["PWD"] = "/root"
            shell.run(line, session)

    return best(rounds, again) / repeat


if __name__ == "__main__":
    main()
