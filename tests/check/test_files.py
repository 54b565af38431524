"""The files block: what it desugars to, and a located error for each way to get it wrong."""

from __future__ import annotations

import pytest

from worldgen.errors import DiagnosticError
from worldgen.frontend import compile_source

HEAD = """world t {
  entity svc[2]
  state { seen: set<svc> = {}  port: int in 1..3 = 1  mode: int in 0..511 = 416 }
"""
TAIL = """
  action restart(s: svc) "systemctl restart {s}" { say "ok" }
  done when port == 3
}
"""
GOOD = """  files {
    home "/home/ops"
    env EDITOR = "vi"
    dir "/srv/www"
    file log(s: svc) "/var/log/{s}.log" {
      text "started {s}\\n"
      mode 0o640
      owner "syslog"
      when read { do seen += s }
    }
    file conf "/etc/app.conf" {
      text "port={port}\\n"
      mode mode
      when write "port={p}" | "listen={p}" (p: int in 1..3) { do port = p }
      when chmod (m: int in 0..511 as octal) { do mode = m }
      invalid "app: bad config"
    }
    program systemctl "control services" { flag "-q --quiet"  value "-u --unit" }
  }"""


def errors(files: str) -> list[str]:
    with pytest.raises(DiagnosticError) as caught:
        compile_source(HEAD + files + TAIL, "t.wg")
    return [f"{d.code} {d.span.line}:{d.span.col} {d.message}" for d in caught.value.diagnostics]


def test_files_become_defs_actions_and_a_terminal_record() -> None:
    ir, warnings = compile_source(HEAD + GOOD + TAIL, "t.wg")
    actions = {a.name: a.patterns for a in ir.actions}
    assert actions["read_log"] == ("cat /var/log/{s}.log",)
    assert actions["write_conf"] == ("printf '%s\\n' 'port={p}' > /etc/app.conf", "printf '%s\\n' 'listen={p}' > /etc/app.conf")
    assert actions["chmod_conf"] == ("chmod {m} /etc/app.conf",)
    assert {f.name for f in ir.functions} >= {"file_log_path", "file_log_text", "file_log_mode", "file_log_owner",
                                               "file_conf_text", "file_conf_mode"}
    t = ir.terminal
    assert t is not None and (t.home, t.env, t.dirs) == ("/home/ops", (("EDITOR", "vi"),), ("/srv/www",))
    log, conf = t.files
    assert (log.path, log.props, log.hooks) == ("/var/log/{s}.log", ("text", "mode", "owner"), ("read",))
    assert (conf.writes, conf.invalid, conf.hooks) == (("port={p}", "listen={p}"), True, ("write", "chmod"))
    assert t.programs[0].flags == (("-q", "--quiet"),) and t.programs[0].values == (("-u", "--unit"),)


def test_a_scaffold_without_files_has_no_terminal_and_the_same_ir() -> None:
    ir, _ = compile_source(HEAD + TAIL, "t.wg")
    assert ir.terminal is None and "terminal" not in ir.to_json()


def test_the_blocks_words_stay_free_as_names() -> None:
    ir, _ = compile_source("""world w {
  state { text: int in 0..2 = 0  mode: int in 0..2 = 0  read: bool = false  on: bool = false  files: int in 0..1 = 0 }
  action a "a" { do text = 1, read = true, on = true }
  done when text == 1 and mode == 0 and read and on and files == 0
}""", "w.wg")
    assert [v.name for v in ir.state] == ["text", "mode", "read", "on", "files"]


@pytest.mark.parametrize("files, expected", [
    ('  fils { home "/root" }', "WG610 4:3 unknown declaration 'fils'; did you mean 'files'?"),
    ('  files { hom "/root" }', "WG611 4:11 unknown setting 'hom'"),
    ('  files { cwd "srv" }', "WG602 4:15 'cwd' must be an absolute path"),
    ('  files { file x "etc/x" { text "" } }', "WG602 4:18 file 'x' needs an absolute path"),
    ('  files { file x "/srv/../../tmp/x" { text "" } }', "WG602 4:18 file 'x' needs an absolute path with no '.' or '..' part"),
    ('  files { cwd "/srv/./x" }', "WG602 4:15 'cwd' must be an absolute path with no '.' or '..' part"),
    ('  files { file x "/x" { mode 0o600 } }', "WG603 4:16 file 'x' needs a 'text'"),
    ('  files { file x "/x" { text "" mode 0640 } }', "WG608 4:38 '0640' is the decimal number 640; write octal modes as 0o640"),
    ('  files { file x "/x" { text 3 } }', "WG607 4:30 the text of file 'x' must be text, not an int"),
    ('  files { file x "/x" { text "" when red { } } }', "WG612 4:38 unknown hook 'when red'; did you mean 'read'?"),
    ('  files { file x "/x" { text "" when rm { } when rm { } } }', "WG604 4:50 file 'x' has more than one 'when rm'"),
    ('  files { file x "/x" { text "" when chmod { } } }', "WG605 4:38 'when chmod' takes 1 typed value(s)"),
    ("  files { file x \"/x\" { text \"\" when write \"a' b\" { } } }", "WG606 4:44 a written text cannot contain a single quote"),
    ('  files { folder x "/x" { } }', "WG611 4:11 unknown item 'folder'"),
    ('  files { program git { flag "-x --" } }', "WG609 4:30 '--' is not an option name"),
    ('  files { home "/a" } files { home "/b" }', "WG601 4:23 a world has one 'files' block"),
])
def test_each_mistake_is_a_located_error(files: str, expected: str) -> None:
    found = errors(files)
    assert any(e.startswith(expected) for e in found), found


