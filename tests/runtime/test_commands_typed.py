"""Commands people actually type: arguments inside words, names with dots, octal numbers, quoted
text and catch-all words, from the scaffold through the checker, compiler and runtime."""

from __future__ import annotations

import pytest

import worldgen
from worldgen.errors import DiagnosticError
from worldgen.verify.run import verify_world

SHELL = """\
world shell {
  content { file: list(3) of word(unique) "a file name"  user: list(2) of word(unique) "a user name" }
  entity file[3] named content.file
  entity user[2] named content.user
  state {
    mode: map<file, int in 0..511> = 420
    owner: map<file, user> = user[0]
    commits: int in 0..3 = 0
  }
  action chmod(m: int in 0..511 as octal, f: file) "chmod {m} {f}" { do mode[f] = m  say "mode {m}" }
  action chown(u: user, f: file) "chown {u}:staff {f}" { do owner[f] = u }
  action tail(f: file) "cat /var/log/{f}.log" | "./{f}" { say "nothing new in {f}" }
  action commit(msg: text) "git commit -m {msg}" {
    when commits < 3 else "Nothing to commit."
    do commits += 1
    say "[main] {msg}"
  }
  action install_unknown(name: word) "apt install {name}" {
    when name != "sudo" else "E: sudo is not a package"
    say "E: Unable to locate package {name}"
  }
  action install(f: file) "apt install {f}" { say "{f} is already the newest version." }
  observe "commits: {commits}"
  invalid "command not found"
  done when commits == 3
}
"""
RECORD = {"file": ["deploy.sh", "nginx.log", "src/main.py"], "user": ["alice", "bob-ops"]}


@pytest.fixture
def env() -> worldgen.Env:
    e = worldgen.loads(SHELL, "shell.wg").instantiate(RECORD, seed=0).env()
    e.reset()
    return e


def say(env: worldgen.Env, command: str) -> tuple[str, bool, str | None]:
    obs, _, _, _, info = env.step(command)
    return obs, info["valid"], info["action"]


# ------------------------------------------------------------------- arguments inside words


def test_arguments_inside_words_fill_and_match(env: worldgen.Env) -> None:
    assert say(env, "cat /var/log/nginx.log.log") == ("nothing new in nginx.log\ncommits: 0", True, "tail")
    assert say(env, "./deploy.sh") == ("nothing new in deploy.sh\ncommits: 0", True, "tail")
    assert say(env, "CHOWN  bob-ops:staff   src/main.py") == ("commits: 0", True, "chown")
    assert env.state()["owner"][2] == 1
    assert say(env, "chown bob-ops: src/main.py") == ("command not found\ncommits: 0", False, None)


def test_admissible_lists_the_canonical_phrasings(env: worldgen.Env) -> None:
    admissible = env.admissible
    assert "cat /var/log/deploy.sh.log" in admissible and "./deploy.sh" not in admissible
    assert "chown alice:staff src/main.py" in admissible
    assert [c for c in admissible if c.startswith("git")] == ['git commit -m "..."']
    assert [c for c in admissible if c.startswith("apt")] == ["apt install deploy.sh", "apt install nginx.log", "apt install src/main.py"]
    assert "chmod 750 deploy.sh" in admissible and "chmod 0750 deploy.sh" not in admissible
    assert len(admissible) == 512 * 3 + 2 * 3 + 3 + 1 + 3


# ----------------------------------------------------------------------------- int spellings


def test_octal_arguments_accept_any_number_of_digits_and_leading_zeros(env: worldgen.Env) -> None:
    assert say(env, "chmod 750 deploy.sh") == ("mode 750\ncommits: 0", True, "chmod")
    assert say(env, "chmod 0640 nginx.log") == ("mode 640\ncommits: 0", True, "chmod")
    assert say(env, "chmod 007 src/main.py")[1] and env.state()["mode"] == [488, 416, 7]
    assert say(env, "chmod 0007 src/main.py")[1]
    assert say(env, "chmod 7 src/main.py") == ("mode 007\ncommits: 0", True, "chmod")  # as chmod reads it: 007
    assert say(env, "chmod 800 src/main.py")[1] is False  # not an octal number
    assert say(env, "chmod 1000 src/main.py")[1] is False  # 512: out of range


