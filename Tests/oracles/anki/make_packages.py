"""Builds Anki packages with Anki's own API, for vault's import tests.

Usage: python make_packages.py OUT_DIR

Writes OUT_DIR/legacy.apkg (collection.anki21, schema 11, media map as JSON),
OUT_DIR/current.apkg (collection.anki21b, zstd, schema 18, media map as zstd
protobuf), OUT_DIR/current.colpkg, and OUT_DIR/expected.json: every note and
card as Anki holds them, with each card's rating count, so the test compares
what vault imported with what Anki wrote. OUT_DIR/refuse-*.apkg are packages
vault must refuse: not a zip, no collection, a newer package version, a newer
schema, a zip bomb, a media name with '..', a damaged database.
"""

import json
import os
import sqlite3
import sys
import tempfile
import zipfile

from anki.collection import Collection, ExportAnkiPackageOptions
from anki.import_export_pb2 import ExportLimit

PNG = bytes.fromhex(
    "89504e470d0a1a0a0000000d4948445200000001000000010806000000"
    "1f15c4890000000d49444154789c6360f80f0000010101005a4d6e8b0000000049454e44ae426082"
)
MP3 = b"ID3\x03\x00\x00\x00\x00\x00\x0fvault-test-sound"
DAY = 86_400_000


def build(folder):
    col = Collection(os.path.join(folder, "collection.anki2"))
    models = col.models
    french = col.decks.id("Languages::French")
    capitals = col.decks.id("Geography")
    vocab_deck = col.decks.id("Languages::French::Vocabulary")

    def add(model_name, fields, deck, tags=()):
        note = col.new_note(models.by_name(model_name))
        for key, value in fields.items():
            note[key] = value
        note.tags = list(tags)
        col.add_note(note, deck)
        return note

    basic = add("Basic", {"Front": "Capital of <b>France</b>?", "Back": "Paris"}, capitals, ["geo::europe", "capitals"])
    add("Basic", {"Front": "Two lines<br>of question", "Back": "and <i>two</i><br>of answer"}, capitals)
    reversed_note = add("Basic (and reversed card)", {"Front": "chien", "Back": "dog"}, french, ["animals"])
    cloze = add(
        "Cloze",
        {"Text": "{{c1::Paris}} is the capital of {{c2::France::country}}, and {{c1::Lyon}} is its third city.",
         "Back Extra": "See the <a href=\"https://example.org/fr\">map</a>."},
        french,
        ["geo::europe"],
    )
    media_name = col.media.write_data("eiffel.png", PNG)
    sound_name = col.media.write_data("bonjour.mp3", MP3)
    add("Basic", {"Front": f"Where is this? <img src=\"{media_name}\">", "Back": f"Paris [sound:{sound_name}]"}, french)

    model = models.new("Vocab")
    for name in ["Word", "Meaning", "Example"]:
        models.add_field(model, models.new_field(name))
    recognise = models.new_template("Recognise")
    recognise["qfmt"] = "{{Word}}"
    recognise["afmt"] = "{{FrontSide}}<hr id=answer>{{Meaning}}{{#Example}}<br><i>{{Example}}</i>{{/Example}}"
    models.add_template(model, recognise)
    produce = models.new_template("Produce")
    produce["qfmt"] = "{{Meaning}}{{^Example}} (no example){{/Example}}"
    produce["afmt"] = "{{FrontSide}}<hr id=answer>{{Word}}"
    models.add_template(model, produce)
    models.add(model)
    add("Vocab", {"Word": "maison", "Meaning": "house", "Example": "La maison est grande."}, vocab_deck, ["vocab"])
    add("Vocab", {"Word": "chat", "Meaning": "cat", "Example": ""}, vocab_deck, ["vocab"])

    cards = {c: col.get_card(c) for c in col.find_cards("")}
    # Suspended and buried.
    rev_card = reversed_note.cards()
    col.sched.suspend_cards([rev_card[1].id])
    col.sched.bury_cards([cloze.cards()[1].id], manual=True)

    # A history: learning, review, relearning, a manual reset, learning again.
    card = basic.cards()[0]
    start = 1_767_225_600_000  # 2026-01-01T00:00:00Z
    rows = [
        (start, 3, 0, 0), (start + 600_000, 3, 0, 0), (start + DAY, 3, 1, 1),
        (start + 4 * DAY, 1, 1, 1), (start + 4 * DAY + 600_000, 3, 2, 2),
        (start + 6 * DAY, 0, 0, 4), (start + 7 * DAY, 2, 0, 0), (start + 7 * DAY + 60_000, 4, 0, 0),
    ]
    for when, ease, ivl, kind in rows:
        col.db.execute(
            "insert into revlog (id, cid, usn, ease, ivl, lastIvl, factor, time, type) values (?,?,?,?,?,?,?,?,?)",
            when, card.id, -1, ease, ivl, 0, 2500 if kind else 0, 4_000 + ease * 1000, kind)
    col.db.execute("update cards set type = 2, queue = 2, ivl = 3, due = ? where id = ?", col.sched.today + 3, card.id)
    # One answer through the scheduler itself.
    other = reversed_note.cards()[0]
    states = col._backend.get_scheduling_states(other.id)
    answered = col.get_card(other.id)
    answered.start_timer()
    col.sched.answer_card(col.sched.build_answer(card=answered, states=states, rating=3))
    # Then Anki's own "Forget": a manual revlog row, and the card new again.
    col.sched.schedule_cards_as_new([other.id])
    return col


