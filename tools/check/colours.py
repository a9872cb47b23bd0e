"""How far apart the seat colours are for colour-blind eyes.

    python -m tools.check.colours [--json]

For each palette of game/client/theme.py and for the seats a new game gets
by default (the first n colours of the standard palette, n = 2..6), the
smallest CIEDE2000 difference (ΔE00) between any two seat colours, for
normal vision and simulated protanopia, deuteranopia and tritanopia; and
how the pieces stand out from the board where they sit (the seat colours
and the pieces' outline against the terrain, beach and sea).

Simulation: Machado, Oliveira and Fernandes (2009), "A Physiologically-based
Model for Simulation of Color Vision Deficiency", the published matrices for
severity 1.0, applied to linear sRGB (the result clipped to the gamut).
Difference: CIEDE2000 (Sharma, Wu and Dalal 2005) between CIELAB colours
under D65.

Targets (the issue's): the four default seats at least 12 under protanopia
and deuteranopia; any six seats of the colour-blind-safe palette at least 10
(at least 8 under tritanopia).  Exit status 1 when a target is missed.
"""

import argparse
import itertools
import json
import math
import sys

# Machado et al. 2009, severity 1.0, rows giving linear R, G, B.
MACHADO = {
    "protanopia": ((0.152286, 1.052583, -0.204868),
                   (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968),
                     (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779),
                   (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}
VISIONS = ("normal",) + tuple(MACHADO)

# The targets: (what, vision, smallest ΔE00 allowed)
DEFAULT_TARGET = 12.0          # the four seats of a new game, protanopia and deuteranopia
SAFE_TARGET = 10.0             # any six seats of the safe palette
SAFE_TRITAN_TARGET = 8.0
# The pieces' outline against every terrain they stand on (ΔE00, any vision)
OUTLINE_TARGET = 20.0

OKABE_ITO = ((230, 159, 0), (86, 180, 233), (0, 158, 115), (240, 228, 66),
             (0, 114, 178), (213, 94, 0), (204, 121, 167))      # for reference (without black)


# --- colour science ------------------------------------------------------------------------------
def _linear(c8: float) -> float:
    c = c8 / 255.0
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _encode(c: float) -> float:
    c = min(1.0, max(0.0, c))
    return 255.0 * (12.92 * c if c <= 0.0031308 else 1.055 * c ** (1 / 2.4) - 0.055)


def simulate(rgb, vision: str) -> tuple:
    """The sRGB colour (0-255, floats) that `rgb` looks like to `vision`."""
    if vision == "normal":
        return tuple(float(c) for c in rgb)
    lin = [_linear(c) for c in rgb]
    return tuple(_encode(sum(m * c for m, c in zip(row, lin))) for row in MACHADO[vision])


_WHITE = (0.95047, 1.0, 1.08883)        # D65


def lab(rgb) -> tuple:
    """CIELAB (D65) of an sRGB colour (0-255)."""
    r, g, b = (_linear(c) for c in rgb)
    xyz = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b,
           0.2126729 * r + 0.7151522 * g + 0.0721750 * b,
           0.0193339 * r + 0.1191920 * g + 0.9503041 * b)

    def f(t):
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29
    fx, fy, fz = (f(v / w) for v, w in zip(xyz, _WHITE))
    return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))


def delta_e00(lab1, lab2) -> float:
    """CIEDE2000 colour difference (kL = kC = kH = 1)."""
    L1, a1, b1 = lab1
    L2, a2, b2 = lab2
    c_mean = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_mean ** 7 / (c_mean ** 7 + 25 ** 7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360 if c1p else 0.0
    h2p = math.degrees(math.atan2(b2, a2p)) % 360 if c2p else 0.0
    dL, dC = L2 - L1, c2p - c1p
    if c1p * c2p == 0:
        dh = 0.0
    elif abs(h2p - h1p) <= 180:
        dh = h2p - h1p
    else:
        dh = h2p - h1p - 360 if h2p > h1p else h2p - h1p + 360
    dH = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh / 2))
    L_mean, cp_mean = (L1 + L2) / 2, (c1p + c2p) / 2
    if c1p * c2p == 0:
        h_mean = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        h_mean = (h1p + h2p) / 2
    else:
        h_mean = (h1p + h2p + 360) / 2 if h1p + h2p < 360 else (h1p + h2p - 360) / 2
    t = (1 - 0.17 * math.cos(math.radians(h_mean - 30)) + 0.24 * math.cos(math.radians(2 * h_mean))
         + 0.32 * math.cos(math.radians(3 * h_mean + 6)) - 0.20 * math.cos(math.radians(4 * h_mean - 63)))
    d_theta = 30 * math.exp(-(((h_mean - 275) / 25) ** 2))
    r_c = 2 * math.sqrt(cp_mean ** 7 / (cp_mean ** 7 + 25 ** 7))
    s_l = 1 + 0.015 * (L_mean - 50) ** 2 / math.sqrt(20 + (L_mean - 50) ** 2)
    s_c = 1 + 0.045 * cp_mean
    s_h = 1 + 0.015 * cp_mean * t
    r_t = -math.sin(math.radians(2 * d_theta)) * r_c
    return math.sqrt((dL / s_l) ** 2 + (dC / s_c) ** 2 + (dH / s_h) ** 2 + r_t * (dC / s_c) * (dH / s_h))


