#!/usr/bin/env bash
# An adopted vault: N notes with no front matter and no date in their names,
# in a git repository whose commits give them their created dates (100
# commits over three years). Prints the directory. Made once and reused:
#
#   benchmarks/adopt_bench.sh DIR [NOTES]
set -euo pipefail
dir=$1
notes=${2:-100000}
[ -d "$dir/.git" ] && { echo "$dir"; exit 0; }
mkdir -p "$dir"
python3 - "$dir" "$notes" <<'PY'
import os, sys
root, n = sys.argv[1], int(sys.argv[2])
words = "memory habit review spacing sleep focus systems practice recall notes".split()
for i in range(n):
    folder = os.path.join(root, f"topic-{i % 100:02d}", f"sub-{(i // 100) % 10}")
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, f"note {i}.md"), "w") as f:
        f.write(f"Some words about {words[i % 10]} and {words[(i * 7) % 10]}.\n\n- a [[note {(i * 13) % n}]] link\n")
PY
cd "$dir"
git init -q .
git config user.name bench
git config user.email bench@localhost
# 100 commits, one per topic folder, a week and a half apart from 2023-11-01.
for t in $(seq -w 0 99); do
    d=$(date -u -d "2023-11-01 + $((10#$t * 11)) days" +%Y-%m-%dT12:00:00Z)
    git add "topic-$t"
    GIT_AUTHOR_DATE=$d GIT_COMMITTER_DATE=$d git commit -q -m "topic $t"
done
echo "$dir"
