#!/usr/bin/env python3
"""SVG drawings saved back in place, measured on real drawings: for each SVG in a folder (and
its subfolders), `curves replay` opens it as the window does and writes it as Ctrl+S would,

  once with no edit:   the file must come back byte for byte;
  once after Tab, →:   the first object of the drawing moved 2 units; the saved file must
                       differ from the original in that object's element alone.

Elements are compared in document order after parsing (Python's xml.etree: its tag, its
attributes, its text and tail with white space trimmed). Prints how many files came back
unchanged, how many changed in exactly one element, and those that did not, with why.

  usage: svg-write-back.py [--curves BINARY] [--jobs N] [--show N] [FOLDER ...]

FOLDER defaults to Breeze's colour application icons (/usr/share/icons/breeze/apps/48); BINARY
to .build/debug/curves (`swift build --product curves`). Python 3's standard library only.
"""
import argparse
import concurrent.futures
import gzip
import os
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def unpacked(data):
    return gzip.decompress(data) if data[:2] == b"\x1f\x8b" else data


def elements(data):
    """Each element in document order as (tag, attributes, text, tail), white space trimmed."""
    root = ET.fromstring(data)
    return [(e.tag, dict(e.attrib), (e.text or "").strip(), (e.tail or "").strip()) for e in root.iter()]


def replay(curves, work, name, keys, output):
    events = os.path.join(work, output + ".jsonl")
    with open(events, "w") as file:
        file.write("\n".join(['{"type":"key","key":"%s"}' % key for key in keys] + ['{"type":"wait","ms":1}']) + "\n")
    run = subprocess.run([curves, "replay", name, "--events", events, "-o", output], cwd=work, capture_output=True, text=True, timeout=300)
    if run.returncode != 0:
        raise RuntimeError(run.stderr.strip().splitlines()[-1] if run.stderr.strip() else f"status {run.returncode}")
    with open(os.path.join(work, output), "rb") as file:
        return file.read()


def check(curves, path):
    """('same' | 'one' | why not, path) for one drawing."""
    with tempfile.TemporaryDirectory() as work:
        name = "in" + os.path.splitext(path)[1].lower()
        shutil.copy(path, os.path.join(work, name))
        with open(path, "rb") as file:
            original = unpacked(file.read())
        out = "out" + os.path.splitext(path)[1].lower()
        try:
            same = unpacked(replay(curves, work, name, [], out))
            if same != original:
                return ("saved with no edit, the file changed", path)
            moved = unpacked(replay(curves, work, name, ["tab", "right"], "moved" + os.path.splitext(path)[1].lower()))
        except (RuntimeError, subprocess.TimeoutExpired) as error:
            return (f"curves failed: {error}", path)
        if moved == original:
            return ("nothing to move (no object, or it is locked)", path)
        try:
            before, after = elements(original), elements(moved)
        except ET.ParseError as error:
            return (f"not XML to Python: {error}", path)
        if len(before) != len(after) or any(a[0] != b[0] for a, b in zip(before, after)):
            return ("moved, written whole (the elements are not those read)", path)
        changed = sum(1 for a, b in zip(before, after) if a != b)
        return ("one" if changed == 1 else f"moved, {changed} elements changed", path)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("folders", nargs="*", default=["/usr/share/icons/breeze/apps/48"])
    parser.add_argument("--curves", default=os.path.join(ROOT, ".build", "debug", "curves"))
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    parser.add_argument("--show", type=int, default=10, help="files to list for each other outcome")
    arguments = parser.parse_args()
    paths = sorted(
        os.path.join(folder, name)
        for top in arguments.folders
        for folder, _, names in os.walk(top)
        for name in names
        if name.lower().endswith((".svg", ".svgz")) and not os.path.islink(os.path.join(folder, name))
    )
    if not paths:
        sys.exit("no .svg or .svgz files under " + ", ".join(arguments.folders))
    with concurrent.futures.ThreadPoolExecutor(arguments.jobs) as pool:
        results = list(pool.map(lambda path: check(arguments.curves, path), paths))
    outcomes = {}
    for outcome, path in results:
        outcomes.setdefault(outcome, []).append(path)
    total = len(paths)
    moved_one = len(outcomes.get("one", []))
    unchanged = total - sum(len(v) for k, v in outcomes.items() if k.startswith(("saved with no edit", "curves failed", "not XML")))
    print(f"{total} drawings under {', '.join(arguments.folders)}")
    print(f"saved with no edit, byte for byte the file read: {unchanged} of {total} ({100 * unchanged / total:.1f}%)")
    print(f"one object moved, only its element changed: {moved_one} of {total} ({100 * moved_one / total:.1f}%)")
    for outcome, files in sorted(outcomes.items(), key=lambda item: -len(item[1])):
        if outcome == "one":
            continue
        print(f"  {len(files)}: {outcome}")
        for path in files[:arguments.show]:
            print(f"      {path}")


if __name__ == "__main__":
    main()
