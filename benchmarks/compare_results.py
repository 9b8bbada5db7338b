#!/usr/bin/env python3
"""Rows of two benchmarks/results.md tables compared by section and label.

Usage: benchmarks/compare_results.py OLD.md NEW.md
(e.g. OLD from `git show 438625c:benchmarks/results.md > /tmp/old.md`).
Prints the rows of NEW more than 10% (and 0.3 units) above OLD, slowest first,
and the rows of OLD that NEW lacks. A repeated section title (the ledger
rows, the lsp rows) is told apart by its place: "1000 notes #2".
"""
import re
import sys


def parse(path):
    rows = {}; section = None; seen = {}
    for line in open(path):
        m = re.match(r"^## (.*)", line)
        if m:
            section = m.group(1).strip()
            seen[section] = seen.get(section, 0) + 1
            if seen[section] > 1: section = f"{section} #{seen[section]}"
            continue
        if section is None or section.startswith("Summary") or not line.startswith("|") or "---" in line: continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) < 2 or cells[0] == "what": continue
        v = re.match(r"^([\d.]+) (ms|MB)", cells[1])
        if v: rows[(section, cells[0])] = (float(v.group(1)), v.group(2), cells[1])
    return rows
old, new = parse(sys.argv[1]), parse(sys.argv[2])
slower = []
for key, (nv, unit, text) in new.items():
    if key not in old: continue
    ov = old[key][0]
    if ov > 0 and nv > ov * 1.10 and nv - ov > 0.3:
        slower.append((key, ov, nv, unit, nv / ov))
print(f"{len(new)} rows now, {len(old)} then, {sum(1 for k in new if k in old)} in both; more than 10% slower: {len(slower)}")
for (section, what), ov, nv, unit, r in sorted(slower, key=lambda x: -x[4]):
    print(f"| {section} | {what} | {ov:g} {unit} | {nv:g} {unit} | {r:.2f}x |")
missing = [k for k in old if k not in new]
print("rows of then not found now:", len(missing))
for k in missing[:40]: print("  ", k)
