#!/usr/bin/env python3
"""How many SVG files Curves draws like librsvg: for each .svg (or .svgz) in the folders (and
their subfolders), librsvg draws it S pixels wide (`rsvg-convert -w S`, Debian's
librsvg2-bin; as tall as the drawing's proportions make it), and the pixels are compared as
svg-round-trip.py does: a pixel differs when any premultiplied channel differs by more than
40/255; a file passes when at most 1% of its pixels differ. With --mode render, Curves draws
the file itself as librsvg does (`curves render FILE --drawing-only --width S`); with
--mode round-trip, Curves imports it and exports it again (`curves import-svg`, then `curves
export-svg`) and librsvg draws the export; --mode both does both. Files librsvg cannot draw
are skipped; a Curves command that fails is a failing file, and its first line of stderr is
kept. Prints passed / total for each section (the top-level subfolders of each FOLDER; its
own files go under its last two names) and overall, the worst files, the commonest errors
and the wall time.

With --reference suite, each file is compared instead with the PNG beside it (FILE.png:
resvg's suite keeps its expected drawing there, made by resvg and checked against Chrome),
Curves (or librsvg, drawing the export) drawing it at that PNG's size; a file without one is
skipped. Where
librsvg 2.54 and the suite disagree (an feDropShadow, a clipPath's transform), this says which
way Curves goes. With --reference resvg, resvg draws each file instead of librsvg (`--resvg
COMMAND`, by default `resvg`: pip install resvg-cli), with this machine's fonts as Curves has
them (each family the file names that the machine lacks replaced by fontconfig's match, as
resvg does no fallback; the generic families DejaVu's): where librsvg 2.54 lacks a feature
of text (position lists, word-spacing, textPath), resvg draws it as SVG 2 says. With
--reference any, a file passes when it matches any of the three (the issue's rule: where the
peers disagree, Curves follows one of them, as docs/svg-support.md says which); the round trip
is then the export drawn by librsvg against each of them, and by resvg against resvg's.

  usage: svg-conformance.py [--curves BINARY] [--mode render|round-trip|both] [--size S]
                            [--reference librsvg|suite|resvg|any] [--resvg COMMAND] [--jobs N] [--worst N]
                            [--section NAME ...] [--json OUT] [--list-failures [SECTION]]
                            [--keep DIR] FOLDER [FOLDER ...]

Corpora: Breeze's colour app icons (apt-get install breeze-icon-theme; FOLDER
/usr/share/icons/breeze/apps/48, symlinks drawn once) and resvg's test suite
(crates/resvg/tests/tests of github.com/linebender/resvg, sections such as painting, structure,
masking, paint-servers, shapes, text and filters; export crates/resvg/tests/resources beside it
for the image tests). BINARY defaults to .build/debug/curves. --json writes one record per file
and mode (path, section, mode, passed, fraction, error; passed is null when skipped), so two
runs can be diffed. Python 3's standard library only; the PNG reading comes from
svg-round-trip.py.
"""
import argparse
import collections
import concurrent.futures
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

sys.dont_write_bytecode = True  # no __pycache__ beside the scripts
_spec = importlib.util.spec_from_file_location(
    "svg_round_trip", os.path.join(os.path.dirname(os.path.abspath(__file__)), "svg-round-trip.py"))
round_trip = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(round_trip)
read_png, differing_fraction = round_trip.read_png, round_trip.differing_fraction
CHANNEL_TOLERANCE, PASSING_FRACTION = round_trip.CHANNEL_TOLERANCE, round_trip.PASSING_FRACTION


def run(arguments):
    try:
        return subprocess.run(arguments, capture_output=True, text=True, errors="replace", timeout=120)
    except subprocess.TimeoutExpired:
        return subprocess.CompletedProcess(arguments, -1, "", "timed out after 120 s")


def png_height(png):
    """The height a PNG's header gives, or None when it cannot be read."""
    try:
        with open(png, "rb") as file:
            header = file.read(24)
        return int.from_bytes(header[20:24], "big") if header[12:16] == b"IHDR" else None
    except OSError:
        return None


def first_line(text):
    lines = [line for line in text.strip().splitlines() if line.strip()]
    return lines[0].strip() if lines else "(no stderr)"


