#!/usr/bin/env python3
"""Offsets measured: `curves path offset --distance D` against two peers on the same shapes:

    glyphs   the outlines of a few letters and digits of DejaVu Sans and DejaVu Serif (em 100
             units, so a letter is about 70 units tall): corners, tight terminals and holes
    blobs    seeded random smooth closed loops of 5 to 9 cubics, 30 to 90 units across

For each shape and distance D (--distances, default 2, -2 and 5; tolerance max(0.001 |D|, 0.01)
units, the one Curves uses) it runs

    CURVES path offset --distance D --join round IN.json -o OUT.json

as a whole process, and checks

  - the bound: the boundary of Curves' result (flattened within 0.001 units) against the
    boundary of shapely's buffer of the shape (flattened within 0.001 units, round joins,
    256 segments a quarter circle): their Hausdorff distance (each one's vertices to the
    other's lines), goal
    within the tolerance plus 0.004 units for the two flattenings;
  - the count: Curves' segments (its self-overlaps removed) against kurbo's (`kurbopy`,
    `offset_cubic` on each segment raised to a cubic, on the shape's outer side, at the same
    tolerance, plus a round join's arc, `Arc.to_cubic_beziers`, at each corner it turns
    around), goal: no more than kurbo's on the total. kurbo's outline keeps its overlaps, so
    its count is what it gives before the overlaps a union would remove;
  - that every segment of the result is a cubic or a line.

    python3 Benchmarks/scripts/offset-bench.py --curves-binary .build/release/curves

kurbopy, shapely and fontTools come from the venv (--venv, default Benchmarks/.build/bench/venv,
shared with the other scripts), completed with them first if needed. Exit status 1 when a
result strays past the bound, holds another kind of segment, or curves fails.
"""
import argparse
import json
import math
import os
import random
import subprocess
import sys
import tempfile
import time
import uuid

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PACKAGES = ["kurbopy", "shapely", "fonttools"]
FONTS = ["/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf"]
CHARACTERS = "aegsBOR38&"
FLATTENING = 0.001


def venv_python(venv):
    """The venv's Python, made (or completed) first with PACKAGES."""
    python = os.path.join(venv, "bin", "python")
    ready = os.path.exists(python) and subprocess.run(
        [python, "-c", "import kurbopy, shapely, fontTools"], capture_output=True).returncode == 0
    if not ready:
        print(f"offset-bench: making the venv {venv} ({', '.join(PACKAGES)})", flush=True)
        if not os.path.exists(python):
            subprocess.run([sys.executable, "-m", "venv", venv], check=True)
        subprocess.run([python, "-m", "pip", "install", "-q", *PACKAGES], check=True)
    return python


# --- shapes: a list of closed contours, each a list of segments (control point tuples) -------

def glyph_shapes():
    """Each character's glyph as one shape, em 100 units, y down."""
    from fontTools.pens.basePen import BasePen
    from fontTools.ttLib import TTFont

    class Pen(BasePen):
        def __init__(self, glyph_set):
            super().__init__(glyph_set)
            self.contours = []

        def _moveTo(self, point):
            self.contours.append([])

        def _lineTo(self, point):
            self.contours[-1].append((self._getCurrentPoint(), point))

        def _qCurveToOne(self, control, point):
            self.contours[-1].append((self._getCurrentPoint(), control, point))

        def _curveToOne(self, first, second, point):
            self.contours[-1].append((self._getCurrentPoint(), first, second, point))

        def _closePath(self):
            start, end = self.contours[-1][0][0], self.contours[-1][-1][-1]
            if start != end:
                self.contours[-1].append((end, start))

    shapes = []
    for path in FONTS:
        if not os.path.exists(path):
            continue
        font = TTFont(path)
        scale = 100.0 / font["head"].unitsPerEm
        glyph_set, cmap = font.getGlyphSet(), font.getBestCmap()
        for character in CHARACTERS:
            pen = Pen(glyph_set)
            glyph_set[cmap[ord(character)]].draw(pen)
            flip = lambda point: (point[0] * scale, 100 - point[1] * scale)
            contours = [[tuple(flip(p) for p in segment) for segment in contour] for contour in pen.contours]
            shapes.append((f"{os.path.basename(path)[:-4]} {character}", contours))
    return shapes


