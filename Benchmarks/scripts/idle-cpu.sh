#!/bin/bash
# Idle CPU of the editor window: opens it under Xvfb, waits for it to settle, then reads the
# process's CPU time (user + system, /proc/PID/stat) over a quiet interval.
#   usage: idle-cpu.sh CURVES_BINARY [SECONDS]      (run it under xvfb-run)
set -euo pipefail
binary=$1 seconds=${2:-10}
work=$(mktemp -d)
trap 'kill $pid 2>/dev/null && wait $pid 2>/dev/null || true; rm -rf "$work"' EXIT
XDG_DATA_HOME=$work "$binary" edit "$work/idle.json" &
pid=$!
xdotool search --sync --name 'Curves$' >/dev/null
sleep 2
ticks() { awk '{print $14 + $15}' /proc/$pid/stat; }
hz=$(getconf CLK_TCK)
before=$(ticks); sleep "$seconds"; after=$(ticks)
awk -v t=$((after - before)) -v hz="$hz" -v s="$seconds" \
  'BEGIN { printf "idle CPU over %d s: %.2f%% of one core (%d ticks of 1/%d s)\n", s, 100 * t / hz / s, t, hz }'
