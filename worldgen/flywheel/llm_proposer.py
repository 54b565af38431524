"""``--proposer openai:MODEL``: an LLM that writes new scaffold families, repaired by worldgen's own tools.

Each draft is one conversation with any OpenAI-compatible endpoint. The system message holds the
compact language reference (``flywheel.reference``, generated from docs/language.md); the user
message the brief: the band, the solver's weak spots (scaffolds it always or never wins), two or
three library scaffolds chosen for relevance (those farthest outside the band, which the new
family should differ from), and what to answer (one scaffold in a ```wg block). worldgen's tools
then run on every answer, as the gate would: check (diagnostics returned verbatim), compile a
small suite (its rejections returned with a counterexample of the first failed draw), and oracle
and random rollouts on it. Their report goes back as the next user turn, up to ``max_rounds``
answers; the last draft is handed to the full gate either way. Every transcript is saved
(OUT/transcripts/NNN.json), and tokens and cost are counted per draft and per run. A killed run
resumes: transcripts already written are read back instead of asking the model again, and a
conversation cut short goes on from its last saved answer (OUT/transcripts/NNN.partial.json).
Answers are untrusted: clipped and cleaned before anything parses or stores them (``flywheel.answers``),
and the probe judges drafts within the run's budget (``flywheel.budget``), which the brief states.
"""

from __future__ import annotations

import json
import re
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import openai
from openai import OpenAI

from worldgen.content.pricing import price_for
from worldgen.errors import WorldgenError
from worldgen.files import write_atomic
from worldgen.flywheel.accept import Gate
from worldgen.flywheel.answers import cleaned, clipped_note, scaffold
from worldgen.flywheel.budget import GateBudget
from worldgen.flywheel.draft import Draft
from worldgen.flywheel.library import LibraryScaffold
from worldgen.flywheel.mutate import Band
from worldgen.flywheel.reference import packaged_reference
from worldgen.flywheel.solver import SolverView
from worldgen.llm import Endpoint, clip, describe_error
from worldgen.reach import check_reachable

_WORLD = re.compile(r"^[ \t]*world\s+([A-Za-z_][A-Za-z0-9_]*)\s*\{", re.M)  # [ \t]: `\s*` at every line start is quadratic in blank lines
EXAMPLES = 3
FEEDBACK_CHARS = 6000


@dataclass(frozen=True)
class LLMSettings(Endpoint):
    temperature: float = 0.7
    max_rounds: int = 4  # answers per draft: the first and up to max_rounds - 1 repairs
    max_drafts: int = 8  # conversations per run at most
    max_tokens: int = 8192
    probe_seeds: range = range(6)  # the small suite the tools compile for feedback


class LLMProposer:
    def __init__(self, settings: LLMSettings):
        self.settings = settings
        self.name = f"openai:{settings.model}"
        check_reachable(settings.base_url)
        self.client = OpenAI(api_key=settings.api_key(), base_url=settings.base_url, max_retries=settings.retries,
                             timeout=settings.timeout_s)
        self.price = price_for(settings.model)
        self.totals = {"prompt": 0, "completion": 0, "requests": 0}

    def usage(self) -> dict[str, Any]:
        cost = self.price.cost(self.totals["prompt"], self.totals["completion"]) if self.price else None
        return {"tokens": dict(self.totals), "cost_usd": None if cost is None else round(cost, 6), "model": self.settings.model}

    def drafts(self, library: list[LibraryScaffold], view: SolverView, band: Band, out: Path, gate: Gate) -> Iterator[Draft]:
        examples = _relevant(library, view, band)
        brief = _brief(examples, view, band, library, gate.budget)
        probe = Gate(list(gate.library), band, self.settings.probe_seeds, solver=gate.solver, budget=gate.budget)
        for n in range(self.settings.max_drafts):
            path = out / "transcripts" / f"{n:03d}.json"
            if path.is_file():
                draft = _read_draft(path)
                for key in self.totals:
                    self.totals[key] += draft.tokens.get(key, 0)
                yield draft
                continue
            progress = path.with_suffix(".partial.json")
            draft = self._conversation(brief, examples, probe, progress)
            write_atomic(path, json.dumps(_draft_json(draft), indent=2, ensure_ascii=False) + "\n")
            progress.unlink(missing_ok=True)
            yield draft

    def _conversation(self, brief: str, examples: list[LibraryScaffold], probe: Gate, progress: Path) -> Draft:
        """One draft's conversation, saved to ``progress`` after every answer: a run killed in the
        middle resumes it there, its tokens counted, instead of paying for it again."""
        state = _read_json(progress) or {
            "messages": [{"role": "system", "content": SYSTEM + "\n\n" + packaged_reference()}, {"role": "user", "content": brief}],
            "tokens": {"prompt": 0, "completion": 0, "requests": 0}, "source": "", "note": ""}
        messages, tokens = state["messages"], state["tokens"]
        if progress.is_file():
            for key in self.totals:
                self.totals[key] += tokens[key]
        rounds = sum(m["role"] == "assistant" for m in messages)
        while True:
            if messages[-1]["role"] == "assistant":
                report, passed = _tools(state["source"], probe)
                if passed:
                    break
                fix = "Fix it and answer with the whole corrected scaffold."
                messages.append({"role": "user", "content": "\n\n".join(filter(None, (state["note"], report, fix)))})
                if rounds >= self.settings.max_rounds:
                    break
            raw = self._complete(messages, tokens)
            answer = cleaned(raw)
            rounds += 1
            messages.append({"role": "assistant", "content": clip(answer, FEEDBACK_CHARS * 4)})
            state.update(source=scaffold(answer), note=clipped_note(raw))
            progress.parent.mkdir(parents=True, exist_ok=True)
            write_atomic(progress, json.dumps(state, ensure_ascii=False) + "\n")
        cost = self.price.cost(tokens["prompt"], tokens["completion"]) if self.price else None
        found = _WORLD.search(state["source"])
        name = found.group(1) if found else "proposal"
        return Draft(tuple(e.name for e in examples), name, state["source"], "a new scaffold family written by the model",
                     brief.split("\n", 1)[0], self.name, self.settings.model, rounds, tokens,
                     None if cost is None else round(cost, 6), None, tuple(messages))

    def _complete(self, messages: list[dict[str, str]], tokens: dict[str, int]) -> str:
        s = self.settings
        try:
            response = self.client.chat.completions.create(model=s.model, messages=messages,  # type: ignore[arg-type]
                                                           temperature=s.temperature, max_tokens=s.max_tokens)
        except openai.APIError as err:
            raise WorldgenError(f"--proposer {self.name}: {describe_error(err)}; check the model name and --base-url") from err
        self.totals["requests"] += 1
        tokens["requests"] += 1
        if response.usage is not None:
            for key, value in (("prompt", response.usage.prompt_tokens), ("completion", response.usage.completion_tokens)):
                tokens[key] += value or 0
                self.totals[key] += value or 0
        choice = response.choices[0] if response.choices else None
        return (choice.message.content or "") if choice is not None else ""


