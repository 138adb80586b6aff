#!/usr/bin/env python3
"""How long exporting a timeline takes: 10 s at 30 fps of a 1,000-curve morph.

The document is made here (seeded): 1,000 curves on an 800 x 600 canvas, each a square of 4
lines keyed into a star of 8 to 12 corners at 1 s and back at 2 s (a morph, which Curves makes
correspond when it opens the file), colour and opacity moving too, ease-in-out, looping. Each
export runs as a whole process, timed by wall clock (best of --runs):

    CURVES render MORPH.json --animate --duration 10 -o OUT.gif    (300 frames)
    CURVES render MORPH.json --animate --duration 10 -o OUT.png    (animated PNG)
    CURVES render MORPH.json --animate --duration 10 -o OUT.webm   (VP9), and OUT.mp4 (H.264)
    CURVES export-svg MORPH.json --animated -o OUT.svg
    CURVES export-lottie MORPH.json -o OUT.json

Goal: the GIF, the APNG and the videos each under 10 s.

    python3 Benchmarks/scripts/timeline-export-bench.py --curves-binary .build/release/curves
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

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def morph_document(count, seed):
    rng = random.Random(seed)
    uuid = lambda n: "00000000-0000-4000-8000-%012d" % n
    curves, tracks, next_id = [], [], 10 ** 6

    def subpath(corners):
        nonlocal next_id
        points = [{"id": uuid(next_id + i), "x": round(x, 3), "y": round(y, 3), "node": "corner"} for i, (x, y) in enumerate(corners)]
        next_id += len(corners)
        return [{"closed": True, "points": points}]

    for index in range(count):
        cx, cy, r = rng.uniform(20, 780), rng.uniform(20, 580), rng.uniform(6, 18)
        square = [(cx - r, cy - r), (cx + r, cy - r), (cx + r, cy + r), (cx - r, cy + r)]
        corners = rng.choice([8, 10, 12])
        star = [(cx + (r * 1.4 if i % 2 == 0 else r * 0.6) * math.cos(2 * math.pi * i / corners),
                 cy + (r * 1.4 if i % 2 == 0 else r * 0.6) * math.sin(2 * math.pi * i / corners)) for i in range(corners)]
        colour = "#%02x%02x%02x" % (rng.randrange(256), rng.randrange(256), rng.randrange(256))
        a = {"fill": colour, "stroke": "#202020", "strokeWidth": 1, "opacity": 1}
        b = dict(a, fill="#%02x%02x%02x" % (rng.randrange(256), rng.randrange(256), rng.randrange(256)), opacity=0.6)
        curve = uuid(index + 1)
        start = subpath(square)
        curves.append({"id": curve, "style": a, "subpaths": start})
        tracks.append({"curve": curve, "keyframes": [
            {"time": 0, "subpaths": start, "style": a, "easing": "ease-in-out"},
            {"time": 1, "subpaths": subpath(star), "style": b, "easing": "ease-in-out"},
            {"time": 2, "subpaths": subpath(square), "style": a}]})
    return {"version": 4, "canvas": {"width": 800, "height": 600}, "curves": curves,
            "animation": {"totalSteps": 10, "speed": 50}, "timeline": {"duration": 2, "fps": 30, "repeat": "loop", "tracks": tracks}}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--curves-binary", default=os.path.join(ROOT, ".build", "release", "curves"))
    parser.add_argument("--curves", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=2)
    parser.add_argument("--write", help="Only write the document (for benchmark-frames --document) to this path.")
    arguments = parser.parse_args()
    if arguments.write:
        with open(arguments.write, "w") as file:
            json.dump(morph_document(arguments.curves, 7), file)
        return
    failed = False
    with tempfile.TemporaryDirectory() as work:
        path = os.path.join(work, "morph.json")
        with open(path, "w") as file:
            json.dump(morph_document(arguments.curves, 7), file)
        exports = [("GIF, 300 frames", ["render", path, "--animate", "--duration", "10", "-o", os.path.join(work, "out.gif")], 10),
                   ("APNG, 300 frames", ["render", path, "--animate", "--duration", "10", "-o", os.path.join(work, "out.png")], 10),
                   ("WebM (VP9), 300 frames", ["render", path, "--animate", "--duration", "10", "-o", os.path.join(work, "out.webm")], 10),
                   ("MP4 (H.264), 300 frames", ["render", path, "--animate", "--duration", "10", "-o", os.path.join(work, "out.mp4")], 10),
                   ("SMIL (export-svg --animated)", ["export-svg", path, "--animated", "-o", os.path.join(work, "out.svg")], None),
                   ("Lottie (export-lottie)", ["export-lottie", path, "-o", os.path.join(work, "out-lottie.json")], None)]
        print(f"exporting 10 s at 30 fps of a {arguments.curves:,}-curve morph, 800x600 (best of {arguments.runs}):")
        for name, command, goal in exports:
            best = math.inf
            for _ in range(arguments.runs):
                start = time.perf_counter()
                subprocess.run([arguments.curves_binary, *command], check=True)
                best = min(best, time.perf_counter() - start)
            size = os.path.getsize(command[-1])
            verdict = "" if goal is None else (" (goal under %d s)" % goal)
            print(f"  {name}: {best:.2f} s, {size / 1e6:.1f} MB{verdict}")
            failed |= goal is not None and best >= goal
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
