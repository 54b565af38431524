"""Command lines an agent would type in a terminal world, drawn from the world itself.

The fidelity measure (``worldgen.terminal.fidelity``) needs lines that exercise the shell the way
agents do: reads of the world's files (``cat``, ``grep -c``, ``sort | uniq -c``, ``awk``...),
pipes, globs, quoting, ``cd`` and relative paths, variables, redirections, writes into scratch
files and into the world's writable files (with the texts the world accepts), changes of the
world's files, the world's own programs (their commands, ``--help``, bad options) and mistakes
with their error messages. Every path, word and command comes from the world's tree and command
table, so a new scaffold is covered without hand work. Paths and words are put into lines with
``shlex.quote`` (they are data the agent would quote); nothing here runs a line.

The lines keep to the documented subset and leave out, with the reason in docs/terminal.md
("Fidelity"), what cannot be matched: ``du``
and ``stat`` without ``-c`` (the host file system's blocks, inodes and times), listings of ``/``,
``/usr`` and ``/dev`` (the host's in the real face), ``mv`` of a world file, a directory as stdin.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import PurePosixPath

import numpy as np

from worldgen.ir.terminal import hook_action
from worldgen.seeding import rng
from worldgen.terminal.episode import TerminalEpisode
from worldgen.terminal.layout import WRITE_PREFIX
from worldgen.terminal.tree import JAILED, walk

_WORD = re.compile(r"[A-Za-z][A-Za-z0-9_-]{2,}")
LONG_LINE = 4096  # longer lines (a mock archive's one line) meet the emulator's regex work bound (docs: Bad input)
SCRATCH = "/tmp/fidelity"  # the corpus's own files: a folder of /tmp both faces start without


@dataclass(frozen=True)
class Scene:
    """What a world offers the corpus: its readable files with their words, its directories,
    its programs and their command lines, and the lines that write its writable files."""

    files: tuple[str, ...]
    words: dict[str, tuple[str, ...]]  # file -> words of its text (for grep, sed, awk)
    dirs: tuple[str, ...]  # directories holding world files
    programs: tuple[str, ...]
    commands: tuple[str, ...]  # the programs' command lines of the world's table
    writes: tuple[str, ...]  # accepted writes of writable files (the world's own printf lines)
    short: tuple[str, ...] = ()  # files whose lines are all under LONG_LINE characters
    hooks: tuple[str, ...] = ()  # the world's own chmod, chown and rm lines of its files


def scene(episode: TerminalEpisode) -> Scene:
    """The corpus's material, read from an episode at its start (no hook runs: ``walk``)."""
    items = [i for i in walk(episode.fs) if not any(i.path == s or i.path.startswith(s + "/") for s in JAILED)]
    files = tuple(i.path for i in items if not i.is_dir and i.path in episode.layout.files and i.text)
    words = {i.path: tuple(dict.fromkeys(_WORD.findall(i.text or "")))[:40] for i in items if i.path in files}
    dirs = tuple(sorted({str(PurePosixPath(f).parent) for f in files}))
    rules = episode.layout.rules
    commands = tuple(dict.fromkeys(rules.bindings[b].command for b in episode.layout.commands.values()))
    writers = {rules.actions.index(a) for a in rules.actions
               if any(a.name == hook_action(f.name, "write") for f in episode.layout.terminal.files)}
    writes = tuple(dict.fromkeys(b.command for b in rules.bindings
                                 if b.action in writers and b.command.startswith(WRITE_PREFIX)))
    hooks = tuple(dict.fromkeys(b.command for b in rules.bindings
                                if b.action in episode.layout.hooks and b.command.split()[0] in ("chmod", "chown", "rm")))
    short = tuple(i.path for i in items if i.path in files and max(map(len, (i.text or "").split("\n"))) < LONG_LINE)
    return Scene(files, words, dirs, tuple(episode.layout.programs), commands, writes, short, hooks)


Family = Callable[[Scene, np.random.Generator], list[str] | None]


def _pick(g: np.random.Generator, seq) -> str:
    return seq[int(g.integers(len(seq)))]


def _file(s: Scene, g: np.random.Generator) -> str:
    return _pick(g, s.files)


def _word(s: Scene, g: np.random.Generator, f: str) -> str:
    return _pick(g, s.words[f]) if s.words.get(f) else "error"


def _q(text: str) -> str:
    return shlex.quote(text)


