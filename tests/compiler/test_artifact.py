"""Artifacts: canonical bytes, safe loading, and re-verification catching hand edits."""

from __future__ import annotations

import json

import pytest

from tests.tables.conftest import shipped_world
from worldgen.compiler import artifact
from worldgen.compiler.recheck import recheck
from worldgen.compiler.seeds import compile_seed
from worldgen.ir.models import canonical_json


@pytest.fixture
def text(spec) -> str:
    result = compile_seed(spec("vault"), 0)
    assert result.artifact is not None
    return result.artifact


def test_round_trip_is_byte_identical(text):
    art = artifact.parse(text.encode(), "a.json")
    assert isinstance(art, artifact.Artifact)
    assert art.to_json() == text == canonical_json(art.model_dump(mode="json"))
    assert artifact.world_canonical_json(art.world) == art.world.to_json()
    assert art.provenance.world_sha256 == artifact.sha256(art.world.to_json())
    assert art.id == f"vault-0-{art.provenance.world_sha256[:10]}"
    from worldgen import __version__

    assert art.provenance.worldgen == __version__


def test_intact_artifact_rechecks_clean(tmp_path, text):
    path = tmp_path / "a.json"
    path.write_text(text)
    finding = recheck(path)
    assert finding.ok, finding.problems


def _edited(text: str, edit) -> bytes:
    data = json.loads(text)
    edit(data)
    return canonical_json(data).encode()


def test_edited_world_fails_with_hash_mismatch_and_broken_rule(text):
    def unlock(d):
        d["world"]["initial_state"]["locked"] = False

    finding = recheck("a.json", _edited(text, unlock))
    assert not finding.ok
    assert any(p.startswith("world hash mismatch") for p in finding.problems)
    assert any("invariant vault_sealed" in p for p in finding.problems)


def test_edited_world_with_forged_hash_still_fails(text):
    def forge(d):
        d["world"]["initial_state"]["locked"] = False
        from worldgen.ir.world import World

        d["provenance"]["world_sha256"] = artifact.sha256(World.model_validate(d["world"]).to_json())

    finding = recheck("a.json", _edited(text, forge))
    assert not any("hash mismatch" in p for p in finding.problems)
    assert any("invariant vault_sealed" in p for p in finding.problems)
    assert any("stored report differs" in p for p in finding.problems)


def test_edited_report_fails(text):
    def inflate(d):
        d["report"]["returns"]["max"] = 99.0

    finding = recheck("a.json", _edited(text, inflate))
    assert finding.problems == ["the stored report differs from the re-run checks in: returns"]


def test_edited_rules_fail_with_scaffold_hash_mismatch(text):
    def loosen(d):
        d["world"]["scaffold"]["horizon"] = 3

    finding = recheck("a.json", _edited(text, loosen))
    assert any(p.startswith("scaffold hash mismatch") for p in finding.problems)


def test_code_in_names_is_refused_before_anything_runs(text):
    def inject(d):
        d["world"]["scaffold"]["state"][0]["name"] = "x] or __import__('os').system('touch pwned') or s[0"

    with pytest.raises(artifact.ArtifactError, match="IR names must be identifiers"):
        artifact.parse(_edited(text, inject), "evil.json")


def test_malformed_artifacts_are_user_errors(text):
    with pytest.raises(artifact.ArtifactError, match="not JSON"):
        artifact.parse(b"{", "x.json")
    with pytest.raises(artifact.ArtifactError, match="not a worldgen artifact"):
        artifact.parse(b'{"format": "other"}', "x.json")

    def drop(d):
        del d["report"]

    with pytest.raises(artifact.ArtifactError, match="malformed artifact at /report"):
        artifact.parse(_edited(text, drop), "x.json")


