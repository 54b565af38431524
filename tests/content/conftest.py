"""Scaffold IR for content tests: hand-built (independent of the front end) and the real examples."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from worldgen.content.source import load_scaffold
from worldgen.ir.models import Action, Entity, Expr, Scaffold, Slot, Template, TemplatePart, Type

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ("vault", "services", "ledger")

INT = Type(kind="int")


def _template(text: str) -> Template:
    return Template(parts=(TemplatePart(text=text),))


def make_scaffold(name: str, content: tuple[Slot, ...], entities: tuple[Entity, ...], patterns: tuple[tuple[str, ...], ...]) -> Scaffold:
    actions = tuple(Action(name=f"a{i}", patterns=p) for i, p in enumerate(patterns))
    return Scaffold(
        name=name,
        title=f"The {name}",
        instruction=_template("Do the thing."),
        content=content,
        entities=entities,
        actions=actions,
        invalid=_template("Nothing happens."),
        observe=_template("You look around."),
        horizon=50,
    )


def vault() -> Scaffold:
    """Rooms and keys, like the vault example: names from list-of-record slots."""
    room = Slot(
        name="room", kind="list", size_param="rooms", min_items=6, max_items=6,
        item=Slot(name="room", kind="record", fields=(
            Slot(name="name", kind="word", unique=True, min_len=3, max_len=16, description="what the player types"),
            Slot(name="description", kind="text", min_len=20, max_len=300),
        )),
    )
    key = Slot(
        name="key", kind="list", size_param="keys", min_items=3, max_items=3,
        item=Slot(name="key", kind="record", fields=(Slot(name="name", kind="word", unique=True, min_len=3, max_len=16),)),
    )
    setting = Slot(name="setting", kind="text", min_len=10, max_len=80, description="where the story takes place")
    entities = (
        Entity(name="room", count=Expr(op="param", type=INT, name="rooms"), names_from=("room", "name")),
        Entity(name="key", count=Expr(op="param", type=INT, name="keys"), names_from=("key", "name")),
    )
    return make_scaffold("vault", (setting, room, key), entities, (("go {to}",), ("take {k}",), ("unlock vault",)))


def services() -> Scaffold:
    """A list of words as entity names, an int, an enum and a multi-word text name."""
    content = (
        Slot(name="host", kind="text", min_len=3, max_len=30, description="the machine's name"),
        Slot(name="service", kind="list", min_items=4, max_items=4, item=Slot(name="service", kind="word", unique=True, min_len=2, max_len=12)),
        Slot(name="port", kind="int", lo=1024, hi=65535),
        Slot(name="mood", kind="enum", choices=("calm", "urgent")),
        Slot(name="motd", kind="text", min_len=1, max_len=120),
    )
    entities = (
        Entity(name="service", count=Expr(op="lit", type=INT, value=4), names_from=("service",)),
        Entity(name="host", count=Expr(op="lit", type=INT, value=1), names_from=("host",)),
    )
    return make_scaffold("services", content, entities, (("systemctl start {s}",), ("systemctl stop {s}",), ("ssh {h}",)))


@pytest.fixture
def vault_ir() -> Scaffold:
    return vault()


@pytest.fixture
def services_ir() -> Scaffold:
    return services()


def example_ir(name: str) -> Scaffold:
    return load_scaffold(ROOT / "scaffolds" / f"{name}.wg")


def example_record(name: str) -> dict:
    return json.loads((ROOT / "content_packs" / name / "example.json").read_text())


@pytest.fixture(params=EXAMPLES)
def example_name(request: pytest.FixtureRequest) -> str:
    return request.param
