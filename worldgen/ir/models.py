"""The scaffold IR: the checked, typed, canonical form of a scaffold.

The IR is the contract between the language front end and everything after it (content schemas,
instantiation, runtime, model checking, exporters). It is plain data: pydantic models that
serialise to canonical JSON (sorted keys) and round-trip exactly. Nothing here knows about Lark.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, SerializerFunctionWrapHandler, model_serializer

from worldgen.canonical import canonical_json

IR_VERSION = 1


# Fields Language 2 (and later) added. Left out of JSON while unused, so artifacts of scaffolds written
# without them keep exactly the bytes they always had (same inputs, same bytes).
LANGUAGE2_FIELDS = frozenset({
    "size", "domain", "prob_expr", "var", "lets", "width", "instruction", "horizon_expr", "within_expr",
    "functions", "every", "requires", "amount_expr", "hidden", "max_states", "observing", "margin",
    "terminal",  # the files block of this round (ir/terminal.py)
    "live_amount",  # Language 3: a reward amount read from the state (check/payments.py)
    "hidden_drawn",  # Language 3: `hidden a from draws` (verify/draw_candidates.py)
    "variants",  # Language 3: a tagged union's alternatives (check/unions.py)
})


class Node(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    @model_serializer(mode="wrap")
    def _without_unused(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        data = handler(self)
        for key in LANGUAGE2_FIELDS.intersection(data):
            if data[key] is None or data[key] is False or data[key] == () or data[key] == []:
                del data[key]
        return data


# ---------------------------------------------------------------------------------------- types

TypeKind = Literal["bool", "int", "real", "str", "entity", "enum", "set", "map", "rel", "list", "content"]


class Type(Node):
    """A value type. ``entity``/``enum`` carry their declaration's name; containers their parts."""

    kind: TypeKind
    name: str | None = None
    elem: Type | None = None  # set/list element, map key, rel domain
    value: Type | None = None  # map value, rel codomain
    lo: Expr | None = None  # bounds of a bounded int (state variables and arguments)
    hi: Expr | None = None
    size: Expr | None = None  # a list in the state: the most items it may hold

    def __str__(self) -> str:
        match self.kind:
            case "entity" | "enum":
                return str(self.name)
            case "list" if self.size is not None:
                return f"list<{self.elem}> max"
            case "set" | "list":
                return f"{self.kind}<{self.elem}>"
            case "map" | "rel":
                return f"{self.kind}<{self.elem}, {self.value}>"
            case "int" if self.lo is not None:
                return "int in range"
            case _:
                return self.kind

    def same(self, other: Type) -> bool:
        """Structural equality ignoring int bounds (bounds are checked on assignment) and how an int
        or a str is spelled (an `as octal` int is an int; a `word`/`text` argument is a str); the
        error type stays distinct."""
        if self.kind != other.kind:
            return False
        if self.name != other.name and (self.kind not in ("int", "str") or "?error" in (self.name, other.name)):
            return False
        for a, b in ((self.elem, other.elem), (self.value, other.value)):
            if (a is None) != (b is None) or (a is not None and b is not None and not a.same(b)):
                return False
        return True


# ----------------------------------------------------------------------------------- expressions


class Expr(Node):
    """One expression node. ``op`` says what it is; the table in docs/language.md lists them.

    A single node class (rather than one class per operator) keeps the IR small, the JSON flat and
    code generation a dispatch on ``op``.
    """

    op: str
    type: Type
    name: str | None = None
    value: bool | int | float | str | None = None
    args: tuple[Expr, ...] = ()
    line: int = 0


class TemplatePart(Node):
    text: str | None = None
    expr: Expr | None = None


class Template(Node):
    parts: tuple[TemplatePart, ...] = ()


# -------------------------------------------------------------------------------- declarations


class Param(Node):
    name: str
    kind: Literal["int", "bool", "choice"]
    lo: int | None = None
    hi: int | None = None
    choices: tuple[str, ...] = ()


