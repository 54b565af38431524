"""`compile` and `play` validate content against the scaffold's schema before building anything:
each violation is one line with the pack, the record id, a JSON pointer and the rule."""

from __future__ import annotations

import json
from pathlib import Path

from tests.conftest import ROOT, example_record
from worldgen.cli.main import main

ADVENTURE = str(ROOT / "scaffolds" / "adventure.wg")


def test_compile_names_each_bad_record_pointer_and_rule(tmp_path: Path, capsys) -> None:
    good = example_record("adventure")
    pack = tmp_path / "pack.jsonl"
    lines = [("ok", good), ("r2", {**good, "room": 5}), ("r3", {k: v for k, v in good.items() if k != "setting"})]
    pack.write_text("".join(json.dumps({"id": rid, "content": c}) + "\n" for rid, c in lines))
    assert main(["compile", ADVENTURE, "--pack", str(pack), "--seeds", "0:3", "-o", str(tmp_path / "out")]) == 1
    assert capsys.readouterr().err.splitlines() == [
        f"{pack}: error: record r2: /room: schema/type: 5 is not of type 'array'",
        f"{pack}: error: record r3: /: schema/required: 'setting' is a required property",
        f"{pack}: 2 of 3 records break the content schema of 'adventure' (`worldgen schema` prints it)",
    ]
    assert not (tmp_path / "out").exists()


def test_play_validates_its_record_too(tmp_path: Path, capsys) -> None:
    record = tmp_path / "odd.json"
    record.write_text(json.dumps({**example_record("adventure"), "key": [1, 2]}))
    assert main(["play", ADVENTURE, "--content", str(record)]) == 1
    assert capsys.readouterr().err.splitlines()[0] == f"{record}: error: record odd: /key/0: schema/type: 1 is not of type 'string'"
