"""One seeds convention: ``A:B``, a count ``N``, a range or a list mean the same seeds everywhere."""

import pytest

from worldgen.seed_ranges import INT64_MAX, parse_seeds, seed_range


@pytest.mark.parametrize("value", ["0:4", "4", 4, range(4), [0, 1, 2, 3]])
def test_every_spelling_of_the_first_four_seeds_names_them(value) -> None:
    assert list(parse_seeds(value)) == [0, 1, 2, 3]


def test_ranges_keep_their_start_and_lists_their_order() -> None:
    assert parse_seeds("7:9") == range(7, 9)
    assert parse_seeds(range(2, 10, 4)) == range(2, 10, 4)
    assert parse_seeds([5, 2]) == (5, 2)


@pytest.mark.parametrize("value, says", [
    ("x", "must look like A:B (seeds A..B-1) or N (seeds 0..N-1), not 'x'"),
    ("5:5", "5:5: need 0 <= A < B"),
    ("-1:3", "-1:3: need 0 <= A < B"),
    (0, "0: need 1 <= N"),
    ("0", "0: need 1 <= N"),
    (f"0:{INT64_MAX + 1}", f"0:{INT64_MAX + 1}: need 0 <= A < B <= {INT64_MAX:_}"),
    ([1, 1], "repeats a seed"),
    ([], "need a non-empty list"),
    ([0.5], "need a non-empty list of whole numbers"),
    (True, "not True"),
    (None, "a range or a list of seeds, not None"),
])
def test_anything_else_is_a_value_error_saying_what_is_wrong(value, says) -> None:
    with pytest.raises(ValueError, match="^.*" + __import__("re").escape(says)):
        parse_seeds(value)


def test_a_compiled_suite_needs_consecutive_seeds() -> None:
    assert seed_range([3, 4, 5]) == range(3, 6)
    assert seed_range("2") == range(0, 2)
    with pytest.raises(ValueError, match="need consecutive seeds"):
        seed_range([1, 3])
