"""A content pack on disk: ``records.jsonl``, ``rejects.jsonl`` and ``manifest.json`` in a folder.

Every outcome is appended to its file and flushed before the next one is taken, so a run killed at
any point (even ``kill -9``) leaves every kept record on disk; reopening the pack reads them back,
cuts a torn last line, and hands out only record indices that were never kept or judged. Records
whose text normalises to that of a kept record are rejected as near-duplicates (a record with no
text, e.g. ``{}`` of a content-free scaffold, never is). Reopening also
re-validates every kept record against the scaffold's schema and rules (the file may have been
edited, or written by a provider with a bug): an invalid one is dropped from ``records.jsonl`` and
moved to ``rejects.jsonl`` with its reason, so the pack is topped up and never serves it. The manifest is
derived from the two logs (rewritten atomically about once a second and at the end), so it can
always be rebuilt and never disagrees with them.
"""

from __future__ import annotations

import json
import os
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from worldgen import __version__
from worldgen.content.normalise import fingerprint
from worldgen.content.packlog import amount, check_reject, count, read_log, read_manifest
from worldgen.content.providers.base import Outcome, record_id
from worldgen.content.validate import Validator
from worldgen.errors import WorldgenError
from worldgen.files import open_append, write_atomic
from worldgen.folder_lock import FolderLock
from worldgen.ir.models import canonical_json

RECORDS, REJECTS, MANIFEST = "records.jsonl", "rejects.jsonl", "manifest.json"
PACK_FORMAT = 1
MANIFEST_REJECTS = 1000  # rejects listed in the manifest; all of them are in rejects.jsonl
MANIFEST_EVERY_S = 1.0


@dataclass(frozen=True)
class PackIdentity:
    """What a pack's records were made from; a pack is only ever extended with the same."""

    scaffold: str
    scaffold_hash: str
    schema_hash: str
    provider: str
    model: str
    seed: int
    settings: dict[str, Any] = field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        return {
            "scaffold": self.scaffold,
            "scaffold_hash": self.scaffold_hash,
            "schema_hash": self.schema_hash,
            "provider": self.provider,
            "model": self.model,
            "seed": self.seed,
            "settings": self.settings,
        }


@dataclass
class Totals:
    """Sums over every outcome of the pack (all runs)."""

    prompt_tokens: int = 0
    completion_tokens: int = 0
    cost_usd: float | None = 0.0
    attempts: int = 0
    retries: int = 0
    cache_hits: int = 0

    def add(self, line: dict[str, Any]) -> None:
        usage = line.get("usage")
        usage = usage if isinstance(usage, dict) else {}  # an edited line counts what it still says
        self.prompt_tokens += count(usage.get("prompt_tokens"))
        self.completion_tokens += count(usage.get("completion_tokens"))
        cost = amount(line.get("cost_usd"))
        self.cost_usd = None if cost is None or self.cost_usd is None else self.cost_usd + cost
        self.attempts += count(line.get("attempts"), 1)
        self.retries += count(line.get("retries"))
        self.cache_hits += count(line.get("cache_hits"))