class EnumDecl(Node):
    name: str
    members: tuple[str, ...]


SlotKind = Literal["text", "word", "int", "enum", "list", "record"]


class Slot(Node):
    """A content slot: what an LLM (or the procedural provider) must fill in."""

    name: str
    kind: SlotKind
    description: str = ""
    min_len: int | None = None  # text/word: characters
    max_len: int | None = None
    lo: int | None = None  # int slots
    hi: int | None = None
    choices: tuple[str, ...] = ()  # enum slots
    unique: bool = False  # word/text inside a list: unique across the list
    size_param: str | None = None  # list sized by a param ...
    min_items: int | None = None  # ... resolved to the param's range (lists are generated at max)
    max_items: int | None = None
    item: Slot | None = None  # list element
    fields: tuple[Slot, ...] = ()  # record fields


class Variant(Node):
    """One alternative of a tagged union: its tag and the entity or enum type it holds, if any."""

    tag: str
    payload: Type | None = None


class Entity(Node):
    name: str
    count: Expr
    names_from: tuple[str, ...]  # content path, e.g. ("room", "name"); empty: slot1, slot2, ...
    width: Expr | None = None  # a grid entity (cells named a1, b1, ... row by row)
    line: int = 0
    # a tagged union (`type place = floor(room) | carried`): its values are each variant's values in
    # turn (every room, then carried), so it is a finite domain like any entity (check/unions.py)
    variants: tuple[Variant, ...] = ()


class Function(Node):
    """``def``: a pure function, called by name in any rule, template or invariant."""

    name: str
    params: tuple[ActionParam, ...] = ()
    body: Expr
    line: int = 0


class Const(Node):
    name: str
    type: Type
    init: Expr


class StateVar(Node):
    name: str
    type: Type
    init: Expr


class ActionParam(Node):
    name: str
    type: Type


class Guard(Node):
    cond: Expr
    message: Template | None = None
    lets: tuple[tuple[str, Expr], ...] = ()  # `let`s written before this `when`, in order


StmtKind = Literal["assign", "say", "chance", "if", "let", "for"]


class Stmt(Node):
    kind: StmtKind
    target: Expr | None = None  # assign: state var, map element or relation pair
    op: Literal["=", "+=", "-="] | None = None
    value: Expr | None = None
    template: Template | None = None  # say
    cond: Expr | None = None  # if
    prob: float | None = None  # chance, a number ...
    prob_expr: Expr | None = None  # ... or an expression over params and consts
    var: str | None = None  # let: the name; for: the loop variable
    domain: Expr | None = None  # for: what it ranges over
    then: tuple[Stmt, ...] = ()  # if/chance: the first branch; for: the body
    otherwise: tuple[Stmt, ...] = ()
    line: int = 0


class Action(Node):
    name: str
    params: tuple[ActionParam, ...] = ()
    patterns: tuple[str, ...]  # first is canonical; "{arg}" marks an argument
    guards: tuple[Guard, ...] = ()
    body: tuple[Stmt, ...] = ()
    line: int = 0


class Reward(Node):
    amount: float = 0.0  # a number ...
    amount_expr: Expr | None = None  # ... or an expression over params and consts
    live_amount: Expr | None = None  # ... or one that reads the state as it pays (`when`, `on`)
    kind: Literal["when", "on", "per_step", "each"]
    cond: Expr | None = None  # on: checked before the action's effects, its arguments bound
    action: str | None = None
    var: str | None = None  # each: paid once per element of domain, the first time cond holds for it
    domain: Expr | None = None
    line: int = 0


class Invariant(Node):
    label: str | None = None
    cond: Expr
    line: int = 0


class Expect(Node):
    kind: Literal["solvable", "unsolved_at_start", "no_dead_ends", "beats_random", "beats_doing_nothing"]
    within: int | None = None
    within_expr: Expr | None = None  # `within 2^n - 1`: resolved per world
    observing: bool = False  # decided on what the agent sees (hidden state unknown), not on the state
    margin: float | None = None  # `beats ... by M`: the baseline must score <= best - M * |best|
    line: int = 0


