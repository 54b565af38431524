"""Checking the scaffold's verification settings: `hidden` state and `check within N states`."""

from __future__ import annotations

from dataclasses import dataclass

from worldgen.check.exprs import ExprChecker, did_you_mean
from worldgen.check.scope import Ctx
from worldgen.errors import DiagnosticSink
from worldgen.ir.limits import MAX_STATES_LIMIT
from worldgen.syntax import ast


@dataclass
class VerificationChecker:
    sink: DiagnosticSink
    exprs: ExprChecker

    def hidden(self, decls: list[ast.HiddenDecl], known: list[str]) -> tuple[str, ...]:
        """The hidden state variables, in declaration order (each once); ``known``: the declared
        state variables (a variable whose own declaration has an error still counts)."""
        out: list[str] = []
        for d in decls:
            for name, span in d.names:
                if name not in known:
                    self.sink.error("WG417", f"'hidden' names '{name}', which is not a state variable" + did_you_mean(name, known), span)
                elif name in out:
                    self.sink.error("WG417", f"'{name}' is already hidden", span)
                else:
                    out.append(name)
        return tuple(out)

    def max_states(self, decls: list[ast.CheckDecl]) -> int | None:
        """`check within N states`: a literal number of states (the last one written wins nothing:
        two are an error)."""
        if len(decls) > 1:
            self.sink.error("WG403", f"'check within' is declared twice (first at line {decls[0].span.line})", decls[1].span)
        if not decls:
            return None
        d = decls[0]
        e = self.exprs.check_int(d.states, Ctx("static"), "'check within'")
        if e.op != "lit" or not isinstance(e.value, int):
            self.sink.error("WG410", "'check within' takes a number of states, e.g. check within 5_000_000 states", d.states.span)
            return None
        if not 1 <= e.value <= MAX_STATES_LIMIT:
            self.sink.error("WG410", f"'check within' must be in 1..{MAX_STATES_LIMIT:_} states, not {e.value}", d.states.span)
            return None
        return e.value
