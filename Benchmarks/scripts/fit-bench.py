#!/usr/bin/env python3
"""Curve fitting measured: `curves fit` against Schneider's classic algorithm ("An Algorithm
for Automatically Fitting Digitized Curves", Graphics Gems, 1990; written here in Python from
its published description) on strokes nobody here drew:

    glyphs   the outlines of a-z, A-Z and 0-9 of DejaVu Sans and DejaVu Serif, em 1000 units
    icons    a few hundred subpaths of Adwaita's symbolic icons, x50 (800 units an icon)
    noisy    both of those with seeded Gaussian noise (sigma 0.3 units) on every sample, and
             seeded random scribbles (sums of a few sinusoids) with the same noise

each outline sampled at about 1 unit spacing, a contour a stroke (a closed one ends on its
first point). For each set and tolerance T (--tolerances, default 0.5, 1, 2 units) it runs

    CURVES fit --tolerance T --corner-angle A < OUT/inputs/SET.txt > OUT/curves/SET-T.txt

as --runs whole processes (the best counts), checks here that every input point lies within
T (+1e-9) of its stroke's path (a point-to-cubic distance bounded both ways, so the check is
exact), fits the same strokes with Schneider's algorithm, and prints a table: segments of each,
their ratio (goal: Curves/Schneider <= 0.90 on the total), Curves' worst distance, the points
within T (goal: all), and its throughput in input points a second (goal: >= 1,000,000), also
with the process's start-up (timed on an empty input) subtracted.

Schneider here: chord-length parameters; the least-squares cubic through a piece's ends along
fixed end tangents; up to 4 Newton-Raphson reparametrizations while the worst distance is under
4 T; else a split at the worst point, the tangent there from its neighbours, and the halves
fitted in turn. Its error is the true distance from a point to the cubic, so it splits until
every point is within T. A tangent is the direction to the point max(1, 2 T) units along the
stroke (the paper's nearest neighbour at T = 0.5; over 2 T noise steers it less). A stroke is
first split at its corners: the points where the direction from 4 units before to the point
and the direction from it to 4 units after turn by more than the corner angle A (the same A
that curves is given), the sharpest first, none within 4 units of a sharper one. Immediate
neighbours would find a corner at every third noisy point.

fontTools (the glyphs), numpy and scipy (the fitting and the check) come from the venv
(--venv, default Benchmarks/.build/bench/venv, shared with race.py and svg-speed.py), completed
with them on first use. Schneider's fits land in OUT/schneider/ and are reused while the
input, the tolerance, the corner angle and the fitting code here are unchanged. The exit
status is 1 when a point is outside its tolerance or curves fails, else 0.

  usage: fit-bench.py [--curves BINARY] [--out DIR] [--quick] [--runs N] [--tolerances LIST]
                      [--corner-angle DEGREES] [--venv DIR]
"""
import argparse
import bisect
import hashlib
import heapq
import inspect
import json
import math
import os
import random
import re
import string
import subprocess
import sys
import time
import xml.etree.ElementTree as ElementTree

try:  # there in the venv, where main() runs this script again first
    import numpy as np
except ImportError:
    np = None

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
PACKAGES = ["fonttools", "numpy", "scipy"]
FONTS = ["/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf"]
ICONS = "/usr/share/icons/Adwaita"
CHARACTERS = string.ascii_lowercase + string.ascii_uppercase + string.digits
QUICK_CHARACTERS = "aS"
ICON_COUNT, QUICK_ICON_COUNT = 300, 12
SCRIBBLE_COUNT, QUICK_SCRIBBLE_COUNT = 150, 4
SEED = 1990
SPACING = 1.0  # units between samples along an outline
NOISE = 0.3  # units, the standard deviation of each coordinate's noise
ICON_SCALE = 50.0
MINIMUM_ICON_POINTS = 20  # smaller subpaths (dots, "m 0 0" after z) are left out
SLACK = 1e-9  # units a point may be past T
CHECK_SPACING = 1.0  # most units of arc between the check's samples of a fitted path
TANGENT_REACH = 2.0  # tolerances along the stroke (at least a sample) to the points a tangent is taken from
CORNER_REACH = 4.0  # units along the stroke to the points a corner's two directions are taken from
ITERATIONS = 4  # Newton-Raphson rounds of reparametrization before a split (the paper's 4)
ITERATION_BOUND = 4.0  # reparametrize only when the worst distance is under this many T


# --- the venv -------------------------------------------------------------------------------

def venv_python(venv):
    """The venv's Python, made (or completed) first with PACKAGES, so the script needs no setup."""
    python = os.path.join(venv, "bin", "python")
    ready = os.path.exists(python) and subprocess.run(
        [python, "-c", "import fontTools, numpy, scipy.spatial"], capture_output=True).returncode == 0
    if not ready:
        print(f"fit-bench: making the venv {venv} ({', '.join(PACKAGES)})", flush=True)
        if not os.path.exists(python):
            subprocess.run([sys.executable, "-m", "venv", venv], check=True)
        subprocess.run([python, "-m", "pip", "install", "-q", *PACKAGES], check=True)
    return python


# --- sampling outlines ----------------------------------------------------------------------

def bezier_points(control, t):
    """Points of a Bezier of any degree, exact at t = 0 and 1, so a closed outline ends on its start."""
    control = np.asarray(control, dtype=float)
    degree = len(control) - 1
    t = np.asarray(t, dtype=float)[:, None]
    points = np.zeros((len(t), 2))
    for index, point in enumerate(control):
        points += math.comb(degree, index) * (1 - t) ** (degree - index) * t ** index * point
    return points


def bezier_curve(control):
    """A Bezier segment as a function of t, the form `sample` takes every outline piece in."""
    return lambda t: bezier_points(control, t)


def sample(curve, spacing=SPACING):
    """Exact points of a curve on (0, 1] about `spacing` apart along it: the strokes' density."""
    rough = curve(np.linspace(0, 1, 17))
    estimate = np.hypot(*np.diff(rough, axis=0).T).sum()
    table_t = np.linspace(0, 1, max(16, int(math.ceil(8 * estimate / spacing))) + 1)
    lengths = np.concatenate([[0], np.cumsum(np.hypot(*np.diff(curve(table_t), axis=0).T))])
    count = max(1, int(round(lengths[-1] / spacing)))
    t = np.interp(np.arange(1, count + 1) * lengths[-1] / count, lengths, table_t)
    t[-1] = 1.0
    return curve(t)


