#!/usr/bin/env bash
# Writes ExampleVault's review history by running the built `vault` itself,
# with VAULT_NOW set to past moments, so the ledger is exactly what a person
# reviewing on those days would have left:
#
#   weeks 2026-W30 … W43 and W45  reviewed on their Sundays at 19:00 (completed)
#   week 2026-W44                 never reviewed: "missed" on the reference date
#   week 2026-W46                 reviewed on Sunday 15 Nov, two notes decided, then quit: "in progress"
#   months 2026-07, 2026-08      reviewed right after the weekly review of the week holding the 1st (completed)
#   month 2026-09                 two notes decided, then finished early ("finished early")
#   month 2026-10                 reviewed on Sunday 1 Nov, every note decided (completed), with a
#                                 warning that week 44 (which holds 26-31 Oct) is not done
#
# In each weekly review the notes (ordered by created date) are kept except
# every third, which is archived; in the monthly reviews every other note is kept.
# Notes without an id that are decided get one (vault says so); the Inbox
# notes (weeks 46/47) stay undecided and untouched.
#
# Then flashcard study, with `vault study --rate` (and one `--tier`): every
# other card of the vault (10 cards: sm2 in 2026/07, fsrs in 2026/08, ladder
# in 2026/09, tiers in 2026/10, as .vault/config.yml says), card k first
# studied on 1 October + 2k days at 07:30 UTC, then again whenever it is due
# (at its due time, or 07:30 UTC on its due day), with a fixed cycle of answers,
# up to 17 November. Card 3 (fsrs) is abandoned after 25 October, so on the
# reference date it is overdue by more than 3 days (set aside); tiers card 8 is
# studied daily and never promoted (promotion suggested), tiers card 9 is moved
# to "reviewing" after its fifth correct answer.
#
# Usage: scripts/example-ledger.sh [EXAMPLE_VAULT] [VAULT_BINARY]
# Refuses to run when the vault already has a ledger. To regenerate ExampleVault's ledger:
#   swift build && rm -rf ExampleVault/.vault/ledger ExampleVault/.vault/local && scripts/example-ledger.sh
# (commit .vault/ledger/; .vault/local/ is git-ignored).
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
vault_dir="$(cd "${1:-$here/ExampleVault}" && pwd)"
bin="${2:-$here/.build/debug/vault}"
[ -x "$bin" ] || { echo "error: $bin is not built; run \`swift build\` first." >&2; exit 1; }
if [ -n "$(ls -A "$vault_dir/.vault/ledger" 2>/dev/null)" ]; then
    echo "error: $vault_dir/.vault/ledger already holds a ledger; delete .vault/ledger/ and .vault/local/ to write it again." >&2
    exit 1
fi
export VAULT_DIR="$vault_dir" NO_COLOR=1

# The note paths of a period's review, oldest first, undecided ones only.
pending() { # LEVEL PERIOD
    "$bin" review "$1" "$2" --list --json | python3 -c '
import json, sys
listing = json.load(sys.stdin)
print("\n".join(n["path"] for n in listing["notes"] if n.get("decision") is None))'
}

