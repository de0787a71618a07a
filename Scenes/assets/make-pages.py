#!/usr/bin/env python3
"""Writes page-1.png … page-4.png (780×1690 px, opaque) for Scenes/peek-edges.json and Scenes/connect-dots.json:
four made-up landscapes, each a sky gradient, a sun or moon and three layers of hills, in its own palette
(dawn, noon sea, dusk, night), so that a designer can tell the pages apart at a glance, even as miniatures.

The pictures are made at the pixel size they are shown at: a page fills 390 × 844 pt at scale 2 (780 × 1688 px),
so a 780 px wide picture is never enlarged and its edges never turn into steps. Shapes (hills, sun, stars) are
drawn anti-aliased: each is drawn as a coverage mask at 4 × 4 samples per pixel and reduced by averaging (a box
filter), so an edge pixel gets the fraction of it the shape covers, and the colour is laid through that mask.
The geometry is written in design units of a 360 × 780 page and scaled to pixels.

Needs Pillow (Debian's python3-pil):
    python3 Scenes/assets/make-pages.py
"""
import math
import os

from PIL import Image, ImageDraw, ImageFilter

DW, DH = 360, 780          # design units
W, H = 780, 1690           # pixels: 780 px across, the width a page is shown at (390 pt at scale 2)
K = W / DW                 # pixels per design unit
SS = 4                     # coverage samples per pixel along each axis
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


def coverage(draw):
    """An anti-aliased mask: draw(d, k) draws white on black with k pixels per design unit at SS× the size;
    the box reduction turns each SS × SS block into the fraction of it that was covered."""
    big = Image.new("L", (W * SS, H * SS), 0)
    draw(ImageDraw.Draw(big), K * SS)
    return big.resize((W, H), Image.BOX)


def page(n):
    top, bottom, sun, hills = PALETTES[n]
    img = Image.new("RGB", (W, H))
    d = ImageDraw.Draw(img)
    for y in range(H):
        d.line((0, y, W, y), fill=mix(top, bottom, min(1.0, (y + 0.5) / K / (DH * 0.62))))
    # Sun (or moon): a disc with a soft halo.
    cx, cy, r = [(250, 250, 46), (110, 190, 40), (180, 380, 60), (90, 170, 30)][n]
    halo = Image.new("L", (W, H), 0)
    ImageDraw.Draw(halo).ellipse([v * K for v in (cx - 2.2 * r, cy - 2.2 * r, cx + 2.2 * r, cy + 2.2 * r)], fill=90)
    halo = halo.filter(ImageFilter.GaussianBlur(r * 0.6 * K))
    img.paste(Image.new("RGB", (W, H), sun), (0, 0), halo)
    img.paste(Image.new("RGB", (W, H), sun), (0, 0),
              coverage(lambda m, k: m.ellipse([v * k for v in (cx - r, cy - r, cx + r, cy + r)], fill=255)))
    if n == 3:
        # Stars.
        def stars(m, k):
            seed = 12345
            for _ in range(70):
                # A small linear congruential generator: the same stars on every machine.
                seed = (seed * 1103515245 + 12345) % (1 << 31)
                sx = seed % DW
                seed = (seed * 1103515245 + 12345) % (1 << 31)
                sy = seed % int(DH * 0.5)
                m.ellipse([v * k for v in (sx - 1.2, sy - 1.2, sx + 1.2, sy + 1.2)], fill=255)
        img.paste(Image.new("RGB", (W, H), (220, 226, 255)), (0, 0), coverage(stars))
    # Three ridges of hills, far to near, each a sum of two sines, sampled every half design unit.
    for layer, colour in enumerate(hills):
        base = DH * (0.55 + 0.12 * layer)
        amp = 26 - 4 * layer
        pts = [(x, base + amp * math.sin(x / (40 + 13 * layer) + n * 1.7 + layer)
                + 0.5 * amp * math.sin(x / 17.0 + layer * 2.3)) for x in (i / 2 for i in range(0, 2 * DW + 1))]
        outline = pts + [(DW, DH), (0, DH)]
        img.paste(Image.new("RGB", (W, H), colour), (0, 0),
                  coverage(lambda m, k: m.polygon([(x * k, y * k) for x, y in outline], fill=255)))
    return img


if __name__ == "__main__":
    for n in range(4):
        page(n).save(os.path.join(HERE, f"page-{n + 1}.png"), optimize=True)
