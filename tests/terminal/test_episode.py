"""A terminal world through Env: every line runs in the shell over the world's files, every
change of state goes through the world's actions, and the exit status reaches the trainer."""

from __future__ import annotations

import pytest

import worldgen
from worldgen.shell import limits
from worldgen.terminal.episode import MAX_SHOWN, shown

SOURCE = """world ops {
  entity svc[2]
  enum level { low, high }
  state {
    seen: set<svc> = {}
    port: int in 1..3 = 1
    lvl: level = low
    keymode: int in 0..511 = 420
    gone: bool = false
    restarts: int in 0..2 = 0
  }
  files {
    home "/home/ops"
    env APP_ENV = "production"
    dir "/srv/backups"
    file log(s: svc) "/var/log/{s}.log" {
      text "started {s}\\nerror: {s} is {if s == svc[1] then 'broken' else 'fine'}\\n"
      mode 0o640
      owner "syslog"
      group "adm"
      when read { do seen += s }
    }
    file conf "/etc/app.conf" {
      text "port={port}\\nlevel={lvl}\\n"
      when write "port={p}\\nlevel={l}" (p: int in 1..3, l: level) {
        when p != 2 else "app: port 2 is reserved"
        do port = p, lvl = l
        say "app: configuration reloaded"
      }
      invalid "app: syntax error, file left unchanged"
    }
    file key "/home/ops/.ssh/id_ed25519" {
      text "secret\\n"
      mode keymode
      exists when not gone
      when chmod (m: int in 0..511 as octal) { when m == 384 or m == 256 else "mode refused by policy"  do keymode = m }
      when rm { do gone = true }
    }
    program systemctl "Control services" { flag "-q --quiet"  value "-u --unit"  flag "--no-pager" }
  }
  action restart(s: svc) "systemctl restart {s}" | "systemctl -u {s} restart" {
    when s in seen else "read the log of {s} first"
    do restarts = min(restarts + 1, 2)
    say "restarted {s}"
  }
  observe ""
  invalid "systemctl: unknown command"
  reward 1 on write_conf
  reward 1 when port == 3 and lvl == high
  done when port == 3 and lvl == high and restarts >= 1
  horizon 40
}"""


@pytest.fixture
def env() -> worldgen.Env:
    e = worldgen.loads(SOURCE, "ops.wg").instantiate({}, seed=0).env()
    e.reset(seed=0)
    return e


def run(env: worldgen.Env, line: str) -> tuple[str, int, dict]:
    obs, reward, terminated, truncated, info = env.step(line)
    return obs, info["exit_status"], info


def test_reading_tools_see_the_state_as_files_and_change_nothing(env: worldgen.Env) -> None:
    assert run(env, "ls /var/log")[0] == "svc1.log\nsvc2.log"
    assert run(env, "ls -l /var/log/svc1.log")[0] == "-rw-r----- 1 syslog adm 33 Mar  3 04:12 /var/log/svc1.log"
    out, status, info = run(env, "stat -c '%a %U' /etc/app.conf")
    assert (out, status, info["action"]) == ("644 root", 0, None)
    assert env.state()["seen"] == []


def test_a_read_runs_the_read_hook_whatever_tool_reads(env: worldgen.Env) -> None:
    out, status, info = run(env, "grep -l broken /var/log/*.log")
    assert (out, status, info["action"]) == ("/var/log/svc2.log", 0, "read_log")
    assert env.state()["seen"] == [0, 1]  # grep read both (entities by index)


def test_programs_read_argv_getopt_style(env: worldgen.Env) -> None:
    assert run(env, "systemctl restart svc1")[:2] == ("read the log of svc1 first", 1)
    run(env, "cat /var/log/svc1.log > /dev/null")
    assert run(env, "systemctl --no-pager --unit=svc1 restart")[:2] == ("restarted svc1", 0)
    assert run(env, "systemctl -qu svc1 restart")[:2] == ("restarted svc1", 0)
    assert run(env, "systemctl frobnicate")[:2] == ("systemctl: unknown command", 1)
    assert run(env, "systemctl -z")[:2] == ("systemctl: invalid option -- 'z'\nTry 'systemctl --help' for more information.", 1)
    assert "  systemctl restart SVC" in run(env, "systemctl --help")[0]


