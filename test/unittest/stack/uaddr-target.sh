#!/bin/sh
# The -c command of tst.printf-A-target.d: builds ustackprog under a name
# of its own and becomes it, keeping the pid dtrace knows as $target.
set -e
mkdir -p /tmp/dtrace-stack
cc -O0 -fno-omit-frame-pointer -o /tmp/dtrace-stack/ustackprogA unittest/stack/testdata/ustackprog.c
exec /tmp/dtrace-stack/ustackprogA
