#!/usr/bin/env bash
# A vault kept with Obsidian's Spaced Repetition plugin (issue 44): 10,000 notes, 50,000
# cards in the plugin's syntax, most with their <!--SR:…--> comment
# (benchmarks/osr_vault.py). Times, on a release build:
#
#   vault init adopting it (bar: 2 s), from nothing each run;
#   vault study --list afterwards (bar: 300 ms);
#   one answer written back (bar: 20 ms): the `write back` phase of `vault study --rate`
#   (VAULT_TRACE), with the whole command beside it.
#
# Usage: benchmarks/osr_bench.sh [NOTES]
# The generated vault is kept in $BENCH_DIR (default /tmp/vault-osr-bench) and copied per run.
# PREPARE_ONLY=1 makes the vault and stops (`make bench` times it with hyperfine).
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
notes="${1:-10000}"
src="${BENCH_DIR:-/tmp/vault-osr-bench}/osr-$notes"
bin="${VAULT:-$here/.build/release/vault}"
[ -x "$bin" ] || { echo "error: $bin is not built; run \`swift build -c release\` first." >&2; exit 1; }
export VAULT_NOW=2026-11-18T09:00:00Z NO_COLOR=1 VAULT_NO_WATCHER=1
[ -f "$src/.ready" ] || { rm -rf "$src"; python3 "$here/benchmarks/osr_vault.py" "$src" --notes "$notes" >/dev/null; touch "$src/.ready"; }
[ "${PREPARE_ONLY:-}" = 1 ] && exit 0

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
dir="$work/vault"
cp -r "$src" "$dir"
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
ms() { local start=$(date +%s%N); "$@" >/dev/null; echo $(( ($(date +%s%N) - start) / 1000000 )); }

inits=()
for _ in 1 2 3 4 5; do
    rm -rf "$dir/.vault" "$dir/.gitignore" "$dir/.gitattributes"
    inits+=($(ms "$bin" init "$dir" --timezone UTC))
done
echo "vault init (adopting $notes notes): runs ${inits[*]} ms, median $(printf '%s\n' "${inits[@]}" | median) ms (bar: 2000)"
"$bin" --vault "$dir" study --list >/dev/null
lists=()
for _ in 1 2 3 4 5; do lists+=($(ms "$bin" --vault "$dir" study --list)); done
echo "vault study --list: runs ${lists[*]} ms, median $(printf '%s\n' "${lists[@]}" | median) ms (bar: 300)"
sed -i 's/  write_back: false/  write_back: true/' "$dir/.vault/config.yml"
card=$("$bin" --vault "$dir" cards --json | python3 -c 'import json,sys; print(next(c["id"] for c in json.load(sys.stdin) if c["kind"] == "basic"))')
writes=()
rates=()
for _ in 1 2 3 4 5; do
    start=$(date +%s%N)
    trace=$(VAULT_TRACE=1 "$bin" --vault "$dir" study --rate "$card=good" 2>&1 >/dev/null)
    rates+=($(( ($(date +%s%N) - start) / 1000000 )))
    writes+=($(printf '%s\n' "$trace" | sed -n 's/.*write back .*: \([0-9]*\) ms.*/\1/p' | head -1))
done
echo "write-back of one answer: runs ${writes[*]} ms, median $(printf '%s\n' "${writes[@]}" | median) ms (bar: 20); whole vault study --rate: median $(printf '%s\n' "${rates[@]}" | median) ms"
