#!/bin/sh
# Builds the usdt tests' application into /tmp/dtrace-usdt/headers as an
# application's build does with DTrace: dtrace -h makes provider.h of
# testdata/provider.d, the sources include it, and dtrace -G, given the
# objects, makes provider.o to link with them. app is C, app-cxx C++.
set -e
D=/tmp/dtrace-usdt/headers
rm -rf $D
mkdir -p $D
cp unittest/usdt/testdata/provider.d unittest/usdt/testdata/app.c unittest/usdt/testdata/app.cc $D
cd $D
$DTRACE -h -s provider.d
cc -Wall -Wextra -Werror -O2 -c app.c
c++ -Wall -Wextra -Werror -O2 -c app.cc -o app-cxx.o
$DTRACE -G -s provider.d app.o app-cxx.o
cc -o app app.o provider.o
c++ -o app-cxx app-cxx.o provider.o