def test_a_write_is_read_back_through_the_files_texts(env: worldgen.Env) -> None:
    out, status, info = run(env, "printf 'port=3\\nlevel=high\\n' > /etc/app.conf")
    assert (out, status, info["action"]) == ("app: configuration reloaded", 0, "write_conf")
    assert run(env, "cat /etc/app.conf")[0] == "port=3\nlevel=high"


def test_sed_in_place_and_a_here_document_edit_the_same_file(env: worldgen.Env) -> None:
    assert run(env, "sed -i 's/port=1/port=3/' /etc/app.conf")[1] == 0
    assert env.state()["port"] == 3
    run(env, "cat > /etc/app.conf <<EOF\n# tuned\nport = 1\n\nLEVEL=High\nEOF")
    assert (env.state()["port"], env.state()["lvl"]) == (1, 1)  # lvl: high (enum values by index)


KEPT = " (the world kept its version of the file)"


def test_a_write_that_parses_to_nothing_or_is_refused_leaves_the_file(env: worldgen.Env) -> None:
    """Judged when the line ends, as the real face judges the disk then: bash's own status stands."""
    assert run(env, "echo 'port=9' > /etc/app.conf")[:2] == ("worldgen: /etc/app.conf: app: syntax error, file left unchanged" + KEPT, 0)
    assert run(env, "printf 'port=2\\nlevel=low\\n' > /etc/app.conf")[:2] == ("worldgen: /etc/app.conf: app: port 2 is reserved" + KEPT, 0)
    assert run(env, "cat /etc/app.conf")[0] == "port=1\nlevel=low"


def test_a_line_may_build_a_file_in_pieces_and_only_the_text_it_leaves_is_judged(env: worldgen.Env) -> None:
    assert run(env, "echo port=3 > /etc/app.conf; cat /etc/app.conf; echo level=high >> /etc/app.conf")[:2] == (
        "port=3\napp: configuration reloaded", 0)
    assert (env.state()["port"], env.state()["lvl"]) == (3, 1)
    assert run(env, "for l in port=1 level=low; do echo $l >> /tmp/c; done; : > /etc/app.conf; cat /tmp/c >> /etc/app.conf")[1] == 0
    assert (env.state()["port"], env.state()["lvl"]) == (1, 0)


def test_a_program_sees_the_files_judged_first_and_hears_the_refusals_first(env: worldgen.Env) -> None:
    out, status, _ = run(env, "cat /var/log/svc1.log > /dev/null; echo port=9 > /etc/app.conf && systemctl restart svc1 && echo after")
    assert out.splitlines() == ["worldgen: /etc/app.conf: app: syntax error, file left unchanged" + KEPT, "restarted svc1", "after"]
    assert status == 0
    assert run(env, "cat /etc/app.conf")[0] == "port=1\nlevel=low"


def test_files_without_hooks_refuse_as_an_immutable_file_would(env: worldgen.Env) -> None:
    assert run(env, "echo x >> /var/log/svc1.log")[:2] == ("worldgen: /var/log/svc1.log: Permission denied" + KEPT, 0)  # as the real face says it
    assert run(env, "rm /var/log/svc1.log")[:2] == ("rm: cannot remove '/var/log/svc1.log': Permission denied", 1)
    assert run(env, "chmod 600 /etc/app.conf")[:2] == ("chmod: changing permissions of '/etc/app.conf': Operation not permitted", 1)


