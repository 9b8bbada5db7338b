#!/usr/bin/env bash
# The Anki import bars of issue 33 on their own: a package of 20,000 notes,
# 40,000 cards and 500,000 review-log rows (benchmarks/anki_collection.py,
# made with PyPI's anki in .build/anki-oracle-venv) imports in <= 15 s with
# peak memory <= 300 MB, and `vault status` afterwards stays within its bar.
# benchmarks/run.sh (make bench) runs the same rows.
#
#   VAULT_BENCH_DIR   where the package is cached (default ~/.cache/vault-bench)
#   VAULT_BIN         the binary to time (default .build/release/vault)
#   BENCH_RUNS        runs per row, medians reported (default 5)
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
VAULT=${VAULT_BIN:-$ROOT/.build/release/vault}
BENCH_DIR=${VAULT_BENCH_DIR:-$HOME/.cache/vault-bench}
RUNS=${BENCH_RUNS:-5}
export VAULT_NO_WATCHER=1 VAULT_NOW=2026-11-18T09:00:00Z
[ -x "$VAULT" ] || { echo "error: $VAULT is missing; run 'swift build -c release' first." >&2; exit 1; }
mkdir -p "$BENCH_DIR"
package="$BENCH_DIR/anki-20k.apkg"
if [ ! -f "$package" ]; then
  venv="$ROOT/.build/anki-oracle-venv"
  [ -x "$venv/bin/python" ] || python3 -m venv "$venv"
  "$venv/bin/python" -c 'import anki' 2>/dev/null || "$venv/bin/python" -m pip install -q "anki==26.9.3"
  "$venv/bin/python" "$ROOT/benchmarks/anki_collection.py" "$package" --notes 20000 --reviews 500000 >&2
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
times=()
peaks=()
for i in $(seq "$RUNS"); do
  rm -rf "$work/v" && mkdir -p "$work/v" && "$VAULT" init "$work/v" >/dev/null
  out=$( { /usr/bin/time -f '%e %M' "$VAULT" --vault "$work/v" import anki "$package" >/dev/null; } 2>&1 | tail -1)
  times+=("$(awk '{printf "%.0f", $1 * 1000}' <<<"$out")")
  peaks+=("$(awk '{printf "%.0f", $2 / 1024}' <<<"$out")")
done
median() { printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
echo "import anki, 20,000 notes, 40,000 cards, 500,000 reviews: median $(median "${times[@]}") ms (bar 15000 ms)"
echo "  peak memory: median $(median "${peaks[@]}") MB (bar 300 MB)"
"$VAULT" --vault "$work/v" status >/dev/null  # the caches, once
status=()
for i in $(seq "$RUNS"); do
  start=$(date +%s%N)
  "$VAULT" --vault "$work/v" status >/dev/null
  status+=("$(( ($(date +%s%N) - start) / 1000000 ))")
done
echo "status after the import: median $(median "${status[@]}") ms (bar 300 ms)"