def stroke_of(start, curves, closed):
    """A contour's samples as one stroke, repeats dropped; a closed one ends exactly on its start."""
    start = np.asarray(start, dtype=float)
    points = np.concatenate([start[None]] + [sample(curve) for curve in curves])
    if closed and np.hypot(*(points[-1] - start)) > 1e-9:
        points = np.concatenate([points, sample(bezier_curve([points[-1], start]))])
    keep = np.concatenate([[True], np.hypot(*np.diff(points, axis=0).T) > 1e-9])
    points = points[keep]
    if closed and len(points) > 1:
        points[-1] = start
    return points


# --- glyphs ---------------------------------------------------------------------------------

def glyph_strokes(fonts, characters):
    """Each contour of each character's glyph, em 1000 units, y down: real type designers' curves."""
    from fontTools.pens.basePen import BasePen
    from fontTools.ttLib import TTFont

    class Pen(BasePen):
        """Collects contours as control points; BasePen resolves TrueType's implied on-curve points."""

        def __init__(self, glyph_set):
            super().__init__(glyph_set)
            self.contours = []

        def _moveTo(self, point):
            self.contours.append([point, [], False])

        def _lineTo(self, point):
            self.contours[-1][1].append([self._getCurrentPoint(), point])

        def _qCurveToOne(self, control, point):
            self.contours[-1][1].append([self._getCurrentPoint(), control, point])

        def _curveToOne(self, first, second, point):
            self.contours[-1][1].append([self._getCurrentPoint(), first, second, point])

        def _closePath(self):
            self.contours[-1][2] = True

        def _endPath(self):
            pass

    strokes = []
    for path in fonts:
        font = TTFont(path)
        scale = 1000.0 / font["head"].unitsPerEm
        glyph_set, cmap = font.getGlyphSet(), font.getBestCmap()
        for character in characters:
            pen = Pen(glyph_set)
            glyph_set[cmap[ord(character)]].draw(pen)
            for start, segments, closed in pen.contours:
                flip = lambda point: (point[0] * scale, -point[1] * scale)
                curves = [bezier_curve([flip(point) for point in segment]) for segment in segments]
                strokes.append(stroke_of(flip(start), curves, closed))
    return [stroke for stroke in strokes if len(stroke) > 1]


# --- icons ----------------------------------------------------------------------------------

NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")


def arc_curve(start, rx, ry, rotation, large, sweep, end):
    """An SVG arc as a function of t, from the endpoint-to-centre conversion of SVG's implementation
    notes: arcs are sampled exactly, as circles are common in the icons and skipping them would
    leave holes."""
    (x1, y1), (x2, y2) = start, end
    rx, ry = abs(rx), abs(ry)
    if rx == 0 or ry == 0 or (x1, y1) == (x2, y2):
        return bezier_curve([start, end])
    phi = math.radians(rotation)
    cos, sin = math.cos(phi), math.sin(phi)
    dx, dy = (x1 - x2) / 2, (y1 - y2) / 2
    x1p, y1p = cos * dx + sin * dy, -sin * dx + cos * dy
    grow = x1p ** 2 / rx ** 2 + y1p ** 2 / ry ** 2
    if grow > 1:
        rx, ry = rx * math.sqrt(grow), ry * math.sqrt(grow)
    numerator = rx ** 2 * ry ** 2 - rx ** 2 * y1p ** 2 - ry ** 2 * x1p ** 2
    denominator = rx ** 2 * y1p ** 2 + ry ** 2 * x1p ** 2
    root = math.sqrt(max(0.0, numerator / denominator)) * (-1 if large == sweep else 1)
    cxp, cyp = root * rx * y1p / ry, -root * ry * x1p / rx
    cx, cy = cos * cxp - sin * cyp + (x1 + x2) / 2, sin * cxp + cos * cyp + (y1 + y2) / 2
    theta = math.atan2((y1p - cyp) / ry, (x1p - cxp) / rx)
    delta = math.atan2((-y1p - cyp) / ry, (-x1p - cxp) / rx) - theta
    if sweep and delta < 0:
        delta += 2 * math.pi
    elif not sweep and delta > 0:
        delta -= 2 * math.pi

    def curve(t):
        angle = theta + delta * np.asarray(t, dtype=float)
        x = cx + rx * cos * np.cos(angle) - ry * sin * np.sin(angle)
        y = cy + rx * sin * np.cos(angle) + ry * cos * np.sin(angle)
        points = np.stack([x, y], axis=1)
        points[np.asarray(t) == 1] = end  # the arc's end is its given end point, not a rounding of it
        return points
    return curve


def parse_path(data, scale):
    """SVG path data (M L H V C S Q T A Z, absolute and relative) as subpaths (start, curves,
    closed), scaled; an error ends the data, as SVG renderers do."""
    subpaths, position, command = [], 0, None
    current = start = (0.0, 0.0)
    reflect_cubic = reflect_quad = None

    def skip():
        nonlocal position
        while position < len(data) and data[position] in " \t\r\n,":
            position += 1

    def number():
        nonlocal position
        skip()
        match = NUMBER.match(data, position)
        if not match:
            raise ValueError(f"a number expected at {position}")
        position = match.end()
        return float(match.group())

    def flag():
        nonlocal position
        skip()
        if position >= len(data) or data[position] not in "01":
            raise ValueError(f"a flag expected at {position}")
        position += 1
        return data[position - 1] == "1"

    def point(relative):
        x, y = number(), number()
        return (current[0] + x, current[1] + y) if relative else (x, y)

    def add(curve):
        if not subpaths or subpaths[-1][2]:
            subpaths.append([current, [], False])
        subpaths[-1][1].append(curve)

    try:
        while True:
            skip()
            if position >= len(data):
                break
            if data[position].isalpha():
                command = data[position]
                position += 1
            elif command is None or command in "Zz":
                raise ValueError(f"numbers without a command at {position}")
            relative, kind = command.islower(), command.upper()
            cubic_control = quad_control = None
            if kind == "M":
                current = start = point(relative)
                subpaths.append([current, [], False])
                command = "l" if relative else "L"
            elif kind == "Z":
                if subpaths and not subpaths[-1][2]:
                    subpaths[-1][2] = True
                current = start
            elif kind in "LHV":
                if kind == "L":
                    end = point(relative)
                elif kind == "H":
                    end = (number() + (current[0] if relative else 0), current[1])
                else:
                    end = (current[0], number() + (current[1] if relative else 0))
                add(bezier_curve([current, end]))
                current = end
            elif kind in "CS":
                first = reflect_cubic or current if kind == "S" else point(relative)
                second, end = point(relative), point(relative)
                add(bezier_curve([current, first, second, end]))
                cubic_control, current = second, end
            elif kind in "QT":
                control = reflect_quad or current if kind == "T" else point(relative)
                end = point(relative)
                add(bezier_curve([current, control, end]))
                quad_control, current = control, end
            elif kind == "A":
                rx, ry, rotation, large, sweep = number(), number(), number(), flag(), flag()
                end = point(relative)
                add(arc_curve(current, rx, ry, rotation, large, sweep, end))
                current = end
            else:
                raise ValueError(f"unknown command {command}")
            reflect_cubic = (2 * current[0] - cubic_control[0], 2 * current[1] - cubic_control[1]) if cubic_control else None
            reflect_quad = (2 * current[0] - quad_control[0], 2 * current[1] - quad_control[1]) if quad_control else None
    except ValueError:
        pass
    scaled = []
    for first, curves, closed in subpaths:
        # Scaling the sampled points, not the data: a uniform scale commutes with every command.
        scaled.append(((first[0] * scale, first[1] * scale), [scaled_curve(curve, scale) for curve in curves], closed))
    return scaled


