"""Which actions say things only about the state they leave, so their steps' texts can be shared.

A step's text is its action's `say`s then the new state's observation, so in general it depends
on the state the step left (a table renders it per transition). When every `say` of an action
comes after its last state change, and nothing from before that change reaches the `say`s (a
`let` or a `for` range that read the old state), the `say`s read only the new state, the
command's arguments, consts and the chance decisions taken: transitions with the same command,
decisions and new state say the same. A world like mastermind has ~50 transitions per new state,
and rendering is what a step from a cold table costs most.
"""

from __future__ import annotations

from worldgen.ir.models import Expr, Stmt

_READS_STATE = ("state", "fn")  # a state variable, or a def (defs take the state)


def said_after(stmts: tuple[Stmt, ...]) -> bool:
    """Whether ``stmts`` (an action's body, then the world's ``every``) say only what the new
    state, the arguments and the decisions determine."""
    first = next((i for i, st in enumerate(stmts) if _has(st, "say")), len(stmts))
    head, tail = stmts[:first], stmts[first:]
    return not any(_has(st, "assign") for st in tail) and not any(_carries_old_state(st) for st in head)


def _has(st: Stmt, kind: str) -> bool:
    return st.kind == kind or any(_has(s, kind) for s in st.then + st.otherwise)


def _carries_old_state(st: Stmt) -> bool:
    """Does ``st`` bind a name from the state as it is before the step's last change: a `let` or
    `for` range that reads it, or a `let` under an `if` whose condition reads it?"""
    reads = {"let": st.value, "for": st.domain, "if": st.cond if _has(st, "let") else None}.get(st.kind)
    return (reads is not None and _reads_state(reads)) or any(_carries_old_state(s) for s in st.then + st.otherwise)


def _reads_state(e: Expr) -> bool:
    return e.op in _READS_STATE or any(_reads_state(a) for a in e.args)
