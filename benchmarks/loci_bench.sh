#!/usr/bin/env bash
# The memory-palace bars of issue 19 on their own: importing a 100 MB
# LociApp itinerary (1,000 locations, ~75 KB pictures) <= 3 s with peak
# memory <= 3x the file's size, and `vault loci review --list` on it
# <= 100 ms. benchmarks/run.sh (make bench) runs the same rows.
#
#   VAULT_BENCH_DIR   where the itinerary file is cached (default ~/.cache/vault-bench)
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
json="$BENCH_DIR/loci-1000.json"
[ -f "$json" ] || python3 "$ROOT/scripts/loci-sample.py" "$json" --locations 1000 --kb 75 --name "Big palace"
size_mb=$(( $(stat -c %s "$json") / 1048576 ))
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
times=()
peaks=()
for i in $(seq "$RUNS"); do
  rm -rf "$work/v" && mkdir -p "$work/v" && "$VAULT" init "$work/v" >/dev/null
  out=$( { /usr/bin/time -f '%e %M' "$VAULT" --vault "$work/v" import loci "$json" >/dev/null; } 2>&1 | tail -1)
  times+=("$(awk '{printf "%.0f", $1 * 1000}' <<<"$out")")
  peaks+=("$(awk '{printf "%.0f", $2 / 1024}' <<<"$out")")
done
median() { printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
echo "import loci, ${size_mb} MB itinerary, 1,000 locations: median $(median "${times[@]}") ms (bar 3000 ms)"
echo "  peak memory: median $(median "${peaks[@]}") MB = $(awk -v p="$(median "${peaks[@]}")" -v s="$size_mb" 'BEGIN {printf "%.2f", p / s}')x the file (bar 3x)"
list=()
for i in $(seq "$RUNS"); do
  start=$(date +%s%N)
  "$VAULT" --vault "$work/v" loci review "Big palace" --list >/dev/null
  list+=("$(( ($(date +%s%N) - start) / 1000000 ))")
done
echo "loci review --list, 1,000 locations: median $(median "${list[@]}") ms (bar 100 ms)"
