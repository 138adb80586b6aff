#!/usr/bin/env python3
"""SVG in and out of Curves, measured on real drawings: for each SVG in a folder (and its
subfolders), `curves import-svg X.svg -o X.json` then `curves export-svg X.json -o X.out.svg`,
both SVGs drawn by librsvg (`rsvg-convert -w 64 -h 64`, Debian's librsvg2-bin), and their
pixels compared. A pixel differs when any channel (premultiplied red, green, blue, and alpha)
differs by more than 40/255; a file passes when at most 1% of its pixels differ. Prints the
pass rate, the files that failed worst, and the imports that failed or needed repairs.

  usage: svg-round-trip.py [--curves BINARY] [--jobs N] [--worst N] [--keep DIR] [FOLDER ...]

FOLDER defaults to /usr/share/icons/Adwaita/scalable (Debian's adwaita-icon-theme); BINARY to
.build/debug/curves (`swift build --product curves`). The exit status is 0 when at least
--require percent of the files pass (default 0: always), so a CI job can hold the figure.
Python 3's standard library only: the PNGs are decoded with zlib.
"""
import argparse
import concurrent.futures
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import zlib

SIZE = 64
CHANNEL_TOLERANCE = 40
PASSING_FRACTION = 0.01



def copy_binary(curves, work):
    """A copy of the binary in `work`, so a build that replaces it meanwhile does not stop the
    run, with `curves-shared` beside it when the binary has one (a release `curves`, linked
    statically, becomes it to draw text and JPEG or GIF images)."""
    shutil.copy2(curves, os.path.join(work, "curves"))
    shared = os.path.join(os.path.dirname(os.path.abspath(curves)), "curves-shared")
    if os.path.exists(shared):
        shutil.copy2(shared, os.path.join(work, "curves-shared"))
    return os.path.join(work, "curves")

