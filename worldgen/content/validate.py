"""Validation of one content record: normalise, then check the full schema and the semantic rules.

A :class:`Validator` is built once per scaffold (compiling the schema is the slow part) and used
for every record, by every provider, so a record is judged the same way however it was made.
"""

from __future__ import annotations

import json
from typing import Any

from jsonschema import Draft202012Validator

from worldgen import jsondata
from worldgen.content.fastcheck import compile_check
from worldgen.content.names import escape_pointer
from worldgen.content.normalise import compile_normaliser
from worldgen.content.rules import Rules, Violation
from worldgen.content.schema import NAME_PATTERN, WORD_PATTERN, content_schema
from worldgen.errors import ContentError
from worldgen.ir.models import Scaffold

MAX_MESSAGE = 200
_TYPEABLE = {
    WORD_PATTERN: "one lowercase word of letters and digits starting with a letter, parts joined by single '.', '-', "
                  "'_' or '/' (players type it)",
    NAME_PATTERN: "lowercase words (letters and digits starting with a letter, parts joined by single '.', '-', '_' or "
                  "'/') separated by "
                  "single spaces (players type it)",
}


class Validator:
    """Judges records of one scaffold."""

    def __init__(self, scaffold: Scaffold):
        self.scaffold = scaffold
        self.schema = content_schema(scaffold)
        self._schema = Draft202012Validator(self.schema)
        self._valid = compile_check(self.schema)
        self._normalise = compile_normaliser(scaffold.content)
        self._rules = Rules(scaffold)

    def check(self, record: Any, record_id: str) -> tuple[dict[str, Any], list[Violation]]:
        """(normalised record, violations); the record is usable only when there are none."""
        if not isinstance(record, dict):
            return {}, [Violation(record_id, "", f"schema/type: a record must be a JSON object, not {_kind(record)}")]
        record = self._normalise(record)
        errors = [] if self._valid(record) else self._schema_errors(record)
        return record, [_schema_violation(record_id, e) for e in errors] + self._rules.check(record, record_id)

    def _schema_errors(self, record: dict[str, Any]) -> list[Any]:
        return sorted(self._schema.iter_errors(record), key=lambda e: list(map(str, e.absolute_path)))

    def check_json(self, text: str, record_id: str) -> tuple[dict[str, Any], list[Violation]]:
        """Like :meth:`check` for raw model output, reporting text that is not JSON as a violation."""
        try:
            record = jsondata.loads(text)
        except (json.JSONDecodeError, TypeError) as err:
            return {}, [Violation(record_id, "", f"json: not valid JSON ({err})")]
        return self.check(record, record_id)


def validate_record(scaffold: Scaffold, record: Any, record_id: str = "record") -> dict[str, Any]:
    """The normalised record, or ContentError listing every violation."""
    clean, violations = Validator(scaffold).check(record, record_id)
    if violations:
        raise ContentError(list(violations))
    return clean


def _schema_violation(record_id: str, error: Any) -> Violation:
    pointer = "".join("/" + escape_pointer(str(p)) for p in error.absolute_path)
    if error.validator == "pattern" and error.validator_value in _TYPEABLE:
        return Violation(record_id, pointer, f"typeable: {error.instance!r} must be {_TYPEABLE[error.validator_value]}")
    message = error.message if len(error.message) <= MAX_MESSAGE else error.message[: MAX_MESSAGE - 3] + "..."
    return Violation(record_id, pointer, f"schema/{error.validator}: {message}")


def _kind(value: Any) -> str:
    return {list: "an array", str: "a string", type(None): "null", bool: "a boolean"}.get(type(value), "a number")