def collect(folders, sections):
    """(path, section) of each SVG file, a file reached through several symlinks taken once,
    and how many duplicates were left out."""
    seen, files, duplicates = set(), [], 0
    for folder in folders:
        folder = os.path.normpath(folder)
        for root, directories, names in os.walk(folder):
            directories.sort()
            for name in sorted(names):
                if not name.endswith((".svg", ".svgz")) or name.endswith(".out.svg"):
                    continue
                path = os.path.join(root, name)
                relative = os.path.relpath(path, folder).split(os.sep)
                section = relative[0] if len(relative) > 1 else os.path.join(*folder.split(os.sep)[-2:])
                if sections and section not in sections:
                    continue
                real = os.path.realpath(path)
                if real in seen or not os.path.isfile(real):
                    duplicates += real in seen
                    continue
                seen.add(real)
                files.append((path, section))
    return files, duplicates


FONT_FAMILY = re.compile(r"font-family\s*[:=]\s*(\"[^\"]*\"|'[^']*'|[^;\"'>]+)")
GENERIC = {"serif", "sans-serif", "monospace", "cursive", "fantasy", "system-ui"}
_matches = {}


def machine_family(name):
    """The family fontconfig puts in place of `name` (`fc-match`), as librsvg and Curves get it."""
    if name not in _matches:
        found = subprocess.run(["fc-match", "-f", "%{family[0]}", name], capture_output=True, text=True)
        _matches[name] = found.stdout.strip() if found.returncode == 0 and found.stdout.strip() else name
    return _matches[name]


# resvg's own defaults for the generic families are Windows fonts; this machine's instead.
GENERIC_FAMILIES = ["--serif-family", "DejaVu Serif", "--sans-serif-family", "DejaVu Sans", "--monospace-family", "DejaVu Sans Mono",
                    "--font-family", "DejaVu Serif"]


def with_machine_fonts(source, copy):
    """`source` with each family it names that this machine lacks replaced by fontconfig's
    match (resvg does no fallback of its own: it draws nothing for a missing family), written
    to `copy`; `source` itself when it names none."""
    if source.endswith(".svgz"):
        return source
    with open(source, encoding="utf-8", errors="replace") as file:
        text = file.read()
    names = set()
    for value in FONT_FAMILY.findall(text):
        for name in value.strip("\"'").split(","):
            name = name.strip().strip("\"'").strip()
            if name and name.lower() not in GENERIC:
                names.add(name)
    replaced = text
    for name in sorted(names, key=len, reverse=True):
        family = machine_family(name)
        if family != name:
            replaced = replaced.replace(name, family)
    if replaced == text:
        return source
    with open(copy, "w", encoding="utf-8") as file:
        file.write(replaced)
    return copy


