#!/usr/bin/env bash
# ExampleVault's memory palace, written by the built `vault` itself:
# scripts/loci-sample.py draws a 5-location itinerary ("Home walk", small
# PNG rooms), `vault import loci` brings it in on Monday 16 November, and
# scripted answers practise it as a person would have:
#
#   16 Nov 08:00 UTC  review, every location:   1=5 2=4 3=3 4=5 5=2
#   17 Nov 08:00 UTC  reverse, all but 5:        1=5 2=4 3=2 (typed 4: wrong) 4=5
#
# so on the reference date (18 Nov 09:00 UTC) locations 3 and 5 are due.
# Usage: scripts/example-loci.sh [EXAMPLE_VAULT] [VAULT_BINARY] (example-ledger.sh calls it).
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
vault_dir="$(cd "${1:-$here/ExampleVault}" && pwd)"
bin="${2:-$here/.build/debug/vault}"
json="$(mktemp -d)/home-walk.json"
python3 "$here/scripts/loci-sample.py" "$json" --locations 5
v() { VAULT_NOW="$1" "$bin" --vault "$vault_dir" "${@:2}"; }
v 2026-11-16T07:55:00Z import loci "$json"
v 2026-11-16T08:00:00Z loci review "Home walk" --rate 1=5 2=4 3=3 4=5 5=2
v 2026-11-17T08:00:00Z loci reverse "Home walk" --rate 1=5 2=4 3=2 4=5 --answer 1=1 2=2 3=4 4=4
rm -rf "$(dirname "$json")"
