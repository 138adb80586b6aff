#!/usr/bin/env bash
# `curves flatten` against cairo's and AGG's flattening of the same 100,000 random cubics
# (seed 2026), in one run, at 0.1 and 0.25 px: the anchors are timed and every method's
# polylines scored by Benchmarks/anchors/flatten_anchors.cpp. Writes WORK/anchors.md (read by
# `curves-bench geometry WORK/random100k.txt` for its speed-ups over cairo).
#   usage: flatten-vs-anchors.sh CURVES_BINARY WORK_DIRECTORY
set -euo pipefail
curves=$1 work=$2
here=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$work"
g++ -O2 -std=c++17 -o "$work/flatten_anchors" "$here/anchors/flatten_anchors.cpp" $(pkg-config --cflags --libs cairo libagg)
corpus=$work/random100k.txt
[ -f "$corpus" ] || python3 "$here/scripts/flatten-corpus.py" 100000 2026 "$corpus"
"$work/flatten_anchors" bench --corpus "$corpus" --tols 0.1,0.25 --runs 5 --md "$work/anchors.md" > /dev/null
for tol in 0.1 0.25; do
  "$curves" flatten --tolerance "$tol" --stats < "$corpus" > "$work/curves-$tol.txt" 2> "$work/curves-$tol.stats"
  ours=$("$work/flatten_anchors" score --corpus "$corpus" --polylines "$work/curves-$tol.txt" --tol "$tol" --label "curves adaptive")
  # This tolerance's section of the anchors' table, with our row after AGG's.
  awk -v tol="$tol" -v ours="$ours" '
    /^#### / { section = index($0, "tol = " tol " px") > 0 }
    section { print }
    section && /^\| AGG/ { print ours; section = 0 }
  ' "$work/anchors.md"
  echo "curves flatten --stats: $(cat "$work/curves-$tol.stats")"
  echo
done
