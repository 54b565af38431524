"""Hypothesis strategies for hostile shell lines, and the checks every line must pass.

Lines are built from the shell's own pieces (every tool, flags they read, quoting of each kind,
variables, here-documents, globs that match everything, ``..`` paths, deep pipelines, NUL and
invalid UTF-8 as the protocol hands it over: lone surrogates) or are byte-level edits of
ordinary lines. ``check_line`` runs one line and asserts what must hold of any line; the fuzz
tests and ``bench/fuzz_shell.py`` share both.
"""

from __future__ import annotations

from dataclasses import dataclass

from hypothesis import strategies as st

from worldgen.shell import budget, limits
from worldgen.shell.builtins.core import SHELL_COMMANDS
from worldgen.shell.builtins.registry import tools
from worldgen.shell.interp import Outcome, Session, Shell
from worldgen.shell.conditional import ConditionalError
from worldgen.shell.errors import ParseError
from worldgen.shell.memfs import MemoryFs
from worldgen.shell.parser import parse_uncached

BIG = "".join(f"line {i} error x{'y' * (i % 50)}\n" for i in range(20_000))  # ~0.9 MiB
FILES = {
    "/home/user/notes.txt": "alpha\nbeta\ngamma\n",
    "/home/user/.profile": "export X=1\n",
    "/var/log/api.log": "INFO up\nERROR down\n" * 50,
    "/var/log/big.log": BIG,
    "/var/log/nul.bin": "a\x00b\x00\n\x00",
    "/var/log/odd.txt": "caf\u00e9 \udcff\udcfe \U0001d518\r\n\u202e\n",
    "/etc/app.conf": "port=1\nlevel=low\n",
    "/etc/passwd": "root:x:0:0:root:/root:/bin/bash\n",
}
DIRS = ("/tmp", "/home/user/empty", "/srv/a/b/c")

NAMES = sorted(tools()) + sorted(SHELL_COMMANDS)
FLAGS = ("-n", "-r", "-i", "-v", "-c", "-l", "-e", "-E", "-f", "-k", "-t", "-d", "-s", "-u", "-0", "-a", "-A",
         "-h", "-1", "-R", "-p", "-m", "-o", "-w", "-x", "-F", "-q", "-z", "-b", "-L", "-I", "-P", "--", "-",
         "-n 3", "-n -1", "-n +2", "-c 5", "-5", "-k 2,1", "-t :", "-d ,", "-f 2-", "-m 1", "-A 2", "--help",
         "--version", "--include=*.log", "-name", "'*.log'", "-type", "f", "d", "-maxdepth", "-exec", "{}",
         "\\;", "+", "-print0", "-delete", "-I{}", "-999999999", "-n 99999999999999999999", "--no-such",
         "-F:", "'{print $1}'", "'BEGIN{for(i=0;i<9;i++)s=s s \"x\"}END{print length(s)}'", "'s/x/xx/g'",
         "'s/.*/&&&&/g;s/.*/&&&&/g'", "'%s\\n'", "'%999999d'", "'%*d'", "'%.3s|%-8d|%x'", "a-z", "A-Z",
         "'[:alpha:]'", "'\\n'", "'(a+)+$'", "'^.*.*.*=.*$'", "0644", "u+x", "root:root", "755")
PATHS = ("/", "..", "../..", "/../../..", "/home/user/../../etc/app.conf", ".", "~", "~root", "/tmp",
         "/tmp/x", "/tmp/../tmp/y", "/var/log", "/var/log/big.log", "/var/log/api.log", "/var/log/nul.bin",
         "/var/log/odd.txt", "/etc/app.conf", "/etc/passwd", "/proc/self/environ", "/dev/null",
         "/dev/stdin", "notes.txt", "empty", "/srv/a/b/c", "nosuch", "/etc/app.conf/x")
GLOBS = ("*", "/*", "/*/*", "/*/*/*", ".*", "/var/log/*.log", "?", "[a-z]*", "[!x]*", "**", "/*/../*",
         "*/*/*/*", "[", "[]", "[!]")
