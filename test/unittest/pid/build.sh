#!/bin/sh
# Builds the pid provider's test programs into /tmp/dtrace-pid: pidprog
# (C, with a stripped copy), gorecurse (Go, with a stripped copy).
set -e
mkdir -p /tmp/dtrace-pid
cc -O1 -fno-omit-frame-pointer -o /tmp/dtrace-pid/pidprog unittest/pid/testdata/pidprog.c
case "$1" in
go)
	go build -o /tmp/dtrace-pid/gorecurse ./unittest/pid/testdata/gorecurse
	go build -ldflags=-s -o /tmp/dtrace-pid/gorecurse-stripped ./unittest/pid/testdata/gorecurse
	;;
esac
