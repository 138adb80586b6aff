#!/usr/bin/env python3
"""The race of issues 28 and 34: Curves against Blend2D, resvg and librsvg on three seeded
drawings (race-drawings.py: 9,999 stroked cubics, 5,000 filled blobs, and 5,000 blobs each
filled with a gradient of its own, each on a white 1280x800 page; Blend2D draws the first two
only), each drawn to a PNG by whole processes, alternating, best of --runs:

    curves   CURVES render X.svg --drawing-only -o X.curves.png
    resvg    resvg X.svg X.resvg.png                  (PyPI's resvg-cli, in the venv)
    librsvg  rsvg-convert X.svg -o X.librsvg.png      (Debian's librsvg2-bin)
    Blend2D  python race_blend2d.py X.txt X.blend2d.png   (PyPI's blend2d-python, in the venv)

with each process's wall time and peak resident memory (GNU time's %M). Then how each
image agrees with resvg's, composited on white: the mean absolute difference over the red,
green and blue channels (in 1/255), and the share of pixels where any channel differs by more
than 40/255. Prints a Markdown table a drawing, whether Curves meets the issue's agreement
bounds (mean at most 1.5/255, at most 0.2% of pixels over 40/255), and the fastest peer.

The venv (--venv, default OUT/venv) is made on first use with resvg-cli, blend2d-python, Pillow
and numpy, and reused after. Images land in OUT/race/, with X.curves-diff.png marking in red
the pixels where Curves differs from resvg by more than 40/255, and each renderer's output of
its last run in OUT/race/logs/. The exit status is 1 when a renderer fails (its error is
printed), else 0: missing the bounds or the goal is a figure, not a failure.

  usage: race.py [--curves BINARY] [--out DIR] [--runs N] [--venv DIR] [--seed N]
"""
import argparse
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
PACKAGES = ["resvg-cli", "blend2d-python", "pillow", "numpy"]
DRAWINGS = ["strokes", "fills", "gradients"]
RENDERERS = ["curves", "Blend2D", "resvg", "librsvg"]
REFERENCE = "resvg"
TOLERANCE = 40  # per channel, of 255
MEAN_BOUND = 1.5  # of 255
SHARE_BOUND = 0.2  # percent of pixels over TOLERANCE


def venv_python(venv):
    """The venv's Python, made (or completed) first with PACKAGES."""
    python = os.path.join(venv, "bin", "python")
    ready = os.path.exists(python) and os.path.exists(os.path.join(venv, "bin", "resvg")) and \
        subprocess.run([python, "-c", "import blend2d, PIL, numpy"], capture_output=True).returncode == 0
    if not ready:
        print(f"race: making the venv {venv} ({', '.join(PACKAGES)})", flush=True)
        if not os.path.exists(python):
            subprocess.run([sys.executable, "-m", "venv", venv], check=True)
        subprocess.run([python, "-m", "pip", "install", "-q", *PACKAGES], check=True)
    return python


def measure(command, log):
    """Runs `command` as a whole process under GNU time: (wall seconds, peak RSS in bytes, exit
    status). Not wait4's ru_maxrss from here: a child's figure starts from the peak of the
    process it was forked from, and this one holds whole images; time's own is a few MB."""
    memory = log + ".rss"
    with open(log, "w") as output:
        start = time.perf_counter()
        status = subprocess.run(["/usr/bin/time", "-f", "%M", "-o", memory, *command],
                                stdout=output, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL).returncode
        wall = time.perf_counter() - start
    try:
        with open(memory) as file:
            kilobytes = int(file.read().split()[-1])
    except (OSError, ValueError, IndexError):
        kilobytes = 0
    return wall, kilobytes * 1024, status


def load(path):
    """The image as float RGB composited on white, and whether any pixel was not opaque."""
    import numpy
    from PIL import Image
    rgba = numpy.asarray(Image.open(path).convert("RGBA"), dtype=numpy.float64)
    alpha = rgba[..., 3:4] / 255
    return rgba[..., :3] * alpha + 255 * (1 - alpha), bool((rgba[..., 3] < 255).any())


