#!/bin/sh
# Two -c: a notice for each; $target is the first.
DT=$DTRACE
out=$($DT -c 'sleep 0.1' -c 'sleep 0.3' -n 'BEGIN { printf("target=%d\n", $target); }' 2>&1)
echo "status $?"
t=$(echo "$out" | sed -n 's/.*target=\([0-9]*\).*/\1/p')
echo "$out" | sed -e "s/\b$t\b/FIRST/g" -e 's/pid [0-9][0-9]* has/pid SECOND has/'
