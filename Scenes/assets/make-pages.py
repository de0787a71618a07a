#!/usr/bin/env python3
"""Writes page-1.png … page-4.png (360×780 px, opaque) for Scenes/peek-edges.json and Scenes/connect-dots.json:
four made-up landscapes, each a sky gradient, a sun or moon and three layers of hills, in its own palette
(dawn, noon sea, dusk, night), so that a designer can tell the pages apart at a glance, even as miniatures.

Needs Pillow:
    python3 Scenes/assets/make-pages.py
"""
import math
import os

from PIL import Image, ImageDraw, ImageFilter

W, H = 360, 780
HERE = os.path.dirname(os.path.abspath(__file__))

PALETTES = [
    # sky top, sky bottom, sun, hills far → near
    ((255, 183, 148), (255, 236, 200), (255, 250, 235), [(236, 140, 120), (196, 96, 104), (120, 58, 88)]),
    ((64, 156, 255), (180, 226, 255), (255, 255, 240), [(90, 200, 220), (40, 150, 190), (16, 96, 140)]),
    ((88, 60, 160), (255, 140, 110), (255, 210, 120), [(170, 80, 130), (110, 50, 110), (50, 26, 70)]),
    ((10, 16, 48), (40, 60, 120), (230, 236, 255), [(40, 70, 110), (24, 46, 80), (10, 24, 48)]),
]


def mix(a, b, f):
    return tuple(round(x + (y - x) * f) for x, y in zip(a, b))


def page(n):
    top, bottom, sun, hills = PALETTES[n]
    img = Image.new("RGB", (W, H))
    px = img.load()
    for y in range(H):
        c = mix(top, bottom, min(1.0, y / (H * 0.62)))
        for x in range(W):
            px[x, y] = c
    d = ImageDraw.Draw(img)
    # Sun (or moon): a disc with a soft halo.
    cx, cy, r = [(250, 250, 46), (110, 190, 40), (180, 380, 60), (90, 170, 30)][n]
    halo = Image.new("L", (W, H), 0)
    ImageDraw.Draw(halo).ellipse((cx - 2.2 * r, cy - 2.2 * r, cx + 2.2 * r, cy + 2.2 * r), fill=90)
    halo = halo.filter(ImageFilter.GaussianBlur(r * 0.6))
    img.paste(Image.new("RGB", (W, H), sun), (0, 0), halo)
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=sun)
    if n == 3:
        # Stars.
        seed = 12345
        for k in range(70):
            # A small linear congruential generator: the same stars on every machine.
            seed = (seed * 1103515245 + 12345) % (1 << 31)
            sx = seed % W
            seed = (seed * 1103515245 + 12345) % (1 << 31)
            sy = seed % int(H * 0.5)
            d.ellipse((sx - 1, sy - 1, sx + 1, sy + 1), fill=(220, 226, 255))
    # Three ridges of hills, far to near, each a sum of two sines.
    for layer, colour in enumerate(hills):
        base = H * (0.55 + 0.12 * layer)
        amp = 26 - 4 * layer
        pts = [(x, base + amp * math.sin(x / (40 + 13 * layer) + n * 1.7 + layer)
                + 0.5 * amp * math.sin(x / 17.0 + layer * 2.3)) for x in range(0, W + 1, 4)]
        d.polygon(pts + [(W, H), (0, H)], fill=colour)
    return img


if __name__ == "__main__":
    for n in range(4):
        page(n).save(os.path.join(HERE, f"page-{n + 1}.png"), optimize=True)
