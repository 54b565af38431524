"""Running a parsed awk program over records: a tree-walking interpreter.

Control flow (``next``, ``exit``, ``break``, ``continue``) travels as exceptions. Every loop
iteration counts against ``MAX_STEPS`` and output against the shell's output bound, so
``while (1) {}`` or ``s = s s`` end with a message rather than a hung or bloated shell.
``for (k in a)`` visits keys in insertion order (POSIX leaves the order unspecified).
"""

from __future__ import annotations

import math
import random

from worldgen.shell import limits
from worldgen.shell.budget import charge
from worldgen.shell.builtins import awk_tree as ast
from worldgen.shell.builtins.awk_functions import (ARITY, MAX_STRING, arith, maths, regex, replace, search, split,
                                                   substr)
from worldgen.shell.builtins.awk_values import (UNINIT, AwkError, StrNum, Value, compare, input_value, num,
                                                number_text, sprintf, text, truth)
from worldgen.shell.builtins.base import Call
from worldgen.shell.builtins.bytewise import ascii_lower, ascii_upper
from worldgen.shell.builtins.regex import Regex
from worldgen.shell.fs import FsError

MAX_STEPS = 1_000_000  # loop iterations in one call
MAX_FIELD = 32_767  # the highest field number, as mawk
_DEVICES = {"/dev/stdout": "stdout", "/dev/stderr": "stderr", "-": "stdout"}
_MAKES_TEXT = frozenset(("substr", "tolower", "toupper", "sprintf"))  # built-ins whose result is a new text


class Next(Exception):
    pass


class Exit(Exception):
    pass


class Break(Exception):
    pass


class Continue(Exception):
    pass


