"""A set's runtime value is a bitmask: ``bits`` lists its members, ascending, and ``to_mask`` is its
inverse."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from worldgen.ir.values import bits, to_mask


def test_members_come_ascending() -> None:
    assert bits(0) == ()
    assert bits(0b1011) == (0, 1, 3)
    assert bits(1 << 63 | 1 << 2) == (2, 63)
    assert bits((1 << 1000) - 1) == tuple(range(1000))


@settings(max_examples=500, deadline=None, database=None)
@given(st.integers(min_value=0, max_value=(1 << 300) - 1))
def test_bits_and_to_mask_are_inverses(mask: int) -> None:
    assert bits(mask) == tuple(i for i in range(mask.bit_length()) if mask >> i & 1)
    assert to_mask(bits(mask)) == mask