@pytest.mark.parametrize("command", ["./deploy.sh", "/opt/app/deploy.sh run", "../../../tmp/x", "bin/tool {s}"])
def test_a_command_that_starts_with_a_path_is_refused(command: str) -> None:
    """The real shell runs each world program from a folder on PATH, so a command's first word is a
    name: a path there would be a file written outside that folder (or a program nobody can call)."""
    found = errors(GOOD + f'\n  action run(s: svc) "{command}" {{ }}\n  axis a {{ x {{}}  y {{ rename restart "/sbin/x {{s}}" }} }}')
    first = command.split()[0]
    assert [e for e in found if e.startswith("WG614")] == [
        f"WG614 23:22 a terminal world's command starts with a program's name, which the shell finds on PATH, not with a "
        f"path: '{first}' (call it '{first.rsplit('/', 1)[-1]}')",
        "WG614 24:37 a terminal world's command starts with a program's name, which the shell finds on PATH, not with a "
        "path: '/sbin/x' (call it 'x')"]


def test_the_path_of_a_file_with_hooks_names_only_the_files_parameters() -> None:
    """Its hooks' commands hold the path, and a command's braces are its arguments."""
    assert errors('  files { file conf "/etc/{port}.conf" { text "" when read { } } }') == [
        "WG615 4:21 file 'conf' has hooks, whose commands hold its path, so the path may name only the file's own "
        "parameters (it has none), not '{port}': write the path out, or give the file a parameter over an entity "
        '(file log(s: svc) "/var/log/{s}.log")']
    ir, _ = compile_source(HEAD + '  files { file conf "/etc/{port}.conf" { text "" } }' + TAIL, "t.wg")  # no hooks: a template
    assert ir.terminal is not None


def test_a_program_with_a_dash_in_its_name_is_declared_quoted() -> None:
    ir, _ = compile_source(HEAD + '  files { program "apt-get" "APT" { flag "-y --yes" } }' + TAIL, "t.wg")
    assert ir.terminal is not None and ir.terminal.programs[0].name == "apt-get"
    assert any(e.startswith("WG611 4:19 'x y' cannot be quoted here") for e in errors('  files { program "x y" { } }'))
    assert any(e.startswith("WG611 4:16 'k' cannot be quoted here") for e in errors('  files { file "k" { } }'))


@pytest.mark.parametrize("matching, expected", [
    ('matching "port=(\\\\d+"', "WG613 4:82 the regular expression does not compile"),
    ('matching "port=(?P<q>\\\\d+)"', "WG613 4:82 the regular expression must name a group (?P<name>...) for each typed value (p)"),
    ('matched "port=(?P<p>\\\\d+)"', "WG613 4:81 'matched' does not belong here"),
    ('matching "(?P<p>(1|11)+)x"', "WG613 4:82 the regular expression is refused: nested repetition such as (a+)+ can take "
     "exponential time on what an agent writes"),
    ('matching "' + "1?" * 20 + "1" * 20 + '(?P<p>\\\\d)"', "WG613 4:82 the regular expression is refused: so many optional"),
])
def test_a_matching_expression_names_exactly_the_hooks_values(matching: str, expected: str) -> None:
    found = errors('  files { file c "/c" { text ""  when write "port={p}" (p: int in 1..3) ' + matching + " { } } }")
    assert any(e.startswith(expected) for e in found), found


@pytest.mark.parametrize("word", ["rename", "also"])
def test_a_files_hook_cannot_be_rephrased_by_an_axis(word: str) -> None:
    """The shell runs a hook when a line touches the file: a phrasing of its own passed check, the
    checker took it for a command, and every compiled draw failed its oracle replay."""
    found = errors('  files { file c "/c" { text "p=1"  when write "p={p}" (p: int in 1..3) { } } }\n'
                   f'  axis interface {{ plain {{}}  terse {{ {word} write_c "w {{p}}" }} }}')
    assert any(e.startswith(f"WG616 5:{38 + len(word) + 1} 'write_c' is a file's hook: the shell runs it when a line does it to the file "
                            f"(cat, a write, rm, chmod, chown), so no command of its own can '{word}' it") for e in found), found


def test_a_terminal_worlds_commands_differ_by_case_as_its_shell_takes_them() -> None:
    """`sshd -t` and `sshd -T` are two options: WG415 called them one command."""
    ir, _ = compile_source(HEAD + '  files { program sshd { flag "-t"  flag "-T" } }\n'
                           '  action test "sshd -t" { }\n  action dump "sshd -T" { }' + TAIL, "t.wg")
    assert [a.patterns for a in ir.actions if a.name in ("test", "dump")] == [("sshd -t",), ("sshd -T",)]


def test_elsewhere_commands_still_match_whatever_their_case() -> None:
    with pytest.raises(DiagnosticError, match="can match the same command as"):
        compile_source('world w {\n  state { n: int in 0..1 = 0 }\n  action a "look" { }\n  action b "LOOK" { }\n'
                       '  done when n == 1\n}\n', "w.wg")


def test_a_hooked_files_path_names_each_value_once() -> None:
    """`/var/log/{s}/{s}.log` was WG407 about `chmod {m} /var/log/{s}/{s}.log`, a pattern nobody wrote."""
    found = errors('  files { file log(s: svc) "/var/log/{s}/{s}.log" { text ""  when read { } } }')
    assert [e.split(" ", 2)[0] for e in found] == ["WG615"], found
    assert "'{s}' is in the path twice; name it once" in found[0]