class Interpreter:
    def __init__(self, call: Call, program: ast.Program):
        self.call = call
        self.program = program
        self.vars: dict[str, Value] = {
            "FS": " ", "OFS": " ", "ORS": "\n", "RS": "\n", "NR": 0.0, "FNR": 0.0, "FILENAME": "",
            "SUBSEP": "\x1c", "CONVFMT": "%.6g", "OFMT": "%.6g", "RSTART": 0.0, "RLENGTH": -1.0,
        }
        self.arrays: dict[str, dict[str, Value]] = {
            "ENVIRON": {k: input_value(v) for k, v in call.env.items()}}
        self.record = ""
        self.fields: list[str] | None = []
        self.steps = 0
        self.written = 0
        self.status = 0
        self.files: dict[str, tuple[str, list[str]]] = {}
        self.ranges = [False] * len(program.rules)
        self.random = random.Random(0)
        self.seed = 0.0
        self.eval = self._evaluators()

    # ---------------------------------------------------------------- records and fields
    def set_record(self, line: str) -> None:
        self.record = line
        self.fields = None

    def split_fields(self) -> list[str]:
        if self.fields is None:
            self.fields = split(self.record, text(self.vars["FS"]))
        return self.fields

    def get_field(self, i: int) -> Value:
        if i == 0:
            return input_value(self.record)
        if i < 0:
            raise AwkError(f"trying to access out of range field {i}")
        fields = self.split_fields()
        return input_value(fields[i - 1]) if i <= len(fields) else UNINIT

    def set_field(self, i: int, value: Value) -> None:
        if i == 0:
            self.set_record(self.str(value))
            return
        if not 0 < i <= MAX_FIELD:
            raise AwkError(f"${i} exceeds maximum field({MAX_FIELD})" if i > 0 else f"trying to access out of range field {i}")
        fields = self.split_fields()
        if i > len(fields):
            fields.extend([""] * (i - len(fields)))
        fields[i - 1] = self.str(value)
        self.rebuild()

    def set_nf(self, n: float) -> None:
        count = int(n)
        if not 0 <= count <= MAX_FIELD:
            raise AwkError(f"NF={count} is out of range")
        fields = self.split_fields()
        del fields[count:]
        fields.extend([""] * (count - len(fields)))
        self.rebuild()

    def rebuild(self) -> None:
        self.record = self.str(self.vars["OFS"]).join(self.fields or [])
        if len(self.record) > MAX_STRING:
            raise AwkError("record too long")

    # ---------------------------------------------------------------- variables
    def str(self, v: Value) -> str:
        return text(v, text(self.vars["CONVFMT"]))

    def get_var(self, name: str) -> Value:
        if name == "NF":
            return float(len(self.split_fields()))
        if name in self.arrays:
            raise AwkError(f"can't use array {name} in scalar context")
        return self.vars.get(name, UNINIT)

    def set_var(self, name: str, value: Value) -> None:
        if name in self.arrays:
            raise AwkError(f"can't assign to {name}; it's an array name.")
        if name == "NF":
            self.set_nf(num(value))
            return
        self.vars[name] = value

    def array(self, name: str) -> dict[str, Value]:
        found = self.arrays.get(name)
        if found is None:
            if name in self.vars:
                raise AwkError(f"can't use scalar {name} as array")
            found = self.arrays[name] = {}
        return found

    def key(self, subscripts: tuple[ast.Expr, ...]) -> str:
        if len(subscripts) == 1:
            return self.str(self.eval[type(subscripts[0])](subscripts[0]))
        return self.str(self.vars["SUBSEP"]).join(self.str(self.value(s)) for s in subscripts)

    def value(self, node: ast.Expr) -> Value:
        return self.eval[type(node)](node)

    def assign(self, target: ast.Var | ast.Field | ast.Index, value: Value) -> Value:
        if type(value) is str and len(value) > MAX_STRING:  # type: ignore[arg-type]
            raise AwkError(f"string too long (more than {MAX_STRING:,} characters)")
        if type(target) is ast.Var:
            self.set_var(target.name, value)
        elif type(target) is ast.Field:
            self.set_field(self.field_number(target), value)
        else:
            self.array(target.name)[self.key(target.subscripts)] = value  # type: ignore[union-attr]
        return value

    def field_number(self, node: ast.Field) -> int:
        x = num(self.value(node.index))
        if not math.isfinite(x) or x > MAX_FIELD:
            raise AwkError(f"${number_text(x, '%.6g')} exceeds maximum field({MAX_FIELD})")
        return int(x)

    # ---------------------------------------------------------------- expressions
    def _evaluators(self) -> dict[type, object]:
        return {
            ast.Num: lambda n: n.value, ast.Str: lambda n: n.value,
            ast.Regex: lambda n: float(search(regex(n.source), self.record) is not None),
            ast.Var: lambda n: self.get_var(n.name),
            ast.Field: lambda n: self.get_field(self.field_number(n)),
            ast.Index: self.index, ast.Assign: self.assignment, ast.IncDec: self.incdec,
            ast.Binary: self.binary, ast.Logical: self.logical, ast.Unary: self.unary,
            ast.Cond: lambda n: self.value(n.yes if truth(self.value(n.test)) else n.no),
            ast.In: lambda n: float(self.key(n.subscripts) in self.array(n.name)),
            ast.Call: self.builtin, ast.Group: self.group,
        }

    def group(self, node: ast.Group) -> Value:
        raise AwkError("a parenthesised list (a, b) is only allowed before 'in' or after print")

    def index(self, node: ast.Index) -> Value:
        arr = self.array(node.name)
        key = self.key(node.subscripts)
        found = arr.get(key)
        if found is None:
            found = arr[key] = UNINIT  # referencing an element creates it, as in awk
        return found

    def assignment(self, node: ast.Assign) -> Value:
        if node.op == "=":
            value = self.value(node.value)
            if type(value) is StrNum and value is not UNINIT:
                value = StrNum(value.s, value.n)  # type: ignore[union-attr]
            return self.assign(node.target, value)
        right = num(self.value(node.value))
        left = num(self.value(node.target))
        return self.assign(node.target, arith(node.op[0], left, right))

    def incdec(self, node: ast.IncDec) -> Value:
        old = num(self.value(node.target))
        self.assign(node.target, old + node.delta)
        return old + node.delta if node.prefix else old

    def binary(self, node: ast.Binary) -> Value:
        op = node.op
        if op == "concat":
            joined = self.str(self.value(node.left)) + self.str(self.value(node.right))
            charge(len(joined))  # `for (...) t = s "y"` copies a long s each time
            if len(joined) > MAX_STRING:
                raise AwkError(f"string too long (more than {MAX_STRING:,} characters)")
            return joined
        if op in ("~", "!~"):
            subject = self.str(self.value(node.left))
            found = search(self.pattern(node.right), subject) is not None
            return float(found == (op == "~"))
        left, right = self.value(node.left), self.value(node.right)
        if op in ("+", "-", "*", "/", "%", "^"):
            return arith(op, num(left), num(right))
        c = compare(left, right, self.str(self.vars["CONVFMT"]))
        return float({"<": c < 0, "<=": c <= 0, ">": c > 0, ">=": c >= 0, "==": c == 0, "!=": c != 0}[op])

    def pattern(self, node: ast.Expr) -> Regex:
        """A regex operand: ``/re/`` as written, anything else as a dynamic regex (its text)."""
        if type(node) is ast.Regex:
            return regex(node.source)  # type: ignore[union-attr]
        return regex(self.str(self.value(node)))

    def logical(self, node: ast.Logical) -> Value:
        left = truth(self.value(node.left))
        if node.op == "&&":
            return float(left and truth(self.value(node.right)))
        return float(left or truth(self.value(node.right)))

    def unary(self, node: ast.Unary) -> Value:
        value = self.value(node.operand)
        if node.op == "!":
            return float(not truth(value))
        return -num(value) if node.op == "-" else num(value)

    # ---------------------------------------------------------------- built-in functions
    def builtin(self, node: ast.Call) -> Value:
        name, args = node.name, node.args
        if name in ARITY and not ARITY[name][0] <= len(args) <= ARITY[name][1]:
            raise AwkError(f"wrong number of arguments in call to {name}")
        if name == "length":
            if not args:
                return float(len(self.record))
            if type(args[0]) is ast.Var and args[0].name in self.arrays:  # type: ignore[union-attr]
                return float(len(self.arrays[args[0].name]))  # type: ignore[union-attr]
            return float(len(self.str(self.value(args[0]))))
        if name in ("sub", "gsub"):
            return self.substitute(node)
        if name == "split":
            return self.split_into(args)
        if name == "match":
            subject = self.str(self.value(args[0]))
            m = search(self.pattern(args[1]), subject)
            start, length = (m.start() + 1, m.end() - m.start()) if m else (0, -1)
            self.vars["RSTART"], self.vars["RLENGTH"] = float(start), float(length)
            return float(start)
        if name == "close":
            return self.close(self.str(self.value(args[0])))
        if name == "system":
            raise AwkError("system() is not supported in this world")
        values = [self.value(a) for a in args]
        if name == "index":
            text = self.str(values[0])
            charge(len(text))  # scanned: `index(s, "z")` a million times is work
            return float(text.find(self.str(values[1])) + 1)
        if name in _MAKES_TEXT:
            made = self.text_function(name, values)
            charge(len(made))  # copied: `toupper(s)` a million times is work
            return made
        if name == "int":
            x = num(values[0])
            return float(math.trunc(x)) if math.isfinite(x) else x
        if name == "rand":
            return self.random.random()
        if name == "srand":
            previous, self.seed = self.seed, num(values[0]) if values else 0.0
            self.random.seed(self.seed)
            return previous
        return maths(name, [num(v) for v in values])

    def text_function(self, name: str, values: list[Value]) -> str:
        """The text ``substr``, ``sprintf``, ``tolower`` or ``toupper`` makes of ``values``."""
        if name == "substr":
            return substr(self.str(values[0]), num(values[1]), num(values[2]) if len(values) > 2 else None)
        if name == "sprintf":
            return sprintf(self.str(values[0]), values[1:], self.str(self.vars["CONVFMT"]))
        return ascii_lower(self.str(values[0])) if name == "tolower" else ascii_upper(self.str(values[0]))  # bytes: ASCII letters

    def substitute(self, node: ast.Call) -> Value:
        args = node.args
        target = args[2] if len(args) > 2 else ast.Field(ast.Num(0.0))
        if not isinstance(target, (ast.Var, ast.Field, ast.Index)):
            raise AwkError(f"{node.name}: the third argument must be a variable, field or element")
        rx = self.pattern(args[0])
        replacement = self.str(self.value(args[1]))
        subject = self.str(self.value(target))
        result, count = replace(rx, replacement, subject, node.name == "gsub")
        if count:
            self.assign(target, result)
        return float(count)

    def split_into(self, args: tuple[ast.Expr, ...]) -> Value:
        if type(args[1]) is not ast.Var:
            raise AwkError("split: the second argument must be an array name")
        subject = self.str(self.value(args[0]))
        charge(len(subject))
        if len(args) > 2:
            sep = args[2].source if type(args[2]) is ast.Regex else self.str(self.value(args[2]))  # type: ignore[union-attr]
        else:
            sep = self.str(self.vars["FS"])
        arr = self.array(args[1].name)  # type: ignore[union-attr]
        arr.clear()
        parts = split(subject, sep)
        for i, part in enumerate(parts, 1):
            arr[str(i)] = input_value(part)
        return float(len(parts))

    # ---------------------------------------------------------------- statements
    def run_block(self, block: ast.Block) -> None:
        for stmt in block.body:
            self.execute(stmt)

    def execute(self, stmt: ast.Stmt) -> None:
        t = type(stmt)
        if t is ast.ExprStmt:
            self.value(stmt.expr)  # type: ignore[union-attr]
        elif t is ast.Print:
            self.print_(stmt)  # type: ignore[arg-type]
        elif t is ast.Block:
            self.run_block(stmt)  # type: ignore[arg-type]
        elif t is ast.If:
            if truth(self.value(stmt.test)):  # type: ignore[union-attr]
                self.execute(stmt.yes)  # type: ignore[union-attr]
            elif stmt.no is not None:  # type: ignore[union-attr]
                self.execute(stmt.no)  # type: ignore[union-attr]
        elif t is ast.Printf:
            values = [self.value(a) for a in stmt.args]  # type: ignore[union-attr]
            self.emit(sprintf(self.str(values[0]), values[1:], self.str(self.vars["CONVFMT"])), stmt.dest)  # type: ignore[union-attr]
        elif t is ast.While:
            self.while_(stmt)  # type: ignore[arg-type]
        elif t is ast.For:
            self.for_(stmt)  # type: ignore[arg-type]
        elif t is ast.ForIn:
            self.for_in(stmt)  # type: ignore[arg-type]
        elif t is ast.Delete:
            arr = self.array(stmt.name)  # type: ignore[union-attr]
            if stmt.subscripts is None:  # type: ignore[union-attr]
                arr.clear()
            else:
                arr.pop(self.key(stmt.subscripts), None)  # type: ignore[union-attr]
        elif t is ast.Jump:
            self.jump(stmt)  # type: ignore[arg-type]

    def jump(self, stmt: ast.Jump) -> None:
        if stmt.kind == "next":
            raise Next
        if stmt.kind == "exit":
            if stmt.value is not None:
                self.status = int(num(self.value(stmt.value))) & 0xFF
            raise Exit
        raise Break if stmt.kind == "break" else Continue

    def tick(self) -> None:
        self.steps += 1
        if self.steps > MAX_STEPS:
            raise AwkError(f"program stopped: more than {MAX_STEPS:,} loop iterations")

    def loop_body(self, body: ast.Stmt) -> bool:
        """Run one iteration; False when ``break`` ended the loop."""
        self.tick()
        try:
            self.execute(body)
        except Break:
            return False
        except Continue:
            pass
        return True

    def while_(self, stmt: ast.While) -> None:
        if stmt.do and not self.loop_body(stmt.body):
            return
        while truth(self.value(stmt.test)):
            if not self.loop_body(stmt.body):
                return

    def for_(self, stmt: ast.For) -> None:
        if stmt.init is not None:
            self.value(stmt.init)
        while stmt.test is None or truth(self.value(stmt.test)):
            if not self.loop_body(stmt.body):
                return
            if stmt.step is not None:
                self.value(stmt.step)

    def for_in(self, stmt: ast.ForIn) -> None:
        arr = self.array(stmt.name)
        for key in list(arr):
            if key not in arr:
                continue  # deleted by an earlier iteration
            self.assign(stmt.var, key)
            if not self.loop_body(stmt.body):
                return

    # ---------------------------------------------------------------- output
    def print_(self, stmt: ast.Print) -> None:
        ofmt = self.str(self.vars["OFMT"])
        if not stmt.args:
            line = self.record
        else:
            parts = []
            for arg in stmt.args:
                v = self.value(arg)
                parts.append(number_text(v, ofmt) if type(v) is float else self.str(v))  # type: ignore[arg-type]
            line = self.str(self.vars["OFS"]).join(parts)
        self.emit(line + self.str(self.vars["ORS"]), stmt.dest)

    def emit(self, out: str, dest: tuple[str, ast.Expr] | None) -> None:
        self.written += len(out)
        if self.written > limits.MAX_OUTPUT + 1:
            raise AwkError(f"program stopped: more than {limits.MAX_OUTPUT:,} characters of output")
        if dest is None:
            self.call.stdout.append(out)
            return
        mode, where = dest
        name = self.str(self.value(where))
        device = _DEVICES.get(name)
        if device is not None:
            (self.call.stdout if device == "stdout" else self.call.stderr).append(out)
            return
        self.files.setdefault(name, (mode, []))[1].append(out)

    def close(self, name: str) -> float:
        opened = self.files.pop(name, None)
        if opened is None:
            return -1.0
        mode, chunks = opened
        try:
            self.call.fs.write(self.call.path(name), "".join(chunks), append=mode == ">>")
        except FsError as err:
            raise AwkError(f'cannot open "{name}" for output ({err.reason})') from None
        return 0.0

    def close_all(self) -> None:
        for name in list(self.files):
            self.close(name)

    # ---------------------------------------------------------------- the main loop
    def run_rules(self) -> None:
        for n, rule in enumerate(self.program.rules):
            if rule.end is not None:
                if not self.ranges[n]:
                    if not truth(self.value(rule.pattern)):  # type: ignore[arg-type]
                        continue
                    self.ranges[n] = True
                if truth(self.value(rule.end)):
                    self.ranges[n] = False
            elif rule.pattern is not None and not truth(self.value(rule.pattern)):
                continue
            if rule.action is None:
                self.emit(self.record + self.str(self.vars["ORS"]), None)
            else:
                self.run_block(rule.action)

    def records(self, text_: str) -> None:
        lines = text_.split("\n")
        if lines[-1] == "":
            lines.pop()
        for line in lines:
            self.vars["NR"] = num(self.vars["NR"]) + 1
            self.vars["FNR"] = num(self.vars["FNR"]) + 1
            self.set_record(line)
            try:
                self.run_rules()
            except Next:
                pass
