#!/usr/bin/env python3
"""Real drawings drawn to PNG by whole processes, side by side in one run (issue 34's race):
Curves against resvg (PyPI's resvg-cli), librsvg (Debian's rsvg-convert), Skia (skia-python's
SVGDOM) and ThorVG (thorvg-python), each process timed and its peak resident memory read by
GNU time:

    curves   CURVES render X.svg --drawing-only --size SxS -o X.png
    resvg    resvg -w S -h S X.svg X.png
    librsvg  rsvg-convert -w S -h S X.svg -o X.png
    skia     python -c '…skia.SVGDOM…' X.svg X.png S
    thorvg   python -c '…thorvg_python.Picture…' X.svg X.png S

First one icon (--icon, default Breeze's accessories-calculator) at 128x128 by Curves and
resvg, best of 20 whole processes each, time and peak memory with their ratios (issue 57's
goals: at most 1.0x the time, 1.5x the memory). A drawing (--drawing, default none; `make
bench` gives Inkscape's tiger) at 1024x1024, best of --runs, with Curves's ratios to resvg
(goals 1.0x and 1.25x). A process's peak counts the pages of its binary it maps, and the
kernel maps the page cache's whole folio around a page it faults in: a binary just written
(linked, copied, installed) sits in large folios, one read back from disk after its pages
were dropped (as after a reboot) in small ones. So each peak is read twice: as the binaries
are, then with both binaries' pages dropped from the page cache (flushed, then
POSIX_FADV_DONTNEED) and read back by one run of each. Then every file of
--icons (default Breeze's apps/48, 403 names) at 128x128, one process each, all of them
once a renderer, the total wall time and the slowest one. Skia and ThorVG run in Python,
so their times include starting it (as a user of those packages pays it too). Then the same
icons in one command, `curves render FOLDER --output-dir DIR --size 128x128` (a whole
process, every core), against Skia drawing and saving them in one loop in one Python process
(the loop's own time, Python's start left out).

The venv (--venv, default OUT/venv) is made on first use with resvg-cli, skia-python,
thorvg-python and Pillow.

  usage: svg-speed.py [--curves BINARY] [--out DIR] [--icon SVG] [--drawing SVG] [--icons FOLDER] [--runs N]
"""
import argparse
import os
import subprocess
import sys
import time

PACKAGES = ["resvg-cli", "skia-python", "thorvg-python", "pillow"]
RENDERERS = ["curves", "resvg", "librsvg", "skia", "thorvg"]

# One drawing by Skia's SVGDOM, fitted into a size × size square and saved as PNG; False when
# Skia cannot read the file.
SKIA_DRAW = """import skia
def draw(path, out, size):
    dom = skia.SVGDOM.MakeFromStream(skia.Stream.MakeFromFile(path))
    if dom is None:
        return False
    box = dom.containerSize()
    surface = skia.Surface(size, size)
    with surface as canvas:
        if box.width() > 0 and box.height() > 0:
            scale = min(size / box.width(), size / box.height())
            canvas.scale(scale, scale)
        dom.setContainerSize(skia.Size(box.width() or size, box.height() or size))
        dom.render(canvas)
    surface.makeImageSnapshot().save(out, skia.kPNG)
    return True
"""

SKIA = SKIA_DRAW + """import sys
sys.exit(0 if draw(sys.argv[1], sys.argv[2], int(sys.argv[3])) else 1)
"""

# Every SVG of a folder drawn in one loop; prints the loop's own time (a file Skia cannot read
# is skipped, as a failure).
SKIA_LOOP = SKIA_DRAW + """import os, sys, time
folder, out, size = sys.argv[1], sys.argv[2], int(sys.argv[3])
names = sorted(name for name in os.listdir(folder) if name.endswith(".svg"))
start = time.perf_counter()
for name in names:
    draw(os.path.join(folder, name), os.path.join(out, name[:-4] + ".png"), size)
print(time.perf_counter() - start)
"""

THORVG = """import sys, thorvg_python as tvg
path, out, size = sys.argv[1], sys.argv[2], int(sys.argv[3])
engine = tvg.Engine(threads=1)
canvas = tvg.SwCanvas(engine)
canvas.set_target(size, size)
picture = tvg.Picture(engine)
picture.load(path)
picture.set_size(size, size)
canvas.add(picture)
canvas.update()
canvas.draw(True)
canvas.sync()
canvas.get_pillow().save(out)
canvas.destroy()
engine.term()
"""


