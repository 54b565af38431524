"""The LLM proposer's repair loop, end to end, with the real openai client against a scripted
loopback server: broken DSL, then DSL that checks but cannot be solved, then a valid scaffold."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.content.chat_server import ChatServer, Reply
from tests.flywheel.fixtures import SEEDS
from worldgen.cli.main import main
from worldgen.errors import WorldgenError
from worldgen.flywheel.llm_proposer import LLMProposer, LLMSettings
from worldgen.flywheel.mutate import Band
from worldgen.flywheel.propose import Settings, propose
from worldgen.flywheel.reference import compact_reference, packaged_reference
from worldgen.flywheel.solver import read_reports
from tests.conftest import ROOT

DIAL = """world dial {
  title "Set the dial"
  instruction "Turn the dial to {target}."
  param target: int in 4..7
  state { at: int in 0..9 = 0 }
  action up "turn up" { when at < 9  do at += 1 }
  action down "turn down" { when at > 0  do at -= 1 }
  observe "The dial shows {at}."
  reward 1 when at == target
  done when at == target
  horizon 12
}
"""
BROKEN = DIAL.replace("do at += 1", "do at += ")
UNSOLVABLE = DIAL.replace("horizon 12", "horizon 2")
ANSWERS = (f"Here is my idea:\n```wg\n{BROKEN}```", f"Fixed:\n```wg\n{UNSOLVABLE}```", f"Now:\n```wg\n{DIAL}```")


def scripted(body: dict[str, Any], n: int) -> Reply:
    """Answer by the number of assistant turns so far in this conversation."""
    turn = sum(m["role"] == "assistant" for m in body["messages"])
    return Reply(content=ANSWERS[min(turn, len(ANSWERS) - 1)], prompt_tokens=1000, completion_tokens=200)


def run_proposer(library: Path, first_round: Path, out: Path, server: ChatServer) -> dict[str, Any]:
    view = read_reports(sorted((first_round / "round-00" / "reports").glob("*.json")))
    proposer = LLMProposer(LLMSettings(model="gpt-4o-mini", base_url=server.base_url, max_rounds=4, max_drafts=1, retries=0))
    return propose(library, view, out, Settings(Band(), 1, SEEDS), proposer)


def test_the_repair_loop_turns_broken_and_unsolvable_drafts_into_an_accepted_scaffold(
        library: Path, first_round: Path, tmp_path: Path) -> None:
    with ChatServer(scripted) as server:
        summary = run_proposer(library, first_round, tmp_path / "out", server)
    assert summary["accepted"] == ["dial"] and summary["proposer"] == "openai:gpt-4o-mini"
    assert summary["tokens"] == {"prompt": 3000, "completion": 600, "requests": 3} and summary["cost_usd"] > 0
    provenance = json.loads((tmp_path / "out" / "dial" / "provenance.json").read_text())
    assert provenance["rounds"] == 3 and provenance["model"] == "gpt-4o-mini" and provenance["tokens"]["prompt"] == 3000
    transcript = json.loads((tmp_path / "out" / "transcripts" / "000.json").read_text())["transcript"]
    feedback = [m["content"] for m in transcript if m["role"] == "user"][1:]
    assert feedback[0].startswith("worldgen's tools ran on your scaffold. Passed: nothing.\nFailed: check: proposal.wg:6:")
    assert "^" in feedback[0]  # the diagnostic verbatim, caret and all
    assert "Failed: compile:" in feedback[1] and "counterexample" in feedback[1]
    system, brief = transcript[0]["content"], transcript[1]["content"]
    assert packaged_reference() in system
    assert "between 20% and 80%" in brief and "Library scaffold" in brief and "noisy-oracle:0.3" in brief


def test_a_killed_run_reads_transcripts_back_instead_of_asking_again(library: Path, first_round: Path, tmp_path: Path) -> None:
    with ChatServer(scripted) as server:
        first = run_proposer(library, first_round, tmp_path / "out", server)
    (tmp_path / "out" / "summary.json").unlink()
    with ChatServer(scripted) as server:
        again = run_proposer(library, first_round, tmp_path / "out", server)
        assert server.requests == []
    assert again == first


def test_an_endpoint_that_rejects_the_model_is_a_clear_error(library: Path, first_round: Path, tmp_path: Path) -> None:
    with ChatServer(lambda body, n: Reply(status=404, content=None)) as server:
        with pytest.raises(WorldgenError, match="check the model name and --base-url"):
            run_proposer(library, first_round, tmp_path / "out", server)


def test_the_packaged_reference_is_generated_from_the_language_doc() -> None:
    assert packaged_reference() == compact_reference((ROOT / "docs" / "language.md").read_text("utf-8")), (
        "regenerate it: python -m worldgen.flywheel.reference docs/language.md")


def test_the_command_line(library: Path, first_round: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str],
                          monkeypatch: pytest.MonkeyPatch) -> None:
    reports = sorted((first_round / "round-00" / "reports").glob("*.json"))
    with ChatServer(scripted) as server:
        code = main(["propose", "--library", str(library), "--report", *map(str, reports), "--proposer", "openai:gpt-4o-mini",
                     "--base-url", server.base_url, "-n", "1", "--seeds", "0:10", "-o", str(tmp_path / "out")])
    out = capsys.readouterr().out
    assert code == 0 and "accepted  dial" in out and "tokens in 3 requests" in out


def test_the_loop_counts_tokens_and_cost_per_accepted_proposal(tmp_path: Path) -> None:
    from tests.flywheel.fixtures import SOLVER, make_library
    from worldgen.flywheel.loop import LoopSettings, loop

    library = make_library(tmp_path / "library", ("vault",))
    with ChatServer(scripted) as server:
        summary = loop(library, tmp_path / "run", LoopSettings(SOLVER, rounds=1, proposals=1, seeds=range(6),
                                                               proposer="openai:gpt-4o-mini", base_url=server.base_url))
    proposals = summary["rounds"][0]["proposals"]
    assert proposals["proposer"] == "openai:gpt-4o-mini" and proposals["names"] == ["dial"]
    assert proposals["tokens_per_accepted"] == 3600 and proposals["cost_per_accepted_usd"] > 0
