"""Dependency-free inline SVG plots for the HTML report: histograms and grouped horizontal bars.

Every text that reaches the SVG is escaped (world ids, axis values and content come from files).
Plot text is set in a monospace font, whose glyphs all advance by the same share of the font
size, so margins are computed from the labels a plot actually holds and no label is clipped.
Numbers go through ``display.num`` (integers as integers). Every plot names what its axes count.
A distribution whose values are all equal is drawn as that one value, labelled, since a single
bin stretched over the whole plot reads as a solid box. Hovering a bar shows its numbers (<title>).
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

from worldgen.report.display import num

PALETTE = ("#3b6fd8", "#e0772b", "#2f9e6e", "#c94a8a", "#7c5cc4", "#8a8a3a")
LABEL_PX, TITLE_PX = 10, 12  # font sizes of labels (class "l") and titles (class "t")
CHAR_EM = 0.62  # a monospace glyph's advance in ems (DejaVu Sans Mono and Menlo: 0.602), with a margin
EDGE = 4  # blank pixels kept between any label and the plot's border
W, H = 360, 200  # histogram size, so plots line up in a grid
BARS_W = 640
LABEL_CHARS = 42  # longer bar labels are cut (the full label shows on hover)
FONT = "ui-monospace,Menlo,Consolas,'DejaVu Sans Mono',monospace"
STYLE = (f".plot{{width:360px;height:auto;border:1px solid #eee;border-radius:4px;background:#fff}} .plot.wide{{width:640px}}"
         f" .plot text{{font-family:{FONT};font-size:{LABEL_PX}px}} .plot .t{{font-size:{TITLE_PX}px;font-weight:600}}"
         " .plot .end{text-anchor:end} .plot .mid{text-anchor:middle} .plot .muted{fill:#666}"
         " .plot .axis{stroke:#999} .plot .median{stroke:#c33;stroke-dasharray:3 2} .plot .value{font-weight:600}")


def text_width(text: str, px: int = LABEL_PX) -> float:
    """Width of ``text`` in the plots' monospace font at ``px`` pixels."""
    return len(text) * px * CHAR_EM


def _fit(text: str, width: float, px: int) -> str:
    """``text`` cut with an ellipsis so that it fits ``width`` pixels."""
    most = int(width / (px * CHAR_EM))
    return text if len(text) <= most else text[:max(most - 1, 1)] + "…"


def _label(x: float, y: float, text: str, width: float, cls: str = "l mid", px: int = LABEL_PX) -> str:
    """A label centred on ``x`` (``mid``), ending at it (``end``) or starting at it, moved inwards as
    far as needed to stay inside a plot ``width`` wide."""
    w = text_width(text, px)
    if "mid" in cls:
        x = min(max(x, EDGE + w / 2), width - EDGE - w / 2)
    elif "end" in cls:
        x = min(max(x, EDGE + w), width - EDGE)
    else:
        x = min(max(x, EDGE), width - EDGE - w)
    return f'<text x="{x:.1f}" y="{y:.1f}" class="{cls}">{escape(text)}</text>'


def _open(width: float, height: float, title: str, wide: bool = False) -> str:
    return (f'<svg class="plot{" wide" if wide else ""}" viewBox="0 0 {width:.0f} {height:.0f}" role="img" '
            f'aria-label="{escape(title)}">' + _label(width / 2, 15, _fit(title, width - 2 * EDGE, TITLE_PX), width, "t mid", TITLE_PX))


def histogram(dist: dict[str, Any], title: str, x_title: str, y_title: str = "worlds") -> str:
    """Bars of a distribution's histogram with the median dashed, or one labelled value when every
    value is equal; counts (``y_title``) up, the measure (``x_title``) across."""
    hist = dist.get("histogram")
    if not hist:
        return _open(W, H, title) + f'<text x="{W / 2}" y="{H / 2}" class="l mid muted">no data</text></svg>'
    counts = hist["counts"]
    top = max(counts) or 1
    single = dist["min"] == dist["max"]
    caption = (f"all {dist['n']} {y_title}: {num(dist['min'])}" if single else
               f"n={dist['n']}, median {num(dist['median'])}, p10-p90 {num(dist['p10'])} to {num(dist['p90'])}")
    pad_l = EDGE + LABEL_PX + 6 + max(text_width(num(top)), text_width("0")) + 6
    pad_t, pad_b = 36, EDGE + 2 * LABEL_PX + 14
    base, pw = H - pad_b, W - pad_l - 2 * EDGE - 6
    ph = base - pad_t
    parts = [_open(W, H, title), _label(W / 2, 29, _fit(caption, W - 2 * EDGE, LABEL_PX), W, "l mid muted")]
    if single:
        cx = pad_l + pw / 2
        parts.append(f'<line x1="{cx:.1f}" y1="{base}" x2="{cx:.1f}" y2="{pad_t + 8}" stroke="{PALETTE[0]}" stroke-width="2"/>'
                     f'<circle cx="{cx:.1f}" cy="{pad_t + 8}" r="4" fill="{PALETTE[0]}"><title>{escape(caption)}</title></circle>')
        parts.append(_label(cx + 8, pad_t + 12, num(dist["min"]), W, "l value"))
        ticks = [(cx, num(dist["min"]))]
    else:
        edges = hist["edges"]
        lo, hi = edges[0], edges[-1]

        def x(v: float) -> float:
            return pad_l + (v - lo) / (hi - lo) * pw

        for i, c in enumerate(counts):
            x0, x1 = x(edges[i]), x(edges[i + 1])
            h = c / top * ph
            parts.append(f'<rect x="{x0 + 1:.1f}" y="{base - h:.1f}" width="{max(x1 - x0 - 2, 1):.1f}" height="{h:.1f}" '
                         f'fill="{PALETTE[0]}"><title>{num(edges[i])} to {num(edges[i + 1])}: {c}</title></rect>')
        m = x(dist["median"])
        parts.append(f'<line x1="{m:.1f}" y1="{pad_t}" x2="{m:.1f}" y2="{base}" class="median"><title>median {num(dist["median"])}</title></line>')
        values = [dist["min"], dist["max"]]
        centres = [(a + b) / 2 for a, b in zip(edges[:-1], edges[1:], strict=True)]
        if all(float(c).is_integer() for c in centres) and max(text_width(num(c)) for c in centres) + 4 < pw / len(centres):
            values = centres  # unit-wide bins of integers, and room to name each one
        ticks = [(x(v), num(v)) for v in values]
    parts.append(f'<line x1="{pad_l}" y1="{base}" x2="{pad_l + pw}" y2="{base}" class="axis"/>'
                 f'<line x1="{pad_l}" y1="{pad_t}" x2="{pad_l}" y2="{base}" class="axis"/>')
    parts += [_label(pad_l - 4, pad_t + 4, num(top), W, "l end"), _label(pad_l - 4, base, "0", W, "l end")]
    parts += [_label(tx, base + LABEL_PX + 3, text, W) for tx, text in ticks]
    parts.append(_label(pad_l + pw / 2, H - EDGE - 1, _fit(x_title, W - 2 * EDGE, LABEL_PX), W, "l mid muted xtitle"))
    parts.append(_y_title(y_title, (pad_t + base) / 2, H))
    parts.append("</svg>")
    return "".join(parts)


