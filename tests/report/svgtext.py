"""Where an SVG plot's labels land, measured as a browser draws them in a monospace font."""

from __future__ import annotations

import re
from html import unescape

from worldgen.report import svg

MONO_ADVANCE = 0.602  # DejaVu Sans Mono's (and Menlo's) glyph advance in ems: what a browser really draws
TEXT = re.compile(r'<text (?:transform="translate\(([\d.-]+) ([\d.-]+)\) rotate\(-90\)" )?x="([\d.-]+)" y="([\d.-]+)" '
                  r'class="([^"]+)">(.*?)</text>')


def viewbox(plot: str) -> tuple[float, float]:
    width, height = re.search(r'viewBox="0 0 ([\d.]+) ([\d.]+)"', plot).groups()  # type: ignore[union-attr]
    return float(width), float(height)


def boxes(plot: str) -> list[tuple[str, float, float, float, float]]:
    """(text, left, right, top, bottom) of every label, as a monospace font draws it."""
    out = []
    for tx, ty, x, y, cls, body in TEXT.findall(plot):
        text = unescape(re.sub(r"<title>.*?</title>", "", body))
        px = svg.TITLE_PX if "t" in cls.split() else svg.LABEL_PX
        w = len(text) * px * MONO_ADVANCE
        if tx:  # turned a quarter to the left about (tx, ty): runs upwards, its glyphs left of tx
            out.append((text, float(tx) - px, float(tx), float(ty) - w / 2, float(ty) + w / 2))
            continue
        left = float(x) - (w / 2 if "mid" in cls.split() else w if "end" in cls.split() else 0)
        out.append((text, left, left + w, float(y) - px, float(y)))
    return out


def assert_labels_fit(plot: str) -> None:
    width, height = viewbox(plot)
    found = boxes(plot)
    assert found and len(found) == plot.count("<text ")  # every label was measured
    for text, left, right, top, bottom in found:
        assert 0 <= left and right <= width and 0 <= top and bottom <= height, (text, left, right, top, bottom, width, height)