class Pack:
    """An open pack: the state read back from disk plus append-only writers."""

    def __init__(self, path: Path, identity: PackIdentity, target: int):
        self.path = path
        self.identity = identity
        self.target = target
        self.kept: dict[int, str] = {}  # index -> record id
        self.judged: set[int] = set()  # indices kept or rejected for good (errors are retried)
        self.fingerprints: dict[str, str] = {}  # near-duplicate key -> record id
        self.rejects: list[dict[str, Any]] = []
        self.totals = Totals()
        self.duration_s = 0.0
        self._started = time.monotonic()
        self._manifest_at = 0.0
        self.dropped: list[dict[str, Any]] = []  # reject lines of the records this open dropped
        self._records: IO[str] | None = None
        self._rejects: IO[str] | None = None
        self._lock: FolderLock | None = None

    # ------------------------------------------------------------------------------ opening

    @classmethod
    def open(cls, path: str | Path, identity: PackIdentity, target: int, validator: Validator) -> Pack:
        """Open (creating or resuming) the pack at ``path`` for ``target`` records; kept records
        that ``validator`` finds invalid are dropped (``dropped`` lists them)."""
        pack = cls(Path(path), identity, target)
        pack.path.mkdir(parents=True, exist_ok=True)
        pack._lock = FolderLock(pack.path, "`worldgen content`")
        try:
            pack._load(validator)
        except BaseException:
            pack._lock.release()
            raise
        return pack

    def _load(self, validator: Validator) -> None:
        """Read what the pack holds, drop what no longer validates, and open its logs to append."""
        self._check_identity()
        kept = []
        for _, line in read_log(self.path / RECORDS):
            why = self._invalid(line, validator)
            if why is None:
                self._load_record(line)
                kept.append(line)
            else:
                self.dropped.append(_dropped(line, *why))
        if len(kept) > self.target:  # a pack is only ever extended: nothing kept is deleted
            raise WorldgenError(f"{self.path}: error: already holds {len(kept)} records, more than the {self.target} asked for; "
                                f"ask for -n {len(kept)} or more to extend it, or write a smaller pack to another folder (-o)")
        for where, line in read_log(self.path / REJECTS):
            self._load_reject(check_reject(where, line))
        self._rejects = open_append(self.path / REJECTS)
        # A dropped record's reason is on disk before the record leaves records.jsonl, so a kill
        # in between loses nothing; one a killed resume already wrote is not written twice.
        written = {canonical_json(line) for line in self.rejects}
        for line in self.dropped:  # after the old rejects, so a dropped record is judged once
            if canonical_json(line) not in written:
                self._append(self._rejects, line)
                self._load_reject(line)
        if self.dropped:
            write_atomic(self.path / RECORDS, "".join(canonical_json(line) + "\n" for line in kept))
        self._records = open_append(self.path / RECORDS)
        self.write_manifest()

    def _invalid(self, line: Any, validator: Validator) -> tuple[str, str, list[list[str]]] | None:
        """Why a kept record line cannot be served, as (reject kind, reason, [pointer, rule]
        violations), or None when it is valid."""
        if not isinstance(line, dict) or not isinstance(line.get("index"), int) or not isinstance(line.get("id"), str):
            return "invalid", "not a record line (needs an int \"index\", a string \"id\" and \"content\")", []
        if line["index"] in self.kept:
            return "duplicate", f"index {line['index']} is kept twice (this copy is dropped, the first one kept)", []
        _, violations = validator.check(line.get("content"), line["id"])
        if violations:
            first = violations[0]
            more = f" (and {len(violations) - 1} more)" if len(violations) > 1 else ""
            return "invalid", f"{first.rule} at {first.pointer or '/'}{more}", [[v.pointer, v.rule] for v in violations]
        return None

    def _check_identity(self) -> None:
        manifest = self.path / MANIFEST
        if not manifest.exists():
            if (self.path / RECORDS).exists():
                raise WorldgenError(f"{self.path}: error: has {RECORDS} but no {MANIFEST}; not a worldgen pack")
            return
        previous = read_manifest(manifest)
        for key, value in self.identity.as_dict().items():
            if previous.get(key) != value:
                raise WorldgenError(
                    f"{self.path}: error: this pack was made with {key} = {previous.get(key)!r}, not {value!r};"
                    " write to another folder (-o) or delete this one"
                )
        self.duration_s = amount(previous.get("duration_s")) or 0.0

    def _load_record(self, line: dict[str, Any]) -> None:
        index = line["index"]
        self.kept[index] = line["id"]
        self.judged.add(index)
        key = fingerprint(line["content"])
        if key is not None:
            self.fingerprints.setdefault(key, line["id"])
        self.totals.add(line)

    def _load_reject(self, line: dict[str, Any]) -> None:
        if line["kind"] != "error":
            self.judged.add(line["index"])
        self.rejects.append(line)
        self.totals.add(line)

    # ------------------------------------------------------------------------------ writing

    @property
    def done(self) -> bool:
        return len(self.kept) >= self.target

    def pending(self) -> Iterator[int]:
        """Record indices never kept nor rejected for good, in increasing order."""
        index = 0
        while True:
            if index not in self.judged:
                yield index
            index += 1

    def add(self, outcome: Outcome) -> str:
        """Keep or reject one outcome, durably; returns what happened: kept|invalid|duplicate|error."""
        rid = record_id(self.identity.scaffold, self.identity.seed, outcome.index)
        base = {
            "id": rid,
            "index": outcome.index,
            "prompt_hash": outcome.prompt_hash,
            "usage": {"prompt_tokens": outcome.usage.prompt_tokens, "completion_tokens": outcome.usage.completion_tokens},
            "cost_usd": outcome.usage.cost_usd,
            "attempts": outcome.attempts,
            "retries": outcome.retries,
            "cache_hits": outcome.cache_hits,
        }
        if outcome.record is not None:
            key = fingerprint(outcome.record)
            twin = None if key is None else self.fingerprints.get(key)
            if twin is None:
                line = {
                    **base,
                    "provider": self.identity.provider,
                    "model": self.identity.model,
                    "seed": self.identity.seed,
                    "content": outcome.record,
                }
                self._append(self._records, line)
                self.kept[outcome.index] = rid
                self.judged.add(outcome.index)
                if key is not None:
                    self.fingerprints[key] = rid
                self.totals.add(line)
                return "kept"
            outcome.reject, outcome.reason = "duplicate", f"near-duplicate of {twin}"
        kind = outcome.reject or "invalid"
        line = {
            **base,
            "kind": kind,
            "reason": outcome.reason,
            "violations": [[v.pointer, v.rule] for v in outcome.violations],
        }
        self._append(self._rejects, line)
        if kind != "error":
            self.judged.add(outcome.index)
        self.rejects.append(line)
        self.totals.add(line)
        return kind

    def _append(self, stream: IO[str] | None, line: dict[str, Any]) -> None:
        assert stream is not None, "pack is closed"
        stream.write(canonical_json(line) + "\n")
        stream.flush()
        if time.monotonic() - self._manifest_at >= MANIFEST_EVERY_S:
            self.write_manifest()

    def close(self) -> None:
        """Flush to stable storage and write the final manifest."""
        for stream in (self._records, self._rejects):
            if stream is not None:
                os.fsync(stream.fileno())
                stream.close()
        self._records = self._rejects = None
        self.write_manifest()
        if self._lock is not None:
            self._lock.release()

    # ------------------------------------------------------------------------------ manifest

    def manifest(self) -> dict[str, Any]:
        kinds = Counter(r["kind"] for r in self.rejects)
        reasons = Counter(_reason_code(r) for r in self.rejects)
        t = self.totals
        return {
            "format": PACK_FORMAT,
            "worldgen": __version__,
            **self.identity.as_dict(),
            "target": self.target,
            "complete": self.done,
            "counts": {
                "records": len(self.kept),
                "rejected": len(self.rejects),
                "invalid": kinds["invalid"],
                "duplicate": kinds["duplicate"],
                "error": kinds["error"],
                "attempts": t.attempts,
                "retries": t.retries,
                "cache_hits": t.cache_hits,
            },
            "reject_reasons": dict(sorted(reasons.items())),
            "rejects": [
                {"id": r["id"], "kind": r["kind"], "reason": r["reason"]} for r in self.rejects[:MANIFEST_REJECTS]
            ],
            "tokens": {"prompt": t.prompt_tokens, "completion": t.completion_tokens},
            "cost_usd": None if t.cost_usd is None else round(t.cost_usd, 9),
            "duration_s": round(self.duration_s + time.monotonic() - self._started, 3),
        }

    def write_manifest(self) -> None:
        """Replace manifest.json atomically (a reader never sees half a manifest)."""
        self._manifest_at = time.monotonic()
        text = json.dumps(self.manifest(), indent=2, sort_keys=True, ensure_ascii=False) + "\n"
        write_atomic(self.path / MANIFEST, text)


