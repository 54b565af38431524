"""A batch's text observations: each text is rendered by its world's rules (through that world's
``TableEnv``) the first time any env is shown it, then every env reads it by id, so a step's
texts cost one gather.

Ids are kept per transition (what its step says), per (state, command) cell of the successor
table refused there (past the world's commands: a command id it does not have) and per world
(what a reset shows).
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
        self._refused = np.full(len(joined.edge), -1, dtype=np.int64)  # as the successor table: state x command
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
        return self._texts.take(ids)

    def step(self, admitted: np.ndarray, transitions: np.ndarray, cells: np.ndarray, worlds: np.ndarray) -> np.ndarray:
        """The text id of each env's step: what its transition says where ``admitted``, else its
        refusal in its (state, command) cell of the successor table; new texts are rendered."""
        ids = np.where(admitted, self._said.take(transitions), self._refused.take(cells))
        new = np.flatnonzero(ids < 0)
        for i in new.tolist():
            if admitted[i]:
                ids[i] = self._said_id(int(transitions[i]))
            else:
                ids[i] = self._refused_id(int(cells[i]), int(worlds[i]))
        return ids

    def _said_id(self, tr: int) -> int:
        if self._said[tr] < 0:
            w = int(np.searchsorted(self._j.trans_start, tr, side="right")) - 1
            self._said[tr] = self._add(self._renderers[w].transition_text(tr - int(self._j.trans_start[w])))
        return int(self._said[tr])

    def _refused_id(self, cell: int, w: int) -> int:
        """A cell past the world's commands is a command id the world does not have."""
        if self._refused[cell] < 0:
            state, col = divmod(cell, self._j.width + 1)
            b = col if col < self._j.commands[w] else None
            self._refused[cell] = self._add(self._renderers[w].refusal(state - int(self._j.state_start[w]), b))
        return int(self._refused[cell])
