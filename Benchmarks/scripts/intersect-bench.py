#!/usr/bin/env python3
"""Intersections measured: `curves intersect` against the `bezier` package (PyPI) on the same
curves, and its speed on many.

    peer    --pairs seeded random pairs of cubics (and of a cubic and a quadratic) in a
            1000-unit square, each pair two curves of one document: every meeting bezier's
            Curve.intersect finds must be one Curves prints (both parameters within 1e-9 in
            t, the points within 1e-9 of the size), and no more
    speed   --curves seeded random cubics, each 40 to 120 units across, scattered over a
            square whose side grows with their number (so a curve meets a few others, as in
            a drawing): `curves intersect` as a whole process, the best of --runs

    python3 Benchmarks/scripts/intersect-bench.py --curves-binary .build/release/curves

numpy and bezier come from the venv (--venv, default Benchmarks/.build/bench/venv, shared
with the other scripts), completed with them first if needed. `--record FILE` also writes the first 40 peer pairs with bezier's answers as a test fixture
(`Tests/Fixtures/intersections-bezier.json`), which `make test` checks without Python.
"""
import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
import uuid

try:  # there in the venv, where main() runs this script again first
    import numpy as np
    import bezier
except ImportError:
    np = bezier = None

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def venv_python(venv):
    """The venv's Python, made (or completed) first with numpy and bezier."""
    python = os.path.join(venv, "bin", "python")
    ready = os.path.exists(python) and subprocess.run([python, "-c", "import numpy, bezier"], capture_output=True).returncode == 0
    if not ready:
        print(f"intersect-bench: making the venv {venv} (numpy, bezier)", flush=True)
        if not os.path.exists(python):
            subprocess.run([sys.executable, "-m", "venv", venv], check=True)
        subprocess.run([python, "-m", "pip", "install", "-q", "numpy", "bezier"], check=True)
    return python


def document(curves):
    """A Curves document of one open one-segment subpath per curve (control points given)."""
    records = []
    for points in curves:
        ids = [str(uuid.uuid4()) for _ in points]
        records.append({
            "id": str(uuid.uuid4()),
            "subpaths": [{"closed": False, "points": [
                {"id": ids[i], "x": p[0], "y": p[1], **({"node": "corner"} if i in (0, len(points) - 1) else {})}
                for i, p in enumerate(points)
            ]}],
        })
    return {"version": 2, "canvas": {"width": 1000, "height": 1000}, "curves": records,
            "animation": {"totalSteps": 10, "speed": 50}}


def run_intersect(binary, doc):
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as handle:
        json.dump(doc, handle)
        path = handle.name
    start = time.perf_counter()
    out = subprocess.run([binary, "intersect", path], capture_output=True, text=True, check=True).stdout
    elapsed = time.perf_counter() - start
    return [json.loads(line) for line in out.splitlines()], elapsed


def peer_meetings(a, b):
    ca = bezier.Curve(np.asfortranarray(np.array(a, dtype=float).T), degree=len(a) - 1)
    cb = bezier.Curve(np.asfortranarray(np.array(b, dtype=float).T), degree=len(b) - 1)
    try:
        found = ca.intersect(cb)
    except Exception as error:  # bezier refuses some (tangent, coincident) cases
        return None, str(error)
    return sorted(zip(found[0].tolist(), found[1].tolist())), None


def random_pairs(count, rng):
    pairs = []
    for index in range(count):
        degree_b = 2 if index % 5 == 4 else 3
        a = [(rng.uniform(0, 1000), rng.uniform(0, 1000)) for _ in range(4)]
        b = [(rng.uniform(0, 1000), rng.uniform(0, 1000)) for _ in range(degree_b + 1)]
        pairs.append((a, b))
    return pairs


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--curves-binary", default=".build/release/curves")
    parser.add_argument("--pairs", type=int, default=500)
    parser.add_argument("--curves", type=int, default=10000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--record", help="write the first 40 pairs with bezier's answers here")
    parser.add_argument("--venv", default=os.path.join(ROOT, "Benchmarks", ".build", "bench", "venv"))
    arguments = parser.parse_args()
    python = venv_python(os.path.abspath(arguments.venv))
    if os.path.realpath(sys.prefix) != os.path.realpath(os.path.dirname(os.path.dirname(python))):
        os.execv(python, [python, os.path.abspath(__file__), *sys.argv[1:]])
    arguments.curves_binary = os.path.abspath(arguments.curves_binary)
    rng = random.Random(36)

    pairs = random_pairs(arguments.pairs, rng)
    meetings, _ = run_intersect(arguments.curves_binary, document([p for pair in pairs for p in pair]))
    ours = {}
    for line in meetings:
        ours.setdefault((line["a"]["curve"], line["b"]["curve"]), []).append((line["a"]["t"], line["b"]["t"]))
    agreed = missing = extra = refused = 0
    recorded = []
    for index, (a, b) in enumerate(pairs):
        theirs, error = peer_meetings(a, b)
        mine = sorted(ours.get((2 * index, 2 * index + 1), []))
        if theirs is None:
            refused += 1
            continue
        if index < 40:
            recorded.append({"a": a, "b": b, "meetings": theirs})
        unmatched = list(mine)
        for s, t in theirs:
            match = next((m for m in unmatched if abs(m[0] - s) <= 1e-9 and abs(m[1] - t) <= 1e-9), None)
            if match is None:
                missing += 1
                print(f"pair {index}: bezier finds ({s}, {t}); Curves: {mine}", file=sys.stderr)
            else:
                unmatched.remove(match)
                agreed += 1
        extra += len(unmatched)
        for m in unmatched:
            print(f"pair {index}: Curves finds {m}; bezier: {theirs}", file=sys.stderr)
    print(f"peer: {arguments.pairs} pairs, {agreed} meetings agree within 1e-9 in t, "
          f"{missing} bezier finds that Curves does not, {extra} Curves finds that bezier does not, "
          f"{refused} pairs bezier refuses")
    if arguments.record:
        with open(arguments.record, "w") as handle:
            json.dump({"source": "bezier " + bezier.__version__ + ", Curve.intersect; Benchmarks/scripts/intersect-bench.py",
                       "pairs": recorded}, handle, indent=1)
            handle.write("\n")

    side = 1000 * (arguments.curves / 100) ** 0.5
    curves = []
    for _ in range(arguments.curves):
        x, y, size = rng.uniform(0, side), rng.uniform(0, side), rng.uniform(40, 120)
        curves.append([(x + rng.uniform(0, size), y + rng.uniform(0, size)) for _ in range(4)])
    best = None
    for _ in range(arguments.runs):
        found, elapsed = run_intersect(arguments.curves_binary, document(curves))
        best = elapsed if best is None else min(best, elapsed)
    print(f"speed: {arguments.curves} random cubics, {len(found)} meetings, best of {arguments.runs}: "
          f"{best * 1000:.0f} ms a process (goal: under 1000 ms)")
    return 1 if missing or extra else 0


if __name__ == "__main__":
    sys.exit(main())