def venv_python(venv):
    python = os.path.join(venv, "bin", "python")
    ready = os.path.exists(os.path.join(venv, "bin", "resvg")) and subprocess.run(
        [python, "-c", "import skia, thorvg_python, PIL"], capture_output=True).returncode == 0
    if not ready:
        print(f"svg-speed: making the venv {venv} ({', '.join(PACKAGES)})", flush=True)
        if not os.path.exists(python):
            subprocess.run([sys.executable, "-m", "venv", venv], check=True)
        subprocess.run([python, "-m", "pip", "install", "-q", *PACKAGES], check=True)
    return python


def command(renderer, svg, png, size, curves, python, venv):
    return {
        "curves": [curves, "render", svg, "--drawing-only", "--size", f"{size}x{size}", "-o", png],
        "resvg": [os.path.join(venv, "bin", "resvg"), "-w", str(size), "-h", str(size), svg, png],
        "librsvg": ["rsvg-convert", "-w", str(size), "-h", str(size), svg, "-o", png],
        "skia": [python, "-c", SKIA, svg, png, str(size)],
        "thorvg": [python, "-c", THORVG, svg, png, str(size)],
    }[renderer]


def measure(arguments):
    """(wall seconds, peak RSS in MB, exit status) of one whole process under GNU time."""
    start = time.perf_counter()
    done = subprocess.run(["/usr/bin/time", "-f", "%M", *arguments], capture_output=True, text=True, stdin=subprocess.DEVNULL)
    wall = time.perf_counter() - start
    try:
        kilobytes = int(done.stderr.strip().splitlines()[-1])
    except (ValueError, IndexError):
        kilobytes = 0
    return wall, kilobytes / 1024, done.returncode


def drop_from_page_cache(path):
    """Flushes a file and drops its pages from the page cache, so the next process reads it
    back from disk, in the folios a read makes."""
    descriptor = os.open(path, os.O_RDONLY)
    try:
        os.fsync(descriptor)
        os.posix_fadvise(descriptor, 0, 0, os.POSIX_FADV_DONTNEED)
    finally:
        os.close(descriptor)


def peaks_read_back(commands, runs):
    """Each command's lowest peak (MB) over `runs` runs, after its binary's pages were dropped
    from the page cache and read back by one run."""
    for arguments in commands.values():
        drop_from_page_cache(arguments[0])
    for arguments in commands.values():
        measure(arguments)
    return {name: min(measure(arguments)[1] for _ in range(runs)) for name, arguments in commands.items()}


def read_back_line(commands, runs, goal):
    peaks = peaks_read_back(commands, runs)
    ratio = peaks["curves"] / peaks["resvg"]
    return (f"memory with both binaries read back from disk: curves {peaks['curves']:.1f} MB, resvg {peaks['resvg']:.1f} MB: "
            f"{ratio:.2f}x (goal at most {goal}x: {'met' if ratio <= goal else 'not met'})")


def best_of(arguments, runs):
    """The fastest of `runs` runs of one command: (wall seconds, peak MB, status)."""
    return min(measure(arguments) for _ in range(runs))


