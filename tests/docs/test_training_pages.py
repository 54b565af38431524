"""The training pages' GPU configs hold what their framework and worldgen read, as far as a CPU can
tell: the prime-rl ``rl.toml``'s environment tables validate through verifiers' own config
resolution (the call prime-rl's orchestrator makes) and load the page's suite; the SkyRL launch
trains on the files the page exports, under the env class its rows name."""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable
from pathlib import Path

import pytest

import worldgen
from tests.docs.conftest import Session
from tests.docs.markdown import Block, localise, page_blocks
from worldgen.exporters.dataset import ENV_CLASS

VERIFIERS = "docs/training-verifiers.md"
SKYRL = "docs/training-skyrl.md"


def only_block(doc: str, kind: str, not_run: bool) -> Block:
    (block,) = [b for b in page_blocks(doc) if b.kind == kind and (b.not_run is not None) == not_run]
    return block


def ran(doc: str, page_session: Callable[[str], Session]) -> Session:
    session = page_session(doc)
    assert session.failed_at is None, session.failure
    return session


def test_the_rl_toml_sources_are_worldgen_envs_over_the_pages_suite(
        page_session: Callable[[str], Session]) -> None:
    vf = pytest.importorskip("verifiers.v1")
    from verifiers.v1.utils.loaders import load_environment

    from worldgen.integrations.verifiers import WorldgenEnv, WorldgenEnvConfig

    session = ran(VERIFIERS, page_session)
    config = tomllib.loads(localise(only_block(VERIFIERS, "toml", not_run=False).text, session.workdir))
    sources = [*config["orchestrator"]["train"]["source"], *config["orchestrator"].get("eval", {}).get("source", [])]
    assert sources
    for source in sources:
        env_config = vf.resolve_env_config(source["env"])  # unknown keys and wrong types are refused here
        assert isinstance(env_config, WorldgenEnvConfig) and env_config.agent.harness.id == "worldgen"
        env = load_environment(env_config)
        taskset = source["env"]["taskset"]
        worlds = worldgen.load_suite(Path(taskset["root"]) / taskset["suite"])
        assert isinstance(env, WorldgenEnv)
        assert [(t.data.world_id, t.data.seed) for t in env.taskset] == [(w.id, 0) for w in worlds]


def overrides(script: str) -> dict[str, str]:
    """``key=value`` arguments of a launch script, quotes kept off."""
    return {key: value.strip("\"'") for key, value in re.findall(r"^\s*([\w.]+)=(\S+?)\s*\\?$", script, re.M)}


def test_the_skyrl_launch_trains_on_the_pages_exports_under_their_env_class(
        page_session: Callable[[str], Session]) -> None:
    session = ran(SKYRL, page_session)
    launch = overrides(only_block(SKYRL, "sh", not_run=True).text)
    assert launch["environment.env_class"] == ENV_CLASS
    exports = [line for line in session.ran if line.startswith("worldgen export dataset")]
    exported = {Path(line.rsplit(" -o ", 1)[1]).name for line in exports}
    trained = {Path(launch[key].strip("[]'")).name for key in ("data.train_data", "data.val_data")}
    assert trained == exported == {"train.parquet", "validation.parquet"}
    horizons = [e.world.env().horizon for e in worldgen.load_suite(session.workdir / "worldgen-skyrl" / "train")]
    assert int(launch["generator.max_turns"]) >= max(horizons)
