"""A union's value names in a built world: each variant's values in turn, a payload shown inside
its tag's parentheses and a tag without one by itself."""

from __future__ import annotations

from worldgen.compiler.unions import variant_names
from worldgen.ir import types as T
from worldgen.ir.models import Entity, Expr, Variant


def test_names_follow_the_variants_in_order_with_this_worlds_payload_names() -> None:
    place = Entity(name="place", count=Expr(op="lit", type=T.INT, value=5), names_from=(),
                   variants=(Variant(tag="floor", payload=T.entity("room")), Variant(tag="carried"),
                             Variant(tag="inside", payload=T.enum("box"))))
    tables = {("entity", "room"): ("hall", "attic"), ("enum", "box"): ("chest", "crate")}
    assert variant_names(place, lambda kind, name: tables[(kind, name)]) == [
        "floor(hall)", "floor(attic)", "carried", "inside(chest)", "inside(crate)"]
