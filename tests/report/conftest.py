"""A hand-made tiny suite whose report numbers can be worked out by hand.

``tally``: add one pebble at a time until the tally shows the target (2 or 3, a param); ``drop``
empties the tally; two boxes (entities, named by content) can be opened to no effect. Seeds 0..5
draw target 2, 3, 3, 3, 3, 2 and interface terse, terse, verbs, verbs, verbs, verbs, so the
shortest solutions are 2, 3, 3, 3, 3, 2 steps and the oracle's returns 0.8 or 0.7 (-0.1 a step).
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

import worldgen
from worldgen.compiler.executors import LocalExecutor
from worldgen.compiler.suite import Spec, compile_suite
from worldgen.rollouts.policies import make_policy
from worldgen.rollouts.runner import run
from worldgen.rollouts.sources import open_entries
from worldgen.verify import Bounds

TALLY = """
world tally {
  title "Tally"
  instruction "Stack {content.thing} until the tally shows the target."
  param target: int in 2..3
  content {
    thing: word "what is counted"
    box: list(2) of { name: word(unique) "a box" }
  }
  entity box[2] named content.box.name
  state {
    n: int in 0..4 = 0
    open: box = box[0]
  }
  action add "add" { when n < 4  do n += 1 }
  action drop "drop" { when n > 0  do n = 0 }
  action swap(b: box) "open {b}" { when open != b  do open = b }
  invalid "Nothing happens."
  observe "The tally shows {n}."
  reward 1 when n == target
  reward -0.1 per step
  done when n == target
  horizon 8
  expect solvable within 5
  expect unsolved at start
  axis interface { verbs {} terse { rename add "a" } }
}
"""
RECORD = {"thing": "pebbles", "box": [{"name": "red"}, {"name": "blue"}]}


@pytest.fixture(scope="session")
def tally_suite(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("tally") / "suite"
    compile_suite(Spec(worldgen.loads(TALLY, "tally.wg").ir, (("rec", RECORD),), {}, Bounds(), 5), range(0, 6), out,
                  LocalExecutor(1))
    return out


@pytest.fixture(scope="session")
def tally_rollouts(tally_suite: Path, tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    """Oracle and random, 3 episodes per world, one file each."""
    folder = tmp_path_factory.mktemp("rollouts")
    files = []
    for policy in ("oracle", "random"):
        out = folder / f"{policy}.jsonl"
        asyncio.run(run(open_entries(tally_suite), make_policy(policy), out, episodes=3))
        files.append(out)
    return files
