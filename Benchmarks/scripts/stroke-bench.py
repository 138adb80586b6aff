#!/usr/bin/env python3
"""Stroke to path measured: `curves path stroke-to-path` against Skia's stroker (`skia-python`)
on the same strokes.

For --cases seeded random strokes (an open or closed path of 2 to 5 cubics and lines across a
200-unit square; width 2 to 24; each join, cap and a miter limit of 1 to 10 in turn; every
third one dashed) it writes the stroke as an SVG path (fill none) and runs

    CURVES path stroke-to-path IN.svg -o OUT.json

as a whole process, and compares Curves' outline with Skia's (`Paint.getFillPath` at a
resolution scale of 16, its round parts' conics cut into quadratics):

  - pixels: both outlines filled by Skia's rasterizer, anti-aliased at 2 pixels a unit
    (400 x 400): the pixels whose coverage differs by more than 25%; goal at most 0.5% of all
    the painted pixels. (Skia's stroke drawn directly differs from the fill of its own
    outline by about as much as anything measured here, so the outlines are compared, both
    filled.) Each stroke over 0.5% is listed;
  - area: Curves' outline's area (exact, by Green's theorem) against the area of Skia's outline
    made simple by skia-pathops (the same quadrature), listed past 0.1%. Skia's outline is
    the rougher one: on round-capped, round-joined strokes, where the stroke is every point
    within the half width of the path, a count of such points on a 0.04-unit grid agrees with
    Curves' area to 1e-5 and with Skia's to 2e-3.

It prints the totals, the worst cases, and how long Curves takes.

    python3 Benchmarks/scripts/stroke-bench.py --curves-binary .build/release/curves

skia-python, skia-pathops and numpy come from the venv (--venv, default
Benchmarks/.build/bench/venv, shared with the other scripts), completed with them first if
needed. Exit status 1 when the pixels are over the goal or curves fails.
"""
import argparse
import importlib.util
import os
import random
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PACKAGES = ["skia-python", "skia-pathops", "numpy"]
SCALE = 2
SIZE = 200
JOINS = ["miter", "round", "bevel"]
CAPS = ["butt", "round", "square"]


