"""``worldgen.rollout``: record episodes of a policy over a suite into a JSON-lines file, as
``worldgen rollout`` does (that command calls this function; the file's bytes are the same)."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from worldgen.api.eventloop import outside_event_loop
from worldgen.cli.common import plural
from worldgen.cli.progress import progress as show_progress
from worldgen.errors import UsageError, WorldgenError

if TYPE_CHECKING:
    from worldgen.rollouts.runner import RunResult
    from worldgen.rollouts.sources import Entry


@dataclass(frozen=True)
class Rollouts:
    """An episodes file and what this run added to it (``result``: planned, skipped, ran,
    successes and one line per episode that ended in an error)."""

    path: Path
    policy: str  # the policy's name (``random``, ``oracle``, ...; real-bash episodes are recorded as NAME@real-shell)
    result: RunResult

    @property
    def policy_errors(self) -> int:
        """Episodes that failed on the policy's side (re-running the same call retries them)."""
        return sum(": policy error: " in line for line in self.result.errors)

    def episodes(self) -> list[dict[str, Any]]:
        """Every episode recorded in the file (of every run and policy), as docs/report.md describes them."""
        from worldgen.rollouts import records

        return records.read(self.path)[0]


def _check_real(entries: list[Entry]) -> None:
    """Real bash is for terminal worlds, on a machine that permits namespaces: say so up front."""
    from worldgen.terminal.jail import available

    plain = [e.id for e in entries if e.world.scaffold.terminal is None]
    if plain:
        raise UsageError(f"worldgen rollout: error: --shell real plays terminal worlds in real bash; "
                         f"{plural(len(plain), 'world')} of this suite {'is' if len(plain) == 1 else 'are'} not (e.g. {plain[0]})")
    reason = available()
    if reason is not None:
        raise WorldgenError(f"worldgen rollout: error: {reason}")


def rollout(path: str | Path, policy: str, out: str | Path, *, episodes: int = 1, concurrency: int = 4, seed: int = 0,
            base_url: str | None = None, temperature: float = 0.0, api_key_env: str = "OPENAI_API_KEY",
            shell: str = "emulated", trust_edited: bool = False, progress: bool = True) -> Rollouts:
    """Play ``policy`` (random, oracle, fair-oracle, learner:POLICY.npz, openai:MODEL, ...) on every
    world of ``path`` ``episodes`` times (episode k with seed ``seed + k``), appending to ``out``;
    episodes already recorded there are skipped, so a failed call is finished by calling again.
    ``shell="real"`` plays terminal worlds in real bash."""
    from worldgen.rollouts import runner
    from worldgen.rollouts.policies import make_policy
    from worldgen.rollouts.sources import open_entries

    entries = open_entries(path, trust_edited)
    if shell == "real":
        _check_real(entries)
    player = make_policy(policy, base_url=base_url, temperature=temperature, api_key_env=api_key_env)
    out = Path(out)
    try:
        with show_progress(f"rollout {player.name}", len(entries) * episodes, "episodes", "done", "errors",
                           show=progress) as advance:
            result = outside_event_loop(lambda: asyncio.run(runner.run(
                entries, player, out, episodes, concurrency, seed, lambda r: advance(r["error"] is not None), shell)))
    except WorldgenError as err:
        raise WorldgenError(f"{err}\n(the episodes finished so far are in {out}; fix this and re-run the same "
                            "command to resume)") from None
    return Rollouts(out, player.name, result)
