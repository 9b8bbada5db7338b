"""Builds an Anki package whose card plays a sound, with Anki's own API.

Usage: python sound_package.py OUT_DIR

Writes OUT_DIR/sound.apkg (current format) holding one Basic note in the deck
Listening whose front is "Which note is this? [sound:tone-a4.wav]" and whose
back is "A4", with tone-a4.wav (a quarter second of 440 Hz, 8 kHz mono 16-bit
PCM, made here with Python's wave module) in its media; and OUT_DIR/tone-a4.wav,
the same bytes, for the test to compare what the web app serves against.
"""

import math
import os
import struct
import sys
import tempfile
import wave

from anki.collection import Collection, ExportAnkiPackageOptions
from anki.import_export_pb2 import ExportLimit


def tone(path, hertz=440.0, seconds=0.25, rate=8000):
    with wave.open(path, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(rate)
        frames = b"".join(
            struct.pack("<h", int(12000 * math.sin(2 * math.pi * hertz * i / rate))) for i in range(int(seconds * rate)))
        w.writeframes(frames)
    with open(path, "rb") as f:
        return f.read()


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    wav = tone(os.path.join(out, "tone-a4.wav"))
    with tempfile.TemporaryDirectory() as folder:
        col = Collection(os.path.join(folder, "collection.anki2"))
        deck = col.decks.id("Listening")
        name = col.media.write_data("tone-a4.wav", wav)
        note = col.new_note(col.models.by_name("Basic"))
        note["Front"] = f"Which note is this? [sound:{name}]"
        note["Back"] = "A4"
        col.add_note(note, deck)
        col.export_anki_package(
            out_path=os.path.join(out, "sound.apkg"),
            options=ExportAnkiPackageOptions(with_scheduling=True, with_deck_configs=True, with_media=True, legacy=False),
            limit=ExportLimit(whole_collection={}))
        col.close()


if __name__ == "__main__":
    main()
