"""What an agent sees, and what it can know: beliefs over the candidate worlds' states.

A *belief* is the set of (candidate world, state) pairs consistent with everything the agent has
been shown (``worldgen.verify.candidates`` gives the candidates), stored factored into what its
states share and what tells them apart (``worldgen.verify.factored``). A command splits a belief by
what the agent would read next. What the agent is shown is the step's text exactly as ``Env.step``
builds it (messages, refusals, the observation) and whether the episode ended; it is not told
the rewards, so nothing built on beliefs credits what a reward might leak.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from worldgen.codegen.names import RULE_ERRORS
from worldgen.ir.patterns import normalize
from worldgen.verify.candidates import Candidate
from worldgen.verify.factored import Belief, Element, elements, factor
from worldgen.verify.outcomes import stochastic

MAX_STEPS_EVALUATED = 2_000_000  # (state, command) steps computed before the answer is "unknown (bound)"

DONE, FAILED = -1, -2  # parts of a split that are not beliefs: every state in it reached the goal / one failed


def seen_key(text: str, done: bool, failed: bool) -> str:
    """What tells two outcomes apart for the agent: the text, and how (whether) the episode ended."""
    return f"{'done' if done else 'failed' if failed else 'on'}\n{text}"


# one outcome as a split reads it: what the agent sees (``seen_key``), DONE/FAILED or 0 (it goes on), where it leads
Read = tuple[str, int, Element]


class Unknown(Exception):
    """A search over beliefs needed more than its bounds."""


@dataclass(frozen=True)
class Seen:
    """One outcome of one command from one state: what the agent reads, and where it leads."""

    text: str
    done: bool
    failed: bool
    prob: float
    element: Element


class BeliefModel:
    def __init__(self, cands: list[Candidate], actual: int):
        self.cands = cands
        self.actual = actual  # the candidate that is the world itself
        self.steps_evaluated = 0
        self._outcomes: dict[tuple[Element, str], list[Seen]] = {}
        self._reads: dict[tuple[Element, str], tuple[Read, ...]] = {}  # the same outcomes, as ``split`` reads them
        self._admissible: dict[Element, tuple[str, ...]] = {}
        self._members: dict[Belief, tuple[Element, ...]] = {}
        self._factored: dict[tuple[Element, ...], Belief] = {}  # a split meets the same child from many beliefs

    def start(self) -> tuple[str, Belief]:
        """The first observation of the actual world, and the belief it leaves the agent with."""
        firsts = [self._first(c) for c in self.cands]
        mine = firsts[self.actual]
        return mine, factor([(i, c.initial) for i, c in enumerate(self.cands) if firsts[i] == mine])

    def _first(self, c: Candidate) -> str:
        s = list(c.initial)
        intro, text = c.rules.instruction(s), c.rules.observe(s)
        return f"{intro}\n\n{text}" if intro and text else intro or text

    def outcomes(self, element: Element, command: str) -> list[Seen]:
        """Every outcome of ``command`` from ``element``, as ``Env.step`` would produce it."""
        key = (element, command)
        hit = self._outcomes.get(key)
        if hit is not None:
            return hit
        self.steps_evaluated += 1
        if self.steps_evaluated > MAX_STEPS_EVALUATED:
            raise Unknown(f"more than {MAX_STEPS_EVALUATED} steps evaluated")
        ci, s = element
        rules = self.cands[ci].rules
        runs: list[tuple[float, list[str], tuple[Any, ...]]] = []
        b = rules.table.get(command)
        g = -2 if b is None else rules.guard[rules.bindings[b].action](s, *rules.bindings[b].args)
        if b is None or g >= 0:
            msg = None if b is None else rules.message[rules.bindings[b].action](s, *rules.bindings[b].args, g)
            runs.append((1.0, [msg if msg is not None else rules.invalid(s)], s))
        else:
            binding = rules.bindings[b]
            said: list[list[str]] = []

            def effect(new: list[Any], *rest: Any) -> None:
                out: list[str] = []
                said.append(out)
                rules.apply[binding.action](new, *rest, out)

            for o, out in zip(stochastic(effect, s, binding.args), said):
                runs.append((o.prob, out, o.state) if o.state is not None else (o.prob, [rules.invalid(s)], s))
        seen = []
        for prob, out, new in runs:
            try:
                text = rules.observe(list(new))
                _, done, failed = rules.signals(list(new))
            except RULE_ERRORS:
                text, done, failed = "", False, True
            lines = out + [text] if text else out
            seen.append(Seen("\n".join(lines), bool(done), bool(failed) and not done, prob, (ci, tuple(new))))
        self._outcomes[key] = seen
        return seen

    def members(self, belief: Belief) -> tuple[Element, ...]:
        """The belief's (candidate, state) pairs, sorted (kept: a belief is split by every command)."""
        hit = self._members.get(belief)
        if hit is None:
            hit = self._members[belief] = elements(belief)
        return hit

    def admissible(self, element: Element) -> tuple[str, ...]:
        """The commands ``element``'s state admits, normalized, in the rules' order."""
        hit = self._admissible.get(element)
        if hit is None:
            ci, s = element
            hit = self._admissible[element] = tuple(normalize(c) for c in self.cands[ci].rules.admissible(list(s)))
        return hit

    def commands(self, belief: Belief) -> list[str]:
        """Commands admissible in some state of the belief, in first-seen order."""
        out: dict[str, None] = {}
        for element in self.members(belief):
            out.update(dict.fromkeys(self.admissible(element)))
        return list(out)

    def admitted(self, belief: Belief) -> set[str]:
        """Commands every state of the belief admits: sending one is never refused."""
        sets = [set(self.admissible(element)) for element in self.members(belief)]
        return set.intersection(*sets) if sets else set()

    def split(self, belief: Belief, command: str) -> dict[str, Belief | int]:
        """What the agent may read after ``command``, each with the belief it leaves (or DONE/FAILED).

        The search splits every belief by every command, and a state sits in many beliefs: each
        (state, command) is read as (what the agent sees, how it ends, where it leads) once and
        kept (``_reads``), so a split is a pass over kept tuples."""
        parts: dict[str, list[Element]] = {}
        ends: dict[str, int] = {}
        kept = self._reads.get
        for element in self.members(belief):
            reads = kept((element, command))
            if reads is None:
                reads = self._read(element, command)
            for key, end, new in reads:
                if end:
                    ends[key] = end
                else:
                    got = parts.get(key)
                    if got is None:
                        parts[key] = [new]
                    else:
                        got.append(new)
        out: dict[str, Belief | int] = dict(ends)
        out.update((k, self._belief(v)) for k, v in parts.items())
        return out

    def _read(self, element: Element, command: str) -> tuple[Read, ...]:
        """``outcomes`` as ``split`` reads them, made once per (state, command)."""
        reads = self._reads[element, command] = tuple(
            (seen_key(o.text, o.done, o.failed), DONE if o.done else FAILED if o.failed else 0, o.element)
            for o in self.outcomes(element, command))
        return reads

    def _belief(self, states: list[Element]) -> Belief:
        key = tuple(sorted(set(states)))
        hit = self._factored.get(key)
        if hit is None:
            hit = self._factored[key] = factor(key)
            self._members.setdefault(hit, key)
        return hit
