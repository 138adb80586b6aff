#!/usr/bin/env python3
"""Boolean operations measured: `curves path OP` against skia-pathops (PyPI: Skia's PathOps)
on the same shapes, and the union of many shapes against Skia's `simplify`.

    peer    --pairs seeded random pairs of closed cubic blobs (some crossing themselves,
            each under a random fill rule), every one of union, difference, intersection
            and exclusion: the area of Curves' result (exact, by Green's theorem) within
            1e-6 of the area of Skia's `op` on the same pair (for exclusion, Skia's union
            less its intersection: its XOR of shapes under different fill rules is not
            always right); where one is off, whose: each side's own areas must add up
            (A + B = A ∪ B + A ∩ B), and Skia's single-precision paths do not, within 1e-6
    speed   --blobs seeded random blobs (simple closed loops of 5 to 9 cubics, 30 to 90
            units across, all wound one way) scattered so each overlaps a few others: the
            union of all of them by `curves path union` as a whole process, against a whole
            Python process that reads the same shapes and runs skia-pathops' `simplify`
            (the same union, the blobs being simple and wound one way); best of --runs,
            and the two areas compared

    python3 Benchmarks/scripts/boolean-bench.py --curves-binary .build/release/curves

skia-pathops comes from the venv (--venv, default Benchmarks/.build/bench/venv, shared with
the other scripts), completed with it first if needed. `--record FILE` writes the first 12
peer pairs with Skia's areas as a test fixture (`Tests/Fixtures/booleans-skia.json`), which
`make test` checks without Python.
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

try:  # there in the venv, where main() runs this script again first
    import pathops
except ImportError:
    pathops = None

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OPERATIONS = ["union", "difference", "intersection", "exclusion"]


def venv_python(venv):
    """The venv's Python, made (or completed) first with skia-pathops."""
    python = os.path.join(venv, "bin", "python")
    ready = os.path.exists(python) and subprocess.run([python, "-c", "import pathops"], capture_output=True).returncode == 0
    if not ready:
        print(f"boolean-bench: making the venv {venv} (skia-pathops)", flush=True)
        if not os.path.exists(python):
            subprocess.run([sys.executable, "-m", "venv", venv], check=True)
        subprocess.run([python, "-m", "pip", "install", "-q", "skia-pathops"], check=True)
    return python


def random_blob(rng, centre, low, high, simple):
    """A closed loop of cubics [(p0, p1, p2, p3), ...] around centre. Simple: a star-shaped
    loop, clockwise on a y-down screen, handles along its polar tangent; else handles jittered
    freely, so it may cross itself."""
    count = rng.randint(5, 9) if simple else rng.randint(3, 7)
    angles = sorted(i / count * 2 * math.pi + rng.uniform(-0.25, 0.25) * 2 * math.pi / count for i in range(count))
    radii = [rng.uniform(low, high) for _ in angles]
    nodes = [(centre[0] + r * math.cos(a), centre[1] + r * math.sin(a)) for a, r in zip(angles, radii)]
    segments = []
    for i in range(count):
        a, b = nodes[i], nodes[(i + 1) % count]
        if simple:
            span = (angles[(i + 1) % count] - angles[i]) % (2 * math.pi)
            def handle(node, angle, radius, sign):
                k = 4 / 3 * math.tan(span / 4) * radius * sign
                return (node[0] - k * math.sin(angle), node[1] + k * math.cos(angle))
            p1 = handle(a, angles[i], radii[i], 1)
            p2 = handle(b, angles[(i + 1) % count], radii[(i + 1) % count], -1)
        else:
            p1 = (a[0] + (b[0] - a[0]) / 3 + rng.uniform(-20, 20), a[1] + (b[1] - a[1]) / 3 + rng.uniform(-20, 20))
            p2 = (a[0] + 2 * (b[0] - a[0]) / 3 + rng.uniform(-20, 20), a[1] + 2 * (b[1] - a[1]) / 3 + rng.uniform(-20, 20))
        segments.append((a, p1, p2, b))
    return segments


def document(shapes, size):
    """A Curves document, a curve of one closed subpath per shape: (segments, rule)."""
    records = []
    for segments, rule in shapes:
        points = []
        for a, p1, p2, _ in segments:
            points += [{"id": str(uuid.uuid4()), "x": a[0], "y": a[1], "node": "corner"},
                       {"id": str(uuid.uuid4()), "x": p1[0], "y": p1[1]},
                       {"id": str(uuid.uuid4()), "x": p2[0], "y": p2[1]}]
        records.append({"id": str(uuid.uuid4()), "style": {"fillRule": rule},
                        "subpaths": [{"closed": True, "points": points}]})
    return {"version": 2, "canvas": {"width": size, "height": size}, "curves": records,
            "animation": {"totalSteps": 10, "speed": 50}}


