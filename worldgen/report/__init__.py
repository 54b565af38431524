"""The suite report: the five criteria of environment-suite quality, measured (docs/report.md).

    >>> from worldgen.report import build_report, to_json
    >>> report = build_report("suite/", rollouts=["oracle.jsonl", "random.jsonl"])
    >>> report["signals"]["oracle_coverage"]["rate"], report["rollouts"]["policies"]["random"]["by_axis"]
"""

from __future__ import annotations

from worldgen.report.build import build_report, to_json
from worldgen.report.html import render_html
from worldgen.report.text import render_text

__all__ = ["build_report", "render_html", "render_text", "to_json"]
