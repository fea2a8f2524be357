#!/bin/sh
# A command still running when tracing ends is killed, as DTrace kills the
# processes it created.
# dtrace itself (the binary that started this script), under its own name:
# its messages begin with the name it is run by.
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
ln -s /proc/$PPID/exe "$dir/dtrace"
DT=$dir/dtrace
t=$($DT -q -c 'sleep 30' -n 'BEGIN { printf("%d\n", $target); exit(0); }')
echo "status $?"
if kill -0 $t 2>/dev/null; then echo "target alive"; else echo "target gone"; fi