GAUSS = [(-0.9602898564975363, 0.1012285362903763), (-0.7966664774136267, 0.2223810344533745),
         (-0.5255324099163290, 0.3137066458778873), (-0.1834346424956498, 0.3626837833783620),
         (0.1834346424956498, 0.3626837833783620), (0.5255324099163290, 0.3137066458778873),
         (0.7966664774136267, 0.2223810344533745), (0.9602898564975363, 0.1012285362903763)]


def bezier_area(points):
    """∫ x dy along a Bézier segment of any degree up to 7, exactly (8-point Gauss-Legendre)."""
    n = len(points) - 1
    total = 0.0
    for node, weight in GAUSS:
        t = (node + 1) / 2
        level = list(points)
        derivative = [(n * (q[0] - p[0]), n * (q[1] - p[1])) for p, q in zip(points, points[1:])]
        while len(level) > 1:
            level = [((1 - t) * p[0] + t * q[0], (1 - t) * p[1] + t * q[1]) for p, q in zip(level, level[1:])]
        while len(derivative) > 1:
            derivative = [((1 - t) * p[0] + t * q[0], (1 - t) * p[1] + t * q[1]) for p, q in zip(derivative, derivative[1:])]
        total += weight / 2 * level[0][0] * derivative[0][1]
    return total


def curves_area(path):
    """The area a Curves document's curves enclose: the sum of each closed subpath's signed
    area (Curves winds outer boundaries positive and holes negative)."""
    with open(path) as handle:
        doc = json.load(handle)
    total = 0.0
    for curve in doc["curves"]:
        for subpath in curve["subpaths"]:
            points = subpath["points"]
            starts = [0] + [i for i in range(1, len(points)) if "node" in points[i]]
            for k, start in enumerate(starts):
                end = starts[k + 1] if k + 1 < len(starts) else len(points)
                segment = [(p["x"], p["y"]) for p in points[start:end + 1]] if end < len(points) else \
                    [(p["x"], p["y"]) for p in points[start:]] + [(points[0]["x"], points[0]["y"])]
                total += bezier_area(segment)
    return total


def skia_path(segments, rule):
    path = pathops.Path(fillType=pathops.FillType.EVEN_ODD if rule == "evenodd" else pathops.FillType.WINDING)
    path.moveTo(*segments[0][0])
    for _, p1, p2, p3 in segments:
        path.cubicTo(*p1, *p2, *p3)
    path.close()
    return path


def skia_area(path):
    """Σ ∫ x dy over the path's segments (Skia's simplified output: holes wound against outer
    boundaries), by the same exact quadrature as Curves' result."""
    total = 0.0
    start = current = None
    for verb, points in path.segments:
        if verb == "moveTo":
            start = current = points[0]
        elif verb in ("lineTo", "qCurveTo", "curveTo"):
            total += bezier_area([current, *points])
            current = points[-1]
        elif verb in ("closePath", "endPath"):
            if current != start:
                total += bezier_area([current, start])
            current = start
    return abs(total)


def run_curves(binary, operation, doc):
    with tempfile.TemporaryDirectory() as directory:
        source, target = os.path.join(directory, "in.json"), os.path.join(directory, "out.json")
        with open(source, "w") as handle:
            json.dump(doc, handle)
        start = time.perf_counter()
        subprocess.run([binary, "path", operation, source, "-o", target], check=True)
        elapsed = time.perf_counter() - start
        return curves_area(target), elapsed


