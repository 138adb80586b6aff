#!/usr/bin/env python3
"""Skia's own PathOps test cases through `curves path OP`: each test of Skia's
tests/PathOpsOpTest.cpp whose two paths this script can read is written as an SVG drawing of
two paths (the first at the bottom, each under its fill rule) and run as
`curves path union|difference|intersection|exclusion IN.svg -o OUT.json` (Skia's reverse
difference: the two swapped) with a time limit, then

    crash    the process died of a signal or printed a Swift fatal error
    hang     it ran past --timeout seconds (and was killed)
    refusal  it exited with an error message (listed, grouped by message)
    area     on success, the area of Curves' result (exact, by Green's theorem, as
             boolean-bench.py reads it) against that of skia-pathops' `op` on the same two
             paths, within 1e-6 x size^2 (size: the larger side of the paths' bounds) plus
             1e-6 of the area; a mismatch is listed with both areas and a third opinion
             by neither program (the curves cut into fine chords, winding numbers counted
             along 2^18 horizontal lines): where Curves is the nearer to it by 10 times,
             the mismatch is counted as Skia's

Skia's fuzz tests (testPathOpFuzz) and those it expects to fail or to give a wrong answer
(testPathOpFail, testPathOpCheck) are run for crashes and hangs only. Skipped, and counted by
reason: conics (conicTo, addCircle), inverse fill types, non-finite coordinates, paths built
in loops, and any statement the reader does not know. The test file is read at run time as
data, never copied into this project:

    python3 Benchmarks/scripts/skia-pathops-cases.py [PathOpsOpTest.cpp] --curves-binary .build/release/curves

The file defaults to $SKIA_PATHOPS_TESTS, else /tmp/skia/PathOpsOpTest.cpp; without it the
script says how to get it and exits 0 ("skipped"). --timeout S (default 10) per case,
--limit N (the first N cases), --verbose (a line per case and whole path data), --keep DIR
(the input SVG of every crash, hang, refusal and mismatch). skia-pathops and numpy come
from the venv (--venv, default Benchmarks/.build/bench/venv, shared with the other
scripts), completed with them first if needed. Exits 1 on any crash or hang, not on area
mismatches.
"""
import argparse
import collections
import errno
import importlib.util
import math
import os
import re
import signal
import struct
import subprocess
import sys
import tempfile
import time

try:  # there in the venv, where main() runs this script again first
    import numpy as np
    import pathops
except ImportError:
    np = pathops = None

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SKIA_COMMIT = "506973a82861d30f906a1d3b528ee987db322fa5"
HOW_TO_GET = f"""  mkdir -p /tmp/skia && curl -fsSL -o /tmp/skia/PathOpsOpTest.cpp \\
    'https://raw.githubusercontent.com/google/skia/{SKIA_COMMIT}/tests/PathOpsOpTest.cpp'
  (or point $SKIA_PATHOPS_TESTS at a copy)"""

# Skia's SkPathOp, in its order; the Curves command for each, and whether the two swap.
OPERATIONS = ["difference", "intersect", "union", "xor", "reverse-difference"]
CURVES_COMMAND = {"difference": ("difference", False), "intersect": ("intersection", False), "union": ("union", False),
                  "xor": ("exclusion", False), "reverse-difference": ("difference", True)}
# What each kind of Skia test expects of Skia: only testPathOp's answer is right.
KINDS = {"testPathOp": "checked", "testPathOpFuzz": "fuzz", "testPathOpFail": "expected to fail",
         "testPathOpCheck": "known wrong"}


