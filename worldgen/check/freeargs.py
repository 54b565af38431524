"""Typed-in arguments never enter the state.

A `word` argument (any word the player types) or a `text` argument (a quoted string) has no finite
set of values, so the state space stays finite only if their values cannot reach the state. An
action with a `word` argument (a catch-all) may therefore only `say` things, and a `text` argument
may not appear in `do` (directly or through a `let`). The model checker then explores a text
action through one representative binding (the empty text) without missing any state.
"""

from __future__ import annotations

from worldgen.check.patterns import is_text, is_word
from worldgen.errors import DiagnosticSink
from worldgen.ir.models import ActionParam, Type
from worldgen.syntax import ast

# argument types whose values the player types freely (the checker resolves these names for
# arguments only; as state they are unbounded)
FREE_ARGUMENTS = {"word": Type(kind="str", name="word"), "text": Type(kind="str", name="text")}

_BRANCHES = ("then", "otherwise", "body", "clauses")  # clause fields holding nested clauses


def check_free_arguments(sink: DiagnosticSink, d: ast.ActionDecl, params: list[ActionParam]) -> None:
    """Report the first `do` that a `word`/`text` argument of action ``d`` could reach."""
    word = next((p.name for p in params if is_word(p.type)), None)
    texts = frozenset(p.name for p in params if is_text(p.type))
    if word is not None or texts:
        _walk(sink, d, word, texts, d.clauses)


def _walk(sink: DiagnosticSink, d: ast.ActionDecl, word: str | None, tainted: frozenset[str], clauses: list) -> bool:
    let_clause = getattr(ast, "LetClause", None)
    for c in clauses:
        if isinstance(c, ast.Do):
            if word is not None:
                sink.error("WG307", f"action '{d.name}' takes the word argument '{word}', so it matches any word "
                           "and may only 'say' things, not change the state with 'do'", c.span)
                return True
            for e in c.effects:
                used = next((n for n in _names(e.target) + _names(e.value) if n.id in tainted), None)
                if used is not None:
                    sink.error("WG307", f"'{used.id}' holds typed text, which never enters the state, so it cannot be used in 'do'", used.span)
                    return True
        if let_clause is not None and isinstance(c, let_clause) and any(n.id in tainted for n in _names(c.value)):
            tainted = tainted | {c.var}
        for field in _BRANCHES:
            inner = getattr(c, field, None)
            if isinstance(inner, list) and _walk(sink, d, word, tainted, inner):
                return True
    return False


def _names(node: object) -> list[ast.Name]:
    """Every name an AST expression mentions (bound variables included: conservative)."""
    if isinstance(node, ast.Name):
        return [node]
    out: list[ast.Name] = []
    for value in getattr(node, "__dict__", {}).values():
        for item in value if isinstance(value, (list, tuple)) else (value,):
            if isinstance(item, ast.Expr):
                out.extend(_names(item))
    return out
