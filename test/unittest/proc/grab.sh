#!/bin/sh
# dtrace -p: $target is the grabbed pid, tracing ends when it exits.
DT=$DTRACE
sleep 0.5 &
p=$!
$DT -p $p -n 'BEGIN { printf("target=%d\n", $target); }' \
	-n 'syscall::exit_group:entry /pid == $target/ { printf("exiting\n"); }' 2>&1 | sed "s/\b$p\b/PID/g"
wait
