"""The fidelity corpus: command lines drawn from a world's own files, programs and writes, the
same for the same seed, so any terminal world (one written here, never seen by the corpus) is
covered without hand work."""

from __future__ import annotations

import worldgen
from tests.terminal.test_episode import SOURCE
from worldgen.seeding import rng
from worldgen.terminal.corpus import FAMILIES, MISTAKES, Scene, corpus, scene


def ops_scene() -> Scene:
    env = worldgen.loads(SOURCE, "ops.wg").instantiate({}, seed=0).env()
    env.reset(seed=0)
    return scene(env._terminal)  # noqa: SLF001


def test_the_scene_is_read_from_the_world_itself() -> None:
    s = ops_scene()
    assert {"/var/log/svc1.log", "/var/log/svc2.log", "/etc/app.conf"} <= set(s.files)
    assert "systemctl" in s.programs
    assert any(c.startswith("systemctl restart") for c in s.commands)
    assert s.writes and all(w.endswith(" > /etc/app.conf") for w in s.writes)
    assert "started" in s.words["/var/log/svc1.log"]


def test_the_same_seed_draws_the_same_lines_and_another_seed_others() -> None:
    s = ops_scene()
    assert corpus(s, 60, seed=3) == corpus(ops_scene(), 60, seed=3)
    assert corpus(s, 60, seed=3) != corpus(s, 60, seed=4)
    assert len(corpus(s, 60, seed=3)) >= 60


def test_lines_cover_the_files_the_programs_the_writes_and_mistakes() -> None:
    s = ops_scene()
    lines = corpus(s, 400, seed=0)
    assert any(f in line for line in lines for f in s.files)
    assert any(line.split()[0] == "systemctl" for line in lines)
    assert any(line in s.commands for line in lines)
    assert any(line in s.writes for line in lines)
    assert any(line in MISTAKES for line in lines)
    assert any(line.startswith("cd ") for line in lines) and any("*" in line for line in lines)


def test_every_family_draws_lines_for_a_world_with_files_programs_and_writes() -> None:
    s = ops_scene()
    for family, _ in FAMILIES:
        assert family(s, rng(0, "test")), family.__name__
    assert len(set(corpus(s, 400, seed=1))) > 100  # varied, not one line repeated


def test_a_world_without_readable_files_has_no_corpus() -> None:
    empty = Scene((), {}, (), (), (), ())
    assert corpus(empty, 10, seed=0) == []