def test_artifacts_with_the_same_rules_share_one_parsed_scaffold(spec):
    """A suite's artifacts hold the same IR: verify validates, hashes and generates code for it
    once, not once per world (the scaffold object is the cache key of all three)."""
    texts = [compile_seed(spec("vault"), seed).artifact for seed in (0, 1)]
    first, second = (artifact.parse(t.encode(), "a.json") for t in texts)
    assert first.world.scaffold is second.world.scaffold
    assert second.to_json() == texts[1]


def test_a_suite_s_next_artifact_is_read_around_the_scaffold_it_shares(spec, monkeypatch):
    """The IR parsed last is not read again when the next file holds its canonical text as its
    world's scaffold: the rest of the file is parsed with a marker in its place."""
    texts = [compile_seed(spec("vault"), seed).artifact for seed in (0, 1)]
    ir_text = canonical_json(json.loads(texts[1])["world"]["scaffold"])
    first = artifact.parse(texts[0].encode(), "a.json")
    read: list[int] = []
    loads = json.loads
    monkeypatch.setattr(artifact.json, "loads", lambda data, **kw: read.append(len(data)) or loads(data, **kw))
    second = artifact.parse(texts[1].encode(), "b.json")
    assert second.to_json() == texts[1] and second.world.scaffold is first.world.scaffold
    assert read == [len(texts[1]) - len(ir_text) + len('"\\u0000"')]  # the file without its scaffold, once


def outcome(data: bytes) -> str:
    """What parsing ``data`` gives: the artifact's JSON, or the error."""
    try:
        return artifact.parse(data, "edited.json").to_json()
    except artifact.ArtifactError as err:
        return f"error: {err}"


@pytest.mark.parametrize("edit", ["elsewhere", "nul", "format", "renamed"])
def test_a_file_that_only_looks_like_a_suite_s_next_artifact_is_judged_as_if_read_whole(text, edit):
    """The marker must come back as the world's scaffold, and no string of the file may hold what
    it holds; else the whole file is read, as any other, and judged the same."""
    artifact.parse(text.encode(), "intact.json")
    data = json.loads(text)
    ir = data["world"]["scaffold"]
    if edit == "elsewhere":  # the IR's text under another key, and another scaffold in its place
        data["world"]["scaffold"], data["extra"] = "\0", ir
    elif edit == "nul":  # a NUL in some string: the marker would not be the only one
        data["world"]["content"] = {**data["world"]["content"], "note": "a\0b"}
    elif edit == "format":
        data["format"] = "not an artifact"
    else:  # the IR's text where the scaffold is not
        data["world"]["scaffold_copy"] = data["world"].pop("scaffold")
    edited = canonical_json(data).encode()
    assert artifact._ir_parsed is not None and artifact._ir_parsed[2] in edited  # the shared IR's text is there
    cached = outcome(edited)
    artifact._ir_parsed = None  # nothing cached: the file is read whole
    assert cached == outcome(edited)


def test_an_edited_scaffold_after_an_intact_one_is_still_caught(text):
    artifact.parse(text.encode(), "intact.json")

    def loosen(d):
        d["world"]["scaffold"]["horizon"] = 3

    finding = recheck("a.json", _edited(text, loosen))
    assert any(p.startswith("scaffold hash mismatch") for p in finding.problems)

    def inject(d):
        d["world"]["scaffold"]["state"][0]["name"] = "x] or s[0"

    artifact.parse(text.encode(), "intact.json")
    with pytest.raises(artifact.ArtifactError, match="IR names must be identifiers"):
        artifact.parse(_edited(text, inject), "evil.json")


@pytest.mark.parametrize("name", ["vault", "services", "adventure", "mastermind", "dispatch"])
def test_a_world_s_encoding_around_its_cached_scaffold_is_its_canonical_json(name: str) -> None:
    world = shipped_world(name)
    assert artifact.world_canonical_json(world) == world.to_json()
    again = world.model_copy(update={"content": {**world.content, "é": "naïve — ☃"}})  # same scaffold object, cached
    assert artifact.world_canonical_json(again) == again.to_json()
