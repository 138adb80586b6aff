#!/usr/bin/env python3
"""Real players against Curves, frame by frame: Chromium playing `curves export-svg --animated`
(SMIL), each frame drawn beside `curves render --time T --drawing-only`.

Two animations are made here (documents written by this script, nothing taken from elsewhere):

  - square-star: a 10-node square, keyed into a 5-pointed star (10 nodes) at 1 s with
    ease-in-out and back to the square at 2 s with ease-out, red to blue and back; looping;
  - overshoot: a 6-node hexagon whose move overshoots (cubic-bezier(0.3, -0.6, 0.7, 1.6)),
    then holds, then fades out (opacity) with a widening stroke; bouncing (ping-pong).

Each is seeked at every keyframe, half way between, and where its easing differs most from
linear. Chromium (Debian's chromium-headless-shell, run with --no-sandbox) loads the SVG
inline in a page that pauses its animations and sets the time (`pauseAnimations()`,
`setCurrentTime(T)`) and takes a screenshot; Curves' frame is laid on white as the page is.
A frame passes when at most 1% of its pixels differ by more than 40/255 in a channel.

    python3 Benchmarks/scripts/animation-players.py --curves-binary .build/release/curves

Pillow and numpy come from the venv (--venv, default Benchmarks/.build/bench/venv, shared
with the other scripts). Exit status 1 when a frame fails or a tool does.
"""
import argparse
import json
import math
import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PACKAGES = ["pillow", "numpy"]
THRESHOLD, GOAL = 40, 0.01


def venv_python(venv):
    python = os.path.join(venv, "bin", "python")
    ready = os.path.exists(python) and subprocess.run([python, "-c", "import PIL, numpy"], capture_output=True).returncode == 0
    if not ready:
        if not os.path.exists(python):
            subprocess.run([sys.executable, "-m", "venv", venv], check=True)
        subprocess.run([python, "-m", "pip", "install", "-q", *PACKAGES], check=True)
    return python


def uuid(n):
    return "00000000-0000-4000-8000-%012d" % n


def closed_cubics(corners, first_id):
    """A closed subpath through `corners`, each side a straight cubic (handles at thirds)."""
    points = []
    for index, (x, y) in enumerate(corners):
        nx, ny = corners[(index + 1) % len(corners)]
        points.append({"id": uuid(first_id + 3 * index), "x": x, "y": y, "node": "corner"})
        points.append({"id": uuid(first_id + 3 * index + 1), "x": x + (nx - x) / 3, "y": y + (ny - y) / 3})
        points.append({"id": uuid(first_id + 3 * index + 2), "x": x + 2 * (nx - x) / 3, "y": y + 2 * (ny - y) / 3})
    return [{"closed": True, "points": points}]


def polygon(count, center, radius, inner=None, turn=-math.pi / 2):
    corners = []
    for index in range(count):
        r = inner if inner is not None and index % 2 else radius
        angle = turn + 2 * math.pi * index / count
        corners.append((round(center[0] + r * math.cos(angle), 6), round(center[1] + r * math.sin(angle), 6)))
    return corners