# Decides a period: every Nth note archived (N=3 weekly), the rest kept;
# LIMIT decides only the first LIMIT notes; FINISH=yes finishes the period after.
review() { # LEVEL PERIOD WHEN EVERY LIMIT FINISH
    local level=$1 period=$2 when=$3 every=$4 limit=$5 finish=$6
    local keep=() archive=() i=0 paths=()
    mapfile -t paths < <(VAULT_NOW="$when" pending "$level" "$period")
    for path in "${paths[@]}"; do
        [ -n "$path" ] || continue
        [ "$limit" -gt 0 ] && [ "$i" -ge "$limit" ] && break
        if [ $(( (i + 1) % every )) -eq 0 ]; then archive+=("$path"); else keep+=("$path"); fi
        i=$((i + 1))
    done
    local args=()
    [ ${#keep[@]} -gt 0 ] && args+=(--keep "${keep[@]}")
    [ ${#archive[@]} -gt 0 ] && args+=(--archive "${archive[@]}")
    [ "$finish" = yes ] && args+=(--finish)
    [ ${#args[@]} -gt 0 ] || { echo "$level $period: nothing to decide"; return; }
    echo "== $level $period at $when"
    VAULT_NOW="$when" "$bin" review "$level" "$period" "${args[@]}"
}

# The Sunday (YYYY-MM-DD) of ISO week W of 2026.
sunday() { python3 -c 'import datetime, sys; print(datetime.date.fromisocalendar(2026, int(sys.argv[1]), 7))' "$1"; }

for week in $(seq 30 43) 45; do
    day=$(sunday "$week")
    review weekly "2026-W$week" "${day}T19:00:00" 3 0 no
    # A month is reviewed once the week holding its last days is done, that same evening.
    case "$day" in
        2026-08-02) review monthly 2026-07 "${day}T19:30:00" 2 0 no ;;
        2026-09-06) review monthly 2026-08 "${day}T19:30:00" 2 0 no ;;
        2026-10-04) review monthly 2026-09 "${day}T19:30:00" 2 2 yes ;;
    esac
    # Week 44 (ending Sunday 1 November) is skipped: the monthly review of October that day.
    [ "$week" = 43 ] && review monthly 2026-10 2026-11-01T11:00:00 2 0 no
done
review weekly 2026-W46 2026-11-15T19:00:00 3 2 no

echo "== flashcard study"
VAULT_BIN="$bin" python3 - <<'PY'
import datetime, json, os, subprocess

binary = os.environ["VAULT_BIN"]
utc = datetime.timezone.utc
end = datetime.datetime(2026, 11, 17, 20, 0, tzinfo=utc)
abandon = datetime.datetime(2026, 10, 25, 23, 59, tzinfo=utc)

def vault(now, *args):
    env = dict(os.environ, VAULT_NOW=now.strftime("%Y-%m-%dT%H:%M:%SZ"))
    return subprocess.run([binary, *args], env=env, check=True, capture_output=True, text=True).stdout

def stamp(moment):
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")

cards = json.loads(vault(datetime.datetime(2026, 10, 1, tzinfo=utc), "cards", "--json"))
for k, card in enumerate(cards[::2][:10]):
    answers = ["q4", "q5", "q3", "q4", "q2", "q4", "q5"] if card["scheduler"] == "sm2" else \
        ["good", "good", "hard", "good", "again", "good", "easy"]
    when = datetime.datetime(2026, 10, 1, 7, 30, tzinfo=utc) + datetime.timedelta(days=2 * k)
    n = correct = 0
    while when <= end and not (k == 3 and when > abandon):
        answer = answers[n % len(answers)]
        out = vault(when, "study", "--rate", f"{card['id']}={answer}")
        print(f"{stamp(when)} {out.strip()}")
        n += 1
        correct += answer not in ("again", "q2")
        if k == 9 and correct == 5:
            print(f"{stamp(when)} " + vault(when + datetime.timedelta(seconds=30), "study", "--tier", f"{card['id']}=reviewing").strip())
        due = out.rsplit("due ", 1)[1].strip()
        if due == "never":
            break
        due = datetime.datetime.fromisoformat(due.replace("Z", "+00:00")).astimezone(utc)
        morning = due.replace(hour=7, minute=30, second=0)
        when = max(due, morning) if due - when >= datetime.timedelta(days=1) else due
PY

echo "== study sessions"
"$here/scripts/example-sessions.sh" "$vault_dir" "$bin"

echo "== memory palace"
"$here/scripts/example-loci.sh" "$vault_dir" "$bin"

echo "== status at the reference date"
VAULT_NOW=2026-11-18T09:00:00Z "$bin" status
