#!/usr/bin/env python3
"""Real players against Curves, frame by frame: Chromium playing `curves export-svg --animated`
(SMIL), and rlottie (rlottie-python) and ThorVG (thorvg-python) playing `curves export-lottie`,
each frame drawn beside `curves render --time T --drawing-only`.

Five animations are made here (documents written by this script, nothing taken from elsewhere):

  - square-star: a square of 4 lines, keyed into a 5-pointed star of 10 cubics at 1 s (a
    morph) with ease-in-out and back to the square at 2 s with ease-out, red to blue and back;
    looping;
  - overshoot: a 6-node hexagon whose move overshoots (cubic-bezier(0.3, -0.6, 0.7, 1.6)),
    then holds, then fades out (opacity) with a widening stroke; bouncing (ping-pong);
  - spinner: a group of two shapes apart (turned, slanted, squashed and moved by its own
    transform) whose group track turns it a whole turn about the middle while it shrinks and
    grows back (ease-in-out) and fades to half and back; looping. (The shapes do not overlap:
    the Lottie export fades each curve of a group on its own. A keyframed slant is left out:
    rlottie slants the other way from lottie-web and ThorVG.)
  - gradient: a rectangle whose linear gradient's end, middle stop and colours move
    (ease-in-out, then linear back); looping;
  - camera: two still shapes under a keyed view, which zooms in on one (ease-in-out), pans
    across to the other (ease-in) and zooms out (ease-out); looping.

Each is seeked at every keyframe, half way between, and where its easing differs most from
linear. Chromium (Debian's chromium-headless-shell, run with --no-sandbox) loads the SVG
inline in a page that pauses its animations and sets the time (`pauseAnimations()`,
`setCurrentTime(T)`) and takes a screenshot; Curves' frame is laid on white as the page is.
The Lottie file is first validated against the Lottie schema (lottie-specs, with jsonschema),
then rlottie and ThorVG draw the frame at T x fps. A frame passes when at most 1% of its pixels
differ by more than 40/255 in a channel.

    python3 Benchmarks/scripts/animation-players.py --curves-binary .build/release/curves

Pillow, numpy, jsonschema, lottie-specs, rlottie-python and thorvg-python come from the venv (--venv, default Benchmarks/.build/bench/venv, shared
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
PACKAGES = ["pillow", "numpy", "jsonschema", "lottie-specs", "rlottie-python", "thorvg-python"]
THRESHOLD, GOAL = 40, 0.01


def venv_python(venv):
    python = os.path.join(venv, "bin", "python")
    ready = os.path.exists(python) and subprocess.run([python, "-c", "import PIL, numpy, jsonschema, lottie_specs, rlottie_python, thorvg_python"], capture_output=True).returncode == 0
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


def own_transform():
    """translate(10 0) rotate(15 100 100) skewX(10) scale(1 0.9) about (100, 100), as a b c d e f."""
    def times(m, n):
        return [m[0] * n[0] + m[2] * n[1], m[1] * n[0] + m[3] * n[1], m[0] * n[2] + m[2] * n[3], m[1] * n[2] + m[3] * n[3],
                m[0] * n[4] + m[2] * n[5] + m[4], m[1] * n[4] + m[3] * n[5] + m[5]]
    turn, slant = math.radians(15), math.tan(math.radians(10))
    result = [1, 0, 0, 1, 110, 100]
    for step in ([math.cos(turn), math.sin(turn), -math.sin(turn), math.cos(turn), 0, 0], [1, 0, slant, 1, 0, 0],
                 [1, 0, 0, 0.9, 0, 0], [1, 0, 0, 1, -100, -100]):
        result = times(result, step)
    return result


def document(name):
    curve = uuid(1)
    if name == "square-star":
        # A morph: a square of 4 lines into a star of 10 cubics, which Curves makes correspond.
        corners = [(40, 40), (160, 40), (160, 160), (40, 160)]
        square_shape = [{"closed": True, "points": [{"id": uuid(100 + i), "x": x, "y": y, "node": "corner"} for i, (x, y) in enumerate(corners)]}]
        star_shape = closed_cubics(polygon(10, (100, 100), 85, inner=35), 200)
        red, blue = {"fill": "#d62728", "stroke": "#1f1f1f", "strokeWidth": 4}, {"fill": "#1f77b4", "stroke": "#1f1f1f", "strokeWidth": 4}
        keys = [{"time": 0, "subpaths": square_shape, "style": red, "easing": "ease-in-out"},
                {"time": 1, "subpaths": star_shape, "style": blue, "easing": "ease-out"},
                {"time": 2, "subpaths": square_shape, "style": red}]
        timeline = {"duration": 2, "fps": 30, "repeat": "loop", "tracks": [{"curve": curve, "keyframes": keys}]}
        subpaths, style = square_shape, red
        times = [frame / 30 for frame in (0, 6, 15, 24, 30, 39, 45, 57)]
    elif name == "gradient":
        box = [{"closed": True, "points": [{"id": uuid(100 + i), "x": x, "y": y, "node": "corner"}
                                           for i, (x, y) in enumerate([(20, 40), (180, 40), (180, 160), (20, 160)])]}]

        def paint(x2, middle, colours):
            stops = [{"offset": offset, "color": colour} for offset, colour in zip((0, middle, 1), colours)]
            return {"fill": {"type": "linear", "units": "userSpaceOnUse", "x1": 20, "y1": 0, "x2": x2, "y2": 0, "stops": stops},
                    "stroke": "none"}
        first, second = paint(180, 0.3, ("#d62728", "#ffdd00", "#1f77b4")), paint(100, 0.7, ("#2ca02c", "#9467bd", "#ff7f0e"))
        keys = [{"time": 0, "style": first, "easing": "ease-in-out"}, {"time": 1, "style": second}, {"time": 2, "style": first}]
        timeline = {"duration": 2, "fps": 30, "repeat": "loop", "tracks": [{"curve": curve, "keyframes": keys}]}
        subpaths, style = box, first
        times = [frame / 30 for frame in (0, 8, 15, 30, 45, 52)]
    elif name == "spinner":
        bar = [{"closed": True, "points": [{"id": uuid(100 + i), "x": x, "y": y, "node": "corner"}
                                           for i, (x, y) in enumerate([(90, 20), (110, 20), (110, 55), (90, 55)])]}]
        ring = closed_cubics(polygon(8, (100, 100), 30), 200)
        curves = [{"id": curve, "group": "spinner", "style": {"fill": "#d62728"}, "subpaths": bar},
                  {"id": uuid(2), "group": "spinner", "style": {"fill": "none", "stroke": "#1f77b4", "strokeWidth": 6}, "subpaths": ring}]
        keys = [{"time": 0, "transform": {"origin": [100, 100]}, "opacity": 1, "easing": "ease-in-out"},
                {"time": 1, "transform": {"origin": [100, 100], "rotate": 180, "scale": [0.6, 0.6]}, "opacity": 0.5},
                {"time": 2, "transform": {"origin": [100, 100], "rotate": 360}, "opacity": 1}]
        timeline = {"duration": 2, "fps": 30, "repeat": "loop", "tracks": [], "groupTracks": [{"group": "spinner", "keyframes": keys}]}
        times = [frame / 30 for frame in (0, 5, 10, 15, 30, 40, 52)]
        doc = {"version": 4, "canvas": {"width": 200, "height": 200}, "curves": curves,
               "groups": [{"id": "spinner", "transform": own_transform()}],
               "animation": {"totalSteps": 10, "speed": 50}, "timeline": timeline}
        return doc, times
    elif name == "faded":
        # Groups faded as one: two overlapping squares in a group at 60%, and two overlapping
        # rings in a group whose track fades it to 30% and back.
        def square(first, x, y):
            return [{"closed": True, "points": [{"id": uuid(first + i), "x": px, "y": py, "node": "corner"}
                                                for i, (px, py) in enumerate([(x, y), (x + 90, y), (x + 90, y + 90), (x, y + 90)])]}]
        curves = [{"id": curve, "group": "veil", "style": {"fill": "#d62728"}, "subpaths": square(100, 10, 10)},
                  {"id": uuid(2), "group": "veil", "style": {"fill": "#1f77b4"}, "subpaths": square(110, 50, 50)},
                  {"id": uuid(3), "group": "pulse", "style": {"fill": "none", "stroke": "#2ca02c", "strokeWidth": 14},
                   "subpaths": closed_cubics(polygon(8, (120, 140), 40), 200)},
                  {"id": uuid(4), "group": "pulse", "style": {"fill": "#ff7f0e", "stroke": "#1f1f1f", "strokeWidth": 4},
                   "subpaths": closed_cubics(polygon(5, (150, 150), 35), 300)}]
        keys = [{"time": 0, "opacity": 1, "easing": "ease-in-out"}, {"time": 1, "opacity": 0.3, "easing": "ease-in-out"}, {"time": 2, "opacity": 1}]
        timeline = {"duration": 2, "fps": 30, "repeat": "loop", "tracks": [], "groupTracks": [{"group": "pulse", "keyframes": keys}]}
        times = [frame / 30 for frame in (0, 12, 30, 45)]
        doc = {"version": 4, "canvas": {"width": 200, "height": 200}, "curves": curves,
               "groups": [{"id": "veil", "opacity": 0.6}, {"id": "pulse"}],
               "animation": {"totalSteps": 10, "speed": 50}, "timeline": timeline}
        return doc, times
    elif name == "camera":
        # The view keyed: zooming in on the star's corner, across to the square, and out again.
        star = closed_cubics(polygon(10, (60, 70), 45, inner=20), 100)
        square = [{"closed": True, "points": [{"id": uuid(200 + i), "x": x, "y": y, "node": "corner"}
                                              for i, (x, y) in enumerate([(120, 110), (180, 110), (180, 170), (120, 170)])]}]
        curves = [{"id": curve, "style": {"fill": "#ff7f0e", "stroke": "#1f1f1f", "strokeWidth": 3}, "subpaths": star},
                  {"id": uuid(2), "style": {"fill": "#1f77b4"}, "subpaths": square}]
        view = [{"time": 0, "viewBox": [0, 0, 200, 200], "easing": "ease-in-out"},
                {"time": 0.8, "viewBox": [20, 20, 80, 80], "easing": "ease-in"},
                {"time": 1.4, "viewBox": [110, 100, 80, 80], "easing": "ease-out"},
                {"time": 2, "viewBox": [0, 0, 200, 200]}]
        timeline = {"duration": 2, "fps": 30, "repeat": "loop", "tracks": [], "view": view}
        times = [frame / 30 for frame in (0, 10, 24, 33, 42, 51)]
        doc = {"version": 4, "canvas": {"width": 200, "height": 200}, "curves": curves,
               "animation": {"totalSteps": 10, "speed": 50}, "timeline": timeline}
        return doc, times
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
        times = [frame / 30 for frame in (0, 4, 15, 26, 30, 37, 44, 45, 52, 60, 77, 96)]
    doc = {"version": 4, "canvas": {"width": 200, "height": 200},
           "curves": [{"id": curve, "style": style, "subpaths": subpaths}],
           "animation": {"totalSteps": 10, "speed": 50}, "timeline": timeline}
    return doc, times


PLAYERS = r"""
import json, os, sys, jsonschema, lottie_specs
import thorvg_python as tvg
from rlottie_python import LottieAnimation
path, out, width, height = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
frames = [float(f) for f in sys.argv[5:]]
schema = json.load(open(os.path.join(os.path.dirname(lottie_specs.__file__), "data", "lottie.schema.json")))
errors = list(jsonschema.validators.validator_for(schema)(schema).iter_errors(json.load(open(path))))
for error in errors[:5]:
    print("schema:", list(error.absolute_path), error.message[:200], file=sys.stderr)
