#!/usr/bin/env bash
# make bench: the speed bars of SPEC section 12, measured against ripgrep on
# the same files in the same run. Prints a table and writes
# benchmarks/results.md.
#
#   VAULT_BENCH_DIR   where generated vaults are cached (default ~/.cache/vault-bench;
#                     never inside the repository)
#   BENCH_SIZES       note counts to measure (default "1000 10000 100000")
#   BENCH_EXTRA       0 skips the sections beyond the sizes (memory palaces, Anki import,
#                     flashcards, study tracking, the adopted vault): a quick run
#   BENCH_RUNS        runs per measurement, medians reported (default 5, at least 5)
#   VAULT_BIN         the binary to measure (default .build/release/vault; vault-serve
#                     must be beside it)
#   BENCH_BASELINE    another build's vault binary (vault-serve beside it), measured
#                     in turn with this one, block by block, on the same vaults with
#                     caches of its own (each vault's .vault/cache swapped for
#                     .vault/cache-base while it runs): results.md gets its column
#                     and the ratio, so a regression is told from the machine's drift
#   BENCH_BASELINE_NAME  the baseline's name in the table (default: "baseline")
#   BENCH_ROUNDS      rounds of each block (default 1, or 3 with BENCH_BASELINE): the
#                     block runs with this build, then with the baseline, ROUNDS times
#                     (A B, B A, A B: the first in turn), each row taking ceil(RUNS / ROUNDS) runs a round;
#                     the table gives the median of all of a row's runs. The longest
#                     blocks run once per build (benchmarks/README.md, "Rounds")
#   BENCH_RESULTS     where the table is written (default benchmarks/results.md)
#
# Needs a release build (`make bench` builds one), python3, ripgrep, hyperfine
# and GNU time; installs the last three with apt-get when they are missing.
set -euo pipefail

cd "$(dirname "$0")/.."
ROOT=$PWD
VAULT=${VAULT_BIN:-$ROOT/.build/release/vault}
export VAULT_BIN="$VAULT"
BENCH_DIR=${VAULT_BENCH_DIR:-$HOME/.cache/vault-bench}
BASELINE=${BENCH_BASELINE:-}
BASELINE_NAME=${BENCH_BASELINE_NAME:-baseline}
SIZES=${BENCH_SIZES:-"1000 10000 100000"}
EXTRA=${BENCH_EXTRA:-1}
RUNS=${BENCH_RUNS:-5}
[ "$RUNS" -lt 5 ] && RUNS=5
# Rounds pay off only when there is a build to alternate with.
ROUNDS=${BENCH_ROUNDS:-}
if [ -z "$ROUNDS" ]; then
  if [ -n "$BASELINE" ]; then ROUNDS=3; else ROUNDS=1; fi
fi
case $ROUNDS in
  '' | *[!0-9]* | 0) echo "error: BENCH_ROUNDS must be a whole number of at least 1, not '$ROUNDS'." >&2; exit 1 ;;
esac
MAKE_VAULT="$ROOT/../shared/bench/make_vault.py"
RESULTS=${BENCH_RESULTS:-$ROOT/benchmarks/results.md}
# Searches must not start watchers on their own here: "scan" rows measure
# the stat scan, "watcher" rows a watcher this script starts and stops.
export VAULT_NO_WATCHER=1
WORK=$(mktemp -d)
WATCH_PID=""
# ExampleVault's baseline caches are not kept: the cache-format test digests the whole folder.
trap 'stop_watcher; use_caches_of this; rm -rf "$WORK" "$ROOT/ExampleVault/.vault/cache-base"' EXIT

