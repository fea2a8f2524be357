#!/bin/sh
# Builds deep (and libdeep.so) into /tmp/dtrace-dwarf without frame
# pointers: their stacks unwind through .eh_frame alone.
set -e
d=$(dirname "$0")
mkdir -p /tmp/dtrace-dwarf
cc -O2 -fomit-frame-pointer -fPIC -shared -o /tmp/dtrace-dwarf/libdeep.so "$d/libdeep.c"
cc -O2 -fomit-frame-pointer -o /tmp/dtrace-dwarf/deep "$d/deep.c" -L/tmp/dtrace-dwarf -ldeep -Wl,-rpath,/tmp/dtrace-dwarf