def reads(s: Scene, g: np.random.Generator) -> list[str] | None:
    f = _file(s, g)
    w, k, q = _word(s, g, f), int(g.integers(1, 6)), _q(f)
    lines = [f"cat {q}", f"head -n {k} {q}", f"tail -n {k} {q}", f"wc {q}", f"wc -l {q}", f"wc -w -c {q}",
             f"grep -i {_q(w)} {q}", f"grep -c {_q(w)} {q}", f"grep -n {_q(w)} {q}", f"grep -v {_q(w)} {q} | head -n {k}",
             f"sort {q} | uniq -c | sort -rn | head -n {k}", f"cut -c 1-{10 * k} {q}", f"cut -d ' ' -f 1-{k} {q}",
             f"awk '{{print $1, $NF}}' {q} | head -n {k}", f"awk -F: '{{print $1}}' {q}", f"awk 'END {{print NR}}' {q}",
             f"sed -n '{k},{k + 1}p' {q}", f"sed 's/{w}/X/g' {q} | head -n {k}", f"tr a-z A-Z < {q} | head -n {k}",
             f"tr -d ' ' < {q} | wc -c", f"nl {q} | tail -n {k}", f"rev {q} | head -n {k}", f"sort -r {q} | head -n {k}",
             f"stat -c '%n %s %a' {q}", f"grep -l {_q(w)} {q} /dev/null", f"head -c {20 * k} {q}; echo"]
    return [_pick(g, lines)]


def filters(s: Scene, g: np.random.Generator) -> list[str] | None:
    """The same files through more of each tool's flags, as agents chain them: regular
    expressions with repeats only over files of ordinary lines, which the emulator's work bound
    (a repeat over a line of N characters may cost N**2) never refuses."""
    if not s.short:
        return None
    f = _pick(g, s.short)
    w, v, k, q = _word(s, g, f), _word(s, g, f), int(g.integers(1, 5)), _q(f)
    lines = [f"sort -t: -k2 {q} | head -n {k}", f"sort -u {q} | wc -l", f"sort -n {q} | tail -n {k}", f"uniq -d {q}",
             f"cut -d: -f1 {q} | sort | uniq -c", f"grep -E '{w}|{v}' {q}", f"grep -w {_q(w)} {q}",
             f"grep -o {_q(w)} {q} | sort | uniq -c", f"grep -m 1 -n {_q(w)} {q}", f"tail -n +{k} {q} | head -n 3",
             f"sed -E 's/([a-z]+)/<\\1>/' {q} | head -n {k}", f"sed '/{w}/d' {q} | wc -l", f"awk 'length > 20' {q} | wc -l",
             f"awk -v w={_q(w)} '$0 ~ w {{n++}} END {{print n+0}}' {q}", f"awk '{{s += NF}} END {{print s}}' {q}",
             f"tr -s ' ' < {q} | head -n {k}", f"tr ':' '\\n' < {q} | head -n {k}", f"cat -n {q} | head -n {k}",
             f"cat -A {q} | head -n {k}", f"grep -c '' {q}", f"head -n {k} {q} | tee /tmp/tee-copy | wc -l",
             f"basename {q}; dirname {q}", f"realpath {q}", f"grep -ic {_q(w.upper())} {q}", f"sort -k2,2 -r {q} | head -n 2",
             f"awk -F'[ :=]' '{{print NF}}' {q} | sort -n | uniq -c", f"sed -n '/{w}/=' {q}", f"wc -c < {q}"]
    return [_pick(g, lines)]


def listings(s: Scene, g: np.random.Generator) -> list[str] | None:
    d = _q(_pick(g, s.dirs))
    lines = [f"ls {d}", f"ls -1 {d}", f"ls -l {d}", f"ls -la {d}", f"ls -a {d}", f"find {d} -type f | sort",
             f"find {d} -type d", f"find {d} -name '*.*' | sort", f"ls -1 {d} | wc -l", f"ls {d} | head -n 2",
             f"ls -R {d}", f"ls -t {d}", f"ls -lh {d}", f"ls -ld {d}", f"ls -1r {d}", f"find {d} -maxdepth 1 | sort",
             f"ls {d} | xargs -n 1 echo", f"find {d} -type f | sort | xargs wc -l", f"find {d} -type f -exec wc -c {{}} + | sort",
             f"ls -A {d} | wc -l", f"find {d} -type f -size -2k | sort", f"find {d} -iname '*{_pick(g, 'aeiou')}*' | sort",
             f"find {d} -type f -printf '%s %p\\n' | sort -rn | head -n 3", f"ls -S {d} | head -n 2"]
    return [_pick(g, lines)]