def scaled_curve(curve, scale):
    """A curve times a uniform scale, so icons are sampled at the same spacing as glyphs."""
    return lambda t: curve(t) * scale


def icon_strokes(root, count):
    """`count` distinct subpaths spread evenly over Adwaita's sorted symbolic icons; transforms are
    ignored (a subpath stays a real outline, only placed or sized differently)."""
    files = []
    for folder, _, names in os.walk(root):
        files += [os.path.join(folder, name) for name in names if name.endswith("-symbolic.svg")]
    strokes, seen = [], set()
    for path in sorted(files):
        try:
            tree = ElementTree.parse(path)
        except ElementTree.ParseError:
            continue
        for element in tree.iter():
            if element.tag.rsplit("}", 1)[-1] != "path" or not element.get("d"):
                continue
            for start, curves, closed in parse_path(element.get("d"), ICON_SCALE):
                stroke = stroke_of(start, curves, closed)
                key = hashlib.sha1(np.round(stroke, 3).tobytes()).digest()
                if len(stroke) >= MINIMUM_ICON_POINTS and key not in seen:
                    seen.add(key)
                    strokes.append(stroke)
    if len(strokes) <= count:
        return strokes
    return [strokes[index * len(strokes) // count] for index in range(count)]


# --- noise and scribbles --------------------------------------------------------------------

def noisy(strokes, generator):
    """The strokes with seeded Gaussian noise on every sample, like a hand's tremor on a tablet."""
    return [stroke + np.array([[generator.gauss(0, NOISE), generator.gauss(0, NOISE)] for _ in stroke])
            for stroke in strokes]


def scribble_strokes(count, generator):
    """Seeded smooth random strokes, sums of 2 to 4 sinusoids an axis, a few hundred units long."""
    strokes = []
    for _ in range(count):
        terms = [[(generator.uniform(20, 120), generator.uniform(0.2, 1.6), generator.uniform(0, 2 * math.pi))
                  for _ in range(generator.randint(2, 4))] for _ in range(2)]

        def curve(t, terms=terms):
            t = np.asarray(t, dtype=float)
            return np.stack([sum(a * np.sin(2 * math.pi * f * t + p) for a, f, p in axis) for axis in terms], axis=1)
        strokes.append(stroke_of(curve(np.array([0.0]))[0], [curve], False))
    return strokes


# --- input files ----------------------------------------------------------------------------

def build_sets(quick):
    """The three input sets as lists of (n, 2) arrays, the same on every run (fixed seeds)."""
    characters = QUICK_CHARACTERS if quick else CHARACTERS
    glyphs = glyph_strokes(FONTS, characters)
    icons = icon_strokes(ICONS, QUICK_ICON_COUNT if quick else ICON_COUNT)
    generator = random.Random(SEED)
    scribbles = scribble_strokes(QUICK_SCRIBBLE_COUNT if quick else SCRIBBLE_COUNT, generator)
    return {"glyphs": glyphs, "icons": icons, "noisy": noisy(glyphs + icons + scribbles, generator)}


def write_strokes(path, strokes):
    """The strokes as `curves fit` reads them; rewritten only when changed, to keep the file's age."""
    text = "\n\n".join("\n".join(f"{x:.6f} {y:.6f}" for x, y in stroke) for stroke in strokes) + "\n"
    if os.path.exists(path) and open(path).read() == text:
        return
    with open(path, "w") as file:
        file.write(text)


def read_strokes(path):
    """The strokes as written, so every fit and check sees the very numbers curves reads."""
    blocks = [block for block in open(path).read().split("\n\n") if block.strip()]
    return [np.array(block.split(), dtype=float).reshape(-1, 2) for block in blocks]


# --- cubics, vectorized ---------------------------------------------------------------------

def cubics_at(controls, t):
    """Points of many cubics (n, 4, 2) at their own parameters (n,): one numpy pass for a whole set."""
    v = 1 - t
    weights = np.stack([v * v * v, 3 * v * v * t, 3 * v * t * t, t * t * t], axis=1)
    return np.einsum("nk,nkd->nd", weights, controls)


def newton_distances(controls, points, t, rounds=8):
    """Distances from points to their cubics by Newton's method on the squared distance from t;
    every iterate is a point of the curve, so each value is an upper bound, exact once converged."""
    first = 3 * np.diff(controls, axis=1)
    second = 2 * np.diff(first, axis=1)
    best = np.hypot(*(cubics_at(controls, t) - points).T)
    for _ in range(rounds):
        v = 1 - t
        offset = cubics_at(controls, t) - points
        speed = np.einsum("nk,nkd->nd", np.stack([v * v, 2 * v * t, t * t], axis=1), first)
        turn = v[:, None] * second[:, 0] + t[:, None] * second[:, 1]
        slope = (offset * speed).sum(axis=1)
        curvature = (speed * speed).sum(axis=1) + (offset * turn).sum(axis=1)
        step = np.divide(slope, curvature, out=np.zeros_like(slope), where=curvature > 0)
        t = np.clip(t - step, 0.0, 1.0)
        best = np.minimum(best, np.hypot(*(cubics_at(controls, t) - points).T))
    return best


def dense_samples(controls, spacing):
    """Samples of cubics at most `spacing` of arc apart (arc per step <= the speed bound 3 x the
    longest control leg x dt): (points, cubic index, t, the spacing actually bounded)."""
    legs = np.hypot(*np.moveaxis(np.diff(controls, axis=1), 2, 0))
    speed = 3 * legs.max(axis=1)
    steps = np.clip(np.ceil(speed / spacing), 1, 20000).astype(int)
    owner = np.repeat(np.arange(len(controls)), steps + 1)
    starts = np.concatenate([[0], np.cumsum(steps + 1)[:-1]])
    t = (np.arange(len(owner)) - starts[owner]) / steps[owner]
    return cubics_at(controls[owner], t), owner, t, float((speed / steps).max())


def upper_distances(controls, points):
    """Distances from points to a set of cubics, bounded both ways: from above by Newton's method
    from each point's 3 nearest samples (the true distance unless all miss its basin), from below
    by the nearest sample's distance less half the samples' spacing."""
    from scipy.spatial import cKDTree
    samples, owner, sample_t, spacing = dense_samples(controls, CHECK_SPACING)
    neighbours = min(3, len(samples))
    nearest, index = cKDTree(samples).query(points, k=neighbours)
    nearest, index = nearest.reshape(len(points), -1), index.reshape(len(points), -1)
    best = nearest[:, 0].copy()
    for column in range(neighbours):
        chosen = index[:, column]
        best = np.minimum(best, newton_distances(controls[owner[chosen]], points, sample_t[chosen]))
    return best, nearest[:, 0] - spacing / 2


# --- Schneider's algorithm ------------------------------------------------------------------

def direction(points, i, j):
    """The unit vector from point i to point j, or None where they coincide."""
    vector = points[j] - points[i]
    length = float(np.hypot(*vector))
    return vector / length if length > 0 else None


def reach_index(arc, i, low, high, forward, reach):
    """The nearest point `reach` along the stroke from i (5% allowed for sampling), kept within
    [low, high] and never i itself: tangents from neighbours that noise does not swing about."""
    if forward:
        j = int(np.searchsorted(arc, arc[i] + 0.95 * reach, "left"))
        return max(i + 1, min(j, high))
    j = int(np.searchsorted(arc, arc[i] - 0.95 * reach, "right")) - 1
    return min(i - 1, max(j, low))


def end_tangent(points, arc, i, low, high, forward, reach):
    """A piece's unit tangent at an end, pointing into the piece, as the paper estimates it."""
    tangent = direction(points, i, reach_index(arc, i, low, high, forward, reach))
    return tangent if tangent is not None else direction(points, i, high if forward else low)


def center_tangent(points, arc, k, low, high, reach):
    """The unit tangent at a split, from the points either side, pointing back (the paper's sense)."""
    before, after = reach_index(arc, k, low, high, False, reach), reach_index(arc, k, low, high, True, reach)
    for tangent in (direction(points, after, before), direction(points, k + 1, k - 1), direction(points, high, low)):
        if tangent is not None:
            return tangent
    return np.array([1.0, 0.0])


def corners(points, arc, angle):
    """Interior points where the stroke turns by more than `angle` degrees between the directions
    from CORNER_REACH before to it and from it to CORNER_REACH after, the sharpest first and none within it
    of a sharper one; they split a stroke before fitting."""
    count = len(points)
    if count < 3:
        return []
    inner = np.arange(1, count - 1)
    before = np.clip(np.searchsorted(arc, arc[inner] - 0.95 * CORNER_REACH, "right") - 1, 0, inner - 1)
    after = np.clip(np.searchsorted(arc, arc[inner] + 0.95 * CORNER_REACH, "left"), inner + 1, count - 1)
    incoming, outgoing = points[inner] - points[before], points[after] - points[inner]
    cross = incoming[:, 0] * outgoing[:, 1] - incoming[:, 1] * outgoing[:, 0]
    dot = (incoming * outgoing).sum(axis=1)
    turn = np.degrees(np.abs(np.arctan2(cross, dot)))
    chosen, taken = [], []  # taken: the chosen corners' places along the stroke, sorted
    for index in sorted(inner[turn > angle], key=lambda i: -turn[i - 1]):
        place = bisect.bisect_left(taken, arc[index])
        after_one = place > 0 and arc[index] - taken[place - 1] < CORNER_REACH
        before_one = place < len(taken) and taken[place] - arc[index] < CORNER_REACH
        if not (after_one or before_one):
            taken.insert(place, arc[index])
            chosen.append(int(index))
    return sorted(chosen)


def least_squares_cubic(points, u, start_tangent, end_tangent_):
    """The cubic through both ends, along the fixed tangents, whose two tangent lengths minimise the
    squared parametric error (the paper's 2x2 system); Wu and Barsky's third of the chord when
    that system is singular or gives a length that is not positive."""
    first, last = points[0], points[-1]
    v = 1 - u
    b0, b1, b2, b3 = v * v * v, 3 * v * v * u, 3 * v * u * u, u * u * u
    a1, a2 = b1[:, None] * start_tangent, b2[:, None] * end_tangent_
    rest = points - (b0 + b1)[:, None] * first - (b2 + b3)[:, None] * last
    c00, c01, c11 = (a1 * a1).sum(), (a1 * a2).sum(), (a2 * a2).sum()
    x0, x1 = (a1 * rest).sum(), (a2 * rest).sum()
    determinant = c00 * c11 - c01 * c01
    chord = float(np.hypot(*(last - first)))
    left = right = 0.0
    if abs(determinant) > 1e-12 * c00 * c11:
        left, right = (x0 * c11 - x1 * c01) / determinant, (c00 * x1 - c01 * x0) / determinant
    if left < 1e-6 * chord or right < 1e-6 * chord or (chord == 0 and (left <= 0 or right <= 0)):
        left = right = chord / 3
    return np.array([first, first + left * start_tangent, last + right * end_tangent_, last])


def reparametrize(points, cubic, u):
    """One Newton-Raphson step of every parameter towards its point's nearest on the cubic."""
    a, b, c, d = power_basis(cubic)
    tt = u[:, None]
    offset = ((a * tt + b) * tt + c) * tt + d - points
    speed = (3 * a * tt + 2 * b) * tt + c
    turn = 6 * a * tt + 2 * b
    slope = (offset * speed).sum(axis=1)
    curvature = (speed * speed).sum(axis=1) + (offset * turn).sum(axis=1)
    step = np.divide(slope, curvature, out=np.zeros_like(slope), where=curvature != 0)
    u = np.clip(u - step, 0.0, 1.0)
    u[0], u[-1] = 0.0, 1.0
    return u


def power_basis(cubic):
    """A cubic's coefficients a t^3 + b t^2 + c t + d: the cheapest form to evaluate often."""
    p0, p1, p2, p3 = cubic
    return -p0 + 3 * p1 - 3 * p2 + p3, 3 * p0 - 6 * p1 + 3 * p2, 3 * (p1 - p0), p0


def cubic_distances(cubic, points, u):
    """Distances from points to one cubic by Newton's method on the squared distance, started from
    each point's own parameter and from its nearest of a coarse sampling; each iterate is a point
    of the curve, so a value is never below the true distance, and equals it once converged."""
    a, b, c, d = power_basis(cubic)
    speed = 3 * float(np.hypot(*np.diff(cubic, axis=0).T).max())
    samples_t = np.linspace(0, 1, int(min(512, max(8, math.ceil(speed / CHECK_SPACING)))) + 1)
    tt = samples_t[:, None]
    samples = ((a * tt + b) * tt + c) * tt + d
    squares = ((points[:, None, :] - samples[None]) ** 2).sum(axis=2)
    nearest = squares.argmin(axis=1)
    best = np.sqrt(squares[np.arange(len(points)), nearest])
    targets = np.concatenate([points, points])
    t = np.concatenate([u, samples_t[nearest]])
    for _ in range(6):
        tt = t[:, None]
        offset = ((a * tt + b) * tt + c) * tt + d - targets
        best = np.minimum(best, np.minimum(*np.hypot(*offset.T).reshape(2, -1)))
        speed = (3 * a * tt + 2 * b) * tt + c
        slope = (offset * speed).sum(axis=1)
        curvature = (speed * speed).sum(axis=1) + (offset * (6 * a * tt + 2 * b)).sum(axis=1)
        t = np.clip(t - np.divide(slope, curvature, out=np.zeros_like(slope), where=curvature > 0), 0.0, 1.0)
    tt = t[:, None]
    offset = ((a * tt + b) * tt + c) * tt + d - targets
    return np.minimum(best, np.minimum(*np.hypot(*offset.T).reshape(2, -1)))


def few_distances(cubic, points, u):
    """cubic_distances in plain Python, cheaper than numpy for the few points over T that most
    fits of short pieces have: the same coarse samples, the same starts, the same Newton steps."""
    coefficients = [value for pair in power_basis(cubic) for value in pair.tolist()]
    ax, ay, bx, by, cx, cy, dx, dy = coefficients
    count = int(min(512, max(8, math.ceil(3 * float(np.hypot(*np.diff(cubic, axis=0).T).max()) / CHECK_SPACING))))
    samples = [(t, ((ax * t + bx) * t + cx) * t + dx, ((ay * t + by) * t + cy) * t + dy)
               for t in (index / count for index in range(count + 1))]
    return [point_distance(coefficients, samples, x, y, start) for (x, y), start in zip(points.tolist(), u.tolist())]


def point_distance(coefficients, samples, x, y, u):
    """One point's distance to a cubic in power basis, from its parameter u and its nearest sample."""
    ax, ay, bx, by, cx, cy, dx, dy = coefficients
    best, start = min((math.hypot(sx - x, sy - y), t) for t, sx, sy in samples)
    for t in (u, start):
        for _ in range(7):
            ox, oy = ((ax * t + bx) * t + cx) * t + dx - x, ((ay * t + by) * t + cy) * t + dy - y
            best = min(best, math.hypot(ox, oy))
            vx, vy = (3 * ax * t + 2 * bx) * t + cx, (3 * ay * t + 2 * by) * t + cy
            curvature = vx * vx + vy * vy + ox * (6 * ax * t + 2 * bx) + oy * (6 * ay * t + 2 * by)
            if curvature <= 0:
                break
            t = min(1.0, max(0.0, t - (ox * vx + oy * vy) / curvature))
    return best


def worst_distance(points, cubic, u, tolerance):
    """The largest true distance of an interior point to the cubic, and where: the parametric
    distance bounds it from above, so only points over T need the true one."""
    a, b, c, d = power_basis(cubic)
    tt = u[:, None]
    distance = np.hypot(*(((a * tt + b) * tt + c) * tt + d - points).T)
    distance[0] = distance[-1] = 0.0
    over = np.nonzero(distance > tolerance)[0]
    if 0 < len(over) <= 8:
        distance[over] = np.minimum(distance[over], few_distances(cubic, points[over], u[over]))
    elif len(over):
        distance[over] = np.minimum(distance[over], cubic_distances(cubic, points[over], u[over]))
    k = int(np.argmax(distance[1:-1])) + 1
    return float(distance[k]), k


def fit_piece(points, arc, low, high, start_tangent, end_tangent_, tolerance, reach, out):
    """Schneider's recursion on points[low..high] (a stack, so long strokes do not hit Python's
    depth limit): fit, reparametrize while the error is moderate, else split at the worst point."""
    stack = [(low, high, start_tangent, end_tangent_)]
    while stack:
        first, last, t1, t2 = stack.pop()
        piece = points[first:last + 1]
        if last - first == 1:
            third = float(np.hypot(*(piece[1] - piece[0]))) / 3
            out.append(np.array([piece[0], piece[0] + third * t1, piece[1] + third * t2, piece[1]]))
            continue
        span = arc[last] - arc[first]
        u = (arc[first:last + 1] - arc[first]) / span if span > 0 else np.linspace(0, 1, last - first + 1)
        u[-1] = 1.0
        cubic = least_squares_cubic(piece, u, t1, t2)
        error, split = worst_distance(piece, cubic, u, tolerance)
        if error > tolerance and error < ITERATION_BOUND * tolerance:
            for _ in range(ITERATIONS):
                u = reparametrize(piece, cubic, u)
                cubic = least_squares_cubic(piece, u, t1, t2)
                error, split = worst_distance(piece, cubic, u, tolerance)
                if error <= tolerance:
                    break
        if error <= tolerance:
            out.append(cubic)
            continue
        k = first + split
        middle = center_tangent(points, arc, k, first, last, reach)
        stack.append((k, last, -middle, t2))
        stack.append((first, k, t1, middle))


def schneider(points, tolerance, angle):
    """A stroke's cubics: split at its corners, then each piece fitted with its end tangents."""
    cubics = []
    if len(points) < 2:
        return cubics
    arc = np.concatenate([[0], np.cumsum(np.hypot(*np.diff(points, axis=0).T))])
    bounds = [0] + corners(points, arc, angle) + [len(points) - 1]
    reach = max(SPACING, TANGENT_REACH * tolerance)
    for low, high in zip(bounds, bounds[1:]):
        start = end_tangent(points, arc, low, low, high, True, reach)
        end = end_tangent(points, arc, high, low, high, False, reach)
        if start is None:  # a piece whose points all coincide
            cubics.append(np.array([points[low]] * 4))
            continue
        if end is None:  # a closed piece whose last points coincide
            end = -start
        fit_piece(points, arc, low, high, start, end, tolerance, reach, cubics)
    return cubics


def path_text(points, cubics):
    """A stroke's fit in the output format of `curves fit`, every number round-tripping exactly."""
    if not cubics:
        return f"M {points[0][0]!r} {points[0][1]!r}"
    words = ["M", repr(float(cubics[0][0][0])), repr(float(cubics[0][0][1]))]
    for cubic in cubics:
        words += ["C"] + [repr(float(value)) for point in cubic[1:] for value in point]
    return " ".join(words)


def schneider_set(strokes, input_path, tolerance, angle, path):
    """Schneider's fits of a set, written as curves would write them, reused while nothing changed."""
    source = "".join(inspect.getsource(function) for function in FITTING)
    key = hashlib.sha256(open(input_path, "rb").read() + f"{tolerance}|{angle}|{TANGENT_REACH}|{CORNER_REACH}|{ITERATIONS}|"
                         f"{ITERATION_BOUND}|{CHECK_SPACING}".encode() + source.encode()).hexdigest()
    record_path = path + ".json"
    if os.path.exists(record_path) and os.path.exists(path):
        record = json.load(open(record_path))
        if record.get("key") == key:
            return record, False
    start = time.perf_counter()
    lines = [path_text(stroke, schneider(stroke, tolerance, angle)) for stroke in strokes]
    seconds = time.perf_counter() - start
    with open(path, "w") as file:
        file.write("\n".join(lines) + "\n")
    record = {"key": key, "seconds": seconds}
    return record, True


# --- reading and checking a fit -------------------------------------------------------------

PATH_TOKEN = re.compile(r"[A-Za-z]|[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?|\S")


def parse_fit(line):
    """One output line as (cubics, its C and L segments, None), lines and lone points made cubics
    of the same shape, or (None, 0, the problem): the contract allows only absolute M, L and C."""
    arity = {"M": 2, "L": 2, "C": 6}
    tokens = PATH_TOKEN.findall(line)
    cubics, segments, command, index, current, drawn = [], 0, None, 0, None, True
    while index < len(tokens):
        if tokens[index].isalpha():
            command = tokens[index]
            if command not in arity:
                return None, 0, f"command {command!r} is not M, L or C"
            index += 1
        elif command is None:
            return None, 0, "a number before the first command"
        if current is None and command != "M":
            return None, 0, f"{command} before M"
        try:
            values = [float(value) for value in tokens[index:index + arity[command]]]
        except ValueError:
            return None, 0, f"not a number among {tokens[index:index + arity[command]]}"
        if len(values) < arity[command]:
            return None, 0, f"{command} with {len(values)} numbers"
        index += arity[command]
        end = (values[-2], values[-1])
        if command == "M":
            if not drawn:
                cubics.append([current] * 4)
            current, drawn, command = end, False, "L"
            continue
        if command == "L":
            cubics.append([current, ((2 * current[0] + end[0]) / 3, (2 * current[1] + end[1]) / 3),
                           ((current[0] + 2 * end[0]) / 3, (current[1] + 2 * end[1]) / 3), end])
        else:
            cubics.append([current, (values[0], values[1]), (values[2], values[3]), end])
        current, drawn, segments = end, True, segments + 1
    if current is None:
        return None, 0, "no M"
    if not drawn:
        cubics.append([current] * 4)
    return np.array(cubics, dtype=float), segments, None


def split(cubic):
    """De Casteljau's halves of a cubic given as 8 floats."""
    x0, y0, x1, y1, x2, y2, x3, y3 = cubic
    ax, ay, bx, by, cx, cy = (x0 + x1) / 2, (y0 + y1) / 2, (x1 + x2) / 2, (y1 + y2) / 2, (x2 + x3) / 2, (y2 + y3) / 2
    dx, dy, ex, ey = (ax + bx) / 2, (ay + by) / 2, (bx + cx) / 2, (by + cy) / 2
    mx, my = (dx + ex) / 2, (dy + ey) / 2
    return (x0, y0, ax, ay, dx, dy, mx, my), (mx, my, ex, ey, cx, cy, x3, y3)


def to_segment(px, py, ax, ay, bx, by):
    """Distance from a point to the segment ab."""
    dx, dy = bx - ax, by - ay
    length = dx * dx + dy * dy
    t = 0.0 if length == 0 else min(1.0, max(0.0, ((px - ax) * dx + (py - ay) * dy) / length))
    return math.hypot(px - ax - t * dx, py - ay - t * dy)


def hull_bound(px, py, cubic):
    """A lower bound of the distance from a point to a cubic: its hull lies within the inner
    control points' distance of the chord, a gap that shrinks quadratically as it is halved."""
    x0, y0, x1, y1, x2, y2, x3, y3 = cubic
    spread = max(to_segment(x1, y1, x0, y0, x3, y3), to_segment(x2, y2, x0, y0, x3, y3))
    return max(0.0, to_segment(px, py, x0, y0, x3, y3) - spread)


def hull_bounds(point, cubics):
    """hull_bound of one point against every cubic of a path at once, to leave out at the start
    of a search the many cubics that cannot be nearer than a distance already found."""
    first, inner, last = cubics[:, 0], cubics[:, 1:3], cubics[:, 3]
    chord = last - first
    length = np.maximum((chord * chord).sum(axis=1), 1e-300)

    def to_chord(p):
        along = np.clip(((p - first) * chord).sum(axis=-1) / length, 0.0, 1.0)
        return np.hypot(*np.moveaxis(p - first - along[..., None] * chord, -1, 0))
    spread = np.maximum(to_chord(inner[:, 0]), to_chord(inner[:, 1]))
    return np.maximum(0.0, to_chord(np.broadcast_to(point, first.shape)) - spread)


def exact_distance(point, cubics, upper, decide=None):
    """(upper, lower) bounds of a point's distance to a path (cubics (m, 4, 2)) by branch and bound
    over halved cubics, within 1e-12 of each other, or once they fall on one side of `decide`."""
    px, py = (float(value) for value in point)
    heap, best = [], upper
    for index in np.nonzero(hull_bounds(point, cubics) < upper)[0].tolist():
        cubic = tuple(cubics[index].reshape(-1).tolist())
        best = min(best, math.hypot(px - cubic[0], py - cubic[1]), math.hypot(px - cubic[6], py - cubic[7]))
        heap.append((hull_bound(px, py, cubic), index, cubic))
    heapq.heapify(heap)
    counter = len(cubics)
    while heap:
        lower = heap[0][0]
        if lower >= best - 1e-12 or (decide is not None and (best <= decide or lower > decide)):
            return best, min(lower, best)
        _, _, cubic = heapq.heappop(heap)
        for half in split(cubic):
            best = min(best, math.hypot(px - half[6], py - half[7]))
            bound = hull_bound(px, py, half)
            if bound < best - 1e-12:
                counter += 1
                heapq.heappush(heap, (bound, counter, half))
    return best, best


def check(strokes, fits, tolerance):
    """Every point's distance to its stroke's fitted path: (points over T + slack, the worst
    distance, the first few points over). Newton's distances settle most points; the bounded
    search settles the rest and the worst exactly."""
    limit = tolerance + SLACK
    over, worst, examples = 0, 0.0, []
    for number, (points, cubics) in enumerate(zip(strokes, fits)):
        upper, lower = upper_distances(cubics, points)
        for index in np.nonzero(upper > limit)[0]:
            if lower[index] <= limit:
                upper[index], _ = exact_distance(points[index], cubics, upper[index], decide=limit)
                if upper[index] <= limit:
                    continue
            over += 1
            if len(examples) < 3:
                examples.append((number, int(index), points[index], float(upper[index])))
        for index in np.argsort(-upper):
            if upper[index] <= worst:
                break
            worst = max(worst, exact_distance(points[index], cubics, upper[index])[0])
    return over, worst, examples


def read_fits(path, strokes):
    """The fitted paths of a set, one a stroke, or the first problem with the output."""
    lines = open(path).read().split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    if len(lines) != len(strokes):
        return None, 0, f"{len(lines)} lines of output for {len(strokes)} strokes"
    fits, segments = [], 0
    for number, line in enumerate(lines):
        cubics, count, problem = parse_fit(line)
        if problem:
            return None, 0, f"stroke {number + 1}: {problem}: {line[:120]!r}"
        fits.append(cubics)
        segments += count
    return fits, segments, None


FITTING = [reach_index, end_tangent, center_tangent, corners, least_squares_cubic, reparametrize, power_basis,
           cubic_distances, few_distances, point_distance, worst_distance, fit_piece, schneider]


# --- running curves -------------------------------------------------------------------------

def run_curves(curves, tolerance, angle, input_path, output_path, runs):
    """The best wall time of `runs` whole processes reading the set from a file and writing to one
    (the first run's output kept), whether the runs' outputs differ, or the failure."""
    command = [curves, "fit", "--tolerance", f"{tolerance:g}", "--corner-angle", f"{angle:g}"]
    times, differs = [], False
    for run in range(runs):
        target = output_path if run == 0 else output_path + ".again"
        with open(input_path, "rb") as stdin, open(target, "wb") as stdout:
            start = time.perf_counter()
            try:
                done = subprocess.run(command, stdin=stdin, stdout=stdout, stderr=subprocess.PIPE)
            except OSError as error:
                return None, False, str(error)
            times.append(time.perf_counter() - start)
        if done.returncode != 0:
            message = done.stderr.decode(errors="replace").strip()[-2000:]
            return None, False, f"exit status {done.returncode}: {message or '(no message)'}"
        if run > 0:
            differs |= open(target, "rb").read() != open(output_path, "rb").read()
            os.remove(target)
    return min(times), differs, None


def start_up(curves, angle, runs):
    """The best wall time of a whole process fitting an empty input: what every run pays first."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        done = subprocess.run([curves, "fit", "--tolerance", "1", "--corner-angle", f"{angle:g}"],
                              stdin=subprocess.DEVNULL, capture_output=True)
        times.append(time.perf_counter() - start)
        if done.returncode != 0:
            return None
    return min(times)


# --- the report -----------------------------------------------------------------------------

def rate(points, seconds):
    """Points a second, readable."""
    return f"{points / seconds:,.0f}" if seconds and seconds > 0 else "-"


def report(rows, startup, angle):
    """The table, the totals a tolerance, and the goals met or not."""
    print(f"\n### `curves fit --corner-angle {angle:g}` against Schneider (1990)\n")
    print("| set | T | strokes | points | Curves segments | Schneider segments | ratio | Curves worst | within T "
          "| best run | points/s | points/s less start-up |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---|---:|---:|---:|")
    hidden = False
    for row in rows:
        ratio = f"{row['curves'] / row['schneider']:.3f}" if row.get("curves") is not None and row["schneider"] else "-"
        within = "-" if row.get("over") is None else "all" if row["over"] == 0 else \
            f"{row['points'] - row['over']:,} ({row['over']:,} over)"
        worst = "-" if row.get("worst") is None else f"{row['worst']:.4f}"
        best = row.get("seconds")
        net = best - startup if best is not None and startup is not None and best - startup > 0.1 * best else None
        hidden |= best is not None and startup is not None and net is None
        curves = "failed" if row.get("failure") else ("-" if row.get("curves") is None else f"{row['curves']:,}")
        print(f"| {row['set']} | {row['tolerance']:g} | {row['strokes']:,} | {row['points']:,} | {curves} | "
              f"{row['schneider']:,} | {ratio} | {worst} | {within} | {'-' if best is None else f'{best:.3f} s'} | "
              f"{rate(row['points'], best)} | {rate(row['points'], net)} |")
    print("\n(- for points/s less start-up: start-up was over 90% of the run)\n" if hidden else "")
    for tolerance in sorted({row["tolerance"] for row in rows}):
        chosen = [row for row in rows if row["tolerance"] == tolerance]
        totals(f"T = {tolerance:g}", chosen)
    goals(rows, startup)


def totals(label, rows):
    """One line of segment totals over rows."""
    theirs = sum(row["schneider"] for row in rows)
    if all(row.get("curves") is not None for row in rows):
        ours = sum(row["curves"] for row in rows)
        print(f"- {label}: Curves {ours:,} segments, Schneider {theirs:,}: ratio {ours / theirs:.3f}")
    else:
        print(f"- {label}: Schneider {theirs:,} segments (Curves did not answer on every set)")


def goals(rows, startup):
    """The goal lines: segments, tolerance and throughput over everything measured."""
    done = [row for row in rows if row.get("curves") is not None]
    theirs = sum(row["schneider"] for row in rows)
    if len(done) == len(rows) and rows:
        ours = sum(row["curves"] for row in rows)
        verdict = "met" if ours <= 0.9 * theirs else "NOT met"
        print(f"- Goal, fewer segments than Schneider by >= 10% on the total: Curves {ours:,}, Schneider "
              f"{theirs:,}, ratio {ours / theirs:.3f}: {verdict}")
    else:
        print(f"- Goal, fewer segments than Schneider by >= 10% on the total (Schneider {theirs:,}): "
              "not measured, Curves failed or was not run")
    checked = [row for row in rows if row.get("over") is not None]
    if checked:
        over = sum(row["over"] for row in checked)
        points = sum(row["points"] for row in checked)
        worst = max(row["worst"] / row["tolerance"] for row in checked)
        verdict = "met" if over == 0 else "NOT met"
        print(f"- Goal, every point within T: {points - over:,} of {points:,}, the worst at {worst:.3f} T: {verdict}")
    timed = [row for row in rows if row.get("seconds") is not None]
    if timed:
        points = sum(row["points"] for row in timed)
        seconds = sum(row["seconds"] for row in timed)
        verdict = "met" if points / seconds >= 1e6 else "NOT met"
        line = (f"- Goal, >= 1,000,000 points a second (whole processes, best of runs, all sets): "
                f"{rate(points, seconds)}: {verdict}")
        if startup is not None:
            net = seconds - startup * len(timed)
            line += f"; less start-up ({1000 * startup:.1f} ms a process): {rate(points, net)}"
        print(line)


# --- main -----------------------------------------------------------------------------------

def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--curves", default=os.path.join(ROOT, ".build", "release", "curves"),
                        help="the curves binary (default .build/release/curves)")
    parser.add_argument("--out", default=os.path.join(ROOT, "Benchmarks", ".build", "fit-bench"),
                        help="where inputs and fits land (default Benchmarks/.build/fit-bench)")
    parser.add_argument("--venv", default=os.path.join(ROOT, "Benchmarks", ".build", "bench", "venv"),
                        help="the venv with fontTools, numpy and scipy (default Benchmarks/.build/bench/venv)")
    parser.add_argument("--quick", action="store_true", help="a small subset of every set, for a fast check")
    parser.add_argument("--runs", type=int, default=5, help="whole processes a set and tolerance (the best counts)")
    parser.add_argument("--tolerances", default="0.5,1,2", help="comma-separated tolerances in units")
    parser.add_argument("--corner-angle", type=float, default=45.0, help="degrees of turn that make a corner, both sides")
    args = parser.parse_args()

    python = venv_python(os.path.abspath(args.venv))
    if os.path.realpath(sys.prefix) != os.path.realpath(os.path.dirname(os.path.dirname(python))):
        os.execv(python, [python, os.path.abspath(__file__), *sys.argv[1:]])
    began = time.perf_counter()
    tolerances = [float(value) for value in args.tolerances.split(",")]
    out = os.path.abspath(args.out)
    for folder in ("inputs", "curves", "schneider"):
        os.makedirs(os.path.join(out, folder), exist_ok=True)
    prefix = "quick-" if args.quick else ""
    curves = os.path.abspath(args.curves)
    have_curves = os.access(curves, os.X_OK)
    if not have_curves:
        print(f"fit-bench: no curves binary at {curves} (make release, or --curves BINARY): Schneider only", file=sys.stderr)

    print("fit-bench: sampling glyphs and icons", file=sys.stderr, flush=True)
    sets = {}
    for name, strokes in build_sets(args.quick).items():
        path = os.path.join(out, "inputs", f"{prefix}{name}.txt")
        write_strokes(path, strokes)
        sets[name] = path, read_strokes(path)
    startup = start_up(curves, args.corner_angle, max(args.runs, 5)) if have_curves else None

    rows, failed = [], not have_curves
    for name, (input_path, strokes) in sets.items():
        points = sum(len(stroke) for stroke in strokes)
        for tolerance in tolerances:
            row = {"set": name, "tolerance": tolerance, "strokes": len(strokes), "points": points}
            stem = f"{prefix}{name}-T{tolerance:g}"
            theirs = os.path.join(out, "schneider", f"{stem}-A{args.corner_angle:g}.txt")
            record, fresh = schneider_set(strokes, input_path, tolerance, args.corner_angle, theirs)
            if fresh:
                print(f"fit-bench: Schneider fitted {name} at T = {tolerance:g} in {record['seconds']:.1f} s; checking it",
                      file=sys.stderr, flush=True)
                fits, record["segments"], problem = read_fits(theirs, strokes)
                record["over"], record["worst"], _ = check(strokes, fits, tolerance)
                json.dump(record, open(theirs + ".json", "w"))
            row["schneider"] = record["segments"]
            if record["over"]:
                failed = True
                print(f"fit-bench: Schneider's fit of {name} at T = {tolerance:g} has {record['over']} points over "
                      f"(worst {record['worst']:.6f}): a bug here", file=sys.stderr)
            if have_curves:
                failed |= measure_curves(row, curves, strokes, tolerance, args, input_path,
                                         os.path.join(out, "curves", f"{stem}.txt"))
            rows.append(row)
    report(rows, startup, args.corner_angle)
    if startup is None and have_curves:
        print("- The start-up run (an empty input) failed.")
        failed = True
    print(f"\nInputs in {out}/inputs, fits in {out}/curves and {out}/schneider; "
          f"this run took {time.perf_counter() - began:.0f} s.")
    return 1 if failed else 0


def measure_curves(row, curves, strokes, tolerance, args, input_path, output_path):
    """Times, reads and checks Curves on one set and tolerance into `row`; whether it failed."""
    print(f"fit-bench: curves fit {row['set']} at T = {tolerance:g}", file=sys.stderr, flush=True)
    seconds, differs, problem = run_curves(curves, tolerance, args.corner_angle, input_path, output_path, args.runs)
    if problem is None:
        fits, segments, problem = read_fits(output_path, strokes)
    if problem is not None:
        row["failure"] = problem
        print(f"- curves fit on {row['set']} at T = {tolerance:g} failed: {problem}")
        return True
    row["seconds"], row["curves"] = seconds, segments
    row["over"], row["worst"], examples = check(strokes, fits, tolerance)
    if differs:
        print(f"- Note: curves fit's output on {row['set']} at T = {tolerance:g} differs between runs.")
    for number, index, point, distance in examples:
        print(f"- {row['set']} T = {tolerance:g}: stroke {number + 1}, point {index + 1} ({point[0]:.6f} "
              f"{point[1]:.6f}) is {distance:.6f} from the fit ({output_path})")
    return row["over"] > 0


if __name__ == "__main__":
    sys.exit(main())