def expected(col):
    decks = {d.id: d.name for d in col.decks.all_names_and_ids()}
    notes = []
    for nid in col.find_notes(""):
        note = col.get_note(nid)
        cards = []
        for card in note.cards():
            ratings = col.db.scalar("select count() from revlog where cid = ? and ease between 1 and 4", card.id)
            resets = col.db.scalar("select count() from revlog where cid = ? and type in (4, 5)", card.id)
            cards.append({"ord": card.ord, "deck": decks[card.did], "type": card.type, "queue": card.queue, "ratings": ratings,
                          "resets": resets, "question": card.question(), "answer": card.answer()})
        notes.append({"guid": note.guid, "id": note.id, "type": note.note_type()["name"],
                      "fields": dict(note.items()), "tags": note.tags, "cards": cards})
    return {"notes": notes}


def refusals(out):
    legacy = os.path.join(out, "legacy.apkg")
    with zipfile.ZipFile(legacy) as z:
        collection = z.read("collection.anki21")

    def package(name, entries, method=zipfile.ZIP_STORED):
        with zipfile.ZipFile(os.path.join(out, name), "w", method) as z:
            for entry, data in entries.items():
                z.writestr(entry, data)

    with open(os.path.join(out, "refuse-not-zip.apkg"), "w") as f:
        f.write("PK but not a zip at all\n" * 3)
    package("refuse-no-collection.apkg", {"readme.txt": b"hello"})
    package("refuse-newer-package.apkg", {"meta": b"\x08\x09", "collection.anki21b": b"x"})
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "c.db")
        with open(path, "wb") as f:
            f.write(collection)
        db = sqlite3.connect(path)
        db.execute("update col set ver = 99")
        db.commit()
        db.close()
        with open(path, "rb") as f:
            newer = f.read()
    package("refuse-newer-schema.apkg", {"meta": b"\x08\x02", "collection.anki21": newer, "media": b"{}"})
    package("refuse-zip-bomb.apkg", {"meta": b"\x08\x02", "collection.anki21": b"\0" * (64 << 20), "media": b"{}"},
            zipfile.ZIP_DEFLATED)
    package("refuse-media-name.apkg", {"meta": b"\x08\x02", "collection.anki21": collection,
                                       "media": json.dumps({"0": "../escape.png"}), "0": PNG})
    package("refuse-corrupt.apkg", {"meta": b"\x08\x02", "collection.anki21": b"SQLite format 3\0" + b"\xff" * 4096,
                                    "media": b"{}"})


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    with tempfile.TemporaryDirectory() as folder:
        col = build(folder)
        with open(os.path.join(out, "expected.json"), "w") as f:
            json.dump(expected(col), f, indent=1, sort_keys=True)
        for name, legacy in [("legacy.apkg", True), ("current.apkg", False)]:
            col.export_anki_package(
                out_path=os.path.join(out, name),
                options=ExportAnkiPackageOptions(with_scheduling=True, with_deck_configs=True, with_media=True, legacy=legacy),
                limit=ExportLimit(whole_collection={}))
        col.export_collection_package(os.path.join(out, "current.colpkg"), include_media=True, legacy=False)
        col.close()
        with open(os.path.join(out, "eiffel.png"), "wb") as f:
            f.write(PNG)
    refusals(out)


if __name__ == "__main__":
    main()
