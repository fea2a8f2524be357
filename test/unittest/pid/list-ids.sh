#!/bin/sh
# A pid probe's id under -l, and in the trace output, of a run with the
# same descriptions; and that it follows every listed probe.
DT=$DTRACE
sh unittest/pid/build.sh
desc='pid$target:a.out:fn_add3:entry'
listed=$($DT -l -n "$desc" -c /tmp/dtrace-pid/pidprog | awk 'NR == 2 { print $1 }')
traced=$($DT -q -n "$desc { printf(\"%d\", id); }" -c /tmp/dtrace-pid/pidprog)
last=$($DT -l | awk 'END { print $1 }')
if [ "$listed" = "$traced" ]; then echo "same id"; else echo "listed $listed, traced $traced"; fi
if [ "$listed" -eq $((last + 1)) ]; then echo "next id"; else echo "listed $listed after $last"; fi
