"""Re-drawing only where it can help, and stopping early when no draw can pass (compiler/redraw.py)."""

from __future__ import annotations

import json

import pytest

import worldgen
from tests.compiler.test_draws import DRIFT
from worldgen.compiler.executors import LocalExecutor
from worldgen.compiler.redraw import Redraws
from worldgen.compiler.suite import Spec, compile_suite
from worldgen.errors import WorldgenError
from worldgen.verify import Bounds


def spec(root, source: str | None = None, bounds: Bounds = Bounds(), redraw_params: bool = False) -> Spec:
    source = source if source is not None else (root / "tests" / "verify" / "counter.wg").read_text()
    return Spec(worldgen.loads(source, "s.wg").ir, (("empty", {}),), {}, bounds, 5, redraw_params)


def lines(path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def test_which_failures_are_worth_another_draw(root):
    assert not Redraws.of(spec(root).scaffold, False).worth_another(["bounds"])  # no build-time randomness
    assert Redraws.of(spec(root).scaffold, True).worth_another(["bounds"])  # new params may fit
    drift = Redraws.of(spec(root, DRIFT.replace("  state {", "  require top == 4\n  state {")).scaffold, False)
    assert drift.generators and set(drift.param_requires) == {"require (line 4)"}
    assert drift.worth_another(["invariant below_cap"])
    assert not drift.worth_another(["require (line 4)"])  # reads only the seed's params, which a re-draw keeps


def test_a_world_without_build_time_randomness_is_drawn_once(tmp_path, root):
    summary = compile_suite(spec(root, bounds=Bounds(max_states=2)), range(0, 3), tmp_path, LocalExecutor(1))
    assert summary.rejected == 3 and summary.draws == 3
    assert [d["attempt"] for d in lines(tmp_path / "rejected.jsonl")[0]["draws"]] == [0]


def test_every_draw_of_the_first_seeds_hitting_the_bound_stops_compiling(tmp_path, root):
    with pytest.raises(WorldgenError) as err:
        compile_suite(spec(root, bounds=Bounds(max_states=2)), range(0, 50), tmp_path, LocalExecutor(2))
    assert str(err.value) == (
        "compile: stopped early: every draw of the first 3 seeds hit the model-checking bound (2 states): raise it "
        f"with `check within N states` or --max-states, or shrink the params; `worldgen explain {tmp_path}` shows the draws")
    assert len(lines(tmp_path / "rejected.jsonl")) == 3 and len(lines(tmp_path / "draws.jsonl")) == 3
    assert json.loads((tmp_path / "summary.json").read_text())["worlds"] == 3


def test_a_require_on_params_that_never_holds_stops_compiling(tmp_path, root):
    source = DRIFT.replace("  state {", '  require top > 9 else "top is only {top}"\n  state {')
    with pytest.raises(WorldgenError, match=r"every draw of the first 3 seeds failed `require \(line 4\)`, which reads "
                                            "only params and holds for none of their values: widen the param ranges"):
        compile_suite(spec(root, source), range(0, 50), tmp_path, LocalExecutor(1))


def test_a_require_on_params_that_sometimes_holds_is_not_redrawn_but_goes_on(tmp_path, root):
    source = DRIFT.replace("  state {", "  require top == 4\n  state {")
    summary = compile_suite(spec(root, source), range(0, 12), tmp_path, LocalExecutor(1))
    assert summary.accepted + summary.rejected == 12 and summary.accepted
    refused = [d for d in lines(tmp_path / "draws.jsonl") if d["failed"] == ["require (line 4)"]]
    assert refused and all(d["params"] == {"top": 3} and d["attempt"] == 0 and not d["seed_accepted"] for d in refused)


def test_redraw_params_draws_new_params_for_a_failed_draw(tmp_path, root):
    source = DRIFT.replace("  state {", "  require top == 4\n  state {")
    summary = compile_suite(spec(root, source, redraw_params=True), range(0, 12), tmp_path, LocalExecutor(1))
    draws = lines(tmp_path / "draws.jsonl")
    rescued = [d for d in draws if d["failed"] == ["require (line 4)"] and d["seed_accepted"]]
    assert rescued and summary.accepted > 0
    index = {line["seed"]: line for line in lines(tmp_path / "index.jsonl")}
    assert all(index[d["seed"]]["params"] == {"top": 4} and index[d["seed"]]["attempt"] > 0 for d in rescued)


def test_a_structural_failure_is_not_drawn_again(tmp_path, root):
    # build-time randomness (cap) would be re-drawn, but a world of more than 1,024 pay-once rewards
    # fails whatever is drawn; k's range lets some worlds build, so the checker only warns
    source = DRIFT.replace("  const cap", "  param k: int in 1000..1030\n  entity spot[k]\n  const cap").replace(
        "  reward 1 when n == 3", "  reward 0.001 for each s in spot when n == 3")
    assert not Redraws.of(spec(root, source).scaffold, False).worth_another(["pay-once limit"])
    assert Redraws.of(spec(root, source).scaffold, True).worth_another(["pay-once limit"])  # other params may fit
    compile_suite(spec(root, source), range(0, 12), tmp_path, LocalExecutor(1))
    refused = [d for d in lines(tmp_path / "draws.jsonl") if d["failed"] == ["pay-once limit"]]
    assert refused and all(d["attempt"] == 0 and d["params"]["k"] > 1024 for d in refused)
    structural = [line for line in lines(tmp_path / "rejected.jsonl") if line["draws"][0]["failed"] == ["pay-once limit"]]
    assert len(structural) == len(refused) and all(len(line["draws"]) == 1 for line in structural)
