#!/usr/bin/env python3
"""Write N flashcard `rate` events (ledger format v1, docs/FORMAT.md) for a vault's real cards.

Usage: card_events.py VAULT CARDS_JSON [--events 1000000] [--devices 3] [--seed 1] [--end 2026-11-17]

CARDS_JSON is the output of `vault cards --json` for VAULT (so the events name
real card ids and note keys). Every event is an fsrs rating written with the
fields `vault study --rate` writes (card, note, scheduler, rating,
response_ms, pos, text, card_kind, then the state before and after), spread
uniformly over the year before --end, in time order, one file per UTC year,
by a few devices with increasing sequence numbers. Existing `*.log` files
are replaced. The same arguments give the same files.
"""
import argparse
import datetime as dt
import json
import os
import random


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("vault")
    ap.add_argument("cards_json")
    ap.add_argument("--events", type=int, default=1_000_000)
    ap.add_argument("--devices", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--end", default="2026-11-17")
    a = ap.parse_args()
    rng = random.Random(a.seed)
    with open(a.cards_json, encoding="utf-8") as f:
        cards = json.load(f)
    if not cards:
        raise SystemExit("error: no cards in %s" % a.cards_json)
    devices = ["%012x" % rng.getrandbits(48) for _ in range(a.devices)]
    end = dt.datetime.fromisoformat(a.end).replace(tzinfo=dt.timezone.utc)
    span = 365 * 86_400
    start = end - dt.timedelta(seconds=span)
    # Seconds since start, sorted: the events' times.
    offsets = sorted(rng.random() * span for _ in range(a.events))
    ratings = ["again", "hard", "good", "good", "good", "easy"]
    folder = os.path.join(a.vault, ".vault", "ledger")
    os.makedirs(folder, exist_ok=True)
    for name in os.listdir(folder):
        if name.endswith(".log"):
            os.remove(os.path.join(folder, name))
    seq = {d: 0 for d in devices}
    files = {}
    for off in offsets:
        t = start + dt.timedelta(seconds=off)
        card = cards[rng.randrange(len(cards))]
        d = devices[rng.randrange(len(devices))]
        seq[d] += 1
        if t.year not in files:
            files[t.year] = open(os.path.join(folder, "%d.log" % t.year), "w", encoding="utf-8")
            files[t.year].write("# vault-ledger v1\n")
        s = rng.uniform(0.5, 60)
        due = (t + dt.timedelta(days=s)).strftime("%Y-%m-%dT%H:%M:%SZ")
        fields = [
            ("card", card["id"]), ("note", card["note"]), ("scheduler", "fsrs"), ("rating", rng.choice(ratings)),
            ("response_ms", str(rng.randint(800, 20000))), ("pos", "0"),
            ("text", card["question"][:60].lower().replace("\t", " ").replace("%", " ").replace("\n", " ")),
            ("card_kind", card["kind"]), ("state_before", "review"), ("step_before", ""),
            ("s_before", "%.4f" % s), ("d_before", "%.6f" % rng.uniform(1, 10)), ("due_before", due),
            ("state_after", "review"), ("step_after", ""), ("s_after", "%.4f" % (s * 1.5)),
            ("d_after", "%.6f" % rng.uniform(1, 10)), ("due_after", due),
        ]
        stamp = t.strftime("%Y-%m-%dT%H:%M:%S.") + "%03dZ" % (t.microsecond // 1000)
        files[t.year].write("\t".join([stamp, d, str(seq[d]), "rate"] + ["%s=%s" % kv for kv in fields]) + "\n")
    for f in files.values():
        f.close()
    print("wrote %d rate events for %d cards into %s" % (a.events, len(cards), folder))


if __name__ == "__main__":
    main()
