#!/usr/bin/env bash
# `curves flatten` as a stream: 100,000 and 1,000,000 random cubics (seed 2026) through
# text, `--precision 3` and `--format binary` output into a pipe; wall time, output rate
# and peak memory (RSS) of the whole process.
#   usage: flatten-stream.sh CURVES_BINARY WORK_DIRECTORY
set -euo pipefail
curves=$1 work=$2
mkdir -p "$work"
[ -f "$work/cubics1000000.txt" ] || python3 -c '
import random, sys
generator = random.Random(2026)
with open(sys.argv[1], "w") as out:
    for _ in range(1000000):
        out.write(" ".join("%.2f" % generator.uniform(0, 1000) for _ in range(8)) + "\n")
' "$work/cubics1000000.txt"
[ -f "$work/cubics100000.txt" ] || head -100000 "$work/cubics1000000.txt" > "$work/cubics100000.txt"
echo "| cubics | output | bytes out | time | rate | peak RSS |"
echo "|---:|---|---:|---:|---:|---:|"
for count in 100000 1000000; do
  for format in "text" "--precision 3" "--format binary"; do
    args=(); [ "$format" = text ] || read -ra args <<<"$format"
    out=$( { /usr/bin/time -f "%e %M" "$curves" flatten --tolerance 0.25 "${args[@]}" < "$work/cubics$count.txt" | wc -c; } 2>&1 )
    bytes=$(echo "$out" | grep -v " ") ; read -r seconds kb <<<"$(echo "$out" | grep " ")"
    awk -v c=$count -v f="$format" -v b=$bytes -v s=$seconds -v k=$kb \
      'BEGIN { printf "| %d | %s | %.0f MB | %.2f s | %.0f MB/s | %d MB |\n", c, f, b / 1e6, s, b / 1e6 / s, k / 1024 }'
  done
done
