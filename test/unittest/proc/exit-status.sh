#!/bin/sh
# How the command ended: a status other than 0, or a signal.
DT=$DTRACE
for cmd in false unittest/proc/killself.sh; do
	out=$($DT -c $cmd -n 'BEGIN { printf("target=%d\n", $target); }' 2>&1)
	echo "status $?"
	t=$(echo "$out" | sed -n 's/.*target=\([0-9]*\).*/\1/p')
	echo "$out" | sed "s/\b$t\b/TARGET/g"
done