def globs(s: Scene, g: np.random.Generator) -> list[str] | None:
    f = PurePosixPath(_file(s, g))
    d = _q(str(f.parent)).rstrip("/") if str(f.parent) != "/" else ""
    ext = f.suffix
    star = f"{d}/*{ext}" if ext else f"{d}/*"
    lines = [f"ls {star}", f"cat {star} | wc -l", f"grep -c {_q(_word(s, g, str(f)))} {star}",
             f"echo {d}/{f.name[:-1]}?", f"ls -d {d}/{f.name[0]}*", f"wc -l {star} | tail -n 1", f"echo {d}/nomatch*.zz"]
    return [_pick(g, lines)]


def loops(s: Scene, g: np.random.Generator) -> list[str] | None:
    """``for``, ``while``, ``if`` and ``case`` over the world's files and words (shell/compound.py),
    ``$(...)`` and backquotes (shell/substitution.py), as agents count and compare."""
    f = PurePosixPath(_file(s, g))
    d = _q(str(f.parent)).rstrip("/") if str(f.parent) != "/" else ""
    star = f"{d}/*{f.suffix}" if f.suffix else f"{d}/*"
    q, w, v = _q(str(f)), _word(s, g, str(f)), _word(s, g, str(f))
    lines = [f"for f in {star}; do wc -l $f; done", f"for f in {star}; do echo \"$f\"; head -n 1 \"$f\"; done",
             f"for w in {_q(w)} {_q(v)}; do grep -c \"$w\" {q}; done", f"for f in {star}; do grep -c {_q(w)} $f; done | sort -n",
             f"for f in {star}; do [ -s $f ] && echo $f; done > /tmp/nonempty; wc -l < /tmp/nonempty",
             f"for n in 1 2 3; do sed -n \"${{n}}p\" {q}; done", f"for f in {star} /nope; do cat $f > /dev/null || echo no $f; done",
             f"for f in {star}; do echo \"${{f##*/}} $(wc -l < $f)\"; done", f"n=$(grep -c {_q(w)} {q}); echo \"$n matches\"",
             f"echo \"files: $(ls {d or '/'} | wc -l)\"", f"cat $(ls {star} | head -n 1) | wc -c",
             f"if grep -q {_q(w)} {q}; then echo yes; else echo no; fi",
             f"for f in {star}; do if [ -s $f ]; then echo \"$f\"; fi; done | wc -l",
             f"n=0; for f in {star}; do n=$((n + $(wc -l < $f))); done; echo $n", f"echo $(( $(wc -c < {q}) / 2 ))",
             f"while read -r a b; do echo \"$b\"; done < {q} | head -n 3", f"n=0; while read l; do n=$((n+1)); done < {q}; echo $n",
             f"grep -i {_q(w)} {q} | while read l; do echo \"> $l\"; done | tail -n 2",
             f"for i in $(seq 1 3); do sed -n \"${{i}}p\" {q}; done",
             f"for f in {star} {d}/x.zz; do case $f in *{f.suffix or '.txt'}) echo \"ok $f\";; *) echo \"odd $f\";; esac; done",
             f"case $(grep -c {_q(w)} {q}) in 0) echo none;; 1|2) echo few;; *) echo many;; esac",
             f"echo \"lines: `wc -l < {q}`\""]
    return [_pick(g, lines)]


def constructs(s: Scene, g: np.random.Generator) -> list[str] | None:
    """Brace expansion (shell/braces.py), ``( ... )`` and ``{ ...; }`` (shell/groups.py), ``[[ ]]``
    (shell/conditional.py), ``${NAME/...}`` and its kin (shell/param_ops.py), here-strings, functions
    (shell/functions.py), and ``diff`` and ``paste``."""
    f = PurePosixPath(_file(s, g))
    d = _q(str(f.parent)).rstrip("/") if str(f.parent) != "/" else ""
    star = f"{d}/*{f.suffix}" if f.suffix else f"{d}/*"
    q, w = _q(str(f)), _word(s, g, str(f))
    lines = [f"for i in {{1..3}}; do sed -n \"${{i}}p\" {q}; done", f"head -n 2 {q}{{,}} | wc -l", f"echo {d or '/'}/{{a,b}}.{{1..2}}",
             f"(cd {d or '/'} && ls | head -n 3); pwd", f"{{ head -n 1 {q}; tail -n 1 {q}; }} | wc -l", f"(wc -l < {q}) 2>&1",
             f"[[ -f {q} && -s {q} ]] && echo file", f"[[ $(wc -l < {q}) -gt 2 ]] && echo long || echo short",
             f"for f in {star}; do [[ $f == *{f.suffix or '.txt'} ]] && echo \"${{f##*/}}\"; done",
             f"x=$(head -n 1 {q}); [[ $x =~ {_q(w)} ]]; echo $?", f"f={q}; echo ${{f/{f.suffix or '.'}/.bak}} ${{f^^}} ${{f:0:4}}",
             f"x=$(head -n 1 {q}); echo \"${{x// /_}}\" | cut -c 1-40", f"grep -c {_q(w)} <<< \"$(cat {q})\"",
             f"read a b <<< \"$(head -n 1 {q})\"; echo \"$a\"",
             f"head -n 5 {q} > /tmp/d1; sed 2d /tmp/d1 > /tmp/d2; diff /tmp/d1 /tmp/d2; echo $?",
             f"diff {q} {q} && echo same", f"head -n 3 {q} | paste -s -d,", f"paste -d' ' {q} {q} | head -n 2",
             f"hits() {{ grep -c \"$1\" {q}; }}; hits {_q(w)}; hits zzz || echo none",
             f"first() {{ local n=${{1:-2}}; head -n \"$n\" {q}; }}; first; first 1 | wc -c"]
    return [_pick(g, lines)]


