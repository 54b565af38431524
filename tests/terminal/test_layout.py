"""Building a terminal world's files from its IR refuses what `check` would have refused."""

from __future__ import annotations

import pytest

import worldgen
from worldgen.errors import InstantiationError, WorldgenError

SOURCE = """world mt {
  state { port: int in 1..3 = 1 }
  files {
    file conf "/etc/app.conf" {
      text "port={port}"
      when write "port={p}" (p: int in 1..3) matching "port=(?P<p>\\\\d+)" { do port = p }
    }
  }
  observe "port {port}"
  done when port == 2
}
"""


def test_an_exponential_matching_expression_in_an_unchecked_ir_is_refused_at_load() -> None:
    scaffold = worldgen.loads(SOURCE, "mt.wg")
    assert scaffold.instantiate({}, seed=0).env().reset()  # the checked one runs
    spec = scaffold.ir.terminal.files[0]
    bad = spec.model_copy(update={"matching": "port=(?P<p>(1|11)+)x"})
    ir = scaffold.ir.model_copy(update={"terminal": scaffold.ir.terminal.model_copy(update={"files": (bad,)})})
    with pytest.raises(WorldgenError, match=r"file conf: its matching expression is refused: nested repetition"):
        worldgen.Scaffold(ir).instantiate({}, seed=0).env()


def test_a_file_path_that_content_makes_climb_out_of_its_folder_is_refused_at_load() -> None:
    """`check` sees only the template; a record the content rules did not vet can fill the rest."""
    source = SOURCE.replace("state {", 'content { where: text(1..80) "a place" }\n  state {').replace(
        "  files {\n", '  files {\n    file note "/srv/{content.where}" { text "hi" }\n')
    scaffold = worldgen.loads(source, "mt.wg")
    assert scaffold.instantiate({"where": "notes/today"}, seed=0).env().reset()
    with pytest.raises(WorldgenError, match=r"file note: its path '/srv/../../tmp/x' must be absolute with no"):
        scaffold.instantiate({"where": "../../tmp/x"}, seed=0).env()


def _played(source: str, line: str) -> tuple[str, dict]:
    env = worldgen.loads(source, "w.wg").instantiate({}, seed=0).env()
    env.reset(seed=0)
    shown = env.step(line)[0]
    return shown, env.state()


def test_a_write_whose_binding_is_the_worlds_first_reaches_the_state() -> None:
    """Binding 0 was taken for "no binding" (`or`): `echo v=1 > /etc/app.conf` was always refused."""
    source = ('world w {\n  state { v: int in 1..2 = 2 }\n  files {\n    file conf "/etc/app.conf" {\n'
              '      text "v={v}\\n"\n      when write "v={p}" (p: int in 1..2) { do v = p }\n    }\n  }\n'
              '  observe ""\n  done when v == 1\n}\n')
    assert _played(source, "echo v=1 > /etc/app.conf; echo $?") == ("0", {"v": 1})


@pytest.mark.parametrize("line", [": > /var/log/app.log", "> /var/log/app.log", "cat /dev/null > /var/log/app.log"])
def test_a_file_that_may_only_be_emptied_takes_an_empty_write(line: str) -> None:
    """`when write ""` was never indexed (its printf line has no text before ' > '): every seed was rejected."""
    source = ('world w {\n  state { emptied: bool = false }\n  files {\n    file log "/var/log/app.log" {\n'
              '      text if emptied then "" else "line\\n"\n      when write "" { do emptied = true }\n    }\n'
              '    program systemctl { }\n  }\n  action st "systemctl status" { say "ok" }\n  observe ""\n'
              '  done when emptied\n}\n')
    assert _played(source, f"{line}; echo $?") == ("0", {"emptied": True})


def test_a_chown_whose_binding_is_the_worlds_first_reaches_the_state() -> None:
    source = ('world w {\n  enum who { carol, bob }\n  enum crew { web, devs }\n  state { owner: who = bob  group: crew = devs }\n'
              '  files {\n    file data "/srv/data.db" {\n      text "d\\n"\n      owner "{owner}"\n      group "{group}"\n'
              '      when chown (u: who, g: crew) { do owner = u, group = g }\n    }\n  }\n  observe ""\n'
              '  done when owner == carol\n}\n')
    assert _played(source, "chown carol:web /srv/data.db; echo $?") == ("0", {"owner": 0, "group": 0})


TWO_NOTES = SOURCE.replace("state {", 'content { a: word "a place"  b: word "another" }\n  state {').replace(
    "  files {\n", '  files {\n    file one "/srv/{content.a}/x.txt" { text "1" }\n    file two "/srv/{content.b}" { text "2" }\n')


def test_two_world_files_that_content_gives_one_path_are_refused_when_built() -> None:
    """Content words may hold '/', so two templates can meet; the second file would hide the first."""
    scaffold = worldgen.loads(TWO_NOTES, "mt.wg")
    assert scaffold.instantiate({"a": "app", "b": "web"}, seed=0).env().reset()
    with pytest.raises(InstantiationError, match=r"`file one` and `file two` have the same path '/srv/app/x.txt'"):
        scaffold.instantiate({"a": "app", "b": "app/x.txt"}, seed=0).env()


def test_a_world_file_whose_path_is_another_files_folder_is_refused_when_built() -> None:
    scaffold = worldgen.loads(TWO_NOTES, "mt.wg")
    with pytest.raises(InstantiationError, match=r"`file two` and `file one`: the path '/srv/app' of one is a folder "
                                                 r"of the other's '/srv/app/x.txt'"):
        scaffold.instantiate({"a": "app", "b": "app"}, seed=0).env()


def test_compile_rejects_the_seed_whose_files_collide_and_says_why(tmp_path) -> None:
    source = tmp_path / "mt.wg"
    source.write_text(TWO_NOTES, "utf-8")
    pack = tmp_path / "pack.json"
    pack.write_text('{"a": "app", "b": "app/x.txt"}', "utf-8")
    suite = worldgen.compile(source, tmp_path / "suite", range(1), pack=pack, progress=False)
    assert suite.accepted == 0
    rejected = (tmp_path / "suite" / "rejected.jsonl").read_text("utf-8")
    assert "have the same path '/srv/app/x.txt'" in rejected


def test_a_world_file_whose_path_is_a_folder_of_the_tree_is_refused_when_built() -> None:
    scaffold = worldgen.loads(TWO_NOTES.replace('"/srv/{content.b}"', '"/{content.b}"'), "mt.wg")
    with pytest.raises(InstantiationError, match=r"`file two`: its path '/tmp' is a folder of the world's tree"):
        scaffold.instantiate({"a": "app", "b": "tmp"}, seed=0).env()
