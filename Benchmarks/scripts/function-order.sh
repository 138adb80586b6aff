#!/usr/bin/env bash
# Writes the order `curves`'s functions are laid out in (Packaging/curves-function-order.txt,
# which the Makefile hands the linker): every function a handful of renders runs, those most
# of them run first. A drawing then touches a few megabytes of code instead of pages spread
# over the whole 18 MB text, and each page the kernel faults in brings its neighbours, which
# are then code the render runs too (docs/performance.md, Start-up).
#   usage: function-order.sh CURVES_BINARY [OUT]   (a release build of `curves`: `make release`)
# Needs valgrind (callgrind) and the Inkscape examples (`make bench` fetches them).
set -euo pipefail
binary=$1
out=${2:-Packaging/curves-function-order.txt}
examples=.build/fixtures/inkscape-examples
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
strip -g -o "$work/curves" "$binary"  # callgrind cannot read Swift's debug information
renders=(
  "/usr/share/icons/breeze/apps/48/accessories-calculator.svg --size 128x128"
  "$examples/tiger.svgz --size 512x512"
  "$examples/markers.svg --width 300"
  "$examples/filters.svg --width 300"
  "$examples/blend_modes.svg --width 300"
  "$examples/gradient.svg --width 300"
  "$examples/text-on-path.svg --width 300"
)
for index in "${!renders[@]}"; do
  # shellcheck disable=SC2086
  valgrind --tool=callgrind --demangle=no --callgrind-out-file="$work/profile.$index" \
    "$work/curves" render ${renders[$index]} --drawing-only -o "$work/drawing.png" >/dev/null 2>&1
  callgrind_annotate --threshold=100 "$work/profile.$index" | grep -F "[$work/curves]" \
    | sed -E "s/^ *[0-9,]+ \([ 0-9.]+%\)  \?\?\?:([^ ]+) .*/\1/; s/'[0-9]+$//" | sort -u > "$work/functions.$index"
done
# Each function once, those in the most renders first; a name is its section's (-function-sections).
# A function with no symbol (callgrind names it by its address) is one of the compiler's local
# ones (`.text..Lobjectdestroy`, `.text..L__unnamed_1`: a class's destroyer, an outlined copy),
# whose section has the same name in every object file: all of them are placed, after the rest
# (15 KB in all).
cat "$work"/functions.* | grep -v '^0x' | sort | uniq -c | sort -k1,1nr -k2 | awk '{print ".text." $2}' > "$out"
printf '%s\n' '.text..Lobjectdestroy*' '.text..L__unnamed_*' >> "$out"
echo "function-order.sh: $(wc -l < "$out") functions in $out"
