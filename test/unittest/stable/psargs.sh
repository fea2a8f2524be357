#!/bin/sh
# tst.psargs.d's process: sleep with twenty arguments, in this process.
exec /bin/sleep 0.01 0.01 0.01 0.01 0.01 0.01 0.01 0.01 0.01 0.01 0.01 0.01 0.01 0.01 0.01 0.01 0.01 0.01 0.01 0.01
