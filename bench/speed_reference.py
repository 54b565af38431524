"""The field's speed reference, TextWorldExpress's Python API, driven by the benches' own step
loop so that its steps/s sit beside worldgen's in the same run (issue 25).

Not a dependency of worldgen: the benches print how to install it when it is missing
(`pip install textworld-express` into the venv; it starts a Java server, so `java` must be on PATH).
"""

from __future__ import annotations

import importlib.metadata
import shutil
import subprocess
from typing import Any

# The two games the issue names, each in a small configuration of its documented parameters.
GAMES = {
    "coin": "numLocations=5,includeDoors=1,numDistractorItems=0",
    "cookingworld": "numLocations=3,numIngredients=2,numDistractorItems=2,includeDoors=0,limitInventorySize=0",
}


class TextWorldExpressGame:
    """One TextWorldExpress game in the Gymnasium shape the benches time (reset -> obs, info;
    step -> 5-tuple; ``info["admissible"]`` its valid actions, read every step like worldgen's)."""

    def __init__(self, server: Any, game: str) -> None:
        self.server, self.game, self.episode = server, game, 0

    def reset(self, seed: int | None = None) -> tuple[str, dict[str, Any]]:
        self.episode = self.episode + 1 if seed is None else seed
        obs, infos = self.server.reset(seed=self.episode % 100, gameFold="train", gameName=self.game,
                                       gameParams=GAMES[self.game], generateGoldPath=False)
        return obs, {"admissible": infos["validActions"]}

    def step(self, command: str) -> tuple[str, float, bool, bool, dict[str, Any]]:
        obs, reward, done, infos = self.server.step(command)
        return obs, float(reward), bool(done), False, {"admissible": infos["validActions"]}


def versions() -> str | None:
    """'textworld-express X, Java Y', or None when either is missing."""
    try:
        package = importlib.metadata.version("textworld-express")
    except importlib.metadata.PackageNotFoundError:
        return None
    java = shutil.which("java")
    if java is None:
        return None
    shown = subprocess.run([java, "-version"], capture_output=True, text=True, check=False).stderr.splitlines()
    return f"textworld-express {package}, {shown[0] if shown else 'java (version unknown)'}"


def games() -> tuple[Any, dict[str, TextWorldExpressGame]]:
    """The Java server and one env per game; the caller closes the server."""
    from textworld_express import TextWorldExpressEnv

    server = TextWorldExpressEnv(envStepLimit=100)
    return server, {name: TextWorldExpressGame(server, name) for name in GAMES}


MISSING = "TextWorldExpress: not measured (pip install textworld-express into this venv; it needs java on PATH)"
