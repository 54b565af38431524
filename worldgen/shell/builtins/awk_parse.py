"""awk's program text as a tree (``awk_tree``): a recursive-descent parser over ``awk_lex``'s
tokens for the POSIX subset the ``awk`` built-in runs (patterns and actions, ``BEGIN``/``END``,
ranges, the statements and expressions of one-liners). No user functions, ``getline`` or pipes:
those are syntax errors.

Errors read as mawk's (``line 1: syntax error at or near }``), raised as ``AwkSyntaxError``;
the tree is cached per program text, since agents run the same one-liner again and again.
"""

from __future__ import annotations

from functools import lru_cache

from worldgen.shell.builtins.awk_lex import AwkSyntaxError, Token, tokenize
from worldgen.shell.builtins.awk_tree import (Assign, Binary, Block, Call, Cond, Delete, Expr, ExprStmt, Field, For,
                                              ForIn, Group, If, In, IncDec, Index, Jump, Logical, Num, Print, Printf,
                                              Program, Regex, Rule, Stmt, Str, Unary, Var, While)

MAX_PROGRAM = 65_536  # characters of program text accepted


_ASSIGN_OPS = frozenset({"=", "+=", "-=", "*=", "/=", "%=", "^=", "**="})
_COMPARE = frozenset({"<", "<=", ">", ">=", "==", "!="})
# tokens that can start an operand of concatenation (not + or -: ``a -1`` subtracts)
_CONCAT_START = frozenset({"number", "string", "regex", "name", "builtin", "$", "(", "!", "++", "--"})
_LVALUES = (Var, Field, Index)
_SPECIAL_STMT = frozenset({"next", "exit", "break", "continue"})


