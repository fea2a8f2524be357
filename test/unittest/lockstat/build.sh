#!/bin/sh
# Builds the lockstat tests' workload into /tmp/dtrace-lockstat, with a
# link per mode (contend-pipe, contend-file, contend-dio, contend-rw).
set -e
mkdir -p /tmp/dtrace-lockstat
cc -O1 -pthread -o /tmp/dtrace-lockstat/contend unittest/lockstat/testdata/contend.c
for m in pipe file dio rw; do
	ln -sf contend /tmp/dtrace-lockstat/contend-$m
done
