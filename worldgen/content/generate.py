"""Make content packs: pick the provider, open (or resume) the pack, run, write the manifest.

This is the one place that strings validator, provider, pack and runner together; the CLI and the
Python API both come through here.
"""

from __future__ import annotations

import asyncio
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from worldgen.canonical import sha256
from worldgen.content.cache import ContentCache, default_cache_path
from worldgen.content.pack import Pack, PackIdentity
from worldgen.content.pricing import price_for
from worldgen.content.progress import PackProgress
from worldgen.content.providers.base import Provider
from worldgen.content.providers.openai_batch import BatchFiles
from worldgen.content.providers.procedural import ProceduralProvider
from worldgen.content.runner import fill_pack
from worldgen.content.schema import schema_hash
from worldgen.content.validate import Validator
from worldgen.errors import WorldgenError
from worldgen.ir.models import Scaffold

PROVIDERS = ("procedural", "openai", "openai-batch")


@dataclass(frozen=True)
class ContentOptions:
    """How to make a pack. Fields that only matter to LLM providers are ignored by procedural."""

    provider: str = "procedural"
    seed: int = 0
    model: str | None = None
    base_url: str | None = None
    api_key_env: str = "OPENAI_API_KEY"
    concurrency: int = 8
    repairs: int = 2
    retries: int = 6
    timeout_s: float = 120.0
    backoff_s: float = 0.5
    temperature: float = 1.0
    response_format: str = "auto"
    price_in: float | None = None  # USD per million tokens, overriding the list prices
    price_out: float | None = None
    cache: Path | None = field(default_factory=default_cache_path)  # None disables the cache
    max_rejects: int | None = None


def generate_pack(
    scaffold: Scaffold, out: str | Path, n: int, options: ContentOptions | None = None, *, progress: bool | None = None
) -> dict[str, Any]:
    """Fill the pack at ``out`` up to ``n`` records (resuming what is there); returns the manifest.

    ``progress``: show a progress bar (default: only when stderr is a terminal).
    """
    options = options or ContentOptions()
    if options.provider == "openai-batch":
        raise WorldgenError("openai-batch makes request files: use write_batch_requests / import_batch_results")
    validator = Validator(scaffold)
    cache = ContentCache(options.cache if options.provider == "openai" else None)
    try:
        provider = _live_provider(scaffold, validator, options, cache)
        identity = _identity(scaffold, validator, provider.name, provider.model, options.seed, provider.settings())
        concurrency = options.concurrency if options.provider == "openai" else 1
        return asyncio.run(_fill(out, identity, validator, _count(n), provider, concurrency, progress, options.max_rejects))
    finally:
        cache.close()


def procedural_record(scaffold: Scaffold, index: int = 0, seed: int = 0) -> dict[str, Any]:
    """Record ``index`` of the procedural provider, made in memory: content for playing a new
    scaffold before any pack exists (the same record `worldgen content --seed SEED` keeps there,
    unless the pack rejected it as a near-duplicate of an earlier one)."""
    outcome = ProceduralProvider(scaffold, Validator(scaffold), seed).make(index)
    if outcome.record is None:
        raise WorldgenError(f"{scaffold.name}: error: the procedural provider cannot fill record {index}: {outcome.reason}")
    return outcome.record


def write_batch_requests(scaffold: Scaffold, out: str | Path, n: int, options: ContentOptions) -> tuple[Path, int]:
    """Write ``out/batch_requests.jsonl`` for the records the pack still lacks."""
    batch, pack = _batch(scaffold, out, n, options)
    try:
        return batch.write_requests(pack)
    finally:
        pack.close()


def import_batch_results(scaffold: Scaffold, out: str | Path, n: int, options: ContentOptions, results: str | Path) -> dict[str, Any]:
    """Import a Batch API results file into the pack; returns the counts and the manifest."""
    batch, pack = _batch(scaffold, out, n, options)
    try:
        counts = batch.import_results(pack, Path(results))
    finally:
        pack.close()
    return {"imported": counts, "manifest": pack.manifest()}


async def _fill(
    out: str | Path, identity: PackIdentity, validator: Validator, n: int, provider: Provider, concurrency: int,
    progress: bool | None, max_rejects: int | None
) -> dict[str, Any]:
    try:
        pack = _open(out, identity, n, validator)
        try:
            with PackProgress(n, len(pack.kept), enabled=progress) as bar:
                await fill_pack(pack, provider, concurrency=concurrency, progress=bar, max_rejects=max_rejects)
        finally:
            pack.close()
        return pack.manifest()
    finally:
        await provider.aclose()


def _live_provider(scaffold: Scaffold, validator: Validator, options: ContentOptions, cache: ContentCache) -> Provider:
    if options.provider == "procedural":
        return ProceduralProvider(scaffold, validator, options.seed)
    if options.provider == "openai":
        # imported here: the openai client takes ~0.6 s to import, which `check` (the procedural
        # record its estimate explores) and every other offline use would pay for nothing
        from worldgen.content.providers.openai_chat import ChatSettings, OpenAIChatProvider

        settings = ChatSettings(
            model=_model(options),
            base_url=options.base_url,
            api_key_env=options.api_key_env,
            repairs=options.repairs,
            retries=options.retries,
            timeout_s=options.timeout_s,
            backoff_s=options.backoff_s,
            temperature=options.temperature,
            response_format=options.response_format,
            price=price_for(_model(options), options.price_in, options.price_out),
        )
        return OpenAIChatProvider(scaffold, validator, options.seed, settings, cache)
    raise WorldgenError(f"unknown provider {options.provider!r}; choose one of {', '.join(PROVIDERS)}")


def _batch(scaffold: Scaffold, out: str | Path, n: int, options: ContentOptions) -> tuple[BatchFiles, Pack]:
    validator = Validator(scaffold)
    model = _model(options)
    price = price_for(model, options.price_in, options.price_out, batch=True)
    batch = BatchFiles(scaffold, validator, options.seed, model, options.temperature, price)
    identity = _identity(scaffold, validator, batch.name, model, options.seed, batch.settings())
    return batch, _open(out, identity, _count(n), validator)


def _open(out: str | Path, identity: PackIdentity, n: int, validator: Validator) -> Pack:
    """Open the pack, telling the user (stderr) which kept records were invalid and dropped."""
    pack = Pack.open(out, identity, n, validator)
    if pack.dropped:
        print(f"{out}: dropped {len(pack.dropped)} invalid record(s) on resume (moved to rejects.jsonl):", file=sys.stderr)
        for line in pack.dropped:
            print(f"  {line['id']}: {line['reason'].removeprefix('dropped on resume: ')}", file=sys.stderr)
    return pack


def _identity(scaffold: Scaffold, validator: Validator, provider: str, model: str, seed: int, settings: dict[str, Any]) -> PackIdentity:
    return PackIdentity(
        scaffold=scaffold.name,
        scaffold_hash=sha256(scaffold.to_json()),
        schema_hash=schema_hash(validator.schema),
        provider=provider,
        model=model,
        seed=seed,
        settings=settings,
    )


def _model(options: ContentOptions) -> str:
    if not options.model:
        raise WorldgenError(f"--model is required with --provider {options.provider}")
    return options.model


def _count(n: int) -> int:
    if n < 0:
        raise WorldgenError(f"-n must be at least 0, not {n}")
    return n

