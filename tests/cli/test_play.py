"""`worldgen play` without stumbles: content from anywhere (or none yet), options an artifact
cannot honour refused, a readable :state, Tab completion, and a terse interface's syntax shown."""

from __future__ import annotations

import io
import json
import os
import re
import select
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

import worldgen as worldgen_api
from tests.cli.test_check_and_play import worldgen
from tests.conftest import ROOT, example_record, example_scaffold
from worldgen.cli.cmd_play import completions, heredocs, listing_hook, match_listing, renames_commands
from worldgen.content.generate import procedural_record

NEW = """world fresh {
  content { room: list(3) of { name: word(unique) "a room name" } }
  entity room[3] named content.room.name
  state { at: room = room[0] }
  action go(to: room) "go {to}" { when to != at  do at = to }
  observe "You are in the {at}."
  done when at == room[2]
  horizon 10
}
"""


def _pack(tmp_path: Path, n: int) -> Path:
    done = worldgen("content", "scaffolds/vault.wg", "-n", str(n), "-o", str(tmp_path / "pack"), "--seed", "5")
    assert done.returncode == 0, done.stderr
    return tmp_path / "pack"


def test_a_new_scaffold_without_an_example_record_plays_a_procedural_one(tmp_path: Path) -> None:
    (tmp_path / "fresh.wg").write_text(NEW)
    done = worldgen("play", "fresh.wg", stdin=":state\n", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stderr.startswith("fresh.wg: no example record (content_packs/fresh/example.json) and no --content: "
                                  "playing procedural record 0")
    ir = worldgen_api.loads(NEW, "fresh.wg").ir
    first = [room["name"] for room in procedural_record(ir, 0)["room"]][0]
    assert f"You are in the {first}." in done.stdout and f'"at": "{first}"' in done.stdout
    again = worldgen("play", "fresh.wg", "--record", "1", stdin="", cwd=tmp_path)
    assert "playing procedural record 1" in again.stderr
    assert f"You are in the {procedural_record(ir, 1)['room'][0]['name']}." in again.stdout


def test_content_accepts_a_record_a_jsonl_and_a_pack_folder_with_record_n(tmp_path: Path) -> None:
    pack = _pack(tmp_path, 3)
    lines = sorted((json.loads(line) for line in (pack / "records.jsonl").read_text().splitlines()),
                   key=lambda line: line["index"])
    (tmp_path / "one.json").write_text(json.dumps(lines[1]["content"]))
    axes = {"observation": "full", "interface": "verbs"}
    for content, record, expected in ((pack, None, 0), (pack, "2", 2), (pack / "records.jsonl", "1", 1),
                                      (tmp_path / "one.json", None, 1)):
        extra = ["--record", record] if record else []
        done = worldgen("play", "scaffolds/vault.wg", "--content", str(content), *extra,
                        *(f"--axis={k}={v}" for k, v in axes.items()), stdin="")
        assert done.returncode == 0 and done.stderr == "", done.stderr
        world = example_scaffold("vault").instantiate(lines[expected]["content"], seed=0, axes=axes)
        assert f"You are in the {world.entities['room'][0]}." in done.stdout, (content, record)


def test_record_n_beyond_the_pack_is_a_usage_error(tmp_path: Path) -> None:
    pack = _pack(tmp_path, 2)
    done = worldgen("play", "scaffolds/vault.wg", "--content", str(pack), "--record", "2", stdin="")
    assert done.returncode == 2
    assert done.stderr == f"worldgen play: error: --record 2: {pack} holds 2 record(s), numbered from 0 to 1\n"


def test_a_pack_made_for_another_scaffold_is_refused(tmp_path: Path) -> None:
    pack = _pack(tmp_path, 1)
    done = worldgen("play", "scaffolds/ledger.wg", "--content", str(pack), stdin="")
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr.startswith(f"{pack}: error: this content pack was made for scaffold 'vault', not for 'ledger'")


@pytest.mark.parametrize("option", [["--seed", "3"], ["--axis", "layout=ring"], ["--param", "rooms=5"],
                                    ["--content", "content_packs/vault/example.json"], ["--record", "1"]])
def test_an_artifact_refuses_options_it_cannot_honour(tmp_path: Path, option: list[str]) -> None:
    world = example_scaffold("vault").instantiate(example_record("vault"), seed=4)
    path = tmp_path / "world.json"
    path.write_text(world.to_json())
    done = worldgen("play", str(path), *option, stdin="")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith(f"worldgen play: error: {path} is a compiled world: its seed, axes, params and "
                                  f"content were fixed when it was built, so {option[0]} cannot apply")
    assert worldgen("play", str(path), "--episode-seed", "3", stdin="").returncode == 0


def test_state_shows_names_not_indices() -> None:
    done = worldgen("play", "scaffolds/vault.wg", "--seed", "2", "--axis", "layout=tree", stdin=":state\n")
    world = example_scaffold("vault").instantiate(example_record("vault"), seed=2, axes={"layout": "tree"})
    state = json.loads(done.stdout[done.stdout.index("> :state\n") + len("> :state\n"):])
    rooms, keys = world.entities["room"], world.entities["key"]
    assert state["at"] == rooms[0] and state["locked"] is True and state["carrying"] == []
    assert sorted(state["key_in"]) == sorted(keys) and set(state["key_in"].values()) <= set(rooms)
    assert sorted(state["link"]) == sorted(rooms)
    assert all(set(exits) <= set(rooms) for exits in state["link"].values())


def test_state_names_enum_members() -> None:
    done = worldgen("play", "scaffolds/hanoi.wg", stdin=":state\n")
    state = json.loads(done.stdout[done.stdout.index("> :state\n") + len("> :state\n"):])
    assert set(state["pegs"]) == {"left", "middle", "right"}
    assert all(disc.startswith("disc") for pile in state["pegs"].values() for disc in pile)


def test_tab_offers_the_commands_valid_now_first() -> None:
    admissible = ["take bone key", "go crypt"]
    commands = ["go cloister", "go crypt", "go treasury", "take bone key", "take iron key", "unlock vault"]
    assert completions("go ", "go ", admissible, commands) == ["go crypt"]
    assert completions("", "", admissible, commands) == admissible  # the world's order, not re-sorted
    assert completions("u", "u", admissible, commands) == ["unlock vault"]  # nothing valid now matches: any command
    assert completions("Take I", "Take I", admissible, commands) == ["take iron key"]
    assert completions(":s", ":s", admissible, commands) == [":state"]
    assert completions("dance", "dance", admissible, commands) == []


def test_the_tab_listing_shows_the_commands_valid_now_before_the_others() -> None:
    admissible = ["take bone key", "go crypt"]
    commands = ["go cloister", "go crypt", "go treasury", "take bone key", "take iron key", "unlock vault"]
    assert match_listing("go ", admissible, commands) == "valid now: go crypt\nother commands: go cloister  go treasury"
    assert match_listing("", admissible, commands).splitlines() == [
        "valid now: take bone key  go crypt",
        "other commands: go cloister  go treasury  take iron key  unlock vault",
        "player commands: :commands  :help  :quit  :restart  :state"]
    assert match_listing("u", admissible, commands) == "other commands: unlock vault"


def test_the_display_hook_lists_then_redraws_the_prompt_and_the_typed_line() -> None:
    env = worldgen_api.load("scaffolds/vault.wg").instantiate(example_record("vault"), seed=0).env()
    env.reset(seed=0)
    valid, others = env.admissible, [c for c in env.commands if c not in env.admissible]
    out = io.StringIO()
    listing_hook(env, lambda: "", out)("", valid[1:], 0)  # readline's arguments: its (sorted) matches
    lines = out.getvalue().split("\n")
    assert lines[0] == "" and lines[-1] == "> "
    assert lines[1] == "valid now: " + "  ".join(valid) and lines[2] == "other commands: " + "  ".join(others)


def test_tab_completes_in_a_terminal(tmp_path: Path) -> None:
    """Through readline in a pseudo-terminal: `go ` + Tab completes the one passage open now."""
    pty = pytest.importorskip("pty")
    axes = {"layout": "tree", "interface": "verbs"}

    def open_passages(seed: int) -> list[str]:
        env = example_scaffold("vault").instantiate(example_record("vault"), seed=seed, axes=axes).env()
        env.reset(seed=seed)
        return [c for c in env.admissible if c.startswith("go ")]

    seed = next(s for s in range(50) if len(open_passages(s)) == 1)
    main, child = pty.openpty()
    play = subprocess.Popen([sys.executable, "-m", "worldgen.cli.main", "play", "scaffolds/vault.wg", "--seed", str(seed),
                             *(f"--axis={k}={v}" for k, v in axes.items())], cwd=ROOT, stdin=child, stdout=child,
                            stderr=child, close_fds=True)
    os.close(child)

    def read_until(marker: bytes) -> bytes:
        """What the terminal shows up to the first match of the regex ``marker`` (all of it, if
        that never comes within 60 s: the asserts then say what was shown)."""
        out, end = b"", time.monotonic() + 60
        while not re.search(marker, out) and time.monotonic() < end:
            if select.select([main], [], [], 0.2)[0]:
                out += os.read(main, 4096)
        return out

    try:
        assert b"Tab completes commands" in read_until(b"\n> ")
        os.write(main, b"go \t\n")
        assert read_until(b"\n> ").startswith(f"{open_passages(seed)[0]}\r\n".encode())  # the echo of the completed line
        # Tab Tab Tab on an empty line (the first may insert what every match starts with): the listing,
        # what is valid now first (not readline's own sorted list)
        os.write(main, b"\t\t\t")
        listing = read_until(rb"other commands: [^\r\n]*\r?\n").decode().splitlines()
        valid = next(i for i, line in enumerate(listing) if line.startswith("valid now: "))
        env = example_scaffold("vault").instantiate(example_record("vault"), seed=seed, axes=axes).env()
        env.reset(seed=seed)
        env.step(open_passages(seed)[0])
        shown, others = listing[valid].split(": ")[1].split("  "), listing[valid + 1].split(": ")[1].split("  ")
        assert listing[valid + 1].startswith("other commands: ") and set(shown) <= set(env.admissible)
        assert shown and others and not set(others) & set(env.admissible)
        os.write(main, b"\x15")  # Ctrl-U: clear what the Tabs inserted
        os.write(main, b":quit\n")
        assert play.wait(timeout=30) == 0
    finally:
        play.kill()
        os.close(main)


def test_a_terse_interface_shows_its_commands_at_the_start() -> None:
    done = worldgen("play", "scaffolds/vault.wg", "--seed", "2", "--axis", "interface=terse", stdin="")
    world = example_scaffold("vault").instantiate(example_record("vault"), seed=2, axes={"interface": "terse"})
    rooms = ", ".join(world.entities["room"])
    lines = done.stdout.splitlines()
    assert lines[1:5] == ["This interface has its own commands ({arg} marks an argument):",
                          f"  g {{to}}    (to: one of {rooms})", f"  t {{k}}    (k: one of {', '.join(world.entities['key'])})",
                          "  u"]
    plain = worldgen("play", "scaffolds/vault.wg", "--seed", "2", "--axis", "interface=verbs", stdin="")
    assert "its own commands" not in plain.stdout
    assert renames_commands(world) and not renames_commands(example_scaffold("vault").instantiate(
        example_record("vault"), seed=2, axes={"interface": "verbs"}))


def test_a_pack_folder_next_to_a_copied_scaffold_is_used_as_given(tmp_path: Path) -> None:
    """The example record is found beside a copied catalogue (scaffolds/ + content_packs/)."""
    shutil.copytree(ROOT / "scaffolds", tmp_path / "scaffolds", ignore=shutil.ignore_patterns("*.py", "*.md"))
    shutil.copytree(ROOT / "content_packs" / "ledger", tmp_path / "content_packs" / "ledger")
    done = worldgen("play", "scaffolds/ledger.wg", stdin="", cwd=tmp_path)
    assert done.returncode == 0 and done.stderr == ""


def test_play_real_runs_a_terminal_world_in_real_bash_and_refuses_other_worlds() -> None:
    from worldgen.terminal.jail import available

    done = worldgen("play", "scaffolds/vault.wg", "--real", stdin="look\n")
    assert done.returncode == 2 and "--real runs a terminal world in real bash" in done.stderr
    if available() is not None and os.environ.get("CI") != "true":
        pytest.skip(available())
    done = worldgen("play", "scaffolds/logs.wg", "--real", stdin="ls /var/log | wc -l\nreadlink /proc/self/exe\n")
    assert done.returncode == 0, done.stderr
    assert "real bash over the world's files" in done.stdout
    assert "> ls /var/log | wc -l\n3\n" in done.stdout  # a pipe through real coreutils
    assert "readlink: " in done.stdout or "exit 1" in done.stdout  # no /proc in the world's tree


@pytest.mark.parametrize(("line", "opened"), [
    ("cat > f <<EOF", [("", "EOF")]), ('cat <<- "END" > x', [("-", "END")]), ("cat <<'EOF'", [("", "EOF")]),
    ("cat <<A >a; cat <<B >b", [("", "A"), ("", "B")]),
    ("cat <<< hi", []), ("echo 'a <<EOF b'", []), ('echo "x <<E"', []), ("echo hi # <<EOF", []), ("echo \\<<EOF", []),
])
def test_a_transcript_line_opens_here_documents_only_where_bash_would(line: str, opened: list) -> None:
    assert heredocs(line) == opened


def test_in_a_terminal_a_colon_line_and_help_go_to_the_shell_and_a_here_string_takes_no_lines(tmp_path: Path) -> None:
    """Only play's own exact commands (:help, :state, ...) are the player's: `: > f` is bash's no-op
    with a redirect, and a here-string or quoted `<<` does not swallow the lines after it."""
    transcript = ": > /tmp/empty\ncat <<< hi\necho 'a <<EOF b'\nls -l /tmp/empty\n:state\n"
    done = worldgen("play", "scaffolds/services.wg", stdin=transcript)
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "> : > /tmp/empty\n" in out and "Player commands" not in out.split("> :state")[0]
    assert "> cat <<< hi\n" in out and "> echo 'a <<EOF b'\na <<EOF b\n" in out
    assert "> ls -l /tmp/empty\n" in out and " 0 " in out.split("> ls -l /tmp/empty\n")[1].splitlines()[0]
    assert out.split("> :state\n")[1].lstrip().startswith("{")
