#!/usr/bin/env bash
# Writes ExampleVault's study sessions by running the built `vault` itself at
# past moments (VAULT_NOW), as a person tracking their study would have:
#
#   subjects   Statistics (Learning) and Spanish (Communication), in .vault/config.yml
#   goal       20 hours of Statistics by 2026-12-31, set on 1 November
#   sessions   26 October to 17 November: Statistics on Mondays, Wednesdays and
#              Fridays at 18:00 for 50-90 minutes with questions, Spanish on
#              Tuesdays and Saturdays at 07:30 for 30 minutes entered by hand;
#              the one of 17 November started and stopped with start/stop
#   reviews    each session's 1-day follow-up done the next morning (ok, or
#              easy every third), the 7-day ones done when due
#
# Usage: scripts/example-sessions.sh [EXAMPLE_VAULT] [VAULT_BINARY]
# Run by scripts/example-ledger.sh after the reviews and cards; refuses when
# the vault has subjects already.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
vault_dir="$(cd "${1:-$here/ExampleVault}" && pwd)"
bin="${2:-$here/.build/debug/vault}"
[ -x "$bin" ] || { echo "error: $bin is not built; run \`swift build\` first." >&2; exit 1; }
if grep -q '^subjects:' "$vault_dir/.vault/config.yml"; then
    echo "error: $vault_dir already has subjects; the sessions are written once." >&2
    exit 1
fi
export VAULT_DIR="$vault_dir" NO_COLOR=1

VAULT_NOW=2026-10-25T12:00:00Z "$bin" subject add Statistics --category Learning --color '#fb923c'
VAULT_NOW=2026-10-25T12:00:00Z "$bin" subject add Spanish --category Communication --color '#84cc16'
VAULT_NOW=2026-11-01T08:00:00Z "$bin" goal add Statistics --hours 20 --by 2026-12-31

python3 - "$bin" <<'PY'
import datetime, os, subprocess, sys
binary = sys.argv[1]
utc = datetime.timezone.utc
berlin = datetime.timezone(datetime.timedelta(hours=1))  # November and late October after the change

def vault(now, *args):
    env = dict(os.environ, VAULT_NOW=now.astimezone(utc).strftime("%Y-%m-%dT%H:%M:%SZ"))
    out = subprocess.run([binary, *args], env=env, check=True, capture_output=True, text=True).stdout.strip()
    print(f"{env['VAULT_NOW']} {' '.join(args[:2])}: {out}")

day = datetime.date(2026, 10, 26)
n = 0
while day <= datetime.date(2026, 11, 17):
    weekday = day.weekday()
    if weekday in (0, 2, 4):
        minutes = [50, 70, 90][n % 3]
        questions = 10 + n % 6
        correct = questions - (n % 4)
        start = datetime.datetime(day.year, day.month, day.day, 18, 0, tzinfo=berlin)
        if day == datetime.date(2026, 11, 17):
            pass
        vault(start + datetime.timedelta(minutes=minutes), "session", "add", "Statistics", "--minutes", str(minutes),
              "--at", start.strftime("%Y-%m-%dT%H:%M"), "--questions", str(questions), "--correct", str(correct))
        n += 1
    elif weekday in (1, 5):
        start = datetime.datetime(day.year, day.month, day.day, 7, 30, tzinfo=berlin)
        if day == datetime.date(2026, 11, 17):
            vault(start, "session", "start", "Spanish", "--note", "subjunctive")
            vault(start + datetime.timedelta(minutes=35), "session", "stop", "--questions", "12", "--correct", "9")
        else:
            vault(start + datetime.timedelta(minutes=30), "session", "add", "Spanish", "--minutes", "30", "--at",
                  start.strftime("%Y-%m-%dT%H:%M"))
    # Reviews due this morning: done at 08:30 (ok; easy every third day).
    morning = datetime.datetime(day.year, day.month, day.day, 8, 30, tzinfo=berlin)
    while True:
        env = dict(os.environ, VAULT_NOW=morning.astimezone(utc).strftime("%Y-%m-%dT%H:%M:%SZ"))
        result = subprocess.run([binary, "session", "review", "--done", "easy" if day.day % 3 == 0 else "ok"],
                                env=env, capture_output=True, text=True)
        if result.returncode != 0:
            break
        print(f"{env['VAULT_NOW']} review: {result.stdout.strip()}")
    day += datetime.timedelta(days=1)
PY