class Require(Node):
    """A build-time requirement: a world whose initial state breaks it is re-drawn."""

    cond: Expr
    message: Template | None = None
    line: int = 0


AxisKind = Literal["interface", "dynamics", "observation", "feedback"]


class Alternative(Node):
    """One alternative of an axis: the changes it makes to its one component."""

    name: str
    # interface
    renames: tuple[tuple[str, tuple[str, ...]], ...] = ()  # action -> replacement patterns
    also: tuple[tuple[str, tuple[str, ...]], ...] = ()  # action -> extra phrasings
    invalid: Template | None = None
    instruction: Template | None = None
    # dynamics
    actions: tuple[Action, ...] = ()  # replace same-named actions, add new ones
    inits: tuple[tuple[str, Expr], ...] = ()  # state variable -> new initialiser
    # observation
    observe: Template | None = None
    # feedback
    rewards: tuple[Reward, ...] = ()
    done: tuple[Expr, ...] = ()
    fail: tuple[Expr, ...] = ()
    horizon: int | None = None
    horizon_expr: Expr | None = None
    # any component: defs that replace the world's defs of the same names (check/overrides.py)
    functions: tuple[Function, ...] = ()


class Axis(Node):
    name: str
    kind: AxisKind
    alternatives: tuple[Alternative, ...]


class Scaffold(Node):
    """A checked scaffold: a family of worlds."""

    ir_version: int = IR_VERSION
    name: str
    title: str
    instruction: Template
    params: tuple[Param, ...] = ()
    enums: tuple[EnumDecl, ...] = ()
    content: tuple[Slot, ...] = ()
    entities: tuple[Entity, ...] = ()
    # consts and state variables in evaluation (source) order: ("const"|"state", name)
    init_order: tuple[tuple[str, str], ...] = ()
    consts: tuple[Const, ...] = ()
    state: tuple[StateVar, ...] = ()
    actions: tuple[Action, ...] = ()
    invalid: Template
    observe: Template
    rewards: tuple[Reward, ...] = ()
    done: tuple[Expr, ...] = ()  # goal conditions: the episode ends, solved
    fail: tuple[Expr, ...] = ()  # failure conditions: the episode ends, not solved
    horizon: int
    horizon_expr: Expr | None = None  # `horizon 2 * n`: resolved per world
    invariants: tuple[Invariant, ...] = ()
    expects: tuple[Expect, ...] = ()
    axes: tuple[Axis, ...] = ()
    functions: tuple[Function, ...] = ()
    every: tuple[Stmt, ...] = ()  # runs after every action that happens
    requires: tuple[Require, ...] = ()
    hidden: tuple[str, ...] = ()  # state variables the agent cannot see (`hidden a, b`)
    hidden_drawn: tuple[str, ...] = ()  # those of them whose candidates are the generator's draws (`from draws`)
    max_states: int | None = None  # `check within N states`: the scaffold's own model-checking bound
    terminal: Terminal | None = None  # `files { ... }`: a terminal world's files, shell and programs (ir/terminal.py)

    def to_json(self) -> str:
        return canonical_json(self.model_dump(mode="json", exclude_defaults=True))

    @classmethod
    def from_json(cls, text: str) -> Scaffold:
        return cls.model_validate_json(text)

    def axis(self, name: str) -> Axis | None:
        return next((a for a in self.axes if a.name == name), None)

    def action(self, name: str) -> Action | None:
        return next((a for a in self.actions if a.name == name), None)


from worldgen.ir.terminal import Terminal  # noqa: E402 - it builds on Node, defined above

Scaffold.model_rebuild()
Type.model_rebuild()
Function.model_rebuild()
Expr.model_rebuild()
Stmt.model_rebuild()
Slot.model_rebuild()
