#!/bin/sh
# A command still running when tracing ends is killed, as DTrace kills the
# processes it created.
DT=$DTRACE
t=$($DT -q -c 'sleep 30' -n 'BEGIN { printf("%d\n", $target); exit(0); }')
echo "status $?"
if kill -0 $t 2>/dev/null; then echo "target alive"; else echo "target gone"; fi