def sibling(name):
    """Another script here as a module: boolean-bench.py for the exact area of a segment and
    of Skia's simple path, offset-bench.py for reading Curves' outline."""
    spec = importlib.util.spec_from_file_location(name.replace("-", "_"), os.path.join(os.path.dirname(os.path.abspath(__file__)), name + ".py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


BOOLEAN_BENCH, OFFSET_BENCH = sibling("boolean-bench"), sibling("offset-bench")



def venv_python(venv):
    """The venv's Python, made (or completed) first with PACKAGES."""
    python = os.path.join(venv, "bin", "python")
    ready = os.path.exists(python) and subprocess.run(
        [python, "-c", "import skia, pathops, numpy"], capture_output=True).returncode == 0
    if not ready:
        print(f"stroke-bench: making the venv {venv} ({', '.join(PACKAGES)})", flush=True)
        if not os.path.exists(python):
            subprocess.run([sys.executable, "-m", "venv", venv], check=True)
        subprocess.run([python, "-m", "pip", "install", "-q", *PACKAGES], check=True)
    return python


def random_case(rng, index):
    """A stroke: its segments (control point tuples), closed or not, and its style."""
    point = lambda: (round(rng.uniform(30, 170), 3), round(rng.uniform(30, 170), 3))
    segments, current = [], point()
    for _ in range(rng.randint(2, 5)):
        end = point()
        segments.append((current, end) if rng.random() < 0.3 else (current, point(), point(), end))
        current = end
    closed = rng.random() < 0.4
    style = {"width": round(rng.uniform(2, 24), 2), "join": JOINS[index % 3], "cap": CAPS[(index // 3) % 3],
             "miter": round(rng.uniform(1, 10), 2), "dashes": None}
    if index % 3 == 2:
        style["dashes"] = [round(rng.uniform(5, 40), 2), round(rng.uniform(5, 30), 2)]
    return segments, closed, style


def svg(segments, closed, style):
    data = ["M %r %r" % segments[0][0]]
    for segment in segments:
        data.append(("L " if len(segment) == 2 else "C ") + " ".join("%r %r" % point for point in segment[1:]))
    if closed:
        data.append("Z")
    dashes = f' stroke-dasharray="{style["dashes"][0]} {style["dashes"][1]}"' if style["dashes"] else ""
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{SIZE}" height="{SIZE}" viewBox="0 0 {SIZE} {SIZE}">'
            f'<path d="{" ".join(data)}" fill="none" stroke="#000" stroke-width="{style["width"]}" '
            f'stroke-linejoin="{style["join"]}" stroke-linecap="{style["cap"]}" stroke-miterlimit="{style["miter"]}"{dashes}/></svg>')


def skia_path(contours, closed):
    import skia
    path = skia.Path()
    for contour in contours:
        path.moveTo(*contour[0][0])
        for segment in contour:
            if len(segment) == 2:
                path.lineTo(*segment[1])
            elif len(segment) == 3:
                path.quadTo(*segment[1], *segment[2])
            else:
                path.cubicTo(*segment[1], *segment[2], *segment[3])
        if closed:
            path.close()
    return path


def skia_outline(segments, closed, style):
    """Skia's stroker's outline of the stroke, its conics as quadratics, overlaps kept."""
    import skia
    paint = skia.Paint(AntiAlias=True, Style=skia.Paint.kStroke_Style, StrokeWidth=style["width"])
    paint.setStrokeJoin({"miter": skia.Paint.kMiter_Join, "round": skia.Paint.kRound_Join, "bevel": skia.Paint.kBevel_Join}[style["join"]])
    paint.setStrokeCap({"butt": skia.Paint.kButt_Cap, "round": skia.Paint.kRound_Cap, "square": skia.Paint.kSquare_Cap}[style["cap"]])
    paint.setStrokeMiter(style["miter"])
    if style["dashes"]:
        paint.setPathEffect(skia.DashPathEffect.Make(style["dashes"], 0))
    outline = skia.Path()
    paint.getFillPath(skia_path([segments], closed), outline, None, 16.0)
    contours = []
    iterator = skia.Path.Iter(outline, False)
    while True:
        verb, points = iterator.next()
        if verb == skia.Path.kDone_Verb:
            break
        if verb == skia.Path.kMove_Verb:
            contours.append([])
        elif verb in (skia.Path.kLine_Verb, skia.Path.kQuad_Verb, skia.Path.kCubic_Verb):
            contours[-1].append([(point.x(), point.y()) for point in points])
        elif verb == skia.Path.kConic_Verb:
            quads = skia.Path.ConvertConicToQuads(points[0], points[1], points[2], iterator.conicWeight(), 5)
            quads = [(point.x(), point.y()) for point in quads]
            contours[-1] += [quads[k:k + 3] for k in range(0, len(quads) - 1, 2)]
    for contour in contours:
        if contour and contour[-1][-1] != contour[0][0]:
            contour.append([contour[-1][-1], contour[0][0]])
    return [contour for contour in contours if contour]


def simple_area(contours):
    """The area the contours fill under the non-zero rule: made simple by skia-pathops, then
    Green's theorem on its segments (as boolean-bench.py reads Skia's)."""
    import pathops
    path = pathops.Path()
    for contour in contours:
        path.moveTo(*contour[0][0])
        for segment in contour:
            if len(segment) == 2:
                path.lineTo(*segment[1])
            elif len(segment) == 3:
                path.quadTo(*segment[1], *segment[2])
            else:
                path.cubicTo(*segment[1], *segment[2], *segment[3])
        path.close()
    path.simplify(fix_winding=True)
    return BOOLEAN_BENCH.skia_area(path)


def fill(contours):
    """Coverage of the contours filled by the non-zero rule, Skia's rasterizer, 2 pixels a unit."""
    import numpy
    import skia
    path = skia_path(contours, True)
    path.setFillType(skia.PathFillType.kWinding)
    surface = skia.Surface(SIZE * SCALE, SIZE * SCALE)
    canvas = surface.getCanvas()
    canvas.clear(skia.ColorTRANSPARENT)
    canvas.scale(SCALE, SCALE)
    canvas.drawPath(path, skia.Paint(AntiAlias=True, Color=skia.ColorBLACK))
    return numpy.asarray(surface.makeImageSnapshot().toarray())[:, :, 3].astype(float) / 255


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--curves-binary", default=os.path.join(ROOT, ".build/release/curves"))
    parser.add_argument("--cases", type=int, default=90)
    parser.add_argument("--seed", type=int, default=36)
    parser.add_argument("--venv", default=os.path.join(ROOT, "Benchmarks/.build/bench/venv"))
    parser.add_argument("--keep", help="a folder for the SVG of each case over a goal")
    arguments = parser.parse_args()
    python = venv_python(arguments.venv)
    if os.path.realpath(sys.prefix) != os.path.realpath(os.path.dirname(os.path.dirname(python))):
        os.execv(python, [python, os.path.abspath(__file__), *sys.argv[1:]])
    import numpy

    rng = random.Random(arguments.seed)
    total_pixels = total_differing = failures = failed = 0
    worst_pixels = worst_area = (0.0, None)
    times = []
    with tempfile.TemporaryDirectory() as directory:
        for index in range(arguments.cases):
            segments, closed, style = random_case(rng, index)
            source, target = os.path.join(directory, "in.svg"), os.path.join(directory, "out.json")
            with open(source, "w") as handle:
                handle.write(svg(segments, closed, style))
            start = time.perf_counter()
            run = subprocess.run([arguments.curves_binary, "path", "stroke-to-path", source, "-o", target], capture_output=True, text=True)
            times.append(time.perf_counter() - start)
            if run.returncode != 0:
                print(f"  case {index}: curves failed: {run.stderr.strip()}", flush=True)
                failed += 1
                continue
            ours, theirs = OFFSET_BENCH.result_contours(target), skia_outline(segments, closed, style)
            ours_area = abs(sum(BOOLEAN_BENCH.bezier_area(segment) for contour in ours for segment in contour))
            theirs_area = simple_area(theirs) if theirs else 0.0
            area_gap = abs(ours_area - theirs_area) / max(theirs_area, 1e-9)
            ours_coverage, theirs_coverage = fill(ours), fill(theirs)
            painted = int(numpy.count_nonzero(numpy.maximum(ours_coverage, theirs_coverage) > 0.25))
            differing = int(numpy.count_nonzero(numpy.abs(ours_coverage - theirs_coverage) > 0.25))
            total_pixels += painted
            total_differing += differing
            worst_pixels = max(worst_pixels, (differing / max(painted, 1), index))
            worst_area = max(worst_area, (area_gap, index))
            if differing > 0.005 * painted or area_gap > 0.001:
                failures += 1
                print(f"  case {index} ({style}, closed {closed}): {differing} of {painted} pixels differ; "
                      f"areas {ours_area:.3f} and Skia's {theirs_area:.3f}", flush=True)
                if arguments.keep:
                    os.makedirs(arguments.keep, exist_ok=True)
                    with open(os.path.join(arguments.keep, f"stroke-{index}.svg"), "w") as handle:
                        handle.write(svg(segments, closed, style))
    print(f"stroke-bench: {arguments.cases} strokes against skia-python's stroker: areas at worst {worst_area[0]:.2e} apart "
          f"(case {worst_area[1]}); {total_differing:,} of {total_pixels:,} painted pixels differ by more than 25% "
          f"({total_differing / max(total_pixels, 1):.4%}), the worst case {worst_pixels[0]:.4%} (case {worst_pixels[1]}); "
          f"{failures} listed; Curves {sum(times) / max(len(times), 1) * 1000:.0f} ms a stroke on average, "
          f"{max(times) * 1000:.0f} ms the slowest")
    sys.exit(1 if failed or total_differing > 0.005 * total_pixels else 0)


if __name__ == "__main__":
    main()