SPENT = ("usage", "cost_usd", "attempts", "retries", "cache_hits")  # what a line says its record cost


def _dropped(line: Any, kind: str, reason: str, violations: list[list[str]]) -> dict[str, Any]:
    """The rejects.jsonl line of a kept record dropped on resume. It carries what the record
    cost, so the pack's totals keep it (a line without a cost made the whole pack's cost unknown);
    a second copy of a kept line cost nothing more."""
    index = line.get("index") if isinstance(line, dict) else None
    rid = line.get("id") if isinstance(line, dict) else None
    spent = {k: line[k] for k in SPENT if k in line} if isinstance(line, dict) and kind != "duplicate" else {}
    return {"id": rid if isinstance(rid, str) else "?", "index": index if isinstance(index, int) else -1,
            "kind": kind, "reason": f"dropped on resume: {reason}", "violations": violations,
            **{"cost_usd": 0.0, "attempts": 0, **spent}}


def _reason_code(reject: dict[str, Any]) -> str:
    """The rule code of a reject's first violation (e.g. ``schema/pattern``, ``unique``), or its kind."""
    if reject["kind"] != "invalid" or not reject.get("violations"):
        return reject["kind"] if reject["kind"] != "invalid" else reject["reason"].split(":", 1)[0]
    return reject["violations"][0][1].split(":", 1)[0]
