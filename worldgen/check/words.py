"""The keyword of each declaration, as diagnostics name it ("cannot contain 'init'")."""

from __future__ import annotations

from worldgen.syntax import ast
from worldgen.syntax.unions_ast import UnionDecl

DECL_WORDS = {
    ast.RenameDecl: "rename", ast.AlsoDecl: "also", ast.InvalidDecl: "invalid", ast.ActionDecl: "action",
    ast.InitDecl: "init", ast.ObserveDecl: "observe", ast.RewardDecl: "reward", ast.DoneDecl: "done",
    ast.FailDecl: "fail", ast.HorizonDecl: "horizon", ast.Title: "title", ast.Instruction: "instruction",
    ast.ParamDecl: "param", ast.ContentDecl: "content", ast.EntityDecl: "entity", ast.EnumDecl: "enum",
    ast.ConstDecl: "const", ast.StateDecl: "state", ast.InvariantDecl: "invariant", ast.ExpectDecl: "expect",
    ast.AxisDecl: "axis", ast.FuncDecl: "def", ast.EveryDecl: "every step", ast.RequireDecl: "require",
    ast.HiddenDecl: "hidden", ast.CheckDecl: "check within", UnionDecl: "type",
}
