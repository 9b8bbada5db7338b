#!/usr/bin/env python3
"""Append N study sessions (ledger kind `session`, docs/FORMAT.md) and a goal
to a vault's ledger, and two subjects to its config.

Usage: session_events.py VAULT [--sessions 50000] [--seed 1]

Sessions of 20-120 minutes, two subjects, spread over the three years
before 2026-11-18, each with questions; one goal per subject; a review done
for one session in ten. Written by one device of its own, in time order,
appended to the per-year files (created with their header when missing).
The same arguments give the same lines.
"""
import argparse
import datetime as dt
import os
import random
import uuid

ap = argparse.ArgumentParser()
ap.add_argument("vault")
ap.add_argument("--sessions", type=int, default=50_000)
ap.add_argument("--seed", type=int, default=1)
a = ap.parse_args()
rng = random.Random(a.seed)
utc = dt.timezone.utc
end = dt.datetime(2026, 11, 18, 9, tzinfo=utc)
start = end - dt.timedelta(days=3 * 365)
span = (end - start).total_seconds()
subjects = ["Statistics", "Spanish"]

config = os.path.join(a.vault, ".vault", "config.yml")
with open(config, encoding="utf-8") as f:
    text = f.read()
if "\nsubjects:" not in text:
    with open(config, "a", encoding="utf-8") as f:
        f.write(("" if text.endswith("\n") else "\n") + "subjects:\n" + "".join("  - name: %s\n    color: \"#888888\"\n" % s for s in subjects))

def stamp(t):
    return t.astimezone(utc).strftime("%Y-%m-%dT%H:%M:%S.") + "%03dZ" % (t.microsecond // 1000)

events = []
for s in subjects:
    events.append((start, "goal", [("goal", str(uuid.UUID(int=rng.getrandbits(128)))), ("subject", s), ("hours", "5000"), ("by", "2026-12-31")]))
for _ in range(a.sessions):
    begin = start + dt.timedelta(seconds=rng.random() * span)
    minutes = rng.randint(20, 120)
    questions = rng.randint(0, 30)
    sid = str(uuid.UUID(int=rng.getrandbits(128)))
    entered = begin + dt.timedelta(minutes=minutes + 1)
    events.append((entered, "session", [("session", sid), ("subject", rng.choice(subjects)), ("start", stamp(begin)), ("minutes", str(minutes)), ("questions", str(questions)), ("correct", str(rng.randint(0, questions)))]))
    if rng.random() < 0.1:
        events.append((entered + dt.timedelta(days=1), "session-review", [("session", sid), ("result", rng.choice(["easy", "ok", "hard"]))]))
events.sort(key=lambda e: e[0])
folder = os.path.join(a.vault, ".vault", "ledger")
os.makedirs(folder, exist_ok=True)
device = "5e55105e5510"
files = {}
for seq, (t, kind, fields) in enumerate(events, 1):
    year = t.year
    if year not in files:
        path = os.path.join(folder, "%d.log" % year)
        new = not os.path.exists(path)
        files[year] = open(path, "a", encoding="utf-8")
        if new:
            files[year].write("# vault-ledger v1\n")
    files[year].write("\t".join([stamp(t), device, str(seq), kind] + ["%s=%s" % kv for kv in fields]) + "\n")
for f in files.values():
    f.close()
print("appended %d events (%d sessions) to %s" % (len(events), a.sessions, folder))