class _Parser:
    def __init__(self, tokens: list[Token]):
        self.tokens = tokens
        self.pos = 0
        self.no_gt = 0  # > is print's redirection (outside parentheses) while this is set

    # ---- helpers
    @property
    def tok(self) -> Token:
        return self.tokens[self.pos]

    def at(self, *kinds: str) -> bool:
        return self.tokens[self.pos].kind in kinds

    def take(self) -> Token:
        tok = self.tokens[self.pos]
        self.pos += 1
        return tok

    def expect(self, kind: str) -> Token:
        if not self.at(kind):
            self.fail()
        return self.take()

    def fail(self) -> None:
        tok = self.tok
        if tok.kind == "eof":
            raise AwkSyntaxError(f"line {tok.line}: syntax error at or near end of file")
        raise AwkSyntaxError(f"line {tok.line}: syntax error at or near {tok.text.strip() or 'end of line'}")

    def newlines(self) -> None:
        while self.at("newline"):
            self.pos += 1

    def separators(self) -> None:
        while self.at("newline", ";"):
            self.pos += 1

    # ---- program
    def program(self) -> Program:
        begin: list[Block] = []
        end: list[Block] = []
        rules: list[Rule] = []
        self.separators()
        while not self.at("eof"):
            action: Block | None = Block(())
            if self.at("BEGIN", "END"):
                kind = self.take().kind
                self.newlines()
                if not self.at("{"):
                    self.fail()
                (begin if kind == "BEGIN" else end).append(self.block())
            elif self.at("{"):
                rules.append(Rule("", None, None, self.block()))
            else:
                pattern = self.expr()
                stop = None
                if self.at(","):
                    self.take()
                    self.newlines()
                    stop = self.expr()
                action = self.block() if self.at("{") else None
                rules.append(Rule("", pattern, stop, action))
            if action is None and not self.at("newline", ";", "eof"):
                self.fail()  # a pattern without action ends its line
            self.separators()
        return Program(tuple(begin), tuple(rules), tuple(end))

    def block(self) -> Block:
        self.expect("{")
        body: list[Stmt] = []
        self.separators()
        while not self.at("}"):
            if self.at("eof"):
                # mawk counts the end of the program as one line past its last one
                raise AwkSyntaxError(f"line {self.tok.line + 1}: missing }} near end of file")
            body.append(self.statement())
            self.separators()
        self.take()
        return Block(tuple(body))

    # ---- statements
    def statement(self) -> Stmt:
        kind = self.tok.kind
        if kind == "{":
            return self.block()
        if kind == "if":
            self.take()
            test = self.condition()
            yes = self.body()
            save = self.pos
            self.separators()
            if self.at("else"):
                self.take()
                self.newlines()
                return If(test, yes, self.statement())
            self.pos = save
            return If(test, yes, None)
        if kind == "while":
            self.take()
            test = self.condition()
            if self.at(";"):  # while (x);  an empty body
                self.take()
                return While(test, Block(()), False)
            return While(test, self.body(), False)
        if kind == "do":
            self.take()
            self.newlines()
            body = self.statement()
            self.separators()
            self.expect("while")
            test = self.condition()
            self.end_simple()
            return While(test, body, True)
        if kind == "for":
            return self.for_statement()
        if kind == ";":
            self.take()
            return Block(())
        stmt = self.simple()
        self.end_simple()
        return stmt

    def condition(self) -> Expr:
        self.expect("(")
        test = self.expr()
        self.expect(")")
        self.newlines()
        return test

    def body(self) -> Stmt:
        self.newlines()
        return self.statement()

    def end_simple(self) -> None:
        if self.at(";", "newline"):
            self.take()
        elif not self.at("}", "eof"):
            self.fail()

    def for_statement(self) -> Stmt:
        self.take()
        self.expect("(")
        save = self.pos
        if self.at("name") and self.tokens[self.pos + 1].kind == "in":
            var = Var(self.take().text)
            self.take()
            name = self.expect("name").text
            if self.at(")"):
                self.take()
                return ForIn(var, name, self.body())
            self.pos = save
        init = None if self.at(";") else self.expr()
        self.expect(";")
        self.newlines()
        test = None if self.at(";") else self.expr()
        self.expect(";")
        self.newlines()
        step = None if self.at(")") else self.expr()
        self.expect(")")
        if self.at(";"):
            self.take()
            return For(init, test, step, Block(()))
        return For(init, test, step, self.body())

    def simple(self) -> Stmt:
        kind = self.tok.kind
        if kind in ("print", "printf"):
            self.take()
            args: tuple[Expr, ...] = ()
            self.no_gt += 1
            try:
                if not self.at(";", "newline", "}", ">", ">>", "|", "eof"):
                    args = self.expr_list()
            finally:
                self.no_gt -= 1
            if len(args) == 1 and isinstance(args[0], Group):
                args = args[0].items
            dest = None
            if self.at(">", ">>"):
                mode = self.take().kind
                dest = (mode, self.ternary())
            elif self.at("|"):
                raise AwkSyntaxError(f"line {self.tok.line}: output to a pipe is not supported in this world")
            if kind == "printf":
                if not args:
                    self.fail()
                return Printf(args, dest)
            return Print(args, dest)
        if kind in _SPECIAL_STMT:
            self.take()
            value = None
            if kind == "exit" and not self.at(";", "newline", "}", "eof"):
                value = self.expr()
            return Jump(kind, value)
        if kind == "delete":
            self.take()
            name = self.expect("name").text
            if self.at("["):
                return Delete(name, self.subscripts())
            return Delete(name, None)
        if kind in ("getline", "function", "return", "nextfile"):
            raise AwkSyntaxError(f"line {self.tok.line}: {kind} is not supported in this world")
        return ExprStmt(self.expr())

    def expr_list(self) -> tuple[Expr, ...]:
        items = [self.expr()]
        while self.at(","):
            self.take()
            self.newlines()
            items.append(self.expr())
        return tuple(items)

    def subscripts(self) -> tuple[Expr, ...]:
        self.expect("[")
        saved, self.no_gt = self.no_gt, 0
        items = self.expr_list()
        self.no_gt = saved
        self.expect("]")
        return items

    # ---- expressions, lowest precedence first
    def expr(self) -> Expr:
        left = self.ternary()
        if self.tok.kind in _ASSIGN_OPS:
            if not isinstance(left, _LVALUES):
                self.fail()
            op = self.take().kind
            self.newlines()
            return Assign(left, "^=" if op == "**=" else op, self.expr())  # type: ignore[arg-type]
        return left

    def ternary(self) -> Expr:
        test = self.or_()
        if not self.at("?"):
            return test
        self.take()
        self.newlines()
        yes = self.expr()
        self.newlines()
        self.expect(":")
        self.newlines()
        return Cond(test, yes, self.expr())

    def or_(self) -> Expr:
        left = self.and_()
        while self.at("||"):
            self.take()
            left = Logical("||", left, self.and_())
        return left

    def and_(self) -> Expr:
        left = self.in_()
        while self.at("&&"):
            self.take()
            left = Logical("&&", left, self.in_())
        return left

    def in_(self) -> Expr:
        left = self.match()
        while self.at("in"):
            self.take()
            left = In(left.items if isinstance(left, Group) else (left,), self.expect("name").text)
        return left

    def match(self) -> Expr:
        left = self.compare()
        while self.at("~", "!~"):
            op = self.take().kind
            left = Binary(op, left, self.compare())
        return left

    def compare(self) -> Expr:
        left = self.concat()
        if self.at(*_COMPARE) and not (self.no_gt and self.at(">")):
            op = self.take().kind
            return Binary(op, left, self.concat())
        return left

    def concat(self) -> Expr:
        left = self.additive()
        while self.tok.kind in _CONCAT_START:
            left = Binary("concat", left, self.additive())
        return left

    def additive(self) -> Expr:
        left = self.multiplicative()
        while self.at("+", "-"):
            op = self.take().kind
            left = Binary(op, left, self.multiplicative())
        return left

    def multiplicative(self) -> Expr:
        left = self.unary()
        while self.at("*", "/", "%"):
            op = self.take().kind
            left = Binary(op, left, self.unary())
        return left

    def unary(self) -> Expr:
        if self.at("!", "-", "+"):
            op = self.take().kind
            return Unary(op, self.unary())
        return self.power()

    def power(self) -> Expr:
        base = self.postfix()
        if self.at("^", "**"):
            self.take()
            return Binary("^", base, self.power_operand())
        return base

    def power_operand(self) -> Expr:
        """The right of ``^``: right-associative, and may carry its own sign (``2^-1``)."""
        if self.at("-", "+", "!"):
            op = self.take().kind
            return Unary(op, self.power_operand())
        return self.power()

    def postfix(self) -> Expr:
        if self.at("++", "--"):
            delta = 1 if self.take().kind == "++" else -1
            target = self.postfix()
            if not isinstance(target, _LVALUES):
                self.fail()
            return IncDec(target, delta, True)  # type: ignore[arg-type]
        node = self.primary()
        if isinstance(node, _LVALUES) and self.at("++", "--"):
            delta = 1 if self.take().kind == "++" else -1
            return IncDec(node, delta, False)  # type: ignore[arg-type]
        return node

    def primary(self) -> Expr:
        tok = self.tok
        kind = tok.kind
        if kind == "number":
            self.take()
            return Num(tok.value)  # type: ignore[arg-type]
        if kind == "string":
            self.take()
            return Str(tok.value)  # type: ignore[arg-type]
        if kind == "regex":
            self.take()
            return Regex(tok.value)  # type: ignore[arg-type]
        if kind == "$":
            self.take()
            if self.at("++", "--"):
                return Field(self.postfix())
            return Field(self.primary())
        if kind == "(":
            self.take()
            saved, self.no_gt = self.no_gt, 0
            items = self.expr_list()
            self.no_gt = saved
            self.newlines()
            self.expect(")")
            if len(items) > 1:
                if not (self.at("in") or self.no_gt):
                    self.fail()
                return Group(items)
            return items[0]
        if kind == "name":
            self.take()
            if self.at("["):
                return Index(tok.text, self.subscripts())
            return Var(tok.text)
        if kind == "builtin":
            self.take()
            if not self.at("("):
                if tok.text == "length":
                    return Call("length", ())
                self.fail()
            self.take()
            saved, self.no_gt = self.no_gt, 0
            args = () if self.at(")") else self.expr_list()
            self.no_gt = saved
            self.expect(")")
            return Call(tok.text, args)
        if kind == "-" or kind == "+" or kind == "!":
            self.take()
            return Unary(kind, self.unary())
        if kind in ("getline", "function", "return", "nextfile"):
            raise AwkSyntaxError(f"line {tok.line}: {kind} is not supported in this world")
        self.fail()
        raise AssertionError  # fail() raised


@lru_cache(maxsize=256)
def parse(src: str) -> Program:
    """The program's tree. Raises AwkSyntaxError (too long, too deep, or not awk)."""
    if len(src) > MAX_PROGRAM:
        raise AwkSyntaxError(f"program refused: longer than {MAX_PROGRAM:,} characters")
    try:
        return _Parser(tokenize(src)).program()
    except RecursionError:
        raise AwkSyntaxError("program refused: nested too deeply") from None