def test_hex_arguments() -> None:
    source = """\
world h {
  state { b: int in 0..255 = 0 }
  action poke(v: int in 0..255 as hex) "poke {v}" { do b = v }
}
"""
    env = worldgen.loads(source, "h.wg").instantiate({}, seed=0).env()
    env.reset()
    assert env.admissible[:3] == ["poke 0", "poke 1", "poke 2"] and "poke ff" in env.admissible
    assert say(env, "poke FF")[1] and env.state()["b"] == 255
    assert say(env, "poke 0x1a")[1] and env.state()["b"] == 26


# ------------------------------------------------------------------------------- quoted text


def test_quoted_text_is_echoed_with_its_case(env: worldgen.Env) -> None:
    assert say(env, 'git commit -m "Fix the Parser"') == ("[main] Fix the Parser\ncommits: 1", True, "commit")
    assert say(env, "GIT commit -m 'it''s'")[1] is False  # not one quoted string
    assert say(env, "git commit -m 'Single  quotes'") == ("[main] Single  quotes\ncommits: 2", True, "commit")
    assert say(env, "git commit -m unquoted") == ("command not found\ncommits: 2", False, None)


def test_the_listed_text_command_runs_with_empty_text(env: worldgen.Env) -> None:
    assert say(env, 'git commit -m "..."') == ("[main] \ncommits: 1", True, "commit")
    assert say(env, 'git commit -m ""') == ("[main] \ncommits: 2", True, "commit")


def test_a_guard_may_test_the_text() -> None:
    source = """\
world g {
  state { commits: int in 0..3 = 0 }
  action commit(msg: text) "commit {msg}" {
    when msg != "" else "Aborting commit due to empty commit message."
    do commits += 1
  }
}
"""
    env = worldgen.loads(source, "g.wg").instantiate({}, seed=0).env()
    env.reset()
    assert env.admissible == []  # its one listed binding has the empty text, which the guard refuses
    assert say(env, 'commit ""') == ("Aborting commit due to empty commit message.", False, None)
    assert say(env, "commit 'x'") == ("", True, "commit")


# ---------------------------------------------------------------------------------- catch-all


def test_catch_all_answers_any_word_no_other_command_matches(env: worldgen.Env) -> None:
    assert say(env, "apt install nginx.log") == ("nginx.log is already the newest version.\ncommits: 0", True, "install")
    assert say(env, "apt install Htop") == ("E: Unable to locate package htop\ncommits: 0", True, "install_unknown")
    assert say(env, "apt install sudo") == ("E: sudo is not a package\ncommits: 0", False, None)
    assert say(env, "apt install two words") == ("command not found\ncommits: 0", False, None)
    assert say(env, "apt install") == ("command not found\ncommits: 0", False, None)


def test_typed_arguments_combine_with_listed_ones_and_sit_inside_words() -> None:
    source = """\
world notes {
  content { file: list(2) of word(unique) }
  entity file[2] named content.file
  state { notes: int in 0..9 = 0 }
  action note(f: file, msg: text) "note {f} {msg}" { do notes += 1  say "{f}: {msg}" }
  action missing(name: word) "cat /var/log/{name}.log" { say "cat: {name}.log: No such file" }
}
"""
    env = worldgen.loads(source, "n.wg").instantiate({"file": ["todo.md", "ideas"]}, seed=0).env()
    env.reset()
    assert env.admissible == ['note todo.md "..."', 'note ideas "..."']
    assert say(env, "note IDEAS 'Ship It'") == ("ideas: Ship It", True, "note")
    assert say(env, "note other 'x'") == ("Nothing happens.", False, None)
    assert say(env, "cat /var/log/Kern.log") == ("cat: kern.log: No such file", True, "missing")
    assert say(env, "cat /var/log/kern.txt") == ("Nothing happens.", False, None)


def test_the_model_checker_explores_text_through_its_representative_only() -> None:
    source = """\
world repo {
  state { commits: int in 0..2 = 0 }
  action commit(msg: text) "git commit -m {msg}" { when commits < 2  do commits += 1  say "[main] {msg}" }
  action apt(name: word) "apt install {name}" { say "E: Unable to locate package {name}" }
  action status "git status" { say "{commits} commits" }
  reward 1 when commits == 2
  done when commits == 2
  expect solvable within 2
}
"""
    world = worldgen.loads(source, "repo.wg").instantiate({}, seed=0)
    rules = world.env().rules
    assert [(b.action, b.args, b.command) for b in rules.bindings] == [(0, ("",), 'git commit -m "..."'), (2, (), "git status")]
    report = verify_world(world)
    status = {c.name: c.status for c in report.checks}
    assert report.complete and status["solvable within 2"] == status["oracle replay"] == "pass"
    assert report.oracle is not None and [s.command for s in report.oracle.steps] == ['git commit -m "..."'] * 2


