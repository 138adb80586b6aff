#!/usr/bin/env bash
# `curves render` against cairo on the same random cubics (1,000 and 10,000, seed 2026) at
# 1280x800, in one run, alternating, three times each: wall time and peak memory (RSS) of
# the whole process, from reading the document to the written PNG.
#   usage: render-vs-cairo.sh CURVES_BINARY WORK_DIRECTORY
set -euo pipefail
curves=$1 work=$2
here=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$work"
cc -O2 -o "$work/cairo_render" "$here/anchors/cairo_render.c" $(pkg-config --cflags --libs cairo)
echo "| cubics | run | curves render | peak RSS | cairo | cairo's peak RSS |"
echo "|---:|---:|---:|---:|---:|---:|"
for count in 1000 10000; do
  [ -f "$work/r$count.json" ] || python3 "$here/scripts/random-cubics.py" $count 2026 "$work/r$count.json" "$work/r$count.txt"
  for run in 1 2 3; do
    ours=$( { /usr/bin/time -f "%e %M" "$curves" render "$work/r$count.json" --size 1280x800 -o "$work/curves$count.png" >/dev/null; } 2>&1 | tail -1)
    theirs=$( { /usr/bin/time -f "%e %M" "$work/cairo_render" "$work/r$count.txt" "$work/cairo$count.png" >/dev/null; } 2>&1 | tail -1)
    read -r ours_s ours_kb <<<"$ours"
    read -r theirs_s theirs_kb <<<"$theirs"
    printf "| %d | %d | %.2f s | %d MB | %.2f s | %d MB |\n" $count $run "$ours_s" $((ours_kb / 1024)) "$theirs_s" $((theirs_kb / 1024))
  done
done
