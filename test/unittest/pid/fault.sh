#!/bin/sh
# A pid probe's clause reading a user address that cannot be read faults
# as any clause does: DTrace's error, and tracing goes on.
DT=$DTRACE
sh unittest/pid/build.sh
$DT -q -c '/tmp/dtrace-pid/pidprog 1 bad' \
	-n 'pid$target:a.out:fn_bad:entry { trace(copyinstr(arg0)); }' \
	-n 'pid$target:a.out:fn_bad:return { printf("fn_bad returned %d\n", arg1); }' 2>&1 |
	sed -E 's/probe ID [0-9]+ \(pid[0-9]+:/probe ID ID (pidPID:/'
