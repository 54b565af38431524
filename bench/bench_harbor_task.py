"""Harbor task size: a terminal world's task (a real machine) beside a text world's (the `world` client).

Run by hand:  .venv/bin/python bench/bench_harbor_task.py

Exports one world of each kind with the default options (dependencies pinned, not bundled) and
prints the folder's bytes: the whole task, what main's image is built from (environment/ minus
its dockerignore), and the parts that repeat (worldgen's runtime wheel and the artifact, once for
the world service's image and once for the verifier's). Goal (issue #22): <= 1 MB per task.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from tests.suites import compiled
from worldgen.exporters.harbor import Target, export_task
from worldgen.exporters.runtime_wheel import build_runtime_wheel
from worldgen.exporters.wheelhouse import Wheelhouse
from worldgen.rollouts.sources import open_entries

MB = 1_000_000


def size(files: list[Path]) -> int:
    return sum(f.stat().st_size for f in files)


def main_context(env: Path) -> list[Path]:
    ignored = (env / "Dockerfile.dockerignore").read_text().split()
    return [f for f in env.rglob("*") if f.is_file() and not any(str(f.relative_to(env)).startswith(i) for i in ignored)]


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp)
        wheels = Wheelhouse(build_runtime_wheel(out / "wheel"), ())
        for scaffold in ("logs", "vault"):
            entry = open_entries(compiled(out / scaffold, scaffold, range(0, 1)))[0]
            task = export_task(entry, out / "tasks", wheels, Target(), b"bench secret, never for real tasks")
            files = [f for f in task.rglob("*") if f.is_file()]
            wheel = size([f for f in files if f.suffix == ".whl"])
            artifact = size([f for f in files if f.name == "world.json"])
            print(f"{scaffold:6} task {size(files) / MB:.2f} MB  (goal <= 1 MB)  main's build context "
                  f"{size(main_context(task / 'environment')) / 1000:.1f} kB  runtime wheel x2 {wheel / MB:.2f} MB  "
                  f"artifact x2 {artifact / 1000:.0f} kB  rest {(size(files) - wheel - artifact) / 1000:.0f} kB")


if __name__ == "__main__":
    main()
