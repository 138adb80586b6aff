#!/usr/bin/env python3
"""Compiles the doc comments' examples: writes every ```swift block of a `///` comment in
Sources/Composable into Tests/ComposableDocExamplesTests/DocExamples.generated.swift, so that
`swift build --build-tests` fails when an example stops being real code.

    python3 Tests/DocExamples/extract.py           # (re)writes the generated file
    python3 Tests/DocExamples/extract.py --check   # exits 1 if the committed file is stale

The generated file is committed, so a clean clone builds; `make test` runs `--check` first.

How an example is written (no markers: the block is what the reader sees):
- It compiles with `import Composable` alone. It uses the public API, `Counter` and what it
  declares itself, nothing of the editor. Code that is not meant to compile takes another
  fence (```text).
- `Counter` is the first example of Reducer/Reducer.swift's doc. It is emitted as it is, at
  file scope, and every other example may use it.
- Every other example gets a namespace of its own, `enum DocExample_<file>_<line>`. The top-level
  declarations of the block (a type or a function, after any attributes) go in it; its other
  top-level statements (`let store = …`, `await store.send(…)`) make the body of its
  `@MainActor static func run() async throws`, in order, so they see the block's types. An
  `extension` goes to file scope. A line that starts with `.` or a closing bracket continues
  the item before it, as does a comment right after code; a comment after a blank line
  introduces the item after it.
- Compiler errors point at the doc comment's own lines (`#sourceLocation`).
"""

import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
SOURCES = ROOT / "Sources" / "Composable"
OUTPUT = ROOT / "Tests" / "ComposableDocExamplesTests" / "DocExamples.generated.swift"
SHARED = SOURCES / "Reducer" / "Reducer.swift"

DECLARATION = {"struct", "enum", "class", "actor", "protocol", "func", "typealias"}
MODIFIERS = {"public", "internal", "fileprivate", "private", "final", "nonisolated", "indirect"}


class Block:
    def __init__(self, path, line, lines):
        self.path = path  # relative to ROOT
        self.line = line  # 1-based line of the block's first code line
        self.lines = lines


def blocks_in(path):
    """The ```swift blocks of `path`'s `///` comments."""
    result = []
    source = path.read_text().splitlines()
    relative = path.relative_to(ROOT).as_posix()
    index = 0
    while index < len(source):
        text = doc_text(source[index])
        if text is not None and text.strip() == "```swift":
            start, lines = index + 2, []
            index += 1
            while True:
                if index == len(source) or doc_text(source[index]) is None:
                    sys.exit(f"{relative}:{start - 1}: a ```swift block that is never closed")
                text = doc_text(source[index])
                if text.strip() == "```":
                    break
                lines.append(text)
                index += 1
            result.append(Block(relative, start, lines))
        index += 1
    return result


def doc_text(line):
    """The text of a `///` line, without the slashes and the one space after them."""
    stripped = line.lstrip()
    if not stripped.startswith("///"):
        return None
    text = stripped[3:]
    return text[1:] if text.startswith(" ") else text


def depth_change(line):
    """How much `line` opens brackets by, strings and `//` comments left out."""
    depth, index, in_string = 0, 0, False
    while index < len(line):
        char = line[index]
        if in_string:
            if char == "\\":
                index += 1
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif line.startswith("//", index):
            break
        elif char in "{([":
            depth += 1
        elif char in "})]":
            depth -= 1
        index += 1
    return depth


def items(block):
    """The block's top-level items, each a (first line offset, lines) pair."""
    result, depth = [], 0
    for offset, line in enumerate(block.lines):
        stripped = line.strip()
        # A comment after a blank line introduces what follows; one right after code ends it.
        introduces = stripped.startswith("//") and offset > 0 and not block.lines[offset - 1].strip()
        continues = (
            depth > 0
            or not stripped
            or (stripped.startswith("//") and not introduces)
            or stripped.startswith((".", "}", ")", "]"))
            or (result and all(only_attributes(l) or l.strip().startswith("//") for l in result[-1][1]))
        )
        if continues and result:
            result[-1][1].append(line)
        else:
            result.append((offset, [line]))
        depth += depth_change(line)
    if depth != 0:
        sys.exit(f"{block.path}:{block.line}: the example's brackets do not balance")
    for _, lines in result:
        while lines and not lines[-1].strip():
            lines.pop()
    return result


