"""Anki's side of `vault export anki` and the way back, with PyPI's anki.

Usage:
  python roundtrip.py inspect PACKAGE OUT.json
      Imports PACKAGE into a fresh collection (col.import_anki_package) and
      writes every note and card as Anki holds them: guid, fields, deck,
      type, queue, due date (a date for review cards), interval, reps,
      lapses, memory state and the card's review log rows.
  python roundtrip.py study PACKAGE OUT.apkg OUT.json COUNT
      Imports PACKAGE, answers COUNT due or new cards with Anki's own
      scheduler (col.sched.answer_card, Good), exports the collection with
      col.export_anki_package (with scheduling) and writes which cards were
      answered and the revlog ids of those answers.
  python roundtrip.py edit PACKAGE OUT.apkg GUID FIELD TEXT
      Imports PACKAGE, sets field FIELD of the note GUID to TEXT, exports.
  python roundtrip.py set-due OUT.apkg OUT.json
      Builds a collection of review cards (answered over weeks) whose due
      date is then set by hand (col.sched.set_due_date), and exports it.
  python roundtrip.py table OUT.apkg
      A Basic note whose answer is an HTML table, one whose answer holds
      [sound:…], one with <br>, and a "Basic (type in the answer)" note, each answered once.

Anki computes days in the process's zone: run it with TZ set to the vault's.
"""

import datetime
import json
import os
import sys
import tempfile

from anki.collection import Collection, ExportAnkiPackageOptions, ImportAnkiPackageOptions, ImportAnkiPackageRequest
from anki.import_export_pb2 import ExportLimit

DAY = 86_400_000


def fresh(folder):
    return Collection(os.path.join(folder, "collection.anki2"))


def import_package(col, path):
    request = ImportAnkiPackageRequest(
        package_path=path,
        options=ImportAnkiPackageOptions(with_scheduling=True, with_deck_configs=False, merge_notetypes=False))
    return col.import_anki_package(request)


def export(col, path):
    col.export_anki_package(
        out_path=os.path.abspath(path),
        options=ExportAnkiPackageOptions(with_scheduling=True, with_deck_configs=False, with_media=True, legacy=False),
        limit=ExportLimit(whole_collection={}))


def due_date(col, card):
    """The calendar date a review card is due on (day numbers counted from Anki's today).

    Anki's day starts at its rollover hour (4 a.m.), so between midnight and then its
    today is yesterday's date: the date is read from the start of Anki's day, not the clock.
    """
    if card.queue in (2, 3) or (card.type == 2 and card.queue < 0):
        anki_today = datetime.datetime.fromtimestamp(col.sched.day_cutoff - 86_400).date()
        return (anki_today + datetime.timedelta(days=card.due - col.sched.today)).isoformat()
    if card.queue == 1:
        return datetime.datetime.fromtimestamp(card.due).date().isoformat()
    return None


def describe(col):
    decks = {d.id: d.name for d in col.decks.all_names_and_ids()}
    notes = []
    for nid in col.find_notes(""):
        note = col.get_note(nid)
        cards = []
        for card in note.cards():
            rows = col.db.all(
                "select id, ease, ivl, lastIvl, factor, time, type from revlog where cid = ? order by id", card.id)
            memory = card.memory_state
            cards.append({
                "id": card.id, "ord": card.ord, "deck": decks[card.did], "type": card.type, "queue": card.queue,
                "due": due_date(col, card), "ivl": card.ivl, "factor": card.factor, "reps": card.reps,
                "lapses": card.lapses, "stability": memory.stability if memory else None,
                "difficulty": memory.difficulty if memory else None,
                "question": card.question(), "answer": card.answer(),
                "revlog": [{"id": r[0], "ease": r[1], "ivl": r[2], "lastIvl": r[3], "factor": r[4], "time": r[5],
                            "type": r[6]} for r in rows],
            })
        notes.append({"guid": note.guid, "type": note.note_type()["name"], "fields": list(note.fields),
                      "tags": note.tags, "cards": cards})
    return {"notes": notes, "card_count": col.card_count(), "note_count": col.note_count(),
            "revlog_count": col.db.scalar("select count() from revlog")}


def inspect(package, out):
    with tempfile.TemporaryDirectory() as folder:
        col = fresh(folder)
        result = import_package(col, package)
        data = describe(col)
        data["imported"] = {"new": len(result.log.new), "updated": len(result.log.updated),
                            "duplicate": len(result.log.duplicate), "conflicting": len(result.log.conflicting)}
        col.close()
    with open(out, "w") as f:
        json.dump(data, f, indent=1, sort_keys=True)


GOOD = 2  # CardAnswer.Rating: 0 again, 1 hard, 2 good, 3 easy


