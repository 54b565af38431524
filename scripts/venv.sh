#!/usr/bin/env bash
# Create or refresh the project's virtual environment (.venv) with worldgen and its dev tools.
# Sourced by scripts/demo and scripts/test; safe to run again at any time.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
python="${PYTHON:-python3}"
if ! "$python" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
  echo "worldgen needs Python >= 3.11 (set PYTHON=/path/to/python3.11)" >&2
  exit 2
fi
if [ ! -x "$root/.venv/bin/python" ]; then
  "$python" -m venv "$root/.venv"
fi
extras="${WORLDGEN_EXTRAS:-dev}"  # CI adds the optional extras: WORLDGEN_EXTRAS=dev,ray,trl,datasets
stamp="$root/.venv/.worldgen-installed-${extras//,/-}"
if [ ! -f "$stamp" ] || [ "$root/pyproject.toml" -nt "$stamp" ]; then
  "$root/.venv/bin/python" -m pip install --quiet --disable-pip-version-check --upgrade pip
  "$root/.venv/bin/python" -m pip install --quiet --disable-pip-version-check -e "$root[$extras]"
  touch "$stamp"
fi
