#!/usr/bin/env bash
# tools/idle-cpu.sh BIN SECONDS [ARGS...]: CPU seconds the TUI uses while it sits at the table untouched.
# One instance of a build at a time: the process is found by its path (pgrep -n -f "^BIN").
set -euo pipefail
bin=$1; secs=$2; shift 2
home=$(mktemp -d); name=idle$$
tmux new -d -s $name -x 100 -y 32 "HOME=$home $bin $*"
sleep 4
pid=$(pgrep -n -f "^$bin")
tick=$(getconf CLK_TCK)
read -r u0 s0 < <(awk '{print $14, $15}' /proc/$pid/stat)
sleep "$secs"
read -r u1 s1 < <(awk '{print $14, $15}' /proc/$pid/stat)
tmux kill-session -t $name; [ -n "${IDLE_HOME:-}" ] || rm -rf "$home"
echo "$bin $*: $(( (u1-u0) + (s1-s0) )) ticks of 1/$tick s in $secs s idle"
