#!/bin/sh
# A target for tst.stop.d: waits for a child for a while.
sleep 3
