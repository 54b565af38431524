"""A batch's text observations: each text is rendered by its world's rules (through that world's
``TableEnv``) the first time any env is shown it, then every env reads it by id, so a step's
texts cost one gather.

Ids are kept per transition (what its step says), per (state, command) refused there (the last
column: a command id the world does not have) and per world (what a reset shows).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from worldgen.tables.joined import Joined
from worldgen.tables.step import TableEnv


class BatchTexts:
    def __init__(self, joined: Joined, renderers: Sequence[TableEnv]):
        self._j = joined
        self._renderers = renderers
        self._texts = np.empty(1024, dtype=object)
        self._count = 0
        self._said = np.full(len(joined.dst), -1, dtype=np.int64)
        self._refused = np.full((joined.over, joined.edge.shape[1] + 1), -1, dtype=np.int64)
        self.opening = np.array([self._add(r.opening()[0]) for r in renderers], dtype=np.int64)

    def _add(self, text: str) -> int:
        if self._count == len(self._texts):
            grown = np.empty(2 * len(self._texts), dtype=object)
            grown[:self._count] = self._texts
            self._texts = grown
        self._texts[self._count] = text
        self._count += 1
        return self._count - 1

    def of(self, ids: np.ndarray) -> np.ndarray:
        """The texts (an object array of str) of text ids."""
        return self._texts[ids]

    def said(self, transitions: np.ndarray) -> np.ndarray:
        """The text ids of what ``transitions`` (global ids) say, rendering the new ones."""
        ids = self._said[transitions]
        for tr in np.unique(transitions[ids < 0]).tolist():
            w = int(np.searchsorted(self._j.trans_start, tr, side="right")) - 1
            self._said[tr] = self._add(self._renderers[w].transition_text(tr - int(self._j.trans_start[w])))
        return self._said[transitions] if np.any(ids < 0) else ids

    def refused(self, worlds: np.ndarray, states: np.ndarray, columns: np.ndarray) -> np.ndarray:
        """The text ids of commands refused in ``states`` (global ids); a column past the world's
        commands is a command id the world does not have."""
        ids = self._refused[states, columns]
        missing = np.flatnonzero(ids < 0)
        for i in missing.tolist():
            s, col, w = int(states[i]), int(columns[i]), int(worlds[i])
            if self._refused[s, col] < 0:
                b = col if col < self._j.commands[w] else None
                self._refused[s, col] = self._add(self._renderers[w].refusal(s - int(self._j.state_start[w]), b))
        return self._refused[states, columns] if len(missing) else ids
