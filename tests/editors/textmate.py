"""A small TextMate grammar interpreter, enough to test editors/vscode's grammar without an
editor: ``match`` rules with captures, ``begin``/``end`` rules with their captures and nested
patterns, ``include`` of ``#repository`` entries and ``$self``. Regexes are run by Python's ``re``
(the grammar keeps to what Oniguruma and ``re`` read alike). The result is every character's
scope stack, line by line."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

Scopes = tuple[str, ...]


@dataclass
class _Frame:
    rule: dict[str, Any] | None
    end: re.Pattern[str] | None
    patterns: list[dict[str, Any]]
    scopes: Scopes


class Grammar:
    def __init__(self, data: dict[str, Any]) -> None:
        self.data = data
        self._regexes: dict[str, re.Pattern[str]] = {}

    def _regex(self, source: str) -> re.Pattern[str]:
        if source not in self._regexes:
            self._regexes[source] = re.compile(source)
        return self._regexes[source]

    def _expand(self, patterns: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """Rules with every ``include`` replaced by what it names, in order."""
        out: list[dict[str, Any]] = []
        for rule in patterns:
            if "include" in rule:
                name = rule["include"]
                target = {"patterns": self.data["patterns"]} if name == "$self" else self.data["repository"][name[1:]]
                out.extend(self._expand([target]) if "match" in target or "begin" in target
                           else self._expand(target["patterns"]))
            elif "match" in rule or "begin" in rule:
                out.append(rule)
            else:
                out.extend(self._expand(rule["patterns"]))
        return out

    def tokenize(self, text: str) -> list[list[Scopes]]:
        """The scope stack of every character, per line (lines split at "\\n")."""
        root = (self.data["scopeName"],)
        stack = [_Frame(None, None, self._expand(self.data["patterns"]), root)]
        result: list[list[Scopes]] = []
        for line in text.split("\n"):
            scopes: list[Scopes] = [root] * len(line)
            pos = 0
            while pos <= len(line):
                frame = stack[-1]
                best: tuple[int, int, re.Match[str], dict[str, Any] | None] | None = None
                if frame.end is not None and (m := frame.end.search(line, pos)):
                    best = (m.start(), -1, m, None)
                for order, rule in enumerate(frame.patterns):
                    m = self._regex(rule.get("match") or rule["begin"]).search(line, pos)
                    if m and (best is None or m.start() < best[0]):
                        best = (m.start(), order, m, rule)
                if best is None:
                    _paint(scopes, pos, len(line), frame.scopes)
                    break
                start, _, m, rule = best
                _paint(scopes, pos, start, frame.scopes)
                if rule is None:  # the frame's end
                    ended = stack.pop()
                    _captured(scopes, m, ended.scopes, ended.rule.get("endCaptures", {}))  # type: ignore[union-attr]
                elif "match" in rule:
                    inner = frame.scopes + ((rule["name"],) if "name" in rule else ())
                    _captured(scopes, m, inner, rule.get("captures", {}))
                else:
                    inner = frame.scopes + ((rule["name"],) if "name" in rule else ())
                    _captured(scopes, m, inner, rule.get("beginCaptures", {}))
                    stack.append(_Frame(rule, self._regex(rule["end"]), self._expand(rule.get("patterns", [])), inner))
                pos = m.end() if m.end() > pos else pos + 1
            result.append(scopes)
        return result


def _paint(scopes: list[Scopes], start: int, end: int, value: Scopes) -> None:
    for i in range(start, min(end, len(scopes))):
        scopes[i] = value


def _captured(scopes: list[Scopes], m: re.Match[str], base: Scopes, captures: dict[str, Any]) -> None:
    _paint(scopes, m.start(), m.end(), base)
    for group, capture in sorted(captures.items(), key=lambda kv: int(kv[0])):
        if m.start(int(group)) >= 0:
            _paint(scopes, m.start(int(group)), m.end(int(group)), base + (capture["name"],))
