#!/bin/sh
# A command that runs for a moment (tst.two-c.d).
sleep 0.3
