#!/usr/bin/env python3
"""`curves analyze` against an independent computation in 50-digit arithmetic (mpmath).

Random segments (seeded) of every degree from 1 to 15 in a 1000-unit square, one curve each,
are written as a document and analysed by `curves analyze`. Each figure is computed again here
from the control points, in the power basis with mpmath at 50 digits: parameters as the real
roots in (0, 1) of the polynomials that define them (x' and y' for extrema, B' x B'' for
inflections, 2 C' S - 3 C S' for curvature's extremes, with C = B' x B'' and S = B' . B';
D . D' for the lowered curve's largest gap), lengths by mpmath's quadrature (on forty pieces), the lowered curve
from the least-squares normal equations. The goal is 1e-9 of exact: parameters within 1e-9,
coordinates and lengths within 1e-9 of the drawing's size (1000 units), curvatures within 1e-9
of the largest curvature's size on that segment.

    python3 Benchmarks/scripts/analyze-check.py --curves-binary .build/release/curves
"""
import argparse
import json
import os
import random
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SIZE = 1000.0

CHECK = r"""
import json, sys
import mpmath as mp
mp.mp.dps = 50
curves, results = json.load(open(sys.argv[1])), [json.loads(line) for line in open(sys.argv[2])]

def power(points):
    # Power-basis coefficients (lowest first) of each coordinate of the Bezier curve.
    n = len(points) - 1
    out = []
    for axis in (0, 1):
        coefficients = []
        for j in range(n + 1):
            coefficients.append(sum(mp.binomial(n, j) * mp.binomial(j, i) * (-1) ** (j - i) * mp.mpf(points[i][axis]) for i in range(j + 1)))
        out.append(coefficients)
    return out

def derivative(c):
    return [k * c[k] for k in range(1, len(c))] or [mp.mpf(0)]

def multiply(a, b):
    out = [mp.mpf(0)] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        for j, y in enumerate(b):
            out[i + j] += x * y
    return out

def add(a, b, sa=1, sb=1):
    n = max(len(a), len(b))
    a, b = a + [mp.mpf(0)] * (n - len(a)), b + [mp.mpf(0)] * (n - len(b))
    return [sa * x + sb * y for x, y in zip(a, b)]

def value(c, t):
    return mp.polyval(list(reversed(c)), t)

def roots(c):
    # Real roots strictly inside (0, 1) where the polynomial changes sign.
    while len(c) > 1 and abs(c[-1]) < mp.mpf(10) ** -40 * max(abs(x) for x in c):
        c = c[:-1]
    if len(c) < 2 or all(x == 0 for x in c):
        return []
    found = mp.polyroots(list(reversed(c)), maxsteps=400, extraprec=400)
    out = []
    for r in found:
        if abs(mp.im(r)) < mp.mpf(10) ** -25 and 0 < mp.re(r) < 1:
            t = mp.re(r)
            h = mp.mpf(10) ** -20
            if value(c, t - h) * value(c, t + h) < 0:
                out.append(t)
    return sorted(out)

def evaluate(p, t):
    return (value(p[0], t), value(p[1], t))

def curvature(p, t):
    dx, dy = derivative(p[0]), derivative(p[1])
    ddx, ddy = derivative(dx), derivative(dy)
    vx, vy, ax, ay = value(dx, t), value(dy, t), value(ddx, t), value(ddy, t)
    speed = mp.sqrt(vx * vx + vy * vy)
    return None if speed == 0 else (vx * ay - vy * ax) / speed ** 3

worst = {}
def note(field, error):
    worst[field] = max(worst.get(field, 0), float(error))

for points, result in zip(curves, results):
    n = len(points) - 1
    p = power(points)
    dx, dy = derivative(p[0]), derivative(p[1])
    ddx, ddy = derivative(dx), derivative(dy)
    note("degree", abs(result["degree"] - n))
    # Forty pieces and the extrema as breaks: |B'| is not smooth where it nearly vanishes.
    breaks = sorted(set(mp.linspace(0, 1, 41)) | set(roots(dx)) | set(roots(dy)))
    length = mp.quad(lambda t: mp.sqrt(value(dx, t) ** 2 + value(dy, t) ** 2), breaks)
    note("length (units)", abs(length - result["length"]))
    ex, ey = roots(dx), roots(dy)
    for name, mine, theirs in (("x", ex, result["extrema"]["x"]), ("y", ey, result["extrema"]["y"])):
        if len(mine) != len(theirs):
            note("extrema missing or extra", 1)
        else:
            for a, b in zip(mine, theirs):
                note("extrema (t)", abs(a - b))
    xs = [evaluate(p, t)[0] for t in [0, 1] + ex]
    ys = [evaluate(p, t)[1] for t in [0, 1] + ey]
    for a, b in zip([min(xs), min(ys), max(xs), max(ys)], result["bounds"]):
        note("bounds (units)", abs(a - b))
    cross = add(multiply(dx, ddy), multiply(dy, ddx), 1, -1)
    inflections = roots(cross) if n >= 3 else []
    if len(inflections) != len(result["inflections"]):
        note("inflections missing or extra", 1)
    else:
        for a, b in zip(inflections, result["inflections"]):
            note("inflections (t)", abs(a - b))
    # Curvature's extremes: ends and the roots of 2 C' S - 3 C S'.
    candidates = [mp.mpf(0), mp.mpf(1)]
    if n >= 2:
        speed2 = add(multiply(dx, dx), multiply(dy, dy))
        numerator = add(multiply(derivative(cross), speed2), multiply(cross, derivative(speed2)), 2, -3)
        candidates += roots(numerator)
    ks = [(t, curvature(p, t)) for t in candidates]
    ks = [(t, k) for t, k in ks if k is not None]
    scale = max(abs(k) for _, k in ks) or mp.mpf(1) / 1000
    low, high = min(ks, key=lambda v: v[1]), max(ks, key=lambda v: v[1])
    for (t, k), key in ((low, "min"), (high, "max")):
        theirs = result["curvature"][key]
        note("curvature (of its size)", abs(k - theirs["k"]) / scale)
        # Where two parameters share the extreme value (a symmetric curve), either is right.
        ties = [tt for tt, kk in ks if abs(kk - k) < mp.mpf(10) ** -30 * scale]
        note("curvature (t)", min(abs(tt - theirs["t"]) for tt in ties))
    # Aligned bounds: the curve in the frame of its chord.
    sx, sy = mp.mpf(points[0][0]), mp.mpf(points[0][1])
    cx, cy = mp.mpf(points[-1][0]) - sx, mp.mpf(points[-1][1]) - sy
    chord = mp.sqrt(cx * cx + cy * cy)
    ux, uy = (cx / chord, cy / chord) if chord > 0 else (mp.mpf(1), mp.mpf(0))
    vx, vy = -uy, ux
    along = [(mp.mpf(x) - sx) * ux + (mp.mpf(y) - sy) * uy for x, y in points]
    across = [(mp.mpf(x) - sx) * vx + (mp.mpf(y) - sy) * vy for x, y in points]
    q = power([(a, b) for a, b in zip(along, across)])
    ta, tb = roots(derivative(q[0])), roots(derivative(q[1]))
    aa = [value(q[0], t) for t in [0, 1] + ta]
    bb = [value(q[1], t) for t in [0, 1] + tb]
    for (a, b), corner in zip([(min(aa), min(bb)), (max(aa), min(bb)), (max(aa), max(bb)), (min(aa), max(bb))], result["alignedBounds"]):
        note("aligned bounds (units)", max(abs(sx + a * ux + b * vx - corner[0]), abs(sy + a * uy + b * vy - corner[1])))
    # Lowering: least squares on the control points, E Q = P.
    e = mp.matrix(n + 1, n)
    for row in range(n + 1):
        if row < n:
            e[row, row] = 1 - mp.mpf(row) / n
        if row > 0:
            e[row, row - 1] = mp.mpf(row) / n
    lowered = []
    for axis in (0, 1):
        column = mp.matrix([mp.mpf(pt[axis]) for pt in points])
        lowered.append(mp.lu_solve(e.T * e, e.T * column))
    for i, corner in enumerate(result["lowered"]["points"]):
        note("lowered points (units)", max(abs(lowered[0][i] - corner[0]), abs(lowered[1][i] - corner[1])))
    raised = [(sum(e[row, j] * lowered[0][j] for j in range(n)), sum(e[row, j] * lowered[1][j] for j in range(n))) for row in range(n + 1)]
    gap = power([(mp.mpf(a[0]) - b[0], mp.mpf(a[1]) - b[1]) for a, b in zip(points, raised)])
    slope = add(multiply(gap[0], derivative(gap[0])), multiply(gap[1], derivative(gap[1])))
    distance = max(mp.sqrt(value(gap[0], t) ** 2 + value(gap[1], t) ** 2) for t in [0, 1] + roots(slope))
    note("lowered distance (units)", abs(distance - result["lowered"]["distance"]))
    # Canonical form: P3 - P0 = a (P1 - P0) + b (P2 - P0) gives the fourth point (b, a + b).
    if n == 3:
        u = [mp.mpf(points[1][i]) - points[0][i] for i in (0, 1)]
        v = [mp.mpf(points[2][i]) - points[0][i] for i in (0, 1)]
        w = [mp.mpf(points[3][i]) - points[0][i] for i in (0, 1)]
        det = u[0] * v[1] - u[1] * v[0]
        a, b = (w[0] * v[1] - w[1] * v[0]) / det, (u[0] * w[1] - u[1] * w[0]) / det
        theirs = result["canonicalPoint"]
        note("canonical point (of its size)", max(abs(b - theirs[0]), abs(a + b - theirs[1])) / max(1, abs(a) + abs(b)))
print(json.dumps(worst))
"""


