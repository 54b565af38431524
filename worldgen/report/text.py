"""The report for a terminal: one rich table per criterion, distributions as quantiles plus a
one-line histogram, and the per-axis success table of each policy."""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from worldgen.report.complexity import MEASURES
from worldgen.report.console import StdoutConsole
from worldgen.report.display import gap_text, interval_text, num, pct, runtime_counts, share

SPARK = "▁▂▃▄▅▆▇█"
LISTED = 10  # world ids listed per frontier/unsolved line


def spark(dist: dict[str, Any]) -> str:
    counts = dist.get("histogram", {}).get("counts", [])
    top = max(counts, default=0)
    return "".join(SPARK[min(len(SPARK) - 1, (len(SPARK) - 1) * c // top)] if c else " " for c in counts) if top else ""


def _table(title: str, *columns: str) -> Table:
    table = Table(title=title, title_justify="left", title_style="bold")
    for i, c in enumerate(columns):
        table.add_column(c, justify="left" if i == 0 else "right")
    return table


def _distributions(title: str, rows: dict[str, dict[str, Any]]) -> Table:
    table = _table(title, "measure", "n", "min", "p10", "median", "p90", "max", "mean", "histogram")
    table.columns[-1].no_wrap = True
    for name, d in rows.items():
        table.add_row(name, str(d["n"]), *(num(d.get(k)) for k in ("min", "p10", "median", "p90", "max", "mean")), spark(d))
    return table


def render_text(report: dict[str, Any], console: Console | None = None) -> None:
    """Print the report; piped output gets a fixed width (not rich's 80 columns) so tables stay whole."""
    console = console or StdoutConsole()
    s = report["suite"]
    console.print(f"[bold]Suite report[/bold] {s['path']}: {s['worlds']} world(s) of {', '.join(s['scaffolds'])}; "
                  f"{s['episodes']} rollout episode(s)")
    for section in (_findings, _executability, _signals, _coverage, _complexity, _efficiency, _rollouts, _generalisation):
        for item in section(report):
            console.print(item)
    for w in report["warnings"]:
        console.print(f"[yellow]warning:[/yellow] {w}")


def _findings(report: dict[str, Any]) -> list[Any]:
    """The findings first: what to notice, before the tables that hold the numbers."""
    found = report["findings"]
    if not found:
        return ["[bold]Findings:[/bold] none of the report's rules flags anything (docs/report.md, Findings)"]
    grid = Table.grid(padding=(0, 1))
    grid.add_column(style="yellow", no_wrap=True)
    grid.add_column()
    for f in found:
        grid.add_row(f"  {f['rule']}", escape(f["message"]))
    return ["[bold]Findings[/bold]", grid]


def _executability(report: dict[str, Any]) -> list[Any]:
    e = report["executability"]
    t = _table("1. Executability", "measure", "value")
    t.add_row("checker determinism (replayed twice at compile time)", pct(e["determinism_check"]))
    t.add_row("oracle replay here matches the artifact's hash", pct(e["replay_matches_artifact"]))
    r = e["rollouts"]
    if r is None:
        t.add_row("crash-free rollouts", "unknown: no --rollouts given")
    else:
        t.add_row("crash-free rollouts", pct(r["crash_free"]))
        t.add_row("rollouts replaying identically", pct(r["deterministic_replay"]))
        t.add_row("episodes ended by a policy error", str(r["policy_errors"]))
    return [t]


def _signals(report: dict[str, Any]) -> list[Any]:
    g = report["signals"]
    t = _table("2. Signals", "measure", "value")
    t.add_row("oracle coverage (worlds with a walkthrough)", pct(g["oracle_coverage"]))
    if g["fair_oracle_coverage"]["count"]:
        t.add_row("fair oracle coverage (wins from observations alone)", pct(g["fair_oracle_coverage"]))
        t.add_row("fair oracle worst-case steps (median)", num(g["fair_oracle_steps"].get("median")))
    t.add_row("optimal success probability (median)", num(g["optimal_success"].get("median")))
    t.add_row("optimal play clearly beats random and doing nothing", pct(g["beats_baselines_check"]))
    t.add_row("stochastic worlds", pct(g["stochastic_worlds"]))
    t.add_row("walkthrough probability (median, open-loop)", num(g["walkthrough_probability"].get("median")))
    out: list[Any] = [t, _distributions("   expected return per world (exact, from the checker)",
                                        {**g["expected_return"], "oracle - random": g["oracle_minus_random"]})]
    if g["observed"]:
        o = _table("   observed in rollouts", "policy", "success", "mean return", "reward noise (mean std)", "worlds with spread")
        for policy, x in g["observed"].items():
            noise = x["reward_noise"]
            o.add_row(policy, pct(x["success"]), num(x["return"].get("mean")),
                      num(noise["mean_std"]) if noise["worlds_measured"] else "needs --episodes >= 2",
                      f"{noise['worlds_with_spread']}/{noise['worlds_measured']}")
        out.append(o)
    out.append(_signals_by_value(g))
    return out


def _signals_by_value(g: dict[str, Any]) -> Table:
    """The per-world signals grouped per axis value and per param value (medians over the worlds)."""
    t = _table("   signals per axis and param value (medians over the worlds)", "scaffold / axis = value", "worlds",
               "oracle coverage", "beats baselines", "optimal success", "oracle return", "random return", "oracle - random",
               "horizon use")
    t.columns[0].no_wrap = True
    for group, label in (("by_axis", ""), ("by_param", "param ")):
        for scaffold, names in g[group].items():
            for name, values in names.items():
                for value, x in values.items():
                    m = x["median"]
                    t.add_row(escape(f"{scaffold} {label}{name} = {value}"), str(x["worlds"]), *(
                              f"{x[k]['count']}/{x[k]['of']}" for k in ("oracle_coverage", "beats_baselines_check")), *(num(m[k]) for k in ("optimal_success", "oracle_return",
                                                                                     "random_return", "oracle_minus_random",
                                                                                     "horizon_use")))
    return t


def _coverage(report: dict[str, Any]) -> list[Any]:
    c = report["coverage"]
    t = _table("3. Coverage", "scaffold / axis", "kind", "worlds per value", "balance")
    for scaffold, axes in c["axes"].items():
        t.add_row(f"[bold]{scaffold}[/bold]", "", f"{c['worlds_per_scaffold'][scaffold]} worlds", "")
        for axis, a in axes.items():
            values = ", ".join(f"{v} {n}" if n else f"[red]{v} 0[/red]" for v, n in a["worlds"].items())
            t.add_row(f"  {axis}", a["kind"], values, num(a["balance"]))
        for param, values in c["params"].get(scaffold, {}).items():
            t.add_row(f"  param {param}", "", ", ".join(f"{v}: {n}" for v, n in values.items()), "")
    content = c["content"]
    n = content["names"]
    d = _table("   content diversity", "measure", "value")
    d.add_row("distinct entity names", f"{n['distinct']} of {n['total']} ({num(n['distinct_rate'])})")
    d.add_row("content records used", num(content["records_used"]))
    for k, v in content["ngrams"].items():
        d.add_row(f"{k.replace('_', '-')} over {content['texts']} texts", num(v["ratio"]))
    return [t, d]


def _complexity(report: dict[str, Any]) -> list[Any]:
    c = report["complexity"]
    return [_distributions("4. Complexity (per world)", {name: c[name] for name in MEASURES})]


def _efficiency(report: dict[str, Any]) -> list[Any]:
    e = report["efficiency"]
    m = report["measured"]
    t = _table("5. Efficiency", "measure", "value")
    a = e["acceptance"]
    if isinstance(a, str):
        t.add_row("acceptance", a)
    else:
        t.add_row("worlds accepted per seed", share(a["acceptance_rate"], a["accepted"], a["worlds"]))
        t.add_row("draws passing their checks", share(a["draw_acceptance_rate"], a["accepted"], a["draws"]))
        fails = ", ".join(f"{k} x{v}" for k, v in (a["failed_checks_in_rejected"] or {}).items())
        t.add_row("checks failed by rejected seeds", fails or "none")
    content = e["content"]
    if isinstance(content, str):
        t.add_row("content tokens / cost", content)
    else:
        for p in content["packs"]:
            t.add_row(f"pack {p['pack']}", f"{p['provider']}/{p['model']}: {p['records']} records, {p['rejected']} rejected, "
                      f"{p['tokens']} tokens, ${num(p['cost_usd'])}")
        t.add_row("content tokens per valid world", num(content["tokens_per_valid_world"]))
        t.add_row("content cost per valid world (USD)", num(content["cost_usd_per_valid_world"]))
    t.add_row("verify throughput here (worlds/s, measured)", f"{num(m['verify_worlds_per_second'])} over {m['worlds_verified']} worlds")
    t.add_row("rollout steps/s (measured)", num(m["rollout_steps_per_second"]))
    return [t]


def _rollouts(report: dict[str, Any]) -> list[Any]:
    r = report["rollouts"]
    if r is None:
        return ["[dim]No rollouts given: run `worldgen rollout` and pass --rollouts FILE.jsonl for success per axis.[/dim]"]
    policies = r["policies"]
    names = list(policies)
    t = _table("Success per scaffold, axis value and param value (the flywheel's numbers)", "scaffold / axis = value", *names)
    t.add_row("[bold]all worlds[/bold]", *(pct(policies[p]["success"]) for p in names))
    for group, label in (("by_axis", ""), ("by_param", "param ")):
        keys: dict[tuple[str, str, str], None] = {}
        for p in names:
            for scaffold, axes in policies[p][group].items():
                for axis, values in axes.items():
                    for value in values:
                        keys[(scaffold, axis, value)] = None
        for scaffold, axis, value in keys:
            t.add_row(f"{scaffold} {label}{axis} = {value}",
                      *(pct(policies[p][group].get(scaffold, {}).get(axis, {}).get(value, {}).get("success")) for p in names))
    out: list[Any] = [t]
    for p in names:
        x = policies[p]
        tokens = x["tokens"]
        line = (f"[bold]{p}[/bold]: {x['episodes']} episodes, mean return {num(x['mean_return'])}, "
                f"mean steps {num(x['mean_steps'])}, policy errors {x['policy_errors']}, runtime {runtime_counts(x['by_world'])}")
        if tokens:
            line += f", {tokens['prompt'] + tokens['completion']} tokens ({num(tokens['per_success'])} per success)"
        out.append(line)
        for label in ("frontier", "unsolved"):
            ids = x[label]
            if ids:
                more = f" (+{len(ids) - LISTED} more)" if len(ids) > LISTED else ""
                out.append(f"  {label} ({len(ids)}): {', '.join(ids[:LISTED])}{more}")
    return out


def _generalisation(report: dict[str, Any]) -> list[Any]:
    """In-distribution vs held-out per policy (suites written by `worldgen split`): one table for
    success, one for returns, so each fits a terminal."""
    g = report.get("generalisation")
    if g is None:
        return []
    out: list[Any] = [f"[bold]Generalisation[/bold]: {g['worlds']['train']} training worlds vs {g['worlds']['test']} "
                      "held out; 95% intervals; gap = in-distribution - held-out"]
    for what, title in (("success", "success"), ("return", "mean return")):
        t = _table(f"   {title}", "policy / held out by", "in-distribution", "held out", "gap")
        for policy, x in g["policies"].items():
            rows = [(f"[bold]{escape(policy)}[/bold]", x["held_out"], x["gap"])]
            rows += [(f"  {escape(spec)}", y["held_out"], y["gap"]) for spec, y in x["by_test"].items()]
            for label, held, diff in rows:
                t.add_row(label, interval_text(x["in_distribution"], what), interval_text(held, what), gap_text(diff[what]))
        out.append(t)
    return out
