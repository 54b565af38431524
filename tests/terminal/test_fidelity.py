"""Fidelity: both faces of a world replay the walkthrough and the corpus, line by line; a line
agrees when stdout, stderr and exit status are the same bytes, and final states must agree.
Skipped with the reason where namespaces are unavailable (fails under CI=true)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

import worldgen
from tests.terminal.test_episode import SOURCE
from worldgen.rollouts.sources import Entry
from worldgen.shell import interp
from worldgen.shell.builtins import registry
from worldgen.terminal.fidelity import Difference, catalogue_entries, measure, report
from worldgen.terminal.jail import available

REASON = available()
if REASON is not None and os.environ.get("CI") != "true":
    pytest.skip(REASON, allow_module_level=True)

ROOT = Path(__file__).resolve().parents[2]
OWNERS_PENDING = "the real face's tree carries the world's owners only when it runs as root"


def ops() -> Entry:
    return Entry("ops", worldgen.loads(SOURCE, "ops.wg").instantiate({}, seed=0))


def test_a_world_agrees_line_for_line_and_in_its_final_states() -> None:
    result = measure(ops(), lines=40, seed=0)
    assert result.lines >= 40 + len(ops().report.oracle.steps)
    assert result.states_agree
    assert [d for d in result.differences if d.kind not in ("owners", "refused change")] == []


def test_a_difference_is_kept_with_both_outputs(monkeypatch) -> None:
    tools = registry.tools()
    real_wc = tools["wc"]

    def off_by_one(call) -> int:  # an emulator bug, planted
        status = real_wc(call)
        call.stdout.append("1\n")
        return status

    monkeypatch.setattr(interp, "registered_tools", lambda: {**tools, "wc": off_by_one})
    result = measure(ops(), lines=60, seed=0)
    wrong = [d for d in result.differences if d.line.startswith("wc ")]
    assert wrong and result.agreement < 1
    assert wrong[0].emulated["stdout"] == wrong[0].real["stdout"] + "1\n"
    figures = report([result])
    assert figures["agreement"] == result.agreement and figures["differences"][0]["world"] == "ops"


def test_a_refused_change_differs_by_design_and_is_left_out_of_the_agreement() -> None:
    d = Difference("w", "corpus", 0, "echo x > /etc/app.conf",
                   {"stdout": "", "stderr": "bash: /etc/app.conf: no\n", "status": 1},
                   {"stdout": "", "stderr": "worldgen: /etc/app.conf: no (the world kept its version of the file)\n", "status": 0})
    assert d.kind == "refused change"
    listing = "-rw-r----- 1 {} {} 12 Mar  3 04:12 a.log\n"
    owners = Difference("w", "corpus", 1, "ls -l", {"stdout": listing.format("syslog", "adm"), "stderr": "", "status": 0},
                        {"stdout": listing.format("0", "0"), "stderr": "", "status": 0})
    assert owners.kind == "owners"


CATALOGUE = catalogue_entries(ROOT / "scaffolds", ROOT / "content_packs")


@pytest.mark.parametrize("entry", CATALOGUE, ids=[e.id for e in CATALOGUE])
def test_every_terminal_scaffold_agrees_on_a_sample(entry: Entry) -> None:
    """The CI sample: a few lines of every terminal scaffold, one seed."""
    result = measure(entry, lines=12, seed=0)
    owners = sum(d.kind == "owners" for d in result.differences)
    shown = [d.as_json() for d in result.differences]
    if owners and not result.states_agree and os.geteuid() != 0:  # a walkthrough's chown the jail cannot do
        pytest.xfail(OWNERS_PENDING)
    assert result.states_agree, shown
    assert (result.agreed + owners) / (result.lines - result.by_design) >= 0.99, shown


def test_the_catalogue_sample_covers_the_thirteen_terminal_scaffolds() -> None:
    assert len(CATALOGUE) == 13
