#!/usr/bin/env bash
# The Python an oracle test runs: a venv at .build/NAME with PyPI packages in it,
# made on first use. Prints the venv's python.
#
#   scripts/oracle-python.sh NAME MODULE=SPEC...     e.g. fsrs-oracle-venv 'fsrs=fsrs>=6,<7'
#
# Tests run in parallel and in several processes, and more than one may ask for
# the same venv: a lock on .build/NAME.lock lets one make it while the others
# wait, and the venv is built beside its place and renamed into it, so no one
# ever sees a python without pip.
set -euo pipefail
name=$1; shift
root=$(cd "$(dirname "$0")/.." && pwd)
venv="$root/.build/$name"
mkdir -p "$root/.build"
exec 9>"$venv.lock"
flock 9

if ! "$venv/bin/python" -c 'import pip' >/dev/null 2>&1; then
  rm -rf "$venv" "$venv.new"
  python3 -m venv "$venv.new" >&2 || { echo "error: python3 -m venv failed (install python3-venv)" >&2; exit 1; }
  mv "$venv.new" "$venv"
fi
for wanted in "$@"; do
  module=${wanted%%=*}
  spec=${wanted#*=}
  "$venv/bin/python" -c "import $module" >/dev/null 2>&1 && continue
  "$venv/bin/python" -m pip install -q "$spec" >&2 \
    || { echo "error: pip install $spec failed (PyPI unreachable?)" >&2; exit 1; }
done
echo "$venv/bin/python"
