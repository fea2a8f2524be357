#!/bin/sh
# The -c operand is split at blanks into the command's arguments.
# dtrace itself (the binary that started this script), under its own name:
# its messages begin with the name it is run by.
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
ln -s /proc/$PPID/exe "$dir/dtrace"
DT=$dir/dtrace
$DT -q -c '/bin/echo one  two	three' -n 'BEGIN { }'
echo "status $?"
