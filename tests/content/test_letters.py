"""The letters of a word as a sequence: a Wordle-like world reads its clues from the names its
content gives (``letters(w)``), so procedurally generated words build worlds that verify; listing
each word's letters as separate content fields could not (the provider fills them at random)."""

from __future__ import annotations

from pathlib import Path

import worldgen
from worldgen.compiler.packs import read_pack
from worldgen.compiler.seeds import compile_seed
from worldgen.compiler.suite import Spec
from worldgen.content import ContentOptions, generate_pack
from worldgen.verify import Bounds

WORDLE = Path(__file__).with_name("wordle.wg")


def clue(guess: str, secret: str) -> str:
    """The clue the rules should give, written out by hand."""
    return "".join(g.upper() if g == s else g if g in secret else "." for g, s in zip(guess, secret))


def test_a_clue_marks_letters_in_place_elsewhere_and_absent() -> None:
    words = ["crane", "slate", "trace", "brick", "plumb", "ghost", "nymph", "fjord"]
    world = worldgen.load(WORDLE).instantiate({"words": words}, seed=0)
    secret = world.entities["word"][world.initial_state["secret"]]
    env = world.env()
    env.reset()
    for guess in ("crane", "ghost", secret):
        text, *_ = env.step(f"guess {guess}")
        assert text.endswith(f"{guess} {clue(guess, secret)}.")
    assert clue(secret, secret) == secret.upper()


def test_procedural_words_build_wordle_worlds_that_verify(tmp_path: Path) -> None:
    scaffold = worldgen.load(WORDLE)
    generate_pack(scaffold.ir, tmp_path / "pack", 3, ContentOptions(seed=0))
    records = tuple(read_pack(tmp_path / "pack"))
    spec = Spec(scaffold.ir, records, {}, Bounds(), 5)
    results = [compile_seed(spec, seed) for seed in range(3)]
    assert [r.artifact is not None for r in results] == [True, True, True], [r.line for r in results]
