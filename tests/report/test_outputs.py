"""The report's three outputs (terminal, --json, --html) and how it treats bad or partial inputs."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import ROOT
from tests.report.svgtext import assert_labels_fit
from worldgen.cli.main import main
from worldgen.errors import WorldgenError
from worldgen.report import build_report
from worldgen.runtime.env import Env

MEASURE_PLOTS = ("solution length", "mean branching", "reward sparsity", "reachable states")


def test_html_is_one_self_contained_file_with_the_plots(tally_suite: Path, tally_rollouts: list[Path], tmp_path: Path) -> None:
    out = tmp_path / "report.html"
    code = main(["report", str(tally_suite), "--rollouts", *map(str, tally_rollouts), "--html", str(out)])
    page = out.read_text()
    assert code == 0 and page.startswith("<!DOCTYPE html>")
    assert "<script" not in page and not re.search(r'(src|href)="', page)  # nothing to fetch, nothing to run
    titles = re.findall(r'<svg class="plot[^"]*" viewBox="[^"]+" role="img" aria-label="([^"]+)"', page)
    for name in MEASURE_PLOTS:
        assert name in titles  # a histogram per complexity measure
    assert "success per axis value" in titles and "success per param value" in titles
    assert "tally: worlds per axis and param value" in titles
    histogram = page[page.index('aria-label="solution length"'):]
    assert histogram.index("<rect") < histogram.index("</svg>")  # with bars in it
    assert "interface=terse" in page and "target=3" in page
    signals = page[page.index("<h2>2. Signals</h2>"):page.index("<h2>3. Coverage</h2>")]
    assert "tally: signals per axis and param value" in signals
    assert "<td>interface = terse</td><td>2</td>" in signals and "<td>param target = 3</td><td>4</td>" in signals
    assert "horizon used by the walkthrough" in titles
    plots = re.findall(r"<svg .*?</svg>", page)
    assert len(plots) == len(titles) and "e+" not in page
    for plot in plots:  # every plot keeps its labels inside and names what its axes count (or says it has no data)
        assert_labels_fit(plot)
        assert ("xtitle" in plot and "ytitle" in plot) or ">no data<" in plot


def test_the_terminal_report_names_the_five_criteria(tally_suite: Path, tally_rollouts: list[Path],
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["report", str(tally_suite), "--rollouts", *map(str, tally_rollouts)]) == 0
    text = capsys.readouterr().out
    for heading in ("1. Executability", "2. Signals", "3. Coverage", "4. Complexity", "5. Efficiency",
                    "Success per scaffold, axis value and param value"):
        assert heading in text
    assert "tally interface = terse" in text and "pass --pack PACK" in text
    assert "signals per axis and param value" in text and "tally param target = 3" in text
    assert "Findings: none of the report's rules flags anything" in text


def test_json_output_parses_and_keeps_measured_apart(tally_suite: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["report", str(tally_suite), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["format"] == "worldgen.report/1" and report["rollouts"] is None
    assert report["executability"]["rollouts"] is None and "report_seconds" in report["measured"]


def test_crashes_and_replay_mismatches_are_counted_and_named(tally_suite: Path, tally_rollouts: list[Path], tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    import asyncio

    from worldgen.rollouts.policies import make_policy
    from worldgen.rollouts.runner import run
    from worldgen.rollouts.sources import open_entries

    step = Env.step

    def faulty(self: Env, command: str):  # the runtime raising: must be recorded, not fatal
        if self.steps == 1:
            raise RuntimeError("boom")
        return step(self, command)

    monkeypatch.setattr(Env, "step", faulty)
    crashed = tmp_path / "crashed.jsonl"
    asyncio.run(run(open_entries(tally_suite)[:2], make_policy("oracle"), crashed, episodes=1))
    monkeypatch.undo()
    lines = tally_rollouts[1].read_text().splitlines()
    tampered = json.loads(lines[0])
    tampered["trace"][0]["observation"] += " (edited)"
    edited = tmp_path / "edited.jsonl"
    edited.write_text(json.dumps(tampered) + "\n" + "\n".join(lines[1:]) + "\n")
    with pytest.raises(WorldgenError, match="edited.jsonl: error: episode random .* does not replay: step 1 .*: the "
                       "observation differs; re-record it, or pass --trust-edited to count it anyway"):
        build_report(tally_suite, [str(crashed), str(edited)])
    e = build_report(tally_suite, [str(crashed), str(edited)], trust_edited=True)["executability"]["rollouts"]
    assert e["crash_free"]["count"] == e["crash_free"]["of"] - 2 and len(e["crash_free"]["failing"]) == 2
    assert e["deterministic_replay"]["of"] == 18 and e["deterministic_replay"]["count"] == 17
    assert e["deterministic_replay"]["failing"] == [f"random {tampered['world']} seed {tampered['seed']}"]
    episode = json.loads(crashed.read_text().splitlines()[0])
    assert episode["error"]["source"] == "world" and "boom" in episode["error"]["message"] and episode["steps"] == 1


def test_a_lone_world_file_reports_unknown_acceptance_and_torn_rollouts_warn(tally_suite: Path, tally_rollouts: list[Path],
                                                                             tmp_path: Path) -> None:
    world = next((tally_suite / "worlds").iterdir())
    torn = tmp_path / "torn.jsonl"
    torn.write_text(tally_rollouts[0].read_text()[:-30])
    report = build_report(world, [str(torn)])
    assert report["suite"]["worlds"] == 1 and report["efficiency"]["acceptance"].startswith("unknown")
    assert any("torn last line" in w for w in report["warnings"])
    assert any("not in this suite" in w for w in report["warnings"])


def test_a_reader_that_stops_early_costs_neither_the_html_nor_the_exit_status(tally_suite: Path, tmp_path: Path) -> None:
    """`worldgen report SUITE --html F | head -1`: the file is written first, and the broken pipe
    ends the command quietly with 0 (rich alone exited 1, after the file was lost). Here the reader
    is gone before the first byte, so every write meets the broken pipe."""
    read, write = os.pipe()
    os.close(read)
    try:
        done = subprocess.run([sys.executable, "-m", "worldgen.cli.main", "report", str(tally_suite), "--html",
                               str(tmp_path / "r.html")], stdout=write, stderr=subprocess.PIPE, cwd=ROOT, timeout=120,
                              env={**os.environ, "PYTHONPATH": str(ROOT)})
    finally:
        os.close(write)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "r.html").read_text("utf-8").startswith("<!DOCTYPE html>")


def test_the_per_world_table_breaks_ties_by_world_id(tally_suite: Path, tally_rollouts: list[Path], tmp_path: Path) -> None:
    """Tied worlds kept a set's order, which follows PYTHONHASHSEED: the page changed between runs."""
    out = tmp_path / "report.html"
    assert main(["report", str(tally_suite), "--rollouts", *map(str, tally_rollouts), "--html", str(out)]) == 0
    page = out.read_text()
    table = page[page.index("success per world ("):]
    table = table[:table.index("</details>")]
    rows = [re.findall(r"<td>([^<]*)</td>", row) for row in re.findall(r"<tr>(.*?)</tr>", table)]
    rows = [r for r in rows if r]
    assert len(rows) > 1
    by_cells: dict[tuple[str, ...], list[str]] = {}
    for world, *cells in rows:
        by_cells.setdefault(tuple(cells), []).append(world)
    assert any(len(ids) > 1 for ids in by_cells.values())  # there are ties to break
    for ids in by_cells.values():
        assert ids == sorted(ids)
