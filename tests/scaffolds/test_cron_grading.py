"""The cron chore takes every crontab file cron would run the same way (a comment after the job,
SHELL= or MAILTO= lines, output sent elsewhere, 0-6 for every weekday) and no other."""

from __future__ import annotations

import shlex

import pytest

from tests.conftest import example_record, example_scaffold

JOB = "10 0 * * * root /usr/local/bin/backup"  # seed 0's answer: backup at 00:10


@pytest.mark.parametrize("text, right", [
    (JOB, True), (JOB + " # moved per ticket", True), ('SHELL=/bin/sh\nMAILTO=""\n' + JOB, True),
    (JOB + " >/dev/null 2>&1", True), (JOB.replace("* * *", "* * 0-6"), True), ("10\t00 * * *\troot /usr/local/bin/backup", True),
    ("# " + JOB, False), (JOB + " --dry-run", False), ("15 0 * * * root /usr/local/bin/backup", False),
    ("10 0 * * * nobody /usr/local/bin/backup", False), ("10 0 1 * * root /usr/local/bin/backup", False),
])
def test_a_crontab_file_counts_when_cron_would_run_the_job_then(text: str, right: bool) -> None:
    env = example_scaffold("cron").instantiate(example_record("cron"), seed=0).env()
    env.reset(seed=0)
    env.step(f"printf '%s' {shlex.quote(text + chr(10))} > /etc/cron.d/backup")
    assert (env.state()["tens"], env.state()["hh"]) == ((1, 0) if right else (0, 0))
