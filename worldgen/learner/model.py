"""The learner's weights and its file, ``POLICY.npz``: a format version, the weights, and how
they were trained. A file of another version is refused with a message, never half-read."""

from __future__ import annotations

import math
import zipfile
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from worldgen.errors import WorldgenError
from worldgen.learner.features import Featurizer

FORMAT = "worldgen.learner/1"
BUCKETS = 1 << 16


@dataclass
class Model:
    """A linear softmax policy: command scores are sums of hashed feature weights."""

    weights: np.ndarray
    episodes: int = 0  # trained on so far (an --init model keeps counting)

    @classmethod
    def new(cls, buckets: int = BUCKETS) -> Model:
        return cls(np.zeros(buckets, dtype=np.float64))

    def featurizer(self) -> Featurizer:
        return Featurizer(self.weights.size)

    def probabilities(self, features: list[np.ndarray]) -> np.ndarray:
        """Softmax over the commands whose feature indices are ``features``. (``np.add.reduce`` is
        what ``ndarray.sum`` runs, without its Python-level wrapper: the same sums to the bit.)"""
        weights, add = self.weights, np.add.reduce
        scores = np.array([add(weights[f]) / math.sqrt(f.size) for f in features])
        scores -= scores.max()
        p = np.exp(scores)
        return p / p.sum()

    def choose(self, featurize: Featurizer, observation: str, commands: list[str],
               chooser: np.random.Generator) -> tuple[int, np.ndarray, list[np.ndarray]]:
        """A command drawn from the softmax (training and play draw alike): its index, the
        probabilities, and each command's feature indices."""
        features = [featurize(observation, c) for c in commands]
        p = self.probabilities(features)
        return draw(chooser, p), p, features

    def save(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        partial = path.with_name(path.name + ".partial.npz")
        np.savez(partial, format=np.array(FORMAT), weights=self.weights, episodes=np.array(self.episodes))
        partial.replace(path)


def draw(chooser: np.random.Generator, p: np.ndarray) -> int:
    """``chooser.choice(len(p), p=p)``, the same index from the same one uniform draw (NumPy's own
    steps: the cumulative sums scaled to end at 1, searched for the draw), without its checks of
    ``p``, which a softmax meets by construction and which cost more than the draw itself.
    ``tests/flywheel/test_learner.py`` holds the two equal."""
    cdf = p.cumsum()
    cdf /= cdf[-1]
    return int(cdf.searchsorted(chooser.random(), side="right"))


def load(path: str | Path) -> Model:
    """The model in ``path``; a missing file, another program's file or another format version is
    a WorldgenError that says what to do."""
    path = Path(path)
    try:
        with np.load(path, allow_pickle=False) as data:
            version = str(data["format"]) if "format" in data.files else None
            if version != FORMAT:
                raise WorldgenError(f"{path}: error: a learner file of format {version!r}; this worldgen reads {FORMAT!r}: "
                                    "train it again with `worldgen learn SUITE -o POLICY.npz`")
            weights = np.asarray(data["weights"], dtype=np.float64)
            episodes = int(data["episodes"])
    except FileNotFoundError:
        raise WorldgenError(f"{path}: error: no such learner file (train one with `worldgen learn SUITE -o {path}`)") from None
    except (OSError, ValueError, KeyError, zipfile.BadZipFile) as err:
        # np.load reads any file it cannot place as a pickle, which it refuses: that is not one of ours
        why = "not a NumPy .npz archive" if "pickled" in str(err) else str(err)
        raise WorldgenError(f"{path}: error: not a learner file (worldgen learn writes them): {why}") from None
    if weights.ndim != 1 or weights.size == 0:
        raise WorldgenError(f"{path}: error: not a learner file: its weights are not one vector")
    return Model(weights, episodes)
