#!/usr/bin/env python3
"""Writes landscape.png (96×64 px, RGBA) for the gallery scene: a sky gradient, a sun and two hills.

Standard library only (zlib + struct), so the asset can be regenerated on any machine:
    python3 Scenes/assets/make-landscape.py
The picture is wider than tall (3:2) so that fit, fill and natural size look different.
"""
import math
import os
import struct
import zlib

W, H = 96, 64


def mix(a, b, f):
    return tuple(round(x + (y - x) * f) for x, y in zip(a, b))


def pixel(x, y):
    # Sky: deep blue at the top to warm orange at the horizon.
    sky = mix((40, 60, 140), (250, 170, 90), y / (H - 1))
    # Sun: a disc of radius 10 px, with a 2 px soft edge.
    d = ((x - 62) ** 2 + (y - 30) ** 2) ** 0.5
    if d < 12:
        sky = mix((255, 240, 180), sky, max(0.0, min(1.0, (d - 10) / 2)))
    # Two hills (sine ridges), the nearer one darker.
    far = 44 + 6 * math.sin(x / 9.0)
    near = 52 + 5 * math.sin(x / 13.0 + 2.0)
    if y >= near:
        return (30, 70, 50, 255)
    if y >= far:
        return (60, 110, 80, 255)
    return sky + (255,)


def chunk(kind, data):
    c = struct.pack(">I", len(data)) + kind + data
    return c + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


rows = b"".join(b"\x00" + bytes(v for x in range(W) for v in pixel(x, y)) for y in range(H))
png = (b"\x89PNG\r\n\x1a\n"
       + chunk(b"IHDR", struct.pack(">IIBBBBB", W, H, 8, 6, 0, 0, 0))
       + chunk(b"IDAT", zlib.compress(rows, 9))
       + chunk(b"IEND", b""))
out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "landscape.png")
with open(out, "wb") as f:
    f.write(png)
print(out)