def blob_shapes(count, seed):
    """Star-shaped closed loops of cubics, handles along the polar tangent."""
    rng = random.Random(seed)
    shapes = []
    for index in range(count):
        n = rng.randint(5, 9)
        radius = rng.uniform(15, 45)
        angles = sorted(rng.uniform(0, 2 * math.pi) for _ in range(n))
        radii = [radius * rng.uniform(0.6, 1.0) for _ in range(n)]
        points = [(50 + r * math.cos(a), 50 + r * math.sin(a)) for a, r in zip(angles, radii)]
        segments = []
        for k in range(n):
            a, b = points[k], points[(k + 1) % n]
            ta, tb = angles[k], angles[(k + 1) % n] + (2 * math.pi if k == n - 1 else 0)
            span = (tb - ta) / 3
            ha = (a[0] - span * (a[1] - 50), a[1] + span * (a[0] - 50))
            hb = (b[0] + span * (b[1] - 50), b[1] - span * (b[0] - 50))
            segments.append((a, ha, hb, b))
        shapes.append((f"blob {index}", [segments]))
    return shapes


# --- geometry --------------------------------------------------------------------------------

def point_at(control, t):
    level = list(control)
    while len(level) > 1:
        level = [((1 - t) * p[0] + t * q[0], (1 - t) * p[1] + t * q[1]) for p, q in zip(level, level[1:])]
    return level[0]


def flatten(control):
    """Points on (0, 1] of a segment, chords within FLATTENING of it (Wang's bound on the
    second differences)."""
    if len(control) == 2:
        return [control[1]]
    n = len(control) - 1
    second = max((math.hypot(control[i][0] - 2 * control[i + 1][0] + control[i + 2][0],
                             control[i][1] - 2 * control[i + 1][1] + control[i + 2][1]) for i in range(n - 1)), default=0)
    count = max(1, math.ceil(math.sqrt(n * (n - 1) * second / (8 * FLATTENING))))
    return [point_at(control, k / count) for k in range(1, count + 1)]


def ring(contour):
    points = [contour[0][0]]
    for segment in contour:
        points += flatten(segment)
    return points


def raised(segment):
    """A line or quadratic as the cubic it is."""
    if len(segment) == 2:
        a, b = segment
        return (a, (a[0] + (b[0] - a[0]) / 3, a[1] + (b[1] - a[1]) / 3), (a[0] + 2 * (b[0] - a[0]) / 3, a[1] + 2 * (b[1] - a[1]) / 3), b)
    if len(segment) == 3:
        a, c, b = segment
        return (a, (a[0] + 2 / 3 * (c[0] - a[0]), a[1] + 2 / 3 * (c[1] - a[1])), (b[0] + 2 / 3 * (c[0] - b[0]), b[1] + 2 / 3 * (c[1] - b[1])), b)
    return segment


def direction(control, t):
    """The unit tangent at t = 0 or 1 (the first distinct control point towards it)."""
    points = control if t == 0 else list(reversed(control))
    for q in points[1:]:
        dx, dy = q[0] - points[0][0], q[1] - points[0][1]
        if math.hypot(dx, dy) > 1e-12:
            length = math.hypot(dx, dy)
            return (dx / length, dy / length) if t == 0 else (-dx / length, -dy / length)
    return None


def area_shape(contours):
    """The shape's area under the non-zero rule, from flattened contours (shapely)."""
    from shapely.geometry import Polygon
    from shapely.ops import unary_union
    from shapely import make_valid
    polygons = [make_valid(Polygon(ring(contour))) for contour in contours]
    # Glyph and blob contours do not cross: even-odd and non-zero agree.
    result = polygons[0]
    for polygon in polygons[1:]:
        result = result.symmetric_difference(polygon)
    return unary_union(result)


