"""Names people type in shell-like worlds: deploy.sh, nginx.log, my-branch; and the command words
they may not take, including the literal pieces of words that hold arguments."""

from __future__ import annotations

import worldgen
from worldgen.content import Validator
from worldgen.content.names import command_words
from worldgen.content.providers.procedural import ProceduralProvider

SHELL = """\
world shell {
  content { file: list(3) of word(unique) "a file name"  branch: list(2) of { name: word(unique) } }
  entity file[3] named content.file
  entity branch[2] named content.branch.name
  state { at: branch = branch[0] }
  action tail(f: file) "cat /var/log/{f}.log" | "./{f}" { say "{f}" }
  action checkout(b: branch) "git checkout {b}" { do at = b }
  action ls "ls -la /tmp" { }
  action apt(name: word) "apt install {name}" { say "no {name}" }
}
"""


def _ir():  # the checked IR of SHELL
    return worldgen.loads(SHELL, "shell.wg").ir


def _rules(record: dict) -> list[tuple[str, str]]:
    return [(v.pointer, v.rule.split(":", 1)[0]) for v in Validator(_ir()).check(record, "r")[1]]


def test_command_words_include_the_literal_pieces_of_words_with_arguments() -> None:
    assert command_words(_ir()) == {"cat", "var", "log", "git", "checkout", "ls", "-la", "la", "/tmp", "tmp", "apt", "install"}


def test_names_with_dots_dashes_and_slashes_are_valid() -> None:
    record = {"file": ["nginx.log", "deploy.sh", "src/main.py"], "branch": [{"name": "my-branch"}, {"name": "main"}]}
    assert _rules(record) == []


def test_a_name_equal_to_a_command_word_or_malformed_is_refused() -> None:
    record = {"file": ["log", "deploy.sh", "src//main.py"], "branch": [{"name": "my-branch"}, {"name": "Main"}]}
    assert _rules(record) == [
        ("/branch/1/name", "typeable"),
        ("/file/2", "typeable"),
        ("/file/0", "command-word"),
    ]


def test_procedural_names_are_valid_and_avoid_the_command_pieces() -> None:
    ir = _ir()
    provider = ProceduralProvider(ir, Validator(ir), seed=3)
    outcomes = [provider.make(i) for i in range(100)]
    assert [o.violations for o in outcomes if o.record is None] == []
    words = command_words(ir)
    assert not any(name in words for o in outcomes for name in o.record["file"])  # type: ignore[index]


def test_a_world_with_such_names_plays() -> None:
    record = {"file": ["nginx.log", "deploy.sh", "src/main.py"], "branch": [{"name": "my-branch"}, {"name": "main"}]}
    env = worldgen.loads(SHELL, "shell.wg").instantiate(record, seed=0).env()
    env.reset()
    assert env.step("git checkout main")[4]["valid"] and env.state()["at"] == 1
    assert env.step("./src/main.py")[0] == "src/main.py"
    assert env.step("apt install vim")[0] == "no vim"
