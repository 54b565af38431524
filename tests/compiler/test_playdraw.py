"""`play SCAFFOLD --seed N` re-draws a world a `require` refuses, as compile does, and says so."""

from __future__ import annotations

import pytest

import worldgen
from worldgen.compiler.artifact import sha256, world_canonical_json
from worldgen.compiler.playdraw import playable
from worldgen.compiler.seeds import compile_seed
from worldgen.compiler.suite import Spec
from worldgen.errors import InstantiationError
from worldgen.verify import Bounds

PICK = """world pick {
  entity box[4]
  state {
    prize: box = choice(box)
    at: box = box[0]
  }
  require prize != box[0] else "the prize starts where you stand"
  action go(b: box) "go {b}" { do at = b }
  observe "You are at {at}."
  reward 1 when at == prize
  done when at == prize
  horizon 6
}
"""


def test_a_refused_draw_is_drawn_again_and_play_gets_the_world_compile_accepts() -> None:
    ir = worldgen.loads(PICK, "pick.wg").ir
    said: list[str] = []
    world = playable(ir, {}, 6, None, None, said.append)
    assert said == ['seed 6 draw 1: require (line 7) does not hold: the prize starts where you stand; drawing again, as compile does',
                    'seed 6 draw 2: require (line 7) does not hold: the prize starts where you stand; drawing again, as compile does',
                    'playing draw 3 of seed 6']
    compiled = compile_seed(Spec(ir, (("none", {}),), {}, Bounds(), 5), 6)
    assert compiled.line["attempt"] == world.attempt == 2
    assert compiled.line["hashes"]["world"] == sha256(world_canonical_json(world))  # the very world compile accepts


def test_a_draw_no_require_refuses_is_played_silently() -> None:
    said: list[str] = []
    assert playable(worldgen.loads(PICK, "pick.wg").ir, {}, 1, None, None, said.append).attempt == 0
    assert said == []


def test_a_require_on_params_alone_is_not_redrawn_and_the_error_names_the_remedy() -> None:
    source = PICK.replace("entity box[4]", "param n: int in 2..4\n  entity box[n]").replace(
        'require prize != box[0] else "the prize starts where you stand"', 'require n > 3 else "too few boxes"')
    ir = worldgen.loads(source, "few.wg").ir
    with pytest.raises(InstantiationError, match=r"require \(line 8\) does not hold: too few boxes \(seed \d+, draw 1\); "
                                                 r"it reads only params.*--param NAME=VALUE"):
        playable(ir, {}, 0, None, {"n": 2}, lambda text: None)
