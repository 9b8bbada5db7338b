"""Writes a large Anki package for `vault import anki`'s bench row.

Usage: python anki_collection.py OUT.apkg [--notes 20000] [--reviews 500000] [--legacy]

Anki's own API makes the collection and exports it (current format unless
--legacy); the notes, cards and review log are inserted in bulk: half the
notes: 3 in 10 Basic (one card), 4 in 10 Basic and reversed (two cards),
3 in 10 Cloze with c1, c2 and c3 (three cards), so 20,000 notes give 40,000
cards, spread over 20 nested decks; the reviews over a year, ratings 1-4.
"""

import argparse
import os
import random
import tempfile

from anki.collection import Collection, ExportAnkiPackageOptions
from anki.import_export_pb2 import ExportLimit


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("out")
    parser.add_argument("--notes", type=int, default=20000)
    parser.add_argument("--reviews", type=int, default=500000)
    parser.add_argument("--legacy", action="store_true")
    args = parser.parse_args()
    rng = random.Random(33)
    with tempfile.TemporaryDirectory() as folder:
        col = Collection(os.path.join(folder, "collection.anki2"))
        kinds = [col.models.by_name(n) for n in ["Basic", "Basic (and reversed card)", "Cloze"]]
        decks = [col.decks.id(f"Bench::Part {i // 5}::Deck {i}") for i in range(20)]
        start = 1_735_689_600_000  # 2025-01-01
        note_rows, card_rows = [], []
        cid = start
        for i in range(args.notes):
            nid = start + i
            kind = kinds[0] if i % 10 < 3 else kinds[1] if i % 10 < 7 else kinds[2]
            if kind["type"] == 1:
                fields = (f"{{{{c1::Word {i}}}}} sits beside {{{{c2::word {i + 1}::next}}}} and"
                          f" {{{{c3::word {i + 2}}}}} in line {i}\x1fextra {i}")
                ords = [0, 1, 2]
            else:
                fields = f"Question <b>{i}</b> about topic {i % 97}?\x1fAnswer {i} with <i>detail</i>"
                ords = [0] if kind is kinds[0] else [0, 1]
            note_rows.append((nid, f"g{i:08d}", kind["id"], 0, -1, f" bench t{i % 50} ", fields, f"Question {i}", 0, 0, ""))
            for o in ords:
                cid += 1
                card_rows.append((cid, nid, decks[i % 20], o, 0, -1, 2, 2, 100 + i % 200, 10, 2500, 5, 0, 0, 0, 0, 0, ""))
        col.db.executemany(
            "insert into notes (id, guid, mid, mod, usn, tags, flds, sfld, csum, flags, data) values (?,?,?,?,?,?,?,?,?,?,?)",
            note_rows)
        col.db.executemany(
            "insert into cards (id, nid, did, ord, mod, usn, type, queue, due, ivl, factor, reps, lapses, left, odue,"
            " odid, flags, data) values (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)", card_rows)
        card_ids = [row[0] for row in card_rows]
        review_rows = []
        moment = start
        step = (365 * 86_400_000) // max(1, args.reviews)
        for r in range(args.reviews):
            moment += step
            review_rows.append((moment, rng.choice(card_ids), -1, rng.choice([1, 2, 3, 3, 3, 4]), 10, 5, 2500,
                                rng.randint(1500, 20000), rng.choice([0, 1, 1, 1, 2])))
        col.db.executemany(
            "insert into revlog (id, cid, usn, ease, ivl, lastIvl, factor, time, type) values (?,?,?,?,?,?,?,?,?)",
            review_rows)
        col.export_anki_package(
            out_path=os.path.abspath(args.out),
            options=ExportAnkiPackageOptions(with_scheduling=True, with_deck_configs=False, with_media=False,
                                             legacy=args.legacy),
            limit=ExportLimit(whole_collection={}))
        print(f"{len(note_rows)} notes, {len(card_rows)} cards, {len(review_rows)} reviews -> {args.out}")
        col.close()


if __name__ == "__main__":
    main()
