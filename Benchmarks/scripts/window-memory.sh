#!/usr/bin/env bash
# Peak memory (VmHWM) of the editor window with a document open: after it shows, then
# after ten wheel zooms in and out and ten clicks (each redraws the static layer). Run it
# under xvfb-run.
#   usage: window-memory.sh CURVES_BINARY DOCUMENT
set -euo pipefail
binary=$1 document=$2
work=$(mktemp -d)
trap 'kill $pid 2>/dev/null && wait $pid 2>/dev/null || true; rm -rf "$work"' EXIT
cp "$document" "$work/document.json"
XDG_DATA_HOME=$work "$binary" edit "$work/document.json" --size 1280x800 >/dev/null 2>&1 &
pid=$!
window=$(xdotool search --sync --onlyvisible --name 'Curves$' | head -1)
sleep 3
eval "$(xdotool getwindowgeometry --shell "$window")"
peak() { awk '/VmHWM/ { printf "%d MB", $2 / 1024 }' /proc/$pid/status; }
opened=$(peak)
for i in $(seq 1 10); do
  xdotool mousemove $((X + 300 + i * 10)) $((Y + 300)) click $((4 + i % 2))
  sleep 1
  xdotool mousemove $((X + 100 + i * 40)) $((Y + 120)) click 1
  sleep 1
done
echo "window with $(basename "$document"): peak RSS $opened once shown, $(peak) after 10 zooms and 10 clicks"
