"""The report as one self-contained HTML file: no scripts, no external files, inline SVG plots.

The findings first (what to notice, with its numbers), then plots (a histogram per complexity
measure and per return, success per axis value for every policy, worlds per axis value), numbers
in tables beside them, the per-world table folded away.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

from worldgen.report import svg
from worldgen.report.complexity import MEASURES
from worldgen.report.display import gap_text, interval_text, merged_runtime, num, pct, share

STYLE = """
body{font:14px/1.45 system-ui,sans-serif;margin:2em auto;max-width:1180px;color:#222;padding:0 1em}
h1{font-size:1.5em;margin-bottom:.2em} h2{margin-top:1.6em;border-bottom:2px solid #ddd;padding-bottom:.2em}
.sub{color:#666} .cards{display:flex;flex-wrap:wrap;gap:.8em;margin:1em 0}
.card{border:1px solid #ddd;border-radius:6px;padding:.5em .9em;min-width:150px}
.card b{display:block;font-size:1.4em} .grid{display:flex;flex-wrap:wrap;gap:.6em}
.findings{border:2px solid #e0a800;background:#fffbea;border-radius:6px;padding:.1em 1em;margin:1em 0}
.findings.none{border-color:#9c9;background:#f4fbf4} .findings h2{border:0;margin:.4em 0 .2em}
.findings li{margin:.3em 0} .findings .rule{font-weight:600}
table{border-collapse:collapse;margin:.6em 0} td,th{border-bottom:1px solid #eee;padding:.2em .7em;text-align:right}
td:first-child,th:first-child{text-align:left} .warn{color:#a15c00} .bad{color:#b00}
p.note{color:#555;max-width:60em}
""" + svg.STYLE


def render_html(report: dict[str, Any]) -> str:
    s = report["suite"]
    body = [f"<h1>Suite report: {escape(s['path'])}</h1>",
            f"<p class=sub>{s['worlds']} world(s) of {escape(', '.join(s['scaffolds']))}; {s['episodes']} rollout episode(s); "
            f"worldgen {escape(report['worldgen'])}. What each number means: docs/report.md.</p>", _findings(report), _cards(report)]
    for section in (_executability, _signals, _coverage, _complexity, _efficiency, _rollouts, _generalisation):
        body.append(section(report))
    if report["warnings"]:
        body.append("<h2>Warnings</h2><ul>" + "".join(f"<li class=warn>{escape(w)}</li>" for w in report["warnings"]) + "</ul>")
    return ("<!DOCTYPE html><html lang=en><head><meta charset=utf-8><title>worldgen suite report</title>"
            f"<style>{STYLE}</style></head><body>{''.join(body)}</body></html>\n")


def table(rows: Sequence[Sequence[Any]], head: tuple[str, ...] = ()) -> str:
    h = "<tr>" + "".join(f"<th>{escape(c)}</th>" for c in head) + "</tr>" if head else ""
    return "<table>" + h + "".join("<tr>" + "".join(f"<td>{escape(str(c))}</td>" for c in row) + "</tr>" for row in rows) + "</table>"


def _findings(report: dict[str, Any]) -> str:
    """The box a reader sees first: each finding that holds, with the numbers behind it."""
    found = report["findings"]
    if not found:
        return ("<section class='findings none'><h2>Findings</h2><p>Nothing flagged: none of the report's rules holds "
                "(docs/report.md, Findings).</p></section>")
    items = "".join(f"<li><span class=rule>{escape(f['rule'].replace('_', ' '))}</span>: {escape(f['message'])}</li>" for f in found)
    return f"<section class=findings><h2>Findings</h2><ul>{items}</ul></section>"


def _cards(report: dict[str, Any]) -> str:
    e, g = report["executability"], report["signals"]
    a = report["efficiency"]["acceptance"]
    crash = pct(e["rollouts"]["crash_free"]) if e["rollouts"] else "no rollouts"
    items = [("oracle coverage", pct(g["oracle_coverage"])), ("deterministic replay", pct(e["replay_matches_artifact"])),
             ("crash-free rollouts", crash),
             ("acceptance", share(a["acceptance_rate"], a["accepted"], a["worlds"]) if isinstance(a, dict) else "unknown")]
    return "<div class=cards>" + "".join(f"<div class=card>{escape(k)}<b>{escape(v)}</b></div>" for k, v in items) + "</div>"


def _executability(report: dict[str, Any]) -> str:
    e = report["executability"]
    rows = [("checker determinism (replayed twice at compile time)", pct(e["determinism_check"])),
            ("oracle replay here matches the artifact's hash", pct(e["replay_matches_artifact"]))]
    r = e["rollouts"]
    if r:
        rows += [("crash-free rollouts", pct(r["crash_free"])), ("rollouts replaying identically", pct(r["deterministic_replay"])),
                 ("episodes ended by a policy error", str(r["policy_errors"]))]
        failing = r["crash_free"]["failing"] + r["deterministic_replay"]["failing"]
    else:
        rows.append(("crash-free rollouts", "unknown: no rollouts given"))
        failing = []
    failing += e["determinism_check"]["failing"] + e["replay_matches_artifact"]["failing"]
    extra = "<p class=bad>Failing: " + escape(", ".join(failing)) + "</p>" if failing else ""
    return "<h2>1. Executability</h2>" + table(rows) + extra


def _signals(report: dict[str, Any]) -> str:
    g = report["signals"]
    rows = [("oracle coverage (omniscient)", pct(g["oracle_coverage"]))]
    if g["fair_oracle_coverage"]["count"]:
        rows += [("fair oracle coverage (observations only)", pct(g["fair_oracle_coverage"])),
                 ("fair oracle worst-case steps (median)", num(g["fair_oracle_steps"].get("median")))]
    rows += [("optimal success probability (median)", num(g["optimal_success"].get("median"))),
             ("optimal play clearly beats baselines", pct(g["beats_baselines_check"])), ("stochastic worlds", pct(g["stochastic_worlds"]))]
    plots = [svg.histogram(g["expected_return"][k], f"expected return: {k.replace('_', ' ')}", "expected return of the world")
             for k in ("oracle", "random", "do_nothing")]
    plots.append(svg.histogram(g["oracle_minus_random"], "oracle minus random (expected)", "oracle return - random return"))
    plots.append(svg.histogram(g["horizon_use"], "horizon used by the walkthrough", "walkthrough steps / horizon"))
    if g["stochastic_worlds"]["count"]:
        plots.append(svg.histogram(g["walkthrough_probability"], "walkthrough probability (open-loop)",
                                   "chance the walkthrough works open-loop"))
    observed = ""
    if g["observed"]:
        orows = []
        for policy, x in g["observed"].items():
            n = x["reward_noise"]
            orows.append((policy, pct(x["success"]), num(x["return"].get("mean")),
                          num(n["mean_std"]) if n["worlds_measured"] else "needs --episodes >= 2"))
            plots.append(svg.histogram(x["return"], f"observed return: {policy}", "return of the episode", "episodes"))
        observed = table(orows, ("policy", "success", "mean return", "reward noise (mean std per world)"))
    return ("<h2>2. Signals</h2>" + table(rows) + observed + "<div class=grid>" + "".join(plots) + "</div>"
            + _signals_by_value(g))


def _signals_by_value(g: dict[str, Any]) -> str:
    """The per-world signals of each axis value and param value, medians over its worlds."""
    head = ("value", "worlds", "oracle coverage", "beats baselines", "optimal success", "oracle return", "random return",
            "oracle - random", "horizon use")
    out = []
    for scaffold in sorted({*g["by_axis"], *g["by_param"]}):
        rows = [(f"{label}{name} = {value}", str(x["worlds"]), pct(x["oracle_coverage"]), pct(x["beats_baselines_check"]),
                 *(num(x["median"][k]) for k in ("optimal_success", "oracle_return", "random_return", "oracle_minus_random",
                                                 "horizon_use")))
                for group, label in (("by_axis", ""), ("by_param", "param "))
                for name, values in g[group].get(scaffold, {}).items() for value, x in values.items()]
        out.append(f"<h3>{escape(scaffold)}: signals per axis and param value (medians over the worlds)</h3>" + table(rows, head))
    return "".join(out)


def _coverage(report: dict[str, Any]) -> str:
    c = report["coverage"]
    plots = []
    for scaffold, axes in c["axes"].items():
        rows = [(f"{axis} = {value}", [(float(n), _worlds(n))]) for axis, a in axes.items() for value, n in a["worlds"].items()]
        rows += [(f"{param} = {value}", [(float(n), _worlds(n))]) for param, vs in c["params"].get(scaffold, {}).items()
                 for value, n in vs.items()]
        if rows:
            top = max(v[0][0] or 0.0 for _, v in rows) or 1.0
            plots.append(svg.bars(rows, [scaffold], f"{scaffold}: worlds per axis and param value", "worlds", "axis or param = value",
                                  limit=top,
                                  percent=False))
    balance = [(f"{s} {axis} ({a['kind']})", num(a["balance"]), ", ".join(a["unused"]) or "-")
               for s, axes in c["axes"].items() for axis, a in axes.items()]
    content = c["content"]
    n = content["names"]
    crow = [("distinct entity names", f"{n['distinct']} of {n['total']} ({num(n['distinct_rate'])})"),
            ("content records used", num(content["records_used"]))]
    crow += [(f"{k.replace('_', '-')} over {content['texts']} texts", num(v["ratio"])) for k, v in content["ngrams"].items()]
    return ("<h2>3. Coverage</h2><div class=grid>" + "".join(plots) + "</div>"
            + table(balance, ("axis", "balance (1 = even)", "values no world drew")) + table(crow, ("content diversity", "")))


def _worlds(n: int) -> str:
    return "1 world" if n == 1 else f"{n} worlds"


def _complexity(report: dict[str, Any]) -> str:
    c = report["complexity"]
    plots = [svg.histogram(c[name], name.replace("_", " "), unit) for name, (_, unit, _) in MEASURES.items()]
    rows = [(name, *(num(c[name].get(k)) for k in ("min", "p10", "median", "p90", "max", "mean"))) for name in MEASURES]
    return ("<h2>4. Complexity</h2><div class=grid>" + "".join(plots) + "</div>"
            + table(rows, ("measure", "min", "p10", "median", "p90", "max", "mean")))


def _efficiency(report: dict[str, Any]) -> str:
    e, m = report["efficiency"], report["measured"]
    a, content = e["acceptance"], e["content"]
    rows = []
    if isinstance(a, str):
        rows.append(("acceptance", a))
    else:
        rows += [("worlds accepted per seed", share(a["acceptance_rate"], a["accepted"], a["worlds"])),
                 ("draws passing their checks", share(a["draw_acceptance_rate"], a["accepted"], a["draws"])),
                 ("checks failed by rejected seeds", ", ".join(f"{k} x{v}" for k, v in (a["failed_checks_in_rejected"] or {}).items()) or "none")]
    if isinstance(content, str):
        rows.append(("content tokens and cost", content))
    else:
        rows += [(f"pack {p['pack']}", f"{p['provider']}/{p['model']}: {p['records']} records, {p['rejected']} rejected, "
                  f"{p['tokens']} tokens, ${num(p['cost_usd'])}") for p in content["packs"]]
        rows += [("content tokens per valid world", num(content["tokens_per_valid_world"])),
                 ("content cost per valid world (USD)", num(content["cost_usd_per_valid_world"]))]
    rows += [("verify throughput here (worlds/s, measured)", f"{num(m['verify_worlds_per_second'])} over {m['worlds_verified']} worlds"),
             ("rollout steps/s (measured)", num(m["rollout_steps_per_second"]))]
    return "<h2>5. Efficiency</h2>" + table(rows)


def _rollouts(report: dict[str, Any]) -> str:
    r = report["rollouts"]
    if r is None:
        return "<h2>Rollouts</h2><p class=note>No rollouts given: run <code>worldgen rollout</code> and pass <code>--rollouts</code>.</p>"
    policies = r["policies"]
    names = list(policies)

    def rows(path: str) -> list[tuple[str, list[tuple[float | None, str]]]]:
        keys: dict[tuple[str, str, str], None] = {}
        for p in names:
            for scaffold, groups in policies[p][path].items():
                for name, values in groups.items():
                    for value in values:
                        keys[(scaffold, name, value)] = None
        out = []
        for scaffold, name, value in keys:
            cells = []
            for p in names:
                g = policies[p][path].get(scaffold, {}).get(name, {}).get(value)
                cells.append((g["success"]["rate"], pct(g["success"])) if g else (None, "n/a"))
            out.append((f"{scaffold} {name}={value}", cells))
        return out

    overall = [("all worlds", [(policies[p]["success"]["rate"], pct(policies[p]["success"])) for p in names])]
    scaffolds = sorted({s for p in names for s in policies[p]["by_scaffold"]})
    overall += [(s, [(policies[p]["by_scaffold"][s]["success"]["rate"], pct(policies[p]["by_scaffold"][s]["success"]))
                     if s in policies[p]["by_scaffold"] else (None, "n/a") for p in names]) for s in scaffolds]
    solved = "success rate (episodes solved)"
    plots = [svg.bars(overall, names, "success overall and per scaffold", solved, "scaffold"),
             svg.bars(rows("by_axis"), names, "success per axis value", solved, "scaffold axis = value"),
             svg.bars(rows("by_param"), names, "success per param value", solved, "scaffold param = value")]
    worlds = sorted({w for p in names for w in policies[p]["by_world"]},  # ties by id: a set's order follows str hashes
                    key=lambda w: (min(policies[p]["by_world"].get(w, {}).get("success", {}).get("rate") or 0 for p in names), w))
    wrows = [(w, *(pct(policies[p]["by_world"][w]["success"]) if w in policies[p]["by_world"] else "n/a" for p in names),
              merged_runtime(policies[p]["by_world"][w].get("runtime", "rules") for p in names if w in policies[p]["by_world"]))
             for w in worlds]
    summary = [(p, str(x["episodes"]), num(x["mean_return"]), num(x["mean_steps"]), str(x["policy_errors"]),
                num((x["tokens"] or {}).get("per_success")), str(len(x["frontier"])), str(len(x["unsolved"])))
               for p, x in policies.items()]
    return ("<h2>Rollouts: success per world, scaffold and axis value</h2>"
            + table(summary, ("policy", "episodes", "mean return", "mean steps", "policy errors", "tokens per success",
                               "frontier worlds", "unsolved worlds"))
            + "<div class=grid>" + "".join(plots) + "</div>"
            + f"<details><summary>success per world ({len(worlds)} worlds, hardest first)</summary>"
            + table(wrows, ("world", *names, "runtime")) + "</details>")


def _generalisation(report: dict[str, Any]) -> str:
    """In-distribution vs held-out per policy and per --test spec (suites written by `worldgen split`)."""
    g = report.get("generalisation")
    if g is None:
        return ""
    rows, bars = [], []
    for policy, x in g["policies"].items():
        parts = [(policy, x["held_out"], x["gap"])] + [(f"{policy}: {spec}", y["held_out"], y["gap"]) for spec, y in x["by_test"].items()]
        for label, held, diff in parts:
            rows.append((label, interval_text(x["in_distribution"], "success"), interval_text(held, "success"),
                         gap_text(diff["success"]), interval_text(x["in_distribution"], "return"),
                         interval_text(held, "return"), gap_text(diff["return"])))
            bars.append((label, [(x["in_distribution"]["success"]["rate"], pct(x["in_distribution"]["success"])),
                                 (held["success"]["rate"], pct(held["success"]))]))
    return (f"<h2>Generalisation: {g['worlds']['train']} training worlds vs {g['worlds']['test']} held out</h2>"
            f"<p class=note>{escape(g['rule'] or '')}. 95% intervals (Wilson for success, normal for returns); "
            "gap = in-distribution minus held-out.</p>"
            + svg.bars(bars, ["in-distribution", "held-out"], "success: in-distribution vs held-out",
                       "success rate (episodes solved)", "policy: held out by")
            + table(rows, ("policy: held out by", "in-distribution success", "held-out success", "success gap",
                           "in-distribution return", "held-out return", "return gap")))
