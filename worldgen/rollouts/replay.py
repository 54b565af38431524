"""Does a recorded episode replay? Its commands, run through its world's runtime with its seed,
must give the recorded observations, rewards, ``valid`` flags, return, success and ending.

A rollout file is data anyone can edit, and the report counts what it says, so the report replays
every episode before counting it (replaying is cheap next to playing: no policy is asked). Only
an episode's ``error`` cannot be re-checked: a world that raised is replayed up to the step that
raised, and one that raised at reset has nothing to replay. A world with step tables replays from
them, whichever runtime recorded the episode: both give the same traces.
"""

from __future__ import annotations

from typing import Any

from worldgen.rollouts.runtimes import open_env
from worldgen.rollouts.sources import Entry
from worldgen.verify.report import ROUND


def mismatch(entry: Entry, episode: dict[str, Any]) -> str | None:
    """The first way the episode differs from its replay, or None when it replays exactly."""
    try:
        trace, seed = list(episode["trace"]), episode["seed"]
        if episode["observation"] is None and (episode.get("error") or {}).get("source") == "world":
            return None if not trace else "steps recorded after a failed reset"
        env = open_env(entry)[0]
        try:
            obs, info = env.reset(seed=seed)
            if obs != episode["observation"]:
                return "the first observation differs"
            total, ended = 0.0, (False, False)
            for number, step in enumerate(trace, 1):
                obs, reward, terminated, truncated, info = env.step(step["command"])
                total += reward
                ended = (bool(terminated), bool(truncated))
                if obs != step["observation"]:
                    return f"step {number} ({step['command']!r}): the observation differs"
                if (round(reward, ROUND), bool(info["valid"])) != (step["reward"], step["valid"]):
                    return f"step {number} ({step['command']!r}): reward or valid differs"
        finally:
            env.close()
        replayed = {"return": round(total, ROUND), "success": bool(info["success"]), "steps": len(trace),
                    "terminated": ended[0], "truncated": ended[1]}
    except (KeyError, TypeError, AttributeError) as err:
        return f"not a complete episode record ({type(err).__name__}: {err})"
    except Exception as err:  # noqa: BLE001 - the runtime promises never to raise; if it does, say so
        return f"the world raised on replay ({type(err).__name__}: {err})"
    wrong = [k for k, v in replayed.items() if episode.get(k) != v]
    return f"recorded {', '.join(f'{k} {episode.get(k)!r}' for k in wrong)}; replay gives " \
           f"{', '.join(f'{replayed[k]!r}' for k in wrong)}" if wrong else None
