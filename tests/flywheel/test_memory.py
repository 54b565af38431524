"""What the proposer does not try again: a candidate an earlier round rejected (by the canonical
hash of its edit), and a catalogue edit whose parent already has it."""

from __future__ import annotations

import json
from pathlib import Path

import worldgen
from tests.conftest import ROOT
from worldgen.flywheel.memory import edit_key, remembered
from worldgen.flywheel.present import already_has

VAULT = (ROOT / "scaffolds/vault.wg").read_text()


def test_the_edit_key_ignores_the_proposals_name_but_not_its_rules() -> None:
    assert edit_key(VAULT) == edit_key(VAULT.replace("world vault {", "world vault_terse_2 {"))
    assert edit_key(VAULT) != edit_key(VAULT.replace("reward -0.01 per step", "reward -0.02 per step"))
    broken = VAULT.replace("world vault {", "world vault {\n  horizon horizon")
    assert edit_key(broken).startswith("text:") and edit_key(broken) != edit_key(broken + "\n")


def write_rejection(folder: Path, name: str, reason: str, solver: str) -> None:
    (folder / "rejected" / name).mkdir(parents=True)
    data = {"name": name, "reason": reason, "solver": solver, "edit_hash": f"key-{name}"}
    (folder / "rejected" / name / "reason.json").write_text(json.dumps(data))


def test_earlier_rejections_are_remembered_but_a_band_verdict_only_for_its_solver(tmp_path: Path) -> None:
    write_rejection(tmp_path / "round-00", "vault_blind", "random baseline: random play wins 90% ...", "noisy-oracle:0.3")
    write_rejection(tmp_path / "round-00", "vault_keys_up", "band: the solver ... wins 95% ...", "noisy-oracle:0.3")
    folders = [tmp_path / "round-00"]
    assert remembered(folders, "noisy-oracle:0.3") == {
        "key-vault_blind": "rejected before as vault_blind (random baseline)",
        "key-vault_keys_up": "rejected before as vault_keys_up (band)"}
    assert remembered(folders, "noisy-oracle:0.1") == {  # a trained solver may find it in its band
        "key-vault_blind": "rejected before as vault_blind (random baseline)"}


def test_a_step_cost_is_not_proposed_to_a_scaffold_that_has_one() -> None:
    vault = worldgen.loads(VAULT, "vault.wg").ir
    assert already_has("cost", vault) == "vault already has a step cost"
    free = worldgen.loads(VAULT.replace("reward -0.01 per step", ""), "vault.wg").ir
    assert already_has("cost", free) is None
    assert already_has("horizon_down", vault) is None  # not a catalogue axis: always worth a try


def test_a_catalogue_alternative_is_not_proposed_twice() -> None:
    jugs = (ROOT / "scaffolds/jugs.wg").read_text()
    from worldgen.flywheel.dynamics import slippery
    from worldgen.flywheel.edits import apply
    from worldgen.syntax.parser import parse

    tag, edits, _ = slippery(jugs, parse(jugs, "jugs.wg"))[0]
    once = worldgen.loads(apply(jugs, edits), "jugs.wg").ir
    assert already_has("slippery", worldgen.loads(jugs, "jugs.wg").ir) is None
    assert already_has("slippery", once).startswith("jugs already has dynamics alternative 'slippery'")
    assert already_has("inverted", once) is None