print(len(errors))
rlottie = LottieAnimation.from_file(path)
engine = tvg.Engine(threads=1)
canvas = tvg.SwCanvas(engine)
canvas.set_target(width, height)
animation = tvg.LottieAnimation(engine)
picture = animation.get_picture()
picture.load(path)
picture.set_size(width, height)
canvas.add(picture)
for frame in frames:
    rlottie.render_pillow_frame(frame_num=round(frame), width=width, height=height).save(os.path.join(out, "rlottie-%g.png" % frame))
    animation.set_frame(frame)
    canvas.update()
    canvas.draw(True)
    canvas.sync()
    canvas.get_pillow().save(os.path.join(out, "thorvg-%g.png" % frame))
"""

PAGE = """<!doctype html><html><body style="margin:0;background:white">%s
<script>const s = document.querySelector('svg'); s.pauseAnimations(); s.setCurrentTime(%r);</script></body></html>"""

COMPARE = r"""
import sys, numpy
from PIL import Image
# The players' frames: Chromium's screenshot is opaque; rlottie's and ThorVG's pixels are
# premultiplied by their alpha (Curves' PNG is not), so each is laid on white as it is.
curves, chrome, premultiplied = sys.argv[1], sys.argv[2], sys.argv[3] == "premultiplied"
a = numpy.asarray(Image.open(curves).convert("RGBA"), dtype=numpy.float64)
alpha = a[..., 3:4] / 255
a = a[..., :3] * alpha + 255 * (1 - alpha)
b = numpy.asarray(Image.open(chrome).convert("RGBA"), dtype=numpy.float64)[:a.shape[0], :a.shape[1]]
beta = b[..., 3:4] / 255
b = (b[..., :3] if premultiplied else b[..., :3] * beta) + 255 * (1 - beta)
off = (numpy.abs(a - b).max(axis=2) > %d).mean()
print(off)
""" % THRESHOLD


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--curves-binary", default=os.path.join(ROOT, ".build", "release", "curves"))
    parser.add_argument("--venv", default=os.path.join(ROOT, "Benchmarks", ".build", "bench", "venv"))
    parser.add_argument("--chromium", default=shutil.which("chromium-headless-shell") or shutil.which("chromium"))
    parser.add_argument("--only", action="append", help="Play only this animation (repeatable).")
    arguments = parser.parse_args()
    if not arguments.chromium:
        sys.exit("animation-players: Chromium is not installed (apt-get install chromium-headless-shell)")
    python = venv_python(arguments.venv)
    failures, worst = 0, 0.0
    with tempfile.TemporaryDirectory() as work:
        compare, players = os.path.join(work, "compare.py"), os.path.join(work, "players.py")
        for path, text in ((compare, COMPARE), (players, PLAYERS)):
            with open(path, "w") as file:
                file.write(text)

        def off(ours, theirs, premultiplied):
            mode = "premultiplied" if premultiplied else "straight"
            return float(subprocess.run([python, compare, ours, theirs, mode], check=True, capture_output=True, text=True).stdout)

        for name in arguments.only or ["square-star", "overshoot", "spinner", "gradient", "camera", "faded"]:
            doc, times = document(name)
            path = os.path.join(work, name + ".json")
            with open(path, "w") as file:
                json.dump(doc, file)
            svg_path, lottie_path = os.path.join(work, name + ".svg"), os.path.join(work, name + "-lottie.json")
            subprocess.run([arguments.curves_binary, "export-svg", path, "--animated", "-o", svg_path], check=True)
            subprocess.run([arguments.curves_binary, "export-lottie", path, "-o", lottie_path], check=True)
            with open(svg_path) as file:
                svg = file.read().split("?>", 1)[1]
            fps = doc["timeline"]["fps"]
            played = subprocess.run([python, players, lottie_path, work, "200", "200", *(str(time * fps) for time in times)],
                                    capture_output=True, text=True)
            lottie = True
            if lottie and (played.returncode != 0 or played.stdout.strip() != "0"):
                print(f"Lottie {name}: schema errors or a player failed:\n{played.stdout}{played.stderr}")
                failures += 1
            rows = {"Chromium (SMIL)": []} | ({"rlottie": [], "ThorVG": []} if lottie else {})
            for time in times:
                ours, theirs, page = (os.path.join(work, f"{name}-{time:g}-{who}") for who in ("curves.png", "chrome.png", "page.html"))
                subprocess.run([arguments.curves_binary, "render", path, "--drawing-only", "--time", repr(time), "-o", ours], check=True)
                with open(page, "w") as file:
                    file.write(PAGE % (svg, float(time)))
                subprocess.run([arguments.chromium, "--no-sandbox", "--hide-scrollbars", "--window-size=200,200",
                                f"--screenshot={theirs}", "file://" + page], check=True, capture_output=True)
                frame = "%g" % (time * fps)
                for player, image in (("Chromium (SMIL)", theirs), ("rlottie", os.path.join(work, f"rlottie-{frame}.png")),
                                      ("ThorVG", os.path.join(work, f"thorvg-{frame}.png")))[:len(rows)]:
                    share = off(ours, image, player != "Chromium (SMIL)") if os.path.exists(image) else 1.0
                    worst = max(worst, share)
                    failures += share > GOAL
                    rows[player].append(f"{time:.3g} s: {100 * share:.2f}%")
            for player, row in rows.items():
                print(f"{player} {name}, pixels off by more than {THRESHOLD}/255 against curves render --time:")
                print("  " + ", ".join(row))
    print(f"worst frame: {100 * worst:.2f}% (goal at most {100 * GOAL:g}%); {failures} frames over")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