def square(count, center, side):
    """`count` corners around a square (its 4 corners and points along its sides)."""
    perimeter, corners = 4 * side, []
    for index in range(count):
        along = perimeter * index / count
        edge, offset = int(along // side), along % side
        x0, y0 = center[0] - side / 2, center[1] - side / 2
        corners.append([(x0 + offset, y0), (x0 + side, y0 + offset), (x0 + side - offset, y0 + side), (x0, y0 + side - offset)][edge])
    return corners


def document(name):
    curve = uuid(1)
    if name == "square-star":
        square_shape, star_shape = closed_cubics(square(10, (100, 100), 120), 100), closed_cubics(polygon(10, (100, 100), 85, inner=35), 200)
        red, blue = {"fill": "#d62728", "stroke": "#1f1f1f", "strokeWidth": 4}, {"fill": "#1f77b4", "stroke": "#1f1f1f", "strokeWidth": 4}
        keys = [{"time": 0, "subpaths": square_shape, "style": red, "easing": "ease-in-out"},
                {"time": 1, "subpaths": star_shape, "style": blue, "easing": "ease-out"},
                {"time": 2, "subpaths": square_shape, "style": red}]
        timeline = {"duration": 2, "fps": 30, "repeat": "loop", "tracks": [{"curve": curve, "keyframes": keys}]}
        subpaths, style = square_shape, red
        times = [0, 0.2, 0.5, 0.8, 1, 1.25, 1.5, 1.9]
    else:
        start, moved = closed_cubics(polygon(6, (50, 100), 40), 100), closed_cubics(polygon(6, (150, 100), 40), 200)
        look = {"fill": "#2ca02c", "stroke": "#000000", "strokeWidth": 2, "opacity": 1}
        faded = dict(look, strokeWidth=10, opacity=0.2)
        keys = [{"time": 0, "subpaths": start, "style": look, "easing": "cubic-bezier(0.3, -0.6, 0.7, 1.6)"},
                {"time": 1, "subpaths": moved, "style": look, "easing": "hold"},
                {"time": 1.5, "subpaths": start, "style": look, "easing": "ease-in"},
                {"time": 2, "subpaths": start, "style": faded}]
        timeline = {"duration": 2, "fps": 30, "repeat": "pingPong", "tracks": [{"curve": curve, "keyframes": keys}]}
        subpaths, style = start, look
        times = [0, 0.15, 0.5, 0.85, 1, 1.25, 1.49, 1.5, 1.75, 2, 2.55, 3.2]
    doc = {"version": 4, "canvas": {"width": 200, "height": 200},
           "curves": [{"id": curve, "style": style, "subpaths": subpaths}],
           "animation": {"totalSteps": 10, "speed": 50}, "timeline": timeline}
    return doc, times


PAGE = """<!doctype html><html><body style="margin:0;background:white">%s
<script>const s = document.querySelector('svg'); s.pauseAnimations(); s.setCurrentTime(%r);</script></body></html>"""

COMPARE = r"""
import sys, numpy
from PIL import Image
curves, chrome = sys.argv[1], sys.argv[2]
a = numpy.asarray(Image.open(curves).convert("RGBA"), dtype=numpy.float64)
alpha = a[..., 3:4] / 255
a = a[..., :3] * alpha + 255 * (1 - alpha)
b = numpy.asarray(Image.open(chrome).convert("RGB"), dtype=numpy.float64)[:a.shape[0], :a.shape[1]]
off = (numpy.abs(a - b).max(axis=2) > %d).mean()
print(off)
""" % THRESHOLD


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--curves-binary", default=os.path.join(ROOT, ".build", "release", "curves"))
    parser.add_argument("--venv", default=os.path.join(ROOT, "Benchmarks", ".build", "bench", "venv"))
    parser.add_argument("--chromium", default=shutil.which("chromium-headless-shell") or shutil.which("chromium"))
    arguments = parser.parse_args()
    if not arguments.chromium:
        sys.exit("animation-players: Chromium is not installed (apt-get install chromium-headless-shell)")
    python = venv_python(arguments.venv)
    failures, worst = 0, 0.0
    with tempfile.TemporaryDirectory() as work:
        compare = os.path.join(work, "compare.py")
        with open(compare, "w") as file:
            file.write(COMPARE)
        for name in ["square-star", "overshoot"]:
            doc, times = document(name)
            path = os.path.join(work, name + ".json")
            with open(path, "w") as file:
                json.dump(doc, file)
            svg_path = os.path.join(work, name + ".svg")
            subprocess.run([arguments.curves_binary, "export-svg", path, "--animated", "-o", svg_path], check=True)
            with open(svg_path) as file:
                svg = file.read().split("?>", 1)[1]
            rows = []
            for time in times:
                ours, theirs, page = (os.path.join(work, f"{name}-{time}-{who}") for who in ("curves.png", "chrome.png", "page.html"))
                subprocess.run([arguments.curves_binary, "render", path, "--drawing-only", "--time", str(time), "-o", ours], check=True)
                with open(page, "w") as file:
                    file.write(PAGE % (svg, float(time)))
                subprocess.run([arguments.chromium, "--no-sandbox", "--hide-scrollbars", "--window-size=200,200",
                                f"--screenshot={theirs}", "file://" + page], check=True, capture_output=True)
                off = float(subprocess.run([python, compare, ours, theirs], check=True, capture_output=True, text=True).stdout)
                worst = max(worst, off)
                failures += off > GOAL
                rows.append(f"{time:g} s: {100 * off:.2f}%")
            print(f"SMIL {name}: pixels off by more than {THRESHOLD}/255, Chromium against curves render --time:")
            print("  " + ", ".join(rows))
    print(f"worst frame: {100 * worst:.2f}% (goal at most {100 * GOAL:g}%); {failures} frames over")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
