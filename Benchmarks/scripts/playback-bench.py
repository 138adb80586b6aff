#!/usr/bin/env python3
"""Playing 10,000 morphing curves in the window, beside what Blend2D takes to draw one such frame.

The document is timeline-export-bench.py's morph (seeded): each curve a square keyed into a
star of 8 to 12 corners and back, filled, stroked and fading, --curves of them on an 800 x 600
canvas. Two figures, in one run:

    curves-dev benchmark-frames --document MORPH.json --frames N --size 1280x800
        a frame of the timeline playing in the window, headless: the clock's step, the curves
        moved, recorded and rasterized (median / p95; issue 57's goals: the median at most
        Blend2D's frame, the p95 at most 1.3 times it)
    Blend2D (PyPI's blend2d-python, one core: the binding has no threads)
        the frame at 1 s (every curve its star) filled and stroked into 1280 x 800, the canvas
        fitted, with the joins Curves draws (the editor's round ones where the style gives
        none), paths built beforehand: the rasterizing alone, what any CPU renderer pays.
        Its fill and stroke are each drawn at the curve's opacity (the binding has no layers);
        Curves composites each fading curve once, as SVG's opacity says (a layer a curve),
        which costs it more: the same shapes, not quite the same pixels

    python3 Benchmarks/scripts/playback-bench.py --curves-dev .build/release/curves-dev
"""
import argparse
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

BLEND2D_FRAME = r"""
import json, statistics, sys, time
import blend2d as bl
document, width, height = json.load(open(sys.argv[1])), int(sys.argv[2]), int(sys.argv[3])
zoom = min(width / document["canvas"]["width"], height / document["canvas"]["height"])
def colour(text, alpha):  # this binding's tuples are (blue, green, red, alpha), 0...1
    return (int(text[5:7], 16) / 255, int(text[3:5], 16) / 255, int(text[1:3], 16) / 255, alpha)
shapes = []
for track in document["timeline"]["tracks"]:
    star = track["keyframes"][1]
    points, style = star["subpaths"][0]["points"], star["style"]
    path = bl.BLPath()
    path.move_to(points[0]["x"] * zoom, points[0]["y"] * zoom)
    for point in points[1:]:
        path.line_to(point["x"] * zoom, point["y"] * zoom)
    path.close()
    # Joins as Curves draws them: the style's, else the editor's look for an unset one (round).
    join = {"miter": bl.BLStrokeJoin.JOIN_MITER_CLIP, "bevel": bl.BLStrokeJoin.JOIN_BEVEL}.get(style.get("lineJoin"), bl.BLStrokeJoin.JOIN_ROUND)
    shapes.append((path, colour(style["fill"], style["opacity"]), colour(style["stroke"], style["opacity"]), style["strokeWidth"] * zoom, join))
def frame():
    context = bl.BLContext(bl.BLImage(width, height, bl.BLFormat.PRGB32))
    context.fill_rule = bl.BLFillRule.NON_ZERO
    for path, fill, stroke, stroke_width, join in shapes:
        context.set_fill_style(fill)
        context.fill_path(path)
        context.set_stroke_style(stroke)
        context.stroke_width = stroke_width
        context.stroke_join = join
        context.stroke_path(path)
    context.flush()
times = []
for _ in range(9):
    start = time.perf_counter()
    frame()
    times.append((time.perf_counter() - start) * 1000)
print("%.1f" % statistics.median(times))
"""


def venv_python(venv):
    """The venv's Python, made (or completed) first with blend2d-python."""
    python = os.path.join(venv, "bin", "python")
    if not os.path.exists(python):
        subprocess.run([sys.executable, "-m", "venv", venv], check=True)
    if subprocess.run([python, "-c", "import blend2d"], capture_output=True).returncode != 0:
        subprocess.run([python, "-m", "pip", "install", "-q", "blend2d-python"], check=True)
    return python


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--curves-dev", default=os.path.join(ROOT, ".build", "release", "curves-dev"))
    parser.add_argument("--curves", type=int, default=10000)
    parser.add_argument("--frames", type=int, default=30)
    parser.add_argument("--venv", default=os.path.join(ROOT, "Benchmarks", ".build", "bench", "venv"))
    arguments = parser.parse_args()
    export_bench = os.path.join(os.path.dirname(os.path.abspath(__file__)), "timeline-export-bench.py")
    with tempfile.TemporaryDirectory() as work:
        path = os.path.join(work, "morph.json")
        subprocess.run([sys.executable, export_bench, "--curves", str(arguments.curves), "--write", path], check=True)
        table = subprocess.run([arguments.curves_dev, "benchmark-frames", "--document", path, "--frames", str(arguments.frames), "--size", "1280x800"],
                               check=True, capture_output=True, text=True).stdout.strip().splitlines()
        playing = table[-1].strip("| ").split(" | ")[-1]
        script = os.path.join(work, "blend2d_frame.py")
        with open(script, "w") as file:
            file.write(BLEND2D_FRAME)
        blend2d = subprocess.run([venv_python(arguments.venv), script, path, "1280", "800"], check=True, capture_output=True, text=True).stdout.strip()
    median, p95 = (float(part.strip().removesuffix(" ms")) for part in playing.split("/"))
    print(f"playing {arguments.curves:,} morphing curves, 1280x800:")
    print(f"  Curves, a frame in the window (median / p95): {playing}")
    print(f"  Blend2D, drawing one such frame on one core (median): {blend2d} ms")
    print(f"  Curves / Blend2D: median {median / float(blend2d):.2f}x (goal at most 1.0x), "
          f"p95 {p95 / float(blend2d):.2f}x (goal at most 1.3x)")


if __name__ == "__main__":
    main()