ODD = ("\x00", "\udcff", "\udc80\udcc3", "\ud800", "\r", "\x1b[2J", "\u202e", "\ufeff", "é", "\U0001d518",
       "\t", "\\", "\\\n", "'", '"', "`", "$", "${", "$(", "#", "!", "&", ";;", "(", ")", "{", "}", "<<<",
       "[[", "]]", "=~", "{a,b}", "{1..99}", "((")
TEXTS = ("x", "error", "a b", "", "port=3", "99999999999999999999", "-1", "0", "1e9", "%", "%%", "%n")
SEED_LINES = (
    "grep -i error /var/log/*.log | wc -l", "tail -n 20 /var/log/api.log", "ls -l /etc",
    "cd /var/log && ls", "echo 'port=8080' > /tmp/notes.txt", "cat /etc/app.conf | sort | uniq -c",
    "find / -name '*.log' -exec wc -l {} +", "awk -F= '{print $2}' /etc/app.conf",
    "sed -n 's/port=\\(.*\\)/\\1/p' /etc/app.conf", "printf '%s=%d\\n' a 1 b 2 > /tmp/x; cat /tmp/x",
    "cat <<EOF > /tmp/h\n$HOME ${X:-d} 'q' \"w\"\nEOF", "X=1; Y=$X$X; echo ${Y}", "xargs -n 1 echo < /etc/app.conf",
    "cut -d: -f1 /etc/passwd | tr a-z A-Z | rev", "test -f /etc/app.conf && echo yes || echo no",
    "[[ -f /etc/app.conf && $X =~ ^(a|b)+$ ]] && echo y", "(cd /var/log && ls) | wc -l", "{ echo a; echo b >&2; } 2>&1 > /tmp/g",
    "for i in {1..5}; do echo x{a,b}$i; done", "[[ ( $X == a* || -z $Y ) && 1+1 -eq 2 ]]",
    "for ((i = 0; i < 3; i++)); do ((i == 1)) && continue; echo ${X/a/b}$i; done", "let n=2**3; echo $((n++, n))",
    "while read l; do [[ $l == *error* ]] && break; done < /var/log/api.log; echo ${l:0:4}", "tr a-z A-Z <<< \"$X\"",
    "f() { local n=${1:-3}; head -n $n /var/log/api.log; return 2; }; f 1; echo $?", "g() { g | g; }; g",
    "h() { shift; echo $# \"$@\"; }; h a b c | diff - /etc/app.conf; paste -d, /etc/app.conf /etc/passwd",
)


def _quoted(text: str) -> st.SearchStrategy[str]:
    return st.sampled_from((f"'{text}'", f'"{text}"', f"$'{text}'", text, f'"$X{text}"', f"\\{text}"))


word = st.one_of(
    st.sampled_from(FLAGS), st.sampled_from(PATHS), st.sampled_from(GLOBS), st.sampled_from(TEXTS),
    st.sampled_from(ODD), st.sampled_from(TEXTS).flatmap(_quoted),
    st.sampled_from(("$X", "${X}", "${X:-$HOME}", "${#X}", "$?", "$$", "${Y:=$X$X}", "$X$X$X$X", "~/x")),
    st.text(min_size=1, max_size=8),
)
redirect = st.sampled_from(("> /tmp/out", ">> /tmp/out", "< /var/log/big.log", "2>&1", "2>/dev/null", ">&2",
                            "&> /tmp/all", "> /etc/app.conf", "< /nosuch", "> /", "> /tmp", "3>&1",
                            "< /var/log/nul.bin", ">> /tmp/out >> /tmp/out"))


@st.composite
def command(draw: st.DrawFn) -> str:
    parts = []
    if draw(st.integers(0, 5)) == 0:
        parts.append(draw(st.sampled_from(("X=", "X=$X$X", "Y=${X}a", "X=' '", "IFS=:"))))
    parts.append(draw(st.sampled_from(NAMES)))
    parts += draw(st.lists(word, max_size=6))
    if draw(st.booleans()):
        parts.append(draw(redirect))
    return " ".join(parts)


@st.composite
def pipeline(draw: st.DrawFn) -> str:
    stages = draw(st.lists(command(), min_size=1, max_size=4))
    if draw(st.integers(0, 15)) == 0:  # deep: many copies of a stream, now and then a large one
        source = draw(st.sampled_from(("/var/log/api.log",) * 3 + ("/var/log/big.log /var/log/big.log",)))
        stages = [f"cat {source}"] + ["cat"] * draw(st.integers(20, limits.MAX_PIPELINE + 4))
    return (draw(st.sampled_from(("", "! "))) + " | ".join(stages))