def kurbo_count(contours, shape, distance, tolerance):
    """kurbo's segments for the same offset: each segment's offset on the outer side (growing)
    or inner side (shrinking), and a round join's arc where the outline turns that way."""
    import kurbopy
    from shapely.geometry import Point as ShapelyPoint
    total = 0
    for contour in contours:
        for index, segment in enumerate(contour):
            cubic = raised(segment)
            if math.hypot(cubic[3][0] - cubic[0][0], cubic[3][1] - cubic[0][1]) < 1e-12 and cubic[1] == cubic[0] and cubic[2] == cubic[3]:
                continue
            kurbo = kurbopy.CubicBez(*(kurbopy.Point(*p) for p in cubic))
            # kurbo offsets to the left for a positive d (y up): pick the sign whose midpoint
            # lies outside the shape when growing, inside when shrinking.
            mid = point_at(cubic, 0.5)
            tangent = (point_at(cubic, 0.501)[0] - point_at(cubic, 0.499)[0], point_at(cubic, 0.501)[1] - point_at(cubic, 0.499)[1])
            length = math.hypot(*tangent) or 1
            probe = (mid[0] - tangent[1] / length * 0.01, mid[1] + tangent[0] / length * 0.01)
            left_inside = shape.contains(ShapelyPoint(probe))
            sign = 1 if left_inside != (distance > 0) else -1
            path = kurbopy.offset_cubic(kurbo, sign * abs(distance), tolerance)
            total += sum(1 for _ in path.elements()) - 1
            # The join at this segment's end, where the outline turns around the offset side.
            following = contour[(index + 1) % len(contour)]
            a, b = direction(cubic, 1), direction(raised(following), 0)
            if a is None or b is None:
                continue
            cross = a[0] * b[1] - a[1] * b[0]
            angle = math.atan2(abs(cross), a[0] * b[0] + a[1] * b[1])
            if angle < 1e-9:
                continue
            # The offset side is left of travel for sign +1; a turn right (cross < 0, y up) opens
            # a gap on the left, to be filled by an arc.
            opens = (cross < 0) == (sign > 0)
            if opens:
                arc = kurbopy.Arc(kurbopy.Point(0, 0), kurbopy.Vec2(abs(distance), abs(distance)), 0.0, angle, 0.0)
                count = [0]
                arc.to_cubic_beziers(tolerance, lambda *points: count.__setitem__(0, count[0] + 1))
                total += count[0]
    return total


# --- Curves -----------------------------------------------------------------------------------

def document(contours):
    subpaths = []
    for contour in contours:
        points = []
        for segment in contour:
            points.append({"id": str(uuid.uuid4()), "x": segment[0][0], "y": segment[0][1], "node": "corner"})
            points += [{"id": str(uuid.uuid4()), "x": p[0], "y": p[1]} for p in segment[1:-1]]
        subpaths.append({"closed": True, "points": points})
    return {"version": 2, "canvas": {"width": 200, "height": 200},
            "curves": [{"id": str(uuid.uuid4()), "style": {"fillRule": "nonzero"}, "subpaths": subpaths}],
            "animation": {"totalSteps": 10, "speed": 50}}


def result_contours(path):
    """Each closed subpath of Curves' output as its segments' control points."""
    with open(path) as handle:
        doc = json.load(handle)
    contours = []
    for curve in doc["curves"]:
        for subpath in curve["subpaths"]:
            points = subpath["points"]
            starts = [i for i in range(len(points)) if "node" in points[i]]
            contour = []
            for k, start in enumerate(starts):
                end = starts[k + 1] if k + 1 < len(starts) else len(points)
                segment = [(p["x"], p["y"]) for p in points[start:end]]
                segment.append((points[end]["x"], points[end]["y"]) if end < len(points) else (points[0]["x"], points[0]["y"]))
                contour.append(tuple(segment))
            contours.append(contour)
    return contours


def run_curves(binary, contours, distance):
    with tempfile.TemporaryDirectory() as directory:
        source, target = os.path.join(directory, "in.json"), os.path.join(directory, "out.json")
        with open(source, "w") as handle:
            json.dump(document(contours), handle)
        start = time.perf_counter()
        subprocess.run([binary, "path", "offset", "--distance", str(distance), "--join", "round", source, "-o", target], check=True)
        elapsed = time.perf_counter() - start
        return result_contours(target), elapsed


