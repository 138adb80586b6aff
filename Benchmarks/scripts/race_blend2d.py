#!/usr/bin/env python3
"""Blend2D's entry in the race (race.py): draws a drawing's text form, as race-drawings.py
writes it, with PyPI's blend2d-python (one synchronous context, anti-aliased, the shapes in
order) and writes a PNG. The whole process is what race.py times: Python's start, the import,
reading the text, drawing and the PNG.

  usage: race_blend2d.py IN.txt OUT.png
"""
import sys

import blend2d as bl


def color(fields):
    """This binding's colour tuple is (blue, green, red, alpha), 0...1, not premultiplied."""
    r, g, b, a = fields
    return (int(b) / 255, int(g) / 255, int(r) / 255, float(a))


def main(source, target):
    with open(source) as file:
        lines = [line.split() for line in file if line.strip() and not line.startswith("#")]
    page = next(line for line in lines if line[0] == "page")
    image = bl.BLImage(int(page[1]), int(page[2]), bl.BLFormat.PRGB32)
    context = bl.BLContext(image)
    context.fill_rule = bl.BLFillRule.NON_ZERO
    context.set_stroke_caps(bl.BLStrokeCap.CAP_ROUND)
    context.stroke_join = bl.BLStrokeJoin.JOIN_ROUND
    fill_style = stroke_style = stroke_width = None
    for fields in lines:
        kind = fields[0]
        if kind == "page":
            continue
        style = color(fields[1:5])
        if kind == "stroke":
            if style != stroke_style:
                context.set_stroke_style(style)
                stroke_style = style
            width = float(fields[5])
            if width != stroke_width:
                context.stroke_width = width
                stroke_width = width
            p = list(map(float, fields[6:14]))
            path = bl.BLPath()
            path.move_to(p[0], p[1])
            path.cubic_to(p[2], p[3], p[4], p[5], p[6], p[7])
            context.stroke_path(path)
            continue
        if style != fill_style:
            context.set_fill_style(style)
            fill_style = style
        p = list(map(float, fields[5:]))
        if kind == "rect":
            context.fill_rect(bl.BLRect(*p))
        elif kind == "fill":
            path = bl.BLPath()
            path.move_to(p[0], p[1])
            for i in range(2, len(p), 6):
                path.cubic_to(*p[i:i + 6])
            path.close()
            context.fill_path(path)
        else:
            raise SystemExit(f"race_blend2d.py: unknown shape {kind!r} in {source}")
    context.flush()
    image.writeToFile(target)


if __name__ == "__main__":
    if len(sys.argv) != 3:
        raise SystemExit(__doc__)
    main(sys.argv[1], sys.argv[2])