def read_png(path):
    """The pixels of a non-interlaced PNG, 8-bit RGB, RGBA, grey or grey with alpha, or with a
    palette (1, 2, 4 or 8 bits a pixel, transparency from tRNS), as rows of premultiplied
    (r, g, b, a) tuples."""
    with open(path, "rb") as file:
        data = file.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError(f"{path} is not a PNG")
    offset, idat, header, palette, alphas = 8, [], None, [], b""
    while offset < len(data):
        length, kind = struct.unpack(">I4s", data[offset:offset + 8])
        body = data[offset + 8:offset + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"PLTE":
            palette = [tuple(body[i:i + 3]) for i in range(0, len(body) - 2, 3)]
        elif kind == b"tRNS":
            alphas = body
        elif kind == b"IDAT":
            idat.append(body)
        elif kind == b"IEND":
            break
        offset += 12 + length
    width, height, depth, color_type, _, _, interlace = header
    channels = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}.get(color_type)
    if channels is None or interlace or (depth != 8 and not (color_type == 3 and depth in (1, 2, 4))):
        raise ValueError(f"{path}: only non-interlaced 8-bit PNGs (or palette PNGs of fewer bits) are read")
    raw = zlib.decompress(b"".join(idat))
    bits = depth * channels
    stride = (width * bits + 7) // 8
    unit = max(bits // 8, 1)  # the filters' byte distance to the pixel on the left
    rows, previous, position = [], bytearray(stride), 0
    for _ in range(height):
        kind = raw[position]
        line = bytearray(raw[position + 1:position + 1 + stride])
        position += 1 + stride
        for i in range(stride):
            left = line[i - unit] if i >= unit else 0
            up = previous[i]
            corner = previous[i - unit] if i >= unit else 0
            if kind == 1:
                line[i] = (line[i] + left) & 0xFF
            elif kind == 2:
                line[i] = (line[i] + up) & 0xFF
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 0xFF
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                predictor = left if pa <= pb and pa <= pc else up if pb <= pc else corner
                line[i] = (line[i] + predictor) & 0xFF
        previous = line
        row = []
        for x in range(width):
            if color_type == 3:
                per_byte = 8 // depth
                index = (line[x // per_byte] >> (8 - depth * (x % per_byte + 1))) & ((1 << depth) - 1)
                red, green, blue = palette[index]
                alpha = alphas[index] if index < len(alphas) else 255
            else:
                pixel = line[x * channels:(x + 1) * channels]
                if color_type in (0, 4):
                    red = green = blue = pixel[0]
                    alpha = pixel[1] if color_type == 4 else 255
                else:
                    red, green, blue = pixel[0], pixel[1], pixel[2]
                    alpha = pixel[3] if color_type == 6 else 255
            row.append((red * alpha // 255, green * alpha // 255, blue * alpha // 255, alpha))
        rows.append(row)
    return rows


def differing_fraction(a, b):
    """The fraction of pixels where some channel differs by more than the tolerance."""
    if len(a) != len(b) or len(a[0]) != len(b[0]):
        return 1.0
    count = sum(
        1
        for row_a, row_b in zip(a, b)
        for pa, pb in zip(row_a, row_b)
        if any(abs(x - y) > CHANNEL_TOLERANCE for x, y in zip(pa, pb))
    )
    return count / (len(a) * len(a[0]))


def run(arguments):
    return subprocess.run(arguments, capture_output=True, text=True, timeout=120)


def check(curves, svg, work):
    """(svg, differing fraction or None, what went wrong or None, repair lines)."""
    name = os.path.abspath(svg).lstrip(os.sep).replace(os.sep, "_")
    base = os.path.join(work, name[:-4])
    document, exported = base + ".json", base + ".out.svg"
    imported = run([curves, "import-svg", svg, "-o", document])
    repairs = [line for line in imported.stderr.splitlines() if line.startswith("Repaired: ")]
    if imported.returncode != 0:
        return svg, None, "import-svg: " + imported.stderr.strip().splitlines()[-1], repairs
    written = run([curves, "export-svg", document, "-o", exported])
    if written.returncode != 0:
        return svg, None, "export-svg: " + written.stderr.strip(), repairs
    images = []
    for source, png in ((svg, base + ".png"), (exported, base + ".out.png")):
        drawn = run(["rsvg-convert", "-w", str(SIZE), "-h", str(SIZE), "-f", "png", "-o", png, source])
        if drawn.returncode != 0:
            return svg, None, f"rsvg-convert {os.path.basename(source)}: " + drawn.stderr.strip(), repairs
        images.append(read_png(png))
    return svg, differing_fraction(*images), None, repairs


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folders", nargs="*", default=["/usr/share/icons/Adwaita/scalable"])
    parser.add_argument("--curves", default=os.path.join(os.path.dirname(__file__), "..", "..", ".build", "debug", "curves"))
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    parser.add_argument("--worst", type=int, default=15, help="how many of the worst files to list")
    parser.add_argument("--keep", help="a folder to keep the documents, exports and renders in")
    parser.add_argument("--require", type=float, default=0, help="fail unless at least this percentage passes")
    options = parser.parse_args()
    if not shutil.which("rsvg-convert"):
        sys.exit("svg-round-trip: rsvg-convert is not installed (Debian: apt-get install librsvg2-bin)")
    curves = os.path.abspath(options.curves)
    if not os.access(curves, os.X_OK):
        sys.exit(f"svg-round-trip: {curves} is not there; build it: swift build --product curves")
    files = sorted(
        os.path.join(root, name)
        for folder in options.folders
        for root, _, names in os.walk(folder)
        for name in names
        if name.endswith(".svg") and not name.endswith(".out.svg")
    )
    if not files:
        sys.exit("svg-round-trip: no .svg files in " + ", ".join(options.folders))
    work = options.keep or tempfile.mkdtemp(prefix="svg-round-trip-")
    os.makedirs(work, exist_ok=True)
    curves = copy_binary(curves, work)
    try:
        with concurrent.futures.ThreadPoolExecutor(max_workers=options.jobs) as pool:
            results = list(pool.map(lambda svg: check(curves, svg, work), files))
    finally:
        if not options.keep:
            shutil.rmtree(work, ignore_errors=True)
    measured = [(svg, fraction) for svg, fraction, _, _ in results if fraction is not None]
    failed = [(svg, problem) for svg, _, problem, _ in results if problem is not None]
    passed = [svg for svg, fraction in measured if fraction <= PASSING_FRACTION]
    repaired = [(svg, repairs) for svg, _, _, repairs in results if repairs]
    print(f"{len(passed)} of {len(files)} files pass ({100 * len(passed) / len(files):.1f}%): librsvg draws the export "
          f"as the original, at most {PASSING_FRACTION:.0%} of {SIZE}x{SIZE} pixels off by more than {CHANNEL_TOLERANCE}/255")
    worst = sorted((item for item in measured if item[1] > PASSING_FRACTION), key=lambda item: -item[1])
    if worst:
        print(f"\nworst {min(options.worst, len(worst))} of the {len(worst)} that differ:")
        for svg, fraction in worst[:options.worst]:
            print(f"  {fraction:6.1%}  {svg}")
    if failed:
        print(f"\n{len(failed)} could not be compared:")
        for svg, problem in failed[:options.worst]:
            print(f"  {svg}: {problem}")
    if repaired:
        print(f"\n{len(repaired)} imports reported repairs, e.g.:")
        for svg, repairs in repaired[:5]:
            print(f"  {svg}: {repairs[0][len('Repaired: '):]}" + (f" (and {len(repairs) - 1} more)" if len(repairs) > 1 else ""))
    if 100 * len(passed) / len(files) < options.require:
        sys.exit(1)


if __name__ == "__main__":
    main()
