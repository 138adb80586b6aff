#!/usr/bin/env python3
"""Checks the documentation: `python3 Tests/check-docs.py` from anywhere in the repository.

Fails (exit 1, one line per problem) when README.md is longer than 250 lines, or when a
relative link or image in README.md or docs/*.md names a file or directory that does not exist
in the repository (or lies outside it). Links to http(s) and mailto addresses, and links to an
anchor in the same file, are not checked; `#anchor` and `?query` are stripped from the rest.
Links inside fenced code blocks and inline code are not links. Python 3 standard library only.
"""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
README_LIMIT = 250

FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
# [text](target "title") and ![alt](target): the text may hold one level of brackets and run
# over several lines; the target may be written <like this>.
INLINE = re.compile(
    r"!?\[(?:[^\[\]]|\[[^\[\]]*\])*\]\(\s*(<[^>\n]*>|[^)\s]+)(?:\s+(?:\"[^\"]*\"|'[^']*'|\([^)]*\)))?\s*\)",
    re.DOTALL,
)
# [label]: target, a reference definition on a line of its own.
DEFINITION = re.compile(r"^ {0,3}\[[^\]]+\]:\s*(<[^>\n]*>|\S+)", re.MULTILINE)
# <img src="..."> and <a href="..."> written as HTML.
HTML = re.compile(r"<(?:img|a|source)\b[^>]*?\b(?:src|href)\s*=\s*[\"']([^\"']+)[\"']", re.IGNORECASE)
EXTERNAL = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*:")  # http:, https:, mailto:, and any other scheme


def without_code(text):
    """`text` with fenced code blocks and inline code blanked out (newlines kept, so line
    numbers stay right)."""
    lines, fence = [], None
    for line in text.split("\n"):
        match = FENCE.match(line)
        if fence:
            if match and match.group(1)[0] == fence[0] and len(match.group(1)) >= len(fence):
                fence = None
            lines.append("")
            continue
        if match:
            fence = match.group(1)
            lines.append("")
            continue
        lines.append(line)
    text = "\n".join(lines)
    # Inline code: a run of backticks up to the same run.
    return re.sub(r"(`+)(.+?)\1", lambda m: " " * len(m.group(0)), text, flags=re.DOTALL)


def targets(text):
    """(line number, target) for every link and image in `text`."""
    text = without_code(text)
    for pattern in (INLINE, DEFINITION, HTML):
        for match in pattern.finditer(text):
            target = match.group(1).strip()
            if target.startswith("<") and target.endswith(">"):
                target = target[1:-1].strip()
            yield text.count("\n", 0, match.start(1)) + 1, target


def check_file(path, problems):
    relative = os.path.relpath(path, ROOT)
    with open(path, encoding="utf-8") as handle:
        text = handle.read()
    for line, target in sorted(targets(text)):
        if not target or target.startswith("#") or EXTERNAL.match(target):
            continue
        local = re.split(r"[#?]", target, maxsplit=1)[0]
        local = re.sub(r"%([0-9A-Fa-f]{2})", lambda m: chr(int(m.group(1), 16)), local)
        if local.startswith("/"):
            resolved = os.path.normpath(os.path.join(ROOT, local.lstrip("/")))
        else:
            resolved = os.path.normpath(os.path.join(os.path.dirname(path), local))
        if resolved != ROOT and not resolved.startswith(ROOT + os.sep):
            problems.append(f"{relative}:{line}: the link {target} points outside the repository")
        elif not os.path.exists(resolved):
            problems.append(f"{relative}:{line}: the link {target} points at {os.path.relpath(resolved, ROOT)}, which does not exist")
    return text


def main():
    problems = []
    readme = os.path.join(ROOT, "README.md")
    if not os.path.isfile(readme):
        problems.append("README.md is missing")
    else:
        text = check_file(readme, problems)
        count = len(text.splitlines())
        if count > README_LIMIT:
            problems.append(f"README.md has {count} lines; it may have at most {README_LIMIT}")
    docs = os.path.join(ROOT, "docs")
    if os.path.isdir(docs):
        for name in sorted(os.listdir(docs)):
            if name.endswith(".md") and os.path.isfile(os.path.join(docs, name)):
                check_file(os.path.join(docs, name), problems)
    for problem in problems:
        print(f"check-docs: {problem}", file=sys.stderr)
    if problems:
        return 1
    print("check-docs: README.md and docs/*.md: line count and every relative link are fine")
    return 0


if __name__ == "__main__":
    sys.exit(main())