# ---------------------------------------------------------------------------------- checking


def _first_error(source: str) -> str:
    with pytest.raises(worldgen.DiagnosticError) as err:
        worldgen.loads(source, "w.wg")
    return err.value.diagnostics[0].format().splitlines()[0]


BASE = """\
world w {
  content { file: list(2) of word(unique) }
  entity file[2] named content.file
  enum dir { north, south }
  state { n: int in 0..9 = 0  at: dir = north }
  action go(d: dir) "{d}" { do at = d }
  action cat(f: file) "cat {f}" { }
}
"""


def test_base_world_checks_and_takes_an_enum_value_as_a_command() -> None:
    env = worldgen.loads(BASE, "w.wg").instantiate({"file": ["a.txt", "b.txt"]}, seed=0).env()
    env.reset()
    assert env.admissible == ["north", "south", "cat a.txt", "cat b.txt"]
    assert env.step("South")[4]["valid"]


@pytest.mark.parametrize(
    ("edit", "expected"),
    [
        (('"cat {f}"', '"cat {f}{d}"'),
         "w.wg:7:23: error: '{f}{d}': arguments '{f}' and '{d}' touch, so a command cannot say where one ends; "
         "put a separator between them, as in \"{f}:{d}\" [WG414]"),
        (("action cat(f: file) \"cat {f}\" { }", "action cat(f: word) \"{f}.sh\" { }"),
         "w.wg:7:23: error: a command pattern must start with a word or a typed argument (an entity, a cell, an enum, "
         "a bool or an int), not a word or text argument: it would swallow other commands [WG414]"),
        (('"cat {f}"', '"cat {f"'),
         "w.wg:7:23: error: '{f': braces in a pattern must enclose an argument name, as in \"go {to}\" [WG414]"),
        (("action cat(f: file) \"cat {f}\" { }", "action cat(f: file) \"cat {f}\" { }\n  action log(f: file) \"cat {f}.log\" { }"),
         "w.wg:8:23: error: command pattern \"cat {f}.log\" (action log) can match the same command as "
         "\"cat {f}\" (action cat, line 7) [WG415]"),
        (("action cat(f: file) \"cat {f}\" { }", "action cat(m: int in 0..7 as octal) \"cat {m}\" { }\n  action c(m: int in 0..9) \"cat {m}\" { }"),
         "w.wg:8:28: error: command pattern \"cat {m}\" (action c) can match the same command as "
         "\"cat {m}\" (action cat, line 7) [WG415]"),
        (("action cat(f: file) \"cat {f}\" { }", "action cat(m: int in 0..7 as octal) \"cat {m}\" { }\n  action c \"cat 010\" { }"),
         "w.wg:8:12: error: command pattern \"cat 010\" (action c) can match the same command as "
         "\"cat {m}\" (action cat, line 7) [WG415]"),
        (("action cat(f: file) \"cat {f}\" { }", "action cat(a: word) \"apt {a}\" { }\n  action c(b: word) \"apt {b}\" { }"),
         "w.wg:8:21: error: command pattern \"apt {b}\" (action c) can match the same command as "
         "\"apt {a}\" (action cat, line 7) [WG415]"),
        (("cat(f: file)", "cat(m: int in 0..7 as binary)"),
         "w.wg:7:17: error: unknown int spelling 'binary'; use 'as octal' or 'as hex' [WG207]"),
        (("n: int in 0..9 = 0", "n: int in 0..9 as octal = 0"),
         "w.wg:5:14: error: 'as octal' spells an argument in commands; a state int has no spelling [WG306]"),
        (("n: int in 0..9 = 0", "n: text = 0"),
         "w.wg:5:14: error: 'text' values are unbounded, so they cannot be state; use an enum or a bounded int [WG405]"),
        (("action cat(f: file) \"cat {f}\" { }", "action cat(x: word) \"apt {x}\" { say \"{x}\"  if x == \"a\" { do n = 1 } }"),
         "w.wg:7:60: error: action 'cat' takes the word argument 'x', so it matches any word and may only 'say' things, "
         "not change the state with 'do' [WG307]"),
        (("action cat(f: file) \"cat {f}\" { }", "action cat(m: text) \"echo {m}\" { do n = if m == \"\" then 0 else 1 }"),
         "w.wg:7:46: error: 'm' holds typed text, which never enters the state, so it cannot be used in 'do' [WG307]"),
        (("action cat(f: file) \"cat {f}\" { }", "action cat(m: text) \"echo {m}\" { let k = m == \"\"  do n = if k then 0 else 1 }"),
         "w.wg:7:63: error: 'k' holds typed text, which never enters the state, so it cannot be used in 'do' [WG307]"),
        (("action cat(f: file) \"cat {f}\" { }", "action cat(m: text) \"echo -m={m}\" { }"),
         "w.wg:7:23: error: '-m={m}': a text argument must stand alone between spaces (the player types the quotes), "
         "as in \"note {m}\" [WG414]"),
        (("action cat(f: file) \"cat {f}\" { }", "action cat(m: text) \"echo {m}\" { }\n  action c(t: text) \"echo {t}\" { }"),
         "w.wg:8:21: error: command pattern \"echo {t}\" (action c) can match the same command as "
         "\"echo {m}\" (action cat, line 7) [WG415]"),
    ],
    ids=["touching", "argument-first", "stray-brace", "mixed-overlap", "octal-vs-decimal", "octal-vs-word",
         "two-catch-alls", "unknown-spelling", "state-spelling", "text-state", "catch-all-do", "text-in-do", "text-through-let", "text-in-word",
         "two-texts"],
)
def test_diagnostics(edit: tuple[str, str], expected: str) -> None:
    old, new = edit
    assert old in BASE
    assert _first_error(BASE.replace(old, new, 1)) == expected


