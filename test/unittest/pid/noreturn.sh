#!/bin/sh
# Functions without a return probe: _start, which the kernel enters
# without a call and which never returns, has no return instruction. -l
# and -lv say so, an exact description of it is an error, and a run warns
# once, in a line.
DT=$DTRACE
sh unittest/pid/build.sh
p=/tmp/dtrace-pid/pidprog
pidpid() { sed 's/pid[0-9][0-9]*/pidPID/g'; }
$DT -l -n 'pid$target:a.out:_start:' -c $p 2>&1 >/dev/null | pidpid
$DT -lv -n 'pid$target:a.out:_start:' -c $p 2>&1 >/dev/null | pidpid
$DT -l -n 'pid$target:a.out:_start:return' -c $p 2>&1 | pidpid
$DT -q -n 'pid$target:a.out:_st*:,pid$target:a.out:fn_neg:return { }' -c $p 2>&1 | pidpid
