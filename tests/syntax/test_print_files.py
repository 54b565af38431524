"""The source printer on a ``files { ... }`` block: canonical layout (one item per line, one
clause per line, hook bodies printed as action bodies), comments and blank lines where the author
put them, and printing keeps the AST and the checked IR and is a fixed point.

Every source in this module that starts with ``world`` also joins the printer's corpus
(tests/syntax/corpus.py), so the commented-scaffold property of test_printer.py runs on them too."""

from __future__ import annotations

import pytest

from tests.syntax.test_printer import checked_ir, shape
from worldgen.syntax.parser import parse
from worldgen.syntax.printer import format_source, print_world

TERMINAL = '''\
world t {
  entity svc[2]
  state { read: set<svc> = {}  port: int in 1..3 = 1 }
  files {
    home "/root"
    env EDITOR = "vi"
    dir "/srv"
    file log(s: svc) "/var/log/{s}.log" {
      text "hello {s}\\n"
      mode 0o640
      owner "syslog"
      when read { do read += s }
    }
    file conf "/etc/app.conf" {
      text "port={port}\\n"
      when write "port={p}" (p: int in 1..3) { do port = p }
      invalid "app: bad config"
    }
    program systemctl "control services" { flag "-q --quiet"  value "-u --unit" }
  }
  action restart(s: svc) "systemctl restart {s}" { say "ok" }
  done when port == 3
}
'''

TERMINAL_CANONICAL = '''\
world t {
  entity svc[2]
  state {
    read: set<svc> = {}
    port: int in 1..3 = 1
  }
  files {
    home "/root"
    env EDITOR = "vi"
    dir "/srv"
    file log(s: svc) "/var/log/{s}.log" {
      text "hello {s}\\n"
      mode 0o640
      owner "syslog"
      when read {
        do read += s
      }
    }
    file conf "/etc/app.conf" {
      text "port={port}\\n"
      when write "port={p}" (p: int in 1..3) {
        do port = p
      }
      invalid "app: bad config"
    }
    program systemctl "control services" {
      flag "-q --quiet"
      value "-u --unit"
    }
  }
  action restart(s: svc) "systemctl restart {s}" {
    say "ok"
  }
  done when port == 3
}
'''

COMMENTED = '''\
world t {
  entity svc[2]
  state { read: set<svc> = {}  port: int in 1..3 = 1  key: int in 0..7 = 0 }
  # the file tree
  files {  # opens the block
    # settings first
    home "/root"   # the agent's home
    env EDITOR = "vi"

    dir "/srv"
    file log(s: svc) "/var/log/{s}.log" {  # one log per service
      # what cat shows
      text "hello {s}\\n"
      mode 0o640  # rw-r-----

      owner "syslog"
      when read {
        # reading marks it read
        do read += s  # a set
      }
      # after the hooks
    }
    file key "/etc/key" { text "k"  when chmod (m: int in 0..7) { do key = m }  # a mode
      exists when key != 7 when rm { do key = 7 } }
    program systemctl {
      flag "-q --quiet"  # quiet
      value "-u --unit"     # which unit
    }
    # end of the files
  }
  action restart(s: svc) "systemctl restart {s}" { say "ok" }
  done when port == 3
}
'''

COMMENTED_CANONICAL = '''\
world t {
  entity svc[2]
  state {
    read: set<svc> = {}
    port: int in 1..3 = 1
    key: int in 0..7 = 0
  }
  # the file tree
  files {  # opens the block
    # settings first
    home "/root"  # the agent's home
    env EDITOR = "vi"

    dir "/srv"
    file log(s: svc) "/var/log/{s}.log" {  # one log per service
      # what cat shows
      text "hello {s}\\n"
      mode 0o640  # rw-r-----

      owner "syslog"
      when read {
        # reading marks it read
        do read += s  # a set
      }
      # after the hooks
    }
    file key "/etc/key" {  # a mode
      text "k"
      when chmod (m: int in 0..7) {
        do key = m
      }
      exists when key != 7
      when rm {
        do key = 7
      }
    }
    program systemctl {
      flag "-q --quiet"  # quiet
      value "-u --unit"  # which unit
    }
    # end of the files
  }
  action restart(s: svc) "systemctl restart {s}" {
    say "ok"
  }
  done when port == 3
}
'''