@pytest.mark.parametrize(
    "patterns",
    [
        ('"cat {f}"', '"cat /var/log/{f}.log"'),  # a name cannot start with '/'
        ('"cat {f}"', '"cat {m}.x"'),  # a name cannot start with a digit... nor is an int '.'-free here
        ('"apt {f}"', '"apt {x}"'),  # a catch-all only answers what the table does not
        ('"git commit -m {t}"', '"git commit -m {x}"'),  # quoted text is tried before catch-alls
    ],
)
def test_patterns_of_different_kinds_or_shapes_do_not_clash(patterns: tuple[str, str]) -> None:
    first, second = patterns
    params = {"f": "f: file", "m": "m: int in 0..3", "x": "x: word", "t": "t: text"}
    arg = lambda p: next(v for k, v in params.items() if "{" + k + "}" in p)  # noqa: E731
    source = BASE.replace('action cat(f: file) "cat {f}" { }',
                          f"action a({arg(first)}) {first} {{ }}\n  action b({arg(second)}) {second} {{ }}")
    worldgen.loads(source, "w.wg")


OPENERS = """\
world keys {
  entity key grid(2, 2)
  state { lit: set<key> = {}  last: int in 0..9 = 0 }
  action press(c: key) "{c}" { do lit += c }
  action dial(n: int in 0..9) "{n}" { do last = n }
  observe "{lit} {last}"
}
"""


def test_a_command_may_be_just_a_cell_or_a_number() -> None:
    env = worldgen.loads(OPENERS, "keys.wg").instantiate({}).env()
    env.reset()
    assert [env.step(c)[0] for c in ("b2", "7", "a1")] == ["b2 0", "b2 7", "a1, b2 7"]


@pytest.mark.parametrize(("extra", "clash"), [
    ('action bingo "b2" { }', '"b2" (action bingo) can match the same command as "{c}" (action press, line 4)'),
    ('action lucky "7" { }', '"7" (action lucky) can match the same command as "{n}" (action dial, line 5)'),
    ('action pick(m: int in 3..5) "{m}" { }', '"{m}" (action pick) can match the same command as "{n}" (action dial, line 5)'),
])
def test_a_typed_opener_that_meets_another_command_is_a_located_clash(extra: str, clash: str) -> None:
    source = OPENERS.replace('  observe', f"  {extra}\n  observe")
    with pytest.raises(DiagnosticError) as err:
        worldgen.loads(source, "keys.wg")
    [d] = err.value.diagnostics
    assert (d.code, d.span.line) == ("WG415", 6) and clash in d.message
