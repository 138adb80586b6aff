#!/usr/bin/env python3
"""Morph quality: how far Curves moves the nodes of one shape to turn it into another, against
the least possible and against flubber (pyflubber, the Python port of flubber) on the same pairs.

For --pairs seeded random pairs of closed polygons (regular polygons and stars of 3 to 12
corners, each turned, scaled and placed at random on a 400-unit canvas, the two of a pair with
different corner counts), it writes a document whose one curve is keyed from the first shape
at 0 s to the second at 1 s, runs

    CURVES export-lottie PAIR.json -o PAIR-lottie.json

and reads the vertices Curves made to correspond at both keyframes. Then:

  - least: Curves' total node travel (the sum of each node's distance from its place in the
    first shape to its place in the second) against the least over every start node and
    direction of the second shape's nodes; goal at most 1.05;
  - flubber: the mean distance a point travels in Curves' morph against flubber's
    (`pyflubber.interpolate`, whose points at t = 0 and t = 1 correspond); goal less.

    python3 Benchmarks/scripts/morph-bench.py --curves-binary .build/release/curves

numpy and pyflubber come from the venv (--venv, default Benchmarks/.build/bench/venv, shared
with the other scripts). Exit status 1 when a goal is missed or curves fails.
"""
import argparse
import json
import math
import os
import random
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PACKAGES = ["numpy", "pyflubber"]

FLUBBER = r"""
import json, sys, numpy, pyflubber
pairs = json.load(open(sys.argv[1]))
means = []
for first, second in pairs:
    start = pyflubber.interpolate(numpy.array(first, dtype=float), numpy.array(second, dtype=float), 0.0)
    end = pyflubber.interpolate(numpy.array(first, dtype=float), numpy.array(second, dtype=float), 1.0)
    means.append(float(numpy.linalg.norm(end - start, axis=1).mean()))
print(json.dumps(means))
"""


def venv_python(venv):
    python = os.path.join(venv, "bin", "python")
    ready = os.path.exists(python) and subprocess.run([python, "-c", "import numpy, pyflubber"], capture_output=True).returncode == 0
    if not ready:
        if not os.path.exists(python):
            subprocess.run([sys.executable, "-m", "venv", venv], check=True)
        subprocess.run([python, "-m", "pip", "install", "-q", *PACKAGES], check=True)
    return python


def shape(rng, corners):
    """A regular polygon or a star of `corners` corners, turned, scaled and placed at random."""
    star = corners >= 6 and corners % 2 == 0 and rng.random() < 0.5
    radius, centre, turn = rng.uniform(40, 120), (rng.uniform(120, 280), rng.uniform(120, 280)), rng.uniform(0, 2 * math.pi)
    points = []
    for index in range(corners):
        r = radius * (0.45 if star and index % 2 else 1)
        angle = turn + 2 * math.pi * index / corners
        points.append((round(centre[0] + r * math.cos(angle), 6), round(centre[1] + r * math.sin(angle), 6)))
    return points


def document(first, second):
    uuid = lambda n: "00000000-0000-4000-8000-%012d" % n
    def subpaths(corners, base):
        return [{"closed": True, "points": [{"id": uuid(base + i), "x": x, "y": y, "node": "corner"} for i, (x, y) in enumerate(corners)]}]
    return {"version": 4, "canvas": {"width": 400, "height": 400},
            "curves": [{"id": uuid(1), "subpaths": subpaths(first, 100)}], "animation": {"totalSteps": 10, "speed": 50},
            "timeline": {"duration": 1, "tracks": [{"curve": uuid(1), "keyframes": [
                {"time": 0, "subpaths": subpaths(first, 100)}, {"time": 1, "subpaths": subpaths(second, 200)}]}]}}


def travel(a, b):
    return sum(math.dist(p, q) for p, q in zip(a, b))


def least(a, b):
    best = math.inf
    for way in (b, b[::-1]):
        for start in range(len(way)):
            best = min(best, travel(a, way[start:] + way[:start]))
    return best


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--curves-binary", default=os.path.join(ROOT, ".build", "release", "curves"))
    parser.add_argument("--venv", default=os.path.join(ROOT, "Benchmarks", ".build", "bench", "venv"))
    parser.add_argument("--pairs", type=int, default=60)
    parser.add_argument("--seed", type=int, default=37)
    arguments = parser.parse_args()
    python = venv_python(arguments.venv)
    rng = random.Random(arguments.seed)
    pairs, ratios, ours = [], [], []
    with tempfile.TemporaryDirectory() as work:
        for number in range(arguments.pairs):
            counts = rng.sample(range(3, 13), 2)
            first, second = shape(rng, counts[0]), shape(rng, counts[1])
            pairs.append((first, second))
            path, out = os.path.join(work, f"pair-{number}.json"), os.path.join(work, f"pair-{number}-lottie.json")
            with open(path, "w") as file:
                json.dump(document(first, second), file)
            subprocess.run([arguments.curves_binary, "export-lottie", path, "-o", out], check=True)
            with open(out) as file:
                keys = json.load(file)["layers"][0]["shapes"][0]["it"][0]["ks"]["k"]
            a, b = [list(map(tuple, key["s"][0]["v"])) for key in keys[:2]]
            ratios.append(travel(a, b) / max(least(a, b), 1e-12))
            ours.append(travel(a, b) / len(a))
        pairs_path = os.path.join(work, "pairs.json")
        with open(pairs_path, "w") as file:
            json.dump(pairs, file)
        script = os.path.join(work, "flubber.py")
        with open(script, "w") as file:
            file.write(FLUBBER)
        theirs = json.loads(subprocess.run([python, script, pairs_path], check=True, capture_output=True, text=True).stdout)
    worst = max(ratios)
    mean_ours, mean_theirs = sum(ours) / len(ours), sum(theirs) / len(theirs)
    fewer = sum(o < t for o, t in zip(ours, theirs))
    print(f"morphs of {len(pairs)} random polygon pairs (3 to 12 corners, different counts):")
    print(f"  node travel against the least over start nodes and directions: worst {worst:.4f}, mean {sum(ratios) / len(ratios):.4f} (goal at most 1.05)")
    print(f"  mean distance a point travels: Curves {mean_ours:.2f}, flubber {mean_theirs:.2f} units; Curves' is less on {fewer} of {len(pairs)} pairs (goal: less)")
    sys.exit(0 if worst <= 1.05 and mean_ours < mean_theirs else 1)


if __name__ == "__main__":
    main()
