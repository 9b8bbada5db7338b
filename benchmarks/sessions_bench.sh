#!/usr/bin/env bash
# The study-tracking bar of issue 17 on its own: `vault session report` and
# `vault goal list` over 50,000 sessions in a vault with 1M other events,
# each <= 300 ms. The same rows as the "study tracking" section of
# benchmarks/run.sh (make bench), without the rest of that run.
#
#   VAULT_BENCH_DIR   where generated vaults are cached (default ~/.cache/vault-bench)
#   VAULT_BIN         the binary to time (default .build/release/vault)
#   BENCH_RUNS        runs per row, medians reported (default 5)
#
# The sessions vault (sessions-100000: the 1M-event ledger of the 100k-note
# bench vault, plus 50,000 sessions, goals and reviews written by
# benchmarks/session_events.py) is made once and reused; it is timed on a
# copy, so rows that append events leave the cached vault as it was.
# Making it from nothing writes a 100k-note vault and 1M events: minutes, once.
set -euo pipefail

cd "$(dirname "$0")/.."
ROOT=$PWD
VAULT=${VAULT_BIN:-$ROOT/.build/release/vault}
BENCH_DIR=${VAULT_BENCH_DIR:-$HOME/.cache/vault-bench}
RUNS=${BENCH_RUNS:-5}
MAKE_VAULT="$ROOT/../shared/bench/make_vault.py"
export VAULT_NO_WATCHER=1 VAULT_NOW=2026-11-18T09:00:00Z

command -v hyperfine >/dev/null 2>&1 || { echo "error: hyperfine is missing; apt-get install hyperfine." >&2; exit 1; }
[ -x "$VAULT" ] || { echo "error: $VAULT is missing; run 'swift build -c release' first." >&2; exit 1; }

notes="$BENCH_DIR/notes-100000"
sessions="$BENCH_DIR/sessions-100000"
if [ ! -f "$sessions/.vault/ledger/.bench-sessions" ]; then
  if [ ! -f "$notes/.vault/ledger/.bench-events-1000000" ]; then
    [ -f "$MAKE_VAULT" ] || { echo "error: $MAKE_VAULT is missing." >&2; exit 1; }
    echo "Generating $notes (100,000 notes, 1M ledger events)..." >&2
    rm -rf "$notes"
    mkdir -p "$BENCH_DIR"
    python3 "$MAKE_VAULT" "$notes" --notes 100000 >/dev/null
    (cd "$notes" && "$VAULT" init >/dev/null)
    echo "decks: [/]" >>"$notes/.vault/config.yml"
    rm -rf "$notes/.vault/ledger"
    python3 "$ROOT/benchmarks/ledger_events.py" "$notes" --events 1000000 >/dev/null
    touch "$notes/.vault/ledger/.bench-events-1000000"
  fi
  echo "Writing 50,000 sessions into $sessions..." >&2
  rm -rf "$sessions"
  mkdir -p "$sessions/.vault"
  cp -r "$notes/.vault/ledger" "$notes/.vault/config.yml" "$sessions/.vault/"
  python3 "$ROOT/benchmarks/session_events.py" "$sessions" --sessions 50000 >/dev/null
  touch "$sessions/.vault/ledger/.bench-sessions"
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp -r "$sessions" "$work/vault"
dir="$work/vault"
events=$(cat "$dir"/.vault/ledger/*.log | grep -vc '^#')
echo "vault: $events ledger events, $(grep -c $'\tsession\t' "$dir"/.vault/ledger/*.log | awk -F: '{s+=$2} END {print s}') sessions; binary: $VAULT"

# row LABEL COMMAND [PREPARE]: the median of RUNS runs, in ms.
row() {
  local json="$work/h.json" args=(-N -i --style none --runs "$RUNS" --export-json "$work/h.json")
  if [ -n "${3:-}" ]; then args+=(--prepare "$3"); else args+=(--warmup 1); fi
  hyperfine "${args[@]}" "$2" >/dev/null 2>&1 || { echo "  failed: $1" >&2; return 0; }
  python3 -c 'import json,sys; r=json.load(open(sys.argv[1]))["results"][0]; print("  %-62s %7.1f ms (min %.1f, max %.1f)" % (sys.argv[2], r["median"]*1000, r["min"]*1000, r["max"]*1000))' "$json" "$1"
}

row "vault session report --all" "$VAULT session report --all --vault $dir"
row "vault session report --by weekday --since 2024-01-01 --json" "$VAULT session report --by weekday --since 2024-01-01 --json --vault $dir"
row "vault goal list" "$VAULT goal list --vault $dir"
row "vault goal list --json" "$VAULT goal list --json --vault $dir"
row "vault session report --all, one event appended before each run" "$VAULT session report --all --vault $dir" "$ROOT/benchmarks/append_event.sh $dir"
row "vault session report --all, replay cache deleted (cold)" "$VAULT session report --all --vault $dir" "rm -f $dir/.vault/cache/ledger.bin $dir/.vault/cache/ledger-cards.bin"
