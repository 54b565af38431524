"""A description's head: its first noun phrase, before prepositions, clauses and examples."""

import pytest

from worldgen.content.headwords import head_words


@pytest.mark.parametrize("description, head", [
    ("a snack sold in a vending machine", ("a", "snack")),
    ("a lowercase service name, e.g. nginx", ("a", "lowercase", "service", "name")),
    ("the error it logs", ("the", "error")),
    ("name of the room", ("name",)),
    ("A Food Ingredient (one word)", ("a", "food", "ingredient")),
    ("", ()),
])
def test_the_head_stops_at_the_first_break(description: str, head: tuple[str, ...]) -> None:
    assert head_words(description) == head
