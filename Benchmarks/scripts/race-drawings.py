#!/usr/bin/env python3
"""Writes the race's seeded drawings (issues 28 and 34), each as an SVG and, where
race_blend2d.py can draw it, as the same geometry in a plain text form, into OUT_DIR:

- strokes.svg / strokes.txt: a white 1280x800 page (a <rect>) and 9,999 random cubics, each
  its own <path>, stroked 2.5 px wide in one colour with round caps and joins, no fill:
  10,000 shapes, Curves' document limit. Control points are uniform over x 0...800 and
  y 0...600, as the cairo/Blend2D render anchors' generator draws them (the issue's first
  figures were measured on those cubics); --spread 1280x800 spreads them over the whole page.
- fills.svg / fills.txt: the white page and 5,000 closed blobs of four cubics each (random
  centre on the page, radius, wobble; some wobble far enough to cross themselves, and one in
  ten goes round twice, where non-zero and even-odd differ), filled non-zero with random
  colours at fill-opacity 0.6, no stroke: 5,001 shapes.
- gradients.svg (no text form: race_blend2d.py draws flat colours only): the white page and
  5,000 blobs drawn as fills.svg draws them (another seed), each filled with its own
  gradient across its box, linear corner to corner and radial from the centre in turn, from
  a random colour to white at opacity 0.3: 5,001 shapes and 5,000 gradient definitions.

Coordinates have two decimals in both forms, so both describe exactly the same numbers.

The text form, one shape a line (colours 0-255, then the opacity; drawn in order):
    page W H
    rect R G B A X Y WIDTH HEIGHT
    stroke R G B A WIDTH x0 y0 x1 y1 x2 y2 x3 y3       one cubic, round caps and joins
    fill R G B A x0 y0 then 4 x (c1x c1y c2x c2y px py)   closed, non-zero, ends at x0 y0

  usage: race-drawings.py OUT_DIR [--seed 2026] [--spread WxH]
"""
import argparse
import math
import os
import random

WIDTH, HEIGHT = 1280, 800
STROKES = 9_999
BLOBS = 5_000
STROKE_COLOR = (31, 79, 168)  # the render anchors' (0.12, 0.31, 0.66)
STROKE_WIDTH = 2.5
FILL_OPACITY = 0.6