def _y_title(text: str, middle: float, height: float) -> str:
    """An axis title turned a quarter to the left, along the left border of a plot ``height`` tall,
    centred on ``middle`` as far as it fits."""
    text = _fit(text, height - 2 * EDGE, LABEL_PX)
    half = text_width(text) / 2
    middle = min(max(middle, EDGE + half), height - EDGE - half)
    return (f'<text transform="translate({EDGE + LABEL_PX - 1} {middle:.1f}) rotate(-90)" x="0" y="0" '
            f'class="l mid muted ytitle">{escape(text)}</text>')


def bars(rows: Sequence[tuple[str, Sequence[tuple[float | None, str]]]], series: list[str], title: str, x_title: str = "share",
         y_title: str = "", limit: float = 1.0, percent: bool = True) -> str:
    """Grouped horizontal bars: one group per row label (what the rows are: ``y_title``, drawn unless
    empty), one bar per series (value, printed note); values run from 0 to ``limit`` (1.0 and
    ``percent`` for rates, a count otherwise). The report names both axes of every plot it draws."""
    bar_h, gap, width = 11, 8, BARS_W
    n = max(len(series), 1)
    shorts = [label if len(label) <= LABEL_CHARS else label[:LABEL_CHARS - 1] + "…" for label, _ in rows]
    label_w = EDGE + LABEL_PX + 6 + max((text_width(s) for s in shorts), default=0) + 8
    right = max((text_width(note) for _, values in rows for _, note in values), default=0) + 4 + EDGE
    pw = width - label_w - right
    pad_t = 26
    parts = []
    y = pad_t
    for short, (label, values) in zip(shorts, rows, strict=True):
        parts.append(f'<text x="{label_w - 6:.1f}" y="{y + n * bar_h / 2 + 4}" class="l end">{escape(short)}<title>{escape(label)}</title></text>')
        for i, (value, note) in enumerate(values):
            if value is None:
                parts.append(f'<text x="{label_w + 2:.1f}" y="{y + bar_h - 2}" class="l muted">n/a</text>')
            else:
                w = max(value / limit * pw, 0.5) if limit else 0.5
                parts.append(f'<rect x="{label_w:.1f}" y="{y}" width="{w:.1f}" height="{bar_h - 1}" fill="{PALETTE[i % len(PALETTE)]}">'
                             f'<title>{escape(series[i])}: {escape(note)}</title></rect>'
                             f'<text x="{label_w + w + 4:.1f}" y="{y + bar_h - 2}" class="l">{escape(note)}</text>')
            y += bar_h
        y += gap
    bottom = y
    parts.append(f'<line x1="{label_w:.1f}" y1="{pad_t - 4}" x2="{label_w:.1f}" y2="{y}" class="axis"/>'
                 f'<line x1="{label_w:.1f}" y1="{y}" x2="{label_w + pw:.1f}" y2="{y}" class="axis"/>')
    shares = (0.0, 0.5, 1.0) if percent or float(limit / 2).is_integer() else (0.0, 1.0)  # no half a world
    for share in shares:
        tick = f"{share:.0%}" if percent else num(share * limit)
        parts.append(_label(label_w + share * pw, y + LABEL_PX + 3, tick, width))
    y += 2 * LABEL_PX + 6
    parts.append(_label(label_w + pw / 2, y, x_title, width, "l mid muted xtitle"))
    y += 8
    lx = label_w
    for i, name in enumerate(series):  # the legend, wrapped onto as many lines as it needs
        item = 14 + text_width(name) + 16
        if lx + item > width - EDGE and lx > label_w:
            lx, y = label_w, y + 16
        parts.append(f'<rect x="{lx:.1f}" y="{y}" width="10" height="10" fill="{PALETTE[i % len(PALETTE)]}"/>'
                     + _label(lx + 14, y + 9, _fit(name, width - lx - 14 - EDGE, LABEL_PX), width, "l"))
        lx += item
    height = y + 10 + EDGE + 2
    if y_title:
        parts.append(_y_title(y_title, (pad_t + bottom) / 2, height))
    return _open(width, height, title, wide=True) + "".join(parts) + "</svg>"