def answer(col, card_id, rating):
    card = col.get_card(card_id)
    card.start_timer()
    states = col._backend.get_scheduling_states(card.id)
    col.sched.answer_card(col.sched.build_answer(card=card, states=states, rating=rating))


def study(package, out, report, count):
    with tempfile.TemporaryDirectory() as folder:
        col = fresh(folder)
        import_package(col, package)
        before = col.db.scalar("select coalesce(max(id), 0) from revlog")
        # Review cards first (due ones, then any), then new ones: Anki's own queue order is not the point.
        reviews = list(col.find_cards("is:review"))
        new = list(col.find_cards("is:new"))
        chosen = (reviews + new)[:count]
        answered = []
        for cid in chosen:
            answer(col, cid, GOOD)
            card = col.get_card(cid)
            answered.append({"guid": card.note().guid, "ord": card.ord})
        rows = col.db.list("select id from revlog where id > ? order by id", before)
        export(col, out)
        col.close()
    with open(report, "w") as f:
        json.dump({"answered": answered, "revlog_ids": rows}, f, indent=1)


def edit(package, out, guid, field, text):
    with tempfile.TemporaryDirectory() as folder:
        col = fresh(folder)
        import_package(col, package)
        note = col.get_note(col.db.scalar("select id from notes where guid = ?", guid))
        note.fields[int(field)] = text
        col.update_note(note)
        export(col, out)
        col.close()


def set_due(out, report):
    with tempfile.TemporaryDirectory() as folder:
        col = fresh(folder)
        deck = col.decks.id("Scheduled")
        ids = []
        for i in range(3):
            note = col.new_note(col.models.by_name("Basic"))
            note["Front"] = f"Set due question {i}"
            note["Back"] = f"answer {i}"
            col.add_note(note, deck)
            ids.append(note.cards()[0].id)
        # A history over weeks: each card answered Good four times, days apart, as Anki itself logs it.
        start = int(datetime.datetime(2026, 9, 1, 10, 0).timestamp() * 1000)
        for n, cid in enumerate(ids):
            for k, (days, ivl, kind) in enumerate([(0, 1, 0), (1, 3, 1), (4, 8, 1), (12, 20, 1)]):
                col.db.execute(
                    "insert into revlog (id, cid, usn, ease, ivl, lastIvl, factor, time, type) values (?,?,?,?,?,?,?,?,?)",
                    start + n * 1000 + days * DAY, cid, -1, 3, ivl, 0, 2500, 5000, kind)
            col.db.execute("update cards set type = 2, queue = 2, ivl = 20, factor = 2500, reps = 4, due = ? where id = ?",
                           col.sched.today + 5, cid)
        # Then "Set due date" (a manual row with the card's factor), as a person does it.
        col.sched.set_due_date(ids, "7")
        export(col, out)
        cards = [{"id": cid, "due": due_date(col, col.get_card(cid)), "type": col.get_card(cid).type} for cid in ids]
        manual = col.db.all("select id, factor, type, ease from revlog where type = 4")
        col.close()
    with open(report, "w") as f:
        json.dump({"cards": cards, "manual": manual}, f, indent=1)


def table(out):
    with tempfile.TemporaryDirectory() as folder:
        col = fresh(folder)
        deck = col.decks.id("Shapes")
        basic = col.models.by_name("Basic")

        def add(model, fields):
            note = col.new_note(model)
            for key, value in fields.items():
                note[key] = value
            col.add_note(note, deck)
            return note

        add(basic, {"Front": "Which shapes have how many sides?",
                    "Back": "<table><tr><th>Shape</th><th>Sides</th></tr><tr><td>Triangle</td><td>3</td></tr>"
                            "<tr><td>Square</td><td>4</td></tr></table>"})
        sound = col.media.write_data("bonjour.mp3", b"ID3\x03\x00\x00\x00\x00\x00\x0fvault-test-sound")
        add(basic, {"Front": "How does one greet in French?", "Back": f"Bonjour [sound:{sound}]"})
        add(col.models.by_name("Basic (and reversed card)"), {"Front": "two<br>lines", "Back": "deux<br>lignes"})
        add(col.models.by_name("Basic (type in the answer)"), {"Front": "Capital of Italy?", "Back": "Rome"})
        for cid in col.find_cards(""):
            answer(col, cid, GOOD)
        export(col, out)
        col.close()


def main():
    command = sys.argv[1]
    if command == "inspect":
        inspect(sys.argv[2], sys.argv[3])
    elif command == "study":
        study(sys.argv[2], sys.argv[3], sys.argv[4], int(sys.argv[5]))
    elif command == "edit":
        edit(sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5], sys.argv[6])
    elif command == "set-due":
        set_due(sys.argv[2], sys.argv[3])
    elif command == "table":
        table(sys.argv[2])
    else:
        raise SystemExit(f"unknown command {command}")


if __name__ == "__main__":
    main()