def agreement(path, reference, diff_path=None):
    """(mean absolute difference over R, G, B in 1/255, percent of pixels over TOLERANCE)."""
    import numpy
    from PIL import Image
    image, _ = load(path)
    if image.shape != reference.shape:
        raise ValueError(f"{path} is {image.shape[1]}x{image.shape[0]}, resvg's is "
                         f"{reference.shape[1]}x{reference.shape[0]}")
    difference = numpy.abs(image - reference)
    over = (difference > TOLERANCE).any(axis=2)
    if diff_path:
        marked = (0.25 * reference + 0.75 * 255).astype(numpy.uint8)
        marked[over] = (220, 0, 0)
        Image.fromarray(marked, "RGB").save(diff_path)
    return difference.mean(), 100 * over.mean()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--curves", default=".build/release/curves", help="the curves binary")
    parser.add_argument("--out", default="Benchmarks/.build/bench", help="the bench's output directory")
    parser.add_argument("--runs", type=int, default=5, help="runs of each renderer a drawing (best counts)")
    parser.add_argument("--venv", help="the venv with resvg and blend2d (default OUT/venv)")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()

    curves = os.path.abspath(args.curves)
    if not os.access(curves, os.X_OK):
        sys.exit(f"race: no curves binary at {curves} (make release, or --curves BINARY)")
    if not os.access("/usr/bin/time", os.X_OK):
        sys.exit("race: needs GNU time at /usr/bin/time (Debian's package time)")
    python = venv_python(os.path.abspath(args.venv or os.path.join(args.out, "venv")))
    if os.path.realpath(sys.prefix) != os.path.realpath(os.path.dirname(os.path.dirname(python))):
        # The rest (Pillow and numpy for the comparison) runs in the venv's Python.
        os.execv(python, [python, os.path.abspath(__file__), *sys.argv[1:]])
    resvg = os.path.join(os.path.dirname(python), "resvg")
    work = os.path.abspath(os.path.join(args.out, "race"))
    subprocess.run([sys.executable, os.path.join(HERE, "race-drawings.py"), work, "--seed", str(args.seed)], check=True)

    def command(renderer, drawing, png):
        svg = os.path.join(work, drawing + ".svg")
        return {
            "curves": [curves, "render", svg, "--drawing-only", "-o", png],
            "Blend2D": [python, os.path.join(HERE, "race_blend2d.py"), os.path.join(work, drawing + ".txt"), png],
            "resvg": [resvg, svg, png],
            "librsvg": ["rsvg-convert", svg, "-o", png],
        }[renderer]

    failed = False
    logs = os.path.join(work, "logs")
    os.makedirs(logs, exist_ok=True)
    for drawing in DRAWINGS:
        times = {name: [] for name in RENDERERS}
        peaks = {name: 0 for name in RENDERERS}
        errors = {}
        if not os.path.exists(os.path.join(work, drawing + ".txt")):
            errors["Blend2D"] = None  # no text form of this drawing to draw: not a failure
        for run in range(args.runs):
            # Alternating, each run starting with the next renderer, so none always goes first.
            for name in RENDERERS[run % len(RENDERERS):] + RENDERERS[:run % len(RENDERERS)]:
                if name in errors:
                    continue
                png = os.path.join(work, f"{drawing}.{name.lower()}.png")
                if os.path.exists(png):
                    os.remove(png)
                log = os.path.join(logs, f"{drawing}.{name}.log")
                try:
                    wall, peak, status = measure(command(name, drawing, png), log)
                except OSError as error:
                    errors[name] = str(error)
                    continue
                output = open(log, errors="replace").read().strip()
                if status != 0 or not os.path.exists(png):
                    errors[name] = f"exit status {status}: {output[-2000:] or '(no output)'}"
                    continue
                times[name].append(wall)
                peaks[name] = max(peaks[name], peak)

        reference = None
        if REFERENCE not in errors:
            reference, translucent = load(os.path.join(work, f"{drawing}.{REFERENCE}.png"))
        print(f"\n### {drawing}.svg: best of {args.runs}, whole processes writing a 1280x800 PNG\n")
        print("| renderer | best time (s) | peak MB | mean diff vs resvg | % px >40 |")
        print("|---|---:|---:|---:|---:|")
        figures = {}
        for name in RENDERERS:
            if name in errors:
                print(f"| {name} | {'not raced' if errors[name] is None else 'failed'} | | | |")
                continue
            png = os.path.join(work, f"{drawing}.{name.lower()}.png")
            if reference is None:
                mean = share = None
            else:
                diff_path = os.path.join(work, f"{drawing}.curves-diff.png") if name == "curves" else None
                try:
                    mean, share = agreement(png, reference, diff_path)
                except Exception as error:  # an unreadable or mis-sized PNG is a failure of its renderer
                    errors[name] = f"its PNG: {error}"
                    print(f"| {name} | {min(times[name]):.3f} | {peaks[name] / 2**20:.0f} | unreadable | |")
                    continue
            figures[name] = (min(times[name]), mean, share)
            agree = "(reference)" if name == REFERENCE else ("" if mean is None else f"{mean:.2f}/255")
            share_text = "" if name == REFERENCE or share is None else f"{share:.3f}%"
            print(f"| {name} | {min(times[name]):.3f} | {peaks[name] / 2**20:.0f} | {agree} | {share_text} |")
        print()
        for name, error in errors.items():
            if error is None:
                continue
            failed = True
            print(f"- {name} failed on {drawing}.svg: {error}")
        peers = {name: figure for name, figure in figures.items() if name != "curves"}
        if peers:
            fastest = min(peers, key=lambda name: peers[name][0])
            print(f"- Fastest peer: {fastest}, {peers[fastest][0]:.3f} s.")
        if "curves" in figures:
            best, mean, share = figures["curves"]
            if peers:
                ratio = best / peers[fastest][0]
                verdict = "no slower than" if ratio <= 1 else f"{ratio:.2f}x the time of"
                print(f"- Curves, {best:.3f} s: {verdict} the fastest peer (goal: no slower).")
            if mean is not None:
                meets = mean <= MEAN_BOUND and share <= SHARE_BOUND
                print(f"- Curves against resvg: mean {mean:.2f}/255 (bound {MEAN_BOUND}), {share:.3f}% of pixels "
                      f"over {TOLERANCE}/255 (bound {SHARE_BOUND}%): {'meets' if meets else 'does NOT meet'} "
                      f"the agreement bounds. Differing pixels: {drawing}.curves-diff.png")
        if reference is not None and translucent:
            print(f"- Note: resvg's {drawing}.png has pixels that are not opaque (compared on white).")
    print(f"\nImages in {work}; each renderer's output of its last run in {logs}.")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
