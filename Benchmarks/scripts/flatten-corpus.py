#!/usr/bin/env python3
"""Writes COUNT random cubics, control points uniform in a 1000-unit box, from SEED: one cubic
a line, `x0 y0 x1 y1 x2 y2 x3 y3`, the flattening benchmarks' corpus.

  usage: flatten-corpus.py COUNT SEED OUT.txt
"""
import random
import sys

count, seed, path = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
generator = random.Random(seed)
with open(path, "w") as out:
    out.write(f"# {count} random cubics in a 1000-unit box, seed {seed}\n")
    for _ in range(count):
        out.write(" ".join(f"{generator.uniform(0, 1000):.4f}" for _ in range(8)) + "\n")