def number(value):
    """Two decimals, trailing zeros dropped: lean SVG, the same digits in both forms."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def hex_color(rgb):
    return "#%02x%02x%02x" % rgb


def svg_header(out, comment):
    out.write(f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" '
              f'viewBox="0 0 {WIDTH} {HEIGHT}">\n<!-- {comment} -->\n'
              f'<rect width="{WIDTH}" height="{HEIGHT}" fill="#ffffff"/>\n')


def text_header(out, comment):
    out.write(f"# {comment}\npage {WIDTH} {HEIGHT}\nrect 255 255 255 1 0 0 {WIDTH} {HEIGHT}\n")


def strokes(directory, generator, spread):
    comment = f"{STROKES} random cubics over {spread[0]:g}x{spread[1]:g}, stroked {STROKE_WIDTH} px, seed {args.seed}"
    rgb = " ".join(map(str, STROKE_COLOR))
    with open(os.path.join(directory, "strokes.svg"), "w") as svg, \
            open(os.path.join(directory, "strokes.txt"), "w") as text:
        svg_header(svg, comment)
        text_header(text, comment)
        svg.write(f'<g fill="none" stroke="{hex_color(STROKE_COLOR)}" stroke-width="{STROKE_WIDTH}" '
                  'stroke-linecap="round" stroke-linejoin="round">\n')
        for _ in range(STROKES):
            p = [number(generator.uniform(0, spread[i % 2])) for i in range(8)]
            svg.write(f'<path d="M{p[0]} {p[1]}C{p[2]} {p[3]} {p[4]} {p[5]} {p[6]} {p[7]}"/>\n')
            text.write(f"stroke {rgb} 1 {STROKE_WIDTH} {' '.join(p)}\n")
        svg.write("</g>\n</svg>\n")


def blob(generator):
    """Four cubics around a random centre: anchors at jittered quarter turns and radii, handles
    along the circle's tangent (the arc's length), each pushed off by up to `wobble` times the
    radius, enough at the top of its range for some blobs to cross themselves. One blob in
    ten goes round its centre twice (anchors at half turns), so its middle winds twice: filled
    under non-zero, a hole under even-odd."""
    cx, cy = generator.uniform(0, WIDTH), generator.uniform(0, HEIGHT)
    radius = generator.uniform(8, 40)
    wobble = generator.uniform(0, 1.2)
    step = math.pi if generator.random() < 0.1 else math.pi / 2
    anchors = []
    for k in range(4):
        angle = k * step + generator.uniform(-0.35, 0.35)
        r = radius * generator.uniform(0.7, 1.3)
        anchors.append((cx + r * math.cos(angle), cy + r * math.sin(angle), angle, r))
    handle = 4 / 3 * math.tan(step / 4)

    def jitter():
        return generator.uniform(-wobble, wobble) * radius

    points = [anchors[0][:2]]
    for k in range(4):
        x0, y0, a0, r0 = anchors[k]
        x1, y1, a1, r1 = anchors[(k + 1) % 4]
        c1 = (x0 - handle * r0 * math.sin(a0) + jitter(), y0 + handle * r0 * math.cos(a0) + jitter())
        c2 = (x1 + handle * r1 * math.sin(a1) + jitter(), y1 - handle * r1 * math.cos(a1) + jitter())
        points += [c1, c2, (x1, y1)]
    return [(float(number(x)), float(number(y))) for x, y in points]


def crosses_itself(points, steps=8):
    """Whether the closed outline, flattened to `steps` chords a cubic, crosses itself."""
    polyline = []
    for k in range(4):
        p0, p1, p2, p3 = points[3 * k:3 * k + 4]
        for i in range(steps):
            t = i / steps
            u = 1 - t
            a, b, c, d = u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t
            polyline.append((a * p0[0] + b * p1[0] + c * p2[0] + d * p3[0],
                             a * p0[1] + b * p1[1] + c * p2[1] + d * p3[1]))
    n = len(polyline)
    segments = [(polyline[i], polyline[(i + 1) % n]) for i in range(n)]

    def side(o, a, b):
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])

    for i in range(n):
        a, b = segments[i]
        for j in range(i + 2, n):
            if i == 0 and j == n - 1:
                continue
            c, d = segments[j]
            if max(a[0], b[0]) < min(c[0], d[0]) or max(c[0], d[0]) < min(a[0], b[0]) or \
                    max(a[1], b[1]) < min(c[1], d[1]) or max(c[1], d[1]) < min(a[1], b[1]):
                continue
            if side(a, b, c) * side(a, b, d) < 0 and side(c, d, a) * side(c, d, b) < 0:
                return True
    return False


def fills(directory, generator):
    comment = f"{BLOBS} blobs of four cubics, fill-opacity {FILL_OPACITY}, non-zero, seed {args.seed}"
    crossing = 0
    with open(os.path.join(directory, "fills.svg"), "w") as svg, \
            open(os.path.join(directory, "fills.txt"), "w") as text:
        svg_header(svg, comment)
        text_header(text, comment)
        svg.write(f'<g stroke="none" fill-rule="nonzero" fill-opacity="{FILL_OPACITY}">\n')
        for _ in range(BLOBS):
            rgb = tuple(generator.randrange(256) for _ in range(3))
            points = blob(generator)
            crossing += crosses_itself(points)
            p = [number(v) for point in points for v in point]
            data = f"M{p[0]} {p[1]}" + "".join(
                f"C{p[i]} {p[i + 1]} {p[i + 2]} {p[i + 3]} {p[i + 4]} {p[i + 5]}" for i in range(2, 26, 6))
            svg.write(f'<path d="{data}Z" fill="{hex_color(rgb)}"/>\n')
            text.write(f"fill {' '.join(map(str, rgb))} {FILL_OPACITY} {' '.join(p)}\n")
        svg.write("</g>\n</svg>\n")
    return crossing


def gradients(directory, generator):
    comment = f"{BLOBS} blobs of four cubics, each filled with its own gradient, seed {args.seed}"
    with open(os.path.join(directory, "gradients.svg"), "w") as svg:
        svg_header(svg, comment)
        svg.write('<g stroke="none">\n')
        for index in range(BLOBS):
            color = hex_color(tuple(generator.randrange(256) for _ in range(3)))
            stops = (f'<stop offset="0" stop-color="{color}"/>'
                     '<stop offset="1" stop-color="#ffffff" stop-opacity="0.3"/>')
            if index % 2:
                svg.write(f'<radialGradient id="g{index}" cx="0.5" cy="0.5" r="0.5">{stops}</radialGradient>\n')
            else:
                svg.write(f'<linearGradient id="g{index}" x2="1" y2="1">{stops}</linearGradient>\n')
            p = [number(v) for point in blob(generator) for v in point]
            data = f"M{p[0]} {p[1]}" + "".join(
                f"C{p[i]} {p[i + 1]} {p[i + 2]} {p[i + 3]} {p[i + 4]} {p[i + 5]}" for i in range(2, 26, 6))
            svg.write(f'<path d="{data}Z" fill="url(#g{index})"/>\n')
        svg.write("</g>\n</svg>\n")


parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
parser.add_argument("out_dir")
parser.add_argument("--seed", type=int, default=2026)
parser.add_argument("--spread", default="800x600", help="the box the strokes' control points fill (default 800x600)")
args = parser.parse_args()
spread = tuple(float(v) for v in args.spread.lower().split("x"))
os.makedirs(args.out_dir, exist_ok=True)
strokes(args.out_dir, random.Random(args.seed), spread)
crossing = fills(args.out_dir, random.Random(args.seed + 1))
gradients(args.out_dir, random.Random(args.seed + 2))
print(f"race drawings in {args.out_dir} (seed {args.seed}): strokes.svg {STROKES + 1} shapes, "
      f"fills.svg {BLOBS + 1} shapes ({crossing} blobs cross themselves), gradients.svg {BLOBS + 1} shapes")