NESTED = '''\
world t {
  entity svc[3]
  state { up: set<svc> = {}  port: int in 1..9 = 1  log: list<int in 0..9> max 3 = [] }
  files {
    file conf(s: svc) "/etc/{s}.conf" {
      text if s in up and port > 1 and port < 9 and port != 4 then "port={port}\\nstate=up\\nmode=strict\\n" else "down\\n"
      exists when s in up or port == 1 or port == 2 or port == 3 or port == 5 or port == 7 or port == 8 or port == 9
      when write "port={p}" | "p={p}" | "listen={p}" | "listen-port={p}" | "bind={p}" | "address=*:{p}" (p: int in 1..9) {
        when s in up else "conf: the service is down, start it first"
        let q = p + 1
        if p == 1 { do port = p } else if p == 2 { say "two" if q > 2 { do up -= s } } else {
          chance(1/2) { do port = p } else { for t in svc { if t != s { do up += t } } }
        }
        do log = log[1..] + [p]
      }
      when rm { }
      when chmod (m: int in 0..0o777) { say "no" }
    }
  }
  action start(s: svc) "systemctl start {s}" { do up += s }
  done when port == 9
}
'''

EVERY_SOURCE = {"terminal": TERMINAL, "commented": COMMENTED, "nested": NESTED}


@pytest.mark.parametrize("name", sorted(EVERY_SOURCE))
def test_printing_a_files_block_keeps_the_ast_and_the_ir_and_is_a_fixed_point(name: str) -> None:
    source = EVERY_SOURCE[name]
    printed = format_source(source)
    assert shape(parse(printed)) == shape(parse(source))
    assert checked_ir(printed) == checked_ir(source)
    assert format_source(printed) == printed


@pytest.mark.parametrize("name", sorted(EVERY_SOURCE))
def test_the_files_blocks_here_check(name: str) -> None:
    """They are worlds the checker accepts, so the IR comparison above compares real IR."""
    assert isinstance(checked_ir(EVERY_SOURCE[name]), dict)


def test_a_files_block_prints_one_item_and_one_clause_per_line() -> None:
    assert format_source(TERMINAL) == TERMINAL_CANONICAL


def test_comments_and_blank_lines_stay_beside_their_items_and_clauses() -> None:
    """Own-line comments above the next item (or the closing brace), a trailing comment on the line
    of the first construct that starts on its source line (lined up in a run), one blank line where
    the author left one."""
    assert format_source(COMMENTED) == COMMENTED_CANONICAL


def test_long_clauses_wrap_within_the_width_and_hooks_print_as_action_bodies() -> None:
    lines = format_source(NESTED).splitlines()
    assert max(len(line) for line in lines) <= 100
    assert lines[9:16] == [
        "      text",
        "          if s in up",
        "              and port > 1",
        "              and port < 9",
        "              and port != 4 then \"port={port}\\nstate=up\\nmode=strict\\n\"",
        "          else \"down\\n\"",
        "      exists when",
    ]
    assert lines[24:34] == [
        "      when write",
        "          \"port={p}\"",
        "          | \"p={p}\"",
        "          | \"listen={p}\"",
        "          | \"listen-port={p}\"",
        "          | \"bind={p}\"",
        "          | \"address=*:{p}\" (p: int in 1..9) {",
        "        when s in up else \"conf: the service is down, start it first\"",
        "        let q = p + 1",
        "        if p == 1 {",
    ]
    assert "      when rm {}" in lines and "        } else if p == 2 {" in lines


def test_a_files_block_prints_without_its_source() -> None:
    """An AST built or edited in code: settings, then files and programs; properties, the invalid
    message, then hooks."""
    for source in EVERY_SOURCE.values():
        printed = print_world(parse(source))
        assert shape(parse(printed)) == shape(parse(source))
        assert "#" not in printed


def test_a_files_block_inside_an_axis_alternative_prints_as_a_block() -> None:
    source = ('world t {\n  state { n: int in 0..1 = 0 }\n  action a "a" { do n = 1 }\n'
              '  axis shell { none {} term { files { home "/root" } } }\n}\n')
    printed = format_source(source)
    assert "    term {\n      files {\n        home \"/root\"\n      }\n    }\n" in printed
    assert shape(parse(printed)) == shape(parse(source))
    assert format_source(printed) == printed


def test_words_the_checker_does_not_know_print_as_written() -> None:
    """The block's words are names: a misspelt one is the checker's to report, the printer keeps it."""
    source = 'world t {\n  filez { hme "/root"  env "x"  folder f "/f" { txt 1  when raed {} } }\n}\n'
    printed = format_source(source)
    assert printed == ('world t {\n  filez {\n    hme "/root"\n    env "x"\n    folder f "/f" {\n      txt 1\n'
                       '      when raed {}\n    }\n  }\n}\n')
    assert checked_ir(printed) == checked_ir(source)
