#!/bin/sh
# A target for tst.raise.d: says whether SIGUSR1 came within 5 seconds.
trap 'echo target got SIGUSR1; exit 0' USR1
i=0
while [ $i -lt 50 ]; do
	sleep 0.1
	i=$((i + 1))
done
echo no signal
