#!/bin/sh
# How the command ended: a status other than 0, or a signal.
# dtrace itself (the binary that started this script), under its own name:
# its messages begin with the name it is run by.
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
ln -s /proc/$PPID/exe "$dir/dtrace"
DT=$dir/dtrace
for cmd in false unittest/proc/killself.sh; do
	out=$($DT -c $cmd -n 'BEGIN { printf("target=%d\n", $target); }' 2>&1)
	echo "status $?"
	t=$(echo "$out" | sed -n 's/.*target=\([0-9]*\).*/\1/p')
	echo "$out" | sed "s/\b$t\b/TARGET/g"
done
