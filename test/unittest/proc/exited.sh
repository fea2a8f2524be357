#!/bin/sh
# dtrace -c: tracing ends when the command exits, with "dtrace: pid N has
# exited" where N is $target.
# dtrace itself (the binary that started this script), under its own name:
# its messages begin with the name it is run by.
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
ln -s /proc/$PPID/exe "$dir/dtrace"
DT=$dir/dtrace
out=$($DT -c 'sleep 0.1' -n 'BEGIN { printf("target=%d\n", $target); }' \
	-n 'syscall::exit_group:entry /pid == $target/ { printf("exiting\n"); }' 2>&1)
echo "status $?"
t=$(echo "$out" | sed -n 's/.*target=\([0-9]*\).*/\1/p')
echo "$out" | sed "s/\b$t\b/TARGET/g"
