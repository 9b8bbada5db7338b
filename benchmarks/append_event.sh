#!/usr/bin/env bash
# Appends one ledger event to the bench vault VAULT (for `make bench`: the
# "one event appended" rows). The event is of a kind vault ignores
# (`bench-mark`), by the device `bench0000000`, dated 2030 onwards (after
# every generated event, so the replay cache extends instead of replaying),
# in .vault/ledger/2030.log; each call uses the next sequence number.
set -euo pipefail
dir="$1"
file="$dir/.vault/ledger/2030.log"
[ -f "$file" ] || printf '# vault-ledger v1\n' >"$file"
seq=$(($(grep -c $'\tbench0000000\t' "$file" || true) + 1))
printf '2030-01-01T00:00:00.000Z\tbench0000000\t%d\tbench-mark\tn=%d\n' "$seq" "$seq" >>"$file"
