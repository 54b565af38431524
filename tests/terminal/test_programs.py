"""A program's `text` argument reaches the world however the shell left it: the shell takes the
quotes off, so a one-word message (`git commit -m wip`, the listed `-m "..."`) is still the text."""

from __future__ import annotations

import pytest

import worldgen

WORLD = """world t {
  state { commits: int in 0..3 = 0 }
  files { file readme "/root/README" { text "hi\\n" } }
  action commit(msg: text) "git commit -m {msg}" { do commits = min(commits + 1, 3)  say "[main] {msg}" }
  action unknown(name: word) "apt install {name}" { say "E: Unable to locate package {name}" }
  done when commits == 3
}"""


@pytest.mark.parametrize("line, said", [
    ('git commit -m "fix the parser"', "[main] fix the parser"),
    ("git commit -m 'fix it'", "[main] fix it"),
    ("git commit -m wip", "[main] wip"),
    ('git commit -m "wip"', "[main] wip"),
    ('git commit -m "..."', "[main] ..."),
    ("apt install cowsay", "E: Unable to locate package cowsay"),
])
def test_text_and_word_arguments_match_as_typed_in_the_shell(line: str, said: str) -> None:
    env = worldgen.loads(WORLD, "t.wg").instantiate({}, seed=0).env()
    env.reset(seed=0)
    obs, *_ = env.step(line)
    assert obs.strip() == said


def test_a_world_program_named_like_a_tool_that_runs_commands_falls_back_to_it_whole() -> None:
    import worldgen

    world = worldgen.loads("""world f {
  state { x: bool = false }
  files { file a "/srv/a.txt" { text "a\\n" } }
  action special "find --special" { do x = true  say "special" }
  observe ""
  done when x
}""", "f.wg").instantiate({}, seed=0)
    env = world.env()
    env.reset(seed=0)
    assert env.step("find /srv -name '*.txt' -exec cat {} \\;")[0] == "a"
    assert env.step("find /srv -type f | xargs wc -l")[0] == "1 /srv/a.txt"
    assert env.step("find --special")[0] == "special"