ATTRIBUTE = re.compile(r"@\w+(\.\w+)*(\([^()]*\))?")


def only_attributes(line):
    """Whether `line` holds attributes and nothing else (`@Reducer`, before a `struct`)."""
    return not ATTRIBUTE.sub(" ", line).strip()


def kind(lines):
    """"declaration", "extension" or "statement", from the item's first word after attributes."""
    words = ATTRIBUTE.sub(" ", " ".join(l.strip() for l in lines)).split()
    words = [w for w in words if w not in MODIFIERS]
    first = words[0] if words else ""
    if first in DECLARATION:
        return "declaration"
    return "extension" if first == "extension" else "statement"


def merge(block, items, offset, lines):
    """Appends an item to `items`, joined to the last one when only blank lines part them, so
    that a run of statements keeps one `#sourceLocation`."""
    if items:
        last_offset, last_lines = items[-1]
        gap = block.lines[last_offset + len(last_lines) : offset]
        if not any(line.strip() for line in gap):
            last_lines += [""] * len(gap) + lines
            return
    items.append((offset, lines))


def located(block, offset, lines, indent):
    location = f'#sourceLocation(file: "{block.path}", line: {block.line + offset})'
    body = [indent + line if line.strip() else "" for line in lines]
    return [location, *body, "#sourceLocation()"]


def namespace(block):
    stem = pathlib.Path(block.path).stem
    return f"DocExample_{re.sub(r'[^A-Za-z0-9]', '_', stem)}_{block.line}"


def generate():
    paths = sorted(SOURCES.rglob("*.swift"))
    blocks = [block for path in paths for block in blocks_in(path)]
    shared = next((b for b in blocks if b.path == SHARED.relative_to(ROOT).as_posix()), None)
    if shared is None:
        sys.exit(f"{SHARED.relative_to(ROOT)} has no example to share")
    out = [
        "// Generated by Tests/DocExamples/extract.py from the ```swift examples of the doc comments",
        "// in Sources/Composable; do not edit: run `python3 Tests/DocExamples/extract.py` instead.",
        "",
        "import Composable",
        "",
        f"// {shared.path}:{shared.line}: `Counter`, which every example may use.",
        *located(shared, 0, shared.lines, ""),
    ]
    for block in blocks:
        if block is shared:
            continue
        declarations, statements, extensions = [], [], []
        for offset, lines in items(block):
            target = {"declaration": declarations, "statement": statements, "extension": extensions}[kind(lines)]
            merge(block, target, offset, lines)
        out += ["", f"// {block.path}:{block.line}", f"enum {namespace(block)} {{"]
        for offset, lines in declarations:
            out += located(block, offset, lines, "  ")
        if statements:
            out.append("  @MainActor static func run() async throws {")
            for offset, lines in statements:
                out += located(block, offset, lines, "    ")
            out.append("  }")
        out.append("}")
        for offset, lines in extensions:
            out += located(block, offset, lines, "")
    return "\n".join(out) + "\n"


def main(arguments):
    if arguments not in ([], ["--check"]):
        sys.exit("usage: extract.py [--check]")
    generated = generate()
    if arguments == ["--check"]:
        current = OUTPUT.read_text() if OUTPUT.exists() else ""
        if current != generated:
            print(
                f"{OUTPUT.relative_to(ROOT)} is out of date with the doc comments' examples: "
                "run python3 Tests/DocExamples/extract.py",
                file=sys.stderr,
            )
            return 1
        return 0
    OUTPUT.parent.mkdir(parents=True, exist_ok=True)
    OUTPUT.write_text(generated)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
