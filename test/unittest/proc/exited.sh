#!/bin/sh
# dtrace -c: tracing ends when the command exits, with "dtrace: pid N has
# exited" where N is $target.
DT=$DTRACE
out=$($DT -c 'sleep 0.1' -n 'BEGIN { printf("target=%d\n", $target); }' \
	-n 'syscall::exit_group:entry /pid == $target/ { printf("exiting\n"); }' 2>&1)
echo "status $?"
t=$(echo "$out" | sed -n 's/.*target=\([0-9]*\).*/\1/p')
echo "$out" | sed "s/\b$t\b/TARGET/g"
