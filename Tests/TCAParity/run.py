#!/usr/bin/env python3
"""Runs TCA's own test files against Composable: `make tca-parity TCA=<checkout>`.

For each file in FILES, takes it from a checkout of pointfreeco/swift-composable-architecture
(a work tree or a bare git directory, read at HEAD), changes only its import, leaves out the
tests named in left-out.txt (each with its reason), and builds and runs them in a scratch
package under .build/tca-parity that depends on this repository. Nothing of TCA is kept in
this repository: the files are read from the checkout on every run.
"""
import os, re, subprocess, sys

FILES = [
    "Reducers/ForEachReducerTests", "ScopeTests", "Reducers/IfLetReducerTests",
    "Reducers/IfCaseLetReducerTests", "Reducers/OnChangeReducerTests",
    "Reducers/BindingReducerTests", "DependencyKeyWritingReducerTests", "ReducerBuilderTests",
    "EffectRunTests", "EffectCancellationTests", "TestStoreTests", "TestStoreNonExhaustiveTests",
]
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def read_from_checkout(checkout, path):
    full = os.path.join(checkout, path)
    if os.path.exists(full):
        return open(full, encoding="utf-8").read()
    return subprocess.run(["git", "--git-dir", checkout, "show", f"HEAD:{path}"], check=True,
                          capture_output=True, text=True).stdout


def left_out():
    """{file: {test: reason}} from left-out.txt: `File testName  reason` per line."""
    tests = {}
    for line in open(os.path.join(HERE, "left-out.txt"), encoding="utf-8"):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        file, test, reason = (line.split(None, 2) + [""])[:3]
        if not reason:
            sys.exit(f"left-out.txt: {file} {test} has no reason")
        tests.setdefault(file, {})[test] = reason
    return tests


def brace_delta(line, in_string):
    """The change in brace depth over one line, skipping string literals; tracks `\"\"\"` blocks."""
    delta, i = 0, 0
    while i < len(line):
        if line.startswith('"""', i):
            in_string = not in_string
            i += 3
            continue
        if in_string:
            i += 1
            continue
        c = line[i]
        if c == '"':
            i += 1
            while i < len(line) and line[i] != '"':
                i += 2 if line[i] == "\\" else 1
        elif c == "/" and line.startswith("//", i):
            break
        elif c == "{":
            delta += 1
        elif c == "}":
            delta -= 1
        i += 1
    return delta, in_string


def remove_test(source, name):
    """The source without the test `func name(`…`}` (or the type `name` only it uses), with the
    attributes and comments just above it."""
    lines = source.split("\n")
    declaration = rf"\b(func {re.escape(name)}\(|(struct|enum|class) {re.escape(name)}\b)"
    start = next((i for i, l in enumerate(lines) if re.search(declaration, l)), None)
    if start is None:
        sys.exit(f"left-out.txt names {name}, which is not in the file")
    first = start
    while first > 0 and re.match(r"\s*(@|///|//)", lines[first - 1]):
        first -= 1
    depth, in_string, end = 0, False, start
    for end in range(start, len(lines)):
        delta, in_string = brace_delta(lines[end], in_string)
        depth += delta
        if depth == 0 and "{" in "".join(lines[start:end + 1]):
            break
    return "\n".join(lines[:first] + lines[end + 1:])


def main():
    checkout = os.environ.get("TCA") or (sys.argv[1] if len(sys.argv) > 1 else "")
    if not checkout:
        sys.exit("usage: make tca-parity TCA=<swift-composable-architecture checkout or .git directory>")
    scratch = os.path.join(ROOT, ".build", "tca-parity")
    tests_dir = os.path.join(scratch, "Tests", "TCAParityTests")
    os.makedirs(tests_dir, exist_ok=True)
    for old in os.listdir(tests_dir):
        os.remove(os.path.join(tests_dir, old))
    skipped = left_out()
    for file in FILES:
        if "*" in skipped.get(os.path.basename(file), {}):
            continue
        source = read_from_checkout(checkout, f"Tests/ComposableArchitectureTests/{file}.swift")
        source = re.sub(r"^(@_spi\([^)]*\) )*import ComposableArchitecture$", "import Composable", source, flags=re.M)
        # Linux has no Combine; a file that only imports it compiles without the import, and a
        # file that uses it is left out (left-out.txt).
        source = re.sub(r"^(@preconcurrency )?import Combine\n", "", source, flags=re.M)
        for test in skipped.get(os.path.basename(file), {}):
            source = remove_test(source, test)
        open(os.path.join(tests_dir, os.path.basename(file) + ".swift"), "w", encoding="utf-8").write(source)
    for support in os.listdir(os.path.join(HERE, "Support")):
        with open(os.path.join(HERE, "Support", support), encoding="utf-8") as f:
            open(os.path.join(tests_dir, support), "w", encoding="utf-8").write(f.read())
    open(os.path.join(scratch, "Package.swift"), "w").write(f"""// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "TCAParity",
  platforms: [.macOS(.v14)],
  dependencies: [.package(name: "Curves", path: "{ROOT}")],
  targets: [
    .testTarget(
      name: "TCAParityTests",
      dependencies: [.product(name: "Composable", package: "Curves")],
      swiftSettings: [.swiftLanguageMode(.v5)]
    )
  ]
)
""")
    args = sys.argv[2:] if len(sys.argv) > 2 else []
    sys.exit(subprocess.call(["swift", "test", "--package-path", scratch, *args]))


if __name__ == "__main__":
    main()
