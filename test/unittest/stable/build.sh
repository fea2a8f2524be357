#!/bin/sh
# Builds the stable providers' workload into /tmp/dtrace-stable, with a
# link per mode (stablework-proc, stablework-sleep, stablework-io).
set -e
mkdir -p /tmp/dtrace-stable
cc -O1 -pthread -o /tmp/dtrace-stable/stablework unittest/stable/testdata/stablework.c
for m in proc sleep io; do
	ln -sf stablework /tmp/dtrace-stable/stablework-$m
done