def load_boolean_bench():
    """boolean-bench.py as a module, for the way it reads the area of Curves' result."""
    spec = importlib.util.spec_from_file_location("boolean_bench", os.path.join(os.path.dirname(os.path.abspath(__file__)), "boolean-bench.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def venv_python(venv):
    """The venv's Python, made (or completed) first with numpy and skia-pathops."""
    python = os.path.join(venv, "bin", "python")
    ready = os.path.exists(python) and subprocess.run([python, "-c", "import numpy, pathops"], capture_output=True).returncode == 0
    if not ready:
        print(f"skia-pathops-cases: making the venv {venv} (numpy, skia-pathops)", flush=True)
        if not os.path.exists(python):
            subprocess.run([sys.executable, "-m", "venv", venv], check=True)
        subprocess.run([python, "-m", "pip", "install", "-q", "numpy", "skia-pathops"], check=True)
    return python


# Reading the test file

class Skip(Exception):
    """A case this script does not run; the message is the reason it is counted under."""


class SkiaPath:
    """An SkPath as its verbs build it: a fill type and contours, each a start point, segments
    ("L", "Q" or "C" with their points after the start) and whether close() ended it."""

    def __init__(self):
        self.reset()

    def reset(self):
        self.fill, self.contours, self.last_move = "winding", [], (0.0, 0.0)

    def copy(self):
        other = SkiaPath()
        other.fill, other.last_move = self.fill, self.last_move
        other.contours = [dict(c, segments=list(c["segments"])) for c in self.contours]
        return other

    def open_contour(self):
        """The contour a segment extends: a new one at the last moveTo after close()."""
        if not self.contours or self.contours[-1]["closed"]:
            self.contours.append({"start": self.last_move, "segments": [], "closed": False})
        return self.contours[-1]

    def move(self, x, y):
        self.last_move = (x, y)
        if self.contours and not self.contours[-1]["closed"] and not self.contours[-1]["segments"]:
            self.contours[-1]["start"] = (x, y)  # a moveTo after a moveTo replaces it
        else:
            self.contours.append({"start": (x, y), "segments": [], "closed": False})

    def segment(self, verb, *numbers):
        self.open_contour()["segments"].append((verb, [(numbers[i], numbers[i + 1]) for i in range(0, len(numbers), 2)]))

    def close(self):
        if self.contours and not self.contours[-1]["closed"]:
            self.contours[-1]["closed"] = True

    def add_rect(self, left, top, right, bottom, clockwise=True):
        corners = [(left, top), (right, top), (right, bottom), (left, bottom)]
        if not clockwise:
            corners = [corners[0]] + corners[:0:-1]
        self.move(*corners[0])
        for corner in corners[1:]:
            self.segment("L", *corner)
        self.close()

    def points(self):
        for contour in self.contours:
            yield contour["start"]
            for _, points in contour["segments"]:
                yield from points

    def path_data(self):
        """SVG path data of the same verbs, every number exactly (repr of the float)."""
        parts = []
        for contour in self.contours:
            parts.append("M%r %r" % contour["start"])
            parts += [verb + " ".join("%r %r" % p for p in points) for verb, points in contour["segments"]]
            if contour["closed"]:
                parts.append("Z")
        return " ".join(parts)


def float32(value):
    try:
        return struct.unpack("<f", struct.pack("<f", value))[0]
    except OverflowError:
        return math.copysign(math.inf, value)


def number(text):
    """A coordinate as Skia has it: a float32."""
    text = text.strip()
    if match := re.fullmatch(r"SkBits2Float\(\s*(0x[0-9a-fA-F]+)\s*\)", text):
        value = struct.unpack("<f", struct.pack("<I", int(match.group(1), 16)))[0]
    elif match := re.fullmatch(r"(?:SkIntToScalar|SkDoubleToScalar|SkScalar)\((.*)\)", text):
        value = number(match.group(1))
    elif match := re.fullmatch(r"([-+]?)\s*((?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)[fF]?", text):
        value = float32(float(match.group(1) + match.group(2)))
    elif len(terms := re.split(r"\s+([-+])\s+", text)) > 1:  # a sum of literals: 1 - 1e-6f
        value = number(terms[0])
        for sign, term in zip(terms[1::2], terms[2::2]):
            value = float32(value + number(term) if sign == "+" else value - number(term))
    else:
        raise Skip(f"unreadable number ({text[:30]})")
    if not math.isfinite(value):
        raise Skip("non-finite coordinate")
    return value


def split_top(text, separator):
    """text split at `separator` outside parentheses, brackets and braces."""
    parts, depth, current = [], 0, []
    for char in text:
        depth += char in "([{"
        depth -= char in ")]}"
        if char == separator and depth == 0:
            parts.append("".join(current))
            current = []
        else:
            current.append(char)
    parts.append("".join(current))
    return [p.strip() for p in parts]


def fill_type(text):
    text = text.replace(" ", "")
    if match := re.fullmatch(r"\((?:SkPath::FillType|SkPathFillType)\)(\d)", text):
        return ["winding", "evenodd", "inverse-winding", "inverse-evenodd"][int(match.group(1))]
    if match := re.fullmatch(r"(?:SkPath::k(\w+)_FillType|SkPathFillType::k(\w+))", text):
        name = match.group(1) or match.group(2)
        return {"Winding": "winding", "EvenOdd": "evenodd", "InverseWinding": "inverse-winding",
                "InverseEvenOdd": "inverse-evenodd"}[name]
    raise Skip(f"unreadable fill type ({text[:30]})")


def operation(text):
    text = text.replace(" ", "")
    if match := re.fullmatch(r"\(SkPathOp\)(\d)", text):
        return OPERATIONS[int(match.group(1))]
    if match := re.fullmatch(r"(?:k(\w+)_SkPathOp|SkPathOp::k(\w+))", text):
        return {"Difference": "difference", "Intersect": "intersect", "Union": "union", "XOR": "xor",
                "ReverseDifference": "reverse-difference"}[match.group(1) or match.group(2)]
    raise Skip(f"unreadable operation ({text[:30]})")


def apply_method(path, method, arguments):
    """One call on an SkPath (or SkPathBuilder) variable."""
    if method == "setFillType":
        path.fill = fill_type(arguments[0])
    elif method == "moveTo":
        path.move(*map(number, arguments))
    elif method in ("lineTo", "quadTo", "cubicTo"):
        path.segment({"lineTo": "L", "quadTo": "Q", "cubicTo": "C"}[method], *map(number, arguments))
    elif method == "close":
        path.close()
    elif method == "reset":
        path.reset()
    elif method in ("conicTo", "addCircle", "addOval", "addRoundRect", "addRRect", "arcTo"):
        raise Skip("conics" if method in ("conicTo", "addCircle", "addOval") else f"unsupported: {method}")
    elif method == "addRect" and len(arguments) in (4, 5):
        clockwise = len(arguments) == 4 or "CCW" not in arguments[4]
        path.add_rect(*map(number, arguments[:4]), clockwise=clockwise)
    elif method == "toggleInverseFillType":
        path.fill = path.fill[8:] if path.fill.startswith("inverse-") else "inverse-" + path.fill
    else:
        raise Skip(f"unsupported: .{method}")


def read_cases(source):
    """Every test function of the file: (name, case or None, reason skipped or None). A case
    is a dict of the two paths, the operation and the kind of Skia test."""
    text = re.sub(r"/\*.*?\*/", "", source, flags=re.S)
    text = re.sub(r"//[^\n]*", "", text)
    header = re.compile(r"^static void (\w+)\(\s*skiatest::Reporter\s*\*\s*reporter\s*,\s*const char\s*\*\s*filename\s*\)\s*\{", re.M)
    for match in header.finditer(text):
        depth, index = 1, match.end()
        while depth and index < len(text):
            depth += {"{": 1, "}": -1}.get(text[index], 0)
            index += 1
        name, body = match.group(1), text[match.end():index - 1]
        if not re.search(r"\btestPathOp\w*\s*\(", body):
            continue
        try:
            yield name, read_case(body), None
        except Skip as skip:
            yield name, None, str(skip)


def read_case(body):
    body = re.sub(r"SkRect\s*\{([^{}]*)\}|SkRect::MakeLTRB\(([^()]*)\)", lambda m: m.group(1) or m.group(2), body)  # addRect's rect
    if re.search(r"\b(for|while|do)\b\s*[({]", body):
        raise Skip("built in a loop")
    if "{" in body:
        raise Skip("unsupported: a block or initializer list")
    paths, case = {}, None
    for statement in split_top(body, ";"):
        statement = " ".join(statement.split())
        if not statement or statement == "markTestFlakyForPathKit()":
            continue
        if match := re.fullmatch(r"(?:SkPath|SkPathBuilder) (.+)", statement):
            for declared in split_top(match.group(1), ","):
                if m := re.fullmatch(r"(\w+)", declared):
                    paths[m.group(1)] = SkiaPath()
                elif (m := re.fullmatch(r"(\w+) ?\( ?(\w+) ?\)", declared) or re.fullmatch(r"(\w+) ?= ?(\w+)", declared)) and m.group(2) in paths:
                    paths[m.group(1)] = paths[m.group(2)].copy()
                else:
                    raise Skip(f"unsupported: SkPath {declared[:20]}")
        elif (match := re.fullmatch(r"(\w+) ?= ?(\w+)", statement)) and match.group(1) in paths and match.group(2) in paths:
            paths[match.group(1)] = paths[match.group(2)].copy()
        elif (match := re.fullmatch(r"(\w+)\.(\w+) ?\((.*)\)", statement)) and match.group(1) in paths:
            arguments = [a for a in split_top(match.group(3), ",") if a]
            apply_method(paths[match.group(1)], match.group(2), arguments)
        elif match := re.fullmatch(r"(?:bool \w+ = )?(testPathOp\w*) ?\((.*)\)", statement):
            if match.group(1) not in KINDS:
                raise Skip(f"unsupported: {match.group(1)}")
            arguments = split_top(match.group(2), ",")
            operands = [re.sub(r"\.(detach|snapshot)\(\)$", "", a) for a in arguments[1:3]]
            if not all(o in paths for o in operands):
                raise Skip("unsupported: an operand that is not a path variable")
            kind = KINDS[match.group(1)]
            if match.group(1) == "testPathOpCheck" and arguments[-1] == "false":
                kind = "expected to fail"
            case = {"one": paths[operands[0]].copy(), "two": paths[operands[1]].copy(), "op": operation(arguments[3]), "kind": kind}
        else:
            raise Skip(f"unsupported: {re.match(r'[^(=]*', statement).group(0).strip()[:40] or statement[:20]}")
    if case is None:
        raise Skip("no test call read")
    if any(case[p].fill.startswith("inverse") for p in ("one", "two")):
        raise Skip("inverse fill type")
    return case


# Running a case

def svg_drawing(bottom, top):
    """The two paths, bottom first, in a viewBox around both (at most 100,000 units a side,
    Curves' largest canvas: shapes further out are still read)."""
    points = list(bottom.points()) + list(top.points())
    xs, ys = [p[0] for p in points] or [0.0], [p[1] for p in points] or [0.0]
    size = max(max(xs) - min(xs), max(ys) - min(ys))
    pad = size * 0.05 or 1.0
    width = min(max(xs) - min(xs) + 2 * pad, 1e5)
    height = min(max(ys) - min(ys) + 2 * pad, 1e5)
    rule = {"winding": "nonzero", "evenodd": "evenodd"}
    shapes = "\n".join(f'  <path fill-rule="{rule[p.fill]}" d="{p.path_data()}"/>' for p in (bottom, top))
    svg = (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{min(xs) - pad!r} {min(ys) - pad!r} {width!r} {height!r}">\n'
           f"{shapes}\n</svg>\n")
    return svg, size or 1.0


def wait_for(binary, seconds=600):
    """The binary may be relinked while the cases run: wait for it to be back."""
    deadline = time.monotonic() + seconds
    while not os.access(binary, os.X_OK):
        if time.monotonic() > deadline:
            sys.exit(f"skia-pathops-cases: {binary} has not come back in {seconds} s")
        time.sleep(2)


def run_curves(binary, command, svg, directory, timeout):
    """(outcome, detail, seconds): outcome "ok" (detail: the result's file), "crash", "hang"
    or "refusal" (detail: the signal or message)."""
    source, target = os.path.join(directory, "in.svg"), os.path.join(directory, "out.json")
    with open(source, "w") as handle:
        handle.write(svg)
    for attempt in range(20):
        if os.path.exists(target):
            os.remove(target)
        wait_for(binary)
        start = time.perf_counter()
        try:
            process = subprocess.run([binary, "path", command, source, "-o", target], capture_output=True, text=True,
                                     errors="replace", timeout=timeout)
        except subprocess.TimeoutExpired:
            return "hang", f"killed after {timeout} s", time.perf_counter() - start
        except OSError as error:  # being rewritten (ETXTBSY, ENOEXEC) or gone (ENOENT)
            if error.errno in (errno.ETXTBSY, errno.ENOEXEC, errno.ENOENT, errno.EACCES):
                time.sleep(2)
                continue
            raise
        elapsed = time.perf_counter() - start
        fatal = [line for line in process.stderr.splitlines() if "Fatal error" in line or "fatal error" in line]
        if process.returncode < 0:
            try:
                name = signal.Signals(-process.returncode).name
            except ValueError:
                name = f"signal {-process.returncode}"
            return "crash", name + (f": {fatal[0].strip()}" if fatal else ""), elapsed
        if fatal:
            return "crash", fatal[0].strip(), elapsed
        if process.returncode != 0:
            message = next((line.strip() for line in process.stderr.splitlines() if line.strip()), f"exit {process.returncode}, no message")
            return "refusal", message, elapsed
        if not os.path.exists(target):
            return "refusal", "exit 0 but no output written", elapsed
        return "ok", target, elapsed
    sys.exit(f"skia-pathops-cases: could not run {binary}")


def skia_path(path):
    result = pathops.Path(fillType=pathops.FillType.EVEN_ODD if path.fill == "evenodd" else pathops.FillType.WINDING)
    for contour in path.contours:
        result.moveTo(*contour["start"])
        for verb, points in contour["segments"]:
            {"L": result.lineTo, "Q": result.quadTo, "C": result.cubicTo}[verb](*[c for p in points for c in p])
        if contour["closed"]:
            result.close()
    return result


SKIA_OPS = {"difference": "DIFFERENCE", "intersect": "INTERSECTION", "union": "UNION", "xor": "XOR",
            "reverse-difference": "REVERSE_DIFFERENCE"}


def skia_area(one, two, op):
    """The area of skia-pathops' op(one, two), or None where Skia's op fails."""
    try:
        return pathops.op(skia_path(one), skia_path(two), getattr(pathops.PathOp, SKIA_OPS[op])).area
    except pathops.PathOpsError:
        return None


def scanline_area(one, two, op, lines=1 << 18, pieces=20000):
    """A third opinion, for mismatches: the area of the op by neither program. Each curve is
    cut into `pieces` chords; each of `lines` horizontal lines (a power-of-two apart, so
    edges at round coordinates fall between them) is crossed, both paths' winding numbers
    counted along it, and the length inside the op's result summed (numpy)."""
    def polygons(path):
        for contour in path.contours:
            points, current = [np.array([contour["start"]])], contour["start"]
            for verb, controls in contour["segments"]:
                t = np.linspace(0, 1, pieces + 1)[1:, None] if verb != "L" else np.ones((1, 1))
                level = [np.array(p, dtype=float) for p in [current, *controls]]
                while len(level) > 1:
                    level = [(1 - t) * a + t * b for a, b in zip(level, level[1:])]
                points.append(level[0])
                current = controls[-1]
            yield np.concatenate(points)

    shapes = [list(polygons(one)), list(polygons(two))]
    ys = np.concatenate([p[:, 1] for shape in shapes for p in shape])
    step = 2.0 ** math.floor(math.log2(max(ys.max() - ys.min(), 1e-30) / lines))
    base = math.floor(ys.min() / step) * step
    xs, rows, windings = [], [], [[], []]
    for which, shape in enumerate(shapes):
        for polygon in shape:
            a, b = polygon, np.roll(polygon, -1, axis=0)
            a, b = a[a[:, 1] != b[:, 1]], b[a[:, 1] != b[:, 1]]
            first = np.ceil((np.minimum(a[:, 1], b[:, 1]) - base) / step - 0.5).astype(np.int64)
            count = np.maximum(np.ceil((np.maximum(a[:, 1], b[:, 1]) - base) / step - 0.5).astype(np.int64) - first, 0)
            edge = np.repeat(np.arange(len(a)), count)
            row = first[edge] + np.arange(count.sum()) - np.repeat(np.cumsum(count) - count, count)
            y = base + (row + 0.5) * step
            xs.append(a[edge, 0] + (y - a[edge, 1]) * (b[edge, 0] - a[edge, 0]) / (b[edge, 1] - a[edge, 1]))
            rows.append(row)
            direction = np.where(b[edge, 1] > a[edge, 1], 1, -1)
            windings[which].append(direction)
            windings[1 - which].append(np.zeros_like(direction))
    x, row = np.concatenate(xs), np.concatenate(rows)
    order = np.lexsort((x, row))
    x, row = x[order], row[order]
    # Every closed polygon crosses a line as often up as down: running sums are per line.
    inside = [np.cumsum(np.concatenate(w)[order]) for w in windings]
    inside = [w % 2 == 1 if path.fill == "evenodd" else w != 0 for w, path in zip(inside, (one, two))]
    a, b = inside
    kept = {"union": a | b, "intersect": a & b, "difference": a & ~b, "reverse-difference": b & ~a, "xor": a ^ b}[op]
    return step * float(np.sum((x[1:] - x[:-1]) * (kept[:-1] & (row[1:] == row[:-1]))))


def run_case(binary, case, directory, timeout, curves_area):
    """(outcome, detail, seconds, the input SVG) of one case."""
    command, swap = CURVES_COMMAND[case["op"]]
    bottom, top = (case["two"], case["one"]) if swap else (case["one"], case["two"])
    svg, size = svg_drawing(bottom, top)
    outcome, detail, elapsed = run_curves(binary, command, svg, directory, timeout)
    if outcome == "refusal" and not all(any(c["segments"] for c in path.contours) for path in (bottom, top)):
        detail += " (an operand is empty)"
    if outcome != "ok":
        return outcome, detail, elapsed, svg
    ours = curves_area(detail)
    if case["kind"] != "checked":
        return "unchecked", f"Curves {ours:.9g} (Skia's test is {case['kind']})", elapsed, svg
    theirs = skia_area(case["one"], case["two"], case["op"])
    if theirs is None:
        return "no reference", f"Curves {ours:.9g}; skia-pathops' op failed", elapsed, svg
    if abs(ours - theirs) <= 1e-6 * size * size + 1e-6 * abs(theirs):
        return "passed", f"{ours:.9g}", elapsed, svg
    third = scanline_area(case["one"], case["two"], case["op"])
    nearer = "Curves" if 10 * abs(ours - third) < abs(theirs - third) else "Skia" if 10 * abs(theirs - third) < abs(ours - third) else "neither clearly"
    detail = (f"Curves {ours:.9g}, Skia {theirs:.9g} (apart {abs(ours - theirs):.3g}, size {size:.6g}); "
              f"scanlines {third:.9g}: {nearer} nearer")
    return ("skia off" if nearer == "Curves" else "mismatch"), detail, elapsed, svg


# The report

def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("tests", nargs="?", default=os.environ.get("SKIA_PATHOPS_TESTS", "/tmp/skia/PathOpsOpTest.cpp"),
                        help="Skia's tests/PathOpsOpTest.cpp")
    parser.add_argument("--curves-binary", default=".build/release/curves")
    parser.add_argument("--timeout", type=float, default=10, help="seconds a case may take")
    parser.add_argument("--limit", type=int, help="run only the first N cases")
    parser.add_argument("--verbose", action="store_true")
    parser.add_argument("--keep", help="write the input SVG of every failing case here")
    parser.add_argument("--show", type=int, default=3, help="print the paths of the first N cases of each failing kind")
    parser.add_argument("--venv", default=os.path.join(ROOT, "Benchmarks", ".build", "bench", "venv"))
    arguments = parser.parse_args()
    if not os.path.exists(arguments.tests):
        print(f"skia-pathops-cases: skipped: no {arguments.tests} (Skia's PathOps tests, read as data). To get it:\n{HOW_TO_GET}")
        return 0
    python = venv_python(os.path.abspath(arguments.venv))
    if os.path.realpath(sys.prefix) != os.path.realpath(os.path.dirname(os.path.dirname(python))):
        os.execv(python, [python, os.path.abspath(__file__), *sys.argv[1:]])
    binary = os.path.abspath(arguments.curves_binary)
    curves_area = load_boolean_bench().curves_area

    with open(arguments.tests, encoding="utf-8") as handle:
        functions = list(read_cases(handle.read()))
    skipped = collections.Counter(reason for _, case, reason in functions if case is None)
    cases = [(name, case) for name, case, _ in functions if case is not None][:arguments.limit]
    if arguments.keep:
        os.makedirs(arguments.keep, exist_ok=True)

    outcomes = collections.defaultdict(list)  # outcome -> [(name, case, detail)]
    times, started = [], time.perf_counter()
    with tempfile.TemporaryDirectory() as directory:
        for index, (name, case) in enumerate(cases, 1):
            outcome, detail, elapsed, svg = run_case(binary, case, directory, arguments.timeout, curves_area)
            times.append((elapsed, name))
            outcomes[outcome].append((name, case, detail))
            if arguments.keep and outcome not in ("passed", "unchecked"):
                with open(os.path.join(arguments.keep, f"{name}-{CURVES_COMMAND[case['op']][0]}.svg"), "w") as handle:
                    handle.write(svg)
            if arguments.verbose:
                print(f"[{index}/{len(cases)}] {name} {case['op']} ({case['kind']}): {outcome} in {elapsed:.3f} s: {detail}", flush=True)
    total = time.perf_counter() - started

    rows = [("test functions found", len(functions)), ("run", len(cases)),
            ("  area checked (testPathOp)", sum(c["kind"] == "checked" for _, c in cases)),
            ("  crash/hang only (fuzz, expected to fail or wrong in Skia)", sum(c["kind"] != "checked" for _, c in cases)),
            ("skipped", sum(skipped.values()))]
    rows += [(f"  {reason}", count) for reason, count in skipped.most_common()]
    if arguments.verbose:
        for reason in skipped:
            print(f"skipped, {reason}: {', '.join(n for n, c, r in functions if r == reason)}")
    print(f"\nSkia PathOps cases: {arguments.tests}, curves path OP ({binary}) against skia-pathops {pathops.__version__}")
    rows += [("passed (area within tolerance)", len(outcomes["passed"])),
             ("area mismatches", len(outcomes["mismatch"]) + len(outcomes["skia off"])),
             ("  Curves nearer an independent scanline estimate (Skia off)", len(outcomes["skia off"])),
             ("no Skia reference (its op failed)", len(outcomes["no reference"])),
             ("ran, unchecked (fuzz / expected to fail in Skia)", len(outcomes["unchecked"])),
             ("crashes", len(outcomes["crash"])), (f"hangs (over {arguments.timeout:g} s)", len(outcomes["hang"])),
             ("refusals", len(outcomes["refusal"]))]
    worst = max(times, default=(0.0, "-"))
    rows += [("time, total", f"{total:.1f} s (Curves {sum(t for t, _ in times):.1f} s)"),
             ("time, worst case", f"{worst[0]:.2f} s ({worst[1]})")]
    width = max(len(label) for label, _ in rows)
    for label, value in rows:
        print(f"  {label:<{width}}  {value}")

    for outcome in ("crash", "hang", "mismatch", "skia off", "refusal", "no reference"):
        listed = outcomes[outcome]
        if not listed:
            continue
        print(f"\n{outcome} ({len(listed)}):")
        if outcome == "refusal":
            for message, count in collections.Counter(d for _, _, d in listed).most_common():
                names = [n for n, _, d in listed if d == message]
                print(f"  {count} x {message}\n      {', '.join(names[:12])}{' ...' if len(names) > 12 else ''}")
        for index, (name, case, detail) in enumerate(listed):
            shown = index < arguments.show or arguments.verbose
            if outcome != "refusal" or shown:
                print(f"  {name} {case['op']} ({case['kind']}): {detail}")
            if shown:
                for label in ("one", "two"):
                    data = case[label].path_data()
                    if len(data) > 600 and not arguments.verbose:
                        data = data[:600] + f" ... ({len(data)} characters)"
                    print(f"      {label} ({case[label].fill}): {data}")
    print("\n" + ("FAILED: crashes or hangs" if outcomes["crash"] or outcomes["hang"] else "no crash or hang"))
    return 1 if outcomes["crash"] or outcomes["hang"] else 0


if __name__ == "__main__":
    sys.exit(main())
