#!/bin/sh
# The -c command of tst.ustack-jit-exited.d: builds jitprog and becomes
# "jitprog wait", keeping the pid dtrace knows as $target.
set -e
mkdir -p /tmp/dtrace-stack
cc -O0 -fno-omit-frame-pointer -o /tmp/dtrace-stack/jitprog unittest/stack/testdata/jitprog.c
exec /tmp/dtrace-stack/jitprog wait
