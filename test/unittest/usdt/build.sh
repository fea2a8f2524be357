#!/bin/sh
# Builds the usdt provider's test programs into /tmp/dtrace-usdt: usdtprog
# (C, <sys/sdt.h> from systemtap-sdt-dev: .ci/run extracts it) and throw
# (C++).
set -e
mkdir -p /tmp/dtrace-usdt
cc -O2 -o /tmp/dtrace-usdt/usdtprog unittest/usdt/testdata/usdtprog.c
case "$1" in
c++) g++ -O1 -o /tmp/dtrace-usdt/throw unittest/usdt/testdata/throw.cc ;;
esac