def boundary(contours):
    from shapely.geometry import MultiLineString
    return MultiLineString([ring(contour) + [contour[0][0]] for contour in contours])


def hausdorff(a, b):
    """The Hausdorff distance between two sets of lines: every vertex of each to the other's
    lines (its vertices are dense enough that nothing between them strays further)."""
    import numpy
    import shapely
    def one_way(lines, other):
        coordinates = shapely.get_coordinates(lines)
        return float(numpy.max(shapely.distance(shapely.points(coordinates), other))) if len(coordinates) else 0.0
    return max(one_way(a, b), one_way(b, a))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--curves-binary", default=os.path.join(ROOT, ".build/release/curves"))
    parser.add_argument("--distances", default="2,-2,5")
    parser.add_argument("--blobs", type=int, default=20)
    parser.add_argument("--seed", type=int, default=36)
    parser.add_argument("--venv", default=os.path.join(ROOT, "Benchmarks/.build/bench/venv"))
    parser.add_argument("--verbose", action="store_true")
    arguments = parser.parse_args()

    python = venv_python(arguments.venv)
    if os.path.realpath(sys.prefix) != os.path.realpath(arguments.venv) and os.environ.get("OFFSET_BENCH_IN_VENV") != "1":
        os.environ["OFFSET_BENCH_IN_VENV"] = "1"
        os.execv(python, [python, os.path.abspath(__file__)] + sys.argv[1:])
    import shapely

    shapes = glyph_shapes() + blob_shapes(arguments.blobs, arguments.seed)
    distances = [float(d) for d in arguments.distances.split(",")]
    print(f"offset-bench: {len(shapes)} shapes x distances {distances}, curves {arguments.curves_binary}", flush=True)
    failures = 0
    print("| set | D | tolerance | shapes | Curves segments | kurbo segments | ratio | worst distance | within bound | Curves time (total, worst) |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---|---:|")
    for set_name in ["glyphs", "blobs"]:
        chosen = [shape for shape in shapes if shape[0].startswith("blob") == (set_name == "blobs")]
        for distance in distances:
            tolerance = max(0.001 * abs(distance), 0.01)
            bound = tolerance + 4 * FLATTENING
            curves_total = kurbo_total = within = 0
            worst = 0.0
            times = []
            for name, contours in chosen:
                shape = area_shape(contours)
                result, elapsed = run_curves(arguments.curves_binary, contours, distance)
                times.append(elapsed)
                segments = [segment for contour in result for segment in contour]
                if any(len(segment) not in (2, 4) for segment in segments):
                    print(f"  {name} D={distance}: a segment of degree other than 1 or 3", flush=True)
                    failures += 1
                curves_total += len(segments)
                kurbo_total += kurbo_count(contours, shape, distance, tolerance)
                peer = shape.buffer(distance, quad_segs=256, join_style="round")
                if result and not peer.is_empty:
                    gap = hausdorff(boundary(result), peer.boundary)
                else:
                    gap = 0.0 if (not result) == peer.is_empty else math.inf
                worst = max(worst, gap)
                if gap <= bound:
                    within += 1
                else:
                    failures += 1
                    print(f"  {name} D={distance}: {gap:.4f} from shapely's buffer (bound {bound:.4f})", flush=True)
                if arguments.verbose:
                    print(f"  {name} D={distance}: {len(segments)} segments, {gap:.5f}, {elapsed * 1000:.0f} ms", flush=True)
            ratio = curves_total / kurbo_total if kurbo_total else math.nan
            print(f"| {set_name} | {distance:g} | {tolerance:g} | {len(chosen)} | {curves_total:,} | {kurbo_total:,} | {ratio:.3f} | "
                  f"{worst:.4f} | {within}/{len(chosen)} | {sum(times):.2f} s, {max(times) * 1000:.0f} ms |", flush=True)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
