#!/usr/bin/env python3
"""Write N ledger events (format v1, docs/FORMAT.md) into a vault's .vault/ledger/.

Usage: ledger_events.py VAULT [--events 1000000] [--devices 3] [--seed 1]

Made for the bench vault of ../shared/bench/make_vault.py (whose notes have
ids): every note gets a weekly curate decision for its ISO week (keep or
archive), kept notes a monthly one, monthly ones a yearly one, in the vault's
time zone; a share of finish events; the rest, up to N, are `rate` events
(flashcard ratings: a kind the curation replay reads past, as it will in a
real vault where ratings are the bulk). Events are spread over the notes'
time span, written in time order, one file per UTC year, by a few devices
with increasing sequence numbers. The same arguments give the same files.
"""
import argparse
import datetime as dt
import os
import random
import re
import sys
from zoneinfo import ZoneInfo


def note_ids(vault):
    """(id, created) of every note, from the first lines of its front matter."""
    found = []
    for folder, dirs, files in os.walk(vault):
        dirs[:] = [d for d in dirs if not d.startswith(".")]
        for name in files:
            if not name.endswith(".md"):
                continue
            with open(os.path.join(folder, name), "r", encoding="utf-8", errors="replace") as f:
                head = f.read(400)
            m_id = re.search(r"^id: *(\S+)", head, re.M)
            m_created = re.search(r"^created: *(\S+)", head, re.M)
            if m_id and m_created:
                created = dt.datetime.fromisoformat(m_created.group(1).replace("Z", "+00:00"))
                found.append((m_id.group(1), created))
    found.sort(key=lambda x: x[1])
    return found


def vault_zone(vault):
    try:
        with open(os.path.join(vault, ".vault", "config.yml"), encoding="utf-8") as f:
            m = re.search(r"^timezone: *(\S+)", f.read(), re.M)
            return ZoneInfo(m.group(1)) if m else ZoneInfo("UTC")
    except FileNotFoundError:
        return ZoneInfo("UTC")


def fmt_time(t, zone):
    local = t.astimezone(zone)
    off = int(local.utcoffset().total_seconds())
    zone_text = "Z" if off == 0 else "%s%02d:%02d" % ("-" if off < 0 else "+", abs(off) // 3600, abs(off) % 3600 // 60)
    return local.strftime("%Y-%m-%dT%H:%M:%S.") + "%03d" % (local.microsecond // 1000) + zone_text


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("vault")
    ap.add_argument("--events", type=int, default=1_000_000)
    ap.add_argument("--devices", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    rng = random.Random(a.seed)
    zone = vault_zone(a.vault)
    notes = note_ids(a.vault)
    if not notes:
        sys.exit("error: no notes with id and created in %s" % a.vault)
    devices = ["%012x" % rng.getrandbits(48) for _ in range(a.devices)]

    planned = []  # (time, kind, fields)
    for nid, created in notes:
        local = created.astimezone(zone)
        iso = local.isocalendar()
        week_end = created + dt.timedelta(days=7 - iso[2], hours=rng.randint(1, 20))
        keep = rng.random() < 0.6
        planned.append((week_end, "curate", [("note", nid), ("level", "weekly"), ("period", "%04d-W%02d" % (iso[0], iso[1])), ("decision", "keep" if keep else "archive")]))
        if keep and rng.random() < 0.8:
            month_end = (local.replace(day=28) + dt.timedelta(days=4)).replace(day=1, hour=10)
            keep_m = rng.random() < 0.5
            planned.append((month_end, "curate", [("note", nid), ("level", "monthly"), ("period", "%04d-%02d" % (local.year, local.month)), ("decision", "keep" if keep_m else "archive")]))
            if keep_m and rng.random() < 0.7:
                year_end = dt.datetime(local.year + 1, 1, 1, 11, tzinfo=zone)
                planned.append((year_end, "curate", [("note", nid), ("level", "yearly"), ("period", "%04d" % local.year), ("decision", "keep")]))
        if len(planned) >= a.events:
            break
    start, end = notes[0][1], notes[-1][1] + dt.timedelta(days=30)
    span = (end - start).total_seconds()
    while len(planned) < a.events:
        nid = notes[rng.randrange(len(notes))][0]
        t = start + dt.timedelta(seconds=rng.random() * span)
        planned.append((t, "rate", [("card", nid[:8] + "-%d" % rng.randrange(4)), ("rating", rng.choice(["again", "hard", "good", "easy"])), ("ms", str(rng.randint(800, 20000)))]))
    planned = planned[: a.events]
    planned.sort(key=lambda e: e[0])

    folder = os.path.join(a.vault, ".vault", "ledger")
    os.makedirs(folder, exist_ok=True)
    seq = {d: 0 for d in devices}
    files = {}
    for t, kind, fields in planned:
        d = devices[rng.randrange(len(devices))]
        seq[d] += 1
        year = t.astimezone(dt.timezone.utc).year
        if year not in files:
            path = os.path.join(folder, "%d.log" % year)
            files[year] = open(path, "w", encoding="utf-8")
            files[year].write("# vault-ledger v1\n")
        files[year].write("\t".join([fmt_time(t, zone), d, str(seq[d]), kind] + ["%s=%s" % kv for kv in fields]) + "\n")
    for f in files.values():
        f.close()
    print("wrote %d events for %d notes into %s (%s)" % (len(planned), len(notes), folder, ", ".join("%d.log" % y for y in sorted(files))))


if __name__ == "__main__":
    main()