def ratios(best, time_goal, memory_goal):
    """Curves's time and peak memory as multiples of resvg's, each against its goal."""
    time_ratio, memory_ratio = best["curves"][0] / best["resvg"][0], best["curves"][1] / best["resvg"][1]
    def verdict(ratio, goal):
        return "met" if ratio <= goal else "not met"
    return (f"time {time_ratio:.2f}x (goal at most {time_goal}x: {verdict(time_ratio, time_goal)}), "
            f"memory {memory_ratio:.2f}x (goal at most {memory_goal}x: {verdict(memory_ratio, memory_goal)})")


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--curves", default=os.path.join(here, "..", "..", ".build", "release", "curves"))
    parser.add_argument("--out", default=os.path.join(here, "..", ".build", "bench"))
    parser.add_argument("--venv")
    parser.add_argument("--drawing", help="an SVG to draw at 1024x1024 (default: none)")
    parser.add_argument("--icon", default="/usr/share/icons/breeze/apps/48/accessories-calculator.svg")
    parser.add_argument("--icons", default="/usr/share/icons/breeze/apps/48")
    parser.add_argument("--runs", type=int, default=5)
    options = parser.parse_args()
    out = os.path.abspath(os.path.join(options.out, "svg-speed"))
    os.makedirs(out, exist_ok=True)
    venv = os.path.abspath(options.venv or os.path.join(options.out, "venv"))
    python = venv_python(venv)
    curves = os.path.abspath(options.curves)
    if os.path.isfile(options.icon):
        best = {renderer: best_of(command(renderer, options.icon, os.path.join(out, f"one-icon.{renderer}.png"), 128, curves, python, venv), 20)
                for renderer in ["curves", "resvg"]}
        print(f"\none icon ({os.path.basename(options.icon)}) at 128x128, a whole process, best of 20: "
              f"curves {1000 * best['curves'][0]:.1f} ms, {best['curves'][1]:.1f} MB; resvg {1000 * best['resvg'][0]:.1f} ms, "
              f"{best['resvg'][1]:.1f} MB: {ratios(best, 1.0, 1.5)}", flush=True)
        commands = {renderer: command(renderer, options.icon, os.path.join(out, f"one-icon.{renderer}.png"), 128, curves, python, venv)
                    for renderer in ["curves", "resvg"]}
        print(read_back_line(commands, 20, 1.5), flush=True)
    if options.drawing:
        print(f"\n{os.path.basename(options.drawing)} at 1024x1024, best of {options.runs} (wall s, peak RSS MB):\n")
        print("| renderer | time | memory |\n|---|---:|---:|")
        best = {}
        for renderer in RENDERERS:
            runs = [measure(command(renderer, options.drawing, os.path.join(out, f"drawing.{renderer}.png"), 1024, curves, python, venv))
                    for _ in range(options.runs)]
            failed = [run for run in runs if run[2] != 0]
            best[renderer] = min(runs)
            print(f"| {renderer} | {best[renderer][0]:.3f} s | {best[renderer][1]:.0f} MB |" + (" (failed)" if failed else ""), flush=True)
        print(f"\ncurves against resvg on {os.path.basename(options.drawing)}: {ratios(best, 1.0, 1.25)}", flush=True)
        commands = {renderer: command(renderer, options.drawing, os.path.join(out, f"drawing.{renderer}.png"), 1024, curves, python, venv)
                    for renderer in ["curves", "resvg"]}
        print(read_back_line(commands, options.runs, 1.25), flush=True)
    if os.path.isdir(options.icons):
        icons = sorted(os.path.join(options.icons, name) for name in os.listdir(options.icons) if name.endswith(".svg"))
        print(f"\n{len(icons)} icons of {options.icons} at 128x128, a process each (total wall s, slowest, failures):\n")
        print("| renderer | total | per icon | slowest | failed |\n|---|---:|---:|---:|---:|")
        totals = {}
        for renderer in RENDERERS:
            times, failures = [], 0
            for index, icon in enumerate(icons):
                wall, _, status = measure(command(renderer, icon, os.path.join(out, f"icon.{renderer}.png"), 128, curves, python, venv))
                times.append(wall)
                failures += status != 0
            total = sum(times)
            totals[renderer] = total
            print(f"| {renderer} | {total:.2f} s | {1000 * total / len(times):.0f} ms | {1000 * max(times):.0f} ms | {failures} |", flush=True)
        print(f"\n{len(icons)} icons a process each: curves {totals['curves'] / totals['resvg']:.2f}x resvg's loop (goal: at most 1.0x)", flush=True)
        batch = os.path.join(out, "batch")
        os.makedirs(os.path.join(batch, "skia"), exist_ok=True)
        runs = [measure([curves, "render", options.icons, "--output-dir", os.path.join(batch, "curves"), "--size", "128x128"])
                for _ in range(options.runs)]
        ours = min(run[0] for run in runs)
        skia_runs = [float(subprocess.run([python, "-c", SKIA_LOOP, options.icons, os.path.join(batch, "skia"), "128"],
                                          capture_output=True, text=True, check=True).stdout) for _ in range(options.runs)]
        theirs = min(skia_runs)
        print(f"\nthe {len(icons)} icons in one command, best of {options.runs}: curves render FOLDER --output-dir DIR "
              f"{ours:.2f} s (whole process{', some failed' if any(run[2] != 0 for run in runs) else ''}); "
              f"Skia's loop in one process {theirs:.2f} s: {ours / theirs:.2f}x (goal: at most 1.0x)", flush=True)


if __name__ == "__main__":
    main()
