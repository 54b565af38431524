"""Demo helper: build worlds from the demo's content packs and play one episode in each.

Each episode follows the admissible command that is listed first, so the transcript shows what an
agent sees; the point is the plumbing (pack -> world -> env), not a good policy.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import worldgen


def first_record(pack: Path) -> dict:
    with (pack / "records.jsonl").open() as f:
        return json.loads(f.readline())["content"]


def main(out: Path) -> None:
    for name in ("vault", "services", "ledger"):
        scaffold = worldgen.load(f"scaffolds/{name}.wg")
        world = scaffold.instantiate(first_record(out / "packs" / name), seed=1)
        env = world.env()
        obs, info = env.reset(seed=0)
        lines = [obs]
        total = 0.0
        for _ in range(12):
            if not info["admissible"]:
                break
            command = info["admissible"][0]
            obs, reward, terminated, truncated, info = env.step(command)
            total += reward
            lines += [f"> {command}", obs]
            if terminated or truncated:
                break
        path = out / "transcripts" / f"{name}.txt"
        path.write_text("\n".join(lines) + "\n")
        print(f"  {name:9s} {world.id}: {info['step']} steps, return {total:+.2f} -> {path}")


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "out"))
