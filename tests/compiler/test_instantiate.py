"""Instantiation: params, axes, content choice and build-time randomness, all seeded."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys

import pytest

import worldgen
from tests.conftest import ROOT, example_record, example_scaffold


def test_same_inputs_give_equal_worlds(example) -> None:
    scaffold, record = example
    a = scaffold.instantiate(record, seed=11)
    b = scaffold.instantiate(record, seed=11)
    assert a == b and a.to_json() == b.to_json()


def test_seeds_vary_the_world(example) -> None:
    scaffold, record = example
    jsons = {scaffold.instantiate(record, seed=s).to_json() for s in range(8)}
    assert len(jsons) > 4


def test_fixed_axes_and_params_are_respected() -> None:
    vault = example_scaffold("vault")
    w = vault.instantiate(example_record("vault"), seed=3, axes={"layout": "ring"}, params={"rooms": 5, "keys": 2})
    assert w.axes["layout"] == "ring" and w.params == {"rooms": 5, "keys": 2}
    assert len(w.entities["room"]) == 5 and len(w.content["room"]) == 5
    ring = w.initial_state["link"]
    assert all(len(neighbours) == 2 for neighbours in ring)


def test_content_choice_is_recorded() -> None:
    w = example_scaffold("vault").instantiate(example_record("vault"), seed=4, params={"rooms": 4})
    record = example_record("vault")
    assert [record["room"][i]["name"] for i in w.content_choice["room"]] == w.entities["room"]


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"axes": {"colour": "red"}}, "unknown axis 'colour' (this scaffold's axes: feedback, interface, observation, layout)"),
    ({"axes": {"layout": "maze"}}, "axis 'layout' has no alternative 'maze' (choose from tree, ring, grid)"),
    ({"params": {"rooms": 99}}, "param 'rooms' takes a whole number in 4..7, not 99"),
    ({"params": {"keys": "2"}}, "param 'keys' takes a whole number in 1..3, not '2'"),
    ({"params": {"keys": True}}, "param 'keys' takes a whole number in 1..3, not True"),
    ({"params": {"doors": 2}}, "unknown param 'doors' (this scaffold's params: rooms, keys)"),
    ({"seed": -1}, "seed must be a non-negative integer, not -1"),
])
def test_bad_requests_are_explained(kwargs: dict, message: str) -> None:
    kwargs = {"seed": 0, **kwargs}
    with pytest.raises(worldgen.InstantiationError) as err:
        example_scaffold("vault").instantiate(example_record("vault"), **kwargs)
    assert str(err.value) == message


def test_short_content_is_explained() -> None:
    record = example_record("vault")
    record["room"] = record["room"][:2]
    with pytest.raises(worldgen.InstantiationError, match=r"content '/room' has 2 items; this world needs \d"):
        example_scaffold("vault").instantiate(record, seed=0)


def test_duplicate_names_are_explained() -> None:
    record = example_record("vault")
    record["key"][1]["name"] = record["key"][0]["name"]
    with pytest.raises(worldgen.InstantiationError, match="names two entities 'brass'"):
        example_scaffold("vault").instantiate(record, seed=0, params={"keys": 3})


SCRIPT = """
import hashlib, json, sys
import worldgen
out = {}
for name in ("vault", "services", "ledger"):
    s = worldgen.load(f"scaffolds/{name}.wg")
    rec = json.load(open(f"content_packs/{name}/example.json"))
    out[name] = [hashlib.sha256(s.instantiate(rec, seed=i).to_json().encode()).hexdigest() for i in range(5)]
print(json.dumps(out))
"""


def test_worlds_are_byte_identical_across_processes_and_hash_seeds() -> None:
    runs = []
    for hash_seed in ("0", "1", "12345"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        done = subprocess.run([sys.executable, "-c", SCRIPT], cwd=ROOT, env=env, capture_output=True, text=True, check=True)
        runs.append(json.loads(done.stdout))
    assert runs[0] == runs[1] == runs[2]
    here = {name: [hashlib.sha256(example_scaffold(name).instantiate(example_record(name), seed=i).to_json().encode()).hexdigest()
                   for i in range(5)] for name in ("vault", "services", "ledger")}
    assert here == runs[0]


def test_content_defaults_to_none_for_a_scaffold_without_slots() -> None:
    guess = worldgen.load(ROOT / "scaffolds" / "guess.wg")
    assert guess.instantiate(seed=3) == guess.instantiate(content={}, seed=3)


def test_leaving_out_the_content_of_a_scaffold_with_slots_names_where_records_come_from() -> None:
    vault = worldgen.load(ROOT / "scaffolds" / "vault.wg")
    with pytest.raises(worldgen.InstantiationError, match=r"scaffold 'vault' has content slots \(setting, room, key\): "
                                                          r"pass content=RECORD \(content_packs/vault/example.json"):
        vault.instantiate(seed=0)
