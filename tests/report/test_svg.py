"""The report's SVG plots read on their own: constant data is one labelled value, every label fits
inside the plot, integers are written as integers, and every plot names what its axes count."""

from __future__ import annotations

import re

import pytest

from tests.report.svgtext import assert_labels_fit, boxes
from worldgen.report import svg
from worldgen.report.stats import distribution


def test_a_constant_series_is_one_labelled_value_not_a_box() -> None:
    plot = svg.histogram(distribution([3, 3, 3, 3]), "solution length", "steps")
    assert "<rect" not in plot and plot.count("<circle") == 1
    assert ">all 4 worlds: 3</text>" in plot  # the caption says it
    assert re.search(r'class="l value">3</text>', plot)  # and the value is printed beside the dot
    spread = svg.histogram(distribution([2, 3, 3]), "solution length", "steps")
    assert "<circle" not in spread and spread.count("<rect") == 2  # real histograms keep their bars


@pytest.mark.parametrize("values", [[0.07174, 0.91, 0.5], [-123456.5, 0.000012, 98765.25], [1, 2, 3, 4, 5, 6, 7],
                                    [250_000, 1_000_000, 4_000_000]])
def test_histogram_labels_fit_inside_the_plot(values: list[float]) -> None:
    assert_labels_fit(svg.histogram(distribution(values * 40), "a title that is quite long for a small plot indeed",
                                    "a measure with a long axis title, longer than the plot is wide", "episodes"))


def test_bar_labels_notes_and_legend_fit_inside_the_plot() -> None:
    rows = [(f"scaffold {'long-axis-name' * 4}=value-{i}", [(i / 5, f"{20 * i:.1f}% ({i}/5)"), (None, "n/a"), (1.0, "100.0% (12345/12345)")])
            for i in range(6)]
    series = ["oracle", "random", "openai:a-model-with-a-very-long-name-indeed"] * 2
    plot = svg.bars(rows, series[:3], "success per axis value", "success rate", "scaffold axis = value")
    assert_labels_fit(plot)
    assert_labels_fit(svg.bars([("all worlds", [(0.5, "50.0% (1/2)")] * 6)], series, "success", "success rate", "scaffold"))
    counts = svg.bars([("tally interface = verbs", [(4.0, "4 worlds")])], ["tally"], "worlds per value", "worlds",
                      "axis or param = value", limit=4, percent=False)
    assert_labels_fit(counts)
    assert [t for t, *_ in boxes(counts) if t in ("0", "2", "4")] == ["0", "2", "4"]  # count ticks, no "2.0"


def test_integers_are_never_in_scientific_notation() -> None:
    plot = svg.histogram(distribution([150_000, 250_000, 1_000_000]), "reachable states", "states")
    assert "e+" not in plot and "median 250000," in plot and ">150000<" in plot and ">1000000<" in plot
    constant = svg.histogram(distribution([2_000_000] * 3), "reachable states", "states")
    assert "e+" not in constant and ">2000000<" in constant


def test_every_plot_titles_its_axes() -> None:
    plots = [svg.histogram(distribution([1, 2]), "h", "steps"), svg.histogram(distribution([5]), "c", "states", "episodes"),
             svg.bars([("a = 1", [(0.5, "50.0% (1/2)")])], ["oracle"], "b", "success rate", "axis = value")]
    for plot, (x_title, y_title) in zip(plots, [("steps", "worlds"), ("states", "episodes"), ("success rate", "axis = value")],
                                        strict=True):
        assert re.search(rf'class="l mid muted xtitle">{x_title}</text>', plot)
        assert re.search(rf'rotate\(-90\)" x="0" y="0" class="l mid muted ytitle">{y_title}</text>', plot)


def test_text_from_files_is_escaped() -> None:
    plot = svg.bars([("<b>&", [(1.0, "<i>")])], ["<s>"], "<t>", "x", "y")
    assert "<b>" not in plot and "<i>" not in plot and "&lt;s&gt;" in plot


def test_integer_bins_each_get_a_tick_when_their_labels_fit() -> None:
    ticks = [t for t, *_ in boxes(svg.histogram(distribution([4, 5, 6, 6, 10]), "solution length", "steps"))]
    assert ticks[ticks.index("4"):ticks.index("10") + 1] == ["4", "5", "6", "7", "8", "9", "10"]
    wide = [t for t, *_ in boxes(svg.histogram(distribution([100_000, 100_018]), "states", "states"))]
    assert "100000" in wide and "100018" in wide and "100009" not in wide  # 19 six-digit labels would overlap