def test_chmod_and_rm_hooks(env: worldgen.Env) -> None:
    assert run(env, "chmod 600 ~/.ssh/id_ed25519")[1] == 0
    assert env.state()["keymode"] == 0o600
    assert run(env, "stat -c %a .ssh/id_ed25519")[0] == "600"
    assert run(env, "chmod 0777 .ssh/id_ed25519")[:2] == (
        "chmod: changing permissions of '.ssh/id_ed25519': mode refused by policy", 1)
    assert run(env, "rm .ssh/id_ed25519 && ls -a .ssh")[:2] == (".\n..", 0)
    assert run(env, "cat .ssh/id_ed25519")[1] == 1


def test_scratch_files_and_the_session_last_one_episode(env: worldgen.Env) -> None:
    assert run(env, "pwd; echo $APP_ENV $HOME")[0] == "/home/ops\nproduction /home/ops"
    assert run(env, "cd /srv/backups && grep -c error /var/log/*.log > counts && cat counts")[0] == (
        "/var/log/svc1.log:1\n/var/log/svc2.log:1")
    env.reset(seed=0)
    assert run(env, "pwd; ls /srv/backups")[0] == "/home/ops"


def test_unknown_commands_and_outside_the_subset(env: worldgen.Env) -> None:
    assert run(env, "frob")[:2] == ("bash: frob: command not found", 127)
    out, status, _ = run(env, "sleep 1 &")
    assert status == 2 and "running in the background with & is not supported" in out


def test_rewards_sum_over_the_actions_of_one_line_and_the_goal_ends_the_episode(env: worldgen.Env) -> None:
    obs, reward, terminated, truncated, info = env.step(
        "cat /var/log/svc1.log >/dev/null && printf 'port=3\\nlevel=high\\n' > /etc/app.conf && systemctl restart svc1")
    assert (reward, terminated, info["success"], info["action"]) == (2.0, True, True, "restart")


def test_the_oracle_plays_through_the_shell_and_lines_replay_to_the_same_bytes() -> None:
    world = worldgen.loads(SOURCE, "ops.wg").instantiate({}, seed=0)
    from worldgen.verify.run import verify_world

    report = verify_world(world)
    assert report.ok, report
    commands = ["ls -la ~", "grep -r error /var/log | sort", "sed -i 's/low/high/' /etc/app.conf", "cat /etc/app.conf"]
    seen = []
    for _ in range(2):
        env = world.env()
        env.reset(seed=1)
        seen.append([env.step(c)[0] for c in commands])
    assert seen[0] == seen[1]


@pytest.mark.parametrize("line", [
    "echo " + "x" * 1_048_576,
    " | ".join(["cat /etc/app.conf"] * 10_000),
    "echo 'unterminated",
    "cat <<EOF\nport=3",
    "cd /../../../../..; pwd; ls ../../var/../var/log/./../log",
    "ls /*/*/*/* /*/* /* | wc -l",
    "printf '\\x00\\xff\\x1b[2J' > /etc/app.conf",
    "grep -E '(a+)+$' /var/log/*.log",
])
def test_hostile_lines_end_in_a_message_and_leave_the_world_as_it_was(env: worldgen.Env, line: str) -> None:
    before = env.state()
    obs, reward, terminated, truncated, info = env.step(line)
    assert isinstance(obs, str) and len(obs) <= 1_100_000 and "Traceback" not in obs
    assert env.state() == before


def test_a_directory_there_only_for_files_that_do_not_exist_is_not_there() -> None:
    world = worldgen.loads("""world cpus {
  param n: int in 1..3
  files {
    file online(i: int in 0..3) "/sys/devices/system/cpu/cpu{i}/online" { text "1\\n"  exists when i < n }
  }
  state { x: bool = false }
  action a "a" { do x = true }
  done when x
}""", "cpus.wg").instantiate({}, seed=0, params={"n": 2})
    env = world.env()
    env.reset(seed=0)
    assert env.step("ls /sys/devices/system/cpu")[0] == "cpu0\ncpu1"
    assert env.step("ls /sys/devices/system/cpu/cpu3")[0] == (
        "ls: cannot access '/sys/devices/system/cpu/cpu3': No such file or directory")
    assert env.step("mkdir -p /sys/devices/system/cpu/cpu3/x && ls /sys/devices/system/cpu")[0] == "cpu0\ncpu1\ncpu3"


