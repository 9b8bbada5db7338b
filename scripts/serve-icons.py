#!/usr/bin/env python3
"""Draws vault serve's PNG icons from the shape of Sources/VaultServe/Assets/icon.svg (a blue
rounded square with a white V), with no library: each pixel 4x4-supersampled, written as PNG
with zlib. icon-192.png and icon-512.png (the manifest's), apple-touch-icon.png (180 px, no
rounded corners: iOS rounds them), favicon.ico (a 32 px PNG in an ICO). Run it after changing
the icon; scripts/serve-assets.py then compiles them in."""
import os
import struct
import zlib

ASSETS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Sources", "VaultServe", "Assets")
BLUE = (0x0B, 0x57, 0xD0)
WHITE = (0xFF, 0xFF, 0xFF)
# The V of icon.svg, in its 64-unit box: M16 18h8l8 24 8-24h8L36 48h-8z
V = [(16, 18), (24, 18), (32, 42), (40, 18), (48, 18), (36, 48), (28, 48)]


def inside_polygon(x, y, points):
    hit = False
    j = len(points) - 1
    for i in range(len(points)):
        xi, yi = points[i]
        xj, yj = points[j]
        if (yi > y) != (yj > y) and x < (xj - xi) * (y - yi) / (yj - yi) + xi:
            hit = not hit
        j = i
    return hit


def inside_rounded(x, y, radius):
    if radius == 0:
        return 0 <= x <= 64 and 0 <= y <= 64
    cx = min(max(x, radius), 64 - radius)
    cy = min(max(y, radius), 64 - radius)
    return (x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2


def draw(size, radius=12, samples=4):
    rows = []
    for py in range(size):
        row = bytearray([0])  # filter: none
        for px in range(size):
            r = g = b = a = 0.0
            for sy in range(samples):
                for sx in range(samples):
                    x = (px + (sx + 0.5) / samples) * 64 / size
                    y = (py + (sy + 0.5) / samples) * 64 / size
                    if not inside_rounded(x, y, radius):
                        continue
                    colour = WHITE if inside_polygon(x, y, V) else BLUE
                    r, g, b, a = r + colour[0], g + colour[1], b + colour[2], a + 1
            n = samples * samples
            if a:
                row += bytes([round(r / a), round(g / a), round(b / a), round(255 * a / n)])
            else:
                row += bytes([0, 0, 0, 0])
        rows.append(bytes(row))
    raw = b"".join(rows)

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)  # 8-bit RGBA
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


def ico(png, size):
    entry = struct.pack("<BBBBHHII", size, size, 0, 0, 1, 32, len(png), 6 + 16)
    return struct.pack("<HHH", 0, 1, 1) + entry + png


def main():
    for name, size, radius in (("icon-192.png", 192, 12), ("icon-512.png", 512, 12), ("apple-touch-icon.png", 180, 0)):
        with open(os.path.join(ASSETS, name), "wb") as f:
            f.write(draw(size, radius))
    with open(os.path.join(ASSETS, "favicon.ico"), "wb") as f:
        f.write(ico(draw(32, 12), 32))


if __name__ == "__main__":
    main()
