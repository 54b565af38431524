"""The procedural provider: deterministic from the seed, within every slot's constraints, diverse."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.content.conftest import ROOT, example_ir, make_scaffold
from worldgen.content import Validator
from worldgen.content.banks import THEME_CATEGORIES, load_banks
from worldgen.content.providers.procedural import ProceduralProvider
from worldgen.ir.models import Slot


def _provider(name: str, seed: int = 0) -> ProceduralProvider:
    ir = example_ir(name)
    return ProceduralProvider(ir, Validator(ir), seed)


def _run_cli(out: Path, hash_seed: str, n: int = 300, seed: int = 11) -> None:
    env = {**os.environ, "PYTHONHASHSEED": hash_seed}
    cmd = [sys.executable, "-m", "worldgen.cli.main", "content", str(ROOT / "scaffolds" / "vault.wg"), "-n", str(n), "-o", str(out), "--seed", str(seed)]
    subprocess.run(cmd, env=env, check=True, capture_output=True, timeout=60)


def test_packs_are_byte_identical_across_processes_and_hash_seeds(tmp_path: Path) -> None:
    _run_cli(tmp_path / "a", "1")
    _run_cli(tmp_path / "b", "4242")
    a, b = (tmp_path / p / "records.jsonl" for p in "ab")
    assert a.read_bytes() == b.read_bytes()
    assert len(a.read_text().splitlines()) == 300
    ma, mb = (json.loads((tmp_path / p / "manifest.json").read_text()) for p in "ab")
    ma.pop("duration_s"), mb.pop("duration_s")
    assert ma == mb


def test_a_record_depends_only_on_seed_and_index() -> None:
    first, again, other = _provider("vault", 5), _provider("vault", 5), _provider("vault", 6)
    assert first.make(17).record == again.make(17).record
    assert [first.make(i).record for i in (3, 1, 2)] == [again.make(i).record for i in (3, 1, 2)]
    assert first.make(17).record != other.make(17).record


@pytest.mark.parametrize("name", ["vault", "services", "ledger"])
def test_every_record_of_the_examples_is_valid(name: str) -> None:
    provider = _provider(name)
    outcomes = [provider.make(i) for i in range(300)]
    assert [o.violations for o in outcomes if o.record is None] == []


def test_any_slot_tree_is_filled_within_its_constraints() -> None:
    content = (
        Slot(name="tiny", kind="text", min_len=1, max_len=3),
        Slot(name="free", kind="text"),
        Slot(name="exact", kind="text", min_len=40, max_len=40),
        Slot(name="level", kind="int", lo=-5, hi=5),
        Slot(name="weather", kind="enum", choices=("rain", "sun", "fog")),
        Slot(name="tags", kind="list", min_items=8, max_items=8, item=Slot(name="tag", kind="word", unique=True, min_len=2, max_len=5)),
        Slot(name="ship", kind="record", fields=(
            Slot(name="deck", kind="list", min_items=1, max_items=4, item=Slot(name="deck", kind="record", fields=(
                Slot(name="name", kind="word", unique=True, min_len=3, max_len=12),
                Slot(name="crew", kind="list", min_items=2, max_items=2, item=Slot(name="crew", kind="word", unique=True)),
                Slot(name="depth", kind="int", lo=0, hi=3),
            ))),
        )),
    )
    ir = make_scaffold("odd", content, (), (("board {x}",),))
    provider = ProceduralProvider(ir, Validator(ir), 1)
    for i in range(200):
        outcome = provider.make(i)
        assert outcome.record is not None, outcome.violations
        record = outcome.record
        assert 1 <= len(record["tiny"]) <= 3 and len(record["exact"]) == 40 and -5 <= record["level"] <= 5
        assert 1 <= len(record["ship"]["deck"]) <= 4


def test_packs_are_diverse() -> None:
    provider = _provider("vault", 9)
    records = [provider.make(i).record for i in range(2000)]
    rooms = {room["name"] for r in records for room in r["room"]}
    settings = {r["setting"] for r in records}
    descriptions = {room["description"] for r in records for room in r["room"]}
    layouts = {tuple(room["name"] for room in r["room"]) for r in records}
    assert len(rooms) > 400 and len(layouts) == 2000
    assert len(settings) > 1900
    assert len(descriptions) > 0.95 * 7 * 2000


def test_banks_are_real_lowercase_words_with_known_markers() -> None:
    banks = load_banks()
    assert len(banks.themes) >= 7
    total = 0
    for theme, categories in banks.themes.items():
        assert set(categories) == set(THEME_CATEGORIES)
        for category, words in categories.items():
            assert len(words) >= 25, (theme, category)
            assert all(re.fullmatch("[a-z]+", w) for w in words), (theme, category)
            total += len(words)
    total += sum(len(words) for words in banks.common.values())
    assert total >= 3000
    known = set(THEME_CATEGORIES) | set(banks.common) | {"name"}
    for kind, templates in banks.grammar.items():
        for template in templates:
            assert set(re.findall(r"<(?:a:)?([a-z]+)>", template)) <= known, (kind, template)
            assert "{" not in template and "}" not in template