def check(curves, modes, size, path, section, work, references=("librsvg",), resvg="resvg"):
    """The records of one file: one a mode, with fraction None when it was not compared. With
    several references, the file passes when it matches any of them (the least fraction is kept)."""
    base = os.path.join(work, os.path.abspath(path).lstrip(os.sep).replace(os.sep, "_").rsplit(".", 1)[0])
    record = lambda mode, fraction=None, error=None, skipped=False: {
        "path": path, "section": section, "mode": mode, "fraction": fraction, "error": error,
        "passed": None if skipped else (fraction is not None and fraction <= PASSING_FRACTION)}

    def draw(source, png, peer, width):
        # `width` wide, as tall as the drawing's proportions make it (a square for most); resvg
        # with this machine's fonts, as librsvg and Curves have them.
        if peer == "resvg":
            source = with_machine_fonts(source, base + ".fonts.svg")
            command = [resvg, "-w", str(width), *GENERIC_FAMILIES, source, png]
        else:
            command = ["rsvg-convert", "-w", str(width), "-f", "png", "-o", png, source]
        drawn = run(command)
        return None if drawn.returncode == 0 and os.path.exists(png) else first_line(drawn.stderr)

    # The expected drawings: (name, pixels), each Curves's drawing is compared with.
    expected, problems = [], []
    for name in references:
        try:
            if name == "suite":
                expected.append((name, read_png(path.rsplit(".", 1)[0] + ".png")))
                continue
            png = f"{base}.{name}.png"
            problem = draw(path, png, name, size)
            if problem:
                problems.append(f"{name}: {problem}")
                continue
            expected.append((name, read_png(png)))
        except (OSError, ValueError) as error:
            problems.append(f"{name}: {error}")
    if not expected:
        return [record(mode, error="; ".join(problems), skipped=True) for mode in modes]

    records = []
    for mode in modes:
        drawings = {}  # Curves's drawing (or a peer's of the export) at each size

        def drawn_at(width, height, peer="librsvg"):
            # The export is drawn by librsvg, and against resvg's drawing also by resvg: then
            # only Curves's reading and writing differ, not two renderers' rounding of the
            # height or a feature one of them leaves out.
            key = (width, height, peer if mode == "round-trip" else None)
            if key not in drawings:
                suffix = f".{peer}" if mode == "round-trip" and peer == "resvg" else ""
                png = f"{base}.{mode}.{width}x{height}{suffix}.png"
                if mode == "render":
                    # As the peers draw `-w W`: scaled to the width, the height rounded up, the
                    # drawing at the top; a reference of other proportions (the suite's own
                    # PNG) gets the drawing fitted into its size.
                    command = [curves, "render", path, "--drawing-only", "-o", png]
                    result = run(command + ["--width", str(width)])
                    if result.returncode == 0 and png_height(png) != height:
                        result = run(command + ["--size", f"{width}x{height}"])
                    problem = None if result.returncode == 0 else "render: " + first_line(result.stderr)
                else:
                    problem = draw(exported, png, peer, width)
                    problem = problem and f"{peer} on the export: " + problem
                drawings[key] = (png, problem)
            return drawings[key]

        if mode == "round-trip":
            document, exported = base + ".json", base + ".out.svg"
            imported = run([curves, "import-svg", path, "-o", document])
            if imported.returncode != 0:
                records.append(record(mode, error="import-svg: " + first_line(imported.stderr)))
                continue
            written = run([curves, "export-svg", document, "-o", exported])
            if written.returncode != 0:
                records.append(record(mode, error="export-svg: " + first_line(written.stderr)))
                continue
        best, error = None, None
        comparisons = [(name, pixels, peer) for name, pixels in expected
                       for peer in (["librsvg", "resvg"] if mode == "round-trip" and name == "resvg" else ["librsvg"])]
        for name, pixels, peer in comparisons:
            png, problem = drawn_at(len(pixels[0]), len(pixels), peer)
            try:
                if problem:
                    raise ValueError(problem)
                fraction = differing_fraction(pixels, read_png(png))
            except (ValueError, OSError, TypeError) as failure:
                error = error or str(failure)
                continue
            best = fraction if best is None else min(best, fraction)
            if best <= PASSING_FRACTION:
                break
        records.append(record(mode, best) if best is not None else record(mode, error=error))
    return records


def percent(part, whole):
    return f"{100 * part / whole:5.1f}%" if whole else "    -"