def quoting(s: Scene, g: np.random.Generator) -> list[str] | None:
    f = _file(s, g)
    w = _word(s, g, f)
    lines = [f"grep -c \"{w}\" '{f}'", "echo 'two  spaces' \"and  $HOME\" a\\ b", f"printf '%s\\n' \"{w} x\" '{w}'",
             "echo \"it's\" 'say \"hi\"' \\$HOME", f"X='{w}'; grep -c \"$X\" {_q(f)}", "echo a\\\tb 'c\\d' \"e\\\"f\"",
             f"printf '%s|%s\\n' {w} \"two words\"", "echo '$(echo literal)' \"${HOME}\""]
    return [_pick(g, lines)]


def plumbing(s: Scene, g: np.random.Generator) -> list[str] | None:
    """Redirections, here-documents, tests and lists around the world's files."""
    f = _file(s, g)
    q, d, w = _q(f), _q(str(PurePosixPath(f).parent)), _word(s, g, f)
    lines = [f"cat {q} /nope 2>&1 | head -n 3", f"cat {q} /nope 2>/dev/null | wc -l", f"grep -c {_q(w)} < {q}",
             f"wc -l < {q} > /tmp/count; cat /tmp/count", "echo to-stderr >&2; echo $?", f"[ -f {q} ] && echo file",
             f"[ -d {d} ] && echo dir || echo none", f"test -s {q}; echo $?", f"[ -x {q} ]; echo $?",
             f"cat <<EOF\n{w} $HOME\nEOF", f"grep -c {_q(w)} <<'EOF'\n{w} $HOME\nEOF", "printf '%5s|%-5s|%d\\n' ab cd 42",
             f"head -n 1 {q} | tee /tmp/first | wc -c; cat /tmp/first", f"ls {d} > /tmp/listing; wc -l /tmp/listing",
             "true || echo never; false && echo never; echo $?", f"cd {d} && ls | head -n 2; cd - > /dev/null; pwd",
             f"! grep -q {_q(w)} {q}; echo $?", f"grep -q {_q(w)} {q} && echo found", "type cd cat grep", "which cat grep",
             f"cat {q} | sort | uniq | wc -l", f"echo {q} | xargs wc -l",
             f"export F={q}; cat \"$F\" | wc -c", f"cat {q} >> /tmp/acc; cat {q} >> /tmp/acc; wc -l < /tmp/acc"]
    return [_pick(g, lines)]


def places(s: Scene, g: np.random.Generator) -> list[str] | None:
    f = PurePosixPath(_file(s, g))
    name = _q(f.name)
    return [f"cd {_q(str(f.parent))}", "pwd", f"wc -l {name}", "ls -1 | head -n 3", "cd ..", "pwd", "cd", "pwd"]


def variables(s: Scene, g: np.random.Generator) -> list[str] | None:
    lines = ["echo $HOME", "echo ~", "echo ~/notes", "echo \"$USER\" \"$PWD\"", "echo $SHELL $TERM $LANG",
             "N=3; echo $N${N}x", "export MODE=test; echo $MODE", "echo ${HOME}/x ${UNSET:-fallback}",
             "false; echo $?", "true && echo yes || echo no", "echo $PATH"]
    return [_pick(g, lines)]


