"""Prompts come from the scaffold only, and each record gets its own seeded diversity hint."""

from __future__ import annotations

from tests.content.conftest import example_ir
from worldgen import content
from worldgen.content.prompt import PromptBuilder, repair_messages
from worldgen.content.rules import Violation


def test_prompt_states_the_world_the_fields_and_the_command_words() -> None:
    user = PromptBuilder(example_ir("services"), seed=1).messages(0, include_schema=False)[1]["content"]
    assert "World: Bring the stack up" in user and "The <product> stack is down." in user
    assert "- unit: array of object." in user and "  - name: string." in user
    assert "Never use a command word as a name:" in user and "systemctl" in user
    assert "JSON Schema" not in user


def test_hints_are_seeded_per_record_and_varied() -> None:
    builder, again = PromptBuilder(example_ir("vault"), seed=3), PromptBuilder(example_ir("vault"), seed=3)
    hints = [builder.hint(i) for i in range(200)]
    assert hints == [again.hint(i) for i in range(200)]
    assert set(hints[0]) == {"theme", "tone", "era", "setting"}
    assert len({tuple(sorted(h.items())) for h in hints}) == 200
    assert PromptBuilder(example_ir("vault"), seed=4).hint(0) != hints[0] or PromptBuilder(example_ir("vault"), seed=4).hint(1) != hints[1]


def test_repairs_quote_the_answer_and_list_the_violations() -> None:
    start = PromptBuilder(example_ir("vault"), seed=0).messages(0, include_schema=True)
    assert "must match this JSON Schema" in start[1]["content"]
    violations = [Violation("r", f"/room/{i}/name", "typeable: bad") for i in range(25)]
    messages = repair_messages(start, '{"room": []}', violations)
    assert messages[2] == {"role": "assistant", "content": '{"room": []}'}
    assert "- /room/0/name: typeable: bad" in messages[3]["content"] and "... and 5 more" in messages[3]["content"]


def test_the_public_api_is_complete() -> None:
    for name in content.__all__:
        assert getattr(content, name) is not None
