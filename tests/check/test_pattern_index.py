"""The command-pattern ambiguity check compares a pattern only with the patterns that could meet
it (`check` of 10,000 one-line actions once made 50 million comparisons and took 95 s)."""

from __future__ import annotations

import pytest

import worldgen
from worldgen.check import patterns
from worldgen.check.pattern_index import PatternIndex
from worldgen.ir.patterns import tokens


def many_actions(n: int, pattern: str) -> str:
    actions = "\n".join(f'  action a{i}(k: int in 0..9) "{pattern.format(i=i)}" {{ do x = k }}' for i in range(n))
    return "world w {\n  state { x: int in 0..9 = 0 }\n" + actions + '\n  observe ""\n}\n'


@pytest.mark.parametrize("pattern", ["press{i} {{k}}", "press {i} {{k}}", "{{k}} into {i}"])
def test_actions_that_differ_in_one_word_cost_a_handful_of_comparisons_each(pattern: str, monkeypatch) -> None:
    calls = 0
    overlap = patterns._overlap

    def counted(*args, **kwargs):  # type: ignore[no-untyped-def]
        nonlocal calls
        calls += 1
        return overlap(*args, **kwargs)

    monkeypatch.setattr(patterns, "_overlap", counted)
    worldgen.loads(many_actions(300, pattern))
    assert calls == 0  # every pattern has a word no earlier one has at its place (all pairs: 44,850)


def test_clashes_are_found_and_reported_in_the_order_comparing_every_pair_gave() -> None:
    with pytest.raises(worldgen.DiagnosticError) as err:
        worldgen.loads(many_actions(10, "{{k}} into {i}").replace('"{k} into 4"', '"3 into {k}"'))
    clash = ('<string>:{}:29: error: command pattern "{}" (action a{}) can match the same command as "{}" '
             "(action a{}, line {}) [WG415]")
    assert [d.format().splitlines()[0] for d in err.value.diagnostics] == [
        *(clash.format(7, "3 into {k}", 4, f"{{k}} into {i}", i, i + 3) for i in range(4)),
        *(clash.format(i + 3, f"{{k}} into {i}", i, "3 into {k}", 4, 7) for i in range(5, 10)),
    ]


def test_candidates_are_the_patterns_sharing_a_word_or_not_fixing_it_in_the_order_they_came() -> None:
    index: PatternIndex[str] = PatternIndex()
    for name in ["go north", "go {d}", "take lamp", "{n} north", "go south", "go {d} now"]:
        index.add(0, tokens(name), name)
    index.add(1, tokens("go {t}"), "text go")
    assert list(index.candidates(0, tokens("go north"))) == ["go north", "go {d}", "{n} north"]
    assert list(index.candidates(0, tokens("{x} {y}"))) == ["go north", "go {d}", "take lamp", "{n} north", "go south"]
    assert list(index.candidates(1, tokens("go {x}"))) == ["text go"]
    assert list(index.candidates(0, tokens("a b c d"))) == []
