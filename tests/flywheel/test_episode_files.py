"""A policy's episodes sit in one file right in its suite, whatever its spec names."""

from __future__ import annotations

from pathlib import Path

from worldgen.flywheel.episode_files import episode_file


def test_a_plain_spec_keeps_its_name() -> None:
    suite = Path("suites/ice")
    assert episode_file(suite, "random") == suite / "random.jsonl"
    assert episode_file(suite, "noisy-oracle:0.3") == suite / "noisy-oracle-0.3.jsonl"
    assert episode_file(suite, "openai:gpt-4o", seed=1000) == suite / "openai-gpt-4o@1000.jsonl"


def test_a_spec_naming_a_file_makes_one_file_in_the_suite_and_never_climbs_out() -> None:
    suite = Path("suites/ice")
    specs = ["learner:/runs/round-00/learner.npz", "learner:/runs/round-01/learner.npz", "learner:../../../etc/x",
             "learner:/", "learner:a b/c:d.npz", "../x"]
    files = [episode_file(suite, s) for s in specs]
    assert all(f.parent == suite and ".." not in f.name and not f.name.startswith(".") for f in files)
    assert files[0].name.startswith("learner-learner.npz-") and files[0].suffix == ".jsonl"
    assert len(set(files)) == len(files)  # two rounds' solvers never share a file
    assert episode_file(suite, specs[0]) == files[0]  # the same spec, the same file (the loop finds it again)
    assert episode_file(suite, specs[0], seed=1000).name == files[0].stem + "@1000.jsonl"
