#!/bin/sh
# dtrace -p of a process that runs already: its pid probes, listed and
# traced.
DT=$DTRACE
sh unittest/pid/build.sh
/tmp/dtrace-pid/pidprog loop &
p=$!
$DT -l -p $p -n 'pid$target:a.out:fn_add3:entry' -n 'pid$target:a.out:fn_add3:return' | awk '{ print $2, $3, $4, $5 }' | sed "s/pid$p\b/pidPID/"
$DT -q -p $p -n 'pid$target:a.out:fn_add3:entry /!e/ { e = 1; printf("%s:%s %d %d %d\n", probefunc, probename, arg0, arg1, arg2); }' \
	-n 'pid$target:a.out:fn_add3:return { printf("%s:%s %d\n", probefunc, probename, arg1); exit(0); }'
kill $p
wait
