"""ShellText holds any string up to its cap (a shell prints and takes any character) and samples
short strings of its charset."""

from __future__ import annotations

import numpy as np
import pytest
from gymnasium.spaces import Text

from worldgen.adapters.shelltext import ShellText

CHARSET = frozenset("abc ")


def test_any_character_up_to_the_cap_is_inside() -> None:
    space = ShellText(10, charset=CHARSET, sample_length=4)
    assert "☃ ü\x1b東" in space and "" in space and "x" * 10 in space
    assert "x" * 11 not in space and b"abc" not in space and 3 not in space


def test_samples_are_of_the_charset_and_at_most_the_sample_length() -> None:
    space = ShellText(1 << 20, charset=CHARSET, sample_length=6, seed=0)
    samples = [space.sample() for _ in range(200)]
    assert all(len(s) <= 6 and set(s) <= CHARSET and s in space for s in samples)
    assert {len(s) for s in samples} == set(range(7))


def test_a_given_length_or_character_mask_is_gymnasiums() -> None:
    space = ShellText(100, charset=CHARSET, sample_length=3, seed=0)
    only_a = np.array([0, 1, 0, 0], dtype=np.int8)  # the charset sorted: " ", "a", "b", "c"
    assert space.sample(mask=(50, None)).__len__() == 50
    assert set(space.sample(mask=(None, only_a))) <= {"a"} and len(space.sample(mask=(None, only_a))) <= 3
    assert space.sample(probability=(20, np.array([0, 0, 1.0, 0]))) == "b" * 20
    with pytest.raises(ValueError, match="Only one of"):
        space.sample(mask=(1, None), probability=(1, None))


def test_it_equals_only_a_shell_text_of_the_same_bounds() -> None:
    space = ShellText(10, charset=CHARSET, sample_length=4)
    assert space == ShellText(10, charset=CHARSET, sample_length=4)
    assert space != ShellText(10, charset=CHARSET, sample_length=5)
    assert space != Text(10, min_length=0, charset=CHARSET) and Text(10, min_length=0, charset=CHARSET) != space
