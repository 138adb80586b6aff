#!/usr/bin/env python3
"""Checks that a change to SVG import changes no document: imports every SVG of a corpus with
two `curves` binaries (the reference, built before the change, and the candidate) and compares
what each wrote, and what each said on standard error, file by file.

    python3 Benchmarks/scripts/svg-import-compare.py \
        --reference /tmp/curves-before --candidate .build/debug/curves \
        Tests/Fixtures/svg Fuzz/Corpus/svg path/to/resvg/crates/resvg/tests/tests

Ids are random at each import, so every UUID is renamed by the order it first appears in
before comparing. A file that one binary refuses must be refused by the other with the same
message. Exits 1 when any file differs, naming the first few with the first differing line.
"""
import argparse
import concurrent.futures
import difflib
import os
import re
import subprocess
import sys
import tempfile

UUID = re.compile(r"[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}")


def normalised(text):
    """The text with each UUID replaced by its rank of first appearance."""
    names = {}

    def rename(match):
        key = match.group(0).upper()
        names.setdefault(key, f"id-{len(names)}")
        return names[key]

    return UUID.sub(rename, text)


def svg_files(paths):
    for path in paths:
        if os.path.isfile(path):
            yield path
            continue
        for directory, _, names in os.walk(path):
            for name in sorted(names):
                if name.endswith((".svg", ".svgz")) or "/Corpus/svg" in directory:
                    yield os.path.join(directory, name)


def run_import(binary, source, scratch):
    output = os.path.join(scratch, "out.json")
    if os.path.exists(output):
        os.remove(output)
    result = subprocess.run(
        [binary, "import-svg", source, "-o", output], capture_output=True, text=True, errors="replace", timeout=120
    )
    document = open(output, encoding="utf-8", errors="replace").read() if result.returncode == 0 else ""
    stderr = result.stderr.replace(scratch, "<scratch>")
    return result.returncode, normalised(document), stderr


def compare(job):
    reference, candidate, source = job
    with tempfile.TemporaryDirectory() as first, tempfile.TemporaryDirectory() as second:
        before = run_import(reference, source, first)
        after = run_import(candidate, source, second)
    if before == after:
        return source, None
    for label, old, new in (("exit status", str(before[0]), str(after[0])), ("stderr", before[2], after[2]),
                            ("document", before[1], after[1])):
        if old != new:
            diff = difflib.unified_diff(old.splitlines(), new.splitlines(), "reference", "candidate", lineterm="", n=0)
            return source, f"{label} differs:\n" + "\n".join(list(diff)[:12])
    return source, "differs"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--reference", required=True, help="the `curves` built before the change")
    parser.add_argument("--candidate", required=True, help="the `curves` built after it")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    parser.add_argument("--show", type=int, default=10, help="how many differing files to print")
    parser.add_argument("paths", nargs="+", help="SVG files, or folders searched for them")
    arguments = parser.parse_args()
    sources = sorted(set(svg_files(arguments.paths)))
    jobs = [(arguments.reference, arguments.candidate, source) for source in sources]
    differing = []
    with concurrent.futures.ThreadPoolExecutor(arguments.jobs) as pool:
        for source, difference in pool.map(compare, jobs):
            if difference:
                differing.append((source, difference))
    for source, difference in differing[: arguments.show]:
        print(f"{source}: {difference}\n")
    print(f"{len(sources) - len(differing)} same, {len(differing)} different, of {len(sources)} files")
    sys.exit(1 if differing else 0)


if __name__ == "__main__":
    main()