def difference(rgb1, rgb2, vision="normal") -> float:
    """ΔE00 between two sRGB colours as `vision` sees them."""
    return delta_e00(lab(simulate(rgb1, vision)), lab(simulate(rgb2, vision)))


def closest_pair(colours, vision) -> tuple:
    """(smallest ΔE00, i, j) over the pairs of `colours` [(id, rgb)]."""
    return min((difference(a[1], b[1], vision), i, j)
               for (i, a), (j, b) in itertools.combinations(enumerate(colours), 2))


# --- the report ------------------------------------------------------------------------------------
def _closest(colours) -> dict:
    out = {}
    for vision in VISIONS:
        d, i, j = closest_pair(colours, vision)
        out[vision] = {"delta_e": round(d, 2), "pair": [colours[i][0], colours[j][0]]}
    return out


def terrain_colours() -> list:
    """(name, rgb) of what pieces stand on: each terrain, the beach round the
    hexes and the sea (coastal corners)."""
    from game.client import boardview, theme
    names = ("forest", "hills", "pasture", "fields", "mountains", "desert")
    return list(zip(names, theme.TERRAIN_RGB)) + [("beach", boardview.BEACH_RGB), ("sea", theme.SEA)]


def on_terrain(colours) -> dict:
    """How seat colours and the pieces' outline stand out from the ground,
    for each vision: the smallest ΔE00 of a seat colour to a ground colour
    (the outline keeps such pieces apart) and of the outline to any ground."""
    from game.client import boardview
    ground = terrain_colours()
    out = {}
    for vision in VISIONS:
        fill = min((difference(rgb, g, vision), cid, gname) for cid, rgb in colours for gname, g in ground)
        edge = min((difference(boardview.OUTLINE, g, vision), gname) for gname, g in ground)
        out[vision] = {"fill": round(fill[0], 2), "fill_pair": [fill[1], fill[2]],
                       "outline": round(edge[0], 2), "outline_on": edge[1]}
    return out


def report() -> dict:
    from game.client import theme
    from game.engine.ruleset import default_config
    palettes = {}
    for name, colours in theme.PALETTES.items():
        palettes[name] = {"colours": {cid: list(rgb) for cid, rgb in colours},
                          "closest": _closest(colours), "on_terrain": on_terrain(colours)}
    defaults = {}
    for n in range(2, 7):
        seats = default_config(players=n)["players"]
        colours = theme.PALETTES["standard"][:seats]
        defaults[str(seats)] = {"seats": [cid for cid, _ in colours], "closest": _closest(colours)}
    safe = palettes["safe"]["closest"]
    four = defaults["4"]["closest"]
    checks = [
        ("four default seats, protanopia", four["protanopia"]["delta_e"], DEFAULT_TARGET),
        ("four default seats, deuteranopia", four["deuteranopia"]["delta_e"], DEFAULT_TARGET),
        ("safe palette, protanopia", safe["protanopia"]["delta_e"], SAFE_TARGET),
        ("safe palette, deuteranopia", safe["deuteranopia"]["delta_e"], SAFE_TARGET),
        ("safe palette, tritanopia", safe["tritanopia"]["delta_e"], SAFE_TRITAN_TARGET),
    ] + [(f"outline on the ground, {name} palette", min(v["outline"] for v in p["on_terrain"].values()),
          OUTLINE_TARGET) for name, p in palettes.items()]
    reference = _closest([(f"okabe_ito_{k}", rgb) for k, rgb in enumerate(OKABE_ITO)])
    return {"palettes": palettes, "default_seats": defaults, "okabe_ito_seven": reference,
            "targets": [{"what": w, "value": v, "target": t, "met": v >= t} for w, v, t in checks]}


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m tools.check.colours", description=__doc__.split("\n\n")[0])
    p.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = p.parse_args(argv)
    out = report()
    if args.json:
        print(json.dumps(out, indent=1))
    else:
        for name, pal in out["palettes"].items():
            print(f"{name} palette ({len(pal['colours'])} colours): smallest ΔE00")
            for vision, c in pal["closest"].items():
                print(f"  {vision:13} {c['delta_e']:6.2f}  {' / '.join(c['pair'])}")
            for vision, t in pal["on_terrain"].items():
                print(f"  on the ground, {vision:13} fill {t['fill']:6.2f} ({' on '.join(t['fill_pair'])}), "
                      f"outline {t['outline']:6.2f} (on {t['outline_on']})")
        print("default seats of a new game: smallest ΔE00 (protanopia / deuteranopia / tritanopia)")
        for n, d in out["default_seats"].items():
            c = d["closest"]
            print(f"  {n} seats {', '.join(d['seats']):38} {c['protanopia']['delta_e']:6.2f} "
                  f"{c['deuteranopia']['delta_e']:6.2f} {c['tritanopia']['delta_e']:6.2f}")
        ref = out["okabe_ito_seven"]
        print(f"Okabe–Ito, seven colours: {ref['protanopia']['delta_e']:.2f} / {ref['deuteranopia']['delta_e']:.2f}"
              f" / {ref['tritanopia']['delta_e']:.2f}")
        for t in out["targets"]:
            print(f"{'met   ' if t['met'] else 'MISSED'} {t['what']}: {t['value']:.2f} (at least {t['target']})")
    return 0 if all(t["met"] for t in out["targets"]) else 1


if __name__ == "__main__":
    sys.exit(main())