def test_canonical_commands_keep_a_paths_capitals_so_the_oracle_reaches_the_file() -> None:
    world = worldgen.loads("""world caps {
  state { n: int in 0..2 = 0  seen: bool = false }
  files {
    file mk "/srv/App/Makefile" {
      text "all: {n}\\n"
      when read { do seen = true }
      when write "all: {m}" (m: int in 0..2) { do n = m }
    }
  }
  observe ""
  done when n == 2 and seen
  expect solvable within 2
}""", "caps.wg").instantiate({}, seed=0)
    from worldgen.verify.run import verify_world

    assert verify_world(world).ok
    env = world.env()
    env.reset(seed=0)
    assert env.admissible[:2] == ["cat /srv/App/Makefile", "printf '%s\\n' 'all: 0' > /srv/App/Makefile"]


BACKUPS = """world backups {
  entity day[3]
  state { made: set<day> = {day[0], day[1]}  port: int in 1..2 = 1 }
  files {
    file archive(d: day) "/backup/{d}.tar.gz" {
      text "{d}\\n"
      exists when d in made
      when rm { do made -= d }
    }
    file conf "/etc/app.conf" {
      text "port={port}\\n"
      when write "port={p}" (p: int in 1..2) { do port = p }
      invalid "app: only ports 1 and 2 (now {port})"
    }
    file bad "/etc/bad" { text pad("x", 200000) }
  }
  action make(d: day) "mkbackup {d}" { do made += d }
  observe ""
  done when port == 2 and count(made) == 1
  expect solvable within 3
}"""


def test_hooks_need_their_file_invalid_is_a_template_mv_onto_a_file_writes_it() -> None:
    world = worldgen.loads(BACKUPS, "backups.wg").instantiate({}, seed=0)
    rm = next(a for a in world.scaffold.actions if a.name == "rm_archive")
    assert rm.guards[0].message.parts[0].text == "No such file or directory"  # the checker cannot rm day3's archive
    env = world.env()
    env.reset(seed=0)
    assert env.step("echo port=7 > /etc/app.conf")[0] == "worldgen: /etc/app.conf: app: only ports 1 and 2 (now 1)" + KEPT
    assert env.step("sed 's/1/2/' /etc/app.conf > /tmp/x && mv /tmp/x /etc/app.conf; cat /etc/app.conf; ls /tmp")[0] == "port=2"
    assert env.step("cat /etc/bad")[0] == "cat: /etc/bad: Input/output error"
    assert env.step("rm /backup/day3.tar.gz")[:1] == ("rm: cannot remove '/backup/day3.tar.gz': No such file or directory",)


def test_a_write_may_be_read_through_a_regular_expression() -> None:
    world = worldgen.loads(r"""world rx {
  enum level { low, high }
  state { port: int in 1..3 = 1  lvl: level = low }
  files {
    file conf "/etc/app.conf" {
      text "port={port}\nlevel={lvl}\n"
      when write "port={p}\nlevel={l}" (p: int in 1..3, l: level)
          matching "port\\s*[=:]\\s*(?P<p>\\d+)[^\\n]*\\n(?:#.*\\n)*level\\s*[=:]\\s*(?P<l>\\w+)" {
        do port = p, lvl = l
      }
    }
  }
  observe ""
  done when port == 3 and lvl == high
}""", "rx.wg").instantiate({}, seed=0)
    env = world.env()
    env.reset(seed=0)
    assert env.step("printf 'port: 02   # tuned\\n# then\\nlevel = HIGH\\n' > /etc/app.conf")[4]["exit_status"] == 0
    assert (env.state()["port"], env.state()["lvl"]) == (2, 1)
    obs, *_ = env.step("echo 'port: 9' > /etc/app.conf")  # no level; 9 is no port of this world
    assert obs.endswith(KEPT) and (env.state()["port"], env.state()["lvl"]) == (2, 1)


