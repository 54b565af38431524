"""The README's own promises. tests/docs/test_examples.py runs every README example as written
(its Python from a mirror of the repository root, its `worldgen` lines in a shell); these tests
add what running cannot see: the scaffold shown is the vault, and the transcript piped into
`worldgen play` names units its world really has, and reaches the goal."""

from __future__ import annotations

import shlex

import worldgen
from tests.conftest import ROOT, example_record
from tests.docs.markdown import page_blocks, shell_lines

README = page_blocks("README.md")


def test_the_scaffold_example_is_the_vault() -> None:
    first, *others = [b for b in README if b.kind == "wg"]
    assert worldgen.loads(first.text, "README.wg").name == "vault"
    assert [worldgen.loads(b.text, "README.wg").ir.terminal is not None for b in others] == [True]  # a terminal world


def test_the_play_transcript_is_played_to_the_goal_in_its_world() -> None:
    (line,) = [line for b in README if b.kind == "sh" for line in shell_lines(b) if "| worldgen play " in line]
    printf, play = (shlex.split(part) for part in line.split(" | "))
    commands = printf[1].split("\\n")[:-1]
    path, options = play[2], dict(zip(play[3::2], play[4::2], strict=True))
    assert set(options) <= {"--seed", "--axis"}, "one --axis at most: extend this parser"
    seed, (axis, value) = int(options.get("--seed", 0)), options["--axis"].split("=")
    scaffold = worldgen.load(ROOT / path)
    world = scaffold.instantiate(content=example_record(scaffold.name), seed=seed, axes={axis: value})
    env = world.env()
    _, info = env.reset(seed=seed)
    for command in commands:
        _, _, terminated, _, info = env.step(command)
        assert info["valid"], f"`{command}` is not a command of this world (its entities: {world.entities})"
    assert terminated and info["success"]
