#!/bin/sh
# Wall time of a whole run that waits for the first event of a process
# started after tracing began, dtrace's pid*/python* against bpftrace's
# uprobe:/usdt: by path: start, attach, the first event of a process the
# loop starts every 20ms (each lives a few ms, so the one that fires is
# nearly always one started after the probes were attached), detach.
# Usage: bench/future.sh DTRACE [RUNS]
set -e
DT=${1:?dtrace binary}
RUNS=${2:-10}
LIBC=$(readlink -f /lib/x86_64-linux-gnu/libc.so.6)
PY=$(readlink -f /usr/bin/python3)
PYNAME=$(basename "$PY")
(while :; do ls / >/dev/null; sleep 0.02; done) &
L=$!
trap 'kill $L 2>/dev/null' EXIT
hyperfine -N -w 1 -r "$RUNS" \
	"$DT -q -n 'pid*:libc.so.6:malloc:entry /execname == \"ls\"/ { exit(0); }'" \
	"bpftrace -q -e 'uprobe:$LIBC:malloc /comm == \"ls\"/ { exit(); }'"
kill $L
(while :; do "$PY" -I -S -c pass; sleep 0.02; done) &
L=$!
hyperfine -N -w 1 -r "$RUNS" \
	"$DT -q -n 'python*:::function-entry /execname == \"$PYNAME\"/ { exit(0); }'" \
	"bpftrace -q -e 'usdt:$PY:python:function__entry /comm == \"$PYNAME\"/ { exit(); }'"
