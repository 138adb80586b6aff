#!/usr/bin/env python3
"""Text, side by side in one run (issue 56): a page of 5,000 glyphs in three families
(DejaVu Sans, Serif and Sans Mono; 100 lines of 50 characters, a <text> each) laid out and
drawn by whole processes, best of --runs, each timed and its peak resident memory read by
GNU time:

    curves   CURVES render page.svg --drawing-only -o page.png
    resvg    resvg page.svg page.png
    librsvg  rsvg-convert page.svg -o page.png

then Curves's memory for the same page without its texts (the goal: at most 50 MB more with
them), and, with --curves-dev, typing into a 5,000-character text with the text tool
(`curves-dev benchmark-typing`: a key to its finished frame).

The venv (--venv, default OUT/venv) is made on first use with resvg-cli.

  usage: text-bench.py [--curves BINARY] [--curves-dev BINARY] [--out DIR] [--runs N]
"""
import argparse
import importlib.util
import os
import subprocess
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the scripts
# One whole process timed, with its peak memory: svg-speed.py's `measure`.
_spec = importlib.util.spec_from_file_location("svg_speed", os.path.join(os.path.dirname(os.path.abspath(__file__)), "svg-speed.py"))
svg_speed = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(svg_speed)
measure = svg_speed.measure

FAMILIES = ["DejaVu Sans", "DejaVu Serif", "DejaVu Sans Mono"]
WORDS = "The quick brown fox jumps over the lazy dog; Curves draws every glyph. "


def page(with_text=True):
    lines = []
    for index in range(100):
        text = (WORDS * 2)[index % 40:][:50]
        family = FAMILIES[index % 3]
        if with_text:
            lines.append(f'  <text x="20" y="{24 + index * 13}" font-family="{family}" font-size="11">{text}</text>')
    # A frame around the page, so the page without text still draws something.
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="420" height="1340">\n'
            f'  <rect x="5" y="5" width="410" height="1330" fill="none" stroke="#888"/>\n' + "\n".join(lines) + "\n</svg>\n")


def venv_resvg(venv):
    resvg = os.path.join(venv, "bin", "resvg")
    if not os.path.exists(resvg):
        print(f"text-bench: making the venv {venv} (resvg-cli)", flush=True)
        subprocess.run([sys.executable, "-m", "venv", venv], check=True)
        subprocess.run([os.path.join(venv, "bin", "python"), "-m", "pip", "install", "-q", "resvg-cli"], check=True)
    return resvg


def best(arguments, runs):
    results = [measure(arguments) for _ in range(runs)]
    failed = any(result[2] != 0 for result in results)
    return min(results), failed


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--curves", default=os.path.join(here, "..", "..", ".build", "release", "curves"))
    parser.add_argument("--curves-dev")
    parser.add_argument("--out", default=os.path.join(here, "..", ".build", "bench"))
    parser.add_argument("--venv")
    parser.add_argument("--runs", type=int, default=5)
    options = parser.parse_args()
    out = os.path.abspath(os.path.join(options.out, "text"))
    os.makedirs(out, exist_ok=True)
    resvg = venv_resvg(os.path.abspath(options.venv or os.path.join(options.out, "venv")))
    curves = os.path.abspath(options.curves)
    svg, bare = os.path.join(out, "page.svg"), os.path.join(out, "page-without-text.svg")
    with open(svg, "w") as file:
        file.write(page())
    with open(bare, "w") as file:
        file.write(page(with_text=False))
    commands = {
        "curves": [curves, "render", svg, "--drawing-only", "-o", os.path.join(out, "curves.png")],
        "resvg": [resvg, svg, os.path.join(out, "resvg.png")],
        "librsvg": ["rsvg-convert", svg, "-o", os.path.join(out, "librsvg.png")],
    }
    print(f"\na page of 5,000 glyphs in {', '.join(FAMILIES)}, a whole process each, best of {options.runs} (wall s, peak RSS MB):\n")
    print("| renderer | time | memory |\n|---|---:|---:|")
    results = {}
    for name, arguments in commands.items():
        (wall, memory, _), failed = best(arguments, options.runs)
        results[name] = (wall, memory)
        print(f"| {name} | {wall:.3f} s | {memory:.0f} MB |" + (" (failed)" if failed else ""), flush=True)
    fastest = min(results["resvg"][0], results["librsvg"][0])
    print(f"\ncurves / the faster of resvg and librsvg: {results['curves'][0] / fastest:.2f}x (goal: at most 1.0x)")
    (_, without, _), _ = best([curves, "render", bare, "--drawing-only", "-o", os.path.join(out, "bare.png")], options.runs)
    print(f"curves's memory with the texts: {results['curves'][1] - without:+.0f} MB over the page without them ({without:.0f} MB; goal: at most +50 MB)")
    if options.curves_dev:
        print()
        subprocess.run([options.curves_dev, "benchmark-typing", "--glyphs", "5000"], check=True)


if __name__ == "__main__":
    main()
