"""``sudo`` for real bash and Harbor images, as the emulated shell has it (shell/builtins/core.py).

The world's shell already runs as its user, and agents type ``sudo`` out of habit: the emulator runs
the command as it is, so real bash must too, whether or not the machine (or a slim image) has a
sudo. The options the emulator takes are skipped, any other is refused with its usage line, and a
shell built-in or an unknown name is "command not found" (sudo runs files only, found on PATH
and started under the name typed, as sudo does). Installed as a
program beside the world's own, unless the world names a program ``sudo`` itself.
"""

from __future__ import annotations

NAME = "sudo"

SCRIPT = r"""#!/bin/bash
# worldgen: sudo runs the command as it is; the shell already runs as the world's user
while [ $# -gt 0 ]; do
  case "$1" in
    -u|-g) [ $# -ge 2 ] || break; shift 2 ;;
    -E|-n|-H|-S) shift ;;
    --) shift; break ;;
    -*) printf "sudo: invalid option -- '%.1s'\nusage: sudo [-EHnS] [-u user] command [arg ...]\n" "${1#-}" >&2
        exit 1 ;;
    *) break ;;
  esac
done
if [ $# -eq 0 ]; then
  echo "usage: sudo -h | -K | -k | -V" >&2
  exit 1
fi
name=$1
shift
if [[ $name == */* ]]; then
  [ -f "$name" ] && [ -x "$name" ] && exec "$name" "$@"
else
  IFS=: read -ra dirs <<< "$PATH"
  for dir in "${dirs[@]}"; do
    [ -f "$dir/$name" ] && [ -x "$dir/$name" ] && exec -a "$name" "$dir/$name" "$@"
  done
fi
echo "sudo: $name: command not found" >&2
exit 1
"""
