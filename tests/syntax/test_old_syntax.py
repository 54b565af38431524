"""Scaffolds written before Language 2 keep their exact IR.

Language 2 added constructs, IR fields and code paths, and promised that everything written for
the first language still means what it did. The strongest form of that promise is byte-equal IR:
the IR is what every later stage reads (rules, artifacts, the hashes in suite indexes), so a
scaffold whose IR is unchanged cannot behave differently.

The pinned sha256 values below are those of ``Scaffold.ir.to_json()``. For the kitchen sink and
the three first-language scaffolds in ``old_syntax/`` (``scaffolds/{vault,services,ledger}.wg`` as
of commit 006e19c, the last one before Language 2), they were computed with the compiler of that
commit and are unchanged by Language 2. The shipped scaffolds have since been rewritten with
Language 2 constructs (def, let, triple-quoted text); their values pin today's IR.

If one of these tests fails, the compiler now produces a different IR for a scaffold that did not
change: that breaks the compatibility promise unless it is deliberate (then update the constant,
and regenerate the artifacts ``tests/golden`` pins, in the same change). A deliberate edit of a
shipped scaffold also changes its value here.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

import worldgen
from tests.syntax.test_parser import KITCHEN_SINK

HERE = Path(__file__).parent
ROOT = HERE.parents[1]

SINK_IR_SHA256 = "499413871e53f24a66a77227469840b8a888dcff1e24a9b4ac77f3e5b53e345d"

FIRST_LANGUAGE_IR_SHA256 = {  # tests/syntax/old_syntax/NAME.wg
    "vault": "69adc1f2bd5c60825ea389e0e479a94f10f9a4d7b7064e5210e9c7069dfba18e",
    "services": "e0d2e5f0644a98805187e94e0fd463bd543cef9fd172c165189a24ac7898664d",
    "ledger": "d756df2ce28c8d00f5e3969777d0c89583b96b8a13da417fb1aef301d4aa9d2a",
}

SHIPPED_IR_SHA256 = {  # scaffolds/NAME.wg
    "vault": "57696a29e4c1537783f042a4db86ae888cbada7206b009fca001bfa9bd88272b",
    "services": "af8cfc88aedc51c51f14c57d268a7e46532440bf36213ff969a4cd2f5243b2aa",
    "ledger": "fd7b81250d9ac48e1c9f3c4c8c416e0fe2fd55aed45726fc6282155d12c16852",
}


def ir_sha256(scaffold: worldgen.Scaffold) -> str:
    return hashlib.sha256(scaffold.ir.to_json().encode()).hexdigest()


def test_the_kitchen_sink_of_the_first_language_keeps_its_ir() -> None:
    scaffold = worldgen.loads(KITCHEN_SINK, "sink.wg")
    assert ir_sha256(scaffold) == scaffold.sha256 == SINK_IR_SHA256


@pytest.mark.parametrize("name", list(FIRST_LANGUAGE_IR_SHA256))
def test_first_language_scaffolds_keep_their_ir(name: str) -> None:
    assert ir_sha256(worldgen.load(HERE / "old_syntax" / f"{name}.wg")) == FIRST_LANGUAGE_IR_SHA256[name]


@pytest.mark.parametrize("name", list(FIRST_LANGUAGE_IR_SHA256))
def test_first_language_scaffolds_use_none_of_the_new_ir(name: str) -> None:
    """Numbers stay numbers and no Language 2 field is filled, so the IR JSON (which leaves out
    defaults) is what the first language wrote."""
    s = worldgen.load(HERE / "old_syntax" / f"{name}.wg").ir
    assert (s.functions, s.every, s.requires, s.horizon_expr) == ((), (), (), None)
    for r in s.rewards:
        assert r.amount_expr is None and r.kind != "each"
        assert r.kind == "when" or r.cond is None  # only `reward when` has a condition
    assert all(e.within_expr is None for e in s.expects)


@pytest.mark.parametrize("name", list(SHIPPED_IR_SHA256))
def test_shipped_scaffolds_keep_their_ir(name: str) -> None:
    assert ir_sha256(worldgen.load(ROOT / "scaffolds" / f"{name}.wg")) == SHIPPED_IR_SHA256[name]
