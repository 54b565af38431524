"""A terminal world's /etc/passwd and /etc/group: Debian's base accounts and every account the
world names, with Debian's ids for Debian's and ids from 1000 for the others; a world's own
declared files win; the emulated tools answer from them."""

from __future__ import annotations

import worldgen
from tests.terminal.test_episode import SOURCE as OPS
from worldgen.shell.nss import Accounts
from worldgen.terminal.accounts import DEBIAN_GROUPS, DEBIAN_USERS

SITE = """world site {
  enum who { carol, bob, daemon }
  enum crew { web, devs, staff }
  state { owner: who = carol  group: crew = web }
  files {
    home "/srv/app"
    user "deploy"
    file index "/srv/app/index.html" { text "hello\\n"  owner "www-data"  group "www-data" }
    file notes "/srv/app/notes.txt" { text "n\\n"  owner "alice"  group "staff" }
    file mine "/srv/app/mine.txt" { text "m\\n" }
    file data "/srv/app/data.db" {
      text "d\\n"
      owner "{owner}"
      group "{group}"
      when chown (u: who, g: crew) { do owner = u, group = g }
    }
  }
  action noop "true" { say "" }
  observe ""
  done when owner == daemon and group == staff
}"""

DECLARED = """world own {
  state { n: int in 0..1 = 0 }
  files {
    file passwd "/etc/passwd" { text "root:x:0:0:root:/root:/bin/bash\\nops:x:501:501::/home/ops:/bin/sh\\n" }
    file log "/var/log/app.log" { text "x\\n"  owner "ops" }
  }
  action noop "true" { say "" }
  observe ""
  done when n == 1
}"""


def env(source: str, name: str) -> worldgen.Env:
    e = worldgen.loads(source, f"{name}.wg").instantiate({}, seed=0).env()
    e.reset(seed=0)
    return e


def out(e: worldgen.Env, line: str) -> tuple[str, int]:
    obs, _, _, _, info = e.step(line)
    return obs, info["exit_status"]


def files(e: worldgen.Env) -> tuple[str, str]:
    return out(e, "cat /etc/passwd")[0] + "\n", out(e, "cat /etc/group")[0] + "\n"


def test_debian_accounts_keep_debians_ids_in_debians_format() -> None:
    passwd, group = files(env(OPS, "ops"))
    lines = passwd.splitlines()
    assert lines[: len(DEBIAN_USERS)][0] == "root:x:0:0:root:/root:/bin/bash"
    assert "www-data:x:33:33:www-data:/var/www:/usr/sbin/nologin" in lines
    assert "nobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin" in lines
    db = Accounts.parse(passwd, group)
    wanted = {"root": 0, "daemon": 1, "bin": 2, "sys": 3, "sync": 4, "games": 5, "man": 6, "lp": 7, "mail": 8, "news": 9,
              "uucp": 10, "proxy": 13, "www-data": 33, "backup": 34, "list": 38, "irc": 39, "nobody": 65534}
    assert {name: db.users.id(name) for name in wanted} == wanted
    assert {name: db.groups.id(name) for name in ("adm", "sudo", "staff", "users", "nogroup")} == {
        "adm": 4, "sudo": 27, "staff": 50, "users": 100, "nogroup": 65534}
    assert all(len(line.split(":")) == 7 for line in lines) and all(len(g.split(":")) == 4 for g in group.splitlines())


def test_the_worlds_own_accounts_are_numbered_from_1000_users_first_in_name_order() -> None:
    passwd, group = files(env(SITE, "site"))
    own = passwd.splitlines()[len(DEBIAN_USERS):]
    assert own == [  # owners, chown's names and the world's user (whose home is the world's)
        "alice:x:1000:1000::/home/alice:/bin/bash",
        "bob:x:1001:1001::/home/bob:/bin/bash",
        "carol:x:1002:1002::/home/carol:/bin/bash",
        "deploy:x:1003:1003::/srv/app:/bin/bash",
    ]
    assert group.splitlines()[len(DEBIAN_GROUPS):] == [
        "alice:x:1000:", "bob:x:1001:", "carol:x:1002:", "deploy:x:1003:", "devs:x:1004:", "web:x:1005:"]


def test_the_files_are_the_same_bytes_every_time() -> None:
    first = files(env(SITE, "site"))
    e = env(SITE, "site")
    out(e, "chown bob:devs /srv/app/data.db")
    e.reset(seed=5)
    assert files(e) == first == files(env(SITE, "site"))


def test_a_world_that_declares_its_passwd_keeps_it_and_gets_a_group_file() -> None:
    e = env(DECLARED, "own")
    passwd, group = files(e)
    assert passwd == "root:x:0:0:root:/root:/bin/bash\nops:x:501:501::/home/ops:/bin/sh\n"
    assert group.splitlines()[0] == "root:x:0:" and "ops:x:1000:" in group.splitlines()
    assert out(e, "stat -c '%u %U' /var/log/app.log") == ("501 ops", 0)
    assert out(e, "touch /tmp/n && chown www-data /tmp/n") == ("chown: invalid user: 'www-data'", 1)


def test_the_emulated_tools_answer_from_the_files() -> None:
    e = env(SITE, "site")
    assert out(e, "stat -c '%U:%G %u:%g' /srv/app/index.html /srv/app/notes.txt /srv/app/mine.txt") == (
        "www-data:www-data 33:33\nalice:staff 1000:50\ndeploy:deploy 1003:1003", 0)
    assert out(e, "ls -n /srv/app/notes.txt") == ("-rw-r--r-- 1 1000 50 2 Mar  3 04:12 /srv/app/notes.txt", 0)
    assert out(e, "find /srv -user 1000 -o -group www-data") == ("/srv/app/index.html\n/srv/app/notes.txt", 0)
    assert out(e, "chown 1001:1004 /srv/app/data.db; ls -l /srv/app/data.db") == (
        "-rw-r--r-- 1 bob devs 2 Mar  3 04:12 /srv/app/data.db", 0)
    assert out(e, "stat -c %U /srv/app/data.db") == ("bob", 0)  # the hook ran: the state says bob
    assert out(e, "chown mallory /srv/app/data.db") == ("chown: invalid user: 'mallory'", 1)
    out(e, "echo 'mallory:x:2000:2000::/home/mallory:/bin/bash' >> /etc/passwd")  # as on a real machine
    assert out(e, "touch /tmp/x; chown mallory /tmp/x; stat -c '%U %u' /tmp/x") == ("mallory 2000", 0)
