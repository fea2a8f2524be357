#!/bin/sh
# The -c operand is split at blanks into the command's arguments.
DT=$DTRACE
$DT -q -c '/bin/echo one  two	three' -n 'BEGIN { }'
echo "status $?"
