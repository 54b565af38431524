"""A model's answers are bounded and clean: the scaffold block is found in linear time, answers
are clipped before parsing and storing, a lone surrogate does not stop the run, a conversation cut
short keeps its tokens, and no proposal lands inside OUT's own folders."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import ROOT
from tests.content.chat_server import ChatServer, Reply
from tests.flywheel.fixtures import SEEDS
from tests.flywheel.test_llm_proposer import ANSWERS, DIAL, scripted
from worldgen.cli.main import main
from worldgen.errors import WorldgenError
from worldgen.flywheel.answers import MAX_ANSWER_CHARS, cleaned, scaffold
from worldgen.flywheel.llm_proposer import LLMProposer, LLMSettings
from worldgen.flywheel.mutate import Band
from worldgen.flywheel.propose import MAX_NAME, Settings, propose, proposal_name
from worldgen.flywheel.solver import read_reports


def test_the_longest_fenced_block_is_the_scaffold() -> None:
    answer = f"Idea:\n```\nworld x {{}}\n```\nand:\n```wg title\n{DIAL}```\ntrailing ``` unclosed"
    assert scaffold(answer) == DIAL
    assert scaffold(DIAL) == DIAL  # no fence: the whole answer when it looks like a scaffold
    assert scaffold("no code here") == ""
    assert scaffold("```wg\nworld y {") == "```wg\nworld y {"  # unclosed: the whole answer, for `check` to explain


@pytest.mark.parametrize("hostile", ["`" * 1_000_000, "```x" * 250_000, "```\n" + "```x" * 250_000, "```\n" * 250_000])
def test_finding_the_block_is_linear_in_a_megabyte_of_fences(hostile: str) -> None:
    started = time.perf_counter()
    scaffold(hostile)
    assert time.perf_counter() - started < 5  # ~0.2 s quiet; the regex it replaces took ~30 minutes on the first


def test_an_answer_is_clipped_and_its_lone_surrogates_replaced() -> None:
    text = cleaned("world \ud800 {" + "x" * (2 * MAX_ANSWER_CHARS))
    assert text.startswith("world \ufffd {") and len(text) < MAX_ANSWER_CHARS + 100
    assert text.endswith(f"[truncated: {MAX_ANSWER_CHARS + 9:,} more characters]")
    text.encode("utf-8")  # no UnicodeEncodeError


def test_a_proposal_cannot_be_named_like_outs_own_folders() -> None:
    assert [proposal_name(n, {"vault"}) for n in ("suites", "rejected", "transcripts", "vault", "dial")] == [
        "suites_2", "rejected_2", "transcripts_2", "vault_2", "dial"]
    assert proposal_name("w" * 10_000, set()) == "w" * MAX_NAME


def run(library: Path, first_round: Path, out: Path, server: ChatServer, rounds: int = 4) -> dict[str, Any]:
    view = read_reports(sorted((first_round / "round-00" / "reports").glob("*.json")))
    proposer = LLMProposer(LLMSettings(model="gpt-4o-mini", base_url=server.base_url, max_rounds=rounds, max_drafts=1, retries=0))
    return propose(library, view, out, Settings(Band(), 1, SEEDS), proposer)


def test_a_lone_surrogate_and_a_huge_answer_are_stored_clean_and_bounded(library: Path, first_round: Path,
                                                                         tmp_path: Path) -> None:
    def script(body: dict[str, Any], n: int) -> Reply:
        first = "\ud800 " + "```" * 2_000_000  # 6 MB of unclosed fences and a lone surrogate
        return Reply(content=first if n == 0 else f"```wg\n{DIAL}```", prompt_tokens=1000, completion_tokens=200)

    with ChatServer(script) as server:
        summary = run(library, first_round, tmp_path / "out", server)
    assert summary["accepted"] == ["dial"] and summary["tokens"]["requests"] == 2
    stored = tmp_path / "out" / "transcripts" / "000.json"
    assert stored.stat().st_size < 200_000
    transcript = json.loads(stored.read_text("utf-8"))["transcript"]
    assert transcript[2]["content"].startswith("\ufffd ```")
    assert transcript[3]["content"].startswith("Your answer was 6,000,002 characters; answers are cut at 100,000.")


def test_the_budget_is_in_the_brief_and_an_over_budget_draft_is_rejected_with_the_limit(
        library: Path, first_round: Path, tmp_path: Path) -> None:
    greedy = DIAL.replace("horizon 12", "horizon 12\n  check within 100_000_000 states")
    with ChatServer(lambda body, n: Reply(content=f"```wg\n{greedy}```")) as server:
        summary = run(library, first_round, tmp_path / "out", server, rounds=2)
        brief = server.requests[0]["messages"][1]["content"]
        repair = server.requests[1]["messages"][3]["content"]
    assert "at most 20,000 states per world, a horizon of at most 1,000 steps, 300 s and 4,096 MB" in brief
    assert "Failed: budget: the scaffold declares `check within 100,000,000 states`; the gate explores at most 20,000" in repair
    assert summary["accepted"] == [] and summary["rejected"][0]["reason"].startswith("budget: the scaffold declares")
    reason = json.loads((tmp_path / "out" / "rejected" / "dial" / "reason.json").read_text())
    assert reason["reason"].startswith("budget:") and reason["tokens"]["requests"] == 2


def test_a_conversation_cut_short_keeps_its_tokens_and_resumes_where_it_stopped(
        library: Path, first_round: Path, tmp_path: Path) -> None:
    def failing_second(body: dict[str, Any], n: int) -> Reply:
        return scripted(body, n) if n == 0 else Reply(status=404)

    with ChatServer(failing_second) as server, pytest.raises(WorldgenError):
        run(library, first_round, tmp_path / "out", server)
    progress = json.loads((tmp_path / "out" / "transcripts" / "000.partial.json").read_text())
    assert progress["tokens"] == {"prompt": 1000, "completion": 200, "requests": 1}
    with ChatServer(scripted) as server:
        summary = run(library, first_round, tmp_path / "out", server)
        assert len(server.requests) == len(ANSWERS) - 1  # the first answer was not asked for again
    assert summary["tokens"] == {"prompt": 3000, "completion": 600, "requests": 3}  # as if never cut short
    assert not (tmp_path / "out" / "transcripts" / "000.partial.json").exists()


def test_a_run_killed_mid_conversation_keeps_its_tokens(library: Path, first_round: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    reports = [str(r) for r in sorted((first_round / "round-00" / "reports").glob("*.json"))]
    args = ["propose", "--library", str(library), "--report", *reports, "--proposer", "openai:gpt-4o-mini", "-n", "1",
            "--seeds", "0:10", "-o", str(out), "--max-rounds", "4"]

    def stalls(body: dict[str, Any], n: int) -> Reply:
        return scripted(body, n) if n == 0 else Reply(content="", delay_s=120)

    with ChatServer(stalls) as server:
        run = subprocess.Popen([sys.executable, "-m", "worldgen.cli.main", *args, "--base-url", server.base_url],
                               cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 120
        while len(server.requests) < 2 and run.poll() is None and time.monotonic() < deadline:
            time.sleep(0.2)
        run.kill()  # SIGKILL while the second answer is awaited
        run.wait()
    assert json.loads((out / "transcripts" / "000.partial.json").read_text())["tokens"]["requests"] == 1
    with ChatServer(scripted) as server:
        assert main([*args, "--base-url", server.base_url]) == 0
    summary = json.loads((out / "summary.json").read_text())
    assert summary["tokens"] == {"prompt": 3000, "completion": 600, "requests": 3}  # the killed run's answer counted once


def test_a_proposal_named_suites_lands_beside_them(library: Path, first_round: Path, tmp_path: Path) -> None:
    named = DIAL.replace("world dial", "world suites")
    with ChatServer(lambda body, n: Reply(content=f"```wg\n{named}```")) as server:
        summary = run(library, first_round, tmp_path / "out", server)
    decided = summary["accepted"] + [r["name"] for r in summary["rejected"]]
    assert decided == ["suites_2"]
    folder = tmp_path / "out" / ("suites_2" if summary["accepted"] else "rejected/suites_2")
    assert (folder / "suites_2.wg").read_text().startswith("world suites_2 {")
    assert sorted(p.name for p in (tmp_path / "out" / "suites").iterdir()) == ["suites_2"]
