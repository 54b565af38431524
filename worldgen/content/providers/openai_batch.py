"""The ``openai-batch`` provider: OpenAI Batch API files instead of live requests.

``write_requests`` writes one Chat Completions request per missing record (``custom_id`` = record
id, the same prompt and structured-output format as the live provider) for ``openai batches``,
``vllm run-batch`` or any compatible runner. ``import_results`` reads the results file, matches
lines by ``custom_id`` (never by order), and passes every answer through the same validation into
the pack. A batch cannot repair answers in place: invalid ones are rejected with their reasons, and
writing the requests again asks for replacements under fresh record indices.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from worldgen.content.pack import Pack
from worldgen.content.pricing import Price
from worldgen.content.prompt import PromptBuilder, json_schema_format, prompt_hash
from worldgen.content.providers.base import Outcome, Usage, record_id
from worldgen.content.validate import Validator
from worldgen.errors import WorldgenError
from worldgen.files import write_atomic
from worldgen.ir.models import Scaffold, canonical_json
from worldgen.jsondata import parse_object
from worldgen.llm import answer_text, answer_tokens

ENDPOINT = "/v1/chat/completions"
REQUESTS = "batch_requests.jsonl"
MAX_REQUESTS = 50_000  # the Batch API's limit per file


class BatchFiles:
    """Request files out, result files in, for one pack."""

    name = "openai-batch"

    def __init__(self, scaffold: Scaffold, validator: Validator, seed: int, model: str, temperature: float, price: Price | None):
        self.scaffold = scaffold
        self.validator = validator
        self.seed = seed
        self.model = model
        self.temperature = temperature
        self.price = price
        self.prompts = PromptBuilder(scaffold, seed)

    def settings(self) -> dict[str, Any]:
        return {"temperature": self.temperature}

    def request(self, index: int) -> dict[str, Any]:
        """The Batch API input line for record ``index``."""
        body = {
            "model": self.model,
            "messages": self.prompts.messages(index, include_schema=False),
            "temperature": self.temperature,
            "response_format": json_schema_format(self.scaffold.name, self.prompts.schema),
        }
        return {"custom_id": record_id(self.scaffold.name, self.seed, index), "method": "POST", "url": ENDPOINT, "body": body}

    def write_requests(self, pack: Pack) -> tuple[Path, int]:
        """Write requests for the records the pack still lacks; returns (file, number of requests)."""
        missing = min(pack.target - len(pack.kept), MAX_REQUESTS)
        path = pack.path / REQUESTS
        indices = pack.pending()
        write_atomic(path, "".join(canonical_json(self.request(next(indices))) + "\n" for _ in range(max(0, missing))))
        return path, max(0, missing)

    def import_results(self, pack: Pack, results: Path) -> dict[str, int]:
        """Validate every result line into the pack; returns how many were kept/rejected/skipped."""
        counts = {"kept": 0, "invalid": 0, "duplicate": 0, "error": 0, "skipped": 0}
        prefix = f"{self.scaffold.name}-{self.seed}-"
        try:
            lines = results.read_text(encoding="utf-8").splitlines()
        except OSError as err:
            raise WorldgenError(f"{results}: cannot read results ({err.strerror})") from err
        for number, raw in enumerate(lines, 1):
            if not raw.strip():
                continue
            line = parse_object(raw, f"{results}:{number}", "results line")
            custom_id = str(line.get("custom_id", ""))
            index = _index_of(custom_id, prefix)
            if index is None:
                raise WorldgenError(f"{results}:{number}: custom_id {custom_id!r} is not a request of this pack ({prefix}N)")
            if index in pack.judged or pack.done:
                counts["skipped"] += 1
                continue
            verdict = pack.add(self._outcome(index, line))
            counts[verdict] += 1
        if pack.done:  # its requests are all answered: submitting them again would pay for nothing
            (pack.path / REQUESTS).unlink(missing_ok=True)
        return counts

    def _outcome(self, index: int, line: dict[str, Any]) -> Outcome:
        messages = self.prompts.messages(index, include_schema=False)
        outcome = Outcome(index, prompt_hash(messages, self.model))
        response = line.get("response")
        body = response.get("body") if isinstance(response, dict) else None
        status = response.get("status_code") if isinstance(response, dict) else None
        if line.get("error") or status != 200 or not isinstance(body, dict):
            error = line.get("error") or (body.get("error") if isinstance(body, dict) else None) or {}
            if not error and not isinstance(body, dict):  # not what the Batch API writes: retried as a failure
                error = "the line has no response.body object"
            outcome.reject = "error"
            outcome.reason = f"batch request failed ({status}): {error.get('message', error) if isinstance(error, dict) else error}"
            return outcome
        pt, ct = answer_tokens(body)  # a count that is not one (negative, text) is 0, as a live answer's
        outcome.usage = Usage(pt, ct, self.price.cost(pt, ct) if self.price else None)
        text = answer_text(body)
        record, violations = self.validator.check_json(text, record_id(self.scaffold.name, self.seed, index))
        if violations:
            outcome.reject, outcome.violations = "invalid", violations
            outcome.reason = f"invalid (batch answers are not repaired): {violations[0].pointer or '/'}: {violations[0].rule}"
        else:
            outcome.record = record
        return outcome



def _index_of(custom_id: str, prefix: str) -> int | None:
    if not custom_id.startswith(prefix):
        return None
    tail = custom_id[len(prefix) :]
    return int(tail) if tail.isdigit() else None
