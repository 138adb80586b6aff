#!/usr/bin/env python3
"""Each section of resvg's test suite drawn whole by Curves and by resvg, in one run (issue 58's
speed goal: every section drawn no slower in total than resvg draws it, filters included).

For every file of a section, alternating, one whole process each, 200 pixels wide:

    curves   CURVES render X.svg --drawing-only --width 200 -o X.png
    resvg    RESVG -w 200 X.svg X.png

and the section's total wall time for each, with the ratio. Then the same files in one command,
`curves render LIST.txt --output-dir DIR --width 200` (every core), against resvg's total: what
a user drawing a folder pays with each tool (resvg's command line takes one file).

A file a renderer fails on still counts its time (resvg refuses a few on purpose). The best of
--runs totals is kept for each.

    python3 Benchmarks/scripts/section-speed.py --curves .build/release/curves --resvg RESVG SUITE/tests
"""
import argparse
import os
import subprocess
import sys
import tempfile
import time

SECTIONS = ["shapes", "painting", "paint-servers", "masking", "structure", "filters"]


def timed(command):
    """Wall seconds of one whole process (its output thrown away)."""
    start = time.perf_counter()
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start


def section_files(suite, section):
    files = []
    for folder, _, names in os.walk(os.path.join(suite, section)):
        files += [os.path.join(folder, name) for name in names if name.endswith(".svg")]
    return sorted(files)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("suite", help="resvg's crates/resvg/tests/tests folder")
    parser.add_argument("--curves", default=".build/release/curves")
    parser.add_argument("--resvg", default="resvg")
    parser.add_argument("--section", action="append", help="a section to time (default: the six of issue 58)")
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--width", type=int, default=200)
    options = parser.parse_args()
    width = str(options.width)

    print(f"resvg's suite, each file {width} pixels wide, whole processes (best of {options.runs}):")
    print("| section | files | Curves, a process each | resvg, a process each | ratio | Curves, one --output-dir command | ratio |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    totals = [0.0, 0.0, 0.0]
    with tempfile.TemporaryDirectory() as work:
        png = os.path.join(work, "out.png")
        for section in options.section or SECTIONS:
            files = section_files(options.suite, section)
            if not files:
                print(f"| {section} | 0 | | | | | |")
                continue
            listing = os.path.join(work, section + ".txt")
            with open(listing, "w") as handle:
                handle.write("\n".join(files) + "\n")
            best = [float("inf")] * 3
            for _ in range(options.runs):
                curves = resvg = 0.0
                for path in files:
                    curves += timed([options.curves, "render", path, "--drawing-only", "--width", width, "-o", png])
                    resvg += timed([options.resvg, "-w", width, path, png])
                folder = os.path.join(work, section)
                os.makedirs(folder, exist_ok=True)
                together = timed([options.curves, "render", listing, "--output-dir", folder, "--width", width])
                best = [min(a, b) for a, b in zip(best, [curves, resvg, together])]
            totals = [a + b for a, b in zip(totals, best)]
            print(f"| {section} | {len(files)} | {best[0]:.2f} s | {best[1]:.2f} s | {best[0] / best[1]:.2f}x "
                  f"| {best[2]:.2f} s | {best[2] / best[1]:.2f}x |")
    print(f"| all | | {totals[0]:.2f} s | {totals[1]:.2f} s | {totals[0] / totals[1]:.2f}x "
          f"| {totals[2]:.2f} s | {totals[2] / totals[1]:.2f}x |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