def scratch(s: Scene, g: np.random.Generator) -> list[str] | None:
    f = _q(_file(s, g))
    w = _q(_word(s, g, _file(s, g)))
    return [f"mkdir -p {SCRATCH}", f"grep -i {w} {f} > {SCRATCH}/hits.txt; wc -l < {SCRATCH}/hits.txt",
            f"echo note >> {SCRATCH}/notes; echo more >> {SCRATCH}/notes; cat {SCRATCH}/notes",
            f"sort {f} > '{SCRATCH}/sorted copy' && head -n 1 '{SCRATCH}/sorted copy'", f"ls -1 {SCRATCH}",
            f"cp {f} {SCRATCH}/copy && wc -c < {SCRATCH}/copy", f"rm {SCRATCH}/copy; ls {SCRATCH}/copy",
            f"rm -r {SCRATCH}"]


def writes(s: Scene, g: np.random.Generator) -> list[str] | None:
    if not s.writes:
        return None
    line = _pick(g, s.writes)
    path = line.rpartition(" > ")[2]
    return [line, f"cat {path}"]


def changes(s: Scene, g: np.random.Generator) -> list[str] | None:
    """What an agent does to the world's files: the world's own chmod/chown/rm lines, and the
    same on files the world may not let change (a difference by design: the emulator refuses at
    once, the real face undoes it after the line). No ``mv`` of a world file: the real face puts
    the file back but the moved copy stays, a scratch file the emulator never had."""
    f = _q(_file(s, g))
    lines = [f"chmod 600 {f}; echo $?", f"rm {f}; echo $?", f"echo more >> {f}; echo $?",
             f"chmod u+x {f} && ls -l {f} | cut -c 1-10", f"touch {f}; echo $?"]
    if s.hooks:
        lines += [_pick(g, s.hooks)] * 3
    line = _pick(g, lines)
    return [line, f"ls -l {line.split()[-1]} | cut -c 1-10"] if line in s.hooks else [line]


def programs(s: Scene, g: np.random.Generator) -> list[str] | None:
    if not s.programs:
        return None
    p = _pick(g, s.programs)
    lines = [f"{p} --help", f"{p} --no-such-flag", f"{p} no-such-command", p, f"{p} --help | head -n 1"]
    if s.commands:
        lines += [_pick(g, s.commands)] * 3
    return [_pick(g, lines)]


MISTAKES = ("cat /no/such/file", "ls /nowhere", "frobnicate --now", "ls --frob", "echo \"unterminated",
            "echo 'unterminated", "cat /etc |", "cd /nowhere", "head -n x /etc/hostname", "grep", "sort -k",
            "wc -l < /no/such", "echo hi > /no/such/dir/x", "cat '/tmp/no such file'", "echo )", "ls | | wc",
            "cat /tmp", "grep -c", "cut", "echo ok; exit_status_of_nothing; echo $?", "tail -n 2 /nope /also-nope",
            "sort --frobnicate", "awk '{print $1' /etc/hostname", "sed 's/a/' /etc/hostname", "cut -f 0 /etc/hostname",
            "head -n", "wc -Z", "uniq -Q", "tr", "sed -n", "find /nowhere -name x", "grep -E '(' /etc/hostname",
            "ls -l /nope 2>&1 | wc -l", "cd; cd ..; pwd; cd", "echo > /tmp", "mkdir /tmp; echo $?",
            "rm /tmp; echo $?", "cp /nope /tmp/x", "mv /nope /tmp/x", "touch /no/such/f", "chmod 644 /nope")


def mistakes(s: Scene, g: np.random.Generator) -> list[str] | None:
    f = _q(_file(s, g))
    d = _q(_pick(g, s.dirs))
    return [_pick(g, [*MISTAKES, f"cd {f}", f"cat {d}", f"grep -q {f}", f"wc -l {f}.bak"])]


FAMILIES: tuple[tuple[Family, float], ...] = (  # (family, weight: its share of the lines)
    (reads, 4), (filters, 3), (listings, 2), (globs, 2), (loops, 1), (constructs, 1), (quoting, 1.5), (plumbing, 2), (places, 0.3), (variables, 1),
    (scratch, 0.2), (writes, 0.5), (changes, 0.5), (programs, 2), (mistakes, 2.5))


def corpus(scene: Scene, lines: int, seed: int) -> list[str]:
    """``lines`` command lines (a family's group may run past by a few) for one world, the same
    for the same scene and seed."""
    g = rng(seed, "fidelity corpus")
    usable = [(f, w) for f, w in FAMILIES if f(scene, rng(seed, "fidelity probe")) is not None] if scene.files else []
    if not usable:
        return []
    weights = np.array([w for _, w in usable])
    out: list[str] = []
    while len(out) < lines:
        family = usable[int(g.choice(len(usable), p=weights / weights.sum()))][0]
        out += family(scene, g) or []
    return out
