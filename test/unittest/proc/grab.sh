#!/bin/sh
# dtrace -p: $target is the grabbed pid, tracing ends when it exits.
# dtrace itself (the binary that started this script), under its own name:
# its messages begin with the name it is run by.
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
ln -s /proc/$PPID/exe "$dir/dtrace"
DT=$dir/dtrace
sleep 0.5 &
p=$!
$DT -p $p -n 'BEGIN { printf("target=%d\n", $target); }' \
	-n 'syscall::exit_group:entry /pid == $target/ { printf("exiting\n"); }' 2>&1 | sed "s/\b$p\b/PID/g"
wait