def venv_python(venv):
    """The venv's Python, made (or completed) first with mpmath."""
    python = os.path.join(venv, "bin", "python")
    if not os.path.exists(python):
        subprocess.run([sys.executable, "-m", "venv", venv], check=True)
    if subprocess.run([python, "-c", "import mpmath"], capture_output=True).returncode != 0:
        subprocess.run([python, "-m", "pip", "install", "-q", "mpmath"], check=True)
    return python


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--curves-binary", default=os.path.join(ROOT, ".build", "release", "curves"))
    parser.add_argument("--per-degree", type=int, default=4)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--venv", default=os.path.join(ROOT, "Benchmarks", ".build", "bench", "venv"))
    arguments = parser.parse_args()
    rng = random.Random(arguments.seed)
    uuid = lambda n: "00000000-0000-4000-8000-%012d" % n
    curves, records = [], []
    for degree in range(1, 16):
        for _ in range(arguments.per_degree):
            points = [(round(rng.uniform(0, SIZE), 6), round(rng.uniform(0, SIZE), 6)) for _ in range(degree + 1)]
            curves.append(points)
            base = 1000 * (len(records) + 1)
            records.append({"id": uuid(len(records) + 1), "subpaths": [{"closed": False, "points": [
                dict({"id": uuid(base + i), "x": x, "y": y}, **({"node": "corner"} if i in (0, degree) else {})) for i, (x, y) in enumerate(points)]}]})
    with tempfile.TemporaryDirectory() as work:
        document, output, points, script = (os.path.join(work, name) for name in ("random.json", "analysis.jsonl", "points.json", "check.py"))
        with open(document, "w") as file:
            json.dump({"version": 4, "canvas": {"width": SIZE, "height": SIZE}, "curves": records, "animation": {"totalSteps": 10, "speed": 50}}, file)
        with open(output, "w") as file:
            subprocess.run([arguments.curves_binary, "analyze", document], check=True, stdout=file)
        with open(points, "w") as file:
            json.dump(curves, file)
        with open(script, "w") as file:
            file.write(CHECK)
        worst = json.loads(subprocess.run([venv_python(arguments.venv), script, points, output], check=True, capture_output=True, text=True).stdout)
    print(f"curves analyze on {len(curves)} random segments of degrees 1 to 15, against mpmath at 50 digits (worst):")
    failed = False
    for field, error in sorted(worst.items()):
        limit = 0 if "missing" in field or field == "degree" else 1e-9 * (SIZE if "units" in field else 1)
        failed |= error > limit
        print(f"  {field}: {error:.3g} (goal {'none' if limit == 0 else f'{limit:g}'})")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
