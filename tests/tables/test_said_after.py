"""An action's texts are shared between transitions only when its `say`s can read nothing but the
new state, the command's arguments and the chance decisions."""

from __future__ import annotations

from worldgen.ir.axes import apply_axes
from worldgen.ir.models import Expr, Stmt, Template, TemplatePart, Type
from worldgen.tables.said_after import said_after
from tests.tables.conftest import shipped_world

INT = Type(kind="int")
OLD_N = Expr(op="state", type=INT, name="n")
ONE = Expr(op="lit", type=INT, value=1)
BUMP = Stmt(kind="assign", target=OLD_N, op="+=", value=ONE)
SAY = Stmt(kind="say", template=Template(parts=(TemplatePart(text="n is now {n}"),)))


def _body(world_name: str, action: str) -> tuple[Stmt, ...]:
    world = shipped_world(world_name)
    ir = apply_axes(world.scaffold, world.axes)
    return next(a.body for a in ir.actions if a.name == action) + ir.every


def test_a_guess_scored_after_it_is_stored_is_shared() -> None:
    assert said_after(_body("mastermind", "guess"))


def test_a_say_in_the_branch_that_changes_the_state_is_not() -> None:
    assert not said_after(_body("minesweeper", "reveal"))


def test_says_after_the_last_change_are_shared() -> None:
    assert said_after((BUMP, SAY))


def test_a_say_before_a_change_is_not() -> None:
    assert not said_after((SAY, BUMP))


def test_a_let_of_the_old_state_is_not() -> None:
    assert not said_after((Stmt(kind="let", var="was", value=OLD_N), BUMP, SAY))


def test_a_let_under_a_condition_on_the_old_state_is_not() -> None:
    let = Stmt(kind="let", var="big", value=ONE)
    assert not said_after((Stmt(kind="if", cond=OLD_N, then=(let,)), BUMP, SAY))


def test_a_let_of_arguments_only_is() -> None:
    arg = Expr(op="arg", type=INT, name="a")
    assert said_after((Stmt(kind="let", var="g", value=arg), BUMP, SAY))