@st.composite
def line(draw: st.DrawFn) -> str:
    """A line of the shell's grammar (and, now and then, a here-document)."""
    items = draw(st.lists(pipeline(), min_size=1, max_size=4))
    seps = draw(st.lists(st.sampled_from((";", "&&", "||", "\n", " ; ")), min_size=len(items), max_size=len(items)))
    text = "".join(f"{item} {sep} " for item, sep in zip(items, seps)).rstrip(" ;&|\n")
    if draw(st.integers(0, 6)) == 0:
        quote = draw(st.sampled_from(("EOF", "'EOF'", "-EOF", '"E O"')))
        body = draw(st.lists(st.one_of(word, st.sampled_from(("$X", "EOF", "\tEOF", "${X:-`x`}"))), max_size=6))
        text = f"cat <<{quote} | {text}\n{' '.join(body)}\n{quote.strip(chr(39) + '-' + chr(34))}"
    return text


@st.composite
def mutated_line(draw: st.DrawFn) -> str:
    """An ordinary line with bytes flipped, cut, repeated or inserted, decoded as the protocol
    decodes what it is sent (invalid UTF-8 becomes lone surrogates)."""
    data = bytearray(draw(st.sampled_from(SEED_LINES)).encode())
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(data)))
        match draw(st.sampled_from(("flip", "cut", "insert", "repeat"))):
            case "flip" if at < len(data):
                data[at] ^= 1 << draw(st.integers(0, 7))
            case "cut":
                del data[at:at + draw(st.integers(1, 16))]
            case "insert":
                data[at:at] = draw(st.binary(min_size=1, max_size=8))
            case _:
                data[at:at] = data[at:at + draw(st.integers(1, 40))] * draw(st.integers(2, 64))
    return data.decode("utf-8", "surrogateescape")


any_line = st.one_of(line(), mutated_line())


TREE = MemoryFs(dict(FILES), dirs=DIRS)


def new_shell() -> tuple[Shell, MemoryFs, Session]:
    fs = TREE.copy()
    session = Session("/home/user", {"HOME": "/home/user", "PWD": "/home/user", "USER": "user", "X": "ab"})
    return Shell(fs), fs, session


@dataclass
class Seen:
    """What a batch of lines did: how many ran, were refused (exit 2) or undone."""

    lines: int = 0
    refused: int = 0
    undone: int = 0


def check_line(shell: Shell, fs: MemoryFs, session: Session, text: str, seen: Seen | None = None) -> Outcome:
    """Run ``text`` and assert what holds of every line: an outcome, never a tool's internal
    error, output within its bound, and, for a line stopped by its budget, the session and the
    files exactly as before it."""
    before = session.copy(), dict(fs.nodes), dict(fs.texts)
    outcome = shell.run(text, session)
    assert "internal error" not in outcome.output, (text, outcome.output[-300:])
    assert len(outcome.output) <= limits.MAX_OUTPUT + len(limits.TRUNCATED) + 2
    assert fs.used <= budget.MAX_SCRATCH and len(fs.nodes) <= max(budget.MAX_NODES, len(before[1]))
    assert budget.env_size(session.env) <= max(budget.MAX_ENV, budget.env_size(before[0].env))
    if outcome.stopped:
        assert (session.cwd, session.env) == (before[0].cwd, before[0].env)
        assert (fs.nodes, fs.texts) == (before[1], before[2])
    if seen is not None:
        seen.lines += 1
        seen.refused += outcome.status == limits.LIMIT_STATUS
        seen.undone += outcome.stopped
    return outcome


def check_parse(text: str) -> None:
    """The parser answers a tree or one ``ParseError`` message (bash's words, which quote the
    text they name as bash does, newlines included), nothing else."""
    try:
        parse_uncached(text)
    except ParseError as err:
        assert err.message or isinstance(err, ConditionalError)  # bash says nothing of `[[ ]]`
        assert len(err.message) <= limits.MAX_LINE + 200
