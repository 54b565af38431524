"""`worldgen content FILE.wg -n N -o PACK`: generate (or resume) a content pack.

Providers: ``procedural`` (offline, the default), ``openai`` (any OpenAI-compatible endpoint) and
``openai-batch`` (write Batch API requests; import results with ``--import-results``).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from worldgen.cli.common import folder, whole_number
from worldgen.cli.llm_options import endpoint, price, seconds, temperature


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "content",
        help="generate a content pack for a scaffold (resumable)",
        description="Fill PACK with N validated content records for a scaffold. Re-running the same "
        "command resumes a killed run without regenerating or duplicating anything.",
    )
    p.add_argument("file", help="scaffold source (.wg) or scaffold IR (.json)")
    p.add_argument("-n", type=whole_number(0), required=True, metavar="N", help="number of records the pack must hold")
    p.add_argument("-o", "--out", type=folder, required=True, metavar="PACK", help="pack folder (created or resumed)")
    p.add_argument("--provider", choices=("procedural", "openai", "openai-batch"), default="procedural")
    p.add_argument("--seed", type=whole_number(0), default=0, help="seed of the records (and of prompt diversity hints)")
    p.add_argument("--json", action="store_true", help="print the manifest (or import counts) as JSON")
    llm = p.add_argument_group("LLM providers (openai, openai-batch)")
    llm.add_argument("--model", help="model name, e.g. gpt-4.1-mini or the name a vLLM/Ollama server uses")
    llm.add_argument("--base-url", type=endpoint, help="OpenAI-compatible endpoint, e.g. http://localhost:8000/v1 (default: OpenAI)")
    llm.add_argument("--api-key-env", default="OPENAI_API_KEY", metavar="VAR", help="environment variable holding the API key")
    llm.add_argument("--concurrency", type=whole_number(1), default=8, metavar="K", help="requests in flight (default 8)")
    llm.add_argument("--repairs", type=whole_number(0), default=2, metavar="R", help="times an invalid answer is sent back with its errors")
    llm.add_argument("--retries", type=whole_number(0), default=6, help="retries of one request on 429/5xx/timeouts")
    llm.add_argument("--timeout", type=seconds, default=120.0, metavar="SECONDS", help="per-request timeout")
    llm.add_argument("--temperature", type=temperature, default=1.0, help="sampling temperature, 0 to 2 (default 1)")
    llm.add_argument(
        "--response-format",
        choices=("auto", "json_schema", "json_object", "none"),
        default="auto",
        help="auto: structured outputs, falling back to JSON mode when the server refuses them",
    )
    llm.add_argument("--price-in", type=price, metavar="USD", help="price per million prompt tokens (with --price-out: overrides the table)")
    llm.add_argument("--price-out", type=price, metavar="USD", help="price per million completion tokens (with --price-in)")
    llm.add_argument("--cache", type=Path, metavar="FILE", help="answer cache (default $WORLDGEN_CACHE or ~/.cache/worldgen/content.sqlite)")
    llm.add_argument("--no-cache", action="store_true", help="do not read or write the answer cache")
    llm.add_argument("--max-rejects", type=whole_number(1), metavar="M", help="stop after M rejects in one run (default max(100, N))")
    llm.add_argument("--import-results", type=Path, metavar="FILE", help="openai-batch: import a Batch API results JSONL")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from worldgen.content import ContentOptions, generate_pack, import_batch_results, write_batch_requests
    from worldgen.content.cache import default_cache_path
    from worldgen.content.source import load_scaffold

    usage = _usage_problem(args)
    if usage is not None:
        print(f"worldgen content: {usage}", file=sys.stderr)
        return 2
    scaffold = load_scaffold(args.file)
    options = ContentOptions(
        provider=args.provider,
        seed=args.seed,
        model=args.model,
        base_url=args.base_url,
        api_key_env=args.api_key_env,
        concurrency=args.concurrency,
        repairs=args.repairs,
        retries=args.retries,
        timeout_s=args.timeout,
        temperature=args.temperature,
        response_format=args.response_format,
        price_in=args.price_in,
        price_out=args.price_out,
        cache=None if args.no_cache else (args.cache or default_cache_path()),
        max_rejects=args.max_rejects,
    )
    if args.provider != "openai-batch":
        manifest = generate_pack(scaffold, args.out, args.n, options)
        _report(args, manifest)
        if args.provider == "procedural":  # a note after the pack, so an error stays the first line
            from worldgen.content.slotreport import kinds_line

            line = kinds_line(scaffold)
            if line is not None:
                print(f"worldgen content: {line}", file=sys.stderr)
        return 0
    if args.import_results:
        result = import_batch_results(scaffold, args.out, args.n, options, args.import_results)
        manifest = result["manifest"]
        if args.json:
            print(json.dumps(result, indent=2, sort_keys=True))
        else:
            counts = result["imported"]
            print(f"imported {args.import_results}: " + ", ".join(f"{k} {v}" for k, v in counts.items()))
            _report(args, manifest)
        if manifest["complete"]:
            return 0
    path, count = write_batch_requests(scaffold, args.out, args.n, options)
    if count:
        print(
            f"wrote {count} requests to {path}\n"
            f"submit them (OpenAI Batch API, endpoint /v1/chat/completions, or `vllm run-batch -i {path} -o results.jsonl --model {args.model}`),"
            f" then run this command again with --import-results results.jsonl",
            file=sys.stderr,
        )
    return 0


def _report(args: argparse.Namespace, manifest: dict[str, Any]) -> None:
    if args.json:
        print(json.dumps(manifest, indent=2, sort_keys=True))
        return
    c = manifest["counts"]
    cost = manifest["cost_usd"]
    tokens = manifest["tokens"]
    print(
        f"{args.out}: {c['records']}/{manifest['target']} records, {c['rejected']} rejected"
        f" ({c['invalid']} invalid, {c['duplicate']} duplicate, {c['error']} failed requests),"
        f" {tokens['prompt'] + tokens['completion']} tokens, cost {'unknown' if cost is None else f'${cost:.4f}'}"
    )


def _usage_problem(args: argparse.Namespace) -> str | None:
    """What no run of these options could do, said before anything is read or sent."""
    if args.import_results and args.provider != "openai-batch":
        return "--import-results needs --provider openai-batch"
    if args.provider != "procedural" and not args.model:
        return f"--model is required with --provider {args.provider}"
    if (args.price_in is None) != (args.price_out is None):
        return "--price-in and --price-out go together (a price for prompt and for completion tokens)"
    return None
