"""Notes go to the sink set for this process, and nowhere when none is (worldgen/compiler/notes.py)."""

from __future__ import annotations

from worldgen.compiler import notes


def test_notes_reach_the_sink_only_inside_the_block():
    heard: list[str] = []
    notes.note("before")
    with notes.sending_to(heard.append):
        notes.note("inside")
        with notes.sending_to(None):
            notes.note("muted")
        notes.note("again")
    notes.note("after")
    assert heard == ["inside", "again"]
