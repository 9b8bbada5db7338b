#!/usr/bin/env bash
# The Anki bars of issues 33 and 45 on their own: a package of 20,000 notes,
# 40,000 cards and 500,000 review-log rows (benchmarks/anki_collection.py,
# made with PyPI's anki in .build/anki-oracle-venv) imports in <= 15 s with
# peak memory <= 300 MB, and `vault status` afterwards stays within its bar;
# that vault exports (`vault export anki`) in <= 10 s with peak memory
# <= 200 MB; and the export, with 1,000 cards answered in Anki
# (Tests/oracles/anki/roundtrip.py study: col.sched.answer_card, then
# col.export_anki_package), imports back in <= 10 s.
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

# ---- Anki both ways (issue 45): the vault of the import above, exported.
export_times=()
export_peaks=()
for i in $(seq "$RUNS"); do
  rm -f "$work/out.apkg"
  out=$( { /usr/bin/time -f '%e %M' "$VAULT" --vault "$work/v" export anki "$work/out.apkg" >/dev/null; } 2>&1 | tail -1)
  export_times+=("$(awk '{printf "%.0f", $1 * 1000}' <<<"$out")")
  export_peaks+=("$(awk '{printf "%.0f", $2 / 1024}' <<<"$out")")
done
echo "export anki, 20,000 notes, 40,000 cards, 500,000 reviews: median $(median "${export_times[@]}") ms (bar 10000 ms)"
echo "  export peak memory: median $(median "${export_peaks[@]}") MB (bar 200 MB)"

# The export studied in Anki: 1,000 cards answered, exported from Anki (made once, cached).
back="$BENCH_DIR/anki-20k-back-1000.apkg"
if [ ! -f "$back" ]; then
  venv="$ROOT/.build/anki-oracle-venv"
  TZ=$(awk '/^timezone:/ {print $2}' "$work/v/.vault/config.yml" 2>/dev/null | grep . || echo UTC) \
    "$venv/bin/python" "$ROOT/Tests/oracles/anki/roundtrip.py" study "$work/out.apkg" "$back" "$work/back.json" 1000 >&2
fi
back_times=()
for i in $(seq "$RUNS"); do
  rm -rf "$work/r" && cp -a "$work/v" "$work/r"
  "$VAULT" --vault "$work/r" status >/dev/null  # the caches, as the vault had them
  start=$(date +%s%N)
  said=$("$VAULT" --vault "$work/r" import anki "$back")
  back_times+=("$(( ($(date +%s%N) - start) / 1000000 ))")
  grep -q "1000 new rate events" <<<"$said" || { echo "error: the import back did not add 1000 reviews: $said" >&2; exit 1; }
done
echo "import anki back, 1,000 new reviews over that vault: median $(median "${back_times[@]}") ms (bar 10000 ms)"
