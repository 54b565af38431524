"""Dependency-free inline SVG plots for the HTML report: histograms and grouped horizontal bars.

Every text that reaches the SVG is escaped (world ids, axis values and content come from files).
Sizes are fixed so plots line up in a grid; hovering a bar shows its exact numbers (<title>).
"""

from __future__ import annotations

from html import escape
from typing import Any

PALETTE = ("#3b6fd8", "#e0772b", "#2f9e6e", "#c94a8a", "#7c5cc4", "#8a8a3a")
W, H = 360, 190
PAD_L, PAD_R, PAD_T, PAD_B = 36, 10, 24, 34
LABEL_CHARS = 42  # longer bar labels are cut (the full label shows on hover)


def _fmt(x: float) -> str:
    return f"{x:.4g}"


def histogram(dist: dict[str, Any], title: str) -> str:
    """Bars of a distribution's histogram, the median as a dashed line; empty data says so."""
    head = f'<svg class="plot" viewBox="0 0 {W} {H}" role="img" aria-label="{escape(title)}">' \
           f'<text x="{W / 2}" y="15" class="t">{escape(title)}</text>'
    hist = dist.get("histogram")
    if not hist:
        return head + f'<text x="{W / 2}" y="{H / 2}" class="t muted">no data</text></svg>'
    edges, counts = hist["edges"], hist["counts"]
    lo, hi, top = edges[0], edges[-1], max(counts) or 1
    pw, ph = W - PAD_L - PAD_R, H - PAD_T - PAD_B

    def x(v: float) -> float:
        return PAD_L + (v - lo) / (hi - lo) * pw if hi > lo else PAD_L + pw / 2

    parts = [head]
    for i, c in enumerate(counts):
        x0, x1 = x(edges[i]), x(edges[i + 1])
        h = c / top * ph
        parts.append(f'<rect x="{x0 + 1:.1f}" y="{PAD_T + ph - h:.1f}" width="{max(x1 - x0 - 2, 1):.1f}" height="{h:.1f}" '
                     f'fill="{PALETTE[0]}"><title>{_fmt(edges[i])} to {_fmt(edges[i + 1])}: {c}</title></rect>')
    base = PAD_T + ph
    parts.append(f'<line x1="{PAD_L}" y1="{base}" x2="{W - PAD_R}" y2="{base}" class="axis"/>')
    parts.append(f'<text x="{PAD_L - 4}" y="{PAD_T + 8}" class="l end">{top}</text>')
    parts.append(f'<text x="{PAD_L - 4}" y="{base}" class="l end">0</text>')
    for v in (dist["min"], dist["max"]):
        parts.append(f'<text x="{x(v):.1f}" y="{base + 14}" class="l mid">{_fmt(v)}</text>')
    m = x(dist["median"])
    parts.append(f'<line x1="{m:.1f}" y1="{PAD_T}" x2="{m:.1f}" y2="{base}" class="median"><title>median {_fmt(dist["median"])}</title></line>')
    parts.append(f'<text x="{W / 2}" y="{H - 4}" class="l mid muted">n={dist["n"]}, median {_fmt(dist["median"])}, '
                 f'p10-p90 {_fmt(dist["p10"])}-{_fmt(dist["p90"])}</text>')
    parts.append("</svg>")
    return "".join(parts)


def bars(rows: list[tuple[str, list[tuple[float | None, str]]]], series: list[str], title: str, limit: float = 1.0) -> str:
    """Grouped horizontal bars: one group per row label, one bar per series (value, hover text);
    values run from 0 to ``limit`` (1.0 for rates)."""
    bar_h, gap, label_w, width = 11, 8, 230, 640
    n = max(len(series), 1)
    height = PAD_T + len(rows) * (n * bar_h + gap) + 30
    pw = width - label_w - 100
    parts = [f'<svg class="plot wide" viewBox="0 0 {width} {height}" role="img" aria-label="{escape(title)}">',
             f'<text x="{width / 2}" y="15" class="t">{escape(title)}</text>']
    y = PAD_T
    for label, values in rows:
        short = label if len(label) <= LABEL_CHARS else label[:LABEL_CHARS - 1] + "…"
        parts.append(f'<text x="{label_w - 6}" y="{y + n * bar_h / 2 + 4}" class="l end">{escape(short)}<title>{escape(label)}</title></text>')
        for i, (value, note) in enumerate(values):
            if value is None:
                parts.append(f'<text x="{label_w + 2}" y="{y + bar_h - 2}" class="l muted">n/a</text>')
            else:
                w = max(value / limit * pw, 0.5)
                parts.append(f'<rect x="{label_w}" y="{y}" width="{w:.1f}" height="{bar_h - 1}" fill="{PALETTE[i % len(PALETTE)]}">'
                             f'<title>{escape(series[i])}: {escape(note)}</title></rect>'
                             f'<text x="{label_w + w + 4:.1f}" y="{y + bar_h - 2}" class="l">{escape(note)}</text>')
            y += bar_h
        y += gap
    parts.append(f'<line x1="{label_w}" y1="{PAD_T - 4}" x2="{label_w}" y2="{y}" class="axis"/>')
    for i, name in enumerate(series):
        lx = label_w + i * 120
        parts.append(f'<rect x="{lx}" y="{y + 6}" width="10" height="10" fill="{PALETTE[i % len(PALETTE)]}"/>'
                     f'<text x="{lx + 14}" y="{y + 15}" class="l">{escape(name)}</text>')
    parts.append("</svg>")
    return "".join(parts)