SYSTEM = ("You design families of text worlds for training agents with reinforcement learning, written as "
          "worldgen scaffolds. A scaffold fixes the verifiable rules (state, commands, dynamics, observations, "
          "rewards, goals) and its params and axes vary the worlds. Answer with exactly one complete scaffold "
          "in a ```wg code block. The language:")


def _tools(source: str, probe: Gate) -> tuple[str, bool]:
    """What worldgen's check, compile and rollouts say about a draft, and whether it passed them."""
    if not source.strip():
        return "No scaffold found in your answer: put one complete scaffold in a ```wg block.", False
    with tempfile.TemporaryDirectory() as work:
        verdict = probe.evaluate(source, "proposal.wg", Path(work) / "suite", None)
        detail = _first_failed_draw(Path(work) / "suite") if verdict.reason.startswith("compile") else ""
    if verdict.accepted:
        return "All tools passed.", True
    lines = [f"worldgen's tools ran on your scaffold. Passed: {', '.join(verdict.passed) or 'nothing'}.",
             f"Failed: {verdict.reason}"]
    if detail:
        lines.append("The first failed draw, with its counterexample:\n" + detail)
    measured = {k: v for k, v in verdict.measured.items() if k in ("compiled", "oracle_success", "random_success", "solver")}
    if measured:
        lines.append("Measured: " + json.dumps(measured))
    return clip("\n".join(lines), FEEDBACK_CHARS), False


def _first_failed_draw(suite: Path) -> str:
    draws = suite / "draws.jsonl"
    if not draws.is_file():
        return ""
    first = draws.read_text("utf-8").splitlines()[:1]
    return clip(json.dumps(json.loads(first[0]), indent=1), FEEDBACK_CHARS // 2) if first else ""


def _relevant(library: list[LibraryScaffold], view: SolverView, band: Band) -> list[LibraryScaffold]:
    """The library scaffolds farthest outside the band (the solver's weak spots and easy wins), then the rest."""
    def distance(s: LibraryScaffold) -> float:
        result = view.scaffolds.get(s.name)
        return band.distance(result.success if result else None)

    return sorted(library, key=lambda s: (-distance(s), s.name))[:EXAMPLES]


def _brief(examples: list[LibraryScaffold], view: SolverView, band: Band, library: list[LibraryScaffold],
           budget: GateBudget) -> str:
    spots = [f"- {name}: the solver wins {r.success:.0%} of {r.episodes} episodes" for name, r in sorted(view.scaffolds.items())]
    shown = "\n\n".join(f"Library scaffold {e.name}:\n```wg\n{e.source}```" for e in examples)
    return (f"Write a new scaffold family unlike the library's where the solver ({view.policy}) would win between "
            f"{band.lo:.0%} and {band.hi:.0%} of its episodes.\n\n"
            f"The library holds {len(library)} scaffolds: {', '.join(s.name for s in library)}. Use a new world name.\n"
            "How the solver does on them:\n" + "\n".join(spots) + "\n\n" + shown + "\n\n"
            "Your scaffold must check, compile for most seeds with every world solvable, and random play must "
            f"win less than {band.hi:.0%} of its episodes. It is judged within a budget: {budget.limits()}; "
            "a scaffold declaring more (`check within`, `horizon`) is rejected. Answer with one ```wg block.")


def _draft_json(d: Draft) -> dict[str, Any]:
    return {"parents": list(d.parents), "name": d.name, "source": d.source, "change": d.change, "why": d.why,
            "proposer": d.proposer, "model": d.model, "rounds": d.rounds, "tokens": d.tokens, "cost_usd": d.cost_usd,
            "transcript": list(d.transcript)}


def _read_json(path: Path) -> Any:
    return json.loads(path.read_text("utf-8")) if path.is_file() else None


def _read_draft(path: Path) -> Draft:
    data = json.loads(path.read_text("utf-8"))
    return Draft(tuple(data["parents"]), data["name"], data["source"], data["change"], data["why"], data["proposer"],
                 data["model"], data["rounds"], data["tokens"], data["cost_usd"], None, tuple(data["transcript"]))