# ---------------------------------------------------------------- tools
need=()
command -v rg >/dev/null 2>&1 || need+=(ripgrep)
command -v hyperfine >/dev/null 2>&1 || need+=(hyperfine)
[ -x /usr/bin/time ] || need+=(time)
command -v wrk >/dev/null 2>&1 || need+=(wrk)  # vault serve's 20 clients
if [ ${#need[@]} -gt 0 ]; then
  echo "Installing: ${need[*]}"
  sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${need[@]}" >/dev/null
fi
[ -x "$VAULT" ] || { echo "error: $VAULT is missing; run 'make bench' (it builds in release)." >&2; exit 1; }
if [ -n "$BASELINE" ]; then
  [ -x "$BASELINE" ] || { echo "error: BENCH_BASELINE $BASELINE is not an executable." >&2; exit 1; }
fi
[ -f "$MAKE_VAULT" ] || { echo "error: $MAKE_VAULT is missing." >&2; exit 1; }

# ---------------------------------------------------------------- helpers
# Every measurement, one a line, for the report to combine:
#   pass \t rounds \t section \t what \t field \t value
# pass: this or baseline; rounds: the block's rounds; field: time (one timed run
# of the command, ms), reference (one of the reference command), ms (a value a
# script measured, one a round), note (a value that is not a time, one a round).
SAMPLES="$WORK/samples.tsv"
: >"$SAMPLES"
BASE_PASS=0                # 1 while with_baseline runs a block again for the baseline
ROUND=1                    # the round of the block being run (with_baseline)
BLOCK_ROUNDS=1             # its number of rounds: ROUNDS, or 1 outside a block and in with_baseline_once
RUNS_NOW=$RUNS             # timed runs of a row in one round: ceil(RUNS / BLOCK_ROUNDS)

# median_ms JSON INDEX: the median of one hyperfine result, in milliseconds.
median_ms() {
  python3 -c 'import json,sys; print("%.1f" % (json.load(open(sys.argv[1]))["results"][int(sys.argv[2])]["median"]*1000))' "$1" "$2"
}

# record SECTION LABEL FIELD VALUE: one measurement of a row (see SAMPLES).
# Tabs and line ends in VALUE become spaces: one line each.
record() {
  local pass=this value=${4//$'\t'/ }
  value=${value//$'\n'/ }
  if [ "$BASE_PASS" = 1 ]; then pass=baseline; fi
  printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$pass" "$BLOCK_ROUNDS" "$1" "$2" "$3" "$value" >>"$SAMPLES"
}

# record_runs SECTION LABEL JSON: every timed run of a hyperfine export, the
# command's as "time" and the reference's (its second command) as "reference".
record_runs() {
  local pass=this
  if [ "$BASE_PASS" = 1 ]; then pass=baseline; fi
  python3 -c '
import json, sys
json_path, samples, pass_, rounds, section, label = sys.argv[1:7]
with open(samples, "a") as out:
    for field, result in zip(("time", "reference"), json.load(open(json_path))["results"]):
        for seconds in result["times"]:
            out.write(f"{pass_}\t{rounds}\t{section}\t{label}\t{field}\t{seconds * 1000:.6f}\n")
' "$3" "$SAMPLES" "$pass" "$BLOCK_ROUNDS" "$1" "$2"
}

# show_row LABEL MS [REFERENCE_MS RATIO NOTE]: prints a row as it is measured,
# with its round when the block has more than one.
show_row() {
  local label=$1 ms=$2 ref=${3:-} ratio=${4:-} note=${5:-} round=""
  if [ "$BLOCK_ROUNDS" -gt 1 ]; then round="round $ROUND/$BLOCK_ROUNDS"; fi
  if [ "$BASE_PASS" = 1 ]; then
    local shown=$note
    [ -n "$ms" ] && shown="$ms ms"
    printf '  %-58s %12s   (%s)\n' "$label" "$shown" "$BASELINE_NAME${round:+, $round}"
    return 0
  fi
  [ -n "$round" ] && round="   ($round)"
  if [ -n "$ref" ]; then
    printf '  %-58s %9s ms   rg %9s ms   ratio %s%s\n' "$label" "$ms" "$ref" "$ratio" "$round"
  elif [ -n "$ms" ]; then
    printf '  %-58s %9s ms%s\n' "$label" "$ms" "$round"
  else
    printf '  %-58s %s%s\n' "$label" "$note" "$round"
  fi
}

# put_row SECTION LABEL MS [REFERENCE_MS RATIO NOTE]: one row of the table
# (of the baseline's column while with_baseline runs a block for it), or this
# round's value of it: the report takes the median of the rounds'.
put_row() {
  local section=$1 label=$2 ms=$3 ref=${4:-} ratio=${5:-} note=${6:-}
  if [ -n "$ms" ]; then record "$section" "$label" ms "$ms"; fi
  if [ -n "$ref" ] && [ "$BASE_PASS" != 1 ]; then record "$section" "$label" ref "$ref"; fi
  # The note even when empty: a row whose value could not be read is still a row.
  if [ -z "$ms" ] || [ -n "$note" ]; then record "$section" "$label" note "$note"; fi
  show_row "$label" "$ms" "$ref" "$ratio" "$note"
}

# bench_row SECTION LABEL COMMAND [REFERENCE_COMMAND [PREPARE]]: RUNS_NOW
# timed runs of COMMAND (and of REFERENCE_COMMAND), every one recorded for
# the report's medians. Other benchmarks (ledger `vault status`, due
# queue...) call this too. The baseline's pass runs COMMAND only. The first
# round warms up once (with a baseline even with PREPARE: its first run may
# find caches in the other build's formats); later rounds find the caches
# their build's round before left (`use_caches_of`), and need none.
bench_row() {
  local section=$1 label=$2 command=$3 reference=${4:-} prepare=${5:-}
  local json="$WORK/h.json"
  local args=(-N -i --style none --runs "$RUNS_NOW" --export-json "$json")
  if [ "$BASE_PASS" = 1 ]; then reference=""; fi
  if [ -n "$prepare" ]; then args+=(--prepare "$prepare"); fi
  if [ "$ROUND" = 1 ] && { [ -z "$prepare" ] || [ "$BASE_PASS" = 1 ] || [ -n "$BASELINE" ]; }; then
    args+=(--warmup 1)
  fi
  if [ -n "$reference" ]; then
    hyperfine "${args[@]}" "$command" "$reference" >/dev/null 2>&1 || { echo "  failed: $label" >&2; return 0; }
    local ours theirs
    ours=$(median_ms "$json" 0)
    theirs=$(median_ms "$json" 1)
    record_runs "$section" "$label" "$json"
    show_row "$label" "$ours" "$theirs" "$(python3 -c "print('%.3f' % ($ours / $theirs))")"
  else
    hyperfine "${args[@]}" "$command" >/dev/null 2>&1 || { echo "  failed: $label" >&2; return 0; }
    record_runs "$section" "$label" "$json"
    show_row "$label" "$(median_ms "$json" 0)"
  fi
}

# note_row SECTION LABEL VALUE: a measured value that is not a time.
note_row() {
  put_row "$1" "$2" "" "" "" "$3"
}

# with_baseline FUNCTION [ARGS...]: runs a block of rows with this build,
# then (BENCH_BASELINE) again with the baseline's binary on the baseline's
# copy of the vaults, and all that ROUNDS times (A B, B A, A B), so both are
# measured in the same minutes; each row's RUNS are shared out among the
# rounds. The block's setup (watchers, edited notes put back) runs every
# round: a round leaves the vault as it found it.
with_baseline() {
  in_rounds "$ROUNDS" "$@"
}

# with_baseline_once FUNCTION [ARGS...]: the same in one round (RUNS runs a
# row), for the blocks too long to repeat (README, "Rounds").
with_baseline_once() {
  in_rounds 1 "$@"
}

# use_caches_of this|base: puts that build's caches in place in every vault
# of BENCH_DIR and in ExampleVault, the other's beside them
# (.vault/cache-this, .vault/cache-base). Both builds then read the same
# notes: two copies of one vault were seen to differ by 10-20% in a plain
# `find` over them (STARTUP.md), more than the differences looked for.
CACHES_IN=this
use_caches_of() {
  [ "$CACHES_IN" = "$1" ] && return 0
  local v
  for v in "$BENCH_DIR"/*/.vault "$ROOT/ExampleVault/.vault"; do
    [ -d "$v" ] || continue
    if [ -e "$v/cache" ]; then mv "$v/cache" "$v/cache-$CACHES_IN"; fi
    if [ -e "$v/cache-$1" ]; then mv "$v/cache-$1" "$v/cache"; fi
  done
  CACHES_IN=$1
}

# settle DIR: untimed, brings this build's caches of the vault DIR up to
# date with what the other build's pass changed there (events appended,
# notes put back), so that no first timed run does that work.
settle() {
  "$VAULT" index --vault "$1" >/dev/null 2>&1 || true
  env VAULT_NOW=2026-11-18T09:00:00Z "$VAULT" status --vault "$1" >/dev/null 2>&1 || true
}

# in_rounds ROUNDS FUNCTION [ARGS...]: with_baseline's work.
in_rounds() {
  local rounds=$1 round pass vault=$VAULT
  shift
  BLOCK_ROUNDS=$rounds RUNS_NOW=$(((RUNS + rounds - 1) / rounds))
  for round in $(seq 1 "$rounds"); do
    ROUND=$round
    # Every other round the baseline goes first (A B, B A, A B): a machine
    # slowing down or speeding up through a block favours neither build.
    for pass in $(if [ $((round % 2)) = 1 ]; then echo this base; else echo base this; fi); do
      if [ "$pass" = this ]; then
        "$@"
      elif [ -n "$BASELINE" ]; then
        use_caches_of base
        VAULT=$BASELINE VAULT_BIN=$BASELINE BASE_PASS=1
        # What the baseline cannot do (a command it lacks) is a missing value, not the end of the run.
        "$@" || echo "  ($BASELINE_NAME: $* failed)" >&2
        VAULT=$vault VAULT_BIN=$vault BASE_PASS=0
      fi
      stop_watcher
      use_caches_of this
    done
  done
  ROUND=1 BLOCK_ROUNDS=1 RUNS_NOW=$RUNS
}

# A vault of N notes, generated once and kept in BENCH_DIR.
vault_of() {
  local n=$1 dir="$BENCH_DIR/notes-$1"
  if [ ! -f "$dir/.vault/config.yml" ]; then
    echo "Generating $dir ($n notes)..." >&2
    mkdir -p "$BENCH_DIR"
    python3 "$MAKE_VAULT" "$dir" --notes "$n" >/dev/null
    (cd "$dir" && "$VAULT" init >/dev/null)
    # The generated notes hold flashcards: the whole vault is their deck (init makes none in a full folder).
    echo "decks: [/]" >>"$dir/.vault/config.yml"
  fi
  echo "$dir"
}

# Starts `vault index --watch` on a vault and waits until its first refresh of
# the search cache is done.
start_watcher() {
  "$VAULT" index --vault "$1" --watch 2>"$WORK/watch.log" &
  WATCH_PID=$!
  for _ in $(seq 1 600); do
    grep -q "search cache:" "$WORK/watch.log" 2>/dev/null && return 0
    sleep 0.1
  done
  echo "  the watcher did not start: $(cat "$WORK/watch.log")" >&2
  return 1
}

stop_watcher() {
  if [ -n "$WATCH_PID" ]; then
    kill "$WATCH_PID" 2>/dev/null || true
    wait "$WATCH_PID" 2>/dev/null || true
    WATCH_PID=""
  fi
}

# Ten notes of a vault that "edited" rows change between runs: backup_edited
# saves their bytes, `$WORK/edit.sh DIR N` appends a line to the first N, and
# restore_edited puts the bytes back.
cat >"$WORK/edit.sh" <<'EOF'
#!/bin/sh
dir=$1
n=${2:-10}
stamp=$(date +%s%N)
(cd "$dir" && find 2025 -name '*.md' | sort | head -n "$n") | while read -r f; do
  echo "bench edit $stamp" >>"$dir/$f"
done
EOF
chmod +x "$WORK/edit.sh"

# cold.sh [FILE...]: removes the files given, then drops the page cache.
# set-aside.sh DIR: moves DIR (the last run's output) into DIR-aside/, to be
# deleted after the row.
cat >"$WORK/set-aside.sh" <<'END'
#!/bin/sh
[ -e "$1" ] || exit 0
mkdir -p "$1-aside" && mv "$1" "$1-aside/$(date +%s%N)"
END
chmod +x "$WORK/set-aside.sh"

cat >"$WORK/cold.sh" <<'EOF'
#!/bin/sh
rm -f "$@"
sync
echo 3 >/proc/sys/vm/drop_caches
EOF
chmod +x "$WORK/cold.sh"

backup_edited() {
  # (`head` closes the pipe early: not a failure)
  (cd "$1" && { find 2025 -name '*.md' | sort | head -10 || true; } >"$WORK/edited.list")
  (cd "$1" && tar cf "$WORK/edited.tar" -T "$WORK/edited.list")
}

restore_edited() {
  (cd "$1" && tar xf "$WORK/edited.tar")
}

# ---------------------------------------------------------------- search cache
RARE=belcorpanion      # ~50 notes of 100k
MEDIUM=quiveerlo       # ~1,200 notes
COMMON=memory          # ~35,000 notes
PHRASE="the memory"    # ~4,800 notes hold the two words in a row

# ---- startup: the floor every command pays (benchmarks/STARTUP.md).
bench_startup() {
  bench_row "startup" "vault --version (static binary)" "$VAULT --version" "rg --version"
  bench_row "startup" "vault search -l sleep, ExampleVault (74 notes)" "$VAULT search --vault $ROOT/ExampleVault -l sleep" "rg -l sleep $ROOT/ExampleVault"
  bench_row "startup" "vault status, ExampleVault" "env VAULT_NOW=2026-11-18T09:00:00Z $VAULT status --vault $ROOT/ExampleVault"
  # The status line runs on every prompt (issue 36, point 9): it writes the
  # caches it finds missing (issue 47, point 7), as `vault status` above did.
  bench_row "startup" "vault status --line, ExampleVault" "env VAULT_NOW=2026-11-18T09:00:00Z $VAULT status --line --vault $ROOT/ExampleVault"
}
with_baseline bench_startup

bench_size() {
  local n=$1 dir section
  dir=$(vault_of "$n")
  section="$n notes"
  echo "== $section ($dir)"
  settle "$dir"
  backup_edited "$dir"

  bench_row "$section" "cold index (vault index --rebuild)" "$VAULT index --vault $dir --rebuild"
  peak=$( { /usr/bin/time -v "$VAULT" index --vault "$dir" --rebuild >/dev/null; } 2>&1 | awk -F': ' '/Maximum resident/ {printf "%.0f MB", $2/1024}' || true)
  note_row "$section" "peak memory, cold index (max RSS)" "$peak"
  # After a reboot: nothing of the vault in the kernel's cache (root only:
  # `$WORK/cold.sh` drops the page cache before each run).
  if [ -w /proc/sys/vm/drop_caches ]; then
    bench_row "$section" "cold index, page cache dropped (first index after a reboot)" "$VAULT index --vault $dir --rebuild" "" "$WORK/cold.sh"
    bench_row "$section" "first vault status, no catalog, page cache dropped" "env VAULT_NOW=2026-11-18T09:00:00Z $VAULT status --vault $dir" "" "$WORK/cold.sh $dir/.vault/cache/notes.bin"
  fi
  bench_row "$section" "refresh, nothing changed (vault index)" "$VAULT index --vault $dir"
  bench_row "$section" "refresh after editing 10 notes (vault index)" "$VAULT index --vault $dir" "" "$WORK/edit.sh $dir 10"

  # Searches without a watcher: each one scans the vault (stat of every note).
  bench_row "$section" "search rare word, scan (vault search --limit 20)" "$VAULT search --vault $dir --limit 20 $RARE" "rg -l $RARE $dir"
  bench_row "$section" "search medium word, scan" "$VAULT search --vault $dir --limit 20 $MEDIUM" "rg -l $MEDIUM $dir"
  bench_row "$section" "search common word, scan" "$VAULT search --vault $dir --limit 20 $COMMON" "rg -l $COMMON $dir"
  bench_row "$section" "search -l common word (every hit), scan" "$VAULT search --vault $dir -l $COMMON" "rg -l $COMMON $dir"
  bench_row "$section" "search -l rare word, scan" "$VAULT search --vault $dir -l $RARE" "rg -l $RARE $dir"
  # The floor of every "scan" row: a stat of every note, on one thread, in the kernel.
  bench_row "$section" "stat of every note, one thread (find -printf %s, for reference)" "find $dir -name *.md -printf %s"

  # With `vault index --watch` running: a search asks the watcher instead of scanning.
  if start_watcher "$dir"; then
    bench_row "$section" "search rare word, watcher" "$VAULT search --vault $dir --limit 20 $RARE" "rg -l $RARE $dir"
    bench_row "$section" "search medium word, watcher" "$VAULT search --vault $dir --limit 20 $MEDIUM" "rg -l $MEDIUM $dir"
    bench_row "$section" "search common word, watcher" "$VAULT search --vault $dir --limit 20 $COMMON" "rg -l $COMMON $dir"
    bench_row "$section" "search -l rare word (every hit), watcher" "$VAULT search --vault $dir -l $RARE" "rg -l $RARE $dir"
    bench_row "$section" "search -l medium word (every hit), watcher" "$VAULT search --vault $dir -l $MEDIUM" "rg -l $MEDIUM $dir"
    bench_row "$section" "search -l common word (every hit), watcher" "$VAULT search --vault $dir -l $COMMON" "rg -l $COMMON $dir"
    bench_row "$section" "search phrase \"$PHRASE\", watcher" "$VAULT search --vault $dir --limit 20 '\"$PHRASE\"'" "rg -l '$PHRASE' $dir"
    bench_row "$section" "search filters only (category:Health created:2026-10)" "$VAULT search --vault $dir --limit 20 category:Health created:2026-10" "rg -l '^category: Health\$' $dir"
    bench_row "$section" "search rare word right after editing 10 notes, watcher" "$VAULT search --vault $dir --limit 20 $RARE" "rg -l $RARE $dir" "$WORK/edit.sh $dir 10"
    stop_watcher
  fi
  restore_edited "$dir"
  "$VAULT" index --vault "$dir" >/dev/null
}
for n in $SIZES; do
  with_baseline bench_size "$n"
done

# ================================================================ OTHER BENCHMARKS
# Append measurements here with bench_row: they land in the same table and in
# benchmarks/results.md.

# ---- the ledger: vault status and vault review weekly --list (SPEC 12: <= 300 ms
# with 100k notes and 1M events). Ten events per note, written once per vault
# by benchmarks/ledger_events.py and kept with the cached vault.
bench_ledger() {
  local n=$1 dir section events marker first_note
  dir="$BENCH_DIR/notes-$n"
  events=$((n * 10))
  marker="$dir/.vault/ledger/.bench-events-$events"
  if [ ! -f "$marker" ]; then
    echo "Writing $events ledger events into $dir"
    rm -rf "$dir/.vault/ledger"
    python3 "$ROOT/benchmarks/ledger_events.py" "$dir" --events "$events" >/dev/null
    touch "$marker"
  fi
  section="$n notes"
  settle "$dir"
  bench_row "$section" "vault status ($events ledger events)" "env VAULT_NOW=2026-11-18T09:00:00Z $VAULT status --vault $dir"
  bench_row "$section" "vault status --line ($events ledger events)" "env VAULT_NOW=2026-11-18T09:00:00Z $VAULT status --line --vault $dir"
  bench_row "$section" "vault review weekly --list ($events ledger events)" "env VAULT_NOW=2026-11-18T09:00:00Z $VAULT review weekly --list --vault $dir"
  bench_row "$section" "vault stats ($events ledger events)" "env VAULT_NOW=2026-11-18T09:00:00Z $VAULT stats --vault $dir"
  bench_row "$section" "vault stats --html ($events ledger events)" "env VAULT_NOW=2026-11-18T09:00:00Z $VAULT stats --vault $dir --html $WORK/stats.html"
  bench_row "$section" "vault remind --dry-run ($events ledger events)" "env VAULT_NOW=2026-11-18T09:00:00Z $VAULT remind --dry-run --vault $dir"
  # Backlinks parse only the notes the search cache names (NoteLinks): the first note of the vault.
  first_note=$(cd "$dir" && find . -name '*.md' -not -path './.vault/*' | sort | awk 'NR == 1 { print substr($0, 3) }')  # awk reads it all: no SIGPIPE under pipefail
  bench_row "$section" "vault links NOTE (backlinks through the search cache)" "env VAULT_NOW=2026-11-18T09:00:00Z $VAULT links $first_note --vault $dir"
  # The last run's site is moved aside, not deleted, before each run: ext4
  # hunts for a free inode past the ones just freed (`recently_deleted` in
  # ext4_create), and the files deleted right before made this row the
  # kernel's, varying up to 3x between runs of one binary (STARTUP.md, seventh pass).
  bench_row "$section" "vault export html (a new folder each run)" "env VAULT_NOW=2026-11-18T09:00:00Z $VAULT export html $BENCH_DIR/site --vault $dir" "" "$WORK/set-aside.sh $BENCH_DIR/site"
  rm -rf "$BENCH_DIR/site" "$BENCH_DIR/site-aside"
  # The same with the replay cache's work to do: one event appended before
  # each run (the cache is extended), or the caches deleted (full replay).
  bench_row "$section" "vault status, one event appended before each run" "env VAULT_NOW=2026-11-18T09:00:00Z $VAULT status --vault $dir" "" "$ROOT/benchmarks/append_event.sh $dir"
  bench_row "$section" "vault status, caches deleted before each run (cold)" "env VAULT_NOW=2026-11-18T09:00:00Z $VAULT status --vault $dir" "" "rm -f $dir/.vault/cache/ledger.bin $dir/.vault/cache/ledger-cards.bin $dir/.vault/cache/cards.bin $dir/.vault/cache/notes.bin"
  # With `vault index --watch` running, the watcher vouches for the note
  # catalog and no command scans the vault.
  backup_edited "$dir"
  if start_watcher "$dir"; then
    bench_row "$section" "vault status, watcher" "env VAULT_NOW=2026-11-18T09:00:00Z $VAULT status --vault $dir"
    bench_row "$section" "vault review weekly --list, watcher" "env VAULT_NOW=2026-11-18T09:00:00Z $VAULT review weekly --list --vault $dir"
    bench_row "$section" "vault status, one event appended before each run, watcher" "env VAULT_NOW=2026-11-18T09:00:00Z $VAULT status --vault $dir" "" "$ROOT/benchmarks/append_event.sh $dir"
    bench_row "$section" "vault status right after editing 10 notes, watcher" "env VAULT_NOW=2026-11-18T09:00:00Z $VAULT status --vault $dir" "" "$WORK/edit.sh $dir 10"
    stop_watcher
  fi
  restore_edited "$dir"
}
for n in $SIZES; do
  with_baseline bench_ledger "$n"
done

# ---- the seeds' last mile (issue 49): `vault backup` and `vault export pdf`
# at 10,000 notes (the ledger loop's vault, its 100k events in the archive).
# The backup folder is emptied before each run (each run writes a new
# archive). The PDF takes minutes (Chromium prints 50 parts of 200 notes),
# so it is timed once, not RUNS times.
if [[ " $SIZES " == *" 10000 "* ]]; then
  dir="$BENCH_DIR/notes-10000"
  section="10000 notes"
  bench_row "$section" "vault backup --to DIR (tar.zst: notes, config, ledger)" \
    "env VAULT_NOW=2026-11-18T09:00:00Z $VAULT backup --vault $dir --to $WORK/backups" "" "rm -rf $WORK/backups"
  note_row "$section" "vault backup archive size" "$(du -h "$WORK"/backups/*.tar.* 2>/dev/null | awk 'NR == 1 { print $1 }')"
  rm -rf "$WORK/backups"
  if command -v chromium >/dev/null 2>&1 && command -v pdfunite >/dev/null 2>&1; then
    start=$(date +%s%N)
    if env VAULT_NOW=2026-11-18T09:00:00Z "$VAULT" export pdf "$WORK/book.pdf" --vault "$dir" >"$WORK/pdf.log" 2>&1; then
      ms=$(python3 -c "print('%.1f' % (($(date +%s%N) - $start) / 1e6))")
      put_row "$section" "vault export pdf (every note, one run)" "$ms" "" "" "$(cat "$WORK/pdf.log")"
    else
      echo "  failed: vault export pdf: $(tail -1 "$WORK/pdf.log")" >&2
    fi
    rm -f "$WORK/book.pdf"
  else
    echo "  skipped: vault export pdf needs chromium and poppler-utils (scripts/ensure-deps.sh --test)" >&2
  fi
fi

if [ "$EXTRA" != 0 ]; then
# ---- study tracking (issue 17: `vault session report` and `vault goal list`
# over 50,000 sessions in a vault with 1M other events <= 300 ms). The
# sessions vault is the largest size's ledger and config (no notes: neither
# command reads them) with 50,000 sessions appended by benchmarks/session_events.py.
bench_tracking() {
  largest=${SIZES##* }
  sessions_dir="$BENCH_DIR/sessions-$largest"
  if [ ! -f "$sessions_dir/.vault/ledger/.bench-sessions" ]; then
    rm -rf "$sessions_dir"
    mkdir -p "$sessions_dir/.vault"
    cp -r "$BENCH_DIR/notes-$largest/.vault/ledger" "$BENCH_DIR/notes-$largest/.vault/config.yml" "$sessions_dir/.vault/"
    python3 "$ROOT/benchmarks/session_events.py" "$sessions_dir" --sessions 50000 >/dev/null
    touch "$sessions_dir/.vault/ledger/.bench-sessions"
  fi
  env VAULT_NOW=2026-11-18T09:00:00Z "$VAULT" session report --all --vault "$sessions_dir" >/dev/null 2>&1 || true
  bench_row "study tracking" "vault session report --all (50k sessions, $((largest * 10)) other events)" "env VAULT_NOW=2026-11-18T09:00:00Z $VAULT session report --all --vault $sessions_dir"
  bench_row "study tracking" "vault goal list (50k sessions)" "env VAULT_NOW=2026-11-18T09:00:00Z $VAULT goal list --vault $sessions_dir"
  bench_row "study tracking" "vault session report, one event appended before each run" "env VAULT_NOW=2026-11-18T09:00:00Z $VAULT session report --all --vault $sessions_dir" "" "$ROOT/benchmarks/append_event.sh $sessions_dir"
}
with_baseline bench_tracking
# ---- memory palaces (issue 19: importing a 100 MB itinerary of 1,000
# locations <= 3 s at <= 3x its size in memory; `loci review --list` <= 100 ms).
bench_loci() {
  "$ROOT/benchmarks/loci_bench.sh" | while IFS= read -r line; do
    echo "  $line"
    case "$line" in
      import*) note_row "memory palaces" "vault import loci (100 MB, 1,000 locations), median" "${line#*median }" ;;
      *peak*) note_row "memory palaces" "peak memory of that import" "${line#*median }" ;;
      loci*) note_row "memory palaces" "vault loci review --list (1,000 locations), median" "${line#*median }" ;;
    esac
  done
}
with_baseline_once bench_loci  # too long to repeat: once per build
# ---- Anki import (issue 33: 20,000 notes, 40,000 cards and 500,000 reviews
# imported <= 15 s at <= 300 MB; `vault status` afterwards <= 300 ms) and
# export (issue 45: that vault exported <= 10 s at <= 200 MB, imported back
# with 1,000 new reviews <= 10 s).
bench_anki() {
  "$ROOT/benchmarks/anki_bench.sh" | while IFS= read -r line; do
    echo "  $line"
    case "$line" in
      "import anki back"*) note_row "anki export" "vault import anki of it back with 1,000 new reviews, median" "${line#*median }" ;;
      *"export peak"*) note_row "anki export" "peak memory of that export" "${line#*median }" ;;
      export*) note_row "anki export" "vault export anki (20k notes, 40k cards, 500k reviews), median" "${line#*median }" ;;
      import*) note_row "anki import" "vault import anki (20k notes, 40k cards, 500k reviews), median" "${line#*median }" ;;
      *peak*) note_row "anki import" "peak memory of that import" "${line#*median }" ;;
      status*) note_row "anki import" "vault status after that import, median" "${line#*median }" ;;
    esac
  done
}
with_baseline_once bench_anki  # too long to repeat: once per build
# ---- Hostile input (issue 48): a note of links, a quadratic field, a zstd bomb
# (benchmarks/hostile_bench.sh).
"$ROOT/benchmarks/hostile_bench.sh" | while IFS= read -r line; do
  echo "  $line"
  note_row "hostile input" "${line%%: *}" "${line#*: }"
done

# ---- FSRS optimizer (issue 32: 100,000 reviews fitted <= 1 s, peak <= 200 MB,
# against fsrs-rs on the same file in the same run; benchmarks/fsrs_bench.sh).
bench_fsrs() {
  "$ROOT/benchmarks/fsrs_bench.sh" | while IFS= read -r line; do
    echo "  $line"
    case "$line" in
      vault\ fsrs*) note_row "fsrs optimizer" "vault fsrs optimize --revlog (100,000 reviews), median" "${line#*median }" ;;
      *peak*) note_row "fsrs optimizer" "peak memory of that fit" "${line#*median }" ;;
      fsrs-rs*) note_row "fsrs optimizer" "fsrs-rs compute_parameters, same items" "${line#*median }" ;;
      log\ loss*) note_row "fsrs optimizer" "log loss of the fits" "${line#*: }" ;;
      RMSE*) note_row "fsrs optimizer" "RMSE(bins) of the fits" "${line#*: }" ;;
      learner*) note_row "fsrs optimizer" "${line%%:*}" "${line#*: }" ;;
    esac
  done
}
with_baseline_once bench_fsrs  # too long to repeat: once per build
# ---- vault serve (issue 35: 10,000 notes and 100,000 events: each page <= 50 ms
# median, an answer POST <= 20 ms, ready <= 300 ms, 20 clients for 10 s with no
# error and p99 <= 200 ms; <= 150 MB resident at 100,000 notes). benchmarks/serve_bench.py.
bench_serve() {
  local n=$1 wrk_flag=""
  [ "$n" = 10000 ] || [ "$n" = 100000 ] || return 0
  [ "$n" = 10000 ] && wrk_flag="--wrk"
  python3 "$ROOT/benchmarks/serve_bench.py" "$VAULT" "$BENCH_DIR/notes-$n" $wrk_flag | while IFS= read -r line; do
    echo "  $line"
    note_row "vault serve, $n notes ($((n * 10)) events)" "${line%%: *}" "${line#*: }"
  done
}
for n in $SIZES; do
  # 100,000 notes once per build: each pass copies that vault and has a server read it
  # with no caches; its bar is memory, which the machine's drift does not move.
  if [ "$n" = 100000 ]; then with_baseline_once bench_serve "$n"; else with_baseline bench_serve "$n"; fi
done

# ---- flashcards: the due queue (SPEC 12: ~25k cards and 1M rating events,
# `vault study --list` <= 300 ms end to end). The vault (75k notes, ~26k
# cards, 1M rate events) is made once by benchmarks/cards_bench.sh.
bench_cards() {
  local cards_dir="$BENCH_DIR/cards-75000"
  BENCH_DIR="$cards_dir" PREPARE_ONLY=1 "$ROOT/benchmarks/cards_bench.sh" 75000 1000000
  bench_row "flashcards" "vault study --list (~26k cards, 1M rate events)" "env VAULT_NOW=2026-11-18T09:00:00Z $VAULT study --list --vault $cards_dir"
  bench_row "flashcards" "vault status (~26k cards, 1M rate events)" "env VAULT_NOW=2026-11-18T09:00:00Z $VAULT status --vault $cards_dir"
}
with_baseline bench_cards
# An adopted vault: 100k notes without front matter, dates from git
# (benchmarks/adopt_bench.sh). `vault init` is timed from nothing each run;
# then status with its caches deleted (git dates read, catalog built) and warm.
bench_adopted() {
  [[ " $SIZES " == *" 100000 "* ]] || return 0
  local adopt_dir clean
  adopt_dir=$("$ROOT/benchmarks/adopt_bench.sh" "$BENCH_DIR/adopted-100000" 100000)
  clean="rm -rf $adopt_dir/.vault $adopt_dir/.gitignore $adopt_dir/.gitattributes"
  bench_row "adopted vault" "vault init (100k notes without front matter, in git)" \
    "$VAULT init $adopt_dir --timezone UTC" "" "$clean"
  $clean
  "$VAULT" init "$adopt_dir" --timezone UTC >/dev/null
  bench_row "adopted vault" "vault status, caches deleted before each run (git dates read, catalog built)" \
    "env VAULT_NOW=2026-11-24T09:00:00Z $VAULT status --vault $adopt_dir" "" "rm -rf $adopt_dir/.vault/cache"
  bench_row "adopted vault" "vault status (100k notes, dates from git)" \
    "env VAULT_NOW=2026-11-24T09:00:00Z $VAULT status --vault $adopt_dir"
}
with_baseline_once bench_adopted  # too long to repeat: once per build
# ---- Obsidian Spaced Repetition (issue 44): a plugin vault of 10,000 notes and
# 50,000 cards with their <!--SR:…--> comments (benchmarks/osr_vault.py). vault init
# adopts it from nothing each run (<= 2 s), vault study --list afterwards (<= 300 ms),
# one answer written back (<= 20 ms: the `write back` phase VAULT_TRACE reports).
BENCH_DIR="$BENCH_DIR" PREPARE_ONLY=1 "$ROOT/benchmarks/osr_bench.sh" 10000
osr_dir="$WORK/osr-10000"
rm -rf "$osr_dir"
cp -r "$BENCH_DIR/osr-10000" "$osr_dir"
osr_fresh="rm -rf $osr_dir/.vault $osr_dir/.gitignore $osr_dir/.gitattributes"
bench_row "obsidian sr" "vault init, adopting 10k notes / 50k cards with comments" \
  "env VAULT_NOW=2026-11-18T09:00:00Z $VAULT init $osr_dir --timezone UTC" "" "$osr_fresh"
$osr_fresh
env VAULT_NOW=2026-11-18T09:00:00Z "$VAULT" init "$osr_dir" --timezone UTC >/dev/null
bench_row "obsidian sr" "vault study --list, adopted (50k cards)" \
  "env VAULT_NOW=2026-11-18T09:00:00Z $VAULT study --list --vault $osr_dir"
sed -i 's/  write_back: false/  write_back: true/' "$osr_dir/.vault/config.yml"
osr_card=$("$VAULT" --vault "$osr_dir" cards --json | python3 -c 'import json,sys; print(next(c["id"] for c in json.load(sys.stdin) if c["kind"] == "basic"))')
bench_row "obsidian sr" "vault study --rate, one answer written back (whole command)" \
  "env VAULT_NOW=2026-11-18T09:00:00Z $VAULT study --vault $osr_dir --rate $osr_card=good"
osr_writes=()
for _ in $(seq 1 "$RUNS"); do
  osr_writes+=($(VAULT_TRACE=1 VAULT_NOW=2026-11-18T09:00:00Z "$VAULT" study --vault "$osr_dir" --rate "$osr_card=good" 2>&1 >/dev/null \
    | sed -n 's/.*write back .*: \([0-9]*\) ms.*/\1/p' | head -1))
done
osr_write=$(printf '%s\n' "${osr_writes[@]}" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
put_row "obsidian sr" "write-back of one answer (VAULT_TRACE phase)" "$osr_write"
fi
# ---- vault lsp, measured through a client (benchmarks/lsp_bench.py, issue 31):
# on 10,000 notes completion after [[ <= 30 ms, hover <= 20 ms, diagnostics
# after a change <= 100 ms, a rename touching 500 notes <= 1 s, start to the
# first answer <= 300 ms; resident memory <= 150 MB on 100,000 notes.
bench_lsp() {
  local n=$1 dir="$BENCH_DIR/notes-$1" section="$1 notes" label ms note
  [ -f "$dir/.vault/config.yml" ] || return 0
  settle "$dir"
  python3 "$ROOT/benchmarks/lsp_bench.py" "$VAULT" "$dir" "$RUNS_NOW" >"$WORK/lsp.tsv" 2>"$WORK/lsp.log" \
    || echo "  failed: vault lsp ($n notes): $(tail -1 "$WORK/lsp.log")" >&2
  while IFS=$'\t' read -r label ms note; do
    # A tab is IFS white space: `LABEL<TAB><TAB>594 MB` reads as ms="594 MB".
    if [[ "$ms" == *MB ]]; then
      note="$ms"
      ms=""
    fi
    put_row "$section" "$label" "$ms" "" "" "$note"
  done <"$WORK/lsp.tsv"
}
for n in $SIZES; do
  with_baseline bench_lsp "$n"
done
# ---- a real vault (issue 47): a vault shaped like Obsidian's own help vault
# (6,280 notes in 40 languages and scripts, long notes, tables, callouts, many
# [[links]], about 2% broken; benchmarks/make_real_vault.py), generated once
# and kept in BENCH_DIR. `vault check` warm (its caches written by the run
# before) against `rg -n '\[\['`, which finds the same links.
real_dir="$BENCH_DIR/real-vault"
if [ ! -f "$real_dir/.vault/config.yml" ]; then
  echo "Generating $real_dir (a real-shaped vault)..." >&2
  rm -rf "$real_dir"
  python3 "$ROOT/benchmarks/make_real_vault.py" "$real_dir" >/dev/null
  "$VAULT" init "$real_dir" >/dev/null
fi
"$VAULT" check --vault "$real_dir" >/dev/null 2>&1 || true
echo "== real vault ($real_dir)"
bench_row "real vault" "vault check (6,280 notes, 40 languages) / rg -n '\[\['" \
  "$VAULT check --vault $real_dir" "rg -n '\[\[' $real_dir"
# Searches printing every hit with its snippet, to a file (ripgrep stops at
# the first match when its output is /dev/null), against rg printing every
# matching line to a file; both through `sh -c` for the redirection.
"$VAULT" search --vault "$real_dir" obsidian >/dev/null 2>&1 || true
bench_row "real vault" "vault search obsidian (every hit and snippet, to a file) / rg obsidian" \
  "sh -c '$VAULT search --vault $real_dir obsidian >$WORK/search.out'" "sh -c 'rg obsidian $real_dir >$WORK/rg.out'"
bench_row "real vault" "vault search '\"the note\"' (phrase, every hit, to a file) / rg -i 'the note'" \
  "sh -c '$VAULT search --vault $real_dir \"\\\"the note\\\"\" >$WORK/search.out'" \
  "sh -c 'rg -i \"the note\" $real_dir >$WORK/rg.out'"
bench_row "real vault" "vault search obsidian path:en/ (filtered, every hit, to a file) / rg obsidian en/" \
  "sh -c '$VAULT search --vault $real_dir obsidian path:en/ >$WORK/search.out'" \
  "sh -c 'rg obsidian $real_dir/en >$WORK/rg.out'"
# The first run after adoption (issue 47, point 3): a copy of the real vault
# without `.vault`, made a vault again before every run (`vault init`, which
# parses every note once to count the decks' and writes the note catalog),
# then its first `vault status`, against `rg -c the` over the same notes.
# `vault init` has a row of its own, so that the work it does for status is
# seen. The second status row drops the page cache after `vault init` (root
# only: skipped elsewhere), for status and rg alike.
adopt_dir="$WORK/adopt"
rm -rf "$adopt_dir"
cp -a "$real_dir" "$adopt_dir"
rm -rf "$adopt_dir/.vault"
# adopt.sh VAULT DIR [init|cold]: removes DIR's `.vault`, then (init, cold)
# runs `vault init`, then (cold) drops the page cache. A script, because
# hyperfine -N runs a prepare command without a shell.
cat >"$WORK/adopt.sh" <<'EOF'
#!/bin/sh
set -e
rm -rf "$2/.vault"
[ "${3:-}" = "" ] && exit 0
"$1" init "$2" >/dev/null
[ "$3" = cold ] || exit 0
sync
echo 3 >/proc/sys/vm/drop_caches
EOF
chmod +x "$WORK/adopt.sh"
bench_row "real vault" "vault init, adopting 6,280 notes (no caches) / rg -c the" \
  "$VAULT init $adopt_dir" "rg -c the $adopt_dir" "$WORK/adopt.sh $VAULT $adopt_dir"
bench_row "real vault" "first vault status after vault init (no caches) / rg -c the" \
  "$VAULT status --vault $adopt_dir" "rg -c the $adopt_dir" "$WORK/adopt.sh $VAULT $adopt_dir init"
if [ -w /proc/sys/vm/drop_caches ]; then
  bench_row "real vault" "first vault status after vault init, page cache dropped / rg -c the" \
    "$VAULT status --vault $adopt_dir" "rg -c the $adopt_dir" "$WORK/adopt.sh $VAULT $adopt_dir cold"
fi
rm -rf "$adopt_dir"
# ============================================================ END OTHER BENCHMARKS

# ---------------------------------------------------------------- report
python3 - "$SAMPLES" "$RESULTS" "$RUNS" "$BASELINE_NAME" "$ROUNDS" <<'EOF'
import sys, os, re, datetime, platform, subprocess, statistics
samples_path, out_path, runs, base_name, rounds = sys.argv[1:6]
runs, rounds = int(runs), int(rounds)
NUMBER = re.compile(r"\s*([0-9]+(?:\.[0-9]+)?)\s*(ms|MB)\b")
def leading_number(text):
    """The first number of "12.3 ms", "157 MB", "9640 ms, peak 88 MB"; None for other notes."""
    m = NUMBER.match(text or "")
    return (float(m.group(1)), m.group(2)) if m else None
def median_of_values(texts):
    """The median of numbers a script printed, one a round, written with as many decimals as they have."""
    if len(texts) == 1:
        return texts[0]
    decimals = max(len(t.partition(".")[2]) for t in texts)
    return f"{statistics.median(float(t) for t in texts):.{decimals}f}"
def median_of_notes(notes):
    """The rounds' notes as one: when each starts with a number and the same unit, the last
    round's note with the median of those numbers in place of its own; else the last round's."""
    parsed = [NUMBER.match(n) for n in notes]
    if len(notes) > 1 and all(parsed) and len({m.group(2) for m in parsed}) == 1:
        last = parsed[-1]
        return notes[-1][:last.start(1)] + median_of_values([m.group(1) for m in parsed]) + notes[-1][last.end(1):]
    return notes[-1] if notes else ""
# Every measurement (SAMPLES in run.sh), gathered by pass, section and row in the order first measured.
measured = {}
for line in open(samples_path):
    if not line.strip():
        continue
    pass_, block_rounds, sec, what, field, value = (line.rstrip("\n").split("\t", 5) + [""] * 6)[:6]
    row = measured.setdefault((pass_, sec, what), {"time": [], "reference": [], "ms": [], "ref": [], "note": [], "rounds": 1})
    row[field].append(value)
    row["rounds"] = max(row["rounds"], int(block_rounds))
def ms_text(values):
    """The median of timed runs in milliseconds: two decimals below 10 ms, where
    one decimal would make 0.55 against 0.54 ms read as 0.6 against 0.5 (1.2x)."""
    value = statistics.median(map(float, values))
    return "%.2f" % value if value < 10 else "%.1f" % value
def combined(row):
    """A row as the table shows it: vault ms, reference ms, ratio, note: medians of every run of every round."""
    ours = ms_text(row["time"]) if row["time"] else (median_of_values(row["ms"]) if row["ms"] else "")
    ref = ms_text(row["reference"]) if row["reference"] else (median_of_values(row["ref"]) if row["ref"] else "")
    ratio = "%.3f" % (float(ours) / float(ref)) if ours and ref and float(ref) > 0 else ""
    return ours, ref, ratio, median_of_notes(row["note"])
rows = [(sec, what) + combined(row) for (pass_, sec, what), row in measured.items() if pass_ == "this"]
# The baseline's values (BENCH_BASELINE), by section and row: "12.3 ms" or a note.
baseline = {}
for (pass_, sec, what), row in measured.items():
    if pass_ == "baseline":
        ms, _, _, note = combined(row)
        baseline[(sec, what)] = f"{ms} ms" if ms else note
# The sections a baseline ran once (with_baseline_once) while the others ran in rounds.
once = [] if rounds == 1 else list(dict.fromkeys(
    sec for (pass_, sec, what), row in measured.items() if pass_ == "baseline" and row["rounds"] == 1))
def rg_version():
    try: return subprocess.run(["rg", "--version"], capture_output=True, text=True).stdout.split("\n")[0]
    except Exception: return "rg ?"
medians = (f"Medians of {runs} runs (hyperfine)" if rounds == 1 else
           f"Medians of all runs (hyperfine) of {rounds} rounds of {-(-runs // rounds)} runs "
           f"({runs} runs for the rows measured once)")
lines = ["# Benchmark results", "",
         f"Measured by `make bench` (benchmarks/run.sh) on {datetime.datetime.utcnow():%Y-%m-%d %H:%M} UTC, "
         f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f} at the end, {rg_version()}. "
         f"{medians}; ratio = vault / rg.", "",
         "Search rows with `scan`, and `vault status`/`review` rows without `watcher`, stat every note first; "
         "rows with `watcher` ran with `vault index --watch` in the background, which vouches for the search "
         "cache and the note catalog instead. `--limit 20` is what a terminal gets by default.", ""]
# The bars of SPEC section 12 and issues 16-20, each looked up among the rows.
# kind "ms": the median must be at most the bar; "ratio": vault / rg at most the bar.
BARS = [
    ("startup", "vault --version (static binary)", "ms", 4),
    ("startup", "vault search -l sleep, ExampleVault (74 notes)", "ratio", 1.5),
    ("startup", "vault status, ExampleVault", "ms", 10),
    ("startup", "vault status --line, ExampleVault", "ms", 10),
    ("1000 notes", "search -l rare word, scan", "ratio", 1.0),
    ("10000 notes", "search -l rare word, scan", "ratio", 0.5),
    ("10000 notes", "vault status (100000 ledger events)", "ms", 60),
    ("10000 notes", "vault status --line (100000 ledger events)", "ms", 50),
    ("100000 notes", "cold index (vault index --rebuild)", "ms", 3000),
    ("100000 notes", "peak memory, cold index (max RSS)", "MB", 150),
    ("100000 notes", "refresh, nothing changed (vault index)", "ms", 200),
    ("100000 notes", "search rare word, scan (vault search --limit 20)", "ratio", 0.35),
    ("100000 notes", "search rare word, watcher", "ratio", 0.25),
    ("100000 notes", "vault status (1000000 ledger events)", "ms", 300),
    ("100000 notes", "vault review weekly --list (1000000 ledger events)", "ms", 300),
    ("100000 notes", "vault status right after editing 10 notes, watcher", "ms", 250),
    ("100000 notes", "vault stats (1000000 ledger events)", "ms", 1000),
    ("100000 notes", "vault stats --html (1000000 ledger events)", "ms", 2000),
    ("100000 notes", "vault remind --dry-run (1000000 ledger events)", "ms", 300),
    ("100000 notes", "vault export html (a new folder each run)", "ms", 20000),
    ("study tracking", "vault session report --all (50k sessions, 1000000 other events)", "ms", 300),
    ("study tracking", "vault goal list (50k sessions)", "ms", 300),
    ("flashcards", "vault study --list (~26k cards, 1M rate events)", "ms", 300),
    ("obsidian sr", "vault init, adopting 10k notes / 50k cards with comments", "ms", 2000),
    ("obsidian sr", "vault study --list, adopted (50k cards)", "ms", 300),
    ("obsidian sr", "write-back of one answer (VAULT_TRACE phase)", "ms", 20),
    ("real vault", "vault check (6,280 notes, 40 languages) / rg -n '\\[\\['", "ratio", 5.0),
    ("real vault", "first vault status after vault init (no caches) / rg -c the", "ratio", 8.0),
    ("10000 notes", "vault lsp: start to first answer (initialize, open, completion)", "ms", 300),
    ("10000 notes", "vault lsp: completion after [[ (4 letters typed)", "ms", 30),
    ("10000 notes", "vault lsp: hover on a link", "ms", 20),
    ("10000 notes", "vault lsp: diagnostics after a change (40 ms quiet time included)", "ms", 100),
    ("10000 notes", "vault lsp: rename a note with 500 linking notes", "ms", 1000),
    ("100000 notes", "vault lsp: resident memory at the end (VmRSS)", "MB", 150),
]
found = {(r[0], r[1]): r for r in rows}
summary = ["## Summary: every bar", "", "| section | what | vault | rg | ratio | bar | met |", "|---|---|---:|---:|---:|---:|---|"]
for sec, what, kind, bar in BARS:
    r = found.get((sec, what))
    if not r:
        summary.append(f"| {sec} | {what} | not measured |  |  | {bar}{' ' + kind if kind != 'ratio' else 'x'} |  |")
        continue
    ours, ref, ratio = r[2], r[3], r[4]
    if kind == "MB":  # a note such as "92 MB"
        ours = r[5].split()[0] if r[5] else ""
        value = float(ours) if ours else None
        met = "" if value is None else ("yes" if value <= bar else "**no**")
        summary.append(f"| {sec} | {what} | {ours} MB |  |  | ≤ {bar} MB | {met} |")
        continue
    value = float(ratio) if kind == "ratio" and ratio else (float(ours) if ours else None)
    met = "" if value is None else ("yes" if value <= bar else "**no**")
    summary.append(f"| {sec} | {what} | {ours + ' ms' if ours else ''} | {ref + ' ms' if ref else ''} | {ratio} | "
                   f"{'≤ ' + str(bar) + (' ms' if kind == 'ms' else 'x rg')} | {met} |")
print("\n".join(summary))
lines += summary + [""]
if baseline:
    if rounds == 1:
        lines += [f"The column {base_name} is another build measured by the same run, block by block "
                  "right after this one, on the same vaults with caches of its own (`BENCH_BASELINE`); "
                  f"\"vs {base_name}\" is this build's value over it.", ""]
    else:
        lines += [f"The column {base_name} is another build measured by the same run on the same vaults with "
                  f"caches of its own (`BENCH_BASELINE`), in {rounds} alternating rounds: each block of rows ran "
                  f"with this build and with {base_name}, {rounds} times over, the baseline first every other "
                  "round, so that both met the machine in the same minutes. Each value is the median of all samples of all rounds (of the rounds' values, for "
                  "the values a script prints)"
                  + (f"; the blocks too long to repeat ran once per build, one right after the other: {', '.join(once)}" if once else "")
                  + f". \"vs {base_name}\" is this build's value over it.", ""]
section = None
slower = []
for s, what, ours, ref, ratio, note in rows:
    if s != section:
        section = s
        if baseline:
            lines += [f"## {s}", "", f"| what | vault | rg -l | ratio | {base_name} | vs {base_name} |", "|---|---:|---:|---:|---:|---:|"]
        else:
            lines += [f"## {s}", "", "| what | vault | rg -l | ratio |", "|---|---:|---:|---:|"]
    value = f"{ours} ms" if ours else note
    row = f"| {what} | {value} | {ref + ' ms' if ref else ''} | {ratio} |"
    if baseline:
        base = baseline.get((s, what), "")
        a, b = leading_number(value), leading_number(base)
        versus = f"{a[0] / b[0]:.2f}x" if a and b and a[1] == b[1] and b[0] > 0 else ""
        if versus and a[0] / b[0] > 1.10:
            slower.append(f"| {s} | {what} | {value} | {base} | {versus} |")
        row += f" {base} | {versus} |"
    lines.append(row)
    # a blank line closes each table when the section changes
lines.append("")
if baseline:
    lines += [f"## More than 10% slower than {base_name} in this run", "",
              f"| section | what | vault | {base_name} | ratio |", "|---|---|---:|---:|---:|"] + (slower or ["| none |  |  |  |  |"]) + [""]
    print("\n".join(lines[-len(slower) - 4:]))
open(out_path, "w").write("\n".join(lines).replace("\n## ", "\n\n## "))
print(f"\nWrote {out_path}")
EOF
