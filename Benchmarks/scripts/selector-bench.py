#!/usr/bin/env python3
"""The selector dragging 10,000 selected curves, beside what Blend2D takes to draw them once.

The drawing is playback-bench.py's 10,000 stars (timeline-export-bench.py's morph at 1 s,
every curve its star, filled and stroked; no timeline), on an 800 x 600 canvas. In one run:

    curves-dev benchmark-selector --document STARS.json --frames N --size 1280x800
        every object selected, then moved, scaled by a corner handle and turned by a rotate
        handle: each drag step from the pointer's event to the finished frame (the transform
        applied to every point, the curves drawn again), median / p95, and peak memory
    Blend2D (PyPI's blend2d-python, one core)
        the same stars filled and stroked into 1280 x 800 from prebuilt paths (median)

Goal: a drag frame no slower than Blend2D's one drawing; memory at most 300 MB.

    python3 Benchmarks/scripts/selector-bench.py --curves-dev .build/release/curves-dev
"""
import argparse
import importlib.util
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def playback_bench():
    """playback-bench.py as a module: its Blend2D frame and its venv."""
    spec = importlib.util.spec_from_file_location("playback_bench", os.path.join(HERE, "playback-bench.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def stars(morph):
    """The morph document at its stars, without its timeline: a still drawing."""
    for curve, track in zip(morph["curves"], morph["timeline"]["tracks"]):
        star = track["keyframes"][1]
        curve["subpaths"], curve["style"] = star["subpaths"], star["style"]
    del morph["timeline"]
    # A drawing, as an SVG opens: no page holds it back, and only the edited curves' marks show.
    morph.setdefault("display", {})["handles"] = "selected"
    return morph


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--curves-dev", default=os.path.join(ROOT, ".build", "release", "curves-dev"))
    parser.add_argument("--curves", type=int, default=10000)
    parser.add_argument("--frames", type=int, default=20)
    parser.add_argument("--venv", default=os.path.join(ROOT, "Benchmarks", ".build", "bench", "venv"))
    arguments = parser.parse_args()
    playback = playback_bench()
    with tempfile.TemporaryDirectory() as work:
        morph = os.path.join(work, "morph.json")
        subprocess.run([sys.executable, os.path.join(HERE, "timeline-export-bench.py"), "--curves", str(arguments.curves), "--write", morph], check=True)
        with open(morph) as file:
            document = json.load(file)
        blend2d_script = os.path.join(work, "blend2d_frame.py")
        with open(blend2d_script, "w") as file:
            file.write(playback.BLEND2D_FRAME)
        # Blend2D's frame reads the stars from the timeline: before it goes.
        blend2d = subprocess.run([playback.venv_python(arguments.venv), blend2d_script, morph, "1280", "800"],
                                 check=True, capture_output=True, text=True).stdout.strip()
        still = os.path.join(work, "stars.json")
        with open(still, "w") as file:
            json.dump(stars(document), file)
        curves = subprocess.run([arguments.curves_dev, "benchmark-selector", "--document", still, "--frames", str(arguments.frames), "--size", "1280x800"],
                                check=True, capture_output=True, text=True).stdout.strip()
    print(curves)
    print(f"Blend2D, drawing the same {arguments.curves:,} stars once on one core (median): {blend2d} ms")
    print("goal: each Curves drag frame no slower than Blend2D's drawing; peak memory at most 300 MB")


if __name__ == "__main__":
    main()
