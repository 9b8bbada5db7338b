#!/usr/bin/env python3
"""Writes a LociApp itinerary file (JSON with base64 PNG pictures) for demos,
tests and benchmarks: `loci-sample.py OUT.json [--locations N] [--kb K] [--name NAME]`.

Each picture is a small PNG drawn here (a coloured room with a door and a
window, different per location); with --kb K each is padded with noise to
about K kilobytes (stored, not compressed), for the import benchmark.
"""
import argparse, base64, json, random, struct, zlib

def png(width, height, pixel, stored=False):
    rows = b"".join(b"\x00" + b"".join(bytes(pixel(x, y)) for x in range(width)) for y in range(height))
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows, 0 if stored else 9)) + chunk(b"IEND", b"")

def room(seq, kb):
    rnd = random.Random(seq)
    wall = (rnd.randrange(90, 230), rnd.randrange(90, 230), rnd.randrange(90, 230))
    floor = tuple(c // 2 for c in wall)
    if kb:
        side = int((kb * 1024 / 3) ** 0.5)
        return png(side, side, lambda x, y: (rnd.randrange(256), rnd.randrange(256), rnd.randrange(256)), stored=True)
    def pixel(x, y):
        if y > 22: return floor
        if 6 <= x <= 14 and 8 <= y <= 22: return (90, 60, 30)          # the door
        if 28 <= x <= 40 and 6 <= y <= 14: return (170, 210, 250)      # the window
        return wall
    return png(48, 32, pixel)

def main():
    p = argparse.ArgumentParser()
    p.add_argument("out")
    p.add_argument("--locations", type=int, default=5)
    p.add_argument("--kb", type=int, default=0)
    p.add_argument("--name", default="Home walk")
    a = p.parse_args()
    names = ["Front door", "Hall mirror", "Kitchen table", "Garden bench", "Garage", "Attic window", "Cellar stairs"]
    def image(seq):
        return {"format": "base64", "data": "data:image/png;base64," + base64.b64encode(room(seq, a.kb)).decode()}
    locations = [{
        "name": names[i] if i < len(names) else f"Room {i + 1}",
        "description": f"Stop {i + 1} of the walk." if i >= len(names) else
            ["Open it with the key under the mat.", "Your reflection waves back.", "Four chairs, one wobbles.",
             "Wet with dew in the morning.", "Smells of oil and rain.", "The whole street from above.",
             "Thirteen steps down, count them."][i],
        "sequence": i + 1, "image": image(i + 1)} for i in range(a.locations)]
    doc = {"itineraries": [{"name": a.name, "description": "The walk through the house, front door first.",
                            "image": image(0), "locations": locations}]}
    with open(a.out, "w") as f:
        json.dump(doc, f, indent=1)

main()
