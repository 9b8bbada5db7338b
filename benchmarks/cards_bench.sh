#!/usr/bin/env bash
# Times `vault study --list` end to end on a large flashcard vault (release build).
#
#   ~25k cards: ../shared/bench/make_vault.py --notes 75000 (one note in 4 has cards)
#   1M `rate` events naming those cards: benchmarks/card_events.py
#
# Prints each of 5 runs and the median, in milliseconds (bar: 300 ms), and the
# phase trace of one run. The vault is made once in $BENCH_DIR (default
# /tmp/vault-cards-bench) and reused; delete it to make it again.
#
# Usage: benchmarks/cards_bench.sh [NOTES] [EVENTS]
# (PREPARE_ONLY=1 makes the vault and stops: `make bench` times it with hyperfine.)
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
notes="${1:-75000}"
events="${2:-1000000}"
dir="${BENCH_DIR:-/tmp/vault-cards-bench}"
bin="$here/.build/release/vault"
[ -x "$bin" ] || { echo "error: $bin is not built; run \`swift build -c release\` first." >&2; exit 1; }
export VAULT_NOW=2026-11-18T09:00:00Z NO_COLOR=1

if [ ! -f "$dir/.bench-ready" ]; then
    rm -rf "$dir"
    python3 "$here/../shared/bench/make_vault.py" "$dir" --notes "$notes"
    [ -f "$dir/.vault/config.yml" ] || { mkdir -p "$dir/.vault"; printf 'version: 1\ntimezone: UTC\ndecks: [/]\n' > "$dir/.vault/config.yml"; }
    "$bin" --vault "$dir" cards --json > "$dir/.cards.json"
    python3 "$here/benchmarks/card_events.py" "$dir" "$dir/.cards.json" --events "$events"
    touch "$dir/.bench-ready"
fi
[ "${PREPARE_ONLY:-}" = 1 ] && exit 0  # make bench times it itself
echo "cards: $(python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))))' "$dir/.cards.json"), ledger: $(du -sh "$dir/.vault/ledger" | cut -f1)"

"$bin" --vault "$dir" study --list > /dev/null  # warm the page cache
times=()
for _ in 1 2 3 4 5; do
    start=$(date +%s%N)
    "$bin" --vault "$dir" study --list > /dev/null
    times+=($(( ($(date +%s%N) - start) / 1000000 )))
done
echo "study --list runs (ms): ${times[*]}"
median=$(printf '%s\n' "${times[@]}" | sort -n | sed -n 3p)
echo "median: $median ms (bar: 300 ms)"
echo "phases of one run (VAULT_TRACE):"
VAULT_TRACE=1 "$bin" --vault "$dir" study --list 2>&1 > /dev/null | sed 's/^/  /'
