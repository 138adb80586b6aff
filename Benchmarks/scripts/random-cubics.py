#!/usr/bin/env python3
"""Writes COUNT random four-point curves inside an 800x600 canvas from SEED, twice: as a
Curves document (OUT.json) and as one cubic a line (OUT.txt) for the anchors, the same
numbers in both.

  usage: random-cubics.py COUNT SEED OUT.json OUT.txt
"""
import json
import random
import sys
import uuid

count, seed, json_path, text_path = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3], sys.argv[4]
generator = random.Random(seed)


def identifier():
    return str(uuid.UUID(int=generator.getrandbits(128), version=4)).upper()


curves = []
lines = []
for _ in range(count):
    points = [(round(generator.uniform(0, 800), 2), round(generator.uniform(0, 600), 2)) for _ in range(4)]
    curves.append({"id": identifier(), "points": [{"id": identifier(), "x": x, "y": y} for x, y in points]})
    lines.append(" ".join(f"{value}" for point in points for value in point))
document = {"version": 1, "canvas": {"width": 800, "height": 600}, "curves": curves, "animation": {"totalSteps": 10, "speed": 50}}
with open(json_path, "w") as out:
    json.dump(document, out)
with open(text_path, "w") as out:
    out.write("\n".join(lines) + "\n")
