#!/usr/bin/env bash
# Times `curves render --animate` writing 90 frames of 1100x750 as a GIF (30 fps for 3 s),
# three runs; prints each and the median. Usage: gif-export.sh CURVES DOCUMENT
set -euo pipefail
curves=$1 document=$2
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
times=()
for run in 1 2 3; do
  start=$(date +%s.%N)
  "$curves" render "$document" --animate --fps 30 --duration 3 --size 1100x750 -o "$out/sweep.gif"
  times+=("$(echo "$(date +%s.%N) - $start" | bc)")
done
sorted=$(printf '%s\n' "${times[@]}" | sort -n)
echo "GIF export, 90 frames of 1100x750: runs ${times[*]} s; median $(echo "$sorted" | sed -n 2p) s; $(stat -c %s "$out/sweep.gif") bytes"