def report(records, mode, size, options):
    compared = [r for r in records if r["mode"] == mode and r["passed"] is not None]
    skipped = sum(1 for r in records if r["mode"] == mode and r["passed"] is None)
    like = {"suite": "the suite's expected PNGs (at their sizes)", "resvg": f"resvg ({size} pixels wide)",
            "any": f"librsvg, resvg ({size} pixels wide) or the suite's PNG, whichever it matches"}.get(options.reference, f"librsvg ({size} pixels wide)")
    print(f"\n== {mode}: Curves {'draws' if mode == 'render' else 'imports and exports'} like {like} "
          f"(at most {PASSING_FRACTION:.0%} of the pixels off by more than {CHANNEL_TOLERANCE}/255)")
    by_section = collections.defaultdict(list)
    for r in compared:
        by_section[r["section"]].append(r)
    width = max([len(name) for name in by_section] + [7])
    for name in sorted(by_section):
        group = by_section[name]
        passed, errors = sum(r["passed"] for r in group), sum(r["error"] is not None for r in group)
        print(f"  {name:<{width}}  {passed:4} / {len(group):4}  {percent(passed, len(group))}"
              + (f"   ({errors} Curves errors)" if errors else ""))
    passed = sum(r["passed"] for r in compared)
    print(f"  {'overall':<{width}}  {passed:4} / {len(compared):4}  {percent(passed, len(compared))}"
          f"   ({skipped} skipped: {'no expected PNG' if options.reference == 'suite' else 'no reference could draw them'})")
    worst = sorted((r for r in compared if r["fraction"] is not None and not r["passed"]), key=lambda r: -r["fraction"])
    if worst and options.worst:
        print(f"\n  worst {min(options.worst, len(worst))} of the {len(worst)} that differ:")
        for r in worst[:options.worst]:
            print(f"    {r['fraction']:6.1%}  {r['path']}")
    errors = collections.Counter(r["error"] for r in compared if r["error"])
    if errors:
        print(f"\n  {sum(errors.values())} Curves failures, commonest errors:")
        for error, count in errors.most_common(options.worst or 10):
            print(f"    {count:4}  {error[:160]}")
    if options.list_failures is not None:
        failing = [r["path"] for r in compared if not r["passed"] and options.list_failures in ("", r["section"])]
        print(f"\n  {len(failing)} failing" + (f" in {options.list_failures}" if options.list_failures else "") + ":")
        for path in failing:
            print("    " + path)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folders", nargs="+")
    parser.add_argument("--curves", default=os.path.join(os.path.dirname(__file__), "..", "..", ".build", "debug", "curves"))
    parser.add_argument("--mode", choices=["render", "round-trip", "both"], default="render")
    parser.add_argument("--size", type=int, default=64, help="the drawings' width in pixels")
    parser.add_argument("--reference", choices=["librsvg", "suite", "resvg", "any"], default="librsvg",
                        help="compare with librsvg's drawing, with the PNG beside each file, with resvg's drawing, or with any of the three")
    parser.add_argument("--resvg", default="resvg", help="resvg's command (pip install resvg-cli), for --reference resvg")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    parser.add_argument("--worst", type=int, default=15, help="how many of the worst files and errors to list")
    parser.add_argument("--section", action="append", help="only this top-level subfolder (repeatable)")
    parser.add_argument("--json", help="write the per-file results here")
    parser.add_argument("--list-failures", nargs="?", const="", metavar="SECTION",
                        help="list the failing files (of SECTION, or all)")
    parser.add_argument("--keep", help="a folder to keep the documents, exports and drawings in")
    options = parser.parse_args()
    if not shutil.which("rsvg-convert"):
        sys.exit("svg-conformance: rsvg-convert is not installed (Debian: apt-get install librsvg2-bin)")
    curves = os.path.abspath(options.curves)
    if not os.access(curves, os.X_OK):
        sys.exit(f"svg-conformance: {curves} is not there; build it: swift build --product curves")
    files, duplicates = collect(options.folders, set(options.section or []))
    if not files:
        sys.exit("svg-conformance: no .svg files in " + ", ".join(options.folders))
    modes = ["render", "round-trip"] if options.mode == "both" else [options.mode]
    references = ("librsvg", "suite", "resvg") if options.reference == "any" else (options.reference,)
    work = options.keep or tempfile.mkdtemp(prefix="svg-conformance-")
    os.makedirs(work, exist_ok=True)
    curves = round_trip.copy_binary(curves, work)
    start = time.monotonic()
    try:
        with concurrent.futures.ThreadPoolExecutor(max_workers=options.jobs) as pool:
            results = pool.map(
                lambda item: check(curves, modes, options.size, item[0], item[1], work, references, options.resvg), files)
            records = [record for records in results for record in records]
    finally:
        if not options.keep:
            shutil.rmtree(work, ignore_errors=True)
    elapsed = time.monotonic() - start
    print(f"{len(files)} files" + (f" ({duplicates} symlinked duplicates left out)" if duplicates else ""))
    for mode in modes:
        report(records, mode, options.size, options)
    if options.json:
        with open(options.json, "w") as file:
            json.dump(records, file, indent=1)
    print(f"\ntime: {elapsed:.1f} s wall for {len(files)} files, {len(modes)} mode(s), {options.jobs} jobs")


if __name__ == "__main__":
    main()
