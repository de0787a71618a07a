#!/usr/bin/env python3
"""Writes the four tab-bar icons of Scenes/change-shape.json as Lottie JSON (icon-home.json,
icon-search.json, icon-heart.json, icon-profile.json), built by hand from the Lottie format's
documented objects: shape layers (ty 4), groups (gr), paths (sh), ellipses (el), rectangles (rc),
fills (fl), strokes (st), trim paths (tm) and transforms (tr / ks).

Standard library only, so the icons can be regenerated on any machine:
    python3 Scenes/assets/make-icons.py

Every icon is 48×48 units, 60 fps, frames 0…42 (0.7 s). Frame 0 already shows a faint outline of the
glyph (so no frame is blank); the animation draws or pops the glyph in, and the last frame (42) shows it
whole. Each icon also has a tab-bar variant, icon-<name>-bar.json, without the faint outline and with the
heart pink from its first frame: in the bar the tapped icon plays over its own dimmed finished glyph, where
the outline would lay a grey veil over the glyph in the tap's frame (issue 33). Keyframes carry both "s" and "e" (the older bodymovin form), which every Lottie player reads.
"""
import json
import os

W = H = 48
FPS = 60
OP = 42
HERE = os.path.dirname(os.path.abspath(__file__))

EASE_OUT = ({"x": [0.2], "y": [1]}, {"x": [0.4], "y": [0]})
EASE_IN_OUT = ({"x": [0.55], "y": [1]}, {"x": [0.45], "y": [0]})


def static(v):
    return {"a": 0, "k": v}


def animated(keys, ease=EASE_OUT):
    """keys: [(frame, value), …]; values are numbers or lists. Linear-in-value easing per segment."""
    out = []
    for n, (t, v) in enumerate(keys):
        s = v if isinstance(v, list) else [v]
        k = {"t": t, "s": s}
        if n + 1 < len(keys):
            nv = keys[n + 1][1]
            k["e"] = nv if isinstance(nv, list) else [nv]
            i, o = ease
            dim = len(s)
            k["i"] = {"x": i["x"] * dim, "y": i["y"] * dim}
            k["o"] = {"x": o["x"] * dim, "y": o["y"] * dim}
        out.append(k)
    return {"a": 1, "k": out}


def animated_shape(keys, ease=EASE_IN_OUT):
    """A path morph: keys [(frame, shape dict)]; every shape must have the same number of vertices."""
    out = []
    for n, (t, shape) in enumerate(keys):
        k = {"t": t, "s": [shape]}
        if n + 1 < len(keys):
            k["e"] = [keys[n + 1][1]]
            i, o = ease
            k["i"] = {"x": i["x"][0], "y": i["y"][0]}
            k["o"] = {"x": o["x"][0], "y": o["y"][0]}
        out.append(k)
    return {"a": 1, "k": out}


def transform(p=(0, 0), a=(0, 0), s=None, r=None, o=None, tr_type="tr"):
    # "ty" comes first: some players (rlottie among them) read an object's keys in order and only
    # know it is a transform once they have seen "ty".
    t = {"ty": tr_type, "nm": "Transform"} if tr_type else {}
    t.update({
        "p": p if isinstance(p, dict) else static(list(p)),
        "a": a if isinstance(a, dict) else static(list(a)),
        "s": s if isinstance(s, dict) else static(list(s or (100, 100))),
        "r": r if isinstance(r, dict) else static(r or 0),
        "o": o if isinstance(o, dict) else static(100 if o is None else o),
    })
    return t


def path(vertices, closed=False, tangents_in=None, tangents_out=None):
    n = len(vertices)
    return {
        "i": tangents_in or [[0, 0]] * n,
        "o": tangents_out or [[0, 0]] * n,
        "v": [list(v) for v in vertices],
        "c": closed,
    }


def sh(shape, name="Path"):
    return {"ty": "sh", "nm": name, "ks": shape if "a" in shape else static(shape)}


def ellipse(cx, cy, w, h=None, name="Ellipse"):
    return {"ty": "el", "nm": name, "d": 1, "p": static([cx, cy]), "s": static([w, h if h is not None else w])}


def rect(cx, cy, w, h, r, name="Rect"):
    return {"ty": "rc", "nm": name, "d": 1, "p": static([cx, cy]), "s": static([w, h]), "r": static(r)}


def fill(rgb, opacity=100):
    return {"ty": "fl", "nm": "Fill", "c": static(list(rgb) + [1]) if not isinstance(rgb, dict) else rgb,
            "o": static(opacity), "r": 1}


def stroke(rgb, width, opacity=100):
    return {"ty": "st", "nm": "Stroke", "c": static(list(rgb) + [1]), "o": static(opacity), "w": static(width),
            "lc": 2, "lj": 2, "ml": 4}


def trim(start, end, offset=0):
    return {"ty": "tm", "nm": "Trim", "s": start if isinstance(start, dict) else static(start),
            "e": end if isinstance(end, dict) else static(end), "o": static(offset), "m": 1}


def group(name, items, tr=None):
    return {"ty": "gr", "nm": name, "np": len(items), "it": items + [tr or transform()]}


def layer(ind, name, shapes, ks=None):
    return {"ddd": 0, "ind": ind, "ty": 4, "nm": name, "sr": 1, "ao": 0, "ip": 0, "op": OP, "st": 0, "bm": 0,
            "ks": ks or transform(tr_type=None), "shapes": shapes}


def animation(name, layers, bar=False):
    # Lottie draws the first layer on top. The bar variant leaves out the ghost layer.
    layers = [l for l in layers if not (bar and l["nm"] == "ghost")]
    return {"v": "5.5.2", "nm": name, "fr": FPS, "ip": 0, "op": OP, "w": W, "h": H, "ddd": 0, "assets": [],
            "layers": [dict(l, ind=n + 1) for n, l in enumerate(layers)]}