SKIA_PROCESS = r"""
import json, sys, pathops
shapes = json.load(open(sys.argv[1]))
path = pathops.Path()
for segments in shapes:
    path.moveTo(*segments[0][0])
    for _, p1, p2, p3 in segments:
        path.cubicTo(*p1, *p2, *p3)
    path.close()
path.simplify()
json.dump({"verbs": len(list(path.segments))}, open(sys.argv[2], "w"))
"""


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--curves-binary", default=".build/release/curves")
    parser.add_argument("--pairs", type=int, default=200)
    parser.add_argument("--blobs", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--record", help="write the first 12 pairs with Skia's areas here")
    parser.add_argument("--venv", default=os.path.join(ROOT, "Benchmarks", ".build", "bench", "venv"))
    arguments = parser.parse_args()
    python = venv_python(os.path.abspath(arguments.venv))
    if os.path.realpath(sys.prefix) != os.path.realpath(os.path.dirname(os.path.dirname(python))):
        os.execv(python, [python, os.path.abspath(__file__), *sys.argv[1:]])
    arguments.curves_binary = os.path.abspath(arguments.curves_binary)
    rng = random.Random(36)

    worst, failures, explained, recorded = 0.0, 0, 0, []
    for index in range(arguments.pairs):
        shapes = [(random_blob(rng, (rng.uniform(30, 70), rng.uniform(30, 70)), 15, 45, simple=False),
                   rng.choice(["nonzero", "evenodd"])) for _ in range(2)]
        doc = document(shapes, 100)
        areas, our_areas, pair_failures = {}, {}, 0
        for operation in OPERATIONS:
            ours, _ = run_curves(arguments.curves_binary, operation, doc)
            our_areas[operation] = ours
            skia_op = {"union": pathops.PathOp.UNION, "difference": pathops.PathOp.DIFFERENCE,
                       "intersection": pathops.PathOp.INTERSECTION, "exclusion": pathops.PathOp.XOR}[operation]
            theirs = skia_area(pathops.op(skia_path(*shapes[0]), skia_path(*shapes[1]), skia_op))
            if operation == "exclusion":
                # Skia's XOR of shapes under different fill rules can lose or double a part
                # (3839.50 where its own union minus intersection is 2887.81); an exclusion's
                # area is the union's less the intersection's.
                theirs = areas["union"] - areas["intersection"]
            areas[operation] = theirs
            error = abs(ours - theirs) / max(theirs, 1)
            worst = max(worst, error)
            if error > 1e-6:
                failures += 1
                pair_failures += 1
                print(f"pair {index} {operation}: Curves {ours}, Skia {theirs}", file=sys.stderr)
        if pair_failures:
            # Whose area is off: each side's own areas must add up, A + B = A ∪ B + A ∩ B.
            # Skia's paths are single precision, so its sums miss by about its discrepancy.
            alone = [run_curves(arguments.curves_binary, "union", document([shape], 100))[0] for shape in shapes]
            ours_residual = abs(alone[0] + alone[1] - our_areas["union"] - our_areas["intersection"])
            skia_alone = []
            for shape in shapes:
                path = skia_path(*shape)
                path.simplify()
                skia_alone.append(skia_area(path))
            skia_residual = abs(skia_alone[0] + skia_alone[1] - areas["union"] - areas["intersection"])
            scale = max(our_areas["union"], 1)
            print(f"  pair {index}: A + B - union - intersection, Curves {ours_residual:.1e}, Skia {skia_residual:.1e}", file=sys.stderr)
            if ours_residual <= 1e-9 * scale and skia_residual > 1000 * ours_residual:
                explained += pair_failures
        if index < 12:
            recorded.append({"shapes": [{"segments": s, "rule": r} for s, r in shapes], "areas": areas})
    print(f"peer: {arguments.pairs} pairs x {len(OPERATIONS)} operations, {failures} areas more than 1e-6 "
          f"from skia-pathops {pathops.__version__}'s ({explained} of them where Curves' own areas add up, "
          f"A + B = union + intersection within 1e-9, and Skia's miss by a thousand times more); "
          f"the largest difference {worst:.1e} of the area")
    if arguments.record:
        with open(arguments.record, "w") as handle:
            json.dump({"source": f"skia-pathops {pathops.__version__}, op(); Benchmarks/scripts/boolean-bench.py",
                       "pairs": recorded}, handle, indent=1)
            handle.write("\n")

    side = 60 * arguments.blobs ** 0.5
    blobs = [random_blob(rng, (rng.uniform(0, side), rng.uniform(0, side)), 15, 45, simple=True) for _ in range(arguments.blobs)]
    doc = document([(b, "nonzero") for b in blobs], side)
    best = skia_best = None
    with tempfile.TemporaryDirectory() as directory:
        shapes, out = os.path.join(directory, "shapes.json"), os.path.join(directory, "out.json")
        with open(shapes, "w") as handle:
            json.dump(blobs, handle)
        for _ in range(arguments.runs):
            area, elapsed = run_curves(arguments.curves_binary, "union", doc)
            best = elapsed if best is None else min(best, elapsed)
            start = time.perf_counter()
            subprocess.run([sys.executable, "-c", SKIA_PROCESS, shapes, out], check=True)
            elapsed = time.perf_counter() - start
            skia_best = elapsed if skia_best is None else min(skia_best, elapsed)
    # Skia in-process too (issue 57's race): the paths built and simplified, Python's start
    # and the file's reading left out.
    in_process = None
    for _ in range(arguments.runs):
        start = time.perf_counter()
        united = pathops.Path()
        for b in blobs:
            united.addPath(skia_path(b, "nonzero"))
        united.simplify()
        elapsed = time.perf_counter() - start
        in_process = elapsed if in_process is None else min(in_process, elapsed)
    theirs = skia_area(united)
    print(f"speed: union of {arguments.blobs} random blobs, best of {arguments.runs}: Curves {best * 1000:.0f} ms a process, "
          f"skia-pathops simplify {skia_best * 1000:.0f} ms a process, {in_process * 1000:.0f} ms in-process "
          f"(Curves / Skia in-process: {best / in_process:.2f}x; goal at most 1.0x); areas {area:.6f} and {theirs:.6f} "
          f"({abs(area - theirs) / theirs:.1e} apart)")
    return 1 if failures > explained else 0


if __name__ == "__main__":
    sys.exit(main())
