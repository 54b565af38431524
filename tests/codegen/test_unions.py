"""Union values in generated code: a variant's values follow the previous variant's, so opening
one subtracts its offset, and opening the wrong variant is a rule error (the step is refused)."""

from __future__ import annotations

import pytest

from worldgen.codegen.exprs import RuleError
from worldgen.codegen.unions import _unwrap


def test_the_payload_is_the_value_less_the_variant_offset() -> None:
    # floor(room1..3) | inside(chest, crate) | carried: inside starts at 3 and has 2 values
    assert [_unwrap(v, 3, 2, "inside") for v in (3, 4)] == [0, 1]


@pytest.mark.parametrize("value", [0, 2, 5])
def test_a_value_of_another_variant_has_no_payload_of_this_one(value: int) -> None:
    with pytest.raises(RuleError, match=r"not inside\(\.\.\.\), so it holds no \.inside; test it first with 'is inside'"):
        _unwrap(value, 3, 2, "inside")