def test_a_bool_a_file_shows_as_yes_or_no_reads_back_as_written() -> None:
    """A file shows a bool as the world shows it (``DEBUG=yes``), so editing another line of it
    writes ``yes`` back: the write hole takes ``yes``/``no`` as well as ``true``/``false``."""
    world = worldgen.loads(r"""world flags {
  state { debug: bool = true  workers: int in 1..4 = 1 }
  files {
    file env "/etc/app.env" {
      text "DEBUG={debug}\nWORKERS={workers}\n"
      when write "DEBUG={d}\nWORKERS={w}" (d: bool, w: int in 1..4) { do debug = d, workers = w }
    }
  }
  done when workers == 3 and not debug
}""", "flags.wg").instantiate({}, seed=0)
    env = world.env()
    env.reset(seed=0)
    assert env.step("cat /etc/app.env")[0] == "DEBUG=yes\nWORKERS=1"  # shown without its last newline
    assert env.step("sed -i 's/WORKERS=1/WORKERS=3/' /etc/app.env")[4]["exit_status"] == 0
    assert env.state() == {"debug": True, "workers": 3}
    _, _, done, _, info = env.step("printf 'DEBUG=false\\nWORKERS=3\\n' > /etc/app.env")
    assert (info["exit_status"], done, env.state()["debug"]) == (0, True, False)


def test_a_files_mtime_orders_ls_t() -> None:
    world = worldgen.loads("""world ages {
  entity day[3]
  state { x: bool = false }
  files { file a(d: day) "/backup/{d}.tar.gz" { text "x\\n"  mtime -86400 * index(d) } }
  action a "a" { do x = true }
  done when x
}""", "ages.wg").instantiate({}, seed=0)
    env = world.env()
    env.reset(seed=0)
    assert env.step("ls -t /backup")[0] == "day1.tar.gz\nday2.tar.gz\nday3.tar.gz"
    assert env.step("ls -tr /backup | head -n 1; stat -c %y /backup/day3.tar.gz")[0] == (
        "day3.tar.gz\n2026-03-01 04:12:00.000000000 +0000")


def test_a_line_stopped_by_its_budget_leaves_the_world_as_it_was(env: worldgen.Env) -> None:
    doubling = "; ".join(["X=$X$X"] * 40)
    line = f"cat /var/log/svc1.log > /dev/null; printf 'port=3\\nlevel=high\\n' > /etc/app.conf; mkdir /tmp/w; X=ab; {doubling}"
    obs, reward, terminated, truncated, info = env.step(line)
    assert obs.startswith("worldgen shell: the line needs more work than one line may do")
    assert (info["exit_status"], reward, terminated, info["action"]) == (2, 0, False, None)
    assert (env.state()["seen"], env.state()["port"]) == ([], 1)
    assert run(env, "ls /tmp; echo ${X:-unset}")[0] == "unset"
    out, _, info = run(env, "printf 'port=3\\nlevel=high\\n' > /etc/app.conf")  # the same write, alone, pays
    assert (out, info["action"]) == ("app: configuration reloaded", "write_conf")


def test_what_a_line_shows_is_its_output_then_its_hooks_messages_each_cut_to_the_shells_cap() -> None:
    assert shown("total 0\n\n", []) == "total 0"
    assert shown("", ["saved.", "reloaded."]) == "saved.\nreloaded."
    assert shown("ok\n", ["saved."]) == "ok\nsaved."
    already_cut = limits.cut("x" * (limits.MAX_OUTPUT + 5))  # as the emulator's output comes
    assert shown(already_cut, []) == already_cut.rstrip("\n")
    many = ["a hook's message of some length"] * (limits.MAX_OUTPUT // 10)  # one line setting a hook off many times
    text = shown("y" * (3 * limits.MAX_OUTPUT), many)  # real bash: two streams of up to MAX_OUTPUT each, and more
    assert text.count(limits.TRUNCATED) == 2 and 2 * limits.MAX_OUTPUT < len(text) <= MAX_SHOWN