WHITE = (1, 1, 1)
GHOST = 28  # opacity (%) of the faint outline every icon shows from frame 0


def home(bar=False):
    # A house outline drawn by a trim path, then its door pops up with an overshoot.
    house = path([(10, 22), (24, 10), (38, 22), (38, 38), (10, 38)], closed=True)
    draw = trim(0, animated([(0, 0), (26, 100)]))
    door_scale = animated([(14, [100, 0]), (28, [100, 125]), (36, [100, 92]), (42, [100, 100])])
    door = group("door", [rect(0, -5, 8, 10, 2), fill(WHITE)],
                 transform(p=(24, 38), s=door_scale))
    return animation("home", bar=bar, layers=[
        layer(0, "door", [door]),
        layer(0, "outline", [group("house", [sh(house), draw, stroke(WHITE, 3.5)])]),
        layer(0, "ghost", [group("house", [sh(house), stroke(WHITE, 3.5, GHOST)])]),
    ])


def search(bar=False):
    # A magnifier: the lens drawn by a trim, then the handle; the glass tilts back from −30° to 0°.
    lens = group("lens", [ellipse(21, 21, 20), trim(0, animated([(0, 0), (24, 100)])), stroke(WHITE, 3.5)])
    handle = group("handle", [sh(path([(28.5, 28.5), (38, 38)])), trim(0, animated([(18, 0), (32, 100)])),
                              stroke(WHITE, 3.5)])
    tilt = animated([(0, -30), (30, 6), (42, 0)], EASE_IN_OUT)
    ghost = group("ghost", [ellipse(21, 21, 20), sh(path([(28.5, 28.5), (38, 38)])), stroke(WHITE, 3.5, GHOST)])
    return animation("search", bar=bar, layers=[
        layer(0, "glass", [lens, handle], transform(p=(24, 24), a=(24, 24), r=tilt, tr_type=None)),
        layer(0, "ghost", [ghost]),
    ])


def heart_shape(heart):
    """Four vertices (bottom, left, top, right), the same count in both poses so that they morph:
    heart=False is a round blob (a circle of radius 9), heart=True a heart with a notch at the top."""
    if not heart:
        k = 5  # 0.55 × radius: a cubic close to a quarter circle
        return path([(24, 33), (15, 24), (24, 15), (33, 24)], closed=True,
                    tangents_in=[[k, 0], [0, k], [-k, 0], [0, -k]],
                    tangents_out=[[-k, 0], [0, -k], [k, 0], [0, k]])
    return path([(24, 40), (8, 20), (24, 16), (40, 20)], closed=True,
                tangents_in=[[7, -6], [0, 8], [-4, -8], [0, -9]],
                tangents_out=[[-7, -6], [0, -9], [4, -8], [0, 8]])


def heart(bar=False):
    # A rounded blob morphs into a heart while the whole shape bounces (scale 60 → 125 → 100) and
    # its fill turns from grey to pink.
    morph = animated_shape([(0, heart_shape(False)), (22, heart_shape(True)), (42, heart_shape(True))])
    pink = [1.0, 0.22, 0.37, 1]
    colour = static(pink) if bar else animated([(0, [0.62, 0.62, 0.66, 1]), (18, pink), (42, pink)])
    bounce = animated([(0, [60, 60]), (20, [125, 125]), (32, [94, 94]), (42, [100, 100])], EASE_IN_OUT)
    body = group("heart", [sh(morph), {"ty": "fl", "nm": "Fill", "c": colour, "o": static(100), "r": 1}])
    return animation("heart", bar=bar, layers=[
        layer(0, "heart", [body], transform(p=(24, 28), a=(24, 28), s=bounce, tr_type=None)),
        layer(0, "ghost", [group("outline", [sh(heart_shape(True)), fill(WHITE, GHOST)])]),
    ])


def profile(bar=False):
    # The head pops in with an overshoot, the shoulders are drawn from the middle outwards by a trim.
    head_scale = animated([(0, [0, 0]), (14, [118, 118]), (24, [95, 95]), (30, [100, 100])], EASE_IN_OUT)
    head = group("head", [ellipse(0, 0, 13), fill(WHITE)], transform(p=(24, 17), s=head_scale))
    shoulders = path([(10, 39), (24, 27), (38, 39)], tangents_in=[[0, 0], [-9, 0], [0, -7]],
                     tangents_out=[[0, -7], [9, 0], [0, 0]])
    draw = trim(animated([(8, 50), (34, 0)]), animated([(8, 50), (34, 100)]))
    return animation("profile", bar=bar, layers=[
        layer(0, "head", [head]),
        layer(0, "shoulders", [group("shoulders", [sh(shoulders), draw, stroke(WHITE, 3.5)])]),
        # The ghost head is a faint disc of the head's own size, not a stroked circle: a stroke reaches half its
        # width outside the disc and would stay as a ring around the finished head.
        layer(0, "ghost", [group("ghost-head", [ellipse(24, 17, 13), fill(WHITE, GHOST)]),
                           group("ghost", [sh(shoulders), stroke(WHITE, 2, GHOST)])]),
    ])


if __name__ == "__main__":
    for name, make in [("home", home), ("search", search), ("heart", heart), ("profile", profile)]:
        for suffix, bar in [("", False), ("-bar", True)]:
            with open(os.path.join(HERE, f"icon-{name}{suffix}.json"), "w") as f:
                json.dump(make(bar=bar), f, separators=(",", ":"))
                f.write("\n")
